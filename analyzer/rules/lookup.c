/*
 * lookup.c - the rule set in memory: creation, name lookup, freeing.
 */
#include "rules_int.h"
#include "frameworks.h"
#include "entry_points.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct rules *rules_new(void)
{
	struct rules *r = xcalloc(1, sizeof(*r));

	r->names = strpool_new();
	return r;
}

static void prog_free(struct model_prog *p)
{
	for (int i = 0; i < p->n; i++)
		if (p->ops[i].kind == MOP_IF)
			prog_free(&p->ops[i].then);
	free(p->ops);
	p->ops = NULL;
	p->n = 0;
}

/* Free what a model owns (programs are sized by the class count). */
void rules_free_model(struct rules *r, struct model *m)
{
	free(m->name);
	free(m->summary);
	free(m->explain);
	free(m->below_contract_why);
	for (int k = 0; k < m->nregs; k++)
		free(m->regs[k]);
	prog_free(&m->on_acquire);
	prog_free(&m->on_trylock_attempt);
	prog_free(&m->on_release);
	for (size_t c = 0; c < r->classes.n; c++) {
		if (m->on_write)
			prog_free(&m->on_write[c]);
		if (m->on_read)
			prog_free(&m->on_read[c]);
	}
	free(m->on_write);
	free(m->on_read);
	memset(m, 0, sizeof(*m));
}

/* Free a name-list section (load_name_list) and its names. */
static void free_name_list(char_ptr_vec *names)
{
	for (size_t n = 0; n < names->n; n++)
		free(names->v[n]);
	VEC_FREE(*names);
}

void rules_free(struct rules *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->kinds.n; i++) {
		free(r->kinds.v[i].name);
		free(r->kinds.v[i].description);
	}
	for (size_t i = 0; i < r->apis.n; i++)
		free(r->apis.v[i].name);
	for (size_t i = 0; i < r->classes.n; i++) {
		free(r->classes.v[i].name);
		free(r->classes.v[i].description);
	}
	for (size_t i = 0; i < r->accessors.n; i++)
		free(r->accessors.v[i].name);
	for (size_t i = 0; i < r->barriers.n; i++)
		free(r->barriers.v[i].name);
	for (size_t i = 0; i < r->models.n; i++)
		rules_free_model(r, &r->models.v[i]);
	rules_free_check_entries(r);
	free_name_list(&r->lock_wrappers);
	free_name_list(&r->static_key_tests);
	free_name_list(&r->untracked_contexts);
	free_name_list(&r->calls_taken_false);
	free_name_list(&r->pure_functions);
	for (size_t i = 0; i < r->guards.n; i++)
		free(r->guards.v[i].name);
	for (size_t i = 0; i < r->annotations.n; i++)
		free(r->annotations.v[i].name);
	VEC_FREE(r->guards);
	VEC_FREE(r->annotations);
	VEC_FREE(r->kinds);
	VEC_FREE(r->apis);
	VEC_FREE(r->classes);
	VEC_FREE(r->accessors);
	VEC_FREE(r->barriers);
	VEC_FREE(r->models);
	VEC_FREE(r->checks);
	VEC_FREE(r->by_name);
	rules_free_load_index(r);
	frameworks_free(r);	/* FRAMEWORKS (frameworks.c) */
	entry_points_free(r);
	strpool_free(r->names);
	free(r);
}

/* Register `name` as meaning `ref` (a later registration wins). */
static void bind_name(struct rules *r, const char *name, enum rule_ref_kind kind, int index)
{
	str_id id = strpool_intern(r->names, name);
	struct rule_ref none = { REF_NONE, -1 };

	while (r->by_name.n <= id)
		VEC_PUSH(r->by_name, none);
	r->by_name.v[id].kind = kind;
	r->by_name.v[id].index = index;
}

/* Build the name table; called by rules_finish after loading. */
void rules_bind_names(struct rules *r)
{
	for (size_t i = 0; i < r->lock_wrappers.n; i++)
		bind_name(r, r->lock_wrappers.v[i], REF_LOCK_WRAPPER, (int)i);
	for (size_t i = 0; i < r->barriers.n; i++)
		bind_name(r, r->barriers.v[i].name, REF_BARRIER, (int)i);
	for (size_t i = 0; i < r->accessors.n; i++)
		bind_name(r, r->accessors.v[i].name, REF_ACCESSOR, (int)i);
	for (size_t i = 0; i < r->apis.n; i++)
		bind_name(r, r->apis.v[i].name, REF_LOCK, (int)i);
}

