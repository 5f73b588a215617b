/*
 * splice.c - applying callee summaries at call sites.
 *
 * The expanded copy of a function keeps the function's own nodes at their
 * original indices (so node numbers in findings stay meaningful) and appends
 * one copy of a callee's summary per call and target.  The call node is
 * kept as a marker: its successors become the summary's entry, and the
 * summary's return becomes a join that continues where the call did.  An
 * indirect call whose targets may be incomplete also keeps the direct edge,
 * so the unknown implementation is one more path, not an assumed no-op.
 *
 * The targets of an indirect call are chosen through a chain of correlated
 * branches keyed "fnptr:SLOT=TARGET" (never qualified per callee): every
 * call through the same slot on one path, in the function or in any helper
 * spliced into it, takes the same target.  A driver installs its ops once
 * (tg3's tp->write32 at probe), so a path mixing tg3_write32() at one call
 * and tg3_write_indirect_reg32() at the next is not one the device sees.
 *
 * Names in a summary are relative to the callee's parameters; they are
 * rewritten with the caller's argument text (subst_text), so
 * `spin_lock(&s->lock)` in `helper(struct sq *s)` called as
 * `helper(&qp->sq)` holds "qp->sq.lock" in the caller.
 *
 * A summary's branch on a parameter the callee never writes (cond_param)
 * is decided by a constant argument: the copy keeps the edge the constant
 * takes (iavf_irq_enable(adapter, true) always reaches its read-back), and
 * a test of it against a constant by the constant's value
 * (ena_xdp_xmit_frame(..., XDP_XMIT_FLUSH) and its `if (flags &
 * XDP_XMIT_FLUSH)` doorbell; bnx2x_release_hw_lock(bp,
 * HW_LOCK_RESOURCE_MDIO) and its `if (resource > 31)` early return).
 */
#include "interproc.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct splice_ctx {
	struct ipa_program *p;
	const struct ir_function *caller;	/* as lowered */
	const struct ir_node *call;		/* the IR_CALL in caller */
	const struct ir_function *callee;	/* the callee's summary */
	str_id callee_name;
	bool by_type;		/* an argument that reads a field is its type
				 * path (pure predicate keys, purecall.c) */
};

static const char *S(const struct ipa_program *p, str_id id)
{
	const char *s = strpool_str(p->strings, id);
	return s ? s : "";
}

/* The index of the callee's parameter named [root, root + rootlen), or
 * -1 when no parameter has that name. */
static int param_index(const struct splice_ctx *c, const char *root, size_t rootlen)
{
	for (size_t i = 0; i < c->callee->params.n; i++) {
		const char *pn = S(c->p, c->callee->params.v[i]);
		if (strlen(pn) == rootlen && !strncmp(pn, root, rootlen))
			return (int)i;
	}
	return -1;
}

/* Where the caller's argument for parameter [root, root + rootlen) is in
 * its args (arg_types, arg_regs), or -1: no such parameter, or the call
 * passes fewer arguments. */
static long arg_slot(const struct splice_ctx *c, const char *root, size_t rootlen)
{
	int i = param_index(c, root, rootlen);

	return i < 0 || (uint32_t)i >= c->call->nargs ? -1 : (long)(c->call->args_off + (uint32_t)i);
}

/* The caller's text for the callee's parameter `root`, or 0. */
static str_id arg_for(const struct splice_ctx *c, const char *root, size_t rootlen)
{
	long k = arg_slot(c, root, rootlen);

	if (k < 0)
		return 0;
	if (c->by_type && (size_t)k < c->caller->arg_types.n && c->caller->arg_types.v[k])
		return c->caller->arg_types.v[k];
	return c->caller->args.v[k];
}

/* The register the caller's argument for the callee's parameter `name`
 * names, when it is an address the caller computed (`ha->cregbase +
 * QLAFX00_HBA_ICNTRL_REG` passed to wrt_reg_dword(addr, v)), or 0: the
 * callee's key "addr" is then that register, not the whole device. */
static str_id register_arg_for(const struct splice_ctx *c, const char *name)
{
	long k = arg_slot(c, name, strlen(name));

	return k >= 0 && (size_t)k < c->caller->arg_regs.n ? c->caller->arg_regs.v[k] : 0;
}

/* Is the identifier [root, root + rootlen) a parameter of the callee? */
static bool is_param(const struct splice_ctx *c, const char *root, size_t rootlen)
{
	return param_index(c, root, rootlen) >= 0;
}

/*
 * Rewrite a callee name whose leading identifier is a parameter:
 * arg "&X" + "->f" gives "X.f", arg "&X" alone gives "X", arg "X" + rest
 * gives "X" + rest.  Names not rooted at a parameter (globals, locals)
 * stay as they are.
 */
