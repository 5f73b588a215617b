/*
 * load.c - reading rules/ *.json with Jansson into struct rules.
 *
 * Every error names the file and a line: Jansson gives the line of a syntax
 * error; for a semantic error (unknown kind, bad op, wrong type) we find the
 * line of the offending entry by searching the file text for it, which is
 * always a real line of the file.
 */
#include "rules_int.h"

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

/* Offset of the first "needle" (quoted, else bare) at or after from, or NULL. */
static const char *find_text(const char *from, const char *needle)
{
	struct strbuf q = STRBUF_INIT;
	const char *hit;

	strbuf_addf(&q, "\"%s\"", needle);
	hit = strstr(from, q.buf);
	if (!hit)
		hit = strstr(from, needle);
	strbuf_release(&q);
	return hit;
}

/*
 * Line of `needle` in the file: searched from the current entry's name when
 * there is one (so "lock_arg" finds this entry's field, not the first in the
 * file), else from the top.  Always a real line; 1 when nothing matches.
 */
static int line_of(const struct load_ctx *c, const char *needle)
{
	const char *start = c->text, *hit = NULL;
	int line = 1;

	if (c->anchor && (hit = find_text(c->text, c->anchor)))
		start = hit;
	if (needle) {
		const char *h = find_text(start, needle);
		if (!h)
			h = find_text(c->text, needle);
		if (h)
			hit = h;
	}
	if (!hit)
		return 1;
	for (const char *p = c->text; p < hit; p++)
		line += *p == '\n';
	return line;
}

/* Report an error at the line where `near` first appears in the file. */
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
int load_check_keys(struct load_ctx *c, json_t *obj, const char *what, const char *const *allowed)
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

/* Fetch an optional or required string field (copied into *out). */
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
	/* An empty name would match nothing, or every unnamed thing. */
	if (!strcmp(key, "name") && !*json_string_value(v))
		return load_error(c, key, "field 'name' must not be empty");
	*out = xstrdup(json_string_value(v));
	return 0;
}

/* Fetch an optional boolean field, dflt when absent. */
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

/* Fetch an optional integer field in lo..hi, dflt when absent. */
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

/* Map a string value to its index in names (NULL-terminated). */
static int pick(struct load_ctx *c, const char *value, const char *key, const char *const *names, int *out)
{
	for (int i = 0; names[i]; i++)
		if (!strcmp(names[i], value)) {
			*out = i;
			return 0;
		}
	return load_error(c, value, "bad value '%s' for '%s'", value, key);
}

/*
 * Name -> slot of each named section's vector while loading, so that an
 * entry is not compared with every earlier one (200,000 accessors took
 * 66 s).  Vectors only grow while loading; an index catches up with the
 * entries pushed since it last looked, and a slot whose name does not
 * match (the vector changed behind it) falls back to a scan.
 */
struct slot_index {
	const void *vec;	/* the section's vector */
	struct strpool *names;
	VEC(size_t) slot;	/* by str_id in names */
	size_t synced;		/* entries of vec indexed */
};

struct load_index {
	VEC(struct slot_index) sec;
};

/* The index of vector vec (created on first use). */
static struct slot_index *index_of(struct rules *r, const void *vec)
{
	if (!r->load_index)
		r->load_index = xcalloc(1, sizeof(*r->load_index));
	struct load_index *li = r->load_index;
	for (size_t i = 0; i < li->sec.n; i++)
		if (li->sec.v[i].vec == vec)
			return &li->sec.v[i];
	struct slot_index x = { vec, strpool_new(), VEC_INIT, 0 };
	VEC_PUSH(li->sec, x);
	return &li->sec.v[li->sec.n - 1];
}

/* Remember that `name` is at slot k (a later entry of the name wins). */
static void index_note(struct slot_index *x, const char *name, size_t k)
{
	str_id id = strpool_intern(x->names, name);

	while (x->slot.n <= id)
		VEC_PUSH(x->slot, SIZE_MAX);
	x->slot.v[id] = k;
}

