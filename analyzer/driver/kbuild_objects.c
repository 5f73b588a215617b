/*
 * kbuild_objects.c - which config symbols build a source file, read from
 * the kernel tree's own Makefiles (Kbuild files first, as Kbuild does).
 *
 * `obj-$(CONFIG_FOO) += foo.o` builds foo.c when FOO is y or m; a
 * composite object (`foo-y += a.o b.o`, `foo-objs := a.o`,
 * `foo-$(CONFIG_BAR) += c.o`) builds its parts when foo.o is built (and BAR
 * is set); a directory is entered through `obj-$(CONFIG_X) += dir/` in its
 * parent.  A route is the list of symbols that must all be set; a file has
 * a route for each way it is built.  A word `$(VAR)` is replaced by the
 * words a line before it assigned to VAR (liquidio's `common-objs :=
 * ...` shared by `liquidio-y` and `liquidio_vf-y`).  Conditionals (ifdef,
 * ifeq), functions and variables assigned later are not interpreted
 * (docs/kernel.md).
 */
#include "driver.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define KB_MAX_ROUTES 16
#define KB_MAX_DEPTH 16

/* One `NAME-COND op words` line of a Makefile. */
struct kb_assign {
	char *name;		/* obj, subdir, lib, or a composite object's name */
	strvec conds;		/* CONFIG_ symbols in the left side, without CONFIG_ */
	strvec words;
};
typedef VEC(struct kb_assign) kb_makefile;

/* A Makefile variable as the lines so far left it: NAME (:=|=|+=) words. */
struct kb_var {
	char *name;
	strvec words;
};
typedef VEC(struct kb_var) kb_vars;

static void free_vars(kb_vars *vars)
{
	for (size_t i = 0; i < vars->n; i++) {
		free(vars->v[i].name);
		strvec_free(&vars->v[i].words);
	}
	VEC_FREE(*vars);
}

/* The variable `name` (n bytes), or NULL if no line assigned it yet. */
static struct kb_var *find_var(kb_vars *vars, const char *name, size_t n)
{
	for (size_t i = 0; i < vars->n; i++)
		if (strlen(vars->v[i].name) == n && !memcmp(vars->v[i].name, name, n))
			return &vars->v[i];
	return NULL;
}

/* Push word w onto words, or the words of the variable it names when it is
 * exactly `$(VAR)` or `${VAR}` of a variable assigned before. */
static void push_expanded(strvec *words, kb_vars *vars, const char *w)
{
	size_t n = strlen(w);
	bool ref = n > 3 && w[0] == '$' && ((w[1] == '(' && w[n - 1] == ')') || (w[1] == '{' && w[n - 1] == '}'));
	struct kb_var *v = ref ? find_var(vars, w + 2, n - 3) : NULL;

	if (!v) {
		VEC_PUSH(*words, xstrdup(w));
		return;
	}
	for (size_t i = 0; i < v->words.n; i++)
		VEC_PUSH(*words, xstrdup(v->words.v[i]));
}

/* Record `lhs op words` as the variable's value: `+=` appends, the other
 * operators replace. */
static void set_var(kb_vars *vars, const char *lhs, size_t n, bool append, const strvec *words)
{
	struct kb_var *v = find_var(vars, lhs, n);

	if (!v) {
		struct kb_var nv = { xstrndup(lhs, n), VEC_INIT };
		VEC_PUSH(*vars, nv);
		v = &vars->v[vars->n - 1];
	} else if (!append) {
		strvec_free(&v->words);
	}
	for (size_t i = 0; i < words->n; i++)
		VEC_PUSH(v->words, xstrdup(words->v[i]));
}

static void free_makefile(kb_makefile *mk)
{
	for (size_t i = 0; i < mk->n; i++) {
		free(mk->v[i].name);
		strvec_free(&mk->v[i].conds);
		strvec_free(&mk->v[i].words);
	}
	VEC_FREE(*mk);
}

/* Split the left side: the name, and the CONFIG_ symbols after it. */
static bool split_lhs(const char *lhs, size_t n, struct kb_assign *a)
{
	const char *dash = NULL;

	for (size_t i = 0; i < n; i++)
		if (lhs[i] == '-' && (lhs[i + 1] == '$' || !strncmp(lhs + i + 1, "objs", 4) ||
				      ((lhs[i + 1] == 'y' || lhs[i + 1] == 'm') && i + 2 == n))) {
			dash = lhs + i;
			break;
		}
	if (!dash || dash == lhs)
		return false;
	a->name = xstrndup(lhs, (size_t)(dash - lhs));
	for (const char *p = dash; (p = strstr(p, "CONFIG_")) && p < lhs + n;) {
		p += 7;
		size_t k = 0;
		while (p + k < lhs + n && (isalnum((unsigned char)p[k]) || p[k] == '_'))
			k++;
		VEC_PUSH(a->conds, xstrndup(p, k));
		p += k;
	}
	return true;
}

/* One logical line: `LHS (:=|+=|?=|=) words`; its `$(VAR)` words are
 * expanded, and the line is remembered as VAR's value. */
static void makefile_line(kb_makefile *mk, kb_vars *vars, char *s)
{
	char *hash = strchr(s, '#');
	if (hash)
		*hash = '\0';
	char *op = strstr(s, "=");
	if (!op || op == s)
		return;
	char *lhs_end = op;
	bool append = op[-1] == '+';
	if (strchr(":+?", op[-1]))
		lhs_end--;
	while (lhs_end > s && isspace((unsigned char)lhs_end[-1]))
		lhs_end--;
	s += strspn(s, " \t");
	if (lhs_end <= s || strchr("\t", *s))
		return;
	strvec words = VEC_INIT;
	for (char *w = strtok(op + 1, " \t"); w; w = strtok(NULL, " \t"))
		push_expanded(&words, vars, w);
	set_var(vars, s, (size_t)(lhs_end - s), append, &words);
	struct kb_assign a;
	memset(&a, 0, sizeof(a));
	if (!split_lhs(s, (size_t)(lhs_end - s), &a)) {
		strvec_free(&words);
		return;
	}
	a.words = words;
	VEC_PUSH(*mk, a);
}

