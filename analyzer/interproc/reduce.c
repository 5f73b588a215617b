/*
 * reduce.c - contracting an expanded function to its summary.
 *
 * Kept: lock, MMIO and barrier events, branches whose condition the engine
 * correlates (and trylocks, whose TRUE/FALSE edges matter), branches on a
 * parameter whose arms reach different events (a caller's constant
 * argument decides them), and the call markers that spliced events came
 * through (for traces).  Everything else is contracted: an edge of the
 * summary joins two kept nodes that are connected through dropped nodes
 * only.  All returns become one exit.
 *
 * Invariant kept for ir_fn_finalize: a kept two-way node still has exactly
 * one TRUE and one FALSE edge (through a NOP fan-out when one side reaches
 * several kept nodes or none).
 *
 * A summary over IPA_MAX_SUMMARY_NODES drops reads first and then the
 * writes it orders itself, keeping lock events, barriers, correlated
 * branches and the writes that can be unordered at its return (capped,
 * mark_unordered_at_exit()): the cap bounds the cost of deep wrapper stacks
 * and huge helpers, at the price of the helper's paths around the writes
 * it keeps and of the register votes of those it drops
 * (docs/analysis.md).  What was dropped may
 * have ordered the caller's writes (a read, a write that makes an inner
 * unlock issue the barrier), so a capped summary orders every write before
 * each of its releases, and keeps the last read of each run of dropped
 * ones as a full barrier (mark_last_reads()): it may hide a finding, it
 * never invents one (the invented ones were MMIO002 from inner sections
 * whose writes were gone, bnx2_set_link(), hfi1_rcvctrl() in Linux 6.1,
 * and MMIO006 on writes whose read-back was gone, iavf_config_arq_regs()).
 * Correlated branches stay:
 * without them `if (f) lock(); ... if (f) unlock();` in a big helper became
 * a lock imbalance for every caller.
 *
 * Assignments of correlation keys (IR_ASSIGN: flags, stored call results)
 * and the calls whose result a branch tests are kept whenever a kept
 * branch reads them: without its call, tg3_ape_lock()'s branch on
 * tg3_flag(tp, ENABLE_APE) read, in its second copy in a caller, the
 * result of pci_channel_offline() from the first.  Assignments of the
 * return value are kept when the function has a lock event: they are what
 * lets a caller's `if (foo_lock(dev)) return;` take the exit whose lock
 * state matches the value (smatch's return states).  Without lock events
 * they would only make summaries of every function that returns a
 * constant.
 */
#include "interproc.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

enum keep_level { KEEP_ALL, KEEP_NO_READS, KEEP_LOCKS };

static bool is_event(const struct ir_node *n, enum keep_level level)
{
	switch (n->op) {
	case IR_ACQUIRE:
	case IR_TRYACQUIRE:
	case IR_RELEASE:
	case IR_BARRIER:
		return true;
	case IR_MMIO_WRITE:
		return level != KEEP_LOCKS;
	case IR_MMIO_READ:
		return level == KEEP_ALL;
	case IR_BRANCH:
		return n->cond != 0;
	default:
		return false;
	}
}

/* The contraction of one expanded function x into its summary. */
struct reducer {
	const struct ir_function *x;
	uint32_t *map;		/* x node -> summary node, IR_NONE if dropped */
	uint32_t *tail;		/* x node -> summary node its edges leave from
				 * (map, or the release after a synthetic barrier) */
	uint32_t *stamp;	/* DFS visit marks */
	uint32_t epoch;
	VEC(uint32_t) stack;
	VEC(uint32_t) found;
	uint32_t exit;		/* summary RETURN node */
	bool writes_bounded;	/* the kept writes are those a capped summary
				 * keeps for their ordering alone */
};

/* Kept nodes (or the exit) reachable from x node `start` through dropped
 * nodes only, into r->found. */
