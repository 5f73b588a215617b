/*
 * engine.c - the worklist over (node, path state) pairs.
 *
 * Each CFG node keeps the set of distinct states that reached it (at most
 * max_states); a state is processed once per node, so the walk ends when no
 * node gains a new state.  States that differ only in their pending writes
 * are one state, holding the writes of both (join_into()).  The state space
 * is finite (bounded stacks, saturating registers, write sets drawn from
 * the function's nodes, joins that only add), and past the per-node bound
 * new states are joined more coarsely, so the walk terminates on any CFG,
 * including irreducible goto tangles.
 */
#include "liveness.h"
#include "reg_liveness.h"
#include "shortcut.h"
#include "state.h"
#include "worklist.h"

#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct node_set {
	uint32_t *ids;
	uint32_t n, cap;
};

struct run {
	const struct engine_config *cfg;
	const struct rules *r;
	const struct ir_unit *u;
	const struct ir_function *fn;
	const struct eng_hooks *hooks;
	struct state_pool pool;
	struct node_set *sets;
	struct worklist work;
	struct engine_stats *stats;
	int max_states;
	uint16_t all_slots;
	str_id return_key;		/* IR_KEY_RETURN in the unit's pool, or 0 */
	uint32_t *place;		/* place[node]: program order (ir_program_order) */
	struct fact_liveness live;	/* where each fact can still be read */
	struct reg_liveness live_regs;	/* where each model register can */
	struct shortcuts next;		/* the edges followed (shortcut.h) */
	struct fact_liveness live_copies;	/* where a key's value can still be
						 * copied or returned */
};

static const struct model *slot_model(const struct run *R, int slot)
{
	return &R->r->models.v[R->cfg->models[slot]];
}

static struct eng_lock lock_view(const struct run *R, const struct held_lock *h)
{
	struct eng_lock l;

	l.lock = h->lock;
	l.lock_type = R->fn->nodes.v[h->acquire_node].lock_type;
	l.acquire_node = h->acquire_node;
	l.api = h->api;
	l.kind = h->kind;
	l.hooked = h->hooked;
	l.shared = h->shared;
	return l;
}

/* ---- joining and visiting ---- */

/* Index of the write of site `node` made under `lockmask` in s, or -1. */
static int find_write(const struct path_state *s, uint32_t node, uint8_t lockmask)
{
	for (int i = 0; i < s->nwrites; i++)
		if (s->writes[i].node == node && s->writes[i].lockmask == lockmask)
			return i;
	return -1;
}

/*
 * One write site pending on two paths, as one record: unordered in every
 * model either path left it unordered in, covered by the next hooked
 * release only where both are.  An mmiowb() that ordered it on either path
 * stays its ghost barrier: the write is then judged as that barrier's and
 * the barrier counts as needed (a redundant-mmiowb finding is never made
 * up from the other path).
 */
static void merge_write(struct pending_write *x, const struct pending_write *w)
{
	x->unordered |= w->unordered;
	x->covered &= w->covered;
	x->marked |= w->marked;
	if (!x->ghost)
		x->ghost_barrier = w->ghost_barrier;
	x->ghost |= w->ghost;
	if (!x->carry)
		x->carry_barrier = w->carry_barrier;
	x->carry |= w->carry;
}

/*
 * Join b into a (the same held locks and machines): every write pending on
 * either path stays pending (merge_write()), in program order, and the facts
 * are those both know alike.  No write's fate is lost: each is judged at
 * its release, and its fate there depends only on its own bits and the
 * events after the join, which both paths share.  When the facts agree
 * too, the join loses no path, only which writes were pending together:
 * one escape lists the writes of both paths, and the finding names the
 * one the program makes last.  At the bound, where the facts may differ,
 * the state takes the branches of both paths.
 *
 * When the writes of the two do not fit in one state, a write of b that
 * shares its fate with one of the joined state's (state_has_same_fate()) is
 * left to that one: the two are judged alike at every later event, so an
 * escape of one is an escape of the other, and names the write kept.  The
 * joined state still holds every write of a, so joins only add and the
 * walk ends.  (igb_msg_task(): paths through its VF loop each pending
 * some thirty writes of one section did not join, and reached the bound.)
 * False, with a unchanged, when some write of b has no such partner.
 * (Dropping one instead, as do_write() does, would make the join shrink a
 * state, and the walk need not end.)
 */
static bool join_into(struct path_state *a, const struct path_state *b, const uint32_t *place)
{
	struct path_state j = *a;

	for (int k = 0; k < b->nwrites; k++) {
		int f = find_write(&j, b->writes[k].node, b->writes[k].lockmask);
		if (f >= 0)
			merge_write(&j.writes[f], &b->writes[k]);
		else if (j.nwrites < ENG_MAX_WRITES)
			j.writes[j.nwrites++] = b->writes[k];
		else if (!state_has_same_fate(&j, &b->writes[k]))
			return false;
	}
	state_compact_writes(&j);
	state_sort_writes(&j, place);
	for (int i = j.nfacts - 1; i >= 0; i--) {
		int f = state_find_fact(b, j.facts[i].key);
		if (f < 0 || b->facts[f].value != j.facts[i].value)
			state_forget_fact(&j, j.facts[i].key);
	}
	j.released_any |= b->released_any;
	*a = j;
	return true;
}

