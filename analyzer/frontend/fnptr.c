/*
 * fnptr.c - what the interprocedural engine needs from the AST besides the
 * events: parameter names, the canonical text of call arguments, the slot
 * key of an indirect call ("struct tg3::write32"), and every store of a
 * function into a function-pointer field (designated / positional
 * initializers and assignments), so indirect calls can be resolved.
 *
 * Slot keys are built like lock type paths (fe_lock_type): the struct that
 * holds the field, "::", the field path through embedded structs.  A call
 * `tp->write32(...)`, a store `tp->write32 = f` and an initializer
 * `struct tg3 x = { .write32 = f }` therefore meet on the same key.
 */
#include "fe_internal.h"
#include "../rules/entry_points.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Parameter names in order; 0 for an unnamed one. */
void fe_params(struct tu_ctx *t, CXCursor fnc, struct ir_function *fn)
{
	int n = clang_Cursor_getNumArguments(fnc);

	for (int i = 0; i < n; i++) {
		char *name = fe_spelling(clang_Cursor_getArgument(fnc, (unsigned)i));
		str_id id = *name ? strpool_intern(t->u->strings, name) : 0;
		VEC_PUSH(fn->params, id);
		free(name);
	}
}

/* An lvalue whose canonical text names storage: a variable, a member, an
 * element or a dereference.  A function name counts too (a callback). */
static bool is_named_value(CXCursor c)
{
	switch (clang_getCursorKind(c)) {
	case CXCursor_DeclRefExpr: {
		enum CXCursorKind dk = clang_getCursorKind(clang_getCursorReferenced(c));
		return dk == CXCursor_VarDecl || dk == CXCursor_ParmDecl || dk == CXCursor_FunctionDecl;
	}
	case CXCursor_MemberRefExpr:
	case CXCursor_ArraySubscriptExpr:
		return true;
	case CXCursor_UnaryOperator:
		return clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref;
	default:
		return false;
	}
}

/* Pointer arithmetic (`dev->base + REG`): its value is an address inside
 * the device the base names. */
static bool is_pointer_arith(CXCursor c)
{
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return false;
	enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
	return (op == CXBinaryOperator_Add || op == CXBinaryOperator_Sub) && fe_is_pointer(c);
}

/* clang_visitChildren callback of computes_with_local(): stop at the
 * first local variable holding a number (not a parameter: a summary's
 * caller writes its own argument in for that; not a pointer: `ha` in
 * `ha->portnum` names the device the value is read from). */
static enum CXChildVisitResult local_var_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && !fe_is_pointer(c)) {
		CXCursor d = clang_getCursorReferenced(c);
		if (clang_getCursorKind(d) == CXCursor_VarDecl && !clang_Cursor_hasVarDeclGlobalStorage(d)) {
			*(bool *)data = true;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

/* Is value c computed with a local variable (tg3_ape_lock()'s `gnt +
 * off`, gnt set on two arms, off from the lock number)?  Such a value is
 * known at run time only: it names no one register. */
static bool computes_with_local(CXCursor c)
{
	bool found = false;

	clang_visitChildren(c, local_var_visit, &found);
	return found;
}

/*
 * Is argument a an integer constant after macro expansion (`true`, `0`,
 * `MD_FLAG`, an enumerator)?  Its truth in *truth.  A caller passing one
 * decides the callee's branch on that parameter (`if (flush)` in
 * iavf_irq_enable(adapter, true)).  An enumerator is read from its
 * declaration: fe_const_value leaves every name alone.
 */
static bool arg_constant(CXCursor a, long long *value)
{
	CXCursor u = fe_unwrap(a);
	bool ok;

	if (clang_getCursorKind(u) == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(u);
		if (clang_getCursorKind(d) != CXCursor_EnumConstantDecl)
			return false;
		*value = clang_getEnumConstantDeclValue(d);
		return true;
	}
	*value = fe_const_value(a, &ok);
	return ok;
}

/* The file offset where cursor c starts, as a file location (a token of
 * a macro body: where the macro is used), or -1; its file in *file. */
static long file_start(CXCursor c, CXFile *file)
{
	unsigned off = 0;

	*file = NULL;
	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)), file, NULL, NULL, &off);
	return *file ? (long)off : -1;
}

/* Does the text at offset `at` of file start a function-like macro's use,
 * `NAME(`, whose parentheses are open at offset `inside`? */
