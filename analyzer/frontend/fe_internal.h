/*
 * fe_internal.h - shared by the files of the libclang frontend; nothing
 * outside analyzer/frontend/ sees libclang types.
 */
#ifndef MMIOCHECK_FE_INTERNAL_H
#define MMIOCHECK_FE_INTERNAL_H

#include <clang-c/Index.h>
#include "frontend.h"

/* cursor_map.c: cursor -> 64-bit value, for one translation unit. */
struct cursor_map {
	struct cursor_slot {
		CXCursor key;
		uint64_t value;
		bool used;
	} *v;
	size_t n, cap;			/* cap: 0 or a power of 2 */
};
/* The value of key, added as 0 (*added true) when the map had none; the
 * pointer is good until the next key is added. */
uint64_t *cursor_map_at(struct cursor_map *m, CXCursor key, bool *added);
void cursor_map_clear(struct cursor_map *m);

/* file_hash.c: the on-disk hash of each file one translation unit
 * included, asked once. */
struct file_hash {
	CXFile file;
	uint64_t hash;
	bool read;			/* false: the file could not be read */
};
struct file_hashes {
	struct file_hash *v;
	size_t n, cap;
};
/* hash_header(path) of the file clang knows as file, read at most once
 * until the memo is cleared; false when it cannot be read. */
bool fe_file_hash(struct file_hashes *m, CXFile file, const char *path, uint64_t *hash);
/* Forget every answer: the unit they were asked for is gone. */
void fe_file_hashes_clear(struct file_hashes *m);

struct frontend {
	CXIndex index;
	const struct rules *rules;
	struct strpool *strings;	/* shared pool for new units, or NULL */
	struct header_cache *headers;	/* kernel headers without bodies, or NULL */
	struct file_hashes file_hashes;	/* of the unit being parsed */
};

/* A macro expansion in the main file or a driver header whose name the
 * rules know. */
struct macro_use {
	CXFile file;
	unsigned start, end;		/* file offsets of the invocation */
	struct rule_ref ref;
	char *name;
};

/* An expansion of a macro the rules do not know whose definition names
 * accessors (drvmacro.c): bnx2x's DOORBELL_RELAXED over writel_relaxed. */
#define DRV_MACRO_MAX_ACCESSORS 4
struct drv_macro {
	CXFile file;
	unsigned start, end;		/* file offsets of the invocation */
	size_t def;			/* its definition: tu_ctx.drv_macro_defs */
};

/* The accessors one macro definition names (drvmacro.c), found once per
 * definition: tg3.c expands its tw32() and tr32() thousands of times. */
struct drv_macro_def {
	int accessors[DRV_MACRO_MAX_ACCESSORS];	/* rules->accessors */
	int n;
};

/* An annotation macro (__must_hold, __init, ...) expanded in the main file. */
struct annot_use {
	unsigned start, end;
	int index;			/* rules->annotations */
	CXCursor cursor;		/* the MacroExpansion */
};

/* Where a main-file function declaration's annotations can be: [lo, hi). */
struct fn_window {
	char *name;
	unsigned lo, hi;
	bool definition;
};

/* A header file seen, and whether it is a driver's own (headers.c). */
struct header_file {
	CXFile file;
	str_id path;			/* real path, for a driver header */
	bool driver;
};

/* Where a clang error is, as an expansion location: a function whose
 * extent holds one is not checked (fe_errors_within). */
struct error_at {
	CXFile file;
	unsigned offset;
};

/* A static function defined in a driver header, lowered when called. */
struct header_fn {
	str_id name;
	CXCursor cursor;
	str_id path;
	bool lowered;
};

/* Files whose text a unit keeps at hand (fe_file_text): the main file and
 * the few headers whose inlines are being lowered. */
#define FE_TEXT_CACHE 8