static str_id subst_text(const struct splice_ctx *c, str_id id)
{
	const char *t = S(c->p, id);
	size_t n = 0;

	if (!id || !(isalpha((unsigned char)t[0]) || t[0] == '_'))
		return id;
	while (isalnum((unsigned char)t[n]) || t[n] == '_')
		n++;
	str_id arg = arg_for(c, t, n);
	if (!arg)
		return id;
	const char *a = S(c->p, arg), *rest = t + n;
	struct strbuf sb = STRBUF_INIT;
	if (a[0] == '&') {
		strbuf_adds(&sb, a + 1);
		if (!strncmp(rest, "->", 2)) {
			strbuf_addch(&sb, '.');
			rest += 2;
		}
	} else {
		strbuf_adds(&sb, a);
	}
	strbuf_adds(&sb, rest);
	str_id out = strpool_intern(c->p->strings, sb.buf);
	strbuf_release(&sb);
	return out;
}

/* Does the identifier at t + i name a field: after ".", "->" or "::"? */
static bool field_at(const char *t, size_t i)
{
	return (i >= 1 && t[i - 1] == '.') || (i >= 2 && (!strncmp(t + i - 2, "->", 2) || !strncmp(t + i - 2, "::", 2)));
}

/* Is the identifier at t[i], n long, part of a type name ("struct
 * bnx2x_vf_mbx" in a type path)? */
static bool type_word_at(const char *t, size_t i, size_t n)
{
	static const char *const tags[] = { "struct", "union", "enum" };

	for (int k = 0; k < 3; k++) {
		size_t len = strlen(tags[k]);
		if ((n == len && !strncmp(t + i, tags[k], n)) ||
		    (i >= len + 1 && !strncmp(t + i - len - 1, tags[k], len) && t[i - 1] == ' '))
			return true;
	}
	return false;
}

/*
 * Rewrite every parameter named in a register key
 * ("struct foo::regs+reg" with reg := "FOO_DB" gives
 * "struct foo::regs+FOO_DB"); identifiers after "::", "->" or "." are
 * field names and stay.  A key that is a parameter alone is the register
 * the caller's address argument names, when it names one.
 */
static str_id subst_tokens(const struct splice_ctx *c, str_id id)
{
	const char *t = S(c->p, id);
	struct strbuf sb = STRBUF_INIT;
	bool changed = false;

	if (!id)
		return 0;
	str_id whole = register_arg_for(c, t);
	if (whole)
		return whole;
	for (size_t i = 0; t[i];) {
		if (!(isalpha((unsigned char)t[i]) || t[i] == '_')) {
			strbuf_addch(&sb, t[i++]);
			continue;
		}
		size_t n = 0;
		while (isalnum((unsigned char)t[i + n]) || t[i + n] == '_')
			n++;
		bool field = field_at(t, i);
		str_id arg = field ? 0 : arg_for(c, t + i, n);
		if (!field && !arg && is_param(c, t + i, n)) {
			/* alx_write_mem32(hw, reg + 4, v): the caller's offset has
			 * no name, and the callee's `reg` is every register */
			strbuf_release(&sb);
			return 0;
		}
		if (arg) {
			/* `&adapter->hw` for `hw` in "hw->aq.arq.bah": the
			 * member of the caller's object, as subst_text() */
			const char *a = S(c->p, arg);
			if (a[0] == '&' && !strncmp(t + i + n, "->", 2)) {
				strbuf_adds(&sb, a + 1);
				strbuf_addch(&sb, '.');
				n += 2;
			} else {
				strbuf_adds(&sb, a);
			}
			changed = true;
		} else {
			strbuf_add(&sb, t + i, n);
		}
		i += n;
	}
	str_id out = changed ? strpool_intern(c->p->strings, sb.buf) : id;
	strbuf_release(&sb);
	return out;
}

#define FNPTR_KEY_PREFIX "fnptr:"

/*
 * A pure predicate call's key in the caller's terms: "@f(tlv)" with tlv
 * := "CHANNEL_TLV_PF_SET_MAC" gives "@f(CHANNEL_TLV_PF_SET_MAC)", so the
 * tests of two helpers that pass the caller the same argument meet.  0
 * when the arguments name anything but the callee's parameters (a local:
 * then it is qualified like one).
 */
