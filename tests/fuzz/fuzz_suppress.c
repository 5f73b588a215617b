/*
 * fuzz_suppress.c - libFuzzer harness for the suppressions: the ignore-
 * comment parser (suppress_parse_line), the per-file comment scan built on
 * it (source_comments_scan/_match) and the --suppress file reader
 * (suppress_set_load), all in analyzer/findings.
 *
 * fuzz-layers: util
 * fuzz-sources: findings/suppress_parse.c findings/suppress.c
 *
 * Each input is used three ways: as one source line (an exact-size copy
 * with no NUL after it, so ASan sees any read past len), as a whole source
 * file, and as a suppression file.  Besides crashes, leaks and undefined
 * behaviour, the harness checks what findings.h promises and aborts when
 * a promise is broken:
 *
 *   - the result is -1, 0 or 1; the spans lie inside the line; "col" is
 *     where "mmiocheck:" is, right after a comment opener and blanks;
 *   - on 1: 1..SUPPRESS_MAX_RULES rule ids, each a non-empty run of
 *     [A-Za-z0-9_-], in order, before the reason; the reason has no
 *     blank at either end;
 *   - the parse is pure: the same line parses the same, and a neutral
 *     prefix ("x ") shifts every offset and changes nothing else;
 *   - scanned comments own NUL-terminated copies equal to those spans (a
 *     malformed one has no rules and reason ""), and a finding on the
 *     comment's line with its first rule is matched;
 *   - a loaded suppression file has entries that are a 16-hex-digit
 *     fingerprint or non-empty RULE, FILE, FUNCTION, a reason without
 *     blanks at its ends and an origin "PATH:LINE"; a refusal is
 *     "PATH:LINE: reason".
 */
#include "findings/findings.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char input_path[] = "/tmp/mc-fuzz-suppress-XXXXXX.txt";

#define PROMISE(cond, what) do { if (!(cond)) broken(what, __LINE__); } while (0)

static void broken(const char *what, int line)
{
	fprintf(stderr, "fuzz_suppress.c:%d: broken promise: %s\n", line, what);
	abort();
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

static bool is_rule_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
	       c == '-';
}

/* Is text[col] preceded by a comment opener and only blanks after it? */
static bool after_opener(const char *text, size_t col)
{
	size_t k = col;

	while (k > 0 && is_blank(text[k - 1]))
		k--;
	return k >= 2 && text[k - 2] == '/' && (text[k - 1] == '/' || text[k - 1] == '*');
}

/* The promises of one suppress_parse_line result on text[0..len). */
static void check_parse(const char *text, size_t len, int rc, const struct suppression *s)
{
	PROMISE(rc >= -1 && rc <= 1, "result is -1, 0 or 1");
	if (rc == 0) {
		PROMISE(s->nrules == 0, "0: no rules");
		return;
	}
	PROMISE(s->col + 10 <= len && !memcmp(text + s->col, "mmiocheck:", 10), "col is at mmiocheck:");
	PROMISE(after_opener(text, s->col), "the marker starts a comment");
	if (rc < 0)
		return;
	PROMISE(s->nrules >= 1 && s->nrules <= SUPPRESS_MAX_RULES, "1..SUPPRESS_MAX_RULES rules");
	size_t prev_end = s->col + 10;
	for (int i = 0; i < s->nrules; i++) {
		const struct suppress_span *r = &s->rules[i];
		PROMISE(r->len > 0 && r->off >= prev_end && r->off + r->len <= len, "rule span in order, in the line");
		for (size_t k = 0; k < r->len; k++)
			PROMISE(is_rule_char(text[r->off + k]), "rule id is [A-Za-z0-9_-]+");
		prev_end = r->off + r->len;
	}
	PROMISE(s->reason.off >= prev_end && s->reason.off + s->reason.len <= len, "reason after the rules");
	if (s->reason.len) {
		PROMISE(!is_blank(text[s->reason.off]), "reason has no leading blank");
		PROMISE(!is_blank(text[s->reason.off + s->reason.len - 1]), "reason has no trailing blank");
	}
}

/* The line as given, then again (pure), then behind a neutral prefix. */
static void fuzz_line(const uint8_t *data, size_t size)
{
	char *line = malloc(size ? size : 1), *shifted = malloc(size + 2);
	struct suppression a, b, c;

	memcpy(line, data, size);
	int rc = suppress_parse_line(line, size, &a);
	check_parse(line, size, rc, &a);
	PROMISE(suppress_parse_line(line, size, &b) == rc && !memcmp(&a, &b, sizeof(a)), "the parse is pure");
	memcpy(shifted, "x ", 2);
	memcpy(shifted + 2, data, size);
	PROMISE(suppress_parse_line(shifted, size + 2, &c) == rc, "a neutral prefix keeps the result");
	if (rc != 0) {
		PROMISE(c.col == a.col + 2 && c.nrules == a.nrules, "a neutral prefix shifts col");
		for (int i = 0; rc > 0 && i < a.nrules; i++)
			PROMISE(c.rules[i].off == a.rules[i].off + 2 && c.rules[i].len == a.rules[i].len,
				"a neutral prefix shifts the rules");
		PROMISE(rc < 0 || (c.reason.off == a.reason.off + 2 && c.reason.len == a.reason.len),
			"a neutral prefix shifts the reason");
	}
	free(line);
	free(shifted);
}

