/*
 * frameworks.c - the "frameworks" section of rules files (shipped in
 * rules/frameworks/ *.json): callback slots the kernel calls with a lock
 * held.  Parsed with Jansson like every other section; an error names the
 * file, the line of the offending entry or value, and the reason.  The
 * format is documented in docs/frameworks.md.
 */
#include "frameworks.h"
#include "rules_int.h"

#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/*
 * What the frameworks section loaded.  Entries are heap-allocated so the
 * slots can point at them; the slot table is rebuilt whenever an entry is
 * added or replaced, so it always lists each (struct, field) once.
 */
struct frameworks {
	VEC(struct framework_entry *) entries;
	VEC(struct framework_slot) slots;
};

static struct frameworks *fw_of(struct rules *r)
{
	if (!r->frameworks)
		r->frameworks = xcalloc(1, sizeof(*r->frameworks));
	return r->frameworks;
}

/* ---- small field readers (errors point at the key's line) ---- */

/* A string field, copied into *out; NULL when absent and not required. */
int fw_string(struct load_ctx *c, json_t *obj, const char *key, bool required, const char *what,
		     char **out)
{
	json_t *v = json_object_get(obj, key);

	*out = NULL;
	if (!v)
		return required ? load_error(c, NULL, "%s: missing required field '%s'", what, key) : 0;
	if (!json_is_string(v) || !*json_string_value(v))
		return load_error(c, key, "%s: field '%s' must be a non-empty string", what, key);
	*out = xstrdup(json_string_value(v));
	return 0;
}

/* A required non-empty list of non-empty strings, appended to out. */
int fw_string_list(struct load_ctx *c, json_t *obj, const char *key, const char *what, void *outv)
{
	VEC(char *) *out = outv;
	json_t *list = json_object_get(obj, key), *v;
	size_t i;

	if (!list)
		return load_error(c, NULL, "%s: missing required field '%s'", what, key);
	if (!json_is_array(list) || !json_array_size(list))
		return load_error(c, key, "%s: '%s' must be a non-empty list of strings", what, key);
	json_array_foreach(list, i, v) {
		if (!json_is_string(v) || !*json_string_value(v))
			return load_error(c, key, "%s: '%s' entry %zu must be a non-empty string", what, key, i);
		VEC_PUSH(*out, xstrdup(json_string_value(v)));
	}
	return 0;
}

/* Map a string to its index in names (NULL-terminated), else an error. */
int fw_pick(struct load_ctx *c, const char *value, const char *key, const char *const *names, int *out)
{
	struct strbuf known = STRBUF_INIT;

	for (int i = 0; names[i]; i++)
		if (!strcmp(names[i], value)) {
			*out = i;
			return 0;
		}
	for (int i = 0; names[i]; i++)
		strbuf_addf(&known, "%s%s", i ? ", " : "", names[i]);
	load_error(c, value, "bad value '%s' for '%s' (one of: %s)", value, key, known.buf);
	strbuf_release(&known);
	return -1;
}

/* ---- versions ---- */

/* Parse "A.B" or "A.B.C" at *p into a FW_KERNEL_VERSION; advances *p. */
static int parse_one_version(const char **p, int *out)
{
	long part[3] = { 0, 0, 0 };
	int n = 0;

	while (n < 3 && isdigit((unsigned char)**p)) {
		char *end;
		part[n++] = strtol(*p, &end, 10);
		*p = end;
		if (**p != '.')
			break;
		(*p)++;
	}
	if (n < 2 || (*p)[-1] == '.' || part[0] > 255 || part[1] > 255 || part[2] > 255)
		return -1;
	*out = FW_KERNEL_VERSION((int)part[0], (int)part[1], (int)part[2]);
	return n;
}

/*
 * "6.1" means every 6.1.y; "5.2-6.1" from 5.2 through 6.1.y; "4.19-" from
 * 4.19 on.  A bound given as A.B.C is exact.  0 or -1.
 */
int framework_parse_versions(const char *text, int *from, int *to)
{
	const char *p = text;
	int n = parse_one_version(&p, from);

	if (n < 0)
		return -1;
	if (!*p) {
		*to = n == 2 ? *from + 255 : *from;
		return 0;
	}
	if (*p++ != '-')
		return -1;
	if (!*p) {
		*to = 0;
		return 0;
	}
	n = parse_one_version(&p, to);
	if (n < 0 || *p || *to < *from)
		return -1;
	if (n == 2)
		*to += 255;
	return 0;
}