/* The slot of `name` per the index, or n. */
static size_t index_find(const struct slot_index *x, const char *name, size_t n)
{
	str_id id = strpool_find(x->names, name);

	return id && id < x->slot.n && x->slot.v[id] < n ? x->slot.v[id] : n;
}

void rules_free_load_index(struct rules *r)
{
	struct load_index *li = r->load_index;

	if (!li)
		return;
	for (size_t i = 0; i < li->sec.n; i++) {
		strpool_free(li->sec.v[i].names);
		VEC_FREE(li->sec.v[i].slot);
	}
	VEC_FREE(li->sec);
	free(li);
	r->load_index = NULL;
}

/* Index of an entry named `nm` in a vector of structs with .name, or n. */
#define SLOT_FOR(vec, nm) ({ \
	struct slot_index *x_ = index_of(c->r, &(vec)); \
	for (; x_->synced < (vec).n; x_->synced++) \
		index_note(x_, (vec).v[x_->synced].name, x_->synced); \
	size_t s_ = index_find(x_, (nm), (vec).n); \
	if (s_ < (vec).n && strcmp((vec).v[s_].name, (nm))) \
		for (s_ = 0; s_ < (vec).n && strcmp((vec).v[s_].name, (nm)); s_++) \
			; \
	s_; })

/* Run fn on every object of a section list, with the entry as anchor. */
static int each_entry(struct load_ctx *c, json_t *list, const char *key,
		      int (*fn)(struct load_ctx *, json_t *))
{
	size_t i;
	json_t *e;

	if (!json_is_array(list))
		return load_error(c, key, "'%s' must be a list", key);
	json_array_foreach(list, i, e) {
		json_t *nm;
		if (!json_is_object(e))
			return load_error(c, key, "'%s' entry %zu must be an object", key, i);
		nm = json_object_get(e, "name");
		if (!json_is_string(nm) || !strcmp(key, "checks"))
			nm = json_object_get(e, "id");
		c->anchor = json_is_string(nm) ? json_string_value(nm) : NULL;
		if (fn(c, e) < 0)
			return -1;
		c->anchor = NULL;
	}
	return 0;
}