static bool macro_use_around(struct tu_ctx *t, CXFile file, long at, long inside)
{
	size_t size = 0;
	const char *text = fe_file_text(t, file, &size);
	long i = at, depth = 0;

	if (!text || inside >= (long)size || !(isalpha((unsigned char)text[at]) || text[at] == '_'))
		return false;
	while (i < inside && (isalnum((unsigned char)text[i]) || text[i] == '_'))
		i++;
	while (i < inside && (text[i] == ' ' || text[i] == '\t'))
		i++;
	if (i >= inside || text[i] != '(')
		return false;
	for (; i < inside; i++)
		depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
	return depth > 0;
}

/*
 * Is argument a a number that a driver macro tags with one flag bit:
 * `MACRO(n)` whose body is `((n) | FLAG)`, n an integer local or
 * parameter (qib's QIB_SENDCTRL_DISARM_BUF(n), `(n) | 0x1000`, with a PIO
 * buffer number)?  The flag in *flag.  Such a command word packs the number
 * below the flag, so the callee's tests of higher flag bits
 * (`op & QIB_SENDCTRL_FLUSH`, 0x80000) are false: the word was made for
 * one command.  Written out by the driver (`flags | FOO`), or with any
 * other operand, it is a combination of flags and says nothing.
 */
static bool tagged_number(struct tu_ctx *t, CXCursor a, long long *flag)
{
	CXCursor u = fe_unwrap(a);
	bool ok;

	if (clang_getCursorKind(u) != CXCursor_BinaryOperator || clang_getCursorBinaryOperatorKind(u) != CXBinaryOperator_Or)
		return false;
	CXCursor l = fe_unwrap(fe_nth_child(u, 0)), r = fe_unwrap(fe_nth_child(u, 1));
	long long k = fe_const_value(r, &ok);
	CXCursor n = l;
	if (!ok) {
		k = fe_const_value(l, &ok);
		n = r;
	}
	if (!ok || k <= 0 || (k & (k - 1)) || clang_getCursorKind(n) != CXCursor_DeclRefExpr || fe_is_pointer(n))
		return false;
	CXCursor var = clang_getCursorReferenced(n);
	enum CXCursorKind vk = clang_getCursorKind(var);
	if (vk != CXCursor_ParmDecl && (vk != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(var)))
		return false;
	/* the `|` is the macro's (it starts where the macro is used), the
	 * number the driver's, inside the macro's parentheses */
	CXFile uf, nf;
	long at = file_start(u, &uf), num = file_start(n, &nf);
	if (at < 0 || num <= at || !clang_File_isEqual(uf, nf) || !macro_use_around(t, uf, at, num))
		return false;
	*flag = k;
	return true;
}

/*
 * Canonical text of one call argument, 0 when it names nothing the callee
 * could lock or write through: "&qp->sq" (address kept, so a callee lock
 * "s->lock" with s := "&qp->sq" becomes "qp->sq.lock"), "dev->lock", "d",
 * for pointer arithmetic the device base ("dev->base" for
 * `dev->base + REG`, as an MMIO node's device would be), and any other
 * value as written ("FOO_DB", "0x40"); an integer local, and a value
 * computed with a local (`gnt + off`), is 0.  A local
 * that is another name for a path is written as that path (lockid.c):
 * `vc` with `vc = &xc->vc` is "&xc->vc", so the callee's "vc->lock" is
 * the caller's "xc->vc.lock" however the caller spells it.
 */
static str_id arg_text(struct fn_ctx *f, CXCursor call, CXCursor a)
{
	struct tu_ctx *t = f->t;
	struct strbuf sb = STRBUF_INIT;
	CXCursor u = fe_unwrap(a);
	long long value;
	str_id id = 0;

	if (clang_getCursorKind(u) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(u) == CXUnaryOperator_AddrOf) {
		CXCursor in = fe_unwrap(fe_nth_child(u, 0));
		if (is_named_value(in)) {
			strbuf_addch(&sb, '&');
			if (!fe_resolved_lvalue(f, in, &sb))
				fe_canon(t, in, &sb);
		}
	} else if (is_named_value(u)) {
		/* an integer local (alx_mask_msix()'s `reg`) is a value
		 * computed at run time: it names no register or lock */
		CXCursor var = fe_named_variable(u);
		if (!clang_Cursor_isNull(var) && !clang_Cursor_hasVarDeclGlobalStorage(var) && !fe_is_pointer(u))
			return 0;
		if (!fe_alias_text(f, u, &sb))
			fe_canon(t, u, &sb);
	} else if (is_pointer_arith(u)) {
		return fe_device(t, u);
	} else if (fe_made_by_macro_body(call, u)) {
		/* e1000e's ew32(EXTCNF_CTRL, v) passes `E1000_##reg`: the
		 * macro's name for the constant, never the macro call's text */
		if (!fe_constant_macro_name(t, u, &sb) && arg_constant(u, &value))
			strbuf_addf(&sb, "0x%llx", (unsigned long long)value);
	} else if (!computes_with_local(u)) {
		/* constants and other values: as written, so a register offset
		 * passed to a write helper keeps its name (MMIO005) */
		fe_source_text(t, u, &sb);
	}
	if (sb.len > 1 || (sb.len == 1 && sb.buf[0] != '&'))
		id = strpool_intern(t->u->strings, sb.buf);
	strbuf_release(&sb);
	return id;
}


