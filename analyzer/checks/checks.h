/*
 * checks.h - the checks are small clients of the engine, in the spirit of
 * smatch's check_*.c: each file registers callbacks for the engine events it
 * cares about and reports through check_report().
 *
 * How to add a check (MMIO008 was added this way):
 *
 *   1. analyzer/checks/mmioNNN_what.c defines `const struct check
 *      check_mmioNNN` with everything about it: its id and name, its
 *      default severity, whether it is off by default, its --list-checks
 *      summary, its options (with defaults and ranges), whether it is
 *      program-wide, and the engine events it handles.  It reports with
 *      check_draft() + check_report() (or, program-wide,
 *      check_program_finding()).  Kernel knowledge it needs (API names,
 *      globs) is an option whose value lives in rules/checks.json.
 *   2. One line CHECK(mmioNNN) in check_list.h, in id order.  Dispatch,
 *      the check metadata (struct check_info), --list-checks and
 *      --enable/--disable derive from that list.
 *   3. docs/rules/MMIONNN.md: what it finds, why it matters, how to fix,
 *      an example.  The build refuses a listed check without a page and a
 *      page without a check (cmake/embed_rule_docs.py).
 *   4. Case files under tests/cases/ (a positive and a negative case, each
 *      with exact expectations: tests/README.md); the case runner picks
 *      them up by themselves.  And the check's line in the README list.
 *
 * rules/checks.json needs no entry: an entry there overrides a check's
 * severity, summary, on/off state or options.  An entry for a check that
 * does not exist, with another name, or with an option the check does not
 * declare is refused when the rules are bound (checks_bind), with the
 * file and line.
 */
#ifndef MMIOCHECK_CHECKS_H
#define MMIOCHECK_CHECKS_H

#include "../engine/engine.h"
#include "escape_union.h"
#include "mmiocheck/mmiocheck.h"

struct draft_step {
	const char *kind;		/* static string: "acquire", "write", ... */
	uint32_t node;
	char *message;
};

/* A finding before it is turned into an mc_finding at function end. */
struct finding_draft {
	const struct check_info *info;
	const char *severity;		/* overrides info->severity if set */
	int model;			/* engine slot */
	uint32_t node;			/* primary location */
	bool has_lock;
	struct eng_lock lock;
	char *message;
	VEC(struct draft_step) trace;
	uint32_t fixit_first, fixit_last;
};

struct check_program;
struct finding_vec;
struct check_ctx;

/* What the interprocedural pass knows about the function being checked. */
struct check_fn_info {
	struct check_program *program;	/* cross-function state, or NULL */
	bool setup_entry;		/* stored into a setup slot (dev_pm_ops
					 * system sleep): runs before the device
					 * is shared (MMIO005); or never run by
					 * the program (interproc/reach.c), whose
					 * writes say nothing either */
	bool has_callers;		/* some analyzed function calls it: its
					 * unlocked events are judged there too */
	int unknown_calls;		/* indirect calls with no known target */
	/* Does callee `name` carry a __must_hold/__releases contract, so that
	 * it judges the releases in its body itself?  NULL: never. */
	bool (*callee_has_contract)(void *ctx, str_id name);
	void *callee_ctx;
	/* Runs with no driver lock held, by the kernel (an interrupt handler,
	 * a NAPI poll function, a tasklet, timer or work item:
	 * rules/frameworks/entry-points.json): "an interrupt handler
	 * (request_irq() at line 120, rules irq-handler)", else NULL. */
	const char *entry;
	/* Judged here and not only in callers: nothing in the analysis calls
	 * it, or the kernel does (a framework slot, an entry point). */
	bool is_root;
	/* An open path (net_device_ops.ndo_open): its writes before it
	 * requests an interrupt are setup writes for MMIO005. */
	bool open_until_irq;
	/* Its writes reach a function nothing calls through summaries that
	 * keep them (interproc/reach.c): the callers' runs see them with
	 * their context, so its own run adds nothing for MMIO005. */
	bool seen_by_callers;
	/* Static, called only by its name from analyzed functions (never
	 * stored as a pointer): the calls the checks see are all its calls,
	 * so the locks held at every one of them are held on its entry. */
	bool called_by_name_only;
	/* Its summary keeps its writes (it has one and it is not capped):
	 * every caller's run sees them as its own sites. */
	bool summary_keeps_writes;
	/* The implementations its observed indirect calls may reach, by
	 * call node (ir_call_target): the calls a helper stored into a
	 * slot has. */
	const struct ir_call_target *slot_calls;
	size_t nslot_calls;
};