static void reach(struct reducer *r, uint32_t start)
{
	r->found.n = 0;
	r->stack.n = 0;
	r->epoch++;
	VEC_PUSH(r->stack, start);
	while (r->stack.n) {
		uint32_t v = r->stack.v[--r->stack.n];
		if (r->stamp[v] == r->epoch)
			continue;
		r->stamp[v] = r->epoch;
		if (r->map[v] != IR_NONE) {
			VEC_PUSH(r->found, r->map[v]);
			continue;
		}
		if (r->x->nodes.v[v].op == IR_RETURN) {
			VEC_PUSH(r->found, r->exit);
			continue;
		}
		uint32_t ns;
		const struct ir_edge *e = ir_succs(r->x, v, &ns);
		for (uint32_t k = 0; k < ns; k++)
			VEC_PUSH(r->stack, e[k].to);
	}
}

/* Mark the events and the call markers they came through. */
static bool is_fact_node(const struct ir_node *n)
{
	return n->op == IR_ASSIGN || (n->op == IR_CALL && n->cond);
}

static void keep_with_sites(const struct ir_function *x, bool *keep, size_t i)
{
	keep[i] = true;
	for (uint32_t c = x->nodes.v[i].call_site; c != IR_NONE && !keep[c]; c = x->nodes.v[c].call_site)
		keep[c] = true;
}

/* The keys kept nodes read: an open-addressing set of str_id (0 is no
 * key and marks an empty slot), sized to twice the nodes that may add one,
 * so it never fills. */
struct key_set {
	str_id *slot;
	size_t mask;
};

static void key_set_clear(struct key_set *s, size_t most)
{
	size_t n = 16;

	while (n < 2 * most)
		n *= 2;
	if (n - 1 != s->mask) {
		free(s->slot);
		s->slot = xmalloc(n * sizeof(*s->slot));
		s->mask = n - 1;
	}
	memset(s->slot, 0, n * sizeof(*s->slot));
}

/* The slot of key: where it is, or the empty one where it would go. */
static str_id *key_slot(const struct key_set *s, str_id key)
{
	size_t i = ((size_t)key * 2654435761u) & s->mask;

	while (s->slot[i] && s->slot[i] != key)
		i = (i + 1) & s->mask;
	return &s->slot[i];
}

static void key_set_add(struct key_set *s, str_id key)
{
	if (key)
		*key_slot(s, key) = key;
}

/* Does a kept branch, trylock or copy read `key`? */
static bool key_read(const struct key_set *s, str_id key)
{
	return key && *key_slot(s, key) == key;
}

/*
 * Keep the assignments a kept node reads (transitively, through copies)
 * and every assignment of the return value; the rest would only make
 * summaries bigger and states more numerous.
 */
static void mark_fact_nodes(const struct ir_function *x, bool *keep, str_id ret)
{
	struct key_set read = { NULL, 0 };
	bool changed = true;

	while (changed) {
		changed = false;
		key_set_clear(&read, x->nodes.n);
		for (size_t i = 0; i < x->nodes.n; i++) {
			const struct ir_node *n = &x->nodes.v[i];
			if (keep[i] && (n->op == IR_BRANCH || n->op == IR_TRYACQUIRE) && n->cond)
				key_set_add(&read, n->cond);
			else if (keep[i] && n->op == IR_ASSIGN && n->truth == IR_TRUTH_COPY)
				key_set_add(&read, n->cond_src);
		}
		for (size_t i = 0; i < x->nodes.n; i++) {
			const struct ir_node *n = &x->nodes.v[i];
			if (keep[i] || !is_fact_node(n))
				continue;
			if ((n->op == IR_ASSIGN && ret && n->cond == ret) || key_read(&read, n->cond)) {
				keep_with_sites(x, keep, i);
				changed = true;
			}
		}
	}
	free(read.slot);
}

/* Scratch of arms_differ, sized to one expanded function: visit stamps,
 * the arms that reached each kept node, and the nodes marked, so that
 * clearing costs what was marked. */
struct arm_walk {
	const struct ir_function *x;
	const bool *keep;	/* the caller's marks, read as they change */
	uint32_t *seen;		/* seen[v] == epoch: walked in this search */
	uint32_t epoch;
	uint8_t *found;		/* bit per arm that reached the kept node */
	VEC(uint32_t) marked;	/* nodes with found != 0 */
	VEC(uint32_t) stack;
};