static str_id pure_call_in_caller(const struct splice_ctx *c0, str_id key)
{
	const char *t = S(c0->p, key), *open = strchr(t, '(');
	struct splice_ctx typed = *c0, *c = &typed;

	typed.by_type = true;
	if (t[0] != IR_KEY_PURE_CALL || !open)
		return 0;
	for (size_t i = (size_t)(open - t); t[i];) {
		size_t n = 0;
		if (!(isalpha((unsigned char)t[i]) || t[i] == '_')) {
			i++;
			continue;
		}
		while (isalnum((unsigned char)t[i + n]) || t[i + n] == '_')
			n++;
		bool skip = field_at(t, i) || isdigit((unsigned char)t[i - 1]) ||	/* 0x10 */
			    type_word_at(t, i, n);
		str_id arg = skip ? 0 : arg_for(c, t + i, n);
		if (!skip && (!arg || !*S(c->p, arg)))
			return 0;
		i += n;
	}
	return subst_tokens(c, key);
}

/* Branch and trylock-result keys are local to the callee: qualify them so
 * they never correlate with a caller's condition of the same spelling
 * (a pure predicate call over the callee's parameters is rewritten
 * instead: pure_call_in_caller()).
 * A function-pointer target key is the program's: kept as is.  The
 * callee's return value is the caller's call result: each exit of the
 * callee assigns it, so the caller's test of the result (or of the
 * variable it stored the result in) takes the matching exits only. */
static str_id qualify_key(const struct splice_ctx *c, str_id key)
{
	if (!key || !strncmp(S(c->p, key), FNPTR_KEY_PREFIX, strlen(FNPTR_KEY_PREFIX)))
		return key;
	if (!strcmp(S(c->p, key), IR_KEY_RETURN))
		return strpool_intern(c->p->strings, IR_KEY_RESULT);
	str_id pure = pure_call_in_caller(c, key);
	if (pure)
		return pure;
	char *k = xasprintf("%s/%s", S(c->p, c->callee_name), S(c->p, key));
	str_id id = strpool_intern(c->p->strings, k);
	free(k);
	return id;
}

struct pending_edge {
	uint32_t from, to;
	enum ir_edge_kind kind;
};
typedef VEC(struct pending_edge) edge_vec;
typedef VEC(uint32_t) u32_vec;

/* The caller's constant argument k, when the caller as lowered knows it
 * (a summary keeps only the truth), or NULL. */
static const struct ir_const_arg *const_arg(const struct splice_ctx *c, uint32_t k)
{
	const struct ir_function *fn = c->caller;
	uint32_t node = (uint32_t)(c->call - fn->nodes.v);

	assert(node < fn->nodes.n);
	for (size_t i = 0; i < fn->const_vals.n; i++)
		if (fn->const_vals.v[i].node == node && fn->const_vals.v[i].arg == k)
			return &fn->const_vals.v[i];
	return NULL;
}

/* How a test `p & bits` of a number tagged with flag (ir_const_arg.tagged)
 * goes: TRUE when it tests the flag, FALSE when it tests only bits above
 * it, else undecided. */
static enum ir_edge_kind tagged_edge(long long flag, long long bits)
{
	unsigned long long f = (unsigned long long)flag, b = (unsigned long long)bits;

	assert(f && !(f & (f - 1)));
	if (b & f)
		return IR_EDGE_TRUE;
	if (b && !(b & (f | (f - 1))))
		return IR_EDGE_FALSE;
	return IR_EDGE_NEXT;
}

/*
 * Which edge of the summary's node n the call takes: IR_EDGE_TRUE or
 * IR_EDGE_FALSE when n branches on a parameter the call passes a constant
 * for (iavf_irq_enable(adapter, true) and its `if (flush)`) or a tagged
 * number whose bits the test reads (tagged_edge()), else IR_EDGE_NEXT
 * (both: nothing decides it).
 */
static enum ir_edge_kind decided_edge(const struct splice_ctx *c, const struct ir_node *n)
{
	uint32_t k = n->cond_param - 1;

	if (n->op != IR_BRANCH || !n->cond_param || k >= IR_CONST_ARGS || k >= c->call->nargs ||
	    !(c->call->const_args >> k & 1))
		return IR_EDGE_NEXT;
	if (n->cond_op == IR_COND_TRUTH)
		return c->call->const_true >> k & 1 ? IR_EDGE_TRUE : IR_EDGE_FALSE;
	const struct ir_const_arg *a = const_arg(c, k);
	if (!a)
		return IR_EDGE_NEXT;
	if (a->tagged)
		return n->cond_op == IR_COND_BITS ? tagged_edge(a->value, n->cond_k) : IR_EDGE_NEXT;
	return ir_cond_holds(n->cond_op, a->value, n->cond_k) ? IR_EDGE_TRUE : IR_EDGE_FALSE;
}

/* Queue the edges e[0..ns) of a node copied to `from`, their targets
 * offset by `base`: every one, or for a decided branch (taken TRUE or
 * FALSE) only the taken one, as a plain edge (the node is a NOP then). */