struct tu_ctx {
	struct frontend *fe;
	CXTranslationUnit tu;
	struct ir_unit *u;
	VEC(struct macro_use) macros;	/* sorted by start */
	size_t win_lo, win_hi;		/* macros inside the function being lowered */
	str_id file;			/* interned main file name */
	str_id cur_file;		/* file of the function being lowered */
	CXFile main_file;
	VEC(char *) kernel_dirs;	/* real paths of kernel include dirs */
	VEC(struct header_file) headers;
	struct header_file last_header;
	VEC(struct header_fn) header_fns;
	VEC(struct annot_use) annots;	/* in source order */
	VEC(struct drv_macro) drv_macros;	/* sorted by (file, start) */
	VEC(struct drv_macro_def) drv_macro_defs;	/* the definitions scanned, */
	struct cursor_map drv_macro_index;	/* by cursor: index in drv_macro_defs */
	bool *accessor_is_function;	/* per rules->accessors: declared as a
					 * function in this unit (x86's writel) */
	VEC(struct fn_window) windows;	/* function declarations, in order;
					 * after fe_annot_finish only those
					 * holding an annotation */
	unsigned prev_decl_end;		/* end of the last top-level declaration */
	VEC(struct error_at) error_locs;	/* every error of u->errors */
	struct file_text {		/* the files whose text was asked for */
		CXFile file;
		const char *text;
		size_t size;
	} texts[FE_TEXT_CACHE];
	unsigned ntexts;		/* how many were ever asked: the next slot */
	struct file_start {		/* the files whose locations were asked for */
		CXFile file;
		CXSourceLocation start;	/* offset 0 */
	} starts[FE_TEXT_CACHE];
	unsigned nstarts;		/* how many were ever asked: the next slot */
	struct cursor_map pure_answers;	/* fe_is_pure_predicate()'s, by definition */
	bool canon_typed_roots;		/* fe_canon names a parameter or local that
					 * points to a record by its type:
					 * "{struct tg3}->tg3_flags" (fe_config_key) */
};

/* A break / continue target; depth: scopes open when it was pushed (a
 * jump to it releases the guards of deeper scopes). */
struct jump_target {
	uint32_t brk, cont;
	size_t depth;
};

/* A goto label; once defined: the scopes open where it stands (depth),
 * the innermost one's id and the guards alive there. */
struct label {
	str_id name;
	uint32_t node;
	bool defined;
	size_t depth, guards;
	uint32_t scope_id;
};

/* An open scope: the guards declared before it, and a unique id. */
struct scope_mark {
	size_t first_guard;
	uint32_t id;
};

/* A lock guard variable in scope (guards.c). */
struct guard_var {
	int guard;			/* rules->guards */
	str_id lock, lock_type;
};

/* The then-arm of an `if`, by its start offset, and the condition. */
struct if_arm {
	unsigned start;
	CXCursor cond;
};

/* A function-pointer store (index in ir_unit.fnptrs) whose block is the
 * then-arm of an `if` on cond. */
struct guarded_store {
	size_t fnptr;
	CXCursor cond;
};

/* A test `member & mask` of a flags word (bitflags.c), keyed by key. */
struct bit_test {
	str_id member, key;
	unsigned long long mask;
};

/* A pointer the function also views as a member of a container: with
 * `up = port_to_up(port)`, port is `struct rp2_uart_port::port` (lockid.c). */
struct container_view {
	str_id ptr;		/* the pointer variable's name */
	str_id member;		/* "struct rp2_uart_port::port" */
};

struct fn_ctx {
	struct tu_ctx *t;
	struct ir_function *fn;
	uint32_t cur;			/* IR_NONE: unreachable */
	VEC(struct jump_target) jumps;
	VEC(struct label) labels;
	uint32_t switch_dispatch;	/* IR_NONE outside a switch */
	bool switch_has_default;
	char *switch_key;		/* a switch on a pure expression: its key
					 * text, each case a test of it (lower_case) */
	uint32_t switch_tail;		/* the last case test (its FALSE edge is
					 * open), or the dispatch itself */
	uint32_t switch_default;	/* the default label, or IR_NONE */
	uint32_t switch_param;		/* 1 + the index of the parameter a keyed
					 * switch is on, which the body never
					 * writes (a caller's constant decides
					 * its cases), else 0 */
	uint32_t stmt_first, stmt_last;	/* lines of the statement being lowered */
	struct strpool *assigned;	/* variables / members written in the body */
	struct strpool *trystored;	/* variables once set to a trylock result */
	struct strpool *plain;		/* locals written only by plain `=` (facts.c) */
	struct strpool *plain_unstable;	/* ... written twice, or inside a loop */
	struct strpool *bit_stored;	/* members written by `|= C` / `&= C` */
	struct strpool *other_stored;	/* ... and members written otherwise */
	VEC(struct bit_test) bit_tests;	/* assignment scan: `member & K` tests */
	VEC(struct container_view) views;	/* assignment scan: container_of locals */
	int loop_depth;			/* assignment scan: loops around it */
	VEC(struct guard_var) guards;	/* lock guards in scope, outermost first */
	VEC(struct scope_mark) scopes;	/* open scopes, outermost first */
	uint32_t next_scope_id;
	VEC(struct if_arm) if_arms;	/* assignment scan: the then-arms of ifs */
	VEC(struct guarded_store) guarded;	/* ... and the stores made in one */
	CXFile body_file;		/* where the body is written, and its */
	unsigned body_start;		/* offset there (fnptr.c: derefs before a call) */
};

