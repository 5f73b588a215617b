/*
 * ir.h - the event IR: one control-flow graph per function whose nodes are
 * the events the analysis cares about (lock acquire/release, MMIO accesses,
 * barriers, calls, returns, branches).  Everything else in the C source is
 * dropped by the frontend.
 *
 * No libclang type appears here: the engine and its unit tests build and
 * read IR without a parser.  Strings (lock names, devices, callees, file
 * names) are interned in the unit's strpool and compared as ids.
 *
 * Invariants of a finalized function (ir_fn_check, verify.c; asserted by
 * ir_fn_finalize in debug builds):
 *  - the entry is a node (IR_NONE only in a function without nodes);
 *  - the successor arrays are consistent: node i's edges follow node
 *    i-1's, together they are all the edges, every target is a node;
 *  - IR_TRYACQUIRE nodes have exactly one TRUE and one FALSE edge;
 *    IR_BRANCH nodes that too, or only NEXT edges (a multi-way branch such
 *    as a switch); no other node has a TRUE or FALSE edge;
 *  - IR_RETURN nodes have no successors, and every node reachable from the
 *    entry without successors is an IR_RETURN: paths end at returns.
 * Nodes not reachable from the entry are allowed: code after a return or
 * goto is lowered too (its nodes keep their numbers and lines).
 */
#ifndef MMIOCHECK_IR_H
#define MMIOCHECK_IR_H

#include <stdbool.h>
#include <stdint.h>
#include "../util/util.h"

#define IR_NONE UINT32_MAX

enum ir_op {
	IR_NOP,			/* join point, label, entry */
	IR_ACQUIRE,
	IR_TRYACQUIRE,		/* TRUE edge: acquired; FALSE edge: not */
	IR_RELEASE,
	IR_MMIO_WRITE,
	IR_MMIO_READ,
	IR_BARRIER,
	IR_CALL,		/* a call the rules do not know */
	IR_RETURN,
	IR_BRANCH,		/* two-way (TRUE/FALSE) or multi-way (NEXT) */
	IR_ASSIGN,		/* a correlation key gets a truth (cond := truth) */
};

/* What an IR_ASSIGN gives its key: a constant truth, nothing known (the
 * key is forgotten), or the truth of another key (cond_src). */
enum ir_truth { IR_TRUTH_FALSE, IR_TRUTH_TRUE, IR_TRUTH_UNKNOWN, IR_TRUTH_COPY };

/* Reserved correlation keys (not C identifiers).  A function's returns
 * assign IR_KEY_RETURN the returned value's truth; a caller's IR_CALL whose
 * result it tests forgets IR_KEY_RESULT, and the callee's IR_KEY_RETURN
 * becomes the caller's IR_KEY_RESULT when its summary is spliced, so the
 * caller's branch on the result takes the callee's matching exit. */
#define IR_KEY_RETURN "$ret"
#define IR_KEY_RESULT "$rv"
/* A key that starts with this names a call of a pure predicate by its text
 * ("@bnx2x_tlv_supported(tlv)", frontend/purecall.c): a helper tests it
 * once and its caller's other helper once more, so it is kept when it
 * occurs once, and a summary applied at a call rewrites its parameters. */
#define IR_KEY_PURE_CALL '@'

/* First character of a device reached through a function's local pointer
 * (`db = base + REG; writel(v, db)`): which device it is, is not known. */
#define IR_DEVICE_UNKNOWN '?'

/* The arguments of a call whose constant truth is recorded (the bits of
 * ir_node.const_args): the first 32, which every helper's flag is among. */
#define IR_CONST_ARGS 32

enum ir_edge_kind { IR_EDGE_NEXT, IR_EDGE_TRUE, IR_EDGE_FALSE };

struct ir_loc {
	str_id file;
	uint32_t line, col;
	uint32_t end_line, end_col;
};

struct ir_edge {
	uint32_t to;
	enum ir_edge_kind kind;
};