static void push_edges(edge_vec *edges, uint32_t from, uint32_t base, const struct ir_edge *e, uint32_t ns,
		       enum ir_edge_kind taken)
{
	for (uint32_t k = 0; k < ns; k++) {
		struct pending_edge pe = { from, base + e[k].to, e[k].kind };
		if (taken != IR_EDGE_NEXT && e[k].kind != taken)
			continue;
		if (taken != IR_EDGE_NEXT)
			pe.kind = IR_EDGE_NEXT;
		VEC_PUSH(*edges, pe);
	}
}

/* Append a copy of the summary; returns its base index.  Returns of the
 * summary become NOPs whose successors are the call's (added later).  A
 * branch the call's constant argument decides becomes a NOP that keeps
 * only the decided edge; no copy keeps its parameter (it is the callee's,
 * not the caller's). */
static uint32_t splice_one(const struct splice_ctx *c, struct ir_function *x, uint32_t call_node,
			   edge_vec *edges, u32_vec *exits)
{
	const struct ir_function *s = c->callee;
	uint32_t base = (uint32_t)x->nodes.n;

	for (size_t i = 0; i < s->nodes.n; i++) {
		struct ir_node n = s->nodes.v[i];
		if (decided_edge(c, &n) != IR_EDGE_NEXT) {
			n.op = IR_NOP;
			n.cond = 0;
		}
		n.cond_param = 0;
		n.lock = subst_text(c, n.lock);
		n.device = subst_text(c, n.device);
		n.reg = subst_tokens(c, n.reg);
		n.cond = qualify_key(c, n.cond);
		n.cond_src = qualify_key(c, n.cond_src);
		n.call_site = n.call_site == IR_NONE ? call_node : base + n.call_site;
		if (n.op == IR_CALL && n.nargs) {
			uint32_t off = (uint32_t)x->args.n;
			for (uint32_t k = 0; k < n.nargs; k++)
				VEC_PUSH(x->args, subst_text(c, s->args.v[n.args_off + k]));
			n.args_off = off;
		}
		if (n.op == IR_RETURN) {
			n.op = IR_NOP;
			VEC_PUSH(*exits, base + (uint32_t)i);
		}
		VEC_PUSH(x->nodes, n);
	}
	for (size_t i = 0; i < s->nodes.n; i++) {
		uint32_t ns;
		const struct ir_edge *e = ir_succs(s, (uint32_t)i, &ns);
		push_edges(edges, base + (uint32_t)i, base, e, ns, decided_edge(c, &s->nodes.v[i]));
	}
	return base + s->entry;
}

/* The lock API a contract's lock is taken with elsewhere in the program
 * (so its kind is right), else spin_lock. */
static int contract_api(const struct ipa_program *p, const struct ir_contract *k)
{
	for (size_t u = 0; u < p->units.n; u++)
		for (size_t f = 0; f < p->units.v[u]->functions.n; f++) {
			const struct ir_function *fn = p->units.v[u]->functions.v[f];
			for (size_t i = 0; i < fn->nodes.n; i++) {
				const struct ir_node *n = &fn->nodes.v[i];
				if (n->op != IR_ACQUIRE || n->rule < 0)
					continue;
				if (n->lock == k->lock || (k->lock_type && n->lock_type == k->lock_type))
					return n->rule;
			}
		}
	struct rule_ref ref = rules_lookup(p->rules, "spin_lock");
	return ref.index;
}

/* Append a synthetic lock node (a caller's or framework's lock). */
static uint32_t add_context_node(struct ir_function *x, enum ir_op op, const struct ipa_context_lock *l,
				 int rule, const struct ir_loc *loc)
{
	struct ir_node n = ir_node_make(op);

	n.loc = *loc;
	n.lock = l->lock;
	n.lock_type = l->lock_type;
	n.rule = rule;
	n.spelled = op == IR_RELEASE && l->release_label ? l->release_label : l->label;
	n.synthetic = true;
	n.coarse_context = l->coarse;
	VEC_PUSH(x->nodes, n);
	return (uint32_t)x->nodes.n - 1;
}

/* For checks: the caller's lock named by __must_hold / __releases is held
 * on entry.  Returns the new entry node (or the old one). */