/* cursor.c */
typedef VEC(CXCursor) cursor_vec;
/* children.c: c's children, into out (emptied first); walked once per
 * unit, later asks are copies. */
void fe_children(CXCursor c, cursor_vec *out);
/* The same children in place: valid until the next ask for another
 * cursor's children. */
const CXCursor *fe_children_of(CXCursor c, size_t *n);
/* Empty the cache of children: the unit they belong to is going away. */
void fe_children_forget(void);
void fe_extent(CXCursor c, unsigned *start, unsigned *end);
void fe_loc(struct tu_ctx *t, CXCursor c, struct ir_loc *loc);
/* The text of file (NULL if clang has none), its size in *size; kept per
 * unit, since clang_getFileContents() finds a header by scanning every
 * source location entry (a million instructions on a kernel file). */
const char *fe_file_text(struct tu_ctx *t, CXFile file, size_t *size);
void fe_note_file_location(struct tu_ctx *t, CXSourceLocation near);
CXSourceLocation fe_location_at(struct tu_ctx *t, CXFile file, unsigned offset, CXSourceLocation near);
/* How many of the unit's clang errors lie inside c's extent (expansion
 * locations: an error in a macro's body counts where it is expanded). */
unsigned fe_errors_within(const struct tu_ctx *t, CXCursor c);
char *fe_spelling(CXCursor c);
CXCursor fe_unwrap(CXCursor c);
bool fe_is_pointer(CXCursor c);
long long fe_const_value(CXCursor c, bool *ok);
bool fe_enum_value(CXCursor e, long long *v);
CXCursor fe_named_variable(CXCursor e);
const struct macro_use *fe_macro_at(struct tu_ctx *t, CXCursor c);
void fe_macro_window(struct tu_ctx *t, CXCursor fn);

/* drvmacro.c: the accessor a driver macro names */
void fe_driver_macro(struct tu_ctx *t, CXCursor c, CXFile file);
void fe_driver_macros_sort(struct tu_ctx *t);
void fe_note_accessor_function(struct tu_ctx *t, CXCursor fn);
int fe_accessor_via_driver_macro(const struct tu_ctx *t, CXCursor call, int index);

/* headers.c: static inline functions of driver headers */
void fe_each_kernel_include_dir(const char *const *args, int nargs,
				void (*add)(void *arg, const char *dir), void *arg);
void fe_header_dirs(struct tu_ctx *t, const char *const *args, int nargs);
bool fe_in_driver_header(struct tu_ctx *t, CXSourceLocation loc, CXFile *out);
void fe_header_function(struct tu_ctx *t, CXCursor c);
void fe_lower_header_calls(struct tu_ctx *t);
void fe_headers_free(struct tu_ctx *t);

/* header_cache.c: kernel headers parsed from copies without bodies */
struct header_cache *header_cache_new(const char *dir, const struct rules *rules);
void header_cache_free(struct header_cache *hc);
const struct header_cache_stats *header_cache_stats(const struct header_cache *hc);
/* The -ivfsoverlay file for a parse with these arguments; NULL to parse
 * the headers as they are (no kernel include directory, or the cache
 * cannot be written). */
const char *header_cache_overlay(struct header_cache *hc, const char *const *args, int nargs);
enum header_cache_verdict {
	HEADER_CACHE_VALID,	/* every copy read was made from its header's text */
	HEADER_CACHE_STALE,	/* a copy was out of date: parse again */
	HEADER_CACHE_ERRORS,	/* the parse has errors: parse again without copies */
};
/* Check the copies a parse through the overlay read, and copy the headers
 * it read for the first time. */
enum header_cache_verdict header_cache_check(struct header_cache *hc, CXTranslationUnit tu,
					    struct file_hashes *hashes);

/* canon.c */
void fe_canon(struct tu_ctx *t, CXCursor c, struct strbuf *out);
str_id fe_lock_name(struct tu_ctx *t, CXCursor c);
str_id fe_lock_type(struct tu_ctx *t, CXCursor c);
str_id fe_device(struct tu_ctx *t, CXCursor c);
/* The device of an access that names a device, not a register (PCI
 * configuration space, whose argument is the struct pci_dev): unknown to
 * the analysis, so it may reach every pending write. */