/* Does text[from, to) dereference the variable name (`name->`, not a
 * member of that name: `p->name->`)? */
static bool text_derefs(const char *text, size_t from, size_t to, const char *name)
{
	size_t len = strlen(name);

	for (size_t i = from; len && i + len + 2 <= to; i++) {
		/* the next place the name's first letter is, then the name */
		const char *c = memchr(text + i, name[0], to - len - 1 - i);
		if (!c)
			break;
		i = (size_t)(c - text);
		if (memcmp(text + i, name, len))
			continue;
		char before = i ? text[i - 1] : ' ';
		if (isalnum((unsigned char)before) || before == '_' || before == '.' || before == '>')
			continue;
		size_t j = i + len;
		while (j < to && (text[j] == ' ' || text[j] == '\t'))
			j++;
		if (j + 1 < to && text[j] == '-' && text[j + 1] == '>')
			return true;
	}
	return false;
}

/*
 * Is argument a a local or parameter pointer that the function's text
 * dereferences (`vf->state`) before the call?  Then it is not NULL at
 * the call, and a callee's `if (!vf) return;` takes its false arm
 * (bnx2x_unlock_vf_pf_channel(), called from bnx2x_set_vf_mac() after
 * `vf->state`).  By the text, not the paths: a dereference on another arm
 * counts too.
 */
static bool derefed_before(struct fn_ctx *f, CXCursor call, CXCursor a)
{
	CXCursor u = fe_unwrap(a), d;
	CXFile file = NULL;
	unsigned at = 0;
	size_t size = 0;
	bool yes = false;

	if (clang_getCursorKind(u) != CXCursor_DeclRefExpr || !fe_is_pointer(u) || !f->body_file)
		return false;
	d = clang_getCursorReferenced(u);
	if ((clang_getCursorKind(d) != CXCursor_VarDecl && clang_getCursorKind(d) != CXCursor_ParmDecl) ||
	    clang_Cursor_hasVarDeclGlobalStorage(d) == 1)
		return false;
	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(call)), &file, NULL, NULL, &at);
	const char *text = file && clang_File_isEqual(file, f->body_file) ? fe_file_text(f->t, file, &size) : NULL;
	if (text && at <= size && f->body_start < at) {
		char *name = fe_spelling(d);
		yes = text_derefs(text, f->body_start, at, name);
		free(name);
	}
	return yes;
}

/* Fill node's args_off/nargs from the call's arguments, and the constant
 * truth and value of the first IR_CONST_ARGS (truth only for a pointer
 * derefed_before() the call). */
void fe_call_args(struct fn_ctx *f, CXCursor call, uint32_t node)
{
	struct ir_function *fn = f->fn;
	int n = clang_Cursor_getNumArguments(call);
	uint32_t known = 0, nonzero = 0;

	fn->nodes.v[node].args_off = (uint32_t)fn->args.n;
	fn->nodes.v[node].nargs = n > 0 ? (uint32_t)n : 0;
	for (int i = 0; i < n; i++) {
		CXCursor a = clang_Cursor_getArgument(call, (unsigned)i);
		str_id id = arg_text(f, call, a);
		long long value;
		VEC_PUSH(fn->args, id);
		VEC_PUSH(fn->arg_types, fe_field_type_path(f->t, a));
		VEC_PUSH(fn->arg_regs, is_pointer_arith(fe_unwrap(a)) ? fe_register(f->t, call, a) : 0);
		if (i < IR_CONST_ARGS && arg_constant(a, &value)) {
			struct ir_const_arg ca = { node, (uint32_t)i, value, false };
			known |= 1u << i;
			nonzero |= (uint32_t)(value != 0) << i;
			VEC_PUSH(fn->const_vals, ca);
		} else if (i < IR_CONST_ARGS && tagged_number(f->t, a, &value)) {
			struct ir_const_arg ca = { node, (uint32_t)i, value, true };
			known |= 1u << i;	/* nonzero: the flag is set */
			nonzero |= 1u << i;
			VEC_PUSH(fn->const_vals, ca);
		} else if (i < IR_CONST_ARGS && derefed_before(f, call, a)) {
			known |= 1u << i;	/* its truth only: not NULL */
			nonzero |= 1u << i;
		}
	}
	fn->nodes.v[node].const_args = known;
	fn->nodes.v[node].const_true = nonzero;
}

