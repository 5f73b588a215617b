/*
 * kconfig.c - a small reader of a kernel tree's Kconfig language, enough to
 * say where a symbol can be enabled (kconfig_arches.c): `config` and
 * `menuconfig` with their type and prompt, `depends on`, `select`,
 * `def_bool`/`default`, the `if`, `menu` and `choice` blocks around them,
 * and `source` (every architecture's arch/$(SRCARCH)/Kconfig is read, each
 * definition tagged with the architecture whose tree it came from).
 * Everything else (help text, ranges, `imply`, `visible if`, macros) is
 * skipped.  docs/kernel.md lists what this approximates.
 */
#include "kconfig_int.h"

#include <ctype.h>
#include <dirent.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define KC_MAX_SOURCE_DEPTH 64

struct kc_block {
	int cond;		/* expression, or -1 */
	bool choice;
};

enum kc_target { TARGET_NONE, TARGET_DEF, TARGET_BLOCK };

struct kc_reader {
	struct kconfig *kc;
	const char *tree;
	VEC(struct kc_block) blocks;
	long def;		/* the definition being read, or -1 */
	int def_dep;		/* its own `depends on`, or -1 */
	enum kc_target target;	/* where `depends on` goes */
	int arch;
	unsigned depth;
};

/* ---- expressions ---- */

static int new_expr(struct kconfig *kc, enum kc_op op, int a, int b, str_id sym)
{
	struct kc_expr e = { op, a, b, sym };

	VEC_PUSH(kc->exprs, e);
	return (int)kc->exprs.n - 1;
}

/* a AND b, either may be -1 (true). */
static int and_expr(struct kconfig *kc, int a, int b)
{
	if (a < 0)
		return b;
	if (b < 0)
		return a;
	return new_expr(kc, KC_AND, a, b, 0);
}

static void skip_space(const char **p)
{
	while (isspace((unsigned char)**p))
		(*p)++;
}

/* One operand: a symbol or constant, "string", $(macro); its text as
 * [*start, *end) and whether it is a plain word. */
static bool operand(const char **p, const char **start, const char **end)
{
	const char *s = *p;

	*start = s;
	if (*s == '"' || *s == '\'') {
		char q = *s++;
		while (*s && *s != q)
			s += s[0] == '\\' && s[1] ? 2 : 1;
		*p = *end = *s ? s + 1 : s;
		return false;
	}
	if (s[0] == '$' && s[1] == '(') {
		int depth = 0;
		for (; *s; s++) {
			depth += *s == '(';
			if (*s == ')' && --depth == 0) {
				s++;
				break;
			}
		}
		*p = *end = s;
		return false;
	}
	while (isalnum((unsigned char)*s) || *s == '_' || *s == '-' || *s == '.')
		s++;
	*p = *end = s;
	return s > *start;
}

/* A word as an expression: y/m are yes, n no, anything else a symbol. */
static int word_expr(struct kconfig *kc, const char *s, size_t n)
{
	if (n == 1 && (*s == 'y' || *s == 'm'))
		return new_expr(kc, KC_YES, -1, -1, 0);
	if (n == 1 && *s == 'n')
		return new_expr(kc, KC_NO, -1, -1, 0);
	if (n && isdigit((unsigned char)*s))
		return new_expr(kc, KC_UNKNOWN, -1, -1, 0);
	return new_expr(kc, KC_SYM, -1, -1, strpool_intern_n(kc->names, s, n));
}

static int parse_or(struct kconfig *kc, const char **p);