str_id fe_whole_device(struct tu_ctx *t, CXCursor c);
str_id fe_register(struct tu_ctx *t, CXCursor call, CXCursor c);
void fe_source_text(struct tu_ctx *t, CXCursor c, struct strbuf *out);
bool fe_constant_macro_name(struct tu_ctx *t, CXCursor c, struct strbuf *out);
bool fe_made_by_macro_body(CXCursor call, CXCursor c);
CXCursor fe_strip_lock(struct tu_ctx *t, CXCursor c);
bool fe_pure_key(struct fn_ctx *f, CXCursor c, struct strbuf *key);
/* The key of condition c with the objects it reads named by their type
 * ("@_tg3_flag(TG3_FLAG_ICH_WORKAROUND,{struct tg3}->tg3_flags)"): a test
 * of a device's configuration that means the same in every function (a
 * pure predicate's field argument is a type path already: purecall.c); 0
 * when c has no pure key or names no such object. */
str_id fe_config_key(struct fn_ctx *f, CXCursor c);
/* fe_config_key() of a c the caller found to have a key from fe_pure_key()
 * or fe_pure_call_key(): the test is not made twice. */
str_id fe_config_key_of_pure(struct fn_ctx *f, CXCursor c);
/* Is c usable inside a key that callers may rewrite: pure (fe_pure_key's
 * rules), naming no local variable? */
bool fe_pure_operand(struct fn_ctx *f, CXCursor c);
/* purecall.c: "@f(a,b)" for a call of a predicate whose body is `return
 * E;` over its parameters and constants, with pure operands; false if c
 * is no such call. */
bool fe_pure_call_key(struct fn_ctx *f, CXCursor c, struct strbuf *key);
/* The type path of an argument that reads a field ("struct
 * bnx2x_vf_mbx::first_tlv.tl.type"), else 0. */
str_id fe_field_type_path(struct tu_ctx *t, CXCursor a);
/* "@f(a,b)" for any direct call with pure operands (the callee may be
 * defined elsewhere), or 0. */
str_id fe_pure_call_text(struct fn_ctx *f, CXCursor call);
/* Is the function defined here as `{ return E; }` over its parameters?
 * Asked once per definition: later answers come from t->pure_answers. */
bool fe_is_pure_predicate(struct tu_ctx *t, CXCursor fn);
void fe_scan_assignments(struct fn_ctx *f, CXCursor body);
void fe_type_name(CXType ty, struct strbuf *out);

/* lockid.c: one lock however it is spelled (locals that alias a path,
 * container_of() going back down its member) */
/* In the assignment scan: a container_of() of a pointer variable (in
 * place, or a call of a helper whose body is that return), as a local's
 * initializer or anywhere in an expression, makes the pointer a view of
 * the container's member, so a lock reached through the pointer has the
 * container's type path (fe_lock_identity). */
void fe_note_container_view(struct fn_ctx *f, CXCursor c);
/* After lowering: the views of unwritten parameters, into the function
 * (ir_function.param_views), for the locks a framework holds on entry. */
void fe_export_param_views(struct fn_ctx *f);
void fe_lock_identity(struct fn_ctx *f, CXCursor c, str_id *name, str_id *type);
bool fe_resolved_lvalue(struct fn_ctx *f, CXCursor lv, struct strbuf *out);
bool fe_alias_text(struct fn_ctx *f, CXCursor e, struct strbuf *out);

/* fnptr.c: parameters, call arguments, indirect-call slots, fnptr stores */
void fe_params(struct tu_ctx *t, CXCursor fnc, struct ir_function *fn);
void fe_call_args(struct fn_ctx *f, CXCursor call, uint32_t node);
str_id fe_slot_key(struct tu_ctx *t, CXCursor c);
str_id fe_fnptr_slot_tested(struct tu_ctx *t, CXCursor c);
void fe_note_fnptr_assign(struct tu_ctx *t, CXCursor assign, CXCursor parent, bool in_body);
void fe_note_registration(struct tu_ctx *t, CXCursor call, const char *callee);
void fe_scan_var_init(struct tu_ctx *t, CXCursor var, bool file_scope);
void fe_scan_literal(struct tu_ctx *t, CXCursor lit);

/* annot.c: sparse contexts and __init through the preprocessing record */
void fe_annot_macro(struct tu_ctx *t, CXCursor c, const char *name);
void fe_annot_decl(struct tu_ctx *t, CXCursor c);
void fe_annot_finish(struct tu_ctx *t);
void fe_annotate(struct tu_ctx *t, CXCursor fnc, struct ir_function *fn);