struct check_ctx {
	const struct engine_config *cfg;
	const struct check_fn_info *info;
	const struct rules *rules;
	const struct ir_unit *unit;
	const struct ir_function *fn;
	const char *display_path;	/* file name as findings show it */
	VEC(struct finding_draft) drafts;
	void *scratch[16];		/* per check, per function */
	bool on[16];			/* per check: enabled, so its hooks run */
	void **program_scratch;		/* per check, for the whole program */
	int current;			/* index of the check being called */
	struct escape_union *escapes;	/* gathered during the engine run,
					 * handed to the checks after it */
};

/* One option a check takes: a field of its rules/checks.json entry. */
enum check_option_type {
	CHECK_OPTION_TEXT,	/* any string */
	CHECK_OPTION_MODEL,	/* the name of a model of the rules */
	CHECK_OPTION_NUMBER,	/* an integer in [min, max] */
};

struct check_option {
	const char *key;		/* "min_locked_sites" */
	enum check_option_type type;
	long long number, min, max;	/* a number's default and range; a
					 * string's default is unset (NULL) */
};

/* The options of a run a program-wide check is judged under. */
struct check_run_flags {
	bool strict;			/* --strict: setup paths too (MMIO005) */
	bool pedantic;			/* --pedantic: weak evidence too (MMIO005) */
};

struct check {
	/* What the check is: the metadata (check_info) derives from this. */
	const char *id;			/* "MMIO001": its docs page's name */
	const char *name;		/* "unordered-release": for -W NAME */
	const char *severity;		/* default: "error" | "warning" | "note" */
	bool off_by_default;		/* reports only with --enable */
	bool pedantic_only;		/* off by default, on with --pedantic
					 * (or --enable): true by the rule,
					 * rarely what a maintainer would fix */
	bool defect_is_function;	/* one finding per function, not site */
	bool program_wide;		/* begin_program/end_program: judged
					 * over every function of the program */
	const char *summary;		/* one line for --list-checks */
	const struct check_option *options;	/* ends with a NULL key; or NULL */
	/* Adjust the engine configuration before any function runs (add
	 * hidden models the check needs); may be NULL. */
	void (*configure)(struct engine_config *cfg, const struct rules *r, const struct check_info *ci);

	/* The engine events it handles (each may be NULL). */
	void *(*begin_function)(struct check_ctx *ctx);
	void (*on_escape)(struct check_ctx *ctx, void *scratch, const struct eng_escape *esc);
	void (*on_mmiowb)(struct check_ctx *ctx, void *scratch, const struct eng_mmiowb *mb);
	void (*on_mmiowb_needed)(struct check_ctx *ctx, void *scratch, uint32_t node, int model);
	void (*on_write)(struct check_ctx *ctx, void *scratch, uint32_t node, int nheld,
			 const struct eng_lock *held);
	void (*on_return)(struct check_ctx *ctx, void *scratch, uint32_t node, int nheld,
			  const struct eng_lock *held, int returned);
	void (*on_unheld_release)(struct check_ctx *ctx, void *scratch, uint32_t node, str_id lock);
	void (*on_call)(struct check_ctx *ctx, void *scratch, uint32_t node, int nheld,
			const struct eng_lock *held);
	void (*end_function)(struct check_ctx *ctx, void *scratch);
	/* Program-wide checks only (program_wide). */
	void *(*begin_program)(const struct engine_config *cfg, const struct check_run_flags *flags);
	void (*end_program)(const struct engine_config *cfg, void *program_scratch,
			    struct finding_vec *out);
};

/* The checks, in the order of check_list.h; *n is their number. */
const struct check *const *checks_all(size_t *n);
/* The name check_list.h gives check i ("mmio001"), or NULL. */
const char *checks_list_name(size_t i);
/*
 * Build rules->checks from the checks' own metadata and the rules'
 * "checks" entries; refuse an entry for an unknown check, with another
 * name or defect, or with an option the check does not declare or a value
 * of the wrong type.  Call once after rules_load(), before anything reads
 * rules->checks.  0, or -1 with "FILE:LINE: reason" in err.
 */
int checks_bind(struct rules *r, struct strbuf *err);