/* SYM, SYM = y|m|n, SYM != n, (expr), !expr; other comparisons UNKNOWN. */
static int parse_unary(struct kconfig *kc, const char **p)
{
	const char *s, *e, *s2, *e2;

	skip_space(p);
	if (**p == '!' && (*p)[1] != '=') {
		(*p)++;
		return new_expr(kc, KC_NOT, parse_unary(kc, p), -1, 0);
	}
	if (**p == '(') {
		(*p)++;
		int x = parse_or(kc, p);
		skip_space(p);
		if (**p == ')')
			(*p)++;
		return x;
	}
	bool word = operand(p, &s, &e);
	skip_space(p);
	const char *op = *p;
	size_t oplen = strspn(op, "!=<>");
	if (!oplen || (oplen == 1 && *op == '!')) {
		if (e == s) {	/* nothing we can read: give up on the rest */
			*p += strlen(*p);
			return new_expr(kc, KC_UNKNOWN, -1, -1, 0);
		}
		return word ? word_expr(kc, s, (size_t)(e - s)) : new_expr(kc, KC_UNKNOWN, -1, -1, 0);
	}
	*p += oplen;
	skip_space(p);
	bool word2 = operand(p, &s2, &e2);
	bool eq = oplen == 1 && *op == '=', ne = oplen == 2 && op[0] == '!';
	bool rhs_n = word2 && e2 - s2 == 1 && *s2 == 'n', rhs_on = word2 && e2 - s2 == 1 && (*s2 == 'y' || *s2 == 'm');
	if (!word || !(eq || ne) || !(rhs_n || rhs_on))
		return new_expr(kc, KC_UNKNOWN, -1, -1, 0);
	int sym = word_expr(kc, s, (size_t)(e - s));
	if ((eq && rhs_on) || (ne && rhs_n))
		return sym;
	if (eq && rhs_n)
		return new_expr(kc, KC_NOT, sym, -1, 0);
	return new_expr(kc, KC_UNKNOWN, -1, -1, 0);	/* SYM != y: n or m */
}

static int parse_and(struct kconfig *kc, const char **p)
{
	int x = parse_unary(kc, p);

	for (skip_space(p); (*p)[0] == '&' && (*p)[1] == '&'; skip_space(p)) {
		*p += 2;
		x = new_expr(kc, KC_AND, x, parse_unary(kc, p), 0);
	}
	return x;
}

static int parse_or(struct kconfig *kc, const char **p)
{
	int x = parse_and(kc, p);

	for (skip_space(p); (*p)[0] == '|' && (*p)[1] == '|'; skip_space(p)) {
		*p += 2;
		x = new_expr(kc, KC_OR, x, parse_and(kc, p), 0);
	}
	return x;
}

/* The expression of `text` up to a trailing ` if COND`; *cond gets COND's
 * expression or -1. */
static int parse_with_if(struct kconfig *kc, const char *text, int *cond)
{
	const char *p = text;
	int x = parse_or(kc, &p);

	skip_space(&p);
	*cond = -1;
	if (!strncmp(p, "if", 2) && (isspace((unsigned char)p[2]) || p[2] == '(' || p[2] == '!')) {
		p += 2;
		*cond = parse_or(kc, &p);
	}
	return x;
}

/* ---- statements ---- */

static struct kc_def *cur_def(struct kc_reader *r)
{
	return r->def >= 0 ? &r->kc->defs.v[r->def] : NULL;
}

/* The definition being read is complete: its dependency is its own
 * `depends on` and every enclosing block's condition. */
static void finish_def(struct kc_reader *r)
{
	struct kc_def *d = cur_def(r);

	if (d) {
		int dep = r->def_dep;
		for (size_t i = 0; i < r->blocks.n; i++) {
			dep = and_expr(r->kc, dep, r->blocks.v[i].cond);
			d->in_choice |= r->blocks.v[i].choice;
		}
		d->dep = dep;
	}
	r->def = -1;
	r->def_dep = -1;
	r->target = TARGET_NONE;
}

static void start_def(struct kc_reader *r, const char *name)
{
	struct kc_def d;
	size_t n = strcspn(name, " \t");

	finish_def(r);
	memset(&d, 0, sizeof(d));
	d.sym = strpool_intern_n(r->kc->names, name, n);
	d.arch = r->arch;
	d.dep = -1;
	d.default_y = 0;	/* no default (expression 0 is never one: see kconfig_load) */
	VEC_PUSH(r->kc->defs, d);
	r->def = (long)r->kc->defs.n - 1;
	r->target = TARGET_DEF;
}