/* Do a and b agree on all but their writes?  Or, for !exact, on all but
 * their writes and facts?  (The models' machines must agree: a write is
 * unordered in a model only together with its machine, ppc64's io_sync
 * that spin_unlock() reads, and one path's write under the other's
 * machine would escape where it does not.) */
static bool same_but_writes(const struct path_state *a, const struct path_state *b, bool exact)
{
	if (memcmp(a->machines, b->machines, sizeof(a->machines)))
		return false;
	return !exact || (a->nfacts == b->nfacts && a->released_any == b->released_any &&
			  !memcmp(a->facts, b->facts, sizeof(a->facts)));
}

static void push_work(struct run *R, uint32_t node, uint32_t id)
{
	worklist_push(&R->work, node, id);
}

/*
 * Is the flag writer of some model slot unreadable in s?  flag_reset_by()
 * reads it only for a pending write whose program set that slot's flag,
 * and a write that sets the flag later sets the writer too: without such
 * a write the writer is dead, and paths that differ only in which event
 * last wrote the flag act alike.
 */
static bool dead_flag_writers(const struct run *R, const struct path_state *s, uint16_t *dead)
{
	uint16_t marked = 0;

	for (int w = 0; w < s->nwrites; w++)
		marked |= s->writes[w].marked;
	*dead = 0;
	for (int slot = 0; slot < R->cfg->nmodels; slot++)
		if (!(marked & (1u << slot)) && (s->machines[slot].flag_node || s->machines[slot].flag_writer))
			*dead |= (uint16_t)(1u << slot);
	return *dead != 0;
}

/* Is some register that no program reached from `node` on reads before
 * assigning it non-zero in s?  Marks the slots in *dead. */
static bool dead_registers(const struct run *R, uint32_t node, const struct path_state *s,
			   uint16_t *dead)
{
	uint64_t live = reg_liveness_live(&R->live_regs, node);

	*dead = 0;
	for (int slot = 0; slot < R->cfg->nmodels; slot++)
		for (int reg = 0; reg < RULES_MAX_REGS; reg++)
			if (s->machines[slot].regs[reg] && !(live & REG_BIT(slot, reg)))
				*dead |= (uint16_t)(1u << slot);
	return *dead != 0;
}

/*
 * s, or its copy in *buf without what no step from `node` on reads: the
 * facts no node reads before reassigning them (liveness.h), dead model
 * registers (reg_liveness.h) and dead flag writers.  States that differ
 * only in those act alike, so they are one state, and the per-node bound
 * is not spent on a spliced callee's locals, a result tested long before,
 * whether the last write outside a section set ppc64's io_sync, or which
 * helper last took a lock.
 */
static const struct path_state *without_dead_parts(const struct run *R, uint32_t node,
						   const struct path_state *s, struct path_state *buf)
{
	uint16_t dead_writers, dead_regs;
	bool writers = dead_flag_writers(R, s, &dead_writers);
	bool regs = dead_registers(R, node, s, &dead_regs);
	int i = 0;

	while (i < s->nfacts && liveness_live(&R->live, node, s->facts[i].key))
		i++;
	if (i == s->nfacts && !writers && !regs)
		return s;
	*buf = *s;
	uint64_t live = reg_liveness_live(&R->live_regs, node);
	for (int slot = 0; slot < R->cfg->nmodels; slot++)
		for (int reg = 0; regs && (dead_regs & (1u << slot)) && reg < RULES_MAX_REGS; reg++)
			if (!(live & REG_BIT(slot, reg)))
				buf->machines[slot].regs[reg] = 0;
	for (i = buf->nfacts - 1; i >= 0; i--)
		if (!liveness_live(&R->live, node, buf->facts[i].key))
			state_forget_fact(buf, buf->facts[i].key);
	for (int slot = 0; slot < R->cfg->nmodels; slot++)
		if (dead_writers & (1u << slot)) {
			buf->machines[slot].flag_node = 0;
			buf->machines[slot].flag_writer = FW_NONE;
		}
	return buf;
}

/*
 * Is state id (s) covered by one the node has: the same but for fewer
 * facts?  Such a state takes every branch id would, so id's paths are
 * among its own.  States of the node that id covers in turn leave the set
 * (their paths are id's), so a node reached with and without a fact keeps
 * one state, not one per combination of the facts some paths learned.
 */