/* Remember the record whose type name `name` is when the driver declares
 * it (in the file or in a driver header): no kernel code calls through
 * its slots. */
static void note_private_record(struct tu_ctx *t, CXCursor record, const char *name)
{
	CXSourceLocation loc = clang_getCursorLocation(record);
	CXFile file;

	if (!*name || (!clang_Location_isFromMainFile(loc) && !fe_in_driver_header(t, loc, &file)))
		return;
	str_id id = strpool_intern(t->u->strings, name);
	for (size_t i = t->u->private_records.n; i-- > 0;)
		if (t->u->private_records.v[i] == id)
			return;
	VEC_PUSH(t->u->private_records, id);
}

/* "struct e1000_nvm_operations::acquire" for a member whose record has a
 * name, else 0. */
static str_id record_slot(struct tu_ctx *t, CXCursor member)
{
	CXCursor field = clang_getCursorReferenced(member);
	CXCursor record = clang_getCursorSemanticParent(field);
	enum CXCursorKind rk = clang_getCursorKind(record);
	struct strbuf sb = STRBUF_INIT;
	str_id id = 0;

	if (clang_getCursorKind(field) != CXCursor_FieldDecl || (rk != CXCursor_StructDecl && rk != CXCursor_UnionDecl) ||
	    clang_Cursor_isAnonymous(record))
		return 0;
	fe_type_name(clang_getCursorType(record), &sb);
	note_private_record(t, record, sb.buf ? sb.buf : "");
	char *name = fe_spelling(field);
	if (sb.len && *name) {
		strbuf_addf(&sb, "::%s", name);
		id = strpool_intern(t->u->strings, sb.buf);
	}
	free(name);
	strbuf_release(&sb);
	return id;
}

/* Is the type a pointer to a function? */
static bool is_fnptr_type(CXType ty)
{
	CXType c = clang_getCanonicalType(ty);

	if (c.kind != CXType_Pointer)
		return false;
	enum CXTypeKind pk = clang_getCanonicalType(clang_getPointeeType(c)).kind;
	return pk == CXType_FunctionProto || pk == CXType_FunctionNoProto;
}

/*
 * The slot of a local variable of function-pointer type, keyed by the
 * function that declares it: bnx2x_read_sfp_module_eeprom() stores one of
 * three readers in its local `read_func` and calls it, and the slot
 * "bnx2x_read_sfp_module_eeprom()::read_func" resolves that call to the
 * three, which no other function's local of the name meets.  0 when d is
 * not such a local (a parameter's value comes from the callers).
 */
static str_id local_fnptr_slot(struct tu_ctx *t, CXCursor d)
{
	if (clang_getCursorKind(d) != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(d) ||
	    !is_fnptr_type(clang_getCursorType(d)))
		return 0;
	CXCursor fn = clang_getCursorSemanticParent(d);
	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
		return 0;
	char *fname = fe_spelling(fn), *name = fe_spelling(d);
	char *key = xasprintf("%s()::%s", fname, name);
	str_id id = *fname && *name ? strpool_intern(t->u->strings, key) : 0;
	free(key);
	free(name);
	free(fname);
	return id;
}

/*
 * Slot key of a function-pointer lvalue or callee expression: the record
 * that declares the field and the field ("struct tg3::write32"; for
 * e1000e's `hw->nvm.ops.acquire`, "struct e1000_nvm_operations::acquire",
 * the slot its ops tables fill), the type path of a field of an anonymous
 * record ("struct priv::ops.write"), the name of a global variable, a
 * local's own slot (local_fnptr_slot()), else the bare field / variable
 * name.  `*` and `&` are looked through
 * ((*p->cb)(), &p->cb).  0 if it names nothing.
 */