/* Read DIR/Kbuild, else DIR/Makefile; false if neither is readable. */
static bool read_makefile(const char *dir, kb_makefile *mk)
{
	struct strbuf text = STRBUF_INIT, line = STRBUF_INIT;
	char *path = xasprintf("%s/Kbuild", dir);
	kb_vars vars = VEC_INIT;

	memset(mk, 0, sizeof(*mk));
	if (strbuf_read_file(&text, path) < 0) {
		free(path);
		path = xasprintf("%s/Makefile", dir);
		if (strbuf_read_file(&text, path) < 0) {
			free(path);
			strbuf_release(&text);
			return false;
		}
	}
	free(path);
	strbuf_init(&line);
	for (char *p = text.buf, *nl; p && *p; p = nl ? nl + 1 : NULL) {
		nl = strchr(p, '\n');
		strbuf_add(&line, p, nl ? (size_t)(nl - p) : strlen(p));
		if (line.len && line.buf[line.len - 1] == '\\') {
			line.buf[line.len - 1] = ' ';
			continue;
		}
		makefile_line(mk, &vars, line.buf);
		strbuf_reset(&line);
	}
	free_vars(&vars);
	strbuf_release(&line);
	strbuf_release(&text);
	return true;
}

static void routes_add(kbuild_routes *out, const strvec *a, const strvec *b)
{
	strvec r = VEC_INIT;

	if (out->n >= KB_MAX_ROUTES)
		return;
	for (size_t i = 0; a && i < a->n; i++)
		VEC_PUSH(r, xstrdup(a->v[i]));
	for (size_t i = 0; b && i < b->n; i++)
		VEC_PUSH(r, xstrdup(b->v[i]));
	VEC_PUSH(*out, r);
}

void kbuild_routes_free(kbuild_routes *r)
{
	for (size_t i = 0; i < r->n; i++)
		strvec_free(&r->v[i]);
	VEC_FREE(*r);
}

static int routes_of(const char *tree, const char *rel, unsigned depth, kbuild_routes *out);

/* The routes that build `word` (an object or "dir/") named in a Makefile of
 * directory `dir` (relative to the tree, "" for its top). */
static int routes_in(const char *tree, const char *dir, const char *word, unsigned depth, kbuild_routes *out)
{
	char *full = *dir ? xasprintf("%s/%s", tree, dir) : xstrdup(tree);
	kb_makefile mk;
	int found = -1;

	if (!read_makefile(full, &mk)) {
		free(full);
		return -1;
	}
	free(full);
	for (size_t i = 0; i < mk.n; i++) {
		const struct kb_assign *a = &mk.v[i];
		bool named = false;
		for (size_t k = 0; k < a->words.n && !named; k++)
			named = !strcmp(a->words.v[k], word);
		if (!named)
			continue;
		kbuild_routes up = VEC_INIT;
		if (!strcmp(a->name, "obj") || !strcmp(a->name, "subdir") || !strcmp(a->name, "lib")) {
			char *self = *dir ? xasprintf("%s/", dir) : NULL;
			if (!self || routes_of(tree, self, depth + 1, &up) < 0)
				routes_add(&up, NULL, NULL);	/* the top, or a directory entered unconditionally */
			free(self);
		} else {
			char *comp = *dir ? xasprintf("%s/%s.o", dir, a->name) : xasprintf("%s.o", a->name);
			routes_of(tree, comp, depth + 1, &up);
			free(comp);
		}
		for (size_t k = 0; k < up.n; k++)
			routes_add(out, &up.v[k], &a->conds);
		found = up.n ? 0 : found;
		kbuild_routes_free(&up);
	}
	free_makefile(&mk);
	return found;
}

/*
 * The routes that build `rel` (a tree-relative "dir/file.o", or "dir/" for
 * a directory): named in the Makefile of its own directory or of an
 * ancestor (a composite object may take parts from subdirectories).
 * -1 if no Makefile names it.
 */
static int routes_of(const char *tree, const char *rel, unsigned depth, kbuild_routes *out)
{
	size_t len = strlen(rel);
	int rc = -1;

	if (depth > KB_MAX_DEPTH || !len)
		return -1;
	if (rel[len - 1] == '/')
		len--;
	for (size_t cut = len; cut > 0 && rc < 0;) {
		while (cut > 0 && rel[cut - 1] != '/')
			cut--;
		char *dir = xstrndup(rel, cut ? cut - 1 : 0);
		rc = routes_in(tree, dir, rel + cut, depth, out);
		free(dir);
		if (cut)
			cut--;
	}
	return rc;
}

int kbuild_object_routes(const char *tree, const char *source_rel, kbuild_routes *out)
{
	size_t n = strlen(source_rel);

	memset(out, 0, sizeof(*out));
	if (n < 3 || strcmp(source_rel + n - 2, ".c"))
		return -1;
	char *obj = xasprintf("%.*s.o", (int)(n - 2), source_rel);
	int rc = routes_of(tree, obj, 0, out);
	free(obj);
	if (rc < 0 || !out->n) {
		kbuild_routes_free(out);
		return -1;
	}
	return 0;
}