struct rule_ref rules_lookup(const struct rules *r, const char *name)
{
	struct rule_ref none = { REF_NONE, -1 };
	str_id id = name ? strpool_find(r->names, name) : 0;

	if (!id || id >= r->by_name.n)
		return none;
	return r->by_name.v[id];
}

#define FIND_BY_NAME(vec, name) do { \
	for (size_t i_ = 0; i_ < (vec).n; i_++) \
		if (!strcmp((vec).v[i_].name, (name))) \
			return (int)i_; \
	return -1; } while (0)

int rules_find_model(const struct rules *r, const char *name) { FIND_BY_NAME(r->models, name); }
int rules_find_kind(const struct rules *r, const char *name) { FIND_BY_NAME(r->kinds, name); }
int rules_find_class(const struct rules *r, const char *name) { FIND_BY_NAME(r->classes, name); }
int rules_find_guard(const struct rules *r, const char *name) { FIND_BY_NAME(r->guards, name); }
int rules_find_annotation(const struct rules *r, const char *name) { FIND_BY_NAME(r->annotations, name); }

/* Is name one of the list's?  A handful of names: a scan is as fast as
 * a table, and keeps them out of rules_lookup(), where a name means a
 * call with events. */
static bool name_listed(const char *const *names, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return true;
	return false;
}

bool rules_is_static_key_test(const struct rules *r, const char *name)
{
	return name_listed((const char *const *)r->static_key_tests.v, r->static_key_tests.n, name);
}

bool rules_is_untracked_context(const struct rules *r, const char *name)
{
	return name_listed((const char *const *)r->untracked_contexts.v, r->untracked_contexts.n, name);
}

bool rules_is_pure_function(const struct rules *r, const char *name)
{
	return name_listed((const char *const *)r->pure_functions.v, r->pure_functions.n, name);
}

bool rules_is_call_taken_false(const struct rules *r, const char *name)
{
	return name_listed((const char *const *)r->calls_taken_false.v, r->calls_taken_false.n, name);
}

const struct check_info *rules_find_check(const struct rules *r, const char *id)
{
	for (size_t i = 0; i < r->checks.n; i++)
		if (!strcmp(r->checks.v[i].id, id))
			return &r->checks.v[i];
	return NULL;
}

const char *irq_mode_name(enum irq_mode m)
{
	static const char *const names[] = { "none", "irq", "irqsave", "bh" };
	return (unsigned)m < 4 ? names[m] : "?";
}

const char *lock_op_name(enum lock_op op)
{
	static const char *const names[] = { "acquire", "trylock", "release" };
	return (unsigned)op < 3 ? names[op] : "?";
}

/* The check a --enable/--disable word names: its id (any case) or its
 * name ("lock-imbalance"); NULL if none. */
static struct check_info *check_named(struct rules *r, const char *word)
{
	for (size_t i = 0; i < r->checks.n; i++)
		if (!strcasecmp(r->checks.v[i].id, word) || !strcmp(r->checks.v[i].name, word))
			return &r->checks.v[i];
	return NULL;
}

void rules_set_pedantic(struct rules *r)
{
	for (size_t i = 0; i < r->checks.n; i++)
		if (r->checks.v[i].pedantic_only)
			r->checks.v[i].enabled = true;
}

int rules_set_checks(struct rules *r, const char *spec, struct strbuf *err)
{
	char *list = xstrdup(spec ? spec : ""), *save = NULL;
	int rc = 0;

	for (char *w = strtok_r(list, ",", &save); w && rc == 0; w = strtok_r(NULL, ",", &save)) {
		bool on = *w != '-';
		const char *name = on ? (*w == '+' ? w + 1 : w) : w + 1;
		if (!strcmp(name, "all")) {
			for (size_t i = 0; i < r->checks.n; i++)
				r->checks.v[i].enabled = on;
			continue;
		}
		struct check_info *c = check_named(r, name);
		if (!c) {
			strbuf_addf(err, "unknown check '%s' (an id such as MMIO007 or a name such as "
				    "lock-imbalance; see --list-checks)", name);
			rc = -1;
			continue;
		}
		c->enabled = on;
	}
	free(list);
	return rc;
}
