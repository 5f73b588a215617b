/*
 * interproc.h - function summaries and their application at call sites
 * (docs/analysis.md).
 *
 * A summary is itself a small event CFG: the function's lock, MMIO, barrier
 * and correlated-branch events with everything else contracted away, its
 * own callees already applied, and lock / device names written in terms of
 * its parameters.  Applying a summary at a call site splices a copy of that
 * graph into the caller with the parameters replaced by the caller's
 * arguments, so a wrapper around writel() or spin_lock() behaves exactly
 * like the primitive under every model, and a write made in a helper is
 * judged against the lock its caller holds.  Spliced nodes remember the call
 * they came through (ir_node.call_site), which is how traces go into callee
 * lines and findings land on the caller's line.
 *
 * Summaries are computed bottom-up over the strongly connected components
 * of the call graph (Tarjan); a recursive component is iterated until its
 * summaries stop changing, at most IPA_MAX_ROUNDS times.  A summary larger
 * than IPA_MAX_SUMMARY_NODES keeps its lock events and the writes that can
 * be unordered at its return, and says so (capped).  Everything here works on IR: no libclang, no SQLite.
 *
 * All units of a program share one strpool, so ids compare across files.
 */
#ifndef MMIOCHECK_INTERPROC_H
#define MMIOCHECK_INTERPROC_H

#include "../ir/ir.h"
#include "../rules/rules.h"

#define IPA_MAX_SUMMARY_NODES 96
/* A capped summary whose lock events are more than this is dropped: calls
 * to the function are then unknown calls. */
#define IPA_MAX_LOCK_SUMMARY_NODES 512
#define IPA_MAX_ROUNDS 4
#define IPA_MAX_TARGETS 16	/* implementations followed per indirect call;
				 * more make it an unknown call */
#define IPA_MAX_CHOICES 64	/* stores into one slot told apart: blocks
				 * of stores a call chooses among */
/* The nodes of the expansions the solver keeps for the checks, in all
 * (ipa_fn.expanded), about 32 MB: ipa_init()'s ipa_program.keep_budget.  A
 * program larger than that (many files analyzed as one) splices the rest
 * again when it checks them. */
#define IPA_KEEP_EXPANDED_NODES (1u << 18)

/* What a caller needs to know about one function, besides its graph. */
struct ipa_fn {
	struct ir_unit *unit;		/* NULL: summary loaded from elsewhere */
	struct ir_function *fn;		/* the function as lowered (NULL if external) */
	str_id name;
	str_id key;			/* linkage key: "DIR|name" (DIR: the file's
					 * directory, its module), or "file:name"
					 * if static (ipa_module_key) */
	str_id file;			/* defining file (display form) */
	struct ir_function *summary;	/* NULL: no events a caller could see */
	bool capped;			/* summary cut to lock events and the
					 * writes unordered at its return */
	bool external;			/* summary came from the database */
	uint64_t hash;			/* of the summary text (0 = empty) */
	uint64_t deps;			/* header function: what its summary depends
					 * on (reuse.c); 0 for others */
	bool reused;			/* summary taken from the database, not solved */
	int unknown_calls;		/* indirect calls with no known target */
	VEC(uint32_t) callees;		/* ipa_fn indices (direct and resolved indirect) */
	/* Tarjan bookkeeping */
	int index, low;
	bool on_stack;
	bool has_callers;		/* some analyzed function calls it */
	bool direct_callers;		/* ... by its name, not through a slot */
	VEC(uint32_t) named_by;		/* the functions that call it by name */
	struct ir_function *expanded;	/* the expansion its summary was reduced
					 * from, kept for its checks (NULL: none
					 * kept, or taken) */
};

/* Looks up a summary that is not defined in the program (another file,
 * another run): by the caller's module key, else by name in another
 * module; returns a new ir_function in `pool` and in *found_key the key it
 * was found under (malloc'd), or NULL. */
typedef struct ir_function *(*ipa_lookup_fn)(void *ctx, const char *key, const char *name,
					     struct strpool *pool, char **found_key);

/* Looks up the stored summary of a driver header's function by its key and
 * what the summary depends on (reuse.c, with the caller's tool
 * key); returns a new ir_function in `pool` and sets *capped, or NULL. */
typedef struct ir_function *(*ipa_reuse_fn)(void *ctx, const char *key, uint64_t deps,
					    struct strpool *pool, bool *capped);

/* A slot's name as calls are matched to stores by it (ipa_slot_matches):
 * "struct tg3::write32" is qualified, and its short name "write32" is what
 * a call that does not know the struct type names it by. */
struct ipa_slot_name {
	str_id id;
	bool qualified;
	uint64_t short_hash;	/* of the short name: past the "::", or whole */
};