struct ir_node {
	struct ir_loc loc;
	str_id spelled;		/* the name the driver wrote: macro or callee */
	int rule;		/* rules index: lock_api (lock ops), accessor
				 * (MMIO ops), barrier (IR_BARRIER); -1 if none */
	str_id lock;		/* lock ops: canonical lock expression */
	str_id lock_type;	/* lock ops: type path "struct foo::bar.lock" */
	str_id device;		/* MMIO ops: canonical device base expression;
				 * IR_DEVICE_UNKNOWN first when it is a local
				 * pointer the analysis does not follow */
	str_id callee;		/* IR_CALL: function or struct field name */
	bool indirect;		/* IR_CALL through a pointer / struct field */
	bool observed;		/* IR_CALL: a check wants the locks held at it
				 * (interproc/observe.c), so the engine visits
				 * it even when it changes no state */
	bool synthetic;		/* made by the analysis (a caller's or framework's
				 * lock, an annotation, a branch choosing the
				 * block a function is reached through, which may
				 * have one arm), not written in the body:
				 * `spelled` is the whole description */
	bool for_reads;		/* IR_BARRIER: stands for reads a capped summary
				 * dropped (interproc/reduce.c); a caller's
				 * summary does not count it as an event */
	bool coarse_context;	/* lock ops: a lock a framework holds around the
				 * whole callback (a coarse rules/frameworks lock,
				 * the lock of a wrapper a kernel macro defines):
				 * context, not the driver's own locking */
	enum ir_op op : 8;	/* beside the flags: a node is copied into
				 * every summary and caller, so its size counts */
	uint8_t cond_op;	/* IR_BRANCH with cond_param: how the condition
				 * tests the parameter (enum ir_cond_op) */
	uint8_t truth;		/* IR_ASSIGN: enum ir_truth */
	str_id cond;		/* IR_BRANCH: correlation key of the condition;
				 * IR_TRYACQUIRE: variable holding the result;
				 * IR_ASSIGN: the key assigned;
				 * IR_CALL: IR_KEY_RESULT when the caller tests
				 * the result (the call forgets it);
				 * 0 when not tracked */
	str_id config_key;	/* IR_BRANCH on a pure condition: its key with
				 * the objects named by type
				 * ("@_tg3_flag(TG3_FLAG_ICH_WORKAROUND,{struct
				 * tg3}->tg3_flags)"), the same in every
				 * function; a test the program's
				 * function-pointer stores are made under
				 * takes their block's key (interproc/splice.c);
				 * 0 if none */
	str_id pure_key;	/* IR_CALL with pure arguments: the call as a
				 * key, "@f(a,b)" (IR_KEY_PURE_CALL), used when
				 * the callee is a pure predicate; else 0 */
	str_id bounded_by;	/* IR_MMIO_WRITE: the function whose capped
				 * summary kept it only because it can still be
				 * unordered at that function's return
				 * (interproc/reduce.c): the tests around it
				 * there were not kept, so a finding on such
				 * writes alone is said as a note; 0 if none */
	str_id cond_src;	/* IR_ASSIGN with IR_TRUTH_COPY: the key copied */
	uint32_t cond_param;	/* IR_BRANCH: 1 + the index of the parameter
				 * whose truth the condition is (`if (flush)`,
				 * TRUE edge: nonzero) when the function never
				 * writes it, so a caller's constant argument
				 * decides it (interproc/splice.c); 0 if not */
	str_id slot_test;	/* IR_BRANCH: the function-pointer slot whose
				 * non-NULL value the condition is (`if
				 * (host->ops->read_l)`, TRUE edge: set), as
				 * indirect calls name slots; a program that
				 * stores nothing into it takes the FALSE edge
				 * only (interproc/splice.c); 0 if not */
	long long cond_k;	/* IR_BRANCH with cond_param: the constant
				 * cond_op tests it against: `flags &
				 * XDP_XMIT_FLUSH`, `resource > 31` */
	uint32_t stmt_first_line, stmt_last_line; /* whole statement (fix-its) */
	uint32_t args_off, nargs;	/* IR_CALL: canonical text of each argument
					 * in ir_function.args (0 = not a plain
					 * lvalue/address expression) */
	uint32_t const_args, const_true;	/* IR_CALL: bit k (k < IR_CONST_ARGS)
					 * set when argument k is an integer
					 * constant after macro expansion (`true`,
					 * `0`, an enumerator); const_true: and it
					 * is nonzero */
	str_id reg;			/* MMIO ops: the register, for MMIO005: the
					 * address with its base written as the base's
					 * type path ("struct foo::regs+FOO_CTRL"),
					 * 0 if unknown */
	uint32_t call_site;		/* node of the IR_CALL this node was spliced
					 * in through (interproc), IR_NONE if the
					 * function's own */
	uint32_t succ_off, nsucc;	/* into ir_function.succs, after finalize */
};

