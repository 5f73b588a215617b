/*
 * load.c - reading rules/ *.json with Jansson into struct rules.
 *
 * Every error names the file and a line: Jansson gives the line of a syntax
 * error; for a semantic error (unknown kind, bad op, wrong type) we find the
 * line of the offending entry by searching the file text for it, which is
 * always a real line of the file.
 */
#include "rules.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

struct load_ctx {
	struct rules *r;
	const char *path;
	const char *text;
	struct strbuf *err;
};

void rules_bind_names(struct rules *r);


/* Line of the first occurrence of "needle" (quoted) in the file, or 1. */
static int line_of(const struct load_ctx *c, const char *needle)
{
	struct strbuf q = STRBUF_INIT;
	const char *hit;
	int line = 1;

	strbuf_addf(&q, "\"%s\"", needle ? needle : "");
	hit = strstr(c->text, q.buf);
	if (!hit && needle)
		hit = strstr(c->text, needle);
	strbuf_release(&q);
	if (!hit)
		return 1;
	for (const char *p = c->text; p < hit; p++)
		line += *p == '\n';
	return line;
}

int load_error(struct load_ctx *c, const char *near, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int load_error(struct load_ctx *c, const char *near, const char *fmt, ...)
{
	va_list ap;

	strbuf_reset(c->err);
	strbuf_addf(c->err, "%s:%d: ", c->path, line_of(c, near));
	va_start(ap, fmt);
	strbuf_vaddf(c->err, fmt, ap);
	va_end(ap);
	return -1;
}

/* Refuse keys an entry does not know: catches typos like "lock_agr". */
static int check_keys(struct load_ctx *c, json_t *obj, const char *what, const char *const *allowed)
{
	const char *key;
	json_t *v;

	json_object_foreach(obj, key, v) {
		bool ok = false;
		for (int i = 0; allowed[i]; i++)
			ok |= !strcmp(allowed[i], key);
		if (!ok)
			return load_error(c, key, "%s: unknown field '%s'", what, key);
	}
	return 0;
}

static int get_string(struct load_ctx *c, json_t *obj, const char *key, bool required,
		      const char *near, char **out)
{
	json_t *v = json_object_get(obj, key);

	*out = NULL;
	if (!v) {
		if (required)
			return load_error(c, near, "missing required field '%s'", key);
		return 0;
	}
	if (!json_is_string(v))
		return load_error(c, key, "field '%s' must be a string", key);
	*out = xstrdup(json_string_value(v));
	return 0;
}

static int get_bool(struct load_ctx *c, json_t *obj, const char *key, bool dflt, bool *out)
{
	json_t *v = json_object_get(obj, key);

	*out = dflt;
	if (!v)
		return 0;
	if (!json_is_boolean(v))
		return load_error(c, key, "field '%s' must be true or false", key);
	*out = json_is_true(v);
	return 0;
}

static int get_int(struct load_ctx *c, json_t *obj, const char *key, int dflt, int lo, int hi, int *out)
{
	json_t *v = json_object_get(obj, key);

	*out = dflt;
	if (!v)
		return 0;
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
		return load_error(c, key, "field '%s' must be an integer in %d..%d", key, lo, hi);
	*out = (int)json_integer_value(v);
	return 0;
}

static int pick(struct load_ctx *c, const char *value, const char *key, const char *const *names, int *out)
{
	for (int i = 0; names[i]; i++)
		if (!strcmp(names[i], value)) {
			*out = i;
			return 0;
		}
	return load_error(c, value, "bad value '%s' for '%s'", value, key);
}

/* Index of an entry named `name` in a vector of structs with .name, or n. */
#define SLOT_FOR(vec, nm) ({ size_t s_ = 0; \
	while (s_ < (vec).n && strcmp((vec).v[s_].name, (nm))) \
		s_++; \
	s_; })

static int each_entry(struct load_ctx *c, json_t *list, const char *key,
		      int (*fn)(struct load_ctx *, json_t *))
{
	size_t i;
	json_t *e;

	if (!json_is_array(list))
		return load_error(c, key, "'%s' must be a list", key);
	json_array_foreach(list, i, e) {
		if (!json_is_object(e))
			return load_error(c, key, "'%s' entry %zu must be an object", key, i);
		if (fn(c, e) < 0)
			return -1;
	}
	return 0;
}