static void push_block(struct kc_reader *r, int cond, bool choice, enum kc_target target)
{
	struct kc_block b = { cond, choice };

	finish_def(r);
	VEC_PUSH(r->blocks, b);
	r->target = target;
}

static void pop_block(struct kc_reader *r)
{
	finish_def(r);
	if (r->blocks.n)
		r->blocks.n--;
}

/* `default V [if C]` / `def_bool V [if C]`: may V make it y? */
static void add_default(struct kc_reader *r, const char *text)
{
	struct kc_def *d = cur_def(r);
	int cond;

	if (!d)
		return;
	size_t n = strcspn(text, " \t");
	int value = parse_with_if(r->kc, text, &cond);
	if (n == 1 && text[0] == 'n')
		return;
	int when = and_expr(r->kc, value, cond);
	d->default_y = d->default_y ? new_expr(r->kc, KC_OR, d->default_y, when, 0) : when;
	if (n == 1 && (text[0] == 'y' || text[0] == 'm') && cond < 0)
		d->always_y = true;
}

static void add_depends(struct kc_reader *r, const char *text)
{
	int cond, x = parse_with_if(r->kc, text, &cond);

	if (r->target == TARGET_DEF)
		r->def_dep = and_expr(r->kc, r->def_dep, x);
	else if (r->target == TARGET_BLOCK && r->blocks.n)
		r->blocks.v[r->blocks.n - 1].cond = and_expr(r->kc, r->blocks.v[r->blocks.n - 1].cond, x);
}

static void add_select(struct kc_reader *r, const char *text)
{
	struct kc_def *d = cur_def(r);
	struct kc_select s;
	size_t n = strcspn(text, " \t");

	if (!d || !n)
		return;
	s.target = strpool_intern_n(r->kc->names, text, n);
	const char *p = text + n;
	skip_space(&p);
	s.cond = !strncmp(p, "if", 2) ? (p += 2, parse_or(r->kc, &p)) : -1;
	VEC_PUSH(d->selects, s);
}

static void read_file(struct kc_reader *r, const char *path);

/* `source "PATH"` (from the tree's top) or `rsource` (from this file's
 * directory); PATH may hold $(SRCARCH) (every architecture, or the one
 * being read) and glob patterns.  Other macros: not followed. */
static void source(struct kc_reader *r, const char *kw, const char *text, const char *from)
{
	const char *s, *e, *p = text;
	operand(&p, &s, &e);
	char *raw = *s == '"' && e - s >= 2 ? xstrndup(s + 1, (size_t)(e - s - 2)) : xstrndup(s, (size_t)(e - s));
	char *at = strstr(raw, "$(SRCARCH)");
	bool relative = strchr(kw, 'r') == kw || (kw[0] == 'o' && kw[1] == 'r');

	if (at && r->arch == KC_COMMON) {
		for (size_t i = 0; i < r->kc->arches.n; i++) {
			char *one = xasprintf("%.*s%s%s", (int)(at - raw), raw, r->kc->arches.v[i], at + 10);
			char *full = xasprintf("%s/%s", r->tree, one);
			r->arch = (int)i;
			read_file(r, full);
			r->arch = KC_COMMON;
			free(full);
			free(one);
		}
	} else if (!strstr(raw, "$(") || at) {
		char *one = at ? xasprintf("%.*s%s%s", (int)(at - raw), raw, r->kc->arches.v[r->arch], at + 10)
			       : xstrdup(raw);
		const char *slash = strrchr(from, '/');
		char *full = relative ? xasprintf("%.*s/%s", (int)(slash ? slash - from : 1), slash ? from : ".", one)
				      : xasprintf("%s/%s", r->tree, one);
		glob_t g;
		if (glob(full, 0, NULL, &g) == 0) {
			for (size_t i = 0; i < g.gl_pathc; i++)
				read_file(r, g.gl_pathv[i]);
			globfree(&g);
		}
		free(full);
		free(one);
	}
	free(raw);
}