static bool subsumed(struct run *R, uint32_t node, struct node_set *set, uint32_t id)
{
	uint64_t core = state_pool_core_hash(&R->pool, id);
	uint32_t kept = 0;

	for (uint32_t i = 0; i < set->n; i++) {
		uint32_t other = set->ids[i];
		if (state_pool_core_hash(&R->pool, other) == core) {
			if (state_pool_subsumes(&R->pool, other, id)) {
				set->n = kept + (set->n - i);	/* keep the rest */
				memmove(set->ids + kept, set->ids + i, (set->n - kept) * sizeof(*set->ids));
				return true;
			}
			if (state_pool_subsumes(&R->pool, id, other)) {
				worklist_drop(&R->work, node, other);	/* id covers it */
				continue;
			}
		}
		set->ids[kept++] = other;
	}
	set->n = kept;
	return false;
}

/*
 * Is there a state of the node that is state id but for the value of one
 * fact (K=0 against K=1)?  Together the two take exactly the paths of one
 * state that does not know K: nothing reads K until a branch on it, and
 * there that state splits back into the two.  So the partner leaves the
 * set (and the worklist), and its key goes in *key for the caller to visit
 * the state without it.  A node reached through n independent tests keeps
 * one state, not 2^n, and no path is lost.  Not while the key's value can
 * still be copied or returned: those reads do not split a state.
 */
static bool split_partner(struct run *R, uint32_t node, struct node_set *set, uint32_t id, str_id *key)
{
	uint64_t core = state_pool_core_hash(&R->pool, id);

	for (uint32_t i = 0; i < set->n; i++) {
		uint32_t other = set->ids[i];
		if (state_pool_core_hash(&R->pool, other) != core ||
		    !state_pool_one_fact_apart(&R->pool, other, id, key) ||
		    liveness_live(&R->live_copies, node, *key))
			continue;
		memmove(set->ids + i, set->ids + i + 1, (set->n - i - 1) * sizeof(*set->ids));
		set->n--;
		worklist_drop(&R->work, node, other);
		return true;
	}
	return false;
}

/* Add state id to the node's set and queue it. */
static void add_state(struct run *R, uint32_t node, struct node_set *set, uint32_t id)
{
	if (set->n == set->cap) {
		set->cap = set->cap ? set->cap * 2 : 2;
		set->ids = xrealloc(set->ids, set->cap * sizeof(*set->ids));
	}
	set->ids[set->n++] = id;
	push_work(R, node, id);
}

/* The kinds of join join_similar() tries, in order. */
enum join_kind {
	JOIN_WRITES_ONLY,	/* a state that differs only in writes: always */
	JOIN_SAME_FRAME,	/* the same locks and machines: at the bound */
};

/*
 * Join s into a state of the node that differs from it only in writes
 * (up to `widest`, also one that differs in facts: the same held locks
 * and machine states).  The joined state replaces that one.  One
 * candidate of each kind is tried: a node is reached again and again, and
 * a search of its whole set each time cost more than the walk (igb_main.c
 * at a bound of 192).  False when none takes it.
 */
static bool join_similar(struct run *R, uint32_t node, struct node_set *set, uint32_t id,
			 const struct path_state *s, enum join_kind widest)
{
	uint64_t unwritten = state_pool_unwritten_hash(&R->pool, id), frame = state_pool_frame_hash(&R->pool, id);

	for (int pass = JOIN_WRITES_ONLY; pass <= (int)widest; pass++)
		for (uint32_t i = 0; i < set->n; i++) {
			struct path_state joined;
			uint32_t other = set->ids[i];
			if (state_pool_frame_hash(&R->pool, other) != frame ||
			    (pass == JOIN_WRITES_ONLY && state_pool_unwritten_hash(&R->pool, other) != unwritten) ||
			    !state_pool_same_locks(&R->pool, other, s))
				continue;
			state_pool_get(&R->pool, other, &joined);
			if (!same_but_writes(&joined, s, pass == JOIN_WRITES_ONLY))
				continue;
			if (!join_into(&joined, s, R->place))
				break;	/* too many writes: the next kind, or none */
			assert(state_ok(&joined, R->cfg->nmodels));
			uint32_t jid = state_pool_intern(&R->pool, &joined);
			if (jid != other) {
				worklist_drop(&R->work, node, other);
				set->ids[i] = jid;
				push_work(R, node, jid);
			}
			return true;
		}
	return false;
}

/* A state reaches a node: queue it unless the node has seen it already.
 * Every state leaving a transfer step comes here: its invariants are
 * asserted here, and the join's result below. */