struct ipa_program {
	struct strpool *strings;	/* shared by every unit */
	const struct rules *rules;
	VEC(struct ipa_fn) fns;
	VEC(struct ir_unit *) units;
	VEC(uint32_t) unit_base;	/* fns index of each unit's first function */
	VEC(struct ir_fnptr) fnptrs;	/* every unit's, with the loaded ones */
	VEC(struct ipa_slot_name) slot_names;	/* for each of fnptrs: its
					 * slot, split (callgraph.c) */
	VEC(uint32_t) block_size;	/* for each of fnptrs: the stores of its
					 * block (ir_fnptr.block) */
	VEC(uint32_t) store_head;	/* by function name str_id: 1 + the index
					 * in fnptrs of its first store, 0 none */
	VEC(uint32_t) store_tail;	/* ... of its last store */
	VEC(uint32_t) store_next;	/* for each of fnptrs: 1 + the index of
					 * the function's next store, 0 none */
	VEC(uint8_t) is_guard;		/* by str_id: 1 when a block of stores is
					 * made under that config_key */
	VEC(str_id) private_records;	/* every unit's ir_unit.private_records */
	VEC(str_id) called_slots;	/* slots some indirect call goes through
					 * (reach.c, built on first use) */
	bool called_slots_built;
	uint8_t *reaches_root;		/* by fns index (reach.c, on first use) */
	uint8_t *observed_names;	/* by str_id: 1 for the name of a function
					 * whose calls are observed (observe.c,
					 * on first use) */
	size_t nobserved_names;
	uint32_t *by_key;		/* key id -> fns index + 1 (0 = none) */
	size_t nby_key;
	ipa_lookup_fn lookup;
	void *lookup_ctx;		/* passed to lookup and reuse */
	ipa_reuse_fn reuse;		/* NULL: every header function is solved */
	size_t headers_solved, headers_reused;
	uint8_t *asked;			/* name id -> 1 once lookup was asked */
	size_t nasked;
	size_t kept_nodes;		/* in the ipa_fn.expanded kept */
	size_t keep_budget;		/* kept_nodes at most (a test sets less) */
};

void ipa_init(struct ipa_program *p, struct strpool *strings, const struct rules *r);
void ipa_free(struct ipa_program *p);
/* Add a lowered unit (its strings must be p->strings); `display` is the
 * file name findings show, used for static keys. */
void ipa_add_unit(struct ipa_program *p, struct ir_unit *u, const char *display);
/* The key of a global function `name` defined in (display) file: "DIR|name",
 * DIR the file's directory ("." if none). */
str_id ipa_module_key(struct ipa_program *p, str_id file, str_id name);
/* Compute every summary, bottom-up. */
void ipa_solve(struct ipa_program *p);
/* The graph the checks run on: fn with its callees' summaries applied and,
 * for annotated functions, the caller's lock as a synthetic acquire at entry
 * (__must_hold, __releases).  Caller owns the result (ir_fn_free). */
struct ir_function *ipa_expand_for_checks(struct ipa_program *p, uint32_t fi);
/* A lock the function's context holds around it (a framework calling a
 * driver callback with txq->_xmit_lock held). */
struct ipa_context_lock {
	str_id lock, lock_type;
	int acquire_api;		/* rules->apis index used for the acquire */
	int release_api;		/* for the release at return; -1: stays held */
	str_id label;			/* what traces say took it */
	str_id release_label;		/* ... and released it */
	bool coarse;			/* a coarse framework lock (RTNL): context,
					 * not the driver's own locking */
};

/* ipa_expand_for_checks with the context's locks held on entry. */
struct ir_function *ipa_splice_context(struct ipa_program *p, uint32_t fi, bool for_checks,
				       const struct ipa_context_lock *ctx, size_t nctx);

/* Index of the ipa_fn for unit function `fn`, or -1 (a linear search). */
int ipa_find(const struct ipa_program *p, const struct ir_function *fn);
/* Index of function i of the k-th unit added (constant time). */
static inline uint32_t ipa_unit_fn(const struct ipa_program *p, size_t k, size_t i)
{
	return p->unit_base.v[k] + (uint32_t)i;
}

/* Summary text (JSON) for the database and back; NULL on malformed text. */
char *ipa_summary_text(const struct ipa_program *p, const struct ir_function *s);
char *ipa_summary_to_text(const struct ipa_program *p, const struct ipa_fn *f);
struct ir_function *ipa_summary_from_text(const char *text, struct strpool *pool,
					  const struct rules *r);

/* ---- internals shared by the files of analyzer/interproc/ ---- */

/* Does any function-pointer store of the program (not a registration) set
 * `slot`?  (callgraph.c) */
bool ipa_slot_stored(const struct ipa_program *p, str_id slot);
/* Functions an IR_CALL in `file` can reach (see callgraph.c). */
int ipa_call_targets(struct ipa_program *p, str_id file, const struct ir_node *c, uint32_t *out,
		     bool *unknown);
