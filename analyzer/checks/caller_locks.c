/*
 * caller_locks.c - the locks held at every call of a function
 * (caller_locks.h).
 *
 * Each run keeps, per call node it reaches, the locks held on every path
 * to it (an intersection); at the run's end the calls are merged into the
 * program's record by the callee's name, intersecting again.  A name two
 * static functions share only makes the intersection smaller: it says
 * less, never more.
 */
#include "caller_locks.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

struct lock_set {
	int n;
	str_id keys[CALLER_LOCKS_MAX];
	char *names[CALLER_LOCKS_MAX];
};

struct callee_entry {
	char *name;
	struct lock_set locks;
};

struct caller_locks {
	struct callee_entry *slots;	/* open addressing, name NULL = empty */
	size_t nslots, used;
};

struct call_entry {
	uint32_t node;
	struct lock_set locks;
};

struct call_site_locks {
	uint32_t *index;		/* per node: 1 + its entry in calls, 0 */
	size_t nnodes;
	VEC(struct call_entry) calls;
};

/* Keep in s only the keys also among keys[0..n). */
static void set_intersect(struct lock_set *s, int n, const str_id *keys)
{
	for (int i = s->n - 1; i >= 0; i--) {
		bool both = false;
		for (int k = 0; k < n && !both; k++)
			both = keys[k] == s->keys[i];
		if (both)
			continue;
		free(s->names[i]);
		memmove(&s->keys[i], &s->keys[i + 1], (size_t)(s->n - i - 1) * sizeof(s->keys[0]));
		memmove(&s->names[i], &s->names[i + 1], (size_t)(s->n - i - 1) * sizeof(s->names[0]));
		s->n--;
	}
}

/* s := keys[0..n) with their names (a first visit). */
static void set_copy(struct lock_set *s, int n, const str_id *keys, char *const *names)
{
	s->n = 0;
	for (int i = 0; i < n && s->n < CALLER_LOCKS_MAX; i++) {
		s->keys[s->n] = keys[i];
		s->names[s->n++] = xstrdup(names[i]);
	}
}

/* Free s's names and empty it. */
static void set_release(struct lock_set *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->names[i]);
	s->n = 0;
}

struct caller_locks *caller_locks_new(void)
{
	struct caller_locks *cl = xcalloc(1, sizeof(*cl));

	cl->nslots = 256;
	cl->slots = xcalloc(cl->nslots, sizeof(cl->slots[0]));
	return cl;
}

void caller_locks_free(struct caller_locks *cl)
{
	if (!cl)
		return;
	for (size_t i = 0; i < cl->nslots; i++)
		if (cl->slots[i].name) {
			free(cl->slots[i].name);
			set_release(&cl->slots[i].locks);
		}
	free(cl->slots);
	free(cl);
}

/* djb2 over a callee's name: the table's slot order. */
static size_t name_hash(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

/* The slot of name: its entry, or the empty slot where it would go. */
static struct callee_entry *slot_of_name(const struct caller_locks *cl, const char *name)
{
	size_t mask = cl->nslots - 1, i = name_hash(name) & mask;

	while (cl->slots[i].name && strcmp(cl->slots[i].name, name))
		i = (i + 1) & mask;
	return &cl->slots[i];
}

/* Double the table when it is half full. */
static void grow(struct caller_locks *cl)
{
	struct callee_entry *old = cl->slots;
	size_t n = cl->nslots;

	cl->nslots *= 2;
	cl->slots = xcalloc(cl->nslots, sizeof(cl->slots[0]));
	for (size_t i = 0; i < n; i++)
		if (old[i].name)
			*slot_of_name(cl, old[i].name) = old[i];
	free(old);
}

/* A call of `name` holding the locks of s. */
static void note_callee(struct caller_locks *cl, const char *name, const struct lock_set *s)
{
	struct callee_entry *e = slot_of_name(cl, name);

	if (e->name) {
		set_intersect(&e->locks, s->n, s->keys);
		return;
	}
	e->name = xstrdup(name);
	set_copy(&e->locks, s->n, s->keys, s->names);
	if (++cl->used * 2 > cl->nslots)
		grow(cl);
}

struct call_site_locks *call_site_locks_new(size_t nnodes)
{
	struct call_site_locks *cs = xcalloc(1, sizeof(*cs));

	cs->nnodes = nnodes;	/* the index comes with the first observed call */
	return cs;
}

void call_site_locks_visit(struct call_site_locks *cs, uint32_t node, int n, const str_id *keys,
			   char *const *names)
{
	assert(node < cs->nnodes);
	if (!cs->index)
		cs->index = xcalloc(cs->nnodes, sizeof(cs->index[0]));
	if (cs->index[node]) {
		set_intersect(&cs->calls.v[cs->index[node] - 1].locks, n, keys);
		return;
	}
	struct call_entry e = { node, { 0 } };
	set_copy(&e.locks, n, keys, names);
	VEC_PUSH(cs->calls, e);
	cs->index[node] = (uint32_t)cs->calls.n;
}

void call_site_locks_flush(struct call_site_locks *cs, const struct check_ctx *ctx, struct caller_locks *cl)
{
	for (size_t i = 0; i < cs->calls.n; i++) {
		const struct ir_node *c = check_node(ctx, cs->calls.v[i].node);
		if (cl && c->callee && !c->indirect)
			note_callee(cl, check_str(ctx, c->callee), &cs->calls.v[i].locks);
		set_release(&cs->calls.v[i].locks);
	}
	VEC_FREE(cs->calls);
	free(cs->index);
	free(cs);
}

int caller_locks_of(const struct caller_locks *cl, const char *name, str_id *keys, const char **names, int max)
{
	const struct callee_entry *e = slot_of_name(cl, name);
	int n = 0;

	for (int i = 0; e->name && i < e->locks.n && n < max; i++, n++) {
		keys[n] = e->locks.keys[i];
		names[n] = e->locks.names[i];
	}
	return n;
}