static void visit(struct run *R, uint32_t node, const struct path_state *s)
{
	struct node_set *set = &R->sets[node];
	struct path_state live, merged;
	uint32_t id;
	str_id key;

	assert(node < R->fn->nodes.n);
	for (;;) {
		assert(state_ok(s, R->cfg->nmodels) && state_writes_sorted(s, R->place));
		s = without_dead_parts(R, node, s, &live);
		id = state_pool_intern(&R->pool, s);
		for (uint32_t i = 0; i < set->n; i++)
			if (set->ids[i] == id)
				return;
		if (subsumed(R, node, set, id))
			return;
		if (!split_partner(R, node, set, id, &key))
			break;
		merged = *s;	/* the pair's union: s without the key */
		state_forget_fact(&merged, key);
		s = &merged;
	}
	if (join_similar(R, node, set, id, s, JOIN_WRITES_ONLY))
		return;
	if (set->n < (uint32_t)R->max_states) {
		add_state(R, node, set, id);
		return;
	}
	R->stats->truncated = true;
	if (join_similar(R, node, set, id, s, JOIN_SAME_FRAME))
		return;
	/* No state it joins (other locks held, other machine states, too
	 * many writes together): kept past the bound, up to twice it.  Past
	 * that it is dropped, the one case where a pending write is. */
	if (set->n < 2 * (uint32_t)R->max_states)
		add_state(R, node, set, id);
}

/* ---- events ---- */

static bool in_hooked_section(const struct path_state *s)
{
	for (int i = 0; i < s->nheld; i++)
		if (s->held[i].hooked && !s->held[i].shared)
			return true;
	return false;
}

static void run_all(struct run *R, struct path_state *s, enum flag_writer kind, uint32_t node,
		    int prog_sel, int klass, int write, str_id device)
{
	bool hooked = in_hooked_section(s);

	for (int slot = 0; slot < R->cfg->nmodels; slot++) {
		const struct model *m = slot_model(R, slot);
		const struct model_prog *prog;
		struct machine_event ev = { kind, node, write, device, hooked, false, R->u ? R->u->strings : NULL };

		switch (prog_sel) {
		case 0: prog = &m->on_acquire; break;
		case 1: prog = &m->on_trylock_attempt; break;
		case 2: prog = &m->on_release; break;
		case 3: prog = &m->on_write[klass]; break;
		default: prog = &m->on_read[klass]; break;
		}
		machine_run(m, slot, prog, s, &ev);
		if (ev.marked && write >= 0 && write < s->nwrites)
			s->writes[write].marked |= (uint16_t)(1u << slot);
	}
}
enum { PROG_ACQUIRE, PROG_TRYLOCK, PROG_RELEASE, PROG_WRITE, PROG_READ };

static bool api_hooked(const struct run *R, int api)
{
	return rules_kind_hooked(R->r, R->r->apis.v[api].kind, R->cfg->preempt_rt);
}

/*
 * Taking a lock this path already holds exclusively, with a lock whose kind
 * deadlocks on re-entry (spinlocks, mutexes) and not through a *_nested()
 * API: the path never gets past it.  Such paths come from splices that
 * combine what cannot happen together (a helper that locks on a condition
 * the caller's other call does not share, two targets of one function
 * pointer); following them only invents inner sections.
 */
static bool reacquire_deadlocks(const struct run *R, const struct path_state *s, int hi,
				const struct lock_api *api)
{
	const struct held_lock *h = &s->held[hi];

	return !h->shared && !api->shared && !api->nested && R->r->kinds.v[h->kind].reentry_deadlocks &&
	       R->r->kinds.v[api->kind].reentry_deadlocks;
}

/* Is the API of lock node n a sparse context marker (__acquire())? */
static bool marker_api(const struct run *R, const struct ir_node *n)
{
	return R->r->kinds.v[R->r->apis.v[n->rule].kind].marker;
}

/* __acquire(x): x is held for the contract checks from here, under no
 * write and with no model program (it is (void)0 to the CPU). */
static void acquire_marker(struct run *R, struct path_state *s, uint32_t node)
{
	const struct ir_node *n = &R->fn->nodes.v[node];

	if (!n->lock || state_find_held(s, n->lock) >= 0)
		return;
	if (s->nheld == ENG_MAX_HELD) {
		R->stats->truncated = true;
		return;
	}
	struct held_lock *h = &s->held[s->nheld++];
	memset(h, 0, sizeof(*h));
	h->lock = n->lock;
	h->acquire_node = node;
	h->api = (int16_t)n->rule;
	h->kind = (uint8_t)R->r->apis.v[n->rule].kind;
	h->marker = 1;
}

/* The lock is now held on this path.  Returns false when the path cannot
 * continue (reacquire_deadlocks). */
