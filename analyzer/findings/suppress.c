/*
 * suppress.c - the suppression file (--suppress FILE) and matching
 * findings against it and against the ignore comments of a source file.
 */
#include "findings.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Blanks separate the key from the reason and are trimmed at both ends
 * (a CR of a CRLF file, a stray form feed: never part of a key or reason). */
static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_hex16(const char *s, size_t n)
{
	if (n != 16)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return false;
	return true;
}

/* Parse one non-comment line of a suppression file into e; -1 with the
 * reason in err. */
static int parse_entry(const char *line, size_t len, struct suppress_entry *e, struct strbuf *err)
{
	size_t k = 0;

	while (k < len && !is_blank(line[k]))
		k++;
	const char *key = line;
	size_t keylen = k;
	while (k < len && is_blank(line[k]))
		k++;
	e->reason = xstrndup(line + k, len - k);
	if (is_hex16(key, keylen)) {
		e->fingerprint = xstrndup(key, keylen);
		return 0;
	}
	const char *c1 = memchr(key, ':', keylen);
	const char *c2 = NULL;
	for (const char *p = key + keylen; p > key && !c2; p--)
		if (p[-1] == ':')
			c2 = p - 1;
	if (!c1 || c2 == c1 || c1 == key || c2 + 1 == key + keylen || c2 == c1 + 1) {
		strbuf_addf(err, "expected a 16-hex-digit fingerprint or RULE:FILE:FUNCTION, got '%.*s'",
			    (int)keylen, key);
		free(e->reason);
		e->reason = NULL;
		return -1;
	}
	e->rule = xstrndup(key, (size_t)(c1 - key));
	e->file = xstrndup(c1 + 1, (size_t)(c2 - c1 - 1));
	e->function = xstrndup(c2 + 1, (size_t)(key + keylen - c2 - 1));
	return 0;
}

int suppress_set_load(struct suppress_set *s, const char *path, struct strbuf *err)
{
	struct strbuf text = STRBUF_INIT, why = STRBUF_INIT;
	unsigned lineno = 0;

	if (read_regular_file(&text, path, SUPPRESS_FILE_CAP, "a suppression file", &why) < 0) {
		strbuf_addf(err, "%s: %s", path, why.buf);
		strbuf_release(&why);
		strbuf_release(&text);
		return -1;
	}
	for (const char *p = text.buf, *end = text.buf + text.len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		struct suppress_entry e;
		struct strbuf bad_entry = STRBUF_INIT;
		lineno++;
		if (memchr(p, '\0', len)) {
			strbuf_addf(err, "%s:%u: NUL byte in a suppression file", path, lineno);
			strbuf_release(&text);
			return -1;
		}
		while (len && is_blank(p[len - 1]))
			len--;
		while (len && is_blank(*p))
			p++, len--;
		if (len && *p != '#') {
			memset(&e, 0, sizeof(e));
			strbuf_init(&bad_entry);
			if (parse_entry(p, len, &e, &bad_entry) < 0) {
				strbuf_addf(err, "%s:%u: %s", path, lineno, bad_entry.buf);
				strbuf_release(&bad_entry);
				strbuf_release(&text);
				return -1;
			}
			strbuf_release(&bad_entry);
			e.origin = xasprintf("%s:%u", path, lineno);
			e.line = lineno;
			VEC_PUSH(s->entries, e);
		}
		p += len;
		while (p < end && *p != '\n')
			p++;
		p++;
	}
	strbuf_release(&text);
	return 0;
}

void suppress_set_release(struct suppress_set *s)
{
	for (size_t i = 0; i < s->entries.n; i++) {
		struct suppress_entry *e = &s->entries.v[i];
		free(e->fingerprint);
		free(e->rule);
		free(e->file);
		free(e->function);
		free(e->reason);
		free(e->origin);
	}
	VEC_FREE(s->entries);
}

static bool eq(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

struct suppress_entry *suppress_set_match(struct suppress_set *s, const struct mc_finding *f)
{
	for (size_t i = 0; i < s->entries.n; i++) {
		struct suppress_entry *e = &s->entries.v[i];
		if (e->fingerprint ? !strcmp(e->fingerprint, f->fingerprint)
				   : eq(e->rule, f->rule) && eq(e->file, f->file) && eq(e->function, f->function))
			return e;
	}
	return NULL;
}

void source_comments_scan(struct source_comments *sc, const char *text, size_t len)
{
	unsigned lineno = 0;

	for (const char *p = text, *end = text + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		struct suppression s;
		int rc = suppress_parse_line(p, n, &s);
		lineno++;
		if (rc != 0) {
			struct ignore_comment c;
			memset(&c, 0, sizeof(c));
			c.line = lineno;
			c.col = (unsigned)s.col + 1;
			c.malformed = rc < 0;
			for (int i = 0; rc > 0 && i < s.nrules; i++)
				c.rules[c.nrules++] = xstrndup(p + s.rules[i].off, s.rules[i].len);
			c.reason = rc > 0 ? xstrndup(p + s.reason.off, s.reason.len) : xstrdup("");
			VEC_PUSH(sc->comments, c);
		}
		p += n + 1;
	}
}

struct ignore_comment *source_comments_match(struct source_comments *sc, const struct mc_finding *f)
{
	for (size_t i = 0; i < sc->comments.n; i++) {
		struct ignore_comment *c = &sc->comments.v[i];
		if (c->malformed || (c->line != f->line && c->line + 1 != f->line))
			continue;
		for (int k = 0; k < c->nrules; k++)
			if (eq(c->rules[k], f->rule))
				return c;
	}
	return NULL;
}

void source_comments_release(struct source_comments *sc)
{
	for (size_t i = 0; i < sc->comments.n; i++) {
		for (int k = 0; k < sc->comments.v[i].nrules; k++)
			free(sc->comments.v[i].rules[k]);
		free(sc->comments.v[i].reason);
	}
	VEC_FREE(sc->comments);
}