/* Start of line number `lineno` (1-based) of text[0..len). */
static const char *line_start(const char *text, size_t len, unsigned lineno, size_t *n)
{
	const char *p = text, *end = text + len;

	for (unsigned k = 1; k < lineno; k++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		PROMISE(nl != NULL, "comment line exists");
		p = nl + 1;
	}
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	*n = nl ? (size_t)(nl - p) : (size_t)(end - p);
	return p;
}

/* The whole input as a source file: owned strings equal the spans. */
static void fuzz_file(const uint8_t *data, size_t size)
{
	struct source_comments sc = { VEC_INIT };
	char *text = malloc(size ? size : 1);

	memcpy(text, data, size);
	source_comments_scan(&sc, text, size);
	for (size_t i = 0; i < sc.comments.n; i++) {
		struct ignore_comment *c = &sc.comments.v[i];
		struct suppression s;
		size_t n;
		const char *line = line_start(text, size, c->line, &n);
		int rc = suppress_parse_line(line, n, &s);
		PROMISE(rc != 0 && c->malformed == (rc < 0) && c->col == s.col + 1, "comment = its line's parse");
		PROMISE(c->reason != NULL, "reason is a string");
		if (c->malformed) {
			PROMISE(c->nrules == 0 && !*c->reason, "malformed: no rules, reason \"\"");
			continue;
		}
		PROMISE(c->nrules == s.nrules, "every rule kept");
		for (int k = 0; k < c->nrules; k++)
			PROMISE(strlen(c->rules[k]) == s.rules[k].len &&
				!memcmp(c->rules[k], line + s.rules[k].off, s.rules[k].len), "rule copy is exact");
		PROMISE(strlen(c->reason) == s.reason.len && !memcmp(c->reason, line + s.reason.off, s.reason.len),
			"reason copy is exact and NUL-terminated");
		struct mc_finding f = { 0 };
		f.rule = c->rules[0];
		f.line = c->line;
		PROMISE(source_comments_match(&sc, &f) != NULL, "a finding on the line is matched");
	}
	source_comments_release(&sc);
	free(text);
}

/* Write the input to our private file (created on the first call). */
static void write_input(const uint8_t *data, size_t size)
{
	static int fd = -1;

	if (fd < 0) {
		fd = mkstemps(input_path, 4);
		if (fd < 0) {
			perror("mkstemps");
			abort();
		}
	}
	if (ftruncate(fd, 0) < 0 || pwrite(fd, data, size, 0) != (ssize_t)size) {
		perror(input_path);
		abort();
	}
}

/* Is s "PATH:N" or "PATH:N: ..." with N a line number (>= 1)? */
static bool names_line(const char *s, bool reason)
{
	size_t plen = strlen(input_path);

	if (strncmp(s, input_path, plen) || s[plen] != ':' || s[plen + 1] < '1' || s[plen + 1] > '9')
		return false;
	s += plen + 1;
	while (*s >= '0' && *s <= '9')
		s++;
	return reason ? s[0] == ':' && s[1] == ' ' && s[2] : !*s;
}

static bool nonempty(const char *s)
{
	return s && *s;
}

/* The whole input as a --suppress file. */
static void fuzz_suppress_file(const uint8_t *data, size_t size)
{
	struct suppress_set set = { VEC_INIT };
	struct strbuf err = STRBUF_INIT;

	write_input(data, size);
	if (suppress_set_load(&set, input_path, &err) < 0) {
		PROMISE(names_line(err.buf, true), "a refusal is PATH:LINE: reason");
	} else {
		for (size_t i = 0; i < set.entries.n; i++) {
			struct suppress_entry *e = &set.entries.v[i];
			PROMISE(e->fingerprint ? strlen(e->fingerprint) == 16 && !e->rule
					       : nonempty(e->rule) && nonempty(e->file) && nonempty(e->function),
				"an entry is a fingerprint or RULE:FILE:FUNCTION");
			PROMISE(!e->rule || !strchr(e->rule, ':'), "RULE has no ':'");
			PROMISE(e->reason && (!*e->reason || (!is_blank(e->reason[0]) &&
							      !is_blank(e->reason[strlen(e->reason) - 1]))),
				"reason has no blank at its ends");
			PROMISE(names_line(e->origin, false), "origin is PATH:LINE");
		}
	}
	suppress_set_release(&set);
	strbuf_release(&err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_line(data, size);
	fuzz_file(data, size);
	fuzz_suppress_file(data, size);
	return 0;
}