/* lock_kinds entry: add or replace by name. */
static int load_kind(struct load_ctx *c, json_t *e)
{
	static const char *const keys[] = { "name", "description", "hooked", "preempt_rt_hooked", "sleeping",
					    "reentry_deadlocks", "marker", NULL };
	struct lock_kind k = { 0 };

	if (load_check_keys(c, e, "lock kind", keys) < 0 || get_string(c, e, "name", true, "lock_kinds", &k.name) < 0)
		return -1;
	if (get_string(c, e, "description", false, k.name, &k.description) < 0 ||
	    get_bool(c, e, "hooked", false, &k.hooked) < 0 ||
	    get_bool(c, e, "preempt_rt_hooked", k.hooked, &k.hooked_rt) < 0 ||
	    get_bool(c, e, "sleeping", false, &k.sleeping) < 0 ||
	    get_bool(c, e, "reentry_deadlocks", false, &k.reentry_deadlocks) < 0 ||
	    get_bool(c, e, "marker", false, &k.marker) < 0) {
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

/* lock_apis entry: op, kind (must exist), irq, shared, lock_arg, success. */
static int load_api(struct load_ctx *c, json_t *e)
{
	static const char *const keys[] = { "name", "op", "kind", "irq", "shared", "lock_arg", "success", "nested", NULL };
	static const char *const ops[] = { "acquire", "trylock", "release", NULL };
	static const char *const irqs[] = { "none", "irq", "irqsave", "bh", NULL };
	static const char *const succ[] = { "nonzero", "zero", NULL };
	struct lock_api a = { 0 };
	char *op = NULL, *kind = NULL, *irq = NULL, *success = NULL;
	int v = 0, rc = -1;

	if (load_check_keys(c, e, "lock api", keys) < 0 || get_string(c, e, "name", true, "lock_apis", &a.name) < 0)
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
	if (get_bool(c, e, "shared", false, &a.shared) < 0 || get_bool(c, e, "nested", false, &a.nested) < 0 ||
	    get_int(c, e, "lock_arg", 0, -1, 16, &a.lock_arg) < 0)
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

/* accessor_classes entry; a new class after models exist is refused. */
static int load_class(struct load_ctx *c, json_t *e)
{
	static const char *const keys[] = { "name", "description", "posted", "whole_device", NULL };
	struct accessor_class k = { 0 };

	if (load_check_keys(c, e, "accessor class", keys) < 0 ||
	    get_string(c, e, "name", true, "accessor_classes", &k.name) < 0)
		return -1;
	if (get_bool(c, e, "posted", true, &k.posted) < 0 ||
	    get_bool(c, e, "whole_device", false, &k.whole_device) < 0) {
		free(k.name);
		return -1;
	}
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

/* accessors entry: dir, class (must exist), width, addr_arg. */
static int load_accessor(struct load_ctx *c, json_t *e)
{
	static const char *const keys[] = { "name", "dir", "class", "width", "addr_arg", "override", NULL };
	static const char *const dirs[] = { "write", "read", NULL };
	struct accessor a = { 0 };
	char *dir = NULL, *klass = NULL;
	int v = 0, rc = -1;
	bool override = false;

	if (load_check_keys(c, e, "accessor", keys) < 0 || get_string(c, e, "name", true, "accessors", &a.name) < 0)
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
	/* 0: not one access of a fixed size (memcpy_toio, the string forms). */
	if (a.width != 0 && a.width != 8 && a.width != 16 && a.width != 32 && a.width != 64) {
		load_error(c, "width", "accessor '%s': width %d is not 8, 16, 32 or 64 (or 0 for string forms)",
			   a.name, a.width);
		goto out;
	}
	if (get_bool(c, e, "override", false, &override) < 0)
		goto out;
	size_t s = SLOT_FOR(c->r->accessors, a.name);
	if (s < c->r->accessors.n && c->r->accessors.v[s].klass != a.klass && !override) {
		/* a typo or a copied entry must not silently change what writel means */
		load_error(c, a.name, "accessor '%s' is already defined with class '%s'; a second definition "
			   "with class '%s' needs \"override\": true", a.name,
			   c->r->classes.v[c->r->accessors.v[s].klass].name, klass);
		goto out;
	}
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

/* barriers entry. */
static int load_barrier(struct load_ctx *c, json_t *e)
{
	static const char *const keys[] = { "name", "orders_mmio", "mmiowb", NULL };
	struct barrier b = { 0 };

	if (load_check_keys(c, e, "barrier", keys) < 0 || get_string(c, e, "name", true, "barriers", &b.name) < 0)
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

/* The lock api named by field `key` of a guard; it must have op `want`. */
static int guard_api(struct load_ctx *c, json_t *e, const char *guard, const char *key, enum lock_op want,
		     int *out)
{
	char *name = NULL;
	int rc = -1;

	if (get_string(c, e, key, true, guard, &name) < 0)
		return -1;
	size_t s = SLOT_FOR(c->r->apis, name);
	if (s == c->r->apis.n)
		load_error(c, name, "guard '%s': unknown lock api '%s'", guard, name);
	else if (c->r->apis.v[s].op != want)
		load_error(c, name, "guard '%s': '%s' is not an api with op '%s'", guard, name, lock_op_name(want));
	else {
		*out = (int)s;
		rc = 0;
	}
	free(name);
	return rc;
}

/* guards entry: class name, acquire and release apis (both must exist,
 * from any file: guards load after every file's lock_apis). */
static int load_guard(struct load_ctx *c, json_t *e)
{
	static const char *const keys[] = { "name", "acquire", "release", NULL };
	struct lock_guard g = { 0 };

	if (load_check_keys(c, e, "guard", keys) < 0 || get_string(c, e, "name", true, "guards", &g.name) < 0)
		return -1;
	if (guard_api(c, e, g.name, "acquire", LOCK_ACQUIRE, &g.acquire) < 0 ||
	    guard_api(c, e, g.name, "release", LOCK_RELEASE, &g.release) < 0) {
		free(g.name);
		return -1;
	}
	if (c->r->apis.v[g.acquire].kind != c->r->apis.v[g.release].kind) {
		load_error(c, g.name, "guard '%s': acquire and release apis lock different kinds", g.name);
		free(g.name);
		return -1;
	}
	size_t s = SLOT_FOR(c->r->guards, g.name);
	if (s < c->r->guards.n) {
		free(c->r->guards.v[s].name);
		c->r->guards.v[s] = g;
	} else {
		VEC_PUSH(c->r->guards, g);
	}
	return 0;
}

/* annotations entry: macro name and what it means on a function. */
static int load_annotation(struct load_ctx *c, json_t *e)
{
	static const char *const keys[] = { "name", "kind", NULL };
	static const char *const kinds[] = { "must_hold", "acquires", "releases", "init", NULL };
	struct annotation a = { 0 };
	char *kind = NULL;
	int v = 0;

	if (load_check_keys(c, e, "annotation", keys) < 0 || get_string(c, e, "name", true, "annotations", &a.name) < 0)
		return -1;
	if (get_string(c, e, "kind", true, a.name, &kind) < 0 || pick(c, kind, "kind", kinds, &v) < 0) {
		free(a.name);
		free(kind);
		return -1;
	}
	free(kind);
	a.kind = (enum annotation_kind)v;
	size_t s = SLOT_FOR(c->r->annotations, a.name);
	if (s < c->r->annotations.n) {
		free(c->r->annotations.v[s].name);
		c->r->annotations.v[s] = a;
	} else {
		VEC_PUSH(c->r->annotations, a);
	}
	return 0;
}

/* A section that is a list of names (lock_wrappers, static_key_tests,
 * untracked_contexts, calls_taken_false, pure_functions):
 * each name once, in the order first seen. */
static int load_name_list(struct load_ctx *c, json_t *list, const char *section, char_ptr_vec *names)
{
	size_t i;
	json_t *v;

	if (!json_is_array(list))
		return load_error(c, section, "'%s' must be a list of names", section);
	json_array_foreach(list, i, v) {
		bool seen = false;
		if (!json_is_string(v))
			return load_error(c, section, "'%s' entries must be strings", section);
		for (size_t k = 0; k < names->n; k++)
			seen |= !strcmp(names->v[k], json_string_value(v));
		if (!seen)
			VEC_PUSH(*names, xstrdup(json_string_value(v)));
	}
	return 0;
}

/* The name list a list section fills. */
static char_ptr_vec *name_list_of(struct rules *r, const char *section)
{
	if (!strcmp(section, "static_key_tests"))
		return &r->static_key_tests;
	if (!strcmp(section, "untracked_contexts"))
		return &r->untracked_contexts;
	if (!strcmp(section, "calls_taken_false"))
		return &r->calls_taken_false;
	if (!strcmp(section, "pure_functions"))
		return &r->pure_functions;
	return &r->lock_wrappers;
}

/*
 * The sections of a rules file, in the order they are loaded: definitions
 * that others refer to (kinds, classes) first, so a lock API or accessor may
 * name a kind or class from any file of the set.
 */
static const char *const sections[] = { "lock_kinds", "accessor_classes", "lock_wrappers", "static_key_tests",
					"untracked_contexts", "calls_taken_false", "pure_functions", "lock_apis",
					"accessors", "barriers", "models", "checks", "guards", "annotations",
					"frameworks", /* FRAMEWORKS: after lock_kinds (frameworks.c) */
					"entry_points", /* entry_points.c */
					NULL };
static int (*const section_loaders[])(struct load_ctx *, json_t *) = {
	load_kind, load_class, NULL, NULL, NULL, NULL, NULL, load_api, load_accessor, load_barrier, rules_load_model, rules_load_check_entry,
	load_guard, load_annotation, frameworks_load_entry, entry_points_load_entry,
};

/* A parsed file waiting for its sections to be loaded. */
struct rules_file {
	char *path;
	struct strbuf text;
	json_t *root;
};

/* Read and parse one file and check its top level; 0 or -1 with err set. */
static int file_open(struct rules_file *f, const char *path, struct strbuf *err)
{
	struct load_ctx c = { NULL, path, NULL, NULL, err };
	struct strbuf why = STRBUF_INIT;
	json_error_t jerr;
	const char *key;
	json_t *v, *ver;

	f->path = xstrdup(path);
	strbuf_init(&f->text);
	f->root = NULL;
	if (read_regular_file(&f->text, path, RULES_MAX_FILE_BYTES, "a rules file", &why) < 0) {
		strbuf_reset(err);
		if (errno == EFBIG)
			strbuf_addf(err, "%s:1: %s", path, why.buf);
		else
			strbuf_addf(err, "%s: %s", path, why.buf);
		strbuf_release(&why);
		return -1;
	}
	c.text = f->text.buf;
	if (rules_check_text(path, f->text.buf, f->text.len, err) < 0)
		return -1;
	f->root = json_loadb(f->text.buf, f->text.len, JSON_REJECT_DUPLICATES, &jerr);
	if (!f->root) {
		strbuf_reset(err);
		strbuf_addf(err, "%s:%d: ", path, jerr.line > 0 ? jerr.line : 1);
		rules_explain_json_error(jerr.text, err);
		return -1;
	}
	if (!json_is_object(f->root))
		return load_error(&c, NULL, "a rules file must be a JSON object");
	ver = json_object_get(f->root, "mmiocheck_rules");
	if (!ver || !json_is_integer(ver) || json_integer_value(ver) != 1)
		return load_error(&c, "mmiocheck_rules", "missing or unsupported \"mmiocheck_rules\" (must be 1)");
	json_object_foreach(f->root, key, v) {
		bool known = !strcmp(key, "mmiocheck_rules") || !strcmp(key, "comment");
		for (int i = 0; sections[i]; i++)
			known |= !strcmp(sections[i], key);
		if (!known)
			return load_error(&c, key, "unknown top-level key '%s' (known: lock_kinds, lock_wrappers, "
					  "static_key_tests, untracked_contexts, calls_taken_false, pure_functions, lock_apis, accessor_classes, accessors, barriers, models, checks, guards, "
					  "annotations, frameworks, entry_points)", key);
	}
	return 0;
}

static void file_close(struct rules_file *f)
{
	json_decref(f->root);
	strbuf_release(&f->text);
	free(f->path);
	f->root = NULL;
	f->path = NULL;
}

/* Load section number `sec` of an opened file into r (absent: nothing). */
static int file_load_section(struct rules *r, struct rules_file *f, int sec, struct strbuf *err)
{
	struct load_ctx c = { r, f->path, f->text.buf, NULL, err };
	json_t *list = json_object_get(f->root, sections[sec]);

	if (!list)
		return 0;
	if (!section_loaders[sec])
		return load_name_list(&c, list, sections[sec], name_list_of(r, sections[sec]));
	return each_entry(&c, list, sections[sec], section_loaders[sec]);
}

/* Load one whole file into r: all its sections in order. */
int rules_load_file(struct rules *r, const char *path, struct strbuf *err)
{
	struct rules_file f;
	int rc = file_open(&f, path, err);

	for (int sec = 0; rc == 0 && sections[sec]; sec++)
		rc = file_load_section(r, &f, sec, err);
	file_close(&f);
	return rc;
}

/* Error at rules_finish time: no file line is known, name the entry. */
static int finish_error(struct strbuf *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int finish_error(struct strbuf *err, const char *fmt, ...)
{
	va_list ap;

	strbuf_reset(err);
	strbuf_adds(err, "rules: ");
	va_start(ap, fmt);
	strbuf_vaddf(err, fmt, ap);
	va_end(ap);
	return -1;
}

/*
 * Check the set is complete and build the name table.  Each model must have
 * a program for every accessor class (the loader refuses a class added after
 * a model was loaded, so here the arrays exist for all classes).
 */
int rules_finish(struct rules *r, struct strbuf *err)
{
	for (size_t i = 0; i < r->models.n; i++) {
		const struct model *m = &r->models.v[i];
		if (!m->on_write || !m->on_read)
			return finish_error(err, "model '%s' has no on_write/on_read programs", m->name);
		assert(m->flag_reg < m->nregs);
	}
	for (size_t i = 0; i < r->apis.n; i++)
		assert(r->apis.v[i].kind >= 0 && (size_t)r->apis.v[i].kind < r->kinds.n);
	for (size_t i = 0; i < r->accessors.n; i++)
		assert(r->accessors.v[i].klass >= 0 && (size_t)r->accessors.v[i].klass < r->classes.n);
	rules_bind_names(r);
	return 0;
}

typedef VEC(char *) path_vec;

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The *.json files of dir, sorted by name, appended to out; -1 if unreadable. */
static int list_dir(const char *dir, path_vec *out, struct strbuf *err)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t first = out->n;

	if (!d) {
		strbuf_reset(err);
		strbuf_addf(err, "%s: cannot read the rules directory: %s (--rules-dir or MMIOCHECK_RULES name another)", dir,
			    strerror(errno));
		return -1;
	}
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);
		/* compiler-flags.json is the driver's gcc->clang flag table
		 * (analyzer/driver/flags.c), arches.json its architecture ->
		 * model table (analyzer/driver/arches.c): not rules files. */
		if (!strcmp(de->d_name, "compiler-flags.json") || !strcmp(de->d_name, "arches.json"))
			continue;
		if (n > 5 && de->d_name[0] != '.' && !strcmp(de->d_name + n - 5, ".json"))
			VEC_PUSH(*out, xasprintf("%s/%s", dir, de->d_name));
	}
	closedir(d);
	if (out->n > first)
		qsort(out->v + first, out->n - first, sizeof(out->v[0]), cmp_str);
	return 0;
}

/*
 * FRAMEWORKS: the *.json of dir/frameworks (sorted), loaded after dir's own
 * files and before the extra ones; a directory without it is fine.
 */
static int list_frameworks_dir(const char *dir, path_vec *out, struct strbuf *err)
{
	char *sub = xasprintf("%s/frameworks", dir);
	struct stat st;
	int rc = 0;

	if (stat(sub, &st) == 0 || errno != ENOENT)
		rc = list_dir(sub, out, err);
	free(sub);
	return rc;
}

/*
 * Load the directory's files (sorted) and then the extra files.  All files
 * are parsed first and loaded section by section across files, so that a
 * file may use a kind or class another file defines whatever their names;
 * within a section a later file replaces an earlier entry of the same name.
 */
struct rules *rules_load(const char *dir, const char *const *extra, int nextra, struct strbuf *err)
{
	struct rules *r = rules_new();
	path_vec paths = VEC_INIT;
	struct rules_file *files;
	size_t nopen = 0;
	int rc = list_dir(dir, &paths, err);

	if (rc == 0)
		rc = list_frameworks_dir(dir, &paths, err);	/* FRAMEWORKS */

	for (int i = 0; rc == 0 && i < nextra; i++)
		VEC_PUSH(paths, xstrdup(extra[i]));
	files = xcalloc(paths.n ? paths.n : 1, sizeof(*files));
	for (; rc == 0 && nopen < paths.n; nopen++)
		rc = file_open(&files[nopen], paths.v[nopen], err);
	for (int sec = 0; rc == 0 && sections[sec]; sec++)
		for (size_t i = 0; rc == 0 && i < paths.n; i++)
			rc = file_load_section(r, &files[i], sec, err);
	if (rc == 0)
		rc = rules_finish(r, err);
	for (size_t i = 0; i < nopen; i++)
		file_close(&files[i]);
	free(files);
	for (size_t i = 0; i < paths.n; i++)
		free(paths.v[i]);
	VEC_FREE(paths);
	if (rc < 0) {
		rules_free(r);
		return NULL;
	}
	return r;
}