static bool do_acquire(struct run *R, struct path_state *s, uint32_t node)
{
	const struct ir_node *n = &R->fn->nodes.v[node];
	const struct lock_api *api = &R->r->apis.v[n->rule];
	bool hooked = api_hooked(R, n->rule);
	int hi = state_find_held(s, n->lock);

	if (marker_api(R, n)) {
		acquire_marker(R, s, node);
		return true;
	}
	if (hi >= 0 && reacquire_deadlocks(R, s, hi, api))
		return false;
	if (hooked) {
		run_all(R, s, FW_ACQUIRE, node, PROG_ACQUIRE, 0, -1, 0);
		state_compact_writes(s);	/* a model may order writes here */
	}
	if (hi >= 0)
		return true;	/* recursive acquire: keep the outer section */
	if (s->nheld == ENG_MAX_HELD) {
		R->stats->truncated = true;
		return true;
	}
	struct held_lock *h = &s->held[s->nheld++];
	h->lock = n->lock;
	h->acquire_node = node;
	h->api = (int16_t)n->rule;
	h->kind = (uint8_t)api->kind;
	h->hooked = hooked;
	h->shared = api->shared;
	return true;
}

/* An mmiowb() that ordered a write which is now leaving the path unjudged
 * counts as needed: we cannot show it was redundant. */
static void ghost_needed(struct run *R, const struct pending_write *w)
{
	for (int slot = 0; slot < R->cfg->nmodels && R->hooks->on_mmiowb_needed; slot++) {
		if (w->ghost & (1u << slot))
			R->hooks->on_mmiowb_needed(R->hooks->ctx, w->ghost_barrier, slot);
		if (w->carry & (1u << slot))
			R->hooks->on_mmiowb_needed(R->hooks->ctx, w->carry_barrier, slot);
	}
}

static uint32_t flag_reset_by(const struct run *R, const struct path_state *s, int slot,
			      const struct pending_write *w)
{
	const struct model *m = slot_model(R, slot);
	const struct machine_state *ms = &s->machines[slot];

	if (m->flag_reg < 0 || !(w->marked & (1u << slot)))
		return IR_NONE;
	if (ms->flag_writer != FW_ACQUIRE && ms->flag_writer != FW_TRYLOCK)
		return IR_NONE;
	return ms->flag_node;
}

/*
 * Lock s->held[hi] is being released (the model programs already ran):
 * every write of its section still unordered has escaped.
 */
static void judge_release(struct run *R, struct path_state *s, int hi, uint32_t node)
{
	const struct held_lock *h = &s->held[hi];
	uint8_t bit = (uint8_t)(1u << hi);
	uint8_t other_hooked = 0;
	uint16_t before[ENG_MAX_WRITES];
	int ref = R->cfg->reference;

	for (int j = 0; j < s->nheld; j++)
		if (j != hi && s->held[j].hooked)
			other_hooked |= (uint8_t)(1u << j);
	for (int w = 0; w < s->nwrites; w++)
		before[w] = s->writes[w].unordered;

	for (int slot = 0; slot < R->cfg->nmodels; slot++) {
		uint16_t mbit = (uint16_t)(1u << slot);
		struct eng_write esc[ENG_MAX_WRITES];
		int n = 0;

		for (int w = 0; w < s->nwrites; w++) {
			struct pending_write *pw = &s->writes[w];
			if (!(pw->lockmask & bit) || !(before[w] & mbit))
				continue;
			if (!h->hooked && (pw->lockmask & other_hooked))
				continue;	/* the spinlock around it decides */
			if ((pw->carry & mbit) && R->hooks->on_mmiowb_needed)
				R->hooks->on_mmiowb_needed(R->hooks->ctx, pw->carry_barrier, slot);
			if (pw->ghost & mbit) {
				if (R->hooks->on_mmiowb_needed)
					R->hooks->on_mmiowb_needed(R->hooks->ctx, pw->ghost_barrier, slot);
			} else {
				esc[n].node = pw->node;
				esc[n].device = pw->device;
				esc[n].flag_reset_node = flag_reset_by(R, s, slot, pw);
				esc[n].reference_ordered = ref >= 0 && !(before[w] & (1u << ref));
				n++;
			}
			pw->unordered &= (uint16_t)~mbit;
		}
		if (n && R->hooks->on_escape) {
			struct eng_escape e = { slot, node, lock_view(R, h), n, esc };
			R->hooks->on_escape(R->hooks->ctx, &e);
		}
	}
	state_compact_writes(s);
}

/* The length of the name's leading identifier ("a" of "a->vc.lock") when
 * it is a parameter of the function, else 0. */
static size_t param_root(const struct run *R, const char *name)
{
	size_t len = 0;

	while (isalnum((unsigned char)name[len]) || name[len] == '_')
		len++;
	if (!len || isdigit((unsigned char)name[0]))
		return 0;
	for (size_t i = 0; i < R->fn->params.n; i++) {
		const char *p = strpool_str(R->u->strings, R->fn->params.v[i]);
		if (p && strlen(p) == len && !strncmp(p, name, len))
			return len;
	}
	return 0;
}

/*
 * Two locks the function names from two different parameters (a->vc.lock
 * and b->vc.lock in f(a, b)): the code holds two objects, so a matching
 * type path must not join them.  Locals were already followed to their
 * roots by the frontend (lockid.c); a name rooted anywhere else (a local
 * it could not follow, a call) may still be the other spelling.
 */