static void arm_walk_init(struct arm_walk *w, const struct ir_function *x, const bool *keep)
{
	memset(w, 0, sizeof(*w));
	w->x = x;
	w->keep = keep;
	w->seen = xcalloc(x->nodes.n ? x->nodes.n : 1, sizeof(*w->seen));
	w->found = xcalloc(x->nodes.n ? x->nodes.n : 1, 1);
}

static void arm_walk_free(struct arm_walk *w)
{
	free(w->seen);
	free(w->found);
	VEC_FREE(w->marked);
	VEC_FREE(w->stack);
}

/* Mark with `bit` (in found) the kept nodes x node `start` reaches
 * through dropped ones, and in *returns whether it reaches a return. */
static void reach_kept(struct arm_walk *w, uint32_t start, uint8_t bit, uint8_t *returns)
{
	w->epoch++;
	w->stack.n = 0;
	VEC_PUSH(w->stack, start);
	while (w->stack.n) {
		uint32_t v = w->stack.v[--w->stack.n], ns;
		if (w->seen[v] == w->epoch)
			continue;
		w->seen[v] = w->epoch;
		if (w->keep[v]) {
			if (!w->found[v])
				VEC_PUSH(w->marked, v);
			w->found[v] |= bit;
			continue;
		}
		if (w->x->nodes.v[v].op == IR_RETURN) {
			*returns |= bit;
			continue;
		}
		const struct ir_edge *e = ir_succs(w->x, v, &ns);
		for (uint32_t k = 0; k < ns; k++)
			VEC_PUSH(w->stack, e[k].to);
	}
}

/*
 * Does it matter which way two-way branch i goes: do its TRUE and FALSE
 * edges reach different kept nodes (all returns being the summary's one
 * exit)?  For a branch on a parameter, only then can a caller's constant
 * argument (interproc/splice.c) change a path; any other such branch is
 * contracted like an uncorrelated one, so the summary is what it was
 * without it.
 */
static bool arms_differ(struct arm_walk *w, uint32_t i)
{
	uint8_t returns = 0;
	uint32_t ns;
	const struct ir_edge *e = ir_succs(w->x, i, &ns);
	bool differ;

	assert(ns == 2);
	w->marked.n = 0;
	for (uint32_t k = 0; k < ns; k++)
		reach_kept(w, e[k].to, e[k].kind == IR_EDGE_TRUE ? 1 : 2, &returns);
	differ = returns == 1 || returns == 2;
	for (size_t m = 0; m < w->marked.n; m++) {
		uint32_t v = w->marked.v[m];
		differ |= w->found[v] == 1 || w->found[v] == 2;
		w->found[v] = 0;
	}
	return differ;
}

/* Keep the function's own branches on a parameter whose arms differ
 * (arms_differ, over w's keep marks), decided by the marks of the events
 * alone. */
static void mark_param_branches(struct arm_walk *w, bool *keep)
{
	const struct ir_function *x = w->x;
	VEC(uint32_t) branches = VEC_INIT;

	for (uint32_t i = 0; i < x->nodes.n; i++)
		if (x->nodes.v[i].cond_param && !keep[i] && arms_differ(w, i))
			VEC_PUSH(branches, i);
	for (size_t k = 0; k < branches.n; k++)
		keep_with_sites(x, keep, branches.v[k]);
	VEC_FREE(branches);
}

/*
 * Unmark the correlated branches whose arms reach the same kept nodes
 * (arms_differ), to a fixpoint over nested ones (a few rounds): such a
 * branch changes no path a caller can take (a later test of its key
 * splits the path itself), and the events of big helpers are mostly
 * these (`if (tg3_flag(tp, 5705_PLUS)) val |= X;`), enough to cap them.
 */
static void drop_empty_branches(struct arm_walk *w, bool *keep)
{
	const struct ir_function *x = w->x;
	bool changed = true;

	for (int round = 0; changed && round < 4; round++) {
		changed = false;
		for (uint32_t i = 0; i < x->nodes.n; i++) {
			uint32_t ns;
			if (!keep[i] || x->nodes.v[i].op != IR_BRANCH)
				continue;
			(void)ir_succs(x, i, &ns);
			if (ns != 2 || arms_differ(w, i))
				continue;
			keep[i] = false;
			changed = true;
		}
	}
}