/* One logical line (continuations joined, comment cut). */
static void statement(struct kc_reader *r, char *line, const char *path)
{
	char *kw = line, *rest = line + strcspn(line, " \t");

	if (*rest)
		*rest++ = '\0';
	while (isspace((unsigned char)*rest))
		rest++;
	if (!strcmp(kw, "config") || !strcmp(kw, "menuconfig"))
		start_def(r, rest);
	else if (!strcmp(kw, "choice"))
		push_block(r, -1, true, TARGET_BLOCK);
	else if (!strcmp(kw, "menu"))
		push_block(r, -1, false, TARGET_BLOCK);
	else if (!strcmp(kw, "if")) {
		const char *p = rest;
		push_block(r, parse_or(r->kc, &p), false, TARGET_NONE);
	} else if (!strcmp(kw, "endchoice") || !strcmp(kw, "endmenu") || !strcmp(kw, "endif"))
		pop_block(r);
	else if (!strcmp(kw, "comment") || !strcmp(kw, "mainmenu"))
		finish_def(r);
	else if (!strcmp(kw, "source") || !strcmp(kw, "rsource") || !strcmp(kw, "osource") ||
		 !strcmp(kw, "orsource")) {
		finish_def(r);
		source(r, kw, rest, path);
	} else if (!strcmp(kw, "depends") && !strncmp(rest, "on", 2))
		add_depends(r, rest + 2);
	else if (!strcmp(kw, "select"))
		add_select(r, rest);
	else if (!strcmp(kw, "default"))
		add_default(r, rest);
	else if ((!strcmp(kw, "def_bool") || !strcmp(kw, "def_tristate")) && cur_def(r))
		add_default(r, rest);
	else if (!strcmp(kw, "prompt") && cur_def(r))
		cur_def(r)->prompt = true;
	else if ((!strcmp(kw, "bool") || !strcmp(kw, "tristate") || !strcmp(kw, "boolean")) && cur_def(r))
		cur_def(r)->prompt |= *rest == '"' || *rest == '\'';
}

/* Indentation width of a line, tabs to the next multiple of 8. */
static unsigned indent_of(const char *s)
{
	unsigned w = 0;

	for (; *s == ' ' || *s == '\t'; s++)
		w = *s == '\t' ? (w + 8) & ~7u : w + 1;
	return w;
}

/* Cut a `#` comment outside quotes. */
static void cut_comment(char *s)
{
	char q = 0;

	for (; *s; s++) {
		if (q) {
			if (*s == '\\' && s[1])
				s++;
			else if (*s == q)
				q = 0;
		} else if (*s == '"' || *s == '\'')
			q = *s;
		else if (*s == '#') {
			*s = '\0';
			return;
		}
	}
}

/* Read one Kconfig file: statements, skipping help text (lines indented
 * at least as deep as its first line, and blank lines). */