/* A sparse context annotation on a function: __must_hold(x), __acquires(x),
 * __releases(x).  clang drops the attribute, so the frontend reads the
 * macro expansions in the declaration (preprocessing record). */
enum ir_contract_kind { IR_MUST_HOLD, IR_ACQUIRES, IR_RELEASES };

struct ir_contract {
	enum ir_contract_kind kind;
	str_id lock;			/* canonical text, as for lock nodes */
	str_id lock_type;		/* type path if resolvable, else 0 */
	struct ir_loc loc;		/* the annotation */
};

/* A function stored into a function-pointer struct field:
 * `.write32 = tg3_write32` or `tp->write32 = tg3_write32`; or passed to a
 * registration call the rules name (`request_irq(irq, foo_intr, ...)`,
 * rules/frameworks/entry-points.json). */
struct ir_fnptr {
	str_id slot;			/* "struct tg3::write32" (type path of the
					 * field), or the bare field name when the
					 * struct type is unknown; for a
					 * registration, the called function */
	str_id function;		/* the function's name */
	struct ir_loc loc;
	struct ir_loc block;		/* the stores made together with this one:
					 * the compound statement of an assignment
					 * (or the assignment alone), the
					 * initializer list of a table */
	str_id guard;			/* the config_key of the `if` whose arm the
					 * block is, 0 if none */
	bool unconditional;		/* an assignment in its function's body: made
					 * whenever the function runs, a default the
					 * other blocks override */
	bool registration;		/* passed to a call, not stored */
	bool through_slot;		/* registration: `function` is the slot
					 * key whose value was passed
					 * (request_irq(irq, brd->bd_ops->intr,
					 * ...)): the functions stored into it
					 * are registered */
	bool exported;			/* in the initializer of a variable other
					 * files can name (external linkage: a
					 * table a header declares extern), so
					 * their calls reach it too */
	int arg;			/* registration: the argument it was passed
					 * as (0-based) */
};

/* How an IR_BRANCH with cond_param tests the parameter p: its truth, or
 * against the constant ir_node.cond_k. */
enum ir_cond_op {
	IR_COND_TRUTH,		/* p */
	IR_COND_BITS,		/* p & k */
	IR_COND_LT,		/* p < k */
	IR_COND_LE,
	IR_COND_GT,
	IR_COND_GE,
	IR_COND_EQ,
	IR_COND_NE,
	IR_COND_NOPS
};

/* "&", "<", ...: a test's operator as summaries and dumps write it; the
 * operator of a name, or -1. */
const char *ir_cond_op_name(enum ir_cond_op op);
int ir_cond_op_from_name(const char *name);
/* Does the test `v OP k` hold (IR_COND_TRUTH: v itself)? */
bool ir_cond_holds(enum ir_cond_op op, long long v, long long k);

/* The value of constant argument `arg` of the IR_CALL `node`, for a
 * callee's test of that parameter against a constant (ir_node.cond_op). */
struct ir_const_arg {
	uint32_t node, arg;
	long long value;
	bool tagged;		/* the argument is `n | value`, a number tagged
				 * with the flag `value` by a driver macro
				 * (qib's QIB_SENDCTRL_DISARM_BUF(n)): the
				 * flag's bit is set and every higher bit
				 * clear, the others unknown */
};

/* A parameter the function also views as a member of a container
 * (`up = port_to_up(port)`): the type path prefix its locks take,
 * "struct rp2_uart_port::port", so a framework's lock named off that
 * parameter has the path the function's own spelling of it has. */
struct ir_param_view {
	uint32_t param;		/* index into params */
	str_id member;
};

/* One implementation an indirect call of a function's own may reach
 * through its slot (interproc/observe.c): what a check recording the
 * locks held at calls names as the callee, instead of the slot. */
struct ir_call_target {
	uint32_t node;		/* the indirect IR_CALL */
	str_id function;	/* a function stored into its slot */
};
typedef VEC(struct ir_call_target) ir_call_target_vec;