/*
 * In a summary that drops reads, mark in `last` each read that can be the
 * last one before the next kept node or the exit; it is kept, and build()
 * makes it a synthetic full barrier.  A read-back orders the writes
 * before it, the function's own and its caller's, so with every read
 * gone the kept writes looked
 * pending at the release after the call (iavf_config_arq_regs(): an
 * MMIO006 the code does not have).  A read followed on every way by
 * another read before anything kept is left out: the barrier of the later
 * one orders at least what it did.  Linear: a backward walk from the kept
 * nodes (keep, and also_kept when not NULL) and the returns through the
 * dropped nodes that are not reads.
 */
static void mark_last_reads(const struct ir_function *x, const uint32_t *off, const uint32_t *preds,
			    const bool *keep, const bool *also_kept, bool *last)
{
	uint32_t ns;
	uint8_t *ends = xcalloc(x->nodes.n ? x->nodes.n : 1, 1);
	VEC(uint32_t) queue = VEC_INIT;

	for (uint32_t v = 0; v < x->nodes.n; v++)
		if (keep[v] || (also_kept && also_kept[v]) || x->nodes.v[v].op == IR_RETURN) {
			ends[v] = 1;
			VEC_PUSH(queue, v);
		}
	for (size_t q = 0; q < queue.n; q++)
		for (uint32_t k = off[queue.v[q]]; k < off[queue.v[q] + 1]; k++) {
			uint32_t u = preds[k];
			if (!ends[u] && x->nodes.v[u].op != IR_MMIO_READ) {
				ends[u] = 1;
				VEC_PUSH(queue, u);
			}
		}
	for (uint32_t r = 0; r < x->nodes.n; r++) {
		last[r] = false;
		if (keep[r] || x->nodes.v[r].op != IR_MMIO_READ)
			continue;
		const struct ir_edge *e = ir_succs(x, r, &ns);
		for (uint32_t k = 0; k < ns && !last[r]; k++)
			last[r] = ends[e[k].to];
	}
	free(ends);
	VEC_FREE(queue);
}

/*
 * After node n of a capped summary, is no earlier write pending: a read
 * (its stand-in orders every device, mark_last_reads()), a barrier that
 * orders MMIO other than mmiowb(), or a release (a capped summary puts a
 * full barrier before each)?
 */
static bool orders_writes(const struct ipa_program *p, const struct ir_node *n)
{
	if (n->op == IR_MMIO_READ || n->op == IR_RELEASE || n->for_reads)
		return true;
	if (n->op != IR_BARRIER || !p || !p->rules || n->rule < 0)
		return false;
	const struct barrier *b = &p->rules->barriers.v[n->rule];
	return b->orders_mmio && !b->is_mmiowb;
}

/*
 * Mark in `tail` the writes of x that can still be pending when x returns:
 * those from which some path reaches a return through no node that
 * orders them (orders_writes()).  A capped summary keeps exactly these of
 * its writes: a caller that releases its lock after the call must see
 * them (a helper that rings a relaxed doorbell last), and every other
 * write is ordered before the return by a read or barrier the summary
 * keeps.  Linear: a backward walk from the returns.  Returns how many.
 */
static size_t mark_unordered_at_exit(const struct ipa_program *p, const struct ir_function *x,
				     const uint32_t *off, const uint32_t *preds, bool *tail)
{
	uint8_t *open = xcalloc(x->nodes.n ? x->nodes.n : 1, 1);
	VEC(uint32_t) queue = VEC_INIT;
	size_t n = 0;

	for (uint32_t v = 0; v < x->nodes.n; v++)
		if (x->nodes.v[v].op == IR_RETURN) {
			open[v] = 1;
			VEC_PUSH(queue, v);
		}
	for (size_t q = 0; q < queue.n; q++) {
		uint32_t v = queue.v[q];
		if (orders_writes(p, &x->nodes.v[v]))
			continue;	/* what comes before it is ordered */
		for (uint32_t k = off[v]; k < off[v + 1]; k++)
			if (!open[preds[k]]) {
				open[preds[k]] = 1;
				VEC_PUSH(queue, preds[k]);
			}
	}
	for (uint32_t v = 0; v < x->nodes.n; v++) {
		tail[v] = open[v] && x->nodes.v[v].op == IR_MMIO_WRITE;
		n += tail[v];
	}
	free(open);
	VEC_FREE(queue);
	return n;
}