static uint32_t add_contract_entry(struct ipa_program *p, struct ir_function *x, edge_vec *edges)
{
	uint32_t entry = x->entry;

	for (size_t i = x->contracts.n; i-- > 0;) {
		const struct ir_contract *k = &x->contracts.v[i];
		if (k->kind == IR_ACQUIRES || !k->lock)
			continue;
		int rule = contract_api(p, k);
		if (rule < 0)
			continue;
		char *label = xasprintf("%s(&%s)", k->kind == IR_MUST_HOLD ? "__must_hold" : "__releases",
					strpool_str(p->strings, k->lock));
		struct ipa_context_lock held = { k->lock, k->lock_type, rule, -1,
						 strpool_intern(p->strings, label), 0, false };
		free(label);
		uint32_t a = add_context_node(x, IR_ACQUIRE, &held, rule, &k->loc);
		struct pending_edge pe = { a, entry, IR_EDGE_NEXT };
		VEC_PUSH(*edges, pe);
		entry = a;
	}
	return entry;
}

/* Copy the function's own metadata into x. */
static void copy_header(struct ir_function *x, const struct ir_function *fn)
{
	x->loc = fn->loc;
	x->is_static = fn->is_static;
	x->is_init = fn->is_init;
	for (size_t i = 0; i < fn->params.n; i++)
		VEC_PUSH(x->params, fn->params.v[i]);
	for (size_t i = 0; i < fn->args.n; i++)
		VEC_PUSH(x->args, fn->args.v[i]);
	for (size_t i = 0; i < fn->contracts.n; i++)
		VEC_PUSH(x->contracts, fn->contracts.v[i]);
	for (size_t i = 0; i < fn->nodes.n; i++)
		VEC_PUSH(x->nodes, fn->nodes.v[i]);
}

/*
 * The context's locks are taken at entry, in order, and released in reverse
 * before every return of the function's own body (not spliced returns)
 * unless the lock stays held past the return (release_api < 0).
 */
static uint32_t add_context(struct ir_function *x, const struct ipa_context_lock *ctx, size_t nctx,
			    edge_vec *edges)
{
	uint32_t entry = x->entry;
	size_t nown = x->nodes.n;

	for (size_t i = nctx; i-- > 0;) {
		uint32_t a = add_context_node(x, IR_ACQUIRE, &ctx[i], ctx[i].acquire_api, &x->loc);
		struct pending_edge pe = { a, entry, IR_EDGE_NEXT };
		VEC_PUSH(*edges, pe);
		entry = a;
	}
	for (uint32_t r = 0; r < nown; r++) {
		if (x->nodes.v[r].op != IR_RETURN || x->nodes.v[r].call_site != IR_NONE)
			continue;
		uint32_t first = r;
		for (size_t i = 0; i < nctx; i++) {	/* built backwards: last release first */
			if (ctx[i].release_api < 0)
				continue;
			struct ir_loc loc = x->nodes.v[r].loc;
			uint32_t rel = add_context_node(x, IR_RELEASE, &ctx[i], ctx[i].release_api, &loc);
			struct pending_edge pe = { rel, first, IR_EDGE_NEXT };
			for (size_t k = 0; k < edges->n; k++)
				if (edges->v[k].to == first && edges->v[k].from != rel)
					edges->v[k].to = rel;
			VEC_PUSH(*edges, pe);
			first = rel;
		}
	}
	return entry;
}

/*
 * The call an implementation of an indirect call was spliced through: a
 * copy of the call naming the implementation (`tg3_write32()`, not the slot
 * `struct tg3::write32`), outside the flow, so traces and findings say
 * which implementation left the write unordered.
 */
static uint32_t add_impl_marker(struct ipa_program *p, struct ir_function *x, uint32_t call, uint32_t target)
{
	struct ir_node n = x->nodes.v[call];

	n.callee = n.spelled = p->fns.v[target].name;
	n.indirect = false;
	n.cond = 0;
	VEC_PUSH(x->nodes, n);
	return (uint32_t)x->nodes.n - 1;
}

struct ir_function *ipa_splice(struct ipa_program *p, uint32_t fi, bool for_checks)
{
	return ipa_splice_context(p, fi, for_checks, NULL, 0);
}

/* The branch node testing key `key` for an indirect call. */
static uint32_t add_choice_branch(struct ipa_program *p, struct ir_function *x, const struct ir_node *call,
				  const char *key)
{
	struct ir_node n = ir_node_make(IR_BRANCH);

	n.loc = call->loc;
	n.cond = strpool_intern(p->strings, key);
	VEC_PUSH(x->nodes, n);
	return (uint32_t)x->nodes.n - 1;
}

/* The key of a block made under the condition with config_key `guard`:
 * the program's, like a target's. */
static char *guard_key(const struct ipa_program *p, str_id guard)
{
	return xasprintf(FNPTR_KEY_PREFIX "if:%s", S(p, guard));
}

/* The key of choosing a block of function-pointer stores: its condition
 * (tg3's `if (tg3_flag(tp, ICH_WORKAROUND))`), so that a test of the same
 * condition anywhere takes the same value; else its place. */