struct ir_function {
	str_id name;
	struct ir_loc loc;
	bool is_static;
	bool is_init;			/* marked __init / __devinit (section attr) */
	bool pure_predicate;		/* its body is one return of an expression
					 * over its parameters and constants */
	str_id def_file;		/* a driver header it is defined in (0: the
					 * unit's main file) */
	unsigned parse_errors;		/* clang errors inside its definition: it
					 * is not checked and has no summary */
	uint32_t entry;
	VEC(str_id) params;		/* parameter names, in order (0 = unnamed) */
	VEC(str_id) args;		/* call arguments, see ir_node.args_off */
	VEC(str_id) arg_types;		/* lowered functions: for each of args, the
					 * type path of an argument that reads a
					 * field ("struct bnx2x_vf_mbx::first_tlv.tl.type"),
					 * 0 otherwise */
	VEC(str_id) arg_regs;		/* lowered functions: for each of args, the
					 * register an address argument names
					 * ("struct qla_hw_data::cregbase + 0x20a04"
					 * for `ha->cregbase + OFF`, whose args
					 * entry is the device), 0 otherwise */
	VEC(struct ir_const_arg) const_vals;	/* the lowered function's
					 * constant call arguments, by value */
	VEC(struct ir_contract) contracts;
	VEC(struct ir_param_view) param_views;	/* lowered functions only */
	VEC(struct ir_node) nodes;
	VEC(struct ir_edge) edges;	/* building: (from, edge) pairs below */
	VEC(uint32_t) edge_from;
	VEC(struct ir_edge) succs;	/* after finalize: CSR by node */
	bool finalized;
};

struct ir_diag {
	str_id file;
	uint32_t line, col;
	char *message;
};

/* A file a unit read while parsing (see ir_unit.inputs). */
struct ir_input {
	char *path;
	uint64_t hash;
};

/* One translation unit as lowered by the frontend. */
struct ir_unit {
	char *path;			/* main file as given on the command line */
	struct strpool *strings;
	bool shares_strings;		/* strings belong to the caller (a program) */
	VEC(struct ir_function *) functions;
	VEC(struct ir_diag) errors;	/* parse errors (clang severity >= error) */
	VEC(struct ir_fnptr) fnptrs;	/* function-pointer field stores seen */
	VEC(str_id) private_records;	/* records the driver declares (its .c
					 * file or its own headers), by type name
					 * ("struct board_ops"): only the driver's
					 * code calls through their slots */
	char *source;			/* main file contents, NUL-terminated */
	size_t source_len;
	VEC(uint32_t) line_starts;	/* offset of each line (index 0 = line 1) */
	/* For incremental runs and the flag fallback: every header the unit
	 * included, by real path, with the FNV-1a hash of the bytes clang read;
	 * and the command-line arguments clang rejected and the frontend
	 * dropped before parsing again. */
	VEC(struct ir_input) inputs;
	VEC(char *) dropped_args;
	uint64_t parse_ns;		/* CPU time of libclang's parse; the rest
					 * of the frontend's time is lowering */
	uint64_t header_lower_ns;	/* ... of which, driver header functions */
};

struct ir_unit *ir_unit_new(const char *path);
/* A unit interning into `strings`, which outlives it (several units of one
 * program share a pool so names compare across files). */
struct ir_unit *ir_unit_new_shared(const char *path, struct strpool *strings);
void ir_unit_free(struct ir_unit *u);
/* Take ownership of the main file's text (for fix-its and fingerprints). */
void ir_unit_set_source(struct ir_unit *u, char *text, size_t len);
/* Line `line` (1-based) of the main file without its newline; *len set. */
const char *ir_unit_line(const struct ir_unit *u, uint32_t line, size_t *len);

struct ir_function *ir_fn_new(struct ir_unit *u, const char *name);
/* A function that belongs to no unit (summaries, expanded copies); free it
 * with ir_fn_free. */
struct ir_function *ir_fn_alloc(str_id name);
void ir_fn_free(struct ir_function *fn);
/* Append a node (copied); returns its index.  succ fields are ignored. */
uint32_t ir_add_node(struct ir_function *fn, const struct ir_node *node);
/* A node of kind op with everything else zero / -1. */
struct ir_node ir_node_make(enum ir_op op);
/* Does a node of kind op take or drop a lock? */
static inline bool ir_is_lock_op(enum ir_op op)
{
	return op == IR_ACQUIRE || op == IR_TRYACQUIRE || op == IR_RELEASE;
}
/* Does fn (NULL: no function, no summary) take or drop a lock? */
bool ir_fn_has_lock_op(const struct ir_function *fn);
void ir_add_edge(struct ir_function *fn, uint32_t from, uint32_t to, enum ir_edge_kind kind);
/* Build the successor arrays; no edges may be added afterwards. */
void ir_fn_finalize(struct ir_function *fn);
/* Give the nodes pushed onto finalized fn from index `first` on their
 * successors, the n edges from[i] -> edges[i] (each leaving one of those
 * nodes; a node's edges keep their order), and finalize it again: the same
 * function as if they had been there before ir_fn_finalize().  The nodes
 * before `first` keep theirs. */