/* The predecessors of x's nodes, built on first use (mark_last_reads()). */
struct pred_lists {
	uint32_t *off, *preds;
};

/*
 * Mark the events and the call markers they came through.  Returns how
 * many there are, not counting the assignments of correlation keys (the
 * cap is for events: a key assignment is one per exit or store), the
 * branches on parameters kept for callers that pass a constant, nor the
 * barriers that stand for dropped reads, here (mark_last_reads()) or in
 * a callee's capped summary (ir_node.for_reads): at most one per run of
 * reads, and counting them made summaries that kept writes drop them.
 * At KEEP_LOCKS the writes that can be unordered at the return are kept
 * too (mark_unordered_at_exit()), and not counted either, nor are those
 * a callee's capped summary kept so (ir_node.bounded_by), at any level:
 * the cap never takes them from a caller, and counting them would make
 * the summaries that take them in drop their own writes.  (Their call
 * markers are not counted, and a branch whose arms differ only in such
 * nodes is contracted: it keeps both paths.)
 */
static size_t mark_kept(const struct ipa_program *p, const struct ir_function *x, enum keep_level level,
			bool *keep, struct pred_lists *pl)
{
	size_t n = 0, nodes = x->nodes.n ? x->nodes.n : 1;
	struct arm_walk w;
	bool *last = NULL, *tail;

	memset(keep, 0, x->nodes.n * sizeof(*keep));
	for (size_t i = 0; i < x->nodes.n; i++)	/* stand-ins and tails: below */
		keep[i] = !is_fact_node(&x->nodes.v[i]) && is_event(&x->nodes.v[i], level) &&
			  !x->nodes.v[i].for_reads && !x->nodes.v[i].bounded_by;
	arm_walk_init(&w, x, keep);
	drop_empty_branches(&w, keep);
	if (level != KEEP_ALL && !pl->off)
		ir_preds(x, &pl->off, &pl->preds);
	tail = xmalloc(nodes * sizeof(*tail));
	if (level == KEEP_LOCKS) {
		if (mark_unordered_at_exit(p, x, pl->off, pl->preds, tail) > IPA_MAX_LOCK_SUMMARY_NODES)
			/* writes compounding through capped callees: what
			 * bounds them (the most on Linux 6.1's corpus: 438) */
			memset(tail, 0, nodes * sizeof(*tail));
	} else {	/* a callee's tails stay, as they are */
		for (size_t i = 0; i < x->nodes.n; i++)
			tail[i] = x->nodes.v[i].bounded_by != 0;
	}
	if (level != KEEP_ALL) {
		last = xmalloc(nodes * sizeof(*last));
		mark_last_reads(x, pl->off, pl->preds, keep, tail, last);
	}
	for (size_t i = 0; i < x->nodes.n; i++)
		if (keep[i])
			keep_with_sites(x, keep, i);
	for (size_t i = 0; i < x->nodes.n; i++)
		n += keep[i];
	for (size_t i = 0; i < x->nodes.n; i++)
		if (x->nodes.v[i].for_reads || (last && last[i]) || tail[i])
			keep_with_sites(x, keep, i);
	free(last);
	free(tail);
	/* the assignments the kept branches read, always: a branch kept
	 * without the call or store that set its key would read the value
	 * the key had in the caller before, from another call */
	mark_fact_nodes(x, keep, p && ir_fn_has_lock_op(x) ? strpool_find(p->strings, IR_KEY_RETURN) : 0);
	mark_param_branches(&w, keep);
	arm_walk_free(&w);
	return n;
}

/* Add the edges of summary node `to_s` (x node `from_x`, kind preserved
 * for two-way nodes). */
