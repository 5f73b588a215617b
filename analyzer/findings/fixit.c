/*
 * fixit.c - fix-its (line ranges to delete: the redundant mmiowb()
 * statements of MMIO003) as a unified diff or a new file text, for
 * `mmiocheck fix` (mc_fix_file).
 *
 * A deletion also takes the comment lines directly above it that only
 * explain the barrier (a comment-only block naming mmiowb, a barrier,
 * ordering or flushing), as the 2019 series did.  A range whose lines hold
 * more than the statement, or whose statement is the body of a brace-less
 * if/else/for/while, is skipped with a note: deleting it would change the
 * code around it.
 */
#include "findings.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CONTEXT 3

/* The file split into lines (pointers into text; no line holds its '\n'). */
struct lines {
	VEC(struct { const char *s; size_t len; }) v;
	bool final_newline;	/* the last line ends with '\n' */
};

static void split_lines(const char *text, size_t len, struct lines *out)
{
	const char *p = text, *end = text + len;

	memset(out, 0, sizeof(*out));
	out->final_newline = len == 0 || text[len - 1] == '\n';
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		VEC_GROW(out->v, out->v.n + 1);
		out->v.v[out->v.n].s = p;
		out->v.v[out->v.n++].len = n;
		p += n + 1;
	}
}

/* Line i (1-based) without leading and trailing blanks, as [*s, *s+*n). */
static void trimmed(const struct lines *l, unsigned i, const char **s, size_t *n)
{
	const char *p = l->v.v[i - 1].s;
	size_t len = l->v.v[i - 1].len;

	while (len && isspace((unsigned char)*p))
		p++, len--;
	while (len && isspace((unsigned char)p[len - 1]))
		len--;
	*s = p;
	*n = len;
}

static bool has_word(const char *s, size_t n, const char *word)
{
	size_t w = strlen(word);

	for (size_t i = 0; i + w <= n; i++)
		if (!strncasecmp(s + i, word, w))
			return true;
	return false;
}

/* Is line i a comment-only line ("/ * ... * /", "// ...", "* ..." inside a block)? */
static bool comment_only(const struct lines *l, unsigned i)
{
	const char *s;
	size_t n;

	trimmed(l, i, &s, &n);
	return n >= 2 && ((s[0] == '/' && (s[1] == '*' || s[1] == '/')) || s[0] == '*');
}

/* The comment-only block that ends on line i, if it explains a barrier:
 * returns its first line, or 0. */
static unsigned explaining_comment(const struct lines *l, unsigned i)
{
	unsigned first = i;
	bool about = false;

	while (first >= 1 && comment_only(l, first))
		first--;
	first++;
	if (first > i)
		return 0;
	for (unsigned k = first; k <= i; k++) {
		const char *s;
		size_t n;
		trimmed(l, k, &s, &n);
		about |= has_word(s, n, "mmiowb") || has_word(s, n, "barrier") || has_word(s, n, "order") ||
			 has_word(s, n, "flush") || has_word(s, n, "sync");
	}
	/* The block must start a comment, not be the tail of a code line's one. */
	const char *s0;
	size_t n0;
	trimmed(l, first, &s0, &n0);
	return about && s0[0] == '/' ? first : 0;
}

/* Why deleting r would change the code around it, or NULL if it is safe:
 * the range must be exactly one "mmiowb();" (plus a trailing comment), and
 * not the lone body of a brace-less control statement. */
static const char *unsafe_reason(const struct lines *l, struct mc_fix_range r)
{
	const char *s;
	size_t n;
	unsigned prev;

	if (r.first < 1 || r.last < r.first || r.last > l->v.n)
		return "the lines are not in the file";
	if (r.first != r.last)
		return "the statement spans several lines";
	trimmed(l, r.first, &s, &n);
	if (n < 9 || strncmp(s, "mmiowb();", 9))
		return "the line holds more than the mmiowb() statement";
	if (n > 9) {
		const char *rest = s + 9;
		while (*rest == ' ' || *rest == '\t')
			rest++;
		if (strncmp(rest, "/*", 2) && strncmp(rest, "//", 2))
			return "the line holds more than the mmiowb() statement";
	}
	for (prev = r.first - 1; prev >= 1; prev--) {
		trimmed(l, prev, &s, &n);
		if (n && !comment_only(l, prev))
			break;
	}
	if (prev >= 1 && s[n - 1] != ';' && s[n - 1] != '{' && s[n - 1] != '}' && s[n - 1] != ':' &&
	    (s[n - 1] == ')' || (n >= 4 && !strncmp(s + n - 4, "else", 4)) || (n == 2 && !strncmp(s, "do", 2))))
		return "it is the body of a control statement without braces";
	return NULL;
}