static int load_kind(struct load_ctx *c, json_t *e)
{
	static const char *const keys[] = { "name", "description", "hooked", "preempt_rt_hooked", "sleeping", NULL };
	struct lock_kind k = { 0 };

	if (check_keys(c, e, "lock kind", keys) < 0 || get_string(c, e, "name", true, "lock_kinds", &k.name) < 0)
		return -1;
	if (get_string(c, e, "description", false, k.name, &k.description) < 0 ||
	    get_bool(c, e, "hooked", false, &k.hooked) < 0 ||
	    get_bool(c, e, "preempt_rt_hooked", k.hooked, &k.hooked_rt) < 0 ||
	    get_bool(c, e, "sleeping", false, &k.sleeping) < 0) {
		free(k.name);
		free(k.description);
		return -1;
	}
	size_t s = SLOT_FOR(c->r->kinds, k.name);
	if (s < c->r->kinds.n) {
		free(c->r->kinds.v[s].name);
		free(c->r->kinds.v[s].description);
		c->r->kinds.v[s] = k;
	} else {
		VEC_PUSH(c->r->kinds, k);
	}
	return 0;
}

static int load_api(struct load_ctx *c, json_t *e)
{
	static const char *const keys[] = { "name", "op", "kind", "irq", "shared", "lock_arg", "success", NULL };
	static const char *const ops[] = { "acquire", "trylock", "release", NULL };
	static const char *const irqs[] = { "none", "irq", "irqsave", "bh", NULL };
	static const char *const succ[] = { "nonzero", "zero", NULL };
	struct lock_api a = { 0 };
	char *op = NULL, *kind = NULL, *irq = NULL, *success = NULL;
	int v, rc = -1;

	if (check_keys(c, e, "lock api", keys) < 0 || get_string(c, e, "name", true, "lock_apis", &a.name) < 0)
		return -1;
	if (get_string(c, e, "op", true, a.name, &op) < 0 || get_string(c, e, "kind", true, a.name, &kind) < 0 ||
	    get_string(c, e, "irq", false, a.name, &irq) < 0 || get_string(c, e, "success", false, a.name, &success) < 0)
		goto out;
	if (pick(c, op, "op", ops, &v) < 0)
		goto out;
	a.op = (enum lock_op)v;
	a.kind = rules_find_kind(c->r, kind);
	if (a.kind < 0) {
		load_error(c, a.name, "lock api '%s': unknown lock kind '%s'", a.name, kind);
		goto out;
	}
	if (irq && pick(c, irq, "irq", irqs, &v) < 0)
		goto out;
	a.irq = irq ? (enum irq_mode)v : IRQ_NONE;
	if (success && pick(c, success, "success", succ, &v) < 0)
		goto out;
	a.success_zero = success && v == 1;
	if (success && a.op != LOCK_TRYLOCK) {
		load_error(c, a.name, "lock api '%s': 'success' only applies to trylock", a.name);
		goto out;
	}
	if (get_bool(c, e, "shared", false, &a.shared) < 0 || get_int(c, e, "lock_arg", 0, -1, 16, &a.lock_arg) < 0)
		goto out;
	size_t s = SLOT_FOR(c->r->apis, a.name);
	if (s < c->r->apis.n) {
		free(c->r->apis.v[s].name);
		c->r->apis.v[s] = a;
	} else {
		VEC_PUSH(c->r->apis, a);
	}
	a.name = NULL;
	rc = 0;
out:
	free(a.name);
	free(op);
	free(kind);
	free(irq);
	free(success);
	return rc;
}

static int load_class(struct load_ctx *c, json_t *e)
{
	static const char *const keys[] = { "name", "description", NULL };
	struct accessor_class k = { 0 };

	if (check_keys(c, e, "accessor class", keys) < 0 ||
	    get_string(c, e, "name", true, "accessor_classes", &k.name) < 0)
		return -1;
	if (get_string(c, e, "description", false, k.name, &k.description) < 0) {
		free(k.name);
		return -1;
	}
	size_t s = SLOT_FOR(c->r->classes, k.name);
	if (s < c->r->classes.n) {
		free(c->r->classes.v[s].name);
		free(c->r->classes.v[s].description);
		c->r->classes.v[s] = k;
	} else {
		if (c->r->models.n)
			return load_error(c, k.name, "accessor class '%s' defined after models were loaded", k.name);
		VEC_PUSH(c->r->classes, k);
	}
	return 0;
}