static void link_from(struct reducer *r, struct ir_function *s, uint32_t from_s, uint32_t from_x, bool twoway)
{
	uint32_t ns;
	const struct ir_edge *e = ir_succs(r->x, from_x, &ns);
	size_t first = s->edges.n;	/* only this call adds edges from from_s */

	for (uint32_t k = 0; k < ns; k++) {
		enum ir_edge_kind kind = twoway ? e[k].kind : IR_EDGE_NEXT;
		reach(r, e[k].to);
		if (kind != IR_EDGE_NEXT && r->found.n != 1) {
			struct ir_node fan = ir_node_make(IR_NOP);
			uint32_t f = ir_add_node(s, &fan);
			ir_add_edge(s, from_s, f, kind);
			for (size_t j = 0; j < r->found.n; j++)
				ir_add_edge(s, f, r->found.v[j], IR_EDGE_NEXT);
			continue;
		}
		for (size_t j = 0; j < r->found.n; j++) {
			bool dup = false;
			for (size_t q = first; q < s->edges.n && !dup; q++)
				dup = s->edge_from.v[q] == from_s && s->edges.v[q].to == r->found.v[j] &&
				      s->edges.v[q].kind == kind;
			if (!dup)
				ir_add_edge(s, from_s, r->found.v[j], kind);
		}
	}
}

/* The barrier a capped summary puts before its releases (a full one:
 * orders_mmio and not the mmiowb() that MMIO003/MMIO004 judge), -1 if the
 * rules have none. */
static int capped_barrier_rule(const struct ipa_program *p)
{
	if (!p || !p->rules)
		return -1;
	for (size_t i = 0; i < p->rules->barriers.n; i++)
		if (p->rules->barriers.v[i].orders_mmio && !p->rules->barriers.v[i].is_mmiowb)
			return (int)i;
	return -1;
}

/*
 * Copy kept x node i into the summary.  A call keeps its arguments.  In a
 * capped summary a release is preceded by the synthetic barrier that
 * orders the writes the cap dropped: edges into the release go to the
 * barrier (map), its own edges leave from the release (tail).
 */
static void copy_kept_node(struct reducer *r, struct ir_function *s, size_t i, int barrier_rule)
{
	const struct ir_function *x = r->x;
	struct ir_node n = x->nodes.v[i];

	if (r->writes_bounded && n.op == IR_MMIO_WRITE && !n.bounded_by)
		n.bounded_by = s->name;	/* kept by mark_unordered_at_exit() */

	if (n.op == IR_CALL && n.nargs) {
		uint32_t off = (uint32_t)s->args.n;
		for (uint32_t k = 0; k < n.nargs; k++)
			VEC_PUSH(s->args, x->args.v[n.args_off + k]);
		n.args_off = off;
	}
	if (barrier_rule >= 0 && n.op == IR_MMIO_READ) {
		/* a read kept by mark_last_reads(): its ordering, for every
		 * device (the reads before it are gone) */
		n.op = IR_BARRIER;
		n.rule = barrier_rule;
		n.synthetic = true;
		n.for_reads = true;
		n.device = 0;
	}
	if (barrier_rule >= 0 && n.op == IR_RELEASE) {
		struct ir_node b = ir_node_make(IR_BARRIER);
		b.loc = n.loc;
		b.rule = barrier_rule;
		b.synthetic = true;
		b.call_site = n.call_site;
		r->map[i] = ir_add_node(s, &b);
		r->tail[i] = ir_add_node(s, &n);
		return;
	}
	r->map[i] = ir_add_node(s, &n);
	r->tail[i] = r->map[i];
}

/* Point each kept node's call site at the nearest kept marker (all
 * markers of kept nodes are kept), and join a synthetic barrier to the
 * release it precedes. */
