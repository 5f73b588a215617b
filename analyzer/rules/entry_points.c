/*
 * entry_points.c - the "entry_points" section of rules files: functions
 * the kernel runs with no driver lock (interrupt handlers, NAPI poll,
 * tasklets, timers, work items) and setup paths (dev_pm_ops slots, open
 * before the interrupt is requested).  Parsed with the field readers of
 * frameworks.c; an error names the file, the line and the reason.  The
 * format is documented in docs/frameworks.md.
 */
#include "entry_points.h"
#include "frameworks.h"
#include "rules_int.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

struct entry_points {
	VEC(struct entry_point *) entries;
};

static const char *const kind_names[] = { "irq", "napi", "tasklet", "timer", "work", "setup", "open", NULL };

const char *entry_kind_name(enum entry_kind k)
{
	assert(k < ENTRY_NKINDS);
	return kind_names[k];
}

const char *entry_kind_what(enum entry_kind k)
{
	static const char *const what[] = { "an interrupt handler", "a NAPI poll function", "a tasklet",
					    "a timer callback", "a work item", "a setup path",
					    "an open path" };
	assert(k < ENTRY_NKINDS);
	return what[k];
}

static void free_entry(struct entry_point *e)
{
	if (!e)
		return;
	for (size_t i = 0; i < e->calls.n; i++)
		free(e->calls.v[i].function);
	VEC_FREE(e->calls);
	for (size_t i = 0; i < e->slots.n; i++) {
		free(e->slots.v[i].struct_type);
		free(e->slots.v[i].field);
	}
	VEC_FREE(e->slots);
	for (size_t i = 0; i < e->sources.n; i++)
		free(e->sources.v[i]);
	VEC_FREE(e->sources);
	free(e->name);
	free(e->framework);
	free(e->versions);
	free(e->note);
	free(e->file);
	free(e);
}

void entry_points_free(struct rules *r)
{
	struct entry_points *ep = r->entry_points;

	if (!ep)
		return;
	for (size_t i = 0; i < ep->entries.n; i++)
		free_entry(ep->entries.v[i]);
	VEC_FREE(ep->entries);
	free(ep);
	r->entry_points = NULL;
}

/* One object of "calls": { "function": "request_irq", "arg": 1 }. */
static int load_call(struct load_ctx *c, json_t *o, struct entry_point *e)
{
	static const char *const keys[] = { "function", "arg", NULL };
	struct entry_call call = { NULL, 0 };
	json_t *arg;

	if (!json_is_object(o))
		return load_error(c, "calls", "entry point '%s': 'calls' entries must be objects", e->name);
	if (load_check_keys(c, o, "entry point call", keys) < 0 ||
	    fw_string(c, o, "function", true, "entry point call", &call.function) < 0)
		return -1;
	arg = json_object_get(o, "arg");
	if (!arg || !json_is_integer(arg) || json_integer_value(arg) < 0 || json_integer_value(arg) > 16) {
		load_error(c, call.function, "entry point '%s': call '%s' needs 'arg', an integer in 0..16",
			   e->name, call.function);
		free(call.function);
		return -1;
	}
	call.arg = (int)json_integer_value(arg);
	VEC_PUSH(e->calls, call);
	return 0;
}

/* One object of "slots": { "struct": "dev_pm_ops", "fields": [...] }. */
static int load_slot(struct load_ctx *c, json_t *o, struct entry_point *e)
{
	static const char *const keys[] = { "struct", "fields", NULL };
	VEC(char *) fields = VEC_INIT;
	char *type = NULL;
	int rc = -1;

	if (!json_is_object(o))
		return load_error(c, "slots", "entry point '%s': 'slots' entries must be objects", e->name);
	if (load_check_keys(c, o, "entry point slot", keys) < 0 ||
	    fw_string(c, o, "struct", true, "entry point slot", &type) < 0)
		goto out;
	if (!strncmp(type, "struct ", 7) || strchr(type, ' ')) {
		load_error(c, type, "entry point '%s': 'struct' is the bare struct tag (\"dev_pm_ops\"), got '%s'",
			   e->name, type);
		goto out;
	}
	if (fw_string_list(c, o, "fields", "entry point slot", &fields) < 0)
		goto out;
	for (size_t i = 0; i < fields.n; i++) {
		struct entry_slot s = { xstrdup(type), fields.v[i] };
		VEC_PUSH(e->slots, s);
		fields.v[i] = NULL;
	}
	rc = 0;
out:
	for (size_t i = 0; i < fields.n; i++)
		free(fields.v[i]);
	VEC_FREE(fields);
	free(type);
	return rc;
}

/* The optional list `key` of objects, each loaded by one(). */
static int load_list(struct load_ctx *c, json_t *e, const char *key, struct entry_point *ep,
		     int (*one)(struct load_ctx *, json_t *, struct entry_point *))
{
	json_t *list = json_object_get(e, key), *v;
	size_t i;

	if (!list)
		return 0;
	if (!json_is_array(list) || !json_array_size(list))
		return load_error(c, key, "entry point '%s': '%s' must be a non-empty list", ep->name, key);
	json_array_foreach(list, i, v)
		if (one(c, v, ep) < 0)
			return -1;
	return 0;
}