static char *block_key(const struct ipa_program *p, const struct ir_fnptr *store)
{
	const struct ir_loc *b = &store->block;

	if (store->guard)
		return guard_key(p, store->guard);
	return xasprintf(FNPTR_KEY_PREFIX "@%s:%u:%u", b->file ? S(p, b->file) : "", b->line, b->col);
}

/* The entry of target t among the spliced targets[0..n). */
static uint32_t entry_of(const uint32_t *entry, const uint32_t *target, int n, uint32_t t)
{
	for (int k = 0; k < n; k++)
		if (target[k] == t)
			return entry[k];
	assert(!"a choice's target is spliced");
	return IR_NONE;
}

/*
 * Edges from call node `call` to the spliced entries of its targets: the
 * entry itself for one target; for several, a chain of correlated
 * branches, one per block of stores into the slot (ipa_call_choices(),
 * latest first), "this block's store is the one in the slot": true to
 * its target's entry, false on to the next block (the last block is the
 * chain's last false edge).  The key is the block, not the slot, so
 * calls through two slots one block fills (tg3's read32 and write32
 * under ICH_WORKAROUND, e1000e's acquire and release of one ops table)
 * take that block's functions together on a path; without choices (more
 * stores than IPA_MAX_CHOICES) each target is its own key, "slot holds
 * target".
 */
static void link_targets(struct ipa_program *p, str_id file, struct ir_function *x, uint32_t call,
			 const uint32_t *entry, const uint32_t *target, int n, edge_vec *edges)
{
	const struct ir_node cn = x->nodes.v[call];	/* a copy: branches move x->nodes */
	struct ipa_choice ch[IPA_MAX_CHOICES];
	uint32_t from = call;
	enum ir_edge_kind kind = IR_EDGE_NEXT;

	if (n == 1 || !cn.indirect || !cn.callee) {
		for (int k = 0; k < n; k++) {
			struct pending_edge pe = { call, entry[k], IR_EDGE_NEXT };
			VEC_PUSH(*edges, pe);
		}
		return;
	}
	int nc = ipa_call_choices(p, file, &cn, target, n, ch);
	int steps = nc ? nc : n;
	for (int k = 0; k < steps; k++) {
		uint32_t to = nc ? entry_of(entry, target, n, ch[k].target) : entry[k];
		if (k < steps - 1) {
			char *key = nc ? block_key(p, ch[k].store)
				       : xasprintf(FNPTR_KEY_PREFIX "%s=%s", S(p, cn.callee),
						   S(p, p->fns.v[target[k]].name));
			uint32_t b = add_choice_branch(p, x, &cn, key);
			free(key);
			struct pending_edge into = { from, b, kind };
			VEC_PUSH(*edges, into);
			struct pending_edge yes = { b, to, IR_EDGE_TRUE };
			VEC_PUSH(*edges, yes);
			from = b;
			kind = IR_EDGE_FALSE;
			continue;
		}
		struct pending_edge last = { from, to, kind };
		VEC_PUSH(*edges, last);
	}
}

/*
 * Splice a copy of each summarized target of call node i (of fn, into x):
 * an indirect call gets a marker per implementation, and every exit of a
 * copy continues where the call did.  The copies' entries and targets go
 * to entries[] and targets[]; returns how many.
 */
static int splice_targets(struct ipa_program *p, const struct ir_function *fn, struct ir_function *x, uint32_t i,
			  const uint32_t *t, int nt, uint32_t *entries, uint32_t *targets, edge_vec *edges,
			  u32_vec *exits)
{
	const struct ir_node *n = &fn->nodes.v[i];
	uint32_t ns;
	const struct ir_edge *e = ir_succs(fn, i, &ns);
	int nentries = 0;

	for (int k = 0; k < nt; k++) {
		const struct ipa_fn *callee = &p->fns.v[t[k]];
		if (!callee->summary)
			continue;
		struct splice_ctx c = { p, fn, n, callee->summary, callee->name, false };
		uint32_t site = n->indirect ? add_impl_marker(p, x, i, t[k]) : i;
		exits->n = 0;
		entries[nentries] = splice_one(&c, x, site, edges, exits);
		targets[nentries++] = t[k];
		for (size_t r = 0; r < exits->n; r++)
			for (uint32_t j = 0; j < ns; j++) {
				struct pending_edge re = { exits->v[r], e[j].to, IR_EDGE_NEXT };
				VEC_PUSH(*edges, re);
			}
	}
	return nentries;
}

/* Does control also go straight on past the call?  Yes for a call with
 * no summary spliced, and for one that may reach an unknown or event-free
 * implementation: that implementation is one more path. */
