/*
 * reach.c - functions the program never runs.
 *
 * A static function that nothing calls by name runs only through the
 * slots it is stored into.  When every such slot belongs to a record the
 * driver declares itself (in its .c file or its own headers: the kernel
 * has no code that calls through it) and no call of the program goes
 * through any of them, the function is dead code as far as the program
 * can tell: qib's writescratch() is stored only into dd->f_writescratch,
 * and nothing in Linux 6.1 calls that slot; jsm's
 * neo_send_immediate_char() is stored only into the send_immediate_char
 * slot of jsm's own struct board_ops, which nothing calls.  Its writes
 * are no evidence and no finding for MMIO005 (checks read it through
 * check_fn_info.setup_entry).  The program may be partial (one file, as
 * Kbuild runs a checker): a call through the slot in a file it does not
 * hold is not seen, so this says less there, never more.
 *
 * The other way round, a function whose writes reach a root (a function
 * nothing calls) through summaries that keep them is seen, with the
 * locks its callers hold, in that root's checks; a summary that is capped
 * drops the writes it orders and keeps the others for their ordering
 * alone (not as MMIO005 votes), so there the function's own run is all
 * there is.
 */
#include "interproc.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* Collect every slot an indirect call of the program goes through. */
static void build_called_slots(struct ipa_program *p)
{
	for (size_t i = 0; i < p->fns.n; i++) {
		const struct ir_function *fn = p->fns.v[i].fn;
		for (size_t k = 0; fn && k < fn->nodes.n; k++) {
			const struct ir_node *n = &fn->nodes.v[k];
			if (n->op == IR_CALL && n->indirect && n->callee)
				VEC_PUSH(p->called_slots, n->callee);
		}
	}
	p->called_slots_built = true;
}

/* Does some indirect call of the program go through `slot`? */
static bool slot_called(struct ipa_program *p, const char *slot)
{
	if (!p->called_slots_built)
		build_called_slots(p);
	for (size_t i = 0; i < p->called_slots.n; i++)
		if (ipa_slot_matches(slot, strpool_str(p->strings, p->called_slots.v[i])))
			return true;
	return false;
}

const struct ir_fnptr *ipa_slot_registration(const struct ipa_program *p, str_id slot)
{
	for (uint32_t s = ipa_first_store(p, slot); s; s = ipa_next_store(p, s))
		if (p->fnptrs.v[s - 1].through_slot)
			return &p->fnptrs.v[s - 1];
	return NULL;
}

/* Is `slot` ("struct board_ops::send_immediate_char") a slot of a record
 * the driver declares? */
static bool private_slot(const struct ipa_program *p, const char *slot)
{
	const char *sep = strstr(slot, "::");

	if (!sep)
		return false;
	for (size_t i = 0; i < p->private_records.n; i++) {
		const char *r = strpool_str(p->strings, p->private_records.v[i]);
		if (strlen(r) == (size_t)(sep - slot) && !strncmp(r, slot, (size_t)(sep - slot)))
			return true;
	}
	return false;
}

bool ipa_unreached(struct ipa_program *p, uint32_t fi)
{
	const struct ipa_fn *f = &p->fns.v[fi];
	int stores = 0;

	assert(fi < p->fns.n);
	if (!f->fn || !f->fn->is_static || f->has_callers)
		return false;
	for (uint32_t s = ipa_first_store(p, f->name); s; s = ipa_next_store(p, s)) {
		const struct ir_fnptr *fp = &p->fnptrs.v[s - 1];
		if (fp->loc.file != f->file)
			continue;
		const char *slot = strpool_str(p->strings, fp->slot);
		if (fp->registration || !slot || !private_slot(p, slot) || slot_called(p, slot) ||
		    ipa_slot_registration(p, fp->slot))
			return false;
		stores++;
	}
	return stores > 0;
}

/* Fill p->reaches_root: a function with a summary that is not capped,
 * called by a root or by a function that reaches one, to a fixpoint
 * (bounded: a deeper chain is taken as not reaching). */
static void build_reaches_root(struct ipa_program *p)
{
	p->reaches_root = xcalloc(p->fns.n ? p->fns.n : 1, 1);
	bool changed = true;
	for (int round = 0; changed && round < 32; round++) {
		changed = false;
		for (size_t c = 0; c < p->fns.n; c++) {
			const struct ipa_fn *caller = &p->fns.v[c];
			if (caller->has_callers && !p->reaches_root[c])
				continue;
			for (size_t k = 0; k < caller->callees.n; k++) {
				uint32_t f = caller->callees.v[k];
				const struct ipa_fn *callee = &p->fns.v[f];
				if (p->reaches_root[f] || !callee->summary || callee->capped)
					continue;
				p->reaches_root[f] = 1;
				changed = true;
			}
		}
	}
}

bool ipa_writes_reach_root(struct ipa_program *p, uint32_t fi)
{
	assert(fi < p->fns.n);
	if (!p->reaches_root)
		build_reaches_root(p);
	return p->reaches_root[fi] != 0;
}