static void read_file(struct kc_reader *r, const char *path)
{
	struct strbuf text = STRBUF_INIT, line = STRBUF_INIT;
	unsigned help_indent = 0;
	bool in_help = false, help_started = false;

	if (r->depth >= KC_MAX_SOURCE_DEPTH || strbuf_read_file(&text, path) < 0) {
		strbuf_release(&text);
		return;
	}
	VEC_PUSH(r->kc->files, xstrdup(path));
	r->depth++;
	strbuf_init(&line);
	for (char *p = text.buf, *nl; p && *p; p = nl ? nl + 1 : NULL) {
		nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		const char *first = p + strspn(p, " \t");
		bool blank = first >= p + n;
		if (in_help) {
			if (blank)
				continue;
			if (!help_started) {
				help_indent = indent_of(p);
				help_started = true;
				continue;
			}
			if (indent_of(p) >= help_indent)
				continue;
			in_help = false;
		}
		strbuf_add(&line, p, n);
		if (line.len && line.buf[line.len - 1] == '\\') {
			line.buf[--line.len] = '\0';
			continue;
		}
		cut_comment(line.buf);
		char *s = line.buf + strspn(line.buf, " \t");
		size_t len = strlen(s);
		while (len && isspace((unsigned char)s[len - 1]))
			s[--len] = '\0';
		if (!strcmp(s, "help") || !strcmp(s, "---help---")) {
			in_help = true;
			help_started = false;
			help_indent = indent_of(line.buf);
		} else if (*s) {
			statement(r, s, path);
		}
		strbuf_reset(&line);
	}
	finish_def(r);
	r->depth--;
	strbuf_release(&line);
	strbuf_release(&text);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The architectures: directories under TREE/arch that have a Kconfig. */
static int find_arches(struct kconfig *kc, const char *tree, struct strbuf *err)
{
	char *dir = xasprintf("%s/arch", tree);
	DIR *d = opendir(dir);
	struct dirent *de;

	while (d && (de = readdir(d))) {
		struct stat st;
		char *k = xasprintf("%s/%s/Kconfig", dir, de->d_name);
		if (de->d_name[0] != '.' && stat(k, &st) == 0 && S_ISREG(st.st_mode))
			VEC_PUSH(kc->arches, xstrdup(de->d_name));
		free(k);
	}
	if (d)
		closedir(d);
	free(dir);
	if (kc->arches.n > KC_MAX_ARCHES) {
		strbuf_addf(err, "%s/arch: more than %d architectures", tree, KC_MAX_ARCHES);
		return -1;
	}
	if (kc->arches.n)
		qsort(kc->arches.v, kc->arches.n, sizeof(char *), cmp_str);
	return 0;
}

struct kconfig *kconfig_load(const char *tree, struct strbuf *err)
{
	struct kconfig *kc = xcalloc(1, sizeof(*kc));
	struct kc_reader r;
	char *top = xasprintf("%s/Kconfig", tree);
	struct stat st;

	kc->names = strpool_new();
	if (stat(top, &st) < 0 || find_arches(kc, tree, err) < 0) {
		if (!err->len)
			strbuf_addf(err, "%s: no Kconfig", tree);
		free(top);
		kconfig_free(kc);
		return NULL;
	}
	memset(&r, 0, sizeof(r));
	r.kc = kc;
	r.tree = tree;
	r.def = -1;
	r.def_dep = -1;
	r.arch = KC_COMMON;
	new_expr(kc, KC_NO, -1, -1, 0);	/* expression 0: "no default" in kc_def.default_y */
	read_file(&r, top);
	VEC_FREE(r.blocks);
	free(top);
	kconfig_index(kc);
	return kc;
}

void kconfig_free(struct kconfig *kc)
{
	if (!kc)
		return;
	for (size_t i = 0; i < kc->defs.n; i++)
		VEC_FREE(kc->defs.v[i].selects);
	for (size_t i = 0; i < kc->defs_of.n; i++)
		VEC_FREE(kc->defs_of.v[i]);
	for (size_t i = 0; i < kc->selected_by.n; i++)
		VEC_FREE(kc->selected_by.v[i]);
	for (size_t i = 0; i < kc->arches.n; i++)
		free(kc->arches.v[i]);
	for (size_t i = 0; i < kc->files.n; i++)
		free(kc->files.v[i]);
	VEC_FREE(kc->defs_of);
	VEC_FREE(kc->selected_by);
	VEC_FREE(kc->arches);
	VEC_FREE(kc->files);
	VEC_FREE(kc->exprs);
	VEC_FREE(kc->defs);
	free(kc->memo);
	strpool_free(kc->names);
	free(kc);
}