static bool distinct_param_roots(const struct run *R, str_id x, str_id y)
{
	if (!R->u || !R->u->strings || !x || !y)
		return false;
	const char *a = strpool_str(R->u->strings, x), *b = strpool_str(R->u->strings, y);
	size_t la = a ? param_root(R, a) : 0, lb = b ? param_root(R, b) : 0;
	return la && lb && (la != lb || strncmp(a, b, la));
}

static void do_release(struct run *R, struct path_state *s, uint32_t node)
{
	const struct ir_node *n = &R->fn->nodes.v[node];
	int hi = state_find_held(s, n->lock);

	if (marker_api(R, n)) {	/* __release(x): x is no longer held; no write is judged */
		if (hi >= 0)
			state_remove_held(s, hi, R->place);
		return;
	}
	if (hi < 0 && n->lock_type) {
		/* same lock spelled through another pointer: match by type path */
		for (int i = s->nheld - 1; i >= 0 && hi < 0; i--)
			if (R->fn->nodes.v[s->held[i].acquire_node].lock_type == n->lock_type &&
			    !distinct_param_roots(R, s->held[i].lock, n->lock))
				hi = i;
	}
	bool hooked = hi >= 0 ? s->held[hi].hooked : api_hooked(R, n->rule);
	if (hooked)
		run_all(R, s, FW_RELEASE, node, PROG_RELEASE, 0, -1, 0);
	if (hi < 0) {		/* released a lock this function did not take */
		if (R->hooks->on_unheld_release)
			R->hooks->on_unheld_release(R->hooks->ctx, node, n->lock);
		return;
	}
	judge_release(R, s, hi, node);
	state_remove_held(s, hi, R->place);
	s->released_any = 1;
}

/* The held locks a write is made under (a marker protects nothing). */
static uint8_t exclusive_mask(const struct path_state *s)
{
	uint8_t mask = 0;

	for (int i = 0; i < s->nheld; i++)
		if (!s->held[i].shared && !s->held[i].marker)
			mask |= (uint8_t)(1u << i);
	return mask;
}

/* The views of the locks this path holds, markers left out: the locks a
 * write or an mmiowb() is made under.  Returns how many. */
static int real_held(const struct run *R, const struct path_state *s, struct eng_lock *held)
{
	int n = 0;

	for (int i = 0; i < s->nheld; i++)
		if (!s->held[i].marker)
			held[n++] = lock_view(R, &s->held[i]);
	return n;
}

/* Tell a hook which locks this path holds. */
static void report_held(struct run *R, const struct path_state *s, uint32_t node,
			void (*hook)(void *, uint32_t, int, const struct eng_lock *))
{
	struct eng_lock held[ENG_MAX_HELD];

	if (!hook)
		return;
	int n = real_held(R, s, held);
	hook(R->hooks->ctx, node, n, held);
}

static void do_write(struct run *R, struct path_state *s, uint32_t node)
{
	const struct ir_node *n = &R->fn->nodes.v[node];
	const struct accessor *acc = &R->r->accessors.v[n->rule];
	uint8_t mask = exclusive_mask(s);
	int wi = -1;

	report_held(R, s, node, R->hooks->on_write);
	if (mask) {
		/* the same write site again (a loop): the new instance replaces
		 * the old one, so loops do not grow the state; an mmiowb()
		 * that ordered the old one is judged with the new one (same
		 * site, same section: it escapes when the new one does) */
		uint16_t carry = 0;
		uint32_t carry_barrier = 0;
		int again = find_write(s, node, mask);
		if (again >= 0) {
			const struct pending_write *old = &s->writes[again];
			carry = old->ghost | old->carry;
			carry_barrier = old->ghost ? old->ghost_barrier : old->carry_barrier;
			state_remove_write(s, again);
		}
		if (s->nwrites == ENG_MAX_WRITES && !state_fold_same_fate(s)) {
			/* none shares a fate with a later one: the write of the
			 * first site goes (on straight-line code, the oldest) */
			R->stats->truncated = true;
			ghost_needed(R, &s->writes[0]);
			state_remove_write(s, 0);
		}
		wi = s->nwrites++;
		struct pending_write *w = &s->writes[wi];
		memset(w, 0, sizeof(*w));
		w->node = node;
		w->device = n->device;
		w->unordered = R->all_slots;
		w->lockmask = mask;
		w->carry = carry & w->unordered;
		w->carry_barrier = w->carry ? carry_barrier : 0;
	}
	run_all(R, s, FW_WRITE, node, PROG_WRITE, acc->klass, wi, n->device);
	state_compact_writes(s);
	state_sort_writes(s, R->place);	/* the new write to its place */
}

static void do_read(struct run *R, struct path_state *s, uint32_t node)
{
	const struct ir_node *n = &R->fn->nodes.v[node];
	const struct accessor *acc = &R->r->accessors.v[n->rule];

	run_all(R, s, FW_READ, node, PROG_READ, acc->klass, -1, n->device);
	state_compact_writes(s);
}

