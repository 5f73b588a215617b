/*
 * caller_locks.c - the locks held at every call of a function
 * (caller_locks.h).
 *
 * Each run keeps, per call node it reaches, the locks held on every path
 * to it (an intersection); at the run's end the calls are merged into the
 * program's record by callee and caller name, intersecting again.  A name
 * two static functions share only makes the intersection smaller: it says
 * less, never more.
 *
 * caller_locks_close() then carries the locks down the call graph: a
 * caller all of whose own calls are seen passes on the locks held at every
 * call of it (tg3_setup_phy() is called only under tp->lock, so a helper it
 * calls runs under tp->lock too).  That is a greatest fixed point: every
 * function starts as "not known yet", which an intersection skips, and its
 * set only shrinks as its callers become known; one never reached from
 * outside its own cycle ends with nothing.
 *
 * The other way round, it tells whether any chain of calls may hold a lock
 * at all (a caller whose own callers are not all seen may hold anything),
 * and whether one runs outside setup paths: least fixed points, which only
 * turn true.  A function no chain reaches with a lock held runs unlocked
 * wherever it runs.
 *
 * Where the chains disagree, or some are not seen, caller_locks_split()
 * groups them by the locks they hold (tg3_enable_ints() runs under
 * tp->lock from tg3_netif_start() and without it from
 * tg3_test_interrupt()): the groups above every function, from its
 * callers' own, are a third least fixed point.
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

/* The calls of one callee made by one caller, merged. */
struct caller_calls {
	char *caller;
	struct lock_set locks;		/* held at every one of them */
	bool ever_locked;		/* some path to one of them holds a lock */
	bool runtime;			/* one of them is outside a setup path */
	bool unlocked_runtime;		/* some path to one outside setup paths
					 * holds no lock */
};

/* The groups of chains of calls above a function (caller_locks_split()),
 * as if the way below were outside setup paths. */
struct split_groups {
	VEC(struct caller_chain) v;
	bool overflow;			/* more sets of locks than CALLER_CHAINS_MAX */
};

struct callee_entry {
	char *name;
	VEC(struct caller_calls) callers;
	int runs;			/* runs of the function itself seen */
	bool passes_on;			/* every run said all its calls are seen */
	bool root;			/* every run said nothing calls it */
	bool known;			/* closed: `held` is its set */
	struct lock_set held;		/* closed: held at every call, with its
					 * callers' own */
	bool maybe_locked;		/* closed: some call, down the chain, may
					 * hold a lock, or a caller is unknown */
	bool runtime;			/* closed: some chain of calls from a root
					 * is outside setup paths */
	struct split_groups split;	/* closed and split: the groups of
					 * chains above it */
};

struct caller_locks {
	struct callee_entry *slots;	/* open addressing, name NULL = empty */
	size_t nslots, used;
	bool closed;			/* no flush since caller_locks_close() */
	bool split_ready;		/* split_pass() has reached its fixed point */
};