/* A growable array of chains: one path under one model each, what the
 * checks report (usable with the VEC_* macros).  The session groups them
 * into defects (util/defects.h). */
struct finding_vec {
	struct mc_chain *v;
	size_t n, cap;
};

/* Run the engine and every check on one function (its expanded graph:
 * callee summaries spliced in, analyzer/interproc); append mc_findings. */
void checks_run_function(const struct engine_config *cfg, const struct ir_unit *u,
			 const struct ir_function *fn, const struct check_fn_info *info,
			 const char *display_path, struct finding_vec *out, struct engine_stats *stats);
/* Cross-function state: create before the first checks_run_function of a
 * program, end after the last (appends the program-wide findings, each
 * with its own file), then free. */
struct check_program *checks_program_new(const struct engine_config *cfg, const struct check_run_flags *flags);
void checks_program_end(struct check_program *prog, struct finding_vec *out);
void checks_program_free(struct check_program *prog);
/* Fingerprint a finding made outside a function's drafts (program-wide
 * checks): `line_text` is the reported line, occurrence its index among
 * identical findings. */
void checks_fingerprint_one(struct mc_chain *f, const char *line_text, size_t len, uint64_t occurrence);
/* emit.c, for dispatch.c: a kept draft as a finding; then the fingerprints
 * of a function's n findings (identical lines numbered in order). */
/* Put the function's drafts in an order that does not depend on the order
 * the engine reached their paths: by check, model and place, the drafts
 * of one place in cmp_drafts() order (the first is the one a place keeps). */
void checks_order_drafts(struct check_ctx *ctx);
void draft_to_finding(struct check_ctx *ctx, struct finding_draft *d, struct mc_chain *f);
void checks_fingerprint(struct check_ctx *ctx, struct mc_chain *f, size_t n);

/* Does an enabled check want the locks held at calls (check.on_call)?
 * Marking calls observed costs engine visits: only then. */
bool checks_observe_calls(const struct engine_config *cfg);

/* Let each enabled check adjust the engine configuration (check.configure). */
void checks_configure(struct engine_config *cfg, const struct rules *r);

/* ---- helpers for check files ---- */

/* Start a draft for this check at `node`; add steps, then check_report(). */
struct finding_draft *check_draft(struct check_ctx *ctx, const char *id, int model, uint32_t node);
void draft_step(struct check_ctx *ctx, struct finding_draft *d, const char *kind, uint32_t node,
		const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Keep the draft unless the same (rule, model, node) is already reported
 * with an equal or higher severity. */
void check_report(struct check_ctx *ctx, struct finding_draft *d);
/* A program-wide finding of check `id` under engine slot `model`: rule,
 * name, severity and model filled in, the rest zero.  False (f untouched)
 * when the check is off or the model not reported. */
bool check_program_finding(const struct engine_config *cfg, const char *id, int model, struct mc_chain *f);

bool check_model_reported(const struct check_ctx *ctx, int model);
/* --pedantic: findings true only by the letter are shown too. */
bool check_pedantic(const struct check_ctx *ctx);
/* The rules' view of the check being called (its options, severity). */
const struct check_info *check_own_info(const struct check_ctx *ctx);
const char *check_model_name(const struct check_ctx *ctx, int model);
const char *check_model_explain(const struct check_ctx *ctx, int model);
const char *check_str(const struct check_ctx *ctx, str_id id);
const struct ir_node *check_node(const struct check_ctx *ctx, uint32_t node);
/* "spin_unlock_irqrestore(&qp->sq.lock)" as the driver wrote the call. */
void check_describe_call(const struct check_ctx *ctx, uint32_t node, struct strbuf *out);
const char *check_kind_name(const struct check_ctx *ctx, int kind);
/* The file a node is in as findings show it, and the function whose body
 * it comes from (a spliced node: the callee it was spliced in from). */
const char *check_node_file(const struct check_ctx *ctx, uint32_t node);
const char *check_node_function(const struct check_ctx *ctx, uint32_t node);
/* The node of the function's own body a (possibly spliced) node came in
 * through: itself, or the outermost call it was spliced in by. */
uint32_t check_top_node(const struct check_ctx *ctx, uint32_t node);
static inline bool check_is_spliced(const struct check_ctx *ctx, uint32_t node)
{
	return ctx->fn->nodes.v[node].call_site != IR_NONE;
}

#endif
