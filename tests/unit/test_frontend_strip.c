/*
 * test_frontend_strip.c - strip_function_bodies(): which brace blocks of a
 * header are emptied and which are kept, and that every line keeps its
 * number and the text after a closing brace its column.
 */
#include "frontend/strip_bodies.h"
#include "testlib.h"

#include <stdlib.h>

/* What a kept one-return body may call: a pure function, container_of. */
static const char *const keep_names[] = { "container_of", "test_bit" };
static const struct strip_keep keep = { keep_names, 2 };

/* The stripped text of src; *count: how many bodies were emptied. */
static char *strip(const char *src, size_t *count)
{
	struct strbuf out = STRBUF_INIT;

	*count = strip_function_bodies(src, strlen(src), &keep, &out);
	return strbuf_detach(&out);
}

static size_t lines_of(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* A multi-line body is emptied; its lines stay, the brace keeps its column. */
static void test_function_body(void)
{
	const char *src =
		"static inline void f(int *p) __attribute__((unused))\n"
		"{\n"
		"\t*p = 1;\n"
		"\t*p = 2;\n"
		"} int after;\n"
		"int g;\n";
	size_t n;
	char *out = strip(src, &n);

	CHECK(n == 1);
	CHECK_STR(out,
		  "static inline void f(int *p) __attribute__((unused))\n"
		  "{" STRIP_BODY_STUB "\n\n\n} int after;\n"
		  "int g;\n");
	CHECK(lines_of(out) == lines_of(src));
	free(out);
}

/* A one-line body is padded to its length, so `after` keeps its column. */
static void test_one_line_body(void)
{
	const char *src = "static int f(int a) { a++; a *= 3; a -= 12; a++; } int after;\n";
	size_t n;
	char *out = strip(src, &n);

	CHECK(n == 1);
	CHECK(strlen(out) == strlen(src));
	CHECK(strstr(out, "{" STRIP_BODY_STUB) != NULL);
	CHECK(strstr(out, "} int after;") - out == strstr(src, "} int after;") - src);
	free(out);
}

/* What is not a function body, or is one the frontend reads, is kept. */
static void test_kept(void)
{
	static const char *const kept[] = {
		/* a struct, an initializer, a compound literal after `=` */
		"struct s { int (*fn)(void); int a; };\n",
		"static const struct s v = { .a = (1) };\n",
		"static struct s *p = &(struct s){ .a = 1 };\n",
		/* one-return helpers the frontend reads: a pure predicate over
		 * keep's calls and macros in capitals, a container_of wrapper */
		"static inline int is_on(int *f) { return *f & 4 && f[1] > 0 && f[2]; }\n",
		"static inline int up(struct d *d) { return test_bit(UP, &d->state) && BIT(3) > sizeof(d); }\n",
		"static inline struct d *to_d(struct device *p) { return container_of(p, struct d, dev); }\n",
		/* a preprocessor line inside: its braces may not balance */
		"static inline void g(void)\n{\n#ifdef X\n\tx();\n#endif\n\ty();\n}\n",
		/* braces in comments, literals and macro definitions */
		"#define M(a) static void a(void) { x(); y(); z(); w(); }\n"
		"/* void h(void) { x(); y(); z(); w(); } */ char *s = \"{ (x) }\";\n"
		"char c = '{';\n",
		/* shorter than the stub */
		"static void e(void) { }\n",
		/* never closed */
		"static void u(void) { x(); y(); z(); w(); v();\n",
	};

	for (size_t i = 0; i < sizeof(kept) / sizeof(kept[0]); i++) {
		size_t n;
		char *out = strip(kept[i], &n);
		CHECK(n == 0);
		CHECK_STR(out, kept[i]);
		free(out);
	}
}

/* A one-return body that calls anything else is no helper the frontend
 * reads: emptied. */
static void test_return_calling_other(void)
{
	const char *src = "static inline int get(atomic_t *v) { return READ_ONCE(v->counter) + arch_get(v); }\n";
	size_t n;
	char *out = strip(src, &n);

	CHECK(n == 1);
	CHECK(strstr(out, "arch_get") == NULL);
	free(out);
}

/* A declaration after an initializer and one after a struct are bodies
 * again; nested braces inside a body belong to it. */
static void test_after_other_blocks(void)
{
	const char *src =
		"static int t[] = { 1, 2 };\n"
		"struct s { int a; };\n"
		"static void f(struct s *p) { if (p->a) { p->a = 0; } else { p->a = 1; } }\n";
	size_t n;
	char *out = strip(src, &n);

	CHECK(n == 1);
	CHECK(strstr(out, "static int t[] = { 1, 2 };\nstruct s { int a; };\n") == out);
	CHECK(strstr(out, "p->a") == NULL);
	CHECK(strlen(out) == strlen(src));
	free(out);
}

/* Random text of C-ish pieces (unbalanced braces, cut comments and
 * literals, directives): the copier never reads out of bounds (the
 * sanitizer build runs this), keeps every newline, and a second pass
 * changes nothing. */
static void test_random_text(void)
{
	static const char *const pieces[] = {
		"{", "}", "(", ")", ";", "=", "\n", " ", "#if X\n", "#endif\n", "/*", "*/", "//", "\"",
		"'", "\\\n", "return", "f", "x(", "int g(void) ", "struct s ", "READ_ONCE(", "test_bit(",
		"a b c d e f g h i j k l m n", "\n#define M { \\\n }\n",
		"\nstatic int h(int a)\n{\n\ta++;\n\ta *= 3;\n\treturn a;\n}\n",
	};
	unsigned seed = 12345;
	size_t kept_lines = 0, idempotent = 0, emptied = 0, rounds = 2000;

	for (size_t r = 0; r < rounds; r++) {
		struct strbuf in = STRBUF_INIT, once = STRBUF_INIT, twice = STRBUF_INIT;
		size_t n = 1 + r % 60;
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			strbuf_adds(&in, pieces[(seed >> 16) % (sizeof(pieces) / sizeof(pieces[0]))]);
		}
		emptied += strip_function_bodies(in.buf, in.len, &keep, &once);
		strip_function_bodies(once.buf, once.len, &keep, &twice);
		kept_lines += lines_of(once.buf) == lines_of(in.buf);
		idempotent += strcmp(once.buf, twice.buf) == 0;
		strbuf_release(&in);
		strbuf_release(&once);
		strbuf_release(&twice);
	}
	CHECK(kept_lines == rounds);
	CHECK(idempotent == rounds);
	fprintf(stderr, "random texts: %zu bodies emptied\n", emptied);
	CHECK(emptied > rounds / 20);	/* the texts do hold bodies */
}

int main(void)
{
	test_function_body();
	test_one_line_body();
	test_kept();
	test_return_calling_other();
	test_after_other_blocks();
	test_random_text();
	TEST_DONE();
}