str_id fe_slot_key(struct tu_ctx *t, CXCursor c)
{
	CXCursor u = fe_unwrap(c);
	enum CXCursorKind k;

	while (clang_getCursorKind(u) == CXCursor_UnaryOperator &&
	       clang_getCursorUnaryOperatorKind(u) == CXUnaryOperator_Deref)
		u = fe_unwrap(fe_nth_child(u, 0));
	k = clang_getCursorKind(u);
	if (k != CXCursor_MemberRefExpr && k != CXCursor_DeclRefExpr)
		return 0;
	str_id id = k == CXCursor_MemberRefExpr ? record_slot(t, u) : local_fnptr_slot(t, clang_getCursorReferenced(u));
	if (!id)
		id = fe_lock_type(t, u);
	/* fe_lock_type names a local or parameter by its record type; a
	 * function pointer has none, so it returns 0 there */
	if (!id) {
		char *name = fe_spelling(u);
		id = *name ? strpool_intern(t->u->strings, name) : 0;
		free(name);
	}
	return id;
}

/* Does c name a parameter or a local variable?  Its value comes from the
 * callers' arguments or the function's own code, not from stores into a
 * slot. */
static bool names_local_value(CXCursor c)
{
	CXCursor u = fe_unwrap(c);

	if (clang_getCursorKind(u) != CXCursor_DeclRefExpr)
		return false;
	CXCursor d = clang_getCursorReferenced(u);
	enum CXCursorKind k = clang_getCursorKind(d);
	return k == CXCursor_ParmDecl || (k == CXCursor_VarDecl && !clang_Cursor_hasVarDeclGlobalStorage(d));
}

/* The slot a condition tests for a function (`if (host->ops->read_l)`):
 * its slot key when c's value is a function pointer held in a field or a
 * global, else 0 (ice_pkg_enum_entry()'s `if (!handler)` tests its
 * parameter, which the program sets by passing it, never by a store). */
str_id fe_fnptr_slot_tested(struct tu_ctx *t, CXCursor c)
{
	CXType ty = clang_getCanonicalType(clang_getCursorType(fe_unwrap(c)));

	if (ty.kind != CXType_Pointer ||
	    (clang_getPointeeType(ty).kind != CXType_FunctionProto &&
	     clang_getPointeeType(ty).kind != CXType_FunctionNoProto) ||
	    names_local_value(c))
		return 0;
	return fe_slot_key(t, c);
}

/* The function an initializer or right-hand side names (`f`, `&f`), or a
 * null cursor. */