static void link_call_sites(struct reducer *r, struct ir_function *s)
{
	const struct ir_function *x = r->x;

	for (size_t i = 0; i < x->nodes.n; i++)
		if (r->map[i] != IR_NONE) {
			uint32_t c = x->nodes.v[i].call_site;
			s->nodes.v[r->map[i]].call_site = c == IR_NONE ? IR_NONE : r->tail[c];
			s->nodes.v[r->tail[i]].call_site = s->nodes.v[r->map[i]].call_site;
			if (r->tail[i] != r->map[i])
				ir_add_edge(s, r->map[i], r->tail[i], IR_EDGE_NEXT);
		}
}

/* The summary's edges: from its entry to the kept nodes first reached,
 * and from each kept node to those it reaches through dropped ones (a
 * branch or trylock keeps its TRUE/FALSE kinds). */
static void link_kept_nodes(struct reducer *r, struct ir_function *s, uint32_t s_entry)
{
	const struct ir_function *x = r->x;

	reach(r, x->entry);
	for (size_t j = 0; j < r->found.n; j++)
		ir_add_edge(s, s_entry, r->found.v[j], IR_EDGE_NEXT);
	for (size_t i = 0; i < x->nodes.n; i++) {
		if (r->map[i] == IR_NONE)
			continue;
		enum ir_op op = x->nodes.v[i].op;
		link_from(r, s, r->tail[i], (uint32_t)i, op == IR_TRYACQUIRE || op == IR_BRANCH);
	}
}

/* Build the summary of x from the nodes marked in keep: an entry NOP, the
 * kept nodes, one exit, and the contracted edges between them. */
static struct ir_function *build(const struct ir_function *x, str_id name, const bool *keep, int barrier_rule,
				 bool writes_bounded)
{
	struct reducer r;
	struct ir_function *s = ir_fn_alloc(name);
	struct ir_node entry = ir_node_make(IR_NOP), ret = ir_node_make(IR_RETURN);

	memset(&r, 0, sizeof(r));
	r.x = x;
	r.writes_bounded = writes_bounded;
	r.map = xmalloc(x->nodes.n * sizeof(*r.map));
	r.tail = xmalloc((x->nodes.n ? x->nodes.n : 1) * sizeof(*r.tail));
	r.stamp = xcalloc(x->nodes.n, sizeof(*r.stamp));
	s->loc = x->loc;
	for (size_t i = 0; i < x->params.n; i++)
		VEC_PUSH(s->params, x->params.v[i]);
	entry.loc = ret.loc = x->loc;
	uint32_t s_entry = ir_add_node(s, &entry);
	for (size_t i = 0; i < x->nodes.n; i++) {
		r.map[i] = IR_NONE;
		if (keep[i])
			copy_kept_node(&r, s, i, barrier_rule);
	}
	r.exit = ir_add_node(s, &ret);
	link_call_sites(&r, s);
	link_kept_nodes(&r, s, s_entry);
	s->entry = s_entry;
	ir_fn_finalize(s);
	free(r.tail);
	free(r.map);
	free(r.stamp);
	VEC_FREE(r.stack);
	VEC_FREE(r.found);
	return s;
}

struct ir_function *ipa_reduce(const struct ipa_program *p, const struct ir_function *x,
			       str_id name, bool *capped)
{
	bool *keep = xmalloc((x->nodes.n ? x->nodes.n : 1) * sizeof(*keep));
	enum keep_level level = KEEP_ALL;
	struct pred_lists pl = { NULL, NULL };
	size_t n;

	*capped = false;
	while ((n = mark_kept(p, x, level, keep, &pl)) > IPA_MAX_SUMMARY_NODES && level != KEEP_LOCKS) {
		level = level == KEEP_ALL ? KEEP_NO_READS : KEEP_LOCKS;
		*capped = true;
	}
	/*
	 * Even its lock events are too many (seen: 48,000 in cnic.c, spliced
	 * from capped callees): no summary, so callers see an unknown call.
	 * Otherwise summaries would grow up the call graph without bound.
	 */
	if (n > IPA_MAX_LOCK_SUMMARY_NODES)
		n = 0;
	struct ir_function *s = NULL;
	if (n && x->entry != IR_NONE)
		s = build(x, name, keep, *capped ? capped_barrier_rule(p) : -1, level == KEEP_LOCKS);
	free(keep);
	free(pl.off);
	free(pl.preds);
	return s;
}