bool framework_applies(const struct framework_entry *e, int kernel_version)
{
	if (!kernel_version)
		return true;
	return kernel_version >= e->version_from && (!e->version_to || kernel_version <= e->version_to);
}

/* ---- freeing ---- */

static void free_lock(struct framework_lock *l)
{
	for (size_t i = 0; i < l->nconds; i++) {
		free(l->conds[i].flag);
		free(l->conds[i].field);
		free(l->conds[i].source);
	}
	free(l->conds);
	free(l->name);
	free(l->type_path);
	free(l->arg_path);
}

static void free_entry(struct framework_entry *e)
{
	if (!e)
		return;
	for (size_t i = 0; i < e->nlocks; i++)
		free_lock(&e->locks[i]);
	free(e->locks);
	for (size_t i = 0; i < e->fields.n; i++)
		free(e->fields.v[i]);
	VEC_FREE(e->fields);
	for (size_t i = 0; i < e->sources.n; i++)
		free(e->sources.v[i]);
	VEC_FREE(e->sources);
	free(e->name);
	free(e->framework);
	free(e->struct_type);
	free(e->versions);
	free(e->note);
	free(e->file);
	free(e);
}

void frameworks_free(struct rules *r)
{
	struct frameworks *fw = r->frameworks;

	if (!fw)
		return;
	for (size_t i = 0; i < fw->entries.n; i++)
		free_entry(fw->entries.v[i]);
	VEC_FREE(fw->entries);
	VEC_FREE(fw->slots);
	free(fw);
	r->frameworks = NULL;
}

/* ---- parsing one entry ---- */

/* One condition object of a lock's "conditions" list. */
static int load_condition(struct load_ctx *c, json_t *o, struct framework_condition *cond)
{
	static const char *const keys[] = { "when", "flag", "field", "effect", "source", NULL };
	static const char *const whens[] = { "flag_set", NULL };
	static const char *const effects[] = { "not_held", NULL };
	char *when = NULL, *effect = NULL;
	int v = 0, rc = -1;

	if (!json_is_object(o))
		return load_error(c, "conditions", "framework lock: 'conditions' entries must be objects");
	if (load_check_keys(c, o, "framework condition", keys) < 0 ||
	    fw_string(c, o, "when", true, "framework condition", &when) < 0 ||
	    fw_pick(c, when, "when", whens, &v) < 0)
		goto out;
	cond->when = (enum fw_cond_when)v;
	if (fw_string(c, o, "flag", true, "framework condition", &cond->flag) < 0 ||
	    fw_string(c, o, "field", true, "framework condition", &cond->field) < 0 ||
	    fw_string(c, o, "effect", true, "framework condition", &effect) < 0 ||
	    fw_pick(c, effect, "effect", effects, &v) < 0)
		goto out;
	cond->effect = (enum fw_cond_effect)v;
	if (fw_string(c, o, "source", true, "framework condition", &cond->source) < 0)
		goto out;
	rc = 0;
out:
	free(when);
	free(effect);
	return rc;
}

/* The optional "arg"/"path" pair: the lock is &argN->path. */
static int load_lock_arg(struct load_ctx *c, json_t *o, struct framework_lock *l)
{
	json_t *arg = json_object_get(o, "arg");

	l->arg = -1;
	if (fw_string(c, o, "path", false, "framework lock", &l->arg_path) < 0)
		return -1;
	if (!arg && !l->arg_path)
		return 0;
	if (!arg || !l->arg_path)
		return load_error(c, arg ? "arg" : "path", "framework lock '%s': 'arg' and 'path' go together", l->name);
	if (!json_is_integer(arg) || json_integer_value(arg) < 0 || json_integer_value(arg) > 16)
		return load_error(c, "arg", "framework lock '%s': 'arg' must be an integer in 0..16", l->name);
	l->arg = (int)json_integer_value(arg);
	return 0;
}