static bool goes_straight_on(const struct ipa_program *p, const uint32_t *t, int nt, bool spliced, bool unknown)
{
	bool straight = !spliced || unknown;

	for (int k = 0; k < nt && !straight; k++)
		straight = !p->fns.v[t[k]].summary;
	return straight;
}

/*
 * Is node n a test of a function-pointer slot that nothing in the program
 * sets (`if (host->ops->read_l)` in cqhci_readl(), whose cqhci_host_ops
 * no driver fills in)?  Then the slot is NULL: only the FALSE edge is
 * taken, the direct accessor, instead of also an unknown call that reads
 * nothing back.  This only drops a path with no event on it.
 */
static bool unset_slot_test(const struct ipa_program *p, const struct ir_node *n)
{
	return n->op == IR_BRANCH && n->slot_test && !ipa_slot_stored(p, n->slot_test);
}

/* Node i of fn in the expanded copy x: a call gets its targets' summaries
 * spliced in; its own edges are kept unless every path goes through a
 * summary; a test of an unset slot keeps its FALSE edge only. */
static void expand_node(struct ipa_program *p, const struct ir_function *fn, str_id file, struct ir_function *x,
			uint32_t i, edge_vec *edges, u32_vec *exits)
{
	const struct ir_node *n = &fn->nodes.v[i];
	uint32_t ns;
	const struct ir_edge *e = ir_succs(fn, i, &ns);

	if (unset_slot_test(p, n)) {
		x->nodes.v[i].op = IR_NOP;
		x->nodes.v[i].cond = 0;
		x->nodes.v[i].cond_param = 0;	/* decided here, not by a caller */
		push_edges(edges, i, 0, e, ns, IR_EDGE_FALSE);
		return;
	}
	if (n->op == IR_BRANCH && ipa_is_guard(p, n->config_key)) {
		char *key = guard_key(p, n->config_key);	/* a test of the device's configuration */
		x->nodes.v[i].cond = strpool_intern(p->strings, key);
		free(key);
	}
	uint32_t t[IPA_MAX_TARGETS], entries[IPA_MAX_TARGETS], targets[IPA_MAX_TARGETS];
	bool unknown = false;
	int nt = n->op == IR_CALL ? ipa_call_targets(p, file, n, t, &unknown) : 0;
	int nentries = splice_targets(p, fn, x, i, t, nt, entries, targets, edges, exits);

	link_targets(p, file, x, i, entries, targets, nentries, edges);
	if (goes_straight_on(p, t, nt, nentries > 0, unknown))
		push_edges(edges, i, 0, e, ns, IR_EDGE_NEXT);
}

/* Give x the pending edges (the copied nodes' own successor fields are
 * cleared first) and finalize it, keeping the entry chosen above. */
static void set_edges(struct ir_function *x, const edge_vec *edges)
{
	for (size_t i = 0; i < x->nodes.n; i++)
		x->nodes.v[i].nsucc = x->nodes.v[i].succ_off = 0;
	for (size_t i = 0; i < edges->n; i++)
		ir_add_edge(x, edges->v[i].from, edges->v[i].to, edges->v[i].kind);
	uint32_t entry = x->entry;
	ir_fn_finalize(x);
	x->entry = entry;
}

/*
 * For checks of a function nothing calls by its name and that is stored
 * into one slot: it runs because a call through that slot chose one of its
 * blocks, so the entry is that choice, the chain of link_targets() with
 * only this function's arms kept and its last block tested as well, so
 * that the block's key is known.  Its own calls through the sibling slots
 * of its table then take the same table: e1000e_read_phy_reg_m88(), the
 * read_reg of 82571.c's m88 PHY table, acquires with that table's
 * semaphore, not with the 82574 override a BM-PHY part installs.  Returns
 * the new entry node (or the old one).
 */