/* Fields of one entry (name already read). */
static int parse_entry(struct load_ctx *c, json_t *e, struct entry_point *ep)
{
	static const char *const keys[] = { "name", "framework", "kind", "calls", "slots", "versions",
					    "source", "note", NULL };
	const char *what = "entry point";
	char *kind = NULL;
	int k = 0, rc;

	if (load_check_keys(c, e, what, keys) < 0 || fw_string(c, e, "framework", true, what, &ep->framework) < 0 ||
	    fw_string(c, e, "kind", true, what, &kind) < 0)
		return -1;
	rc = fw_pick(c, kind, "kind", kind_names, &k);
	free(kind);
	if (rc < 0)
		return -1;
	ep->kind = (enum entry_kind)k;
	if (load_list(c, e, "calls", ep, load_call) < 0 || load_list(c, e, "slots", ep, load_slot) < 0)
		return -1;
	if (!ep->calls.n && !ep->slots.n)
		return load_error(c, ep->name, "entry point '%s': needs 'calls' or 'slots'", ep->name);
	if (fw_string(c, e, "versions", true, what, &ep->versions) < 0)
		return -1;
	if (framework_parse_versions(ep->versions, &ep->version_from, &ep->version_to) < 0)
		return load_error(c, ep->versions, "entry point '%s': bad versions '%s' "
				  "(\"6.1\", \"5.2-6.1\" or \"4.19-\")", ep->name, ep->versions);
	if (fw_string_list(c, e, "source", what, &ep->sources) < 0 || fw_string(c, e, "note", false, what, &ep->note) < 0)
		return -1;
	ep->file = xstrdup(c->path);
	ep->line = fw_entry_line(c, ep->name);
	return 0;
}

/* Refuse a call or slot that another entry (by another name) already
 * gives: what a registration means must not depend on file order. */
static int check_unique(struct load_ctx *c, const struct entry_points *ep, const struct entry_point *e)
{
	for (size_t i = 0; i < ep->entries.n; i++) {
		const struct entry_point *o = ep->entries.v[i];
		if (!strcmp(o->name, e->name))
			continue;
		for (size_t k = 0; k < e->calls.n; k++)
			for (size_t j = 0; j < o->calls.n; j++)
				if (!strcmp(e->calls.v[k].function, o->calls.v[j].function) &&
				    e->calls.v[k].arg == o->calls.v[j].arg)
					return load_error(c, e->calls.v[k].function, "entry point '%s': argument %d of "
							  "%s() is already given by entry '%s' (%s:%d)", e->name,
							  e->calls.v[k].arg, e->calls.v[k].function, o->name, o->file, o->line);
		for (size_t k = 0; k < e->slots.n; k++)
			for (size_t j = 0; j < o->slots.n; j++)
				if (!strcmp(e->slots.v[k].struct_type, o->slots.v[j].struct_type) &&
				    !strcmp(e->slots.v[k].field, o->slots.v[j].field))
					return load_error(c, e->slots.v[k].field, "entry point '%s': slot %s.%s is "
							  "already given by entry '%s' (%s:%d)", e->name,
							  e->slots.v[k].struct_type, e->slots.v[k].field, o->name,
							  o->file, o->line);
	}
	return 0;
}

/* Load one entry; a later entry with the same name replaces it whole. */
int entry_points_load_entry(struct load_ctx *c, json_t *e)
{
	struct entry_points *ep = c->r->entry_points;
	struct entry_point *x = xcalloc(1, sizeof(*x));
	size_t i;

	if (!ep)
		ep = c->r->entry_points = xcalloc(1, sizeof(*ep));
	if (!json_object_get(e, "name")) {
		free_entry(x);
		return load_error(c, "entry_points", "entry point: missing required field 'name'");
	}
	if (fw_string(c, e, "name", true, "entry point", &x->name) < 0 || parse_entry(c, e, x) < 0 ||
	    check_unique(c, ep, x) < 0) {
		free_entry(x);
		return -1;
	}
	for (i = 0; i < ep->entries.n && strcmp(ep->entries.v[i]->name, x->name); i++)
		;
	if (i < ep->entries.n) {
		free_entry(ep->entries.v[i]);
		ep->entries.v[i] = x;
	} else {
		VEC_PUSH(ep->entries, x);
	}
	return 0;
}

/* ---- queries ---- */

const struct entry_point *rules_entry_call(const struct rules *r, const char *function, int arg)
{
	const struct entry_points *ep = r->entry_points;

	for (size_t i = 0; ep && function && i < ep->entries.n; i++)
		for (size_t k = 0; k < ep->entries.v[i]->calls.n; k++) {
			const struct entry_call *c = &ep->entries.v[i]->calls.v[k];
			if (c->arg == arg && !strcmp(c->function, function))
				return ep->entries.v[i];
		}
	return NULL;
}

bool rules_entry_registers(const struct rules *r, const char *function)
{
	const struct entry_points *ep = r->entry_points;

	for (size_t i = 0; ep && function && i < ep->entries.n; i++)
		for (size_t k = 0; k < ep->entries.v[i]->calls.n; k++)
			if (!strcmp(ep->entries.v[i]->calls.v[k].function, function))
				return true;
	return false;
}

const struct entry_point *rules_entry_slot(const struct rules *r, const char *struct_type, const char *field)
{
	const struct entry_points *ep = r->entry_points;

	if (!ep || !struct_type || !field)
		return NULL;
	if (!strncmp(struct_type, "struct ", 7))
		struct_type += 7;
	for (size_t i = 0; i < ep->entries.n; i++)
		for (size_t k = 0; k < ep->entries.v[i]->slots.n; k++) {
			const struct entry_slot *s = &ep->entries.v[i]->slots.v[k];
			if (!strcmp(s->struct_type, struct_type) && !strcmp(s->field, field))
				return ep->entries.v[i];
		}
	return NULL;
}

size_t rules_entry_nentries(const struct rules *r)
{
	return r->entry_points ? r->entry_points->entries.n : 0;
}

const struct entry_point *rules_entry_at(const struct rules *r, size_t i)
{
	assert(i < rules_entry_nentries(r));
	return r->entry_points->entries.v[i];
}