/* Is some block of function-pointer stores made under the condition whose
 * config_key is `key`?  (callgraph.c) */
bool ipa_is_guard(const struct ipa_program *p, str_id key);
/* Do two slot keys name one slot ("struct foo_ops::kick" and the bare
 * "kick" of a record the analysis could not name)?  (callgraph.c) */
bool ipa_slot_matches(const char *a, const char *b);
/* Is static function fi unreachable in the program: nothing calls it by
 * name, and it is stored only into slots of records the driver declares,
 * which no call of the program goes through?  (reach.c) */
bool ipa_unreached(struct ipa_program *p, uint32_t fi);
/* The registration that passes the value of `slot` to the kernel
 * (ir_fnptr.through_slot), or NULL.  (reach.c) */
const struct ir_fnptr *ipa_slot_registration(const struct ipa_program *p, str_id slot);
/* Is function fi stored into a slot or passed as a pointer anywhere? */
bool ipa_stored_as_pointer(struct ipa_program *p, uint32_t fi);
/* The stores (and registrations) of functions named `name`, in the
 * order of p->fnptrs, without a scan of every store: 1 + an index into
 * p->fnptrs, then the next with ipa_next_store(); 0 ends. */
uint32_t ipa_first_store(const struct ipa_program *p, str_id name);
uint32_t ipa_next_store(const struct ipa_program *p, uint32_t store);
/* Are all the calls of fi seen by the checks: static, called only by its
 * name, from functions without parse errors, never stored as a pointer
 * (observe.c)? */
bool ipa_calls_all_seen(struct ipa_program *p, uint32_t fi);
/* Mark the calls of x, program function fi expanded, of functions with
 * callers (ir_node.observed): the checks learn the locks held at each.
 * An indirect call of fi's own is marked when such a function is stored
 * into its slot, and so is a call of a driver-header inline that makes
 * one and takes no lock; *targets (emptied first) gets one entry per
 * call and such function. */
void ipa_mark_observed_calls(struct ipa_program *p, uint32_t fi, struct ir_function *x,
			     ir_call_target_vec *targets);
/* Do fi's writes reach a function nothing calls, through its summary and
 * its callers' summaries, none of them capped (which drops the writes it
 * orders, and keeps the others for their ordering alone: not as MMIO005
 * evidence)?
 * Then the checks of that function see them in context.  (reach.c) */
bool ipa_writes_reach_root(struct ipa_program *p, uint32_t fi);
/* The function whose slot entry fi's checks start from (see
 * callgraph.c): fi itself, or the one function that every chain of
 * fi's callers by name leads to; IR_NONE if there is none. */
uint32_t ipa_entry_anchor(struct ipa_program *p, uint32_t fi);
/* The one slot a function is stored into, or 0 (see callgraph.c). */
str_id ipa_only_slot(struct ipa_program *p, uint32_t fi);
/* One store an indirect call can reach its target through. */
struct ipa_choice {
	uint32_t target;		/* index in ipa_program.fns */
	const struct ir_fnptr *store;
};
/* An indirect call's targets as blocks of stores, latest first (see
 * callgraph.c). */
int ipa_call_choices(struct ipa_program *p, str_id file, const struct ir_node *c, const uint32_t *targets, int nt,
		     struct ipa_choice *out);
/* Splice callee summaries into a copy of fn. */
struct ir_function *ipa_splice(struct ipa_program *p, uint32_t fi, bool for_checks);
/* Function fi's kept expansion (ipa_fn.expanded), now the caller's, or NULL. */
struct ir_function *ipa_take_expansion(struct ipa_program *p, uint32_t fi);
/* Reduce an expanded graph to a summary; NULL when it has no events. */
struct ir_function *ipa_reduce(const struct ipa_program *p, const struct ir_function *x,
			       str_id name, bool *capped);
uint64_t ipa_summary_hash(const struct ipa_program *p, const struct ir_function *s);
/* Hash of everything a lowered function says (reuse.c): the same for the
 * same function after preprocessing, in any unit and any process. */
uint64_t ipa_fn_fingerprint(const struct ipa_program *p, const struct ir_function *fn);
/* Summarize function fi, a driver header's function outside a recursive
 * component, from the database when the stored summary depends on the
 * same things, else by solving it (reuse.c); true if the summary changed. */
bool ipa_summarize_header(struct ipa_program *p, uint32_t fi);
/* Solve function fi from its callees' current summaries (callgraph.c);
 * true if the summary changed. */
bool ipa_summarize(struct ipa_program *p, uint32_t fi);
/* The name of the rules entry (API, accessor, barrier) node n names, or
 * NULL: summaries and fingerprints name entries, since indices depend on
 * the rules loaded (serialize.c). */
const char *ipa_node_rule_name(const struct rules *r, const struct ir_node *n);



#endif