/* One object of an entry's "locks" list. */
static int load_lock(struct load_ctx *c, json_t *o, struct framework_lock *l)
{
	static const char *const keys[] = { "name", "kind", "irq", "type", "arg", "path", "coarse",
					    "conditions", NULL };
	static const char *const irqs[] = { "none", "irq", "irqsave", "bh", NULL };
	char *kind = NULL, *irq = NULL;
	json_t *conds, *v;
	int mode = 0, rc = -1;
	size_t i;

	if (!json_is_object(o))
		return load_error(c, "locks", "framework entry: 'locks' entries must be objects");
	if (load_check_keys(c, o, "framework lock", keys) < 0 ||
	    fw_string(c, o, "name", true, "framework lock", &l->name) < 0 ||
	    fw_string(c, o, "kind", true, "framework lock", &kind) < 0)
		goto out;
	l->kind = rules_find_kind(c->r, kind);
	if (l->kind < 0) {
		load_error(c, kind, "framework lock '%s': unknown lock kind '%s'", l->name, kind);
		goto out;
	}
	if (fw_string(c, o, "irq", false, "framework lock", &irq) < 0 ||
	    (irq && fw_pick(c, irq, "irq", irqs, &mode) < 0))
		goto out;
	l->irq = (enum irq_mode)mode;
	if (fw_string(c, o, "type", false, "framework lock", &l->type_path) < 0 || load_lock_arg(c, o, l) < 0)
		goto out;
	v = json_object_get(o, "coarse");
	if (v && !json_is_boolean(v)) {
		load_error(c, "coarse", "framework lock '%s': 'coarse' must be true or false", l->name);
		goto out;
	}
	l->coarse = v && json_is_true(v);
	conds = json_object_get(o, "conditions");
	if (conds && !json_is_array(conds)) {
		load_error(c, "conditions", "framework lock '%s': 'conditions' must be a list", l->name);
		goto out;
	}
	l->conds = xcalloc(conds ? json_array_size(conds) + 1 : 1, sizeof(*l->conds));
	json_array_foreach(conds, i, v) {
		l->nconds++;
		if (load_condition(c, v, &l->conds[i]) < 0)
			goto out;
	}
	rc = 0;
out:
	free(kind);
	free(irq);
	return rc;
}

/* The entry's "locks": a non-empty list. */
static int load_locks(struct load_ctx *c, json_t *e, struct framework_entry *fe)
{
	json_t *list = json_object_get(e, "locks"), *v;
	size_t i;

	if (!list)
		return load_error(c, NULL, "framework entry '%s': missing required field 'locks'", fe->name);
	if (!json_is_array(list) || !json_array_size(list))
		return load_error(c, "locks", "framework entry '%s': 'locks' must be a non-empty list", fe->name);
	fe->locks = xcalloc(json_array_size(list), sizeof(*fe->locks));
	json_array_foreach(list, i, v) {
		fe->nlocks++;
		if (load_lock(c, v, &fe->locks[i]) < 0)
			return -1;
	}
	return 0;
}

/* Line of the entry's name in its file, for listings and messages. */
int fw_entry_line(const struct load_ctx *c, const char *name)
{
	struct strbuf q = STRBUF_INIT;
	const char *hit;
	int line = 1;

	strbuf_addf(&q, "\"%s\"", name);
	hit = strstr(c->text, q.buf);
	strbuf_release(&q);
	for (const char *p = c->text; hit && p < hit; p++)
		line += *p == '\n';
	return line;
}

/* Parse the fields of one entry into fe (fe->name already set). */
static int parse_entry(struct load_ctx *c, json_t *e, struct framework_entry *fe)
{
	static const char *const keys[] = { "name", "framework", "struct", "fields", "locks", "versions",
					    "source", "note", NULL };
	const char *what = "framework entry";

	if (load_check_keys(c, e, what, keys) < 0 || fw_string(c, e, "framework", true, what, &fe->framework) < 0 ||
	    fw_string(c, e, "struct", true, what, &fe->struct_type) < 0)
		return -1;
	if (!strncmp(fe->struct_type, "struct ", 7) || strchr(fe->struct_type, ' '))
		return load_error(c, fe->struct_type, "framework entry '%s': 'struct' is the bare struct tag "
				  "(\"net_device_ops\"), got '%s'", fe->name, fe->struct_type);
	if (fw_string_list(c, e, "fields", what, &fe->fields) < 0 || load_locks(c, e, fe) < 0 ||
	    fw_string(c, e, "versions", true, what, &fe->versions) < 0)
		return -1;
	if (framework_parse_versions(fe->versions, &fe->version_from, &fe->version_to) < 0)
		return load_error(c, fe->versions, "framework entry '%s': bad versions '%s' "
				  "(\"6.1\", \"5.2-6.1\" or \"4.19-\")", fe->name, fe->versions);
	if (fw_string_list(c, e, "source", what, &fe->sources) < 0 || fw_string(c, e, "note", false, what, &fe->note) < 0)
		return -1;
	fe->file = xstrdup(c->path);
	fe->line = fw_entry_line(c, fe->name);
	return 0;
}