static void do_barrier(struct run *R, struct path_state *s, uint32_t node)
{
	const struct ir_node *n = &R->fn->nodes.v[node];
	const struct barrier *b = &R->r->barriers.v[n->rule];

	if (b->is_mmiowb) {
		struct eng_lock held[ENG_MAX_HELD];
		struct eng_mmiowb mb = { node, real_held(R, s, held), held, s->released_any };
		if (R->hooks->on_mmiowb)
			R->hooks->on_mmiowb(R->hooks->ctx, &mb);
		/* ghost: followed as if absent, to learn whether it was needed */
		for (int w = 0; w < s->nwrites; w++) {
			struct pending_write *pw = &s->writes[w];
			uint16_t fresh = pw->unordered & (uint16_t)~pw->ghost;
			if (!fresh)
				continue;
			pw->ghost |= fresh;
			if (!pw->ghost_barrier)
				pw->ghost_barrier = node;
		}
	} else if (b->orders_mmio) {
		for (int w = 0; w < s->nwrites; w++)
			s->writes[w].unordered = 0;
		state_compact_writes(s);
	}
}

static void do_return(struct run *R, struct path_state *s, uint32_t node)
{
	int f = R->return_key ? state_find_fact(s, R->return_key) : -1;

	if (R->hooks->on_return) {
		struct eng_lock held[ENG_MAX_HELD];
		for (int i = 0; i < s->nheld; i++)
			held[i] = lock_view(R, &s->held[i]);
		R->hooks->on_return(R->hooks->ctx, node, s->nheld, held, f >= 0 ? (int)s->facts[f].value : -1);
	}
	for (int w = 0; w < s->nwrites; w++)
		ghost_needed(R, &s->writes[w]);
}

/* ---- the transfer function ---- */

static void follow_edges(struct run *R, uint32_t node, const struct path_state *s)
{
	uint32_t ns;
	const struct ir_edge *e = shortcut_succs(&R->next, node, &ns);

	for (uint32_t k = 0; k < ns; k++)
		visit(R, e[k].to, s);
}

static void step_branch(struct run *R, uint32_t node, const struct path_state *s)
{
	const struct ir_node *n = &R->fn->nodes.v[node];
	uint32_t ns;
	const struct ir_edge *e = shortcut_succs(&R->next, node, &ns);
	int f = n->cond ? state_find_fact(s, n->cond) : -1;

	for (uint32_t k = 0; k < ns; k++) {
		if (e[k].kind == IR_EDGE_NEXT || !n->cond) {
			visit(R, e[k].to, s);
			continue;
		}
		uint32_t want = e[k].kind == IR_EDGE_TRUE;
		if (f >= 0) {
			if (s->facts[f].value == want)
				visit(R, e[k].to, s);
			continue;
		}
		struct path_state t = *s;
		state_set_fact(&t, n->cond, want);
		visit(R, e[k].to, &t);
	}
}

static void step_trylock(struct run *R, uint32_t node, const struct path_state *in)
{
	const struct ir_node *n = &R->fn->nodes.v[node];
	struct path_state s = *in;
	uint32_t ns;
	const struct ir_edge *e = shortcut_succs(&R->next, node, &ns);

	if (api_hooked(R, n->rule)) {
		run_all(R, &s, FW_TRYLOCK, node, PROG_TRYLOCK, 0, -1, 0);
		state_compact_writes(&s);	/* a model may order writes here */
	}
	for (uint32_t k = 0; k < ns; k++) {
		struct path_state t = s;
		bool success = e[k].kind == IR_EDGE_TRUE;
		if (success && !do_acquire(R, &t, node))
			continue;	/* would deadlock; a trylock fails there instead */
		if (n->cond)	/* the stored result's C truth */
			state_set_fact(&t, n->cond, success != R->r->apis.v[n->rule].success_zero);
		visit(R, e[k].to, &t);
	}
}

/* `key := truth`: a flag assigned a constant, a local assigned a call's
 * result, a return value.  Branches on the key then take the matching edge. */
static void do_assign(struct path_state *s, const struct ir_node *n)
{
	if (n->truth == IR_TRUTH_FALSE || n->truth == IR_TRUTH_TRUE) {
		state_set_fact(s, n->cond, n->truth == IR_TRUTH_TRUE);
		return;
	}
	int f = n->truth == IR_TRUTH_COPY ? state_find_fact(s, n->cond_src) : -1;
	if (f >= 0)
		state_set_fact(s, n->cond, s->facts[f].value);
	else
		state_forget_fact(s, n->cond);
}

