/*
 * suppress_parse.c - finding "mmiocheck: ignore RULE reason" comments in a
 * line of C (findings.h).  Pure: reads only text[0..len), writes only *out.
 *
 * The scan skips string and character literals, so a "//" inside a string
 * does not start a comment.  Only the first marker comment of a line is
 * used.
 */
#include "findings.h"

#include <stdbool.h>
#include <string.h>

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

static bool is_rule_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
	       c == '-';
}

/* Does text[i..end) start with word? */
static bool starts(const char *text, size_t i, size_t end, const char *word)
{
	size_t n = strlen(word);

	return end - i >= n && !memcmp(text + i, word, n);
}

static size_t skip_spaces(const char *text, size_t i, size_t end)
{
	while (i < end && is_space(text[i]))
		i++;
	return i;
}

/* Parse the comment body text[i..end) (after the opener).  See findings.h. */
static int parse_body(const char *text, size_t i, size_t end, struct suppression *out)
{
	i = skip_spaces(text, i, end);
	if (!starts(text, i, end, "mmiocheck:"))
		return 0;
	out->col = i;
	i = skip_spaces(text, i + strlen("mmiocheck:"), end);
	if (!starts(text, i, end, "ignore") || (i + 6 < end && !is_space(text[i + 6])))
		return -1;
	i = skip_spaces(text, i + 6, end);
	while (i < end && is_rule_char(text[i])) {
		size_t start = i;
		while (i < end && is_rule_char(text[i]))
			i++;
		if (out->nrules == SUPPRESS_MAX_RULES)
			return -1;
		out->rules[out->nrules].off = start;
		out->rules[out->nrules++].len = i - start;
		if (i < end && text[i] == ',')
			i = skip_spaces(text, i + 1, end);
		else
			break;
	}
	if (!out->nrules || (i < end && !is_space(text[i])))
		return -1;
	i = skip_spaces(text, i, end);
	while (end > i && is_space(text[end - 1]))
		end--;
	out->reason.off = i;
	out->reason.len = end - i;
	return 1;
}

/* The end of a comment body starting at i: before its closing star-slash
 * for a block comment, else the end of the line. */
static size_t body_end(const char *text, size_t i, size_t len, bool block)
{
	for (size_t k = i; block && k + 1 < len; k++)
		if (text[k] == '*' && text[k + 1] == '/')
			return k;
	return len;
}

int suppress_parse_line(const char *text, size_t len, struct suppression *out)
{
	char quote = 0;

	memset(out, 0, sizeof(*out));
	if (!text)
		return 0;
	/* A NUL byte ends the line: every span is then a C string's worth of
	 * bytes, so the copies callers make (xstrndup) are the spans exactly. */
	len = strnlen(text, len);
	for (size_t i = 0; i < len; i++) {
		char ch = text[i];
		if (quote) {
			if (ch == '\\')
				i++;
			else if (ch == quote)
				quote = 0;
			continue;
		}
		if (ch == '"' || ch == '\'') {
			quote = ch;
			continue;
		}
		if (ch != '/' || i + 1 >= len || (text[i + 1] != '/' && text[i + 1] != '*'))
			continue;
		bool block = text[i + 1] == '*';
		size_t end = body_end(text, i + 2, len, block);
		int rc = parse_body(text, i + 2, end, out);
		if (rc != 0)
			return rc;
		memset(out, 0, sizeof(*out));
		if (!block || end == len)
			return 0;
		i = end + 1;	/* past the closing star-slash */
	}
	return 0;
}