/* lower.c: expressions and conditions */
uint32_t fe_new_node(struct fn_ctx *f, enum ir_op op, CXCursor at);
uint32_t fe_new_label(struct fn_ctx *f);
void fe_link(struct fn_ctx *f, uint32_t from, uint32_t to, enum ir_edge_kind k);
uint32_t fe_emit(struct fn_ctx *f, uint32_t node);
uint32_t fe_label_named(struct fn_ctx *f, CXCursor c);
CXCursor fe_nth_child(CXCursor c, size_t i);
void fe_lower_expr(struct fn_ctx *f, CXCursor c);
bool fe_lower_stmt_prim(struct fn_ctx *f, CXCursor c);
void fe_lower_cond(struct fn_ctx *f, CXCursor c, uint32_t t, uint32_t e);
/* 1 + the index of the parameter that c is or tests against a constant,
 * when the body never writes it (its test into n's cond_op, cond_k). */
uint32_t fe_tested_param(struct fn_ctx *f, CXCursor c, struct ir_node *n);
/* The ir_cond_op of a binary operator with the constant on the right
 * (mirrored when it is on the left), or IR_COND_TRUTH if none. */
enum ir_cond_op fe_cond_op(enum CXBinaryOperatorKind k, bool const_left);
bool fe_is_trylock(struct fn_ctx *f, CXCursor c);
str_id fe_result_key(struct fn_ctx *f, CXCursor var, bool declared);

/* bitflags.c: flag bits a function sets and tests itself.  In the
 * assignment scan: a `member |= C` / `member &= C` store (true if it is
 * one), a `member & K` test.  When lowering: the key of such a test when
 * the member is written only by such stores, and the IR_ASSIGNs a store
 * makes to the keys of the tests it decides. */
bool fe_note_bit_store(struct fn_ctx *f, CXCursor assign);
void fe_note_bit_test(struct fn_ctx *f, CXCursor c);
bool fe_bit_test_key(struct fn_ctx *f, CXCursor c, struct strbuf *key);
void fe_lower_bit_store(struct fn_ctx *f, CXCursor assign);

/* facts.c: stores that correlate paths */
bool fe_note_plain_store(struct fn_ctx *f, CXCursor lhs);
void fe_note_plain_decl(struct fn_ctx *f, CXCursor var);
/* 0: not a tracked variable; 1: tracked, its value changes between
 * tests (only a test of the variable itself is a key); 2: stored once */
int fe_tracked_use(struct fn_ctx *f, const char *name);
/* The result key of the call just lowered for `value` (set on the
 * IR_CALL), or 0 when `value` is not such a call. */
str_id fe_call_result_key(struct fn_ctx *f, CXCursor value);
/* statickey.c: the key of a condition that is one static key test
 * (`static_branch_unlikely(&k)`), 0 when it is not one. */
str_id fe_static_key_test(struct tu_ctx *t, CXCursor c);
/* `v = rhs` to a tracked variable: lower rhs and assign v's key; false
 * (nothing lowered) when v is not tracked. */
bool fe_lower_tracked_store(struct fn_ctx *f, CXCursor assign);
/* A store the analysis cannot evaluate (`v = readl(...)`): forget v. */
void fe_forget_tracked(struct fn_ctx *f, CXCursor lhs, CXCursor at);
void fe_lower_tracked_init(struct fn_ctx *f, CXCursor var, CXCursor init);
/* `return value` (lowered): IR_KEY_RETURN gets its truth. */
void fe_lower_return_value(struct fn_ctx *f, CXCursor value, CXCursor at);

/* guards.c: cleanup.h lock guards */
bool fe_is_guard_decl(struct fn_ctx *f, CXCursor decl);
bool fe_lower_guard_decl(struct fn_ctx *f, CXCursor var);
void fe_scope_open(struct fn_ctx *f);
void fe_scope_close(struct fn_ctx *f, CXCursor scope);
void fe_release_from(struct fn_ctx *f, size_t depth, CXCursor at);
void fe_label_here(struct fn_ctx *f, uint32_t label);
void fe_release_for_goto(struct fn_ctx *f, uint32_t label, CXCursor at);

/* lower_stmt.c: statements and functions */
void fe_lower_stmt(struct fn_ctx *f, CXCursor c);
void fe_lower_function(struct tu_ctx *t, CXCursor fn);

#endif