static void step(struct run *R, uint32_t node, uint32_t id)
{
	const struct ir_node *n = &R->fn->nodes.v[node];
	struct path_state s;

	state_pool_get(&R->pool, id, &s);	/* a copy: the pool may move */
	R->stats->visits++;
	switch (n->op) {
	case IR_BRANCH:
		if (R->next.inert[node])	/* empty: every arm leads on alike */
			break;
		step_branch(R, node, &s);
		return;
	case IR_TRYACQUIRE:
		step_trylock(R, node, &s);
		return;
	case IR_ACQUIRE:
		if (!do_acquire(R, &s, node))
			return;
		break;
	case IR_RELEASE:
		do_release(R, &s, node);
		break;
	case IR_MMIO_WRITE:
		do_write(R, &s, node);
		break;
	case IR_MMIO_READ:
		do_read(R, &s, node);
		break;
	case IR_BARRIER:
		do_barrier(R, &s, node);
		break;
	case IR_RETURN:
		do_return(R, &s, node);
		return;
	case IR_ASSIGN:
		do_assign(&s, n);
		break;
	case IR_CALL:
		report_held(R, &s, node, R->hooks->on_call);
		if (n->cond)	/* the result of the previous call is gone */
			state_forget_fact(&s, n->cond);
		break;
	case IR_NOP:
		break;
	}
	follow_edges(R, node, &s);
}

/* The --max-seconds check, every few thousand steps. */
#define DEADLINE_CHECK_STEPS 4096

uint64_t engine_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Have the path states outgrown the budget?  Marks the stats when they
 * have: the function stops degraded instead of the process running out
 * of memory (a function of thousands of independent branches under one
 * lock keeps a growing list of writes in every state). */
static bool over_budget(const struct run *R)
{
	if (!R->cfg->max_state_bytes || state_pool_bytes(&R->pool) <= R->cfg->max_state_bytes)
		return false;
	R->stats->over_budget = R->stats->truncated = true;
	return true;
}

/* Has the configured deadline passed?  Marks the stats when it has. */
static bool past_deadline(const struct engine_config *cfg, struct engine_stats *stats)
{
	if (!cfg->deadline_ns || engine_now_ns() < cfg->deadline_ns)
		return false;
	stats->timed_out = stats->truncated = true;
	return true;
}

void engine_run(const struct engine_config *cfg, const struct ir_unit *u,
		const struct ir_function *fn, const struct eng_hooks *hooks,
		struct engine_stats *stats)
{
	struct run R;
	struct path_state init;

	assert(fn->finalized);
	memset(stats, 0, sizeof(*stats));
	if (fn->entry == IR_NONE || !fn->nodes.n || past_deadline(cfg, stats))
		return;
	memset(&R, 0, sizeof(R));
	R.cfg = cfg;
	R.r = cfg->rules;
	R.u = u;
	R.fn = fn;
	R.hooks = hooks;
	R.stats = stats;
	R.max_states = cfg->max_states > 0 ? cfg->max_states : ENG_DEFAULT_MAX_STATES;
	R.all_slots = (uint16_t)((1u << cfg->nmodels) - 1);
	R.return_key = u && u->strings ? strpool_find(u->strings, IR_KEY_RETURN) : 0;
	state_pool_init(&R.pool, cfg->nmodels);
	shortcuts_build(&R.next, fn);
	struct call_scopes scopes;
	struct ir_flow flow;	/* one sweep order for the three liveness problems */
	call_scopes_compute(&scopes, fn, u ? u->strings : NULL);
	ir_flow_compute(fn, &flow);
	liveness_compute(&R.live, fn, &flow, &scopes, R.next.inert, R.return_key, cfg->max_state_bytes / 8);
	liveness_compute_copies(&R.live_copies, fn, &flow, &scopes, R.next.inert, R.return_key,
				cfg->max_state_bytes / 8);
	reg_liveness_compute(&R.live_regs, cfg, fn, &flow, R.next.inert);
	ir_flow_free(&flow);
	call_scopes_free(&scopes);
	R.sets = xcalloc(fn->nodes.n, sizeof(*R.sets));
	R.place = xmalloc(fn->nodes.n * sizeof(*R.place));
	ir_program_order(fn, R.place);

	worklist_init(&R.work, fn, &R.next);

	memset(&init, 0, sizeof(init));
	visit(&R, fn->entry, &init);
	struct work w;
	for (size_t steps = 1; worklist_pop(&R.work, &w); steps++) {
		if ((steps % DEADLINE_CHECK_STEPS == 0 && past_deadline(cfg, stats)) || over_budget(&R))
			break;
		step(&R, w.node, w.state);
	}

	stats->states = state_pool_count(&R.pool);
	for (size_t i = 0; i < fn->nodes.n; i++)
		free(R.sets[i].ids);
	free(R.sets);
	free(R.place);
	worklist_free(&R.work);
	state_pool_free(&R.pool);
	liveness_free(&R.live);
	liveness_free(&R.live_copies);
	reg_liveness_free(&R.live_regs);
	shortcuts_free(&R.next);
}
