/*
 * helper_mmiowb.h - what MMIO003 and MMIO004 share for an mmiowb() inside
 * a static helper of the file: it is judged once, at its own line, over
 * every context that reaches it (each caller that nothing else calls, each
 * framework callback and entry point), not at each call line.
 *
 * A check records, while a root context runs, one hmb_context per (site,
 * top call); at the end of the program it reads the contexts of each site
 * and reports once.  Traces name the callers.
 */
#ifndef MMIOCHECK_HELPER_MMIOWB_H
#define MMIOCHECK_HELPER_MMIOWB_H

#include "checks.h"

typedef VEC(struct mc_trace_step) hmb_steps;

/* One way the helper's mmiowb() is reached: a root function's call. */
struct hmb_context {
	uint32_t top_line;		/* the root's call line (orders contexts) */
	bool unlocked;			/* reached with no hooked lock on some path */
	bool locked;			/* reached with a caller's hooked lock */
	uint32_t in_section;		/* model bits: reached with a caller's hooked lock */
	uint32_t needed;		/* model bits: a write needed it */
	char *lock;			/* the caller's innermost hooked lock, or NULL */
	hmb_steps steps;		/* root call -> ... -> helper call */
};

/* One mmiowb() statement of a static helper. */
struct hmb_site {
	char *file, *function, *line_text;
	uint32_t line, col, end_line, end_col;
	uint32_t stmt_first, stmt_last;
	VEC(struct hmb_context) contexts;
};

struct hmb_table {
	VEC(struct hmb_site) sites;
};

/* A run's map from a spliced mmiowb() node to its (site, context). */
struct hmb_run_entry {
	uint32_t node;
	size_t site, context;
};
typedef VEC(struct hmb_run_entry) hmb_run;

/*
 * Is this node an mmiowb() spliced in from a static function defined in
 * the unit's main file (so its line is the file's and every caller is in
 * the program)?
 */
bool hmb_in_static_helper(const struct check_ctx *ctx, uint32_t node);
/* The context of `node` in this run, created on first sight (with the
 * call chain from the root as trace steps). */
struct hmb_context *hmb_context_for(struct hmb_table *t, hmb_run *run, const struct check_ctx *ctx,
				    uint32_t node);
/* The context a run recorded for `node`, or NULL. */
struct hmb_context *hmb_lookup(struct hmb_table *t, const hmb_run *run, uint32_t node);
/* A finding at the site's mmiowb() line into *out: trace the steps of the
 * contexts pick() selects, then the barrier with `barrier_msg` (taken).
 * The caller sets message, lock and fix-it, then fingerprints it.  False
 * (nothing made) when the check is off or the model not reported. */
bool hmb_finding(const struct engine_config *cfg, const struct hmb_site *s, const char *rule, int model,
		 bool (*pick)(const struct hmb_context *c, int model), char *barrier_msg, struct mc_chain *out);
void hmb_table_free(struct hmb_table *t);

#endif