static uint32_t add_slot_entry(struct ipa_program *p, uint32_t fi, struct ir_function *x, edge_vec *edges)
{
	struct ir_node call = ir_node_make(IR_CALL);
	uint32_t t[IPA_MAX_TARGETS], from = IR_NONE, first = IR_NONE;
	struct ipa_choice ch[IPA_MAX_CHOICES];
	enum ir_edge_kind kind = IR_EDGE_NEXT;
	bool unknown;

	uint32_t anchor = ipa_entry_anchor(p, fi);	/* fi, or the one function its callers lead to */

	if (anchor == IR_NONE || !(call.callee = ipa_only_slot(p, anchor)))
		return x->entry;
	call.indirect = true;
	call.loc = x->loc;
	/* every table of the program, not only the anchor file's own: a
	 * file that fills a table calls its own through the slot, but the
	 * callees in other files choose among all of them */
	int nt = ipa_call_targets(p, 0, &call, t, &unknown);
	int nc = nt > 1 ? ipa_call_choices(p, 0, &call, t, nt, ch) : 0;
	int last = -1;	/* the last choice of the anchor: the chain ends there */
	for (int k = 0; k < nc; k++)
		if (ch[k].target == anchor)
			last = k;

	if (nc < 2 || last < 0)
		return x->entry;	/* fi's own store was overwritten in its block */
	for (int k = 0; k <= last; k++) {
		bool mine = ch[k].target == anchor;
		char *key = block_key(p, ch[k].store);	/* the last one too: its key is known */
		uint32_t b = add_choice_branch(p, x, &call, key);
		free(key);
		x->nodes.v[b].synthetic = true;	/* it may keep one arm */
		if (first == IR_NONE) {
			first = b;
		} else {
			struct pending_edge into = { from, b, kind };
			VEC_PUSH(*edges, into);
		}
		if (mine) {
			struct pending_edge yes = { b, x->entry, IR_EDGE_TRUE };
			VEC_PUSH(*edges, yes);
		}
		from = b;
		kind = IR_EDGE_FALSE;
	}
	return first;
}

/*
 * The expanded copy of function fi: every call's target summaries spliced
 * in; for checks, the caller's locks its contract (__must_hold) says are
 * held on entry; and the nctx framework context locks taken on entry and
 * released before its returns (add_context).
 */
struct ir_function *ipa_splice_context(struct ipa_program *p, uint32_t fi, bool for_checks,
				       const struct ipa_context_lock *ctx, size_t nctx)
{
	const struct ir_function *fn = p->fns.v[fi].fn;
	str_id file = p->fns.v[fi].file;
	struct ir_function *x = ir_fn_alloc(fn->name);
	edge_vec edges = VEC_INIT;
	u32_vec exits = VEC_INIT;

	copy_header(x, fn);
	x->entry = fn->entry;
	for (uint32_t i = 0; i < fn->nodes.n; i++)
		expand_node(p, fn, file, x, i, &edges, &exits);
	if (for_checks)
		x->entry = add_slot_entry(p, fi, x, &edges);
	if (for_checks)
		x->entry = add_contract_entry(p, x, &edges);
	if (nctx)
		x->entry = add_context(x, ctx, nctx, &edges);
	set_edges(x, &edges);
	VEC_FREE(edges);
	VEC_FREE(exits);
	return x;
}

/* Put the entries only the checks have (add_slot_entry, add_contract_entry)
 * in front of x, an expansion already finalized for the summary. */
static void add_check_entries(struct ipa_program *p, uint32_t fi, struct ir_function *x)
{
	uint32_t first = (uint32_t)x->nodes.n;
	edge_vec edges = VEC_INIT;

	x->entry = add_slot_entry(p, fi, x, &edges);
	x->entry = add_contract_entry(p, x, &edges);
	uint32_t *from = xmalloc((edges.n ? edges.n : 1) * sizeof(*from));
	struct ir_edge *to = xmalloc((edges.n ? edges.n : 1) * sizeof(*to));
	for (size_t i = 0; i < edges.n; i++) {
		from[i] = edges.v[i].from;
		to[i] = (struct ir_edge){ edges.v[i].to, edges.v[i].kind };
	}
	ir_fn_finalize_tail(x, first, from, to, edges.n);
	free(from);
	free(to);
	VEC_FREE(edges);
}

#ifndef NDEBUG
/* Is x, a kept expansion with the checks' entries, what ipa_splice() makes
 * for the checks now?  Debug builds ask it of every kept one: a splice
 * that came out differently for the summary than for the checks would
 * otherwise go unseen.  An equal splice adds nothing to the program (its
 * strings and looked-up callees are there already). */
static bool same_as_fresh(struct ipa_program *p, uint32_t fi, const struct ir_function *x)
{
	struct ir_function *y = ipa_splice(p, fi, true);
	bool same = ir_fn_same(x, y);

	if (!same)
		fprintf(stderr, "mmiocheck: kept expansion of %s differs from a new one\n", S(p, p->fns.v[fi].name));
	ir_fn_free(y);
	return same;
}
#endif

/* The expansion its summary was reduced from, when the solver kept it (the
 * same callees' summaries spliced the same way), else a new one. */
struct ir_function *ipa_expand_for_checks(struct ipa_program *p, uint32_t fi)
{
	struct ir_function *x = ipa_take_expansion(p, fi);

	if (!x)
		return ipa_splice(p, fi, true);
	add_check_entries(p, fi, x);
	assert(same_as_fresh(p, fi, x));
	return x;
}