static int load_accessor(struct load_ctx *c, json_t *e)
{
	static const char *const keys[] = { "name", "dir", "class", "width", "addr_arg", NULL };
	static const char *const dirs[] = { "write", "read", NULL };
	struct accessor a = { 0 };
	char *dir = NULL, *klass = NULL;
	int v, rc = -1;

	if (check_keys(c, e, "accessor", keys) < 0 || get_string(c, e, "name", true, "accessors", &a.name) < 0)
		return -1;
	if (get_string(c, e, "dir", true, a.name, &dir) < 0 || get_string(c, e, "class", true, a.name, &klass) < 0 ||
	    pick(c, dir, "dir", dirs, &v) < 0)
		goto out;
	a.dir = (enum mmio_dir)v;
	a.klass = rules_find_class(c->r, klass);
	if (a.klass < 0) {
		load_error(c, a.name, "accessor '%s': unknown accessor class '%s'", a.name, klass);
		goto out;
	}
	if (get_int(c, e, "width", 0, 0, 128, &a.width) < 0 ||
	    get_int(c, e, "addr_arg", a.dir == MMIO_WRITE ? 1 : 0, 0, 16, &a.addr_arg) < 0)
		goto out;
	size_t s = SLOT_FOR(c->r->accessors, a.name);
	if (s < c->r->accessors.n) {
		free(c->r->accessors.v[s].name);
		c->r->accessors.v[s] = a;
	} else {
		VEC_PUSH(c->r->accessors, a);
	}
	a.name = NULL;
	rc = 0;
out:
	free(a.name);
	free(dir);
	free(klass);
	return rc;
}

static int load_barrier(struct load_ctx *c, json_t *e)
{
	static const char *const keys[] = { "name", "orders_mmio", "mmiowb", NULL };
	struct barrier b = { 0 };

	if (check_keys(c, e, "barrier", keys) < 0 || get_string(c, e, "name", true, "barriers", &b.name) < 0)
		return -1;
	if (get_bool(c, e, "orders_mmio", false, &b.orders_mmio) < 0 || get_bool(c, e, "mmiowb", false, &b.is_mmiowb) < 0) {
		free(b.name);
		return -1;
	}
	size_t s = SLOT_FOR(c->r->barriers, b.name);
	if (s < c->r->barriers.n) {
		free(c->r->barriers.v[s].name);
		c->r->barriers.v[s] = b;
	} else {
		VEC_PUSH(c->r->barriers, b);
	}
	return 0;
}

static int load_check(struct load_ctx *c, json_t *e)
{
	static const char *const keys[] = { "id", "name", "severity", "summary", "reference_model", NULL };
	static const char *const sev[] = { "error", "warning", "note", NULL };
	struct check_info k = { 0 };
	int v;

	if (check_keys(c, e, "check", keys) < 0 || get_string(c, e, "id", true, "checks", &k.id) < 0)
		return -1;
	if (get_string(c, e, "name", true, k.id, &k.name) < 0 || get_string(c, e, "severity", true, k.id, &k.severity) < 0 ||
	    get_string(c, e, "summary", false, k.id, &k.summary) < 0 ||
	    get_string(c, e, "reference_model", false, k.id, &k.reference_model) < 0 ||
	    pick(c, k.severity, "severity", sev, &v) < 0) {
		free(k.id); free(k.name); free(k.severity); free(k.summary); free(k.reference_model);
		return -1;
	}
	for (size_t i = 0; i < c->r->checks.n; i++)
		if (!strcmp(c->r->checks.v[i].id, k.id)) {
			struct check_info *o = &c->r->checks.v[i];
			free(o->id); free(o->name); free(o->severity); free(o->summary); free(o->reference_model);
			*o = k;
			return 0;
		}
	VEC_PUSH(c->r->checks, k);
	return 0;
}

int rules_load_model(struct load_ctx *c, json_t *e);

static int load_wrappers(struct load_ctx *c, json_t *list)
{
	size_t i;
	json_t *v;

	if (!json_is_array(list))
		return load_error(c, "lock_wrappers", "'lock_wrappers' must be a list of names");
	json_array_foreach(list, i, v) {
		if (!json_is_string(v))
			return load_error(c, "lock_wrappers", "'lock_wrappers' entries must be strings");
		VEC_PUSH(c->r->lock_wrappers, xstrdup(json_string_value(v)));
	}
	return 0;
}