static CXCursor named_function(CXCursor value)
{
	CXCursor u = fe_unwrap(value);

	if (clang_getCursorKind(u) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(u) == CXUnaryOperator_AddrOf)
		u = fe_unwrap(fe_nth_child(u, 0));
	if (clang_getCursorKind(u) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	CXCursor d = clang_getCursorReferenced(u);
	return clang_getCursorKind(d) == CXCursor_FunctionDecl ? d : clang_getNullCursor();
}

/* The location of cursor c, naming the header it is in when it is not in
 * the main file (fe_loc names the main file). */
static void stored_loc(struct tu_ctx *t, CXCursor c, struct ir_loc *loc)
{
	CXSourceLocation start = clang_getRangeStart(clang_getCursorExtent(c));
	CXFile file;

	fe_loc(t, c, loc);
	clang_getFileLocation(start, &file, NULL, NULL, NULL);
	if (file && !clang_Location_isFromMainFile(start)) {
		CXString fname = clang_getFileName(file);
		if (clang_getCString(fname))
			loc->file = strpool_intern(t->u->strings, clang_getCString(fname));
		clang_disposeString(fname);
	}
}

/* Record `slot := function` at cursor `at`, one of the stores made
 * together by `block` (whose file may be a header). */
static void add_fnptr(struct tu_ctx *t, str_id slot, CXCursor function, CXCursor at, CXCursor block)
{
	struct ir_fnptr p = { 0 };

	if (!slot)
		return;
	char *name = fe_spelling(function);
	p.slot = slot;
	p.function = strpool_intern(t->u->strings, name);
	free(name);
	stored_loc(t, at, &p.loc);
	stored_loc(t, block, &p.block);
	VEC_PUSH(t->u->fnptrs, p);
}

/* Record the functions a stored value can be: `f`, `&f`, and both arms
 * of `c ? f : g` (nested), each arm a block of its own: the two are
 * alternatives, not stores made together. */
static void store_value(struct tu_ctx *t, str_id slot, CXCursor value, CXCursor at, CXCursor block)
{
	CXCursor u = fe_unwrap(value);

	if (clang_getCursorKind(u) == CXCursor_ConditionalOperator) {
		store_value(t, slot, fe_nth_child(u, 1), at, fe_nth_child(u, 1));
		store_value(t, slot, fe_nth_child(u, 2), at, fe_nth_child(u, 2));
		return;
	}
	CXCursor fnc = named_function(u);
	if (!clang_Cursor_isNull(fnc))
		add_fnptr(t, slot, fnc, at, block);
}

/*
 * `lhs = f` in a body: record it when lhs is a member, a global variable
 * or a local variable of function-pointer type (a local's slot is its
 * function's own, local_fnptr_slot()).  The stores of one
 * compound statement are made together (tg3_get_invariants()'s
 * `if (tg3_flag(tp, ICH_WORKAROUND)) { tp->read32 = ...; tp->write32 =
 * ...; }`); a store that is a statement of its own (`if (x) tp->write32 =
 * f;`) is a block by itself.  `parent` is the assignment's parent in the
 * AST; in_body when that is the function's body: the stores are made
 * whenever the function runs, defaults that the other blocks override.
 */
void fe_note_fnptr_assign(struct tu_ctx *t, CXCursor assign, CXCursor parent, bool in_body)
{
	if (!is_fnptr_type(clang_getCursorType(assign)))
		return;
	CXCursor lhs = fe_unwrap(fe_nth_child(assign, 0));
	if (clang_getCursorKind(lhs) == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(lhs);
		if (clang_getCursorKind(d) != CXCursor_VarDecl)
			return;
	} else if (clang_getCursorKind(lhs) != CXCursor_MemberRefExpr) {
		return;
	}
	CXCursor block = clang_getCursorKind(parent) == CXCursor_CompoundStmt ? parent : assign;
	size_t before = t->u->fnptrs.n;
	store_value(t, fe_slot_key(t, lhs), fe_nth_child(assign, 1), assign, block);
	for (size_t i = before; i < t->u->fnptrs.n; i++)
		t->u->fnptrs.v[i].unconditional = in_body && t->u->fnptrs.n == before + 1;
}

/* A registration passed the value of a slot, not a function
 * (jsm_probe_one()'s request_irq(brd->irq, brd->bd_ops->intr, ...)):
 * record the slot as registered, so that the functions stored into it
 * (neo_intr(), cls_intr()) are entry points of the registration's kind. */
static void add_registered_slot(struct tu_ctx *t, const char *callee, CXCursor arg, CXCursor call, int i)
{
	str_id slot = fe_fnptr_slot_tested(t, arg);
	struct ir_fnptr p = { 0 };

	if (!slot)
		return;
	p.slot = strpool_intern(t->u->strings, callee);
	p.function = slot;
	stored_loc(t, call, &p.loc);
	stored_loc(t, call, &p.block);
	p.registration = p.through_slot = true;
	p.arg = i;
	VEC_PUSH(t->u->fnptrs, p);
}

/*
 * A call the rules name as a registration (`request_irq(irq, foo_intr,
 * ...)`, rules/frameworks/entry-points.json): record each function passed
 * in an argument the rules list, as a store keyed by the called name, or
 * the slot whose value is passed (add_registered_slot()).
 */
void fe_note_registration(struct tu_ctx *t, CXCursor call, const char *callee)
{
	const struct rules *r = t->fe->rules;
	int n = clang_Cursor_getNumArguments(call);

	if (!rules_entry_registers(r, callee))
		return;
	for (int i = 0; i < n; i++) {
		if (!rules_entry_call(r, callee, i))
			continue;
		CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
		CXCursor fnc = named_function(arg);
		if (clang_Cursor_isNull(fnc)) {
			add_registered_slot(t, callee, arg, call, i);
			continue;
		}
		size_t before = t->u->fnptrs.n;
		add_fnptr(t, strpool_intern(t->u->strings, callee), fnc, call, call);
		if (t->u->fnptrs.n > before) {
			t->u->fnptrs.v[before].registration = true;
			t->u->fnptrs.v[before].arg = i;
		}
	}
}

/* ---- initializers ---- */

struct field {
	char *name;
	CXType type;
};
typedef VEC(struct field) field_vec;

static enum CXVisitorResult add_field(CXCursor c, CXClientData data)
{
	field_vec *out = data;
	struct field fl = { fe_spelling(c), clang_getCursorType(c) };

	VEC_PUSH(*out, fl);
	return CXVisit_Continue;
}

static void free_fields(field_vec *fields)
{
	for (size_t i = 0; i < fields->n; i++)
		free(fields->v[i].name);
	VEC_FREE(*fields);
}

/* into_literals: also walk compound literals met in the list (file-scope
 * initializers; in bodies the assignment scan meets them itself). */
struct init_ctx {
	struct tu_ctx *t;
	bool into_literals;
	CXCursor block;		/* the holder's list: its stores are one table */
};

static void scan_list(struct init_ctx *c, CXCursor list, CXType ty, const char *holder, const char *prefix);

/* A record or array value initialized by `list`, with its own holder. */
static void scan_holder(struct init_ctx *c, CXCursor list, CXType ty)
{
	struct strbuf name = STRBUF_INIT;
	CXCursor outer = c->block;

	if (clang_getCanonicalType(ty).kind == CXType_Record) {
		fe_type_name(ty, &name);
		note_private_record(c->t, clang_getTypeDeclaration(clang_getCanonicalType(ty)), name.buf ? name.buf : "");
	}
	c->block = list;
	scan_list(c, list, ty, name.buf ? name.buf : "", "");
	c->block = outer;
	strbuf_release(&name);
}

/* Is ty a record with a name of its own (slots are keyed by it)? */
static bool named_record(CXType ty)
{
	CXCursor decl = clang_getTypeDeclaration(clang_getCanonicalType(ty));

	return !clang_Cursor_isNull(decl) && !clang_Cursor_isAnonymous(decl);
}

/*
 * The value stored at field path `path` of `holder`: a function (a slot
 * store), a nested list (same holder, longer path; an array's elements
 * are holders of their own, as a[i].f is typed by a[i] in fe_lock_type),
 * or a compound literal.
 */
static void scan_value(struct init_ctx *c, CXCursor value, CXCursor at, CXType ty, const char *holder,
		       const char *path)
{
	CXCursor u = fe_unwrap(value);
	enum CXCursorKind k = clang_getCursorKind(u);

	if (k == CXCursor_InitListExpr) {
		if (clang_getCanonicalType(ty).kind == CXType_Record && named_record(ty)) {
			struct strbuf name = STRBUF_INIT;
			fe_type_name(ty, &name);	/* the record declares the slots */
			note_private_record(c->t, clang_getTypeDeclaration(clang_getCanonicalType(ty)), name.buf);
			scan_list(c, u, ty, name.buf, "");
			strbuf_release(&name);
		} else if (clang_getCanonicalType(ty).kind == CXType_Record) {
			char *sub = xasprintf("%s%s", path, *path ? "." : "");
			scan_list(c, u, ty, holder, sub);
			free(sub);
		} else {
			scan_list(c, u, ty, holder, path);
		}
		return;
	}
	if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(u) == CXUnaryOperator_AddrOf)
		u = fe_unwrap(fe_nth_child(u, 0));
	if (clang_getCursorKind(u) == CXCursor_CompoundLiteralExpr) {
		CXCursor list = fe_nth_child(u, clang_getCursorKind(fe_nth_child(u, 0)) == CXCursor_TypeRef ? 1 : 0);
		if (c->into_literals && clang_getCursorKind(list) == CXCursor_InitListExpr)
			scan_holder(c, list, clang_getCursorType(u));
		return;
	}
	if (*holder && *path) {
		char *slot = xasprintf("%s::%s", holder, path);
		store_value(c->t, strpool_intern(c->t->u->strings, slot), value, at, c->block);
		free(slot);
	}
}