void ir_fn_finalize_tail(struct ir_function *fn, uint32_t first, const uint32_t *from,
			 const struct ir_edge *edges, size_t n);
/* The invariants above: NULL when fn keeps them, else which one it breaks,
 * with the node in *node (IR_NONE when no single node is at fault). */
const char *ir_fn_check(const struct ir_function *fn, uint32_t *node);
/* ir_fn_check for assert(): false, with the reason on stderr, when broken. */
bool ir_fn_ok(const struct ir_function *fn);
/* Are two finalized functions the same graph: entry, parameters, call
 * arguments, every field of every node (ir_node_same) and every edge?  For
 * assertions that two ways of building a graph agree. */
bool ir_fn_same(const struct ir_function *a, const struct ir_function *b);

static inline const struct ir_edge *ir_succs(const struct ir_function *fn, uint32_t node, uint32_t *n)
{
	*n = fn->nodes.v[node].nsucc;
	return fn->succs.v + fn->nodes.v[node].succ_off;
}

/*
 * Every node of fn (finalized) in postorder of a depth-first walk from the
 * entry along its edges, then the nodes the entry does not reach: the order
 * in which a backward dataflow problem converges in a few sweeps (a
 * successor comes before its predecessors but for loops' back edges).
 * order must hold fn->nodes.n entries.
 */
void ir_postorder(const struct ir_function *fn, uint32_t *order);
/* The nodes with an edge into each node of fn (finalized), as offsets into
 * one array: preds[off[v]] .. preds[off[v + 1]]; the caller frees both. */
void ir_preds(const struct ir_function *fn, uint32_t **off, uint32_t **preds);
/* What a backward dataflow over fn sweeps by, computed once for all of a
 * function's problems: its n nodes in ir_postorder() and the predecessors
 * of each (ir_preds()). */
struct ir_flow {
	size_t n;
	uint32_t *order;
	uint32_t *pred_off, *preds;
};
void ir_flow_compute(const struct ir_function *fn, struct ir_flow *flow);
void ir_flow_free(struct ir_flow *flow);
/* Solve a backward problem to its least fixpoint by flow's sweeps:
 * update(ctx, v) recomputes node v's set from its successors' and says
 * whether it changed.  A node is updated on the first sweep, then only
 * when a successor's set changed. */
void ir_flow_solve(const struct ir_flow *flow, bool (*update)(void *ctx, uint32_t node), void *ctx);

/* Mark in seen[] every node reached from one of from[0..n) by one or more
 * edges (a node of from[] itself only through a cycle). */
void ir_mark_reached(const struct ir_function *fn, const uint32_t *from, size_t n, bool *seen);
/* The successors of `node` in a graph over a function's nodes: its own
 * edges, or the engine's shortcut edges. */
typedef const struct ir_edge *(*ir_succ_fn)(const void *graph, uint32_t node, uint32_t *n);
/* ir_postorder() over any such graph of nnodes nodes; returns how many the
 * entry reaches (they come first). */
size_t ir_postorder_graph(size_t nnodes, uint32_t entry, ir_succ_fn succs, const void *graph, uint32_t *order);

/*
 * place[n] = n's place in program order: the function's own nodes by
 * number (their order in the source), each call marker followed by the
 * copy of the summary spliced in through it, whose own nodes come the
 * same way, recursively.  Node numbers alone are not that order: every
 * copy is numbered after all of the function's own nodes.  place must
 * hold fn->nodes.n entries.
 */
void ir_program_order(const struct ir_function *fn, uint32_t *place);

const char *ir_op_name(enum ir_op op);
/* Human-readable dump of a function, for --dump-ir and tests. */
void ir_dump_function(const struct ir_unit *u, const struct ir_function *fn, struct strbuf *out);
/* The unit's function-pointer stores (also printed after the last function). */
void ir_dump_fnptrs(const struct ir_unit *u, struct strbuf *out);

#endif