int rules_load_file(struct rules *r, const char *path, struct strbuf *err)
{
	static const char *const order[] = { "lock_kinds", "lock_wrappers", "accessor_classes", "lock_apis",
					     "accessors", "barriers", "models", "checks", NULL };
	struct strbuf text = STRBUF_INIT;
	struct load_ctx c = { r, path, NULL, err };
	json_error_t jerr;
	json_t *root;
	int rc = -1;

	if (strbuf_read_file(&text, path) < 0) {
		strbuf_reset(err);
		strbuf_addf(err, "%s: %s", path, strerror(errno));
		return -1;
	}
	c.text = text.buf;
	root = json_loadb(text.buf, text.len, JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		strbuf_reset(err);
		strbuf_addf(err, "%s:%d: %s", path, jerr.line > 0 ? jerr.line : 1, jerr.text);
		goto out;
	}
	if (!json_is_object(root)) {
		load_error(&c, NULL, "a rules file must be a JSON object");
		goto out;
	}
	json_t *ver = json_object_get(root, "mmiocheck_rules");
	if (!ver || !json_is_integer(ver) || json_integer_value(ver) != 1) {
		load_error(&c, "mmiocheck_rules", "missing or unsupported \"mmiocheck_rules\" (must be 1)");
		goto out;
	}
	const char *key;
	json_t *v;
	json_object_foreach(root, key, v) {
		bool known = !strcmp(key, "mmiocheck_rules") || !strcmp(key, "comment");
		for (int i = 0; order[i]; i++)
			known |= !strcmp(order[i], key);
		if (!known) {
			load_error(&c, key, "unknown top-level key '%s'", key);
			goto out;
		}
	}
	static int (*const loaders[])(struct load_ctx *, json_t *) = {
		load_kind, NULL, load_class, load_api, load_accessor, load_barrier, rules_load_model, load_check,
	};
	for (int i = 0; order[i]; i++) {
		json_t *list = json_object_get(root, order[i]);
		if (!list)
			continue;
		if (!loaders[i] ? load_wrappers(&c, list) < 0 : each_entry(&c, list, order[i], loaders[i]) < 0)
			goto out;
	}
	rc = 0;
out:
	json_decref(root);
	strbuf_release(&text);
	return rc;
}

int rules_finish(struct rules *r, struct strbuf *err)
{
	for (size_t i = 0; i < r->models.n; i++) {
		const struct model *m = &r->models.v[i];
		if (!m->on_write || !m->on_read) {
			strbuf_reset(err);
			strbuf_addf(err, "model '%s' has no on_write/on_read programs", m->name);
			return -1;
		}
	}
	for (size_t i = 0; i < r->checks.n; i++) {
		const char *ref = r->checks.v[i].reference_model;
		if (ref && rules_find_model(r, ref) < 0) {
			strbuf_reset(err);
			strbuf_addf(err, "check %s: unknown reference model '%s'", r->checks.v[i].id, ref);
			return -1;
		}
	}
	rules_bind_names(r);
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct rules *rules_load(const char *dir, const char *const *extra, int nextra, struct strbuf *err)
{
	struct rules *r = rules_new();
	VEC(char *) files = VEC_INIT;
	DIR *d = opendir(dir);
	struct dirent *de;
	int rc = 0;

	if (!d) {
		strbuf_reset(err);
		strbuf_addf(err, "%s: cannot read the rules directory: %s", dir, strerror(errno));
		rules_free(r);
		return NULL;
	}
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);
		if (n > 5 && !strcmp(de->d_name + n - 5, ".json"))
			VEC_PUSH(files, xasprintf("%s/%s", dir, de->d_name));
	}
	closedir(d);
	if (files.n)
		qsort(files.v, files.n, sizeof(files.v[0]), cmp_str);
	for (size_t i = 0; i < files.n && rc == 0; i++)
		rc = rules_load_file(r, files.v[i], err);
	for (int i = 0; i < nextra && rc == 0; i++)
		rc = rules_load_file(r, extra[i], err);
	if (rc == 0)
		rc = rules_finish(r, err);
	for (size_t i = 0; i < files.n; i++)
		free(files.v[i]);
	VEC_FREE(files);
	if (rc < 0) {
		rules_free(r);
		return NULL;
	}
	return r;
}
