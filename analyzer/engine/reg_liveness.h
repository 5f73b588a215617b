/*
 * reg_liveness.h - which model registers a function can still read (private
 * to analyzer/engine/).
 *
 * A model's register only matters where a later program reads it before
 * assigning it: ppc64-legacy's io_sync, set by every write and cleared by
 * every spin_lock(), is read by spin_unlock() alone.  Outside a section it
 * is dead almost everywhere, yet two paths that differ only in whether the
 * last unlocked write set it were two states.  The engine zeroes a register
 * where it is dead, as it drops dead facts (liveness.h).
 */
#ifndef MMIOCHECK_ENGINE_REG_LIVENESS_H
#define MMIOCHECK_ENGINE_REG_LIVENESS_H

#include "engine.h"

_Static_assert(ENG_MAX_MODELS * RULES_MAX_REGS <= 64, "a node's live registers fit a uint64_t");

/* Bit of register reg of model slot `slot` in a live set. */
#define REG_BIT(slot, reg) (1ULL << ((slot) * RULES_MAX_REGS + (reg)))

struct reg_liveness {
	uint64_t *live_in;	/* per node: registers live on entry */
};

/* Compute the registers live on entry to each node of fn under the models
 * of cfg (backward dataflow to a fixpoint, swept by flow).  A node marked
 * in inert (may be NULL) runs no program. */
void reg_liveness_compute(struct reg_liveness *L, const struct engine_config *cfg,
			  const struct ir_function *fn, const struct ir_flow *flow, const bool *inert);
void reg_liveness_free(struct reg_liveness *L);

/* The registers some program reached from `node` on reads before it
 * assigns them. */
static inline uint64_t reg_liveness_live(const struct reg_liveness *L, uint32_t node)
{
	return L->live_in ? L->live_in[node] : ~0ULL;
}

#endif
