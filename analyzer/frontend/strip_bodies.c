/*
 * strip_bodies.c - empty the function bodies of a header's text.
 *
 * A lexer just good enough to find file-scope brace blocks: comments,
 * string and character literals and preprocessor lines (with their
 * continuations) are skipped, so no brace inside them counts.  It knows
 * nothing of macros; what it cannot tell apart it leaves alone, and what it
 * gets wrong is a syntax error clang reports (see strip_bodies.h).
 */
#include "strip_bodies.h"

#include <assert.h>
#include <stdbool.h>
#include <string.h>

enum tok_kind {
	TOK_END,
	TOK_DIRECTIVE,		/* a whole preprocessor line */
	TOK_WORD,		/* identifier, keyword or number */
	TOK_LITERAL,		/* string or character literal */
	TOK_PUNCT,		/* one character: { } ( ) = ; ... */
};

struct scanner {
	const char *s;
	size_t n, i;
	bool line_start;	/* only blanks and comments since the newline */
};

struct token {
	enum tok_kind kind;
	size_t start, end;
	char c;			/* TOK_PUNCT's character */
};

/* Skip a comment at i if there is one; true if one was skipped. */
static bool skip_comment(struct scanner *sc)
{
	const char *s = sc->s;

	if (sc->i + 1 >= sc->n || s[sc->i] != '/')
		return false;
	if (s[sc->i + 1] == '/') {
		while (sc->i < sc->n && s[sc->i] != '\n')
			sc->i++;
		return true;
	}
	if (s[sc->i + 1] != '*')
		return false;
	for (sc->i += 2; sc->i + 1 < sc->n; sc->i++)
		if (s[sc->i] == '*' && s[sc->i + 1] == '/') {
			sc->i += 2;
			return true;
		}
	sc->i = sc->n;
	return true;
}

/* Skip blanks, comments and backslash-newlines; newlines start a line. */
static void skip_space(struct scanner *sc)
{
	while (sc->i < sc->n) {
		char c = sc->s[sc->i];
		if (c == '\n') {
			sc->line_start = true;
			sc->i++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			sc->i++;
		} else if (c == '\\' && sc->i + 1 < sc->n && sc->s[sc->i + 1] == '\n') {
			sc->i += 2;
		} else if (!skip_comment(sc)) {
			return;
		}
	}
}

/* The rest of a preprocessor line, its continuations and comments. */
static void skip_directive(struct scanner *sc)
{
	while (sc->i < sc->n && sc->s[sc->i] != '\n') {
		if (sc->s[sc->i] == '\\' && sc->i + 1 < sc->n && sc->s[sc->i + 1] == '\n')
			sc->i += 2;
		else if (!skip_comment(sc))
			sc->i++;
	}
}

/* A literal opened by quote at i, to its closing quote or the line's end. */
static void skip_literal(struct scanner *sc, char quote)
{
	sc->i++;
	while (sc->i < sc->n && sc->s[sc->i] != quote && sc->s[sc->i] != '\n')
		sc->i += sc->s[sc->i] == '\\' ? 2 : 1;
	if (sc->i < sc->n && sc->s[sc->i] == quote)
		sc->i++;
	if (sc->i > sc->n)
		sc->i = sc->n;
}

static bool is_word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The next token; TOK_END at the end of the text. */
static void next_token(struct scanner *sc, struct token *t)
{
	skip_space(sc);
	t->start = sc->i;
	t->c = 0;
	if (sc->i >= sc->n) {
		t->kind = TOK_END;
	} else if (sc->line_start && sc->s[sc->i] == '#') {
		t->kind = TOK_DIRECTIVE;
		skip_directive(sc);
	} else if (sc->s[sc->i] == '"' || sc->s[sc->i] == '\'') {
		t->kind = TOK_LITERAL;
		skip_literal(sc, sc->s[sc->i]);
	} else if (is_word_char(sc->s[sc->i])) {
		t->kind = TOK_WORD;
		while (sc->i < sc->n && is_word_char(sc->s[sc->i]))
			sc->i++;
	} else {
		t->kind = TOK_PUNCT;
		t->c = sc->s[sc->i++];
	}
	sc->line_start = false;
	t->end = sc->i;
}

/* What a body holds, scanned from just after its `{`. */
struct body {
	size_t open, close;	/* offsets of its braces */
	bool directive;		/* a preprocessor line inside */
	bool starts_with_return;
	bool calls_unread;	/* calls a function or macro not in keep */
};

