/*
 * verify.c - the event IR's invariants (ir.h), checked on a finalized
 * function.  ir_fn_finalize asserts them in debug builds, so every graph
 * the frontend lowers, interproc reduces or splices, and the store loads
 * is checked before the engine walks it; the unit tests call the checker
 * on graphs broken on purpose.  Release builds (NDEBUG) never call it.
 */
#include "ir.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The successor arrays are one CSR block: node i's edges start where node
 * i-1's end, the last ends at succs.n, every target is a node. */
static const char *check_succ_arrays(const struct ir_function *fn, uint32_t *bad)
{
	uint32_t off = 0;

	for (uint32_t i = 0; i < fn->nodes.n; i++) {
		const struct ir_node *n = &fn->nodes.v[i];
		*bad = i;
		if (n->succ_off != off || n->nsucc > fn->succs.n - off)
			return "successor lists overlap, leave a gap or run past the edges";
		for (uint32_t k = 0; k < n->nsucc; k++) {
			const struct ir_edge *e = &fn->succs.v[off + k];
			if (e->to >= fn->nodes.n)
				return "an edge leads to no node";
			if (e->kind != IR_EDGE_NEXT && e->kind != IR_EDGE_TRUE && e->kind != IR_EDGE_FALSE)
				return "an edge of unknown kind";
		}
		off += n->nsucc;
	}
	*bad = IR_NONE;
	return off == fn->succs.n ? NULL : "edges belong to no node";
}

/* The edges a node's op allows: two-way nodes one TRUE and one FALSE (a
 * branch may instead fan out on NEXT edges: a switch, but not one on a
 * parameter, whose edges say its truth; a synthetic branch, the analysis's
 * choice of a function-pointer block at a function's entry, may keep only
 * the arm that can be), others only NEXT, returns none. */
static const char *check_node_edges(const struct ir_function *fn, uint32_t i)
{
	const struct ir_node *n = &fn->nodes.v[i];
	uint32_t ns;
	const struct ir_edge *e = ir_succs(fn, i, &ns);
	int t = 0, f = 0;

	for (uint32_t k = 0; k < ns; k++) {
		t += e[k].kind == IR_EDGE_TRUE;
		f += e[k].kind == IR_EDGE_FALSE;
	}
	if (n->cond_param && (n->op != IR_BRANCH || t != 1 || f != 1 || n->cond_param > fn->params.n))
		return "a branch on a parameter that is no two-way branch or names no parameter";
	switch (n->op) {
	case IR_RETURN:
		return ns ? "a return has successors" : NULL;
	case IR_TRYACQUIRE:
		return t == 1 && f == 1 ? NULL : "a trylock without one TRUE and one FALSE edge";
	case IR_BRANCH:	/* a synthetic choice may keep one arm: the other cannot be */
		return (t == 1 && f == 1) || (t == 0 && f == 0) || (n->synthetic && ns == 1 && t + f == 1) ? NULL :
		       "a branch without one TRUE and one FALSE edge, or only NEXT edges";
	default:
		return t || f ? "a TRUE or FALSE edge on a node that does not branch" : NULL;
	}
}

/* Walk from the entry: every path the engine follows ends at a return (a
 * dead end would drop its held locks and pending writes unjudged). */
static const char *check_paths_end_in_returns(const struct ir_function *fn, uint32_t *bad)
{
	bool *seen = xcalloc(fn->nodes.n, sizeof(*seen));
	VEC(uint32_t) todo = VEC_INIT;
	const char *why = NULL;

	seen[fn->entry] = true;
	VEC_PUSH(todo, fn->entry);
	while (todo.n && !why) {
		uint32_t i = todo.v[--todo.n], ns;
		const struct ir_edge *e = ir_succs(fn, i, &ns);
		if (!ns && fn->nodes.v[i].op != IR_RETURN) {
			*bad = i;
			why = "a path from the entry ends without a return";
		}
		for (uint32_t k = 0; k < ns; k++)
			if (!seen[e[k].to]) {
				seen[e[k].to] = true;
				VEC_PUSH(todo, e[k].to);
			}
	}
	VEC_FREE(todo);
	free(seen);
	return why;
}