/* A designated element `.a.b = v`: appends "a.b" to path, sets *type to
 * b's type and *owner to the record that declares b, and returns the
 * first field's name (for positional elements that follow).  NULL if the
 * element is not a field designator. */
static char *designator(CXCursor elem, struct strbuf *path, CXType *type, CXCursor *value, CXCursor *owner)
{
	cursor_vec kids = VEC_INIT;
	char *first = NULL;

	fe_children(elem, &kids);
	for (size_t i = 0; i < kids.n; i++) {
		if (clang_getCursorKind(kids.v[i]) != CXCursor_MemberRef)
			continue;
		char *name = fe_spelling(kids.v[i]);
		strbuf_addf(path, "%s%s", path->len && path->buf[path->len - 1] != '.' ? "." : "", name);
		*type = clang_getCursorType(kids.v[i]);
		*owner = clang_getCursorSemanticParent(clang_getCursorReferenced(kids.v[i]));
		if (!first)
			first = name;
		else
			free(name);
	}
	if (first && kids.n)
		*value = kids.v[kids.n - 1];
	VEC_FREE(kids);
	return first;
}

/* A store `.a.b = f`: the slot is b in the record that declares it
 * ("ring_t::kick"), as a call `tp->ring.kick()` names it (fe_slot_key);
 * through an anonymous record, the holder's path stays. */
static void scan_designated(struct init_ctx *c, CXCursor value, CXCursor at, CXType ty, CXCursor owner,
			    const char *holder, const char *path)
{
	const char *last = strrchr(path, '.');
	struct strbuf name = STRBUF_INIT;

	if (last && !clang_Cursor_isNull(owner) && named_record(clang_getCursorType(owner))) {
		fe_type_name(clang_getCursorType(owner), &name);
		note_private_record(c->t, owner, name.buf);
		scan_value(c, value, at, ty, name.buf, last + 1);
	} else {
		scan_value(c, value, at, ty, holder, path);
	}
	strbuf_release(&name);
}