/* Words followed by `(` that are no call. */
static const char *const not_calls[] = {
	"return", "sizeof", "typeof", "__typeof", "__typeof__", "_Alignof", "__alignof__", "_Generic", NULL,
};

static bool word_is(const char *w, size_t len, const char *name)
{
	return strlen(name) == len && !memcmp(w, name, len);
}

/* Is `w(` a call the frontend may read through (keep), of a macro in
 * capitals (a constant: BIT(3)), or no call at all? */
static bool call_read(const char *w, size_t len, const struct strip_keep *keep)
{
	bool capitals = true;

	for (size_t i = 0; i < len && capitals; i++)
		capitals = !(w[i] >= 'a' && w[i] <= 'z');
	if (capitals)
		return true;
	for (size_t i = 0; not_calls[i]; i++)
		if (word_is(w, len, not_calls[i]))
			return true;
	for (size_t i = 0; keep && i < keep->n; i++)
		if (word_is(w, len, keep->names[i]))
			return true;
	return false;
}

/* Scan to the brace that closes the body opened at `open`; false when the
 * text ends first. */
static bool scan_body(struct scanner *sc, size_t open, const struct strip_keep *keep, struct body *b)
{
	struct token t, prev = { TOK_END, 0, 0, 0 };
	int depth = 1;
	bool first = true;

	memset(b, 0, sizeof(*b));
	b->open = open;
	for (next_token(sc, &t); t.kind != TOK_END; prev = t, next_token(sc, &t)) {
		if (first && t.kind == TOK_WORD)
			b->starts_with_return = word_is(sc->s + t.start, t.end - t.start, "return");
		first = false;
		if (t.c == '(' && prev.kind == TOK_WORD &&
		    !call_read(sc->s + prev.start, prev.end - prev.start, keep))
			b->calls_unread = true;
		if (t.kind == TOK_DIRECTIVE)
			b->directive = true;
		else if (t.c == '{')
			depth++;
		else if (t.c == '}' && --depth == 0) {
			b->close = t.start;
			return true;
		}
	}
	return false;
}

/* Append the stub in place of src[b->open + 1, b->close): the same
 * newlines, and as many bytes before the closing brace on its line.
 * False, nothing appended, when the body is to be kept. */
static bool add_stub(const char *src, const struct body *b, struct strbuf *out)
{
	const char *in = src + b->open + 1;
	size_t len = b->close - b->open - 1, stub = strlen(STRIP_BODY_STUB);
	size_t lines = 0, last_line = len;	/* bytes after the last newline */

	if (b->directive || (b->starts_with_return && !b->calls_unread))
		return false;
	for (size_t i = 0; i < len; i++)
		if (in[i] == '\n') {
			lines++;
			last_line = len - i - 1;
		}
	if (!lines && len < stub)
		return false;
	strbuf_adds(out, STRIP_BODY_STUB);
	size_t pad = lines ? last_line : len - stub;
	for (size_t i = 0; i < lines; i++)
		strbuf_addch(out, '\n');
	for (size_t i = 0; i < pad; i++)
		strbuf_addch(out, ' ');
	return true;
}

size_t strip_function_bodies(const char *src, size_t n, const struct strip_keep *keep, struct strbuf *out)
{
	struct scanner sc = { src, n, 0, true };
	struct token t;
	struct body b;
	size_t copied = 0, stripped = 0;
	int depth = 0;
	bool after_paren = false, assigned = false;

	for (next_token(&sc, &t); t.kind != TOK_END; next_token(&sc, &t)) {
		if (t.kind == TOK_DIRECTIVE)
			continue;
		if (depth == 0 && t.c == '{' && after_paren && !assigned) {
			if (!scan_body(&sc, t.start, keep, &b))
				break;
			strbuf_add(out, src + copied, b.open + 1 - copied);
			if (add_stub(src, &b, out)) {
				copied = b.close;
				stripped++;
			} else {
				copied = b.open + 1;
			}
			after_paren = false;
			continue;
		}
		if (t.c == '{')
			depth++;
		else if (t.c == '}' && depth > 0)
			depth--;
		else if (depth == 0 && t.c == '=')
			assigned = true;
		else if (depth == 0 && t.c == ';')
			assigned = false;
		after_paren = depth == 0 && t.c == ')';
	}
	assert(copied <= n);
	strbuf_add(out, src + copied, n - copied);
	return stripped;
}