/* Mark the lines to delete; returns how many statements are removed. */
static int mark_deletions(const struct mc_fix_file *ff, const struct lines *l, bool *del)
{
	int removed = 0;

	for (size_t i = 0; i < ff->nranges; i++) {
		struct mc_fix_range r = ff->ranges[i];
		const char *why = unsafe_reason(l, r);
		bool seen = false;	/* the same range under another model */
		for (size_t k = 0; k < i && !seen; k++)
			seen = ff->ranges[k].first == r.first && ff->ranges[k].last == r.last;
		if (seen)
			continue;
		if (why) {
			mc_eprintf("%s:%u: note: fix-it skipped: %s [mmiocheck-fix]\n", ff->shown, r.first, why);
			continue;
		}
		unsigned c = r.first > 1 ? explaining_comment(l, r.first - 1) : 0;
		for (unsigned k = c ? c : r.first; k <= r.last; k++)
			del[k] = true;
		removed++;
	}
	return removed;
}

static void add_line(struct strbuf *sb, char tag, const struct lines *l, unsigned i)
{
	strbuf_addch(sb, tag);
	strbuf_add(sb, l->v.v[i - 1].s, l->v.v[i - 1].len);
	strbuf_addch(sb, '\n');
	if (i == l->v.n && !l->final_newline)
		strbuf_adds(sb, "\\ No newline at end of file\n");
}

/* One hunk covering old lines [from, to] (1-based, inclusive). */
static void add_hunk(struct strbuf *sb, const struct lines *l, const bool *del, unsigned from, unsigned to,
		     unsigned *shift)
{
	unsigned nold = to - from + 1, nnew = 0;

	for (unsigned k = from; k <= to; k++)
		nnew += !del[k];
	strbuf_addf(sb, "@@ -%u,%u +%u,%u @@\n", from, nold, nnew ? from - *shift : from - *shift - 1, nnew);
	for (unsigned k = from; k <= to; k++)
		add_line(sb, del[k] ? '-' : ' ', l, k);
	*shift += nold - nnew;
}

/* The unified diff of deleting the marked lines. */
static void make_diff(const struct mc_fix_file *ff, const struct lines *l, const bool *del, struct strbuf *sb)
{
	unsigned n = (unsigned)l->v.n, shift = 0;

	strbuf_addf(sb, "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n", ff->shown, ff->shown, ff->shown, ff->shown);
	for (unsigned i = 1; i <= n;) {
		if (!del[i]) {
			i++;
			continue;
		}
		unsigned from = i > CONTEXT ? i - CONTEXT : 1, to = i;
		/* Extend while another deletion starts within 2*CONTEXT lines. */
		for (unsigned k = i; k <= n && k <= to + 2 * CONTEXT; k++)
			if (del[k])
				to = k;
		unsigned end = to + CONTEXT <= n ? to + CONTEXT : n;
		add_hunk(sb, l, del, from, end, &shift);
		i = end + 1;
	}
}

/* Delete the marked lines of l from the text into new_text. */
static void keep_lines(const struct lines *l, const bool *del, struct strbuf *new_text)
{
	for (unsigned k = 1; k <= l->v.n; k++)
		if (!del[k]) {
			strbuf_add(new_text, l->v.v[k - 1].s, l->v.v[k - 1].len);
			if (k < l->v.n || l->final_newline)
				strbuf_addch(new_text, '\n');
		}
}

/* Is the file's content still what was analyzed?  If not, the reason in err. */
static void check_hash(const struct mc_fix_file *ff, const struct strbuf *text, struct strbuf *err)
{
	char now[17];

	if (!ff->expect_hash)
		return;
	snprintf(now, sizeof(now), "%016llx",
		 (unsigned long long)hash_bytes(text->buf ? text->buf : "", text->len, HASH_SEED));
	if (strcmp(now, ff->expect_hash))
		strbuf_addf(err, "%s: changed since the analysis (content hash %s, now %s); "
			    "re-run mmiocheck on it first", ff->path, ff->expect_hash, now);
}

int mc_fix_file(const struct mc_fix_file *ff, struct mc_fix_output *out, char **err)
{
	struct strbuf text = STRBUF_INIT, why = STRBUF_INIT, msg = STRBUF_INIT, sb = STRBUF_INIT;
	struct lines l;
	bool *del;
	int removed;

	memset(out, 0, sizeof(*out));
	strbuf_init(&msg);
	if (read_regular_file(&text, ff->path, READ_FILE_DEFAULT_CAP, "a source file", &why) < 0)
		strbuf_addf(&msg, "%s: %s", ff->path, why.buf);
	else
		check_hash(ff, &text, &msg);
	strbuf_release(&why);
	if (msg.len) {
		findings_set_error(err, &msg);
		strbuf_release(&msg);
		strbuf_release(&text);
		return -1;
	}
	strbuf_release(&msg);
	split_lines(text.buf ? text.buf : "", text.len, &l);
	del = xcalloc(l.v.n + 2, sizeof(*del));
	removed = mark_deletions(ff, &l, del);
	strbuf_init(&sb);
	if (removed)
		make_diff(ff, &l, del, &sb);
	out->diff_len = sb.len;
	out->diff = strbuf_detach(&sb);
	strbuf_init(&sb);
	keep_lines(&l, del, &sb);
	out->text_len = sb.len;
	out->text = strbuf_detach(&sb);
	free(del);
	VEC_FREE(l.v);
	strbuf_release(&text);
	return removed;
}