/* Walk the elements of an initializer list of record or array type. */
static void scan_list(struct init_ctx *c, CXCursor list, CXType ty, const char *holder, const char *prefix)
{
	CXType canon = clang_getCanonicalType(ty);
	cursor_vec elems = VEC_INIT;
	field_vec fields = VEC_INIT;
	size_t pos = 0;

	fe_children(list, &elems);
	if (canon.kind == CXType_ConstantArray || canon.kind == CXType_IncompleteArray) {
		CXType et = clang_getArrayElementType(ty);
		if (et.kind == CXType_Invalid)
			et = clang_getArrayElementType(canon);
		for (size_t i = 0; i < elems.n; i++) {
			CXCursor v = fe_unwrap(elems.v[i]);
			if (clang_getCursorKind(v) == CXCursor_InitListExpr)
				scan_holder(c, v, et);
			else
				scan_value(c, v, elems.v[i], et, holder, prefix);
		}
	} else if (canon.kind == CXType_Record) {
		clang_Type_visitFields(canon, add_field, &fields);
		for (size_t i = 0; i < elems.n; i++) {
			struct strbuf path = STRBUF_INIT;
			CXType ft = { CXType_Invalid, { 0, 0 } };
			CXCursor value = elems.v[i], owner = clang_getNullCursor();
			strbuf_adds(&path, prefix);
			char *first = designator(elems.v[i], &path, &ft, &value, &owner);
			if (first) {
				for (size_t k = 0; k < fields.n; k++)
					if (!strcmp(fields.v[k].name, first))
						pos = k + 1;
				free(first);
			} else if (pos < fields.n) {
				strbuf_adds(&path, fields.v[pos].name);
				ft = fields.v[pos++].type;
			} else {
				strbuf_release(&path);
				continue;
			}
			scan_designated(c, value, elems.v[i], ft, owner, holder, path.buf);
			strbuf_release(&path);
		}
	}
	free_fields(&fields);
	VEC_FREE(elems);
}

/*
 * The initializer of a variable: `static const struct tg3_ops ops = {
 * .write32 = f }`, arrays of such structs, nested lists, and a global
 * function pointer `void (*hook)(void) = f` (slot: its name).
 */
void fe_scan_var_init(struct tu_ctx *t, CXCursor var, bool file_scope)
{
	struct init_ctx c = { t, file_scope, var };
	cursor_vec kids = VEC_INIT;
	CXType ty = clang_getCursorType(var);
	enum CXTypeKind tk = clang_getCanonicalType(ty).kind;
	size_t before = t->u->fnptrs.n;

	if (tk != CXType_Record && tk != CXType_ConstantArray && tk != CXType_IncompleteArray &&
	    !(tk == CXType_Pointer && is_fnptr_type(ty)))
		return;
	fe_children(var, &kids);
	for (size_t i = 0; i < kids.n; i++) {
		CXCursor u = fe_unwrap(kids.v[i]);
		if (clang_getCursorKind(u) == CXCursor_InitListExpr) {
			scan_holder(&c, u, ty);
		} else if (clang_isExpression(clang_getCursorKind(u)) && is_fnptr_type(ty) &&
			   clang_Cursor_hasVarDeclGlobalStorage(var) == 1) {
			char *name = fe_spelling(var);
			store_value(t, strpool_intern(t->u->strings, name), u, var, var);
			free(name);
		}
	}
	VEC_FREE(kids);
	/* sdhci-pci-gli.c's `const struct sdhci_pci_fixes sdhci_gl9763e`,
	 * declared extern in sdhci-pci.h for sdhci-pci-core.c's id table */
	bool exported = file_scope && clang_getCursorLinkage(var) == CXLinkage_External;
	for (size_t i = before; i < t->u->fnptrs.n; i++)
		t->u->fnptrs.v[i].exported = exported;
}

/* A compound literal in a body (`*o = (struct ops){ .write = f }`). */
void fe_scan_literal(struct tu_ctx *t, CXCursor lit)
{
	struct init_ctx c = { t, false, lit };
	CXCursor list = fe_nth_child(lit, clang_getCursorKind(fe_nth_child(lit, 0)) == CXCursor_TypeRef ? 1 : 0);

	if (clang_getCursorKind(list) == CXCursor_InitListExpr)
		scan_holder(&c, list, clang_getCursorType(lit));
}
