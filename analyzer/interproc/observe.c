/*
 * observe.c - the calls whose held locks the checks want to see.
 *
 * A helper judged in its callers (MMIO005) holds, at each of its writes,
 * the locks it takes and the locks its callers hold where they call it.
 * The calls of every function with callers are marked observed, so that
 * the engine visits them with the path's locks; other calls it still
 * passes over.  That includes a function whose writes reach a root
 * (reach.c): the root's run sees them, but not those of a capped helper
 * it calls, whose chains of calls go up through it.  When every call of the
 * function is seen (a static function called by its name from analyzed
 * functions, never stored as a pointer: ipa_calls_all_seen()), it passes
 * the locks held at all of them on to the helpers it calls; otherwise
 * the calls seen still split its chains of calls by the locks they hold
 * (checks/caller_locks.c).  A function stored into a slot is called
 * through it: the indirect calls whose slot holds such a function are
 * marked too, and the function is named for each, so that its chains
 * of calls go on through them.
 */
#include "interproc.h"

#include <assert.h>
#include <stdlib.h>

bool ipa_calls_all_seen(struct ipa_program *p, uint32_t fi)
{
	const struct ipa_fn *pf = &p->fns.v[fi];

	assert(fi < p->fns.n);
	if (!pf->fn || !pf->fn->is_static || !pf->has_callers || !pf->direct_callers)
		return false;
	for (size_t i = 0; i < pf->named_by.n; i++) {
		const struct ipa_fn *caller = &p->fns.v[pf->named_by.v[i]];
		if (!caller->fn || caller->fn->parse_errors)
			return false;	/* not checked: its calls are not seen */
	}
	return !ipa_stored_as_pointer(p, fi);
}

/* Fill p->observed_names once: the functions with callers. */
static void build_observed_names(struct ipa_program *p)
{
	p->nobserved_names = strpool_count(p->strings) + 1;
	p->observed_names = xcalloc(p->nobserved_names, 1);
	for (size_t i = 0; i < p->fns.n; i++) {
		const struct ipa_fn *pf = &p->fns.v[i];
		if (pf->name < p->nobserved_names && pf->fn && pf->has_callers)
			p->observed_names[pf->name] = 1;
	}
}

/* Is a function named `name` one whose callers' locks the checks want? */
static bool observed_name(const struct ipa_program *p, str_id name)
{
	return name < p->nobserved_names && p->observed_names[name];
}

/* Add to targets, at node i, each of the functions t[0..nt) a slot may
 * hold that is observed; whether any was. */
static bool add_observed_targets(const struct ipa_program *p, uint32_t i, const uint32_t *t, int nt,
				 ir_call_target_vec *targets)
{
	size_t before = targets->n;

	for (int k = 0; k < nt; k++)
		if (observed_name(p, p->fns.v[t[k]].name)) {
			struct ir_call_target ct = { i, p->fns.v[t[k]].name };
			VEC_PUSH(*targets, ct);
		}
	return targets->n > before;
}

/* Mark indirect call node i of x, one of its own, when a function stored
 * into its slot is observed, and add each such function to targets. */
static void observe_slot_call(struct ipa_program *p, str_id file, struct ir_function *x, uint32_t i,
			      ir_call_target_vec *targets)
{
	uint32_t t[IPA_MAX_TARGETS];
	bool unknown;
	int nt = ipa_call_targets(p, file, &x->nodes.v[i], t, &unknown);

	if (add_observed_targets(p, i, t, nt, targets))
		x->nodes.v[i].observed = true;
}

/* Is program function h a driver-header inline, lowered here? */
static bool header_inline(const struct ipa_program *p, uint32_t h)
{
	return p->fns.v[h].fn && p->fns.v[h].fn->def_file;
}

/*
 * Node i of the function being marked calls h, a driver-header inline,
 * which has no run of its own: its indirect calls, and those of the
 * header inlines it calls by name, are the caller's, made with the locks
 * held at i, provided h takes none (in its body, in a function it calls
 * by name, through that function's summary, or in a header inline it
 * calls, a few deep).  Adds to targets, at node i, each observed function
 * stored into those slots; false, with targets as they were, when h
 * takes a lock.  (A header inline whose targets are all capped or
 * event-free keeps no trace of the call in its summary: igb.h's
 * igb_get_phy_info() calls `hw->phy.ops.get_phy_info(hw)`, and
 * igb_get_phy_info_m88() is reached no other way.)
 */
static bool inline_slot_calls(struct ipa_program *p, str_id file, uint32_t i, uint32_t h, int depth,
			      ir_call_target_vec *targets)
{
	const struct ir_function *hf = p->fns.v[h].fn;
	size_t before = targets->n;

	if (depth > 4 || ir_fn_has_lock_op(hf))
		goto locks;
	for (size_t k = 0; k < hf->nodes.n; k++) {
		const struct ir_node *c = &hf->nodes.v[k];
		uint32_t t[IPA_MAX_TARGETS];
		bool unknown;
		if (c->op != IR_CALL || !c->callee || c->call_site != IR_NONE)
			continue;
		int nt = ipa_call_targets(p, file, c, t, &unknown);
		if (!c->indirect && nt == 1 &&
		    (header_inline(p, t[0]) ? !inline_slot_calls(p, file, i, t[0], depth + 1, targets)
					    : ir_fn_has_lock_op(p->fns.v[t[0]].summary)))
			goto locks;
		if (c->indirect)
			add_observed_targets(p, i, t, nt, targets);
	}
	return true;
locks:
	targets->n = before;
	return false;
}

void ipa_mark_observed_calls(struct ipa_program *p, uint32_t fi, struct ir_function *x,
			     ir_call_target_vec *targets)
{
	str_id file = p->fns.v[fi].file;

	if (!p->observed_names)
		build_observed_names(p);
	targets->n = 0;
	for (size_t i = 0; i < x->nodes.n; i++) {
		struct ir_node *n = &x->nodes.v[i];
		if (n->op != IR_CALL || !n->callee)
			continue;
		/* by name: a static function's calls from every file, spliced
		 * ones too; a name two functions share is observed for both */
		if (!n->indirect && observed_name(p, n->callee))
			n->observed = true;
		if (!n->indirect && n->call_site == IR_NONE) {
			uint32_t h[IPA_MAX_TARGETS];
			bool unknown;
			size_t before = targets->n;
			if (ipa_call_targets(p, file, n, h, &unknown) == 1 && header_inline(p, h[0]) &&
			    inline_slot_calls(p, file, (uint32_t)i, h[0], 0, targets) && targets->n > before)
				n->observed = true;
		}
		/* through a slot: the function's own calls only (and its
		 * header inlines', above), since the slot's stores are
		 * resolved from the file that calls */
		if (n->indirect && n->call_site == IR_NONE)
			observe_slot_call(p, file, x, (uint32_t)i, targets);
	}
}