/* Rebuild the slot table from the entries, in entry order. */
static void rebuild_slots(struct frameworks *fw)
{
	fw->slots.n = 0;
	for (size_t i = 0; i < fw->entries.n; i++) {
		const struct framework_entry *e = fw->entries.v[i];
		for (size_t k = 0; k < e->fields.n; k++) {
			struct framework_slot s = { e->struct_type, e->fields.v[k], e, e->locks, e->nlocks };
			VEC_PUSH(fw->slots, s);
		}
	}
}

/*
 * Refuse a slot that another entry (by another name) already gives, or that
 * the entry lists twice: which locks apply must never depend on file order
 * silently.  Replacing is done by reusing the entry's name.
 */
static int check_slots(struct load_ctx *c, const struct frameworks *fw, const struct framework_entry *fe)
{
	for (size_t k = 0; k < fe->fields.n; k++) {
		for (size_t j = 0; j < k; j++)
			if (!strcmp(fe->fields.v[j], fe->fields.v[k]))
				return load_error(c, fe->fields.v[k], "framework entry '%s': field '%s' listed twice",
						  fe->name, fe->fields.v[k]);
		for (size_t i = 0; i < fw->slots.n; i++) {
			const struct framework_slot *s = &fw->slots.v[i];
			if (strcmp(s->entry->name, fe->name) && !strcmp(s->struct_type, fe->struct_type) &&
			    !strcmp(s->field, fe->fields.v[k]))
				return load_error(c, fe->fields.v[k], "framework entry '%s': slot %s.%s is already "
						  "given by entry '%s' (%s:%d); reuse that name to replace it",
						  fe->name, fe->struct_type, fe->fields.v[k], s->entry->name,
						  s->entry->file, s->entry->line);
		}
	}
	return 0;
}

/*
 * Load one "frameworks" entry (called by load.c for every object of the
 * section, with the entry's name as the error anchor).  A later entry with
 * the same name replaces the earlier one whole.
 */
int frameworks_load_entry(struct load_ctx *c, json_t *e)
{
	struct frameworks *fw = fw_of(c->r);
	struct framework_entry *fe = xcalloc(1, sizeof(*fe));
	size_t slot;

	if (!json_object_get(e, "name")) {
		free_entry(fe);
		return load_error(c, "frameworks", "framework entry: missing required field 'name'");
	}
	if (fw_string(c, e, "name", true, "framework entry", &fe->name) < 0 || parse_entry(c, e, fe) < 0 ||
	    check_slots(c, fw, fe) < 0) {
		free_entry(fe);
		return -1;
	}
	for (slot = 0; slot < fw->entries.n && strcmp(fw->entries.v[slot]->name, fe->name); slot++)
		;
	if (slot < fw->entries.n) {
		free_entry(fw->entries.v[slot]);
		fw->entries.v[slot] = fe;
	} else {
		VEC_PUSH(fw->entries, fe);
	}
	rebuild_slots(fw);
	return 0;
}

/* ---- queries ---- */

const struct framework_slot *rules_framework_slot(const struct rules *r, const char *struct_type,
						  const char *field)
{
	const struct frameworks *fw = r->frameworks;

	if (!fw || !struct_type || !field)
		return NULL;
	if (!strncmp(struct_type, "struct ", 7))
		struct_type += 7;
	for (size_t i = 0; i < fw->slots.n; i++)
		if (!strcmp(fw->slots.v[i].struct_type, struct_type) && !strcmp(fw->slots.v[i].field, field))
			return &fw->slots.v[i];
	return NULL;
}

size_t rules_framework_nslots(const struct rules *r)
{
	return r->frameworks ? r->frameworks->slots.n : 0;
}

const struct framework_slot *rules_framework_slot_at(const struct rules *r, size_t i)
{
	assert(i < rules_framework_nslots(r));
	return &r->frameworks->slots.v[i];
}

size_t rules_framework_nentries(const struct rules *r)
{
	return r->frameworks ? r->frameworks->entries.n : 0;
}

const struct framework_entry *rules_framework_entry_at(const struct rules *r, size_t i)
{
	assert(i < rules_framework_nentries(r));
	return r->frameworks->entries.v[i];
}

bool framework_lock_held(const struct framework_lock *l,
			 bool (*flag_set)(void *ctx, const char *flag, const char *field), void *ctx)
{
	for (size_t i = 0; i < l->nconds; i++) {
		const struct framework_condition *k = &l->conds[i];
		assert(k->when == FW_WHEN_FLAG_SET && k->effect == FW_EFFECT_NOT_HELD);
		if (flag_set && flag_set(ctx, k->flag, k->field))
			return false;
	}
	return true;
}