struct call_entry {
	uint32_t node;
	struct lock_set locks;
	bool ever_locked, runtime, unlocked_runtime;
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
		if (str_id_in(keys, (size_t)n, s->keys[i]))
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

/* Free e's groups of chains above it. */
static void free_groups(struct callee_entry *e)
{
	VEC_FREE(e->split.v);
	e->split.overflow = false;
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
	for (size_t i = 0; i < cl->nslots; i++) {
		struct callee_entry *e = &cl->slots[i];
		if (!e->name)
			continue;
		for (size_t k = 0; k < e->callers.n; k++) {
			free(e->callers.v[k].caller);
			set_release(&e->callers.v[k].locks);
		}
		VEC_FREE(e->callers);
		set_release(&e->held);
		free_groups(e);
		free(e->name);
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

/* The entry of name, made when it is new. */
static struct callee_entry *entry_of(struct caller_locks *cl, const char *name)
{
	struct callee_entry *e = slot_of_name(cl, name);

	if (e->name)
		return e;
	e->name = xstrdup(name);
	if (++cl->used * 2 <= cl->nslots)
		return e;
	grow(cl);
	return slot_of_name(cl, name);
}

/* A call of `name` by `caller` (call: the locks on its paths). */
static void note_call(struct caller_locks *cl, const char *name, const char *caller, const struct call_entry *call)
{
	struct callee_entry *e = entry_of(cl, name);
	const struct lock_set *s = &call->locks;

	for (size_t k = 0; k < e->callers.n; k++)
		if (!strcmp(e->callers.v[k].caller, caller)) {
			set_intersect(&e->callers.v[k].locks, s->n, s->keys);
			e->callers.v[k].ever_locked |= call->ever_locked;
			e->callers.v[k].runtime |= call->runtime;
			e->callers.v[k].unlocked_runtime |= call->unlocked_runtime;
			return;
		}
	struct caller_calls c = { xstrdup(caller), { 0 }, call->ever_locked, call->runtime, call->unlocked_runtime };
	set_copy(&c.locks, s->n, s->keys, s->names);
	VEC_PUSH(e->callers, c);
}

/* An indirect call of `caller`'s, or its call of a header inline that
 * makes one: a call of each function the slot may hold that the checks
 * observe (check_fn_info.slot_calls). */
static void note_slot_call(struct caller_locks *cl, const struct check_ctx *ctx, const char *caller,
			   const struct call_entry *call)
{
	const struct check_fn_info *in = ctx->info;

	for (size_t k = 0; in && k < in->nslot_calls; k++)
		if (in->slot_calls[k].node == call->node)
			note_call(cl, check_str(ctx, in->slot_calls[k].function), caller, call);
}

struct call_site_locks *call_site_locks_new(size_t nnodes)
{
	struct call_site_locks *cs = xcalloc(1, sizeof(*cs));

	cs->nnodes = nnodes;	/* the index comes with the first observed call */
	return cs;
}

void call_site_locks_visit(struct call_site_locks *cs, uint32_t node, int n, const str_id *keys,
			   char *const *names, bool setup)
{
	assert(node < cs->nnodes);
	if (!cs->index)
		cs->index = xcalloc(cs->nnodes, sizeof(cs->index[0]));
	if (cs->index[node]) {
		struct call_entry *e = &cs->calls.v[cs->index[node] - 1];
		set_intersect(&e->locks, n, keys);
		e->ever_locked |= n > 0;
		e->runtime |= !setup;
		e->unlocked_runtime |= !n && !setup;
		return;
	}
	struct call_entry e = { node, { 0 }, n > 0, !setup, !n && !setup };
	set_copy(&e.locks, n, keys, names);
	VEC_PUSH(cs->calls, e);
	cs->index[node] = (uint32_t)cs->calls.n;
}

void call_site_locks_flush(struct call_site_locks *cs, const struct check_ctx *ctx, struct caller_locks *cl)
{
	const char *me = ctx->fn ? check_str(ctx, ctx->fn->name) : NULL;

	for (size_t i = 0; i < cs->calls.n; i++) {
		const struct ir_node *c = check_node(ctx, cs->calls.v[i].node);
		if (cl && me && c->callee && !c->indirect)
			note_call(cl, check_str(ctx, c->callee), me, &cs->calls.v[i]);
		if (cl && me)
			note_slot_call(cl, ctx, me, &cs->calls.v[i]);
		set_release(&cs->calls.v[i].locks);
	}
	if (cl && me) {
		/* its callers' locks are its own only when every call of it is
		 * seen with them (interproc/observe.c: called by name only, its
		 * writes reaching no root), in every run of the name */
		struct callee_entry *e = entry_of(cl, me);
		bool all_seen = ctx->info && ctx->info->has_callers && ctx->info->called_by_name_only &&
				!ctx->info->seen_by_callers;
		bool first = e->runs++ == 0;
		e->passes_on = (first || e->passes_on) && all_seen;
		e->root = (first || e->root) && ctx->info && !ctx->info->has_callers;
		cl->closed = false;
	}
	VEC_FREE(cs->calls);
	free(cs->index);
	free(cs);
}

/* s := s plus keys/names of t not in it yet, at most CALLER_LOCKS_MAX
 * (past that it says less, never more); the names are borrowed. */
static void set_union_borrowed(struct lock_set *s, const struct lock_set *t)
{
	for (int i = 0; i < t->n && s->n < CALLER_LOCKS_MAX; i++)
		if (!str_id_in(s->keys, (size_t)s->n, t->keys[i])) {
			s->keys[s->n] = t->keys[i];
			s->names[s->n++] = t->names[i];
		}
}

/* Keep in s, whose names are borrowed, only the keys also in known. */
static void keep_known(struct lock_set *s, const struct lock_set *known)
{
	int kept = 0;

	for (int i = 0; i < s->n; i++)
		if (str_id_in(known->keys, (size_t)known->n, s->keys[i])) {
			s->keys[kept] = s->keys[i];
			s->names[kept++] = s->names[i];
		}
	s->n = kept;
}

/* The locks held at every call of e, with what its callers pass on, from
 * the callers known so far; false when none is known yet.  Names in *out
 * are borrowed. */
static bool held_at_calls(const struct caller_locks *cl, const struct callee_entry *e, struct lock_set *out)
{
	bool any = false;

	for (size_t k = 0; k < e->callers.n; k++) {
		const struct caller_calls *c = &e->callers.v[k];
		const struct callee_entry *g = slot_of_name(cl, c->caller);
		struct lock_set term = { 0 };
		set_union_borrowed(&term, &c->locks);
		if (g->name && g->passes_on) {
			if (!g->known)
				continue;	/* not known yet: the fixed point skips it */
			set_union_borrowed(&term, &g->held);
		}
		if (!any) {
			*out = term;
			any = true;
			continue;
		}
		keep_known(out, &term);	/* intersect, keeping out's names */
	}
	return any;
}

/* One pass over the table: each entry's set from its callers'; whether
 * any set changed.  Sets only shrink (see the file comment). */
static bool close_pass(struct caller_locks *cl)
{
	bool changed = false;

	for (size_t i = 0; i < cl->nslots; i++) {
		struct callee_entry *e = &cl->slots[i];
		struct lock_set now;
		if (!e->name)
			continue;
		if (!e->callers.n && !e->known) {
			/* no call of it was reached: it holds nothing more */
			e->known = changed = true;
			continue;
		}
		if (!held_at_calls(cl, e, &now))
			continue;
		/* a union cut at CALLER_LOCKS_MAX may pick other keys as a
		 * caller's set shrinks: the sets must only shrink for the
		 * passes to end */
		if (e->known)
			keep_known(&now, &e->held);
		if (e->known && now.n == e->held.n)
			continue;
		struct lock_set copy;
		set_copy(&copy, now.n, now.keys, now.names);	/* its own names */
		set_release(&e->held);
		e->held = copy;
		e->known = true;
		changed = true;
	}
	return changed;
}

/* One pass of the least fixed point of maybe_locked and runtime; whether
 * any changed.  They only turn true.  A caller's context is known when
 * nothing calls it (its run's locks are all there are) or when it passes
 * its callers' on; another caller may hold anything. */
static bool context_pass(struct caller_locks *cl)
{
	bool changed = false;

	for (size_t i = 0; i < cl->nslots; i++) {
		struct callee_entry *e = &cl->slots[i];
		if (e->name && e->passes_on && !e->callers.n && !e->maybe_locked) {
			/* it has callers, but no call of it was reached */
			e->maybe_locked = changed = true;
		}
		for (size_t k = 0; e->name && k < e->callers.n; k++) {
			const struct caller_calls *c = &e->callers.v[k];
			const struct callee_entry *g = slot_of_name(cl, c->caller);
			bool known = g->name && g->runs && (g->root || g->passes_on);
			bool maybe = c->ever_locked || !known || g->maybe_locked;
			bool runtime = c->runtime && known && (g->root || g->runtime);
			changed |= (maybe && !e->maybe_locked) || (runtime && !e->runtime);
			e->maybe_locked |= maybe;
			e->runtime |= runtime;
		}
	}
	return changed;
}

void caller_locks_close(struct caller_locks *cl)
{
	for (size_t i = 0; i < cl->nslots; i++) {
		set_release(&cl->slots[i].held);
		cl->slots[i].known = false;
		cl->slots[i].maybe_locked = cl->slots[i].runtime = false;
		free_groups(&cl->slots[i]);	/* its names may be gone */
	}
	cl->split_ready = false;
	while (close_pass(cl))
		;
	while (context_pass(cl))
		;
	cl->closed = true;
}

bool caller_locks_never_held(const struct caller_locks *cl, const char *name)
{
	const struct callee_entry *e = slot_of_name(cl, name);

	assert(cl->closed);
	return e->name && e->callers.n && !e->maybe_locked && e->runtime;
}

int caller_locks_of(const struct caller_locks *cl, const char *name, str_id *keys, const char **names, int max)
{
	const struct callee_entry *e = slot_of_name(cl, name);
	int n = 0;

	assert(cl->closed);
	for (int i = 0; e->name && e->known && i < e->held.n && n < max; i++, n++) {
		keys[n] = e->held.keys[i];
		names[n] = e->held.names[i];
	}
	return n;
}

/* Does group g hold exactly the locks of u? */
static bool same_locks(const struct caller_chain *g, const struct lock_set *u)
{
	if (g->n != u->n)
		return false;
	for (int i = 0; i < u->n; i++)
		if (!str_id_in(g->keys, (size_t)g->n, u->keys[i]))
			return false;
	return true;
}

/* u := group x's locks, the names borrowed. */
static void chain_locks(const struct caller_chain *x, struct lock_set *u)
{
	u->n = x->n;
	for (int k = 0; k < x->n; k++) {
		u->keys[k] = x->keys[k];
		u->names[k] = (char *)x->names[k];
	}
}

/* Add the chains holding u's locks to m's group that holds the same, or
 * to a new one. */
static void groups_add(struct split_groups *m, const struct lock_set *u, bool runtime)
{
	for (size_t i = 0; i < m->v.n; i++)
		if (same_locks(&m->v.v[i], u)) {
			m->v.v[i].runtime |= runtime;
			return;
		}
	if (m->v.n == CALLER_CHAINS_MAX) {
		m->overflow = true;
		return;
	}
	struct caller_chain g = { .n = u->n, .runtime = runtime };
	for (int i = 0; i < u->n; i++) {
		g.keys[i] = u->keys[i];
		g.names[i] = u->names[i];
	}
	VEC_PUSH(m->v, g);
}

/* Add the chains holding a's locks and b's (b may be NULL). */
static void groups_emit(struct split_groups *m, const struct lock_set *a, const struct lock_set *b, bool runtime)
{
	struct lock_set u = { 0 };

	set_union_borrowed(&u, a);
	if (b)
		set_union_borrowed(&u, b);
	groups_add(m, &u, runtime);
}

/* Add the groups of the chains above a call (runtime: the call is outside
 * setup paths, else so are the chains through it). */
static void groups_merge(struct split_groups *m, const struct split_groups *above, bool runtime)
{
	m->overflow |= above->overflow;
	for (size_t i = 0; i < above->v.n && !m->overflow; i++) {
		const struct caller_chain *x = &above->v.v[i];
		struct lock_set u;
		chain_locks(x, &u);
		groups_add(m, &u, x->runtime && runtime);
	}
}

/* Add to m the chains through caller c's calls of the function, with
 * the groups above c's function as far as they are known. */
static void split_caller(const struct caller_locks *cl, struct split_groups *m, const struct caller_calls *c)
{
	const struct callee_entry *g = slot_of_name(cl, c->caller);
	static const struct lock_set none;
	bool root = g->name && g->root;
	bool passes = g->name && g->passes_on && g->known;
	bool chain_runtime = c->runtime && (root || (passes && g->runtime));

	if (c->locks.n) {
		groups_emit(m, &c->locks, passes ? &g->held : NULL, chain_runtime);
		return;
	}
	if (passes && g->held.n) {
		groups_emit(m, &g->held, NULL, chain_runtime);
		return;
	}
	/* Of a call some path reaches holding a lock, only the paths that
	 * hold none and run outside setup paths go on up: which lock the
	 * others hold is not kept, so they split no further. */
	bool caller_unlocked = root || (passes && !g->maybe_locked);
	if (caller_unlocked) {
		/* the caller's chains hold nothing: its unlocked calls are
		 * unlocked chains */
		if (c->unlocked_runtime && (root || g->runtime))
			groups_emit(m, &none, NULL, true);
		else if (!c->ever_locked)
			groups_emit(m, &none, NULL, false);	/* on setup paths only */
		return;
	}
	/* the caller's own chains disagree, or are not all seen: split those
	 * seen in turn (one not seen says nothing), the chains above the
	 * caller being those of its unlocked calls */
	if (!c->ever_locked)
		groups_merge(m, &g->split, c->runtime);
	else if (c->unlocked_runtime)
		groups_merge(m, &g->split, true);
}

/* Does now hold a group old does not, or one with a new runtime?  (Groups
 * only grow: see split_pass().) */
static bool groups_grew(const struct split_groups *old, const struct split_groups *now)
{
	if (old->overflow != now->overflow || old->v.n != now->v.n)
		return true;
	for (size_t i = 0; i < now->v.n; i++) {
		struct lock_set u;
		bool same = false;
		chain_locks(&now->v.v[i], &u);
		for (size_t k = 0; k < old->v.n && !same; k++)
			same = old->v.v[k].runtime == now->v.v[i].runtime && same_locks(&old->v.v[k], &u);
		if (!same)
			return true;
	}
	return false;
}

/*
 * One pass of the groups above every function from its callers': a least
 * fixed point, since a caller's groups only grow, so a function's do.  A
 * chain that goes round a cycle adds nothing a chain without the cycle
 * does not (it holds the locks of the call it stops at, and is outside
 * setup paths only if every call on it is), so this is the grouping of
 * every chain without one; whether any set changed.
 */
static bool split_pass(struct caller_locks *cl)
{
	bool changed = false;

	for (size_t i = 0; i < cl->nslots; i++) {
		struct callee_entry *e = &cl->slots[i];
		struct split_groups now = { 0 };
		if (!e->name || !e->callers.n)
			continue;
		for (size_t k = 0; k < e->callers.n && !now.overflow; k++)
			split_caller(cl, &now, &e->callers.v[k]);
		if (!groups_grew(&e->split, &now)) {
			VEC_FREE(now.v);
			continue;
		}
		VEC_FREE(e->split.v);
		e->split = now;
		changed = true;
	}
	return changed;
}

int caller_locks_split(struct caller_locks *cl, const char *name, struct caller_chain *out, int max)
{
	const struct callee_entry *e;

	assert(cl->closed);
	if (!cl->split_ready) {
		while (split_pass(cl))
			;
		cl->split_ready = true;
	}
	e = slot_of_name(cl, name);
	if (!e->name || e->split.overflow || e->split.v.n > (size_t)max)
		return 0;
	if (e->split.v.n)
		memcpy(out, e->split.v.v, e->split.v.n * sizeof(out[0]));
	return (int)e->split.v.n;
}