const char *ir_fn_check(const struct ir_function *fn, uint32_t *node)
{
	uint32_t bad = IR_NONE;
	const char *why = NULL;

	if (!fn->finalized)
		why = "not finalized";
	else if (!fn->nodes.n)
		why = fn->entry == IR_NONE && !fn->succs.n ? NULL : "an entry or edges without nodes";
	else if (fn->entry >= fn->nodes.n)
		why = "the entry is not a node";
	else
		why = check_succ_arrays(fn, &bad);
	for (uint32_t i = 0; !why && fn->finalized && i < fn->nodes.n; i++)
		if ((why = check_node_edges(fn, i)))
			bad = i;
	if (!why && fn->nodes.n)
		why = check_paths_end_in_returns(fn, &bad);
	if (node)
		*node = why ? bad : IR_NONE;
	return why;
}

bool ir_fn_ok(const struct ir_function *fn)
{
	uint32_t node;
	const char *why = ir_fn_check(fn, &node);

	if (!why)
		return true;
	if (node == IR_NONE)
		fprintf(stderr, "mmiocheck: IR invariant broken: %s\n", why);
	else
		fprintf(stderr, "mmiocheck: IR invariant broken at node %u: %s\n", node, why);
	return false;
}

/* Every field of two nodes, one by one (their padding may differ). */
static bool ir_node_same(const struct ir_node *a, const struct ir_node *b)
{
	return !memcmp(&a->loc, &b->loc, sizeof(a->loc)) && a->spelled == b->spelled && a->rule == b->rule &&
	       a->lock == b->lock && a->lock_type == b->lock_type && a->device == b->device &&
	       a->callee == b->callee && a->indirect == b->indirect && a->observed == b->observed &&
	       a->synthetic == b->synthetic && a->for_reads == b->for_reads &&
	       a->coarse_context == b->coarse_context && a->op == b->op && a->cond_op == b->cond_op &&
	       a->truth == b->truth && a->cond == b->cond && a->config_key == b->config_key &&
	       a->pure_key == b->pure_key && a->bounded_by == b->bounded_by && a->cond_src == b->cond_src &&
	       a->cond_param == b->cond_param && a->slot_test == b->slot_test && a->cond_k == b->cond_k &&
	       a->stmt_first_line == b->stmt_first_line && a->stmt_last_line == b->stmt_last_line &&
	       a->args_off == b->args_off && a->nargs == b->nargs && a->const_args == b->const_args &&
	       a->const_true == b->const_true && a->reg == b->reg && a->call_site == b->call_site &&
	       a->succ_off == b->succ_off && a->nsucc == b->nsucc;
}

/* Do two vectors of str_id hold the same ids? */
static bool ids_same(const str_id *a, size_t na, const str_id *b, size_t nb)
{
	return na == nb && (!na || !memcmp(a, b, na * sizeof(*a)));
}

bool ir_fn_same(const struct ir_function *a, const struct ir_function *b)
{
	assert(a->finalized && b->finalized);
	if (a->name != b->name || a->entry != b->entry || a->nodes.n != b->nodes.n || a->succs.n != b->succs.n ||
	    !ids_same(a->params.v, a->params.n, b->params.v, b->params.n) ||
	    !ids_same(a->args.v, a->args.n, b->args.v, b->args.n) ||
	    !ids_same(a->arg_types.v, a->arg_types.n, b->arg_types.v, b->arg_types.n) ||
	    !ids_same(a->arg_regs.v, a->arg_regs.n, b->arg_regs.v, b->arg_regs.n) ||
	    a->contracts.n != b->contracts.n)
		return false;
	for (size_t i = 0; i < a->nodes.n; i++)
		if (!ir_node_same(&a->nodes.v[i], &b->nodes.v[i]))
			return false;
	for (size_t i = 0; i < a->succs.n; i++)
		if (a->succs.v[i].to != b->succs.v[i].to || a->succs.v[i].kind != b->succs.v[i].kind)
			return false;
	return true;
}
