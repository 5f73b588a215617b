/*
 * reuse.c - a driver header's function summarized once for every process
 * that includes the header (docs/analysis.md, "Functions defined in driver
 * headers").
 *
 * Under Kbuild every file is its own process, and each lowers the same
 * header inlines (mthca_doorbell.h's mthca_write64(), bnx2x_cmn.h's
 * bnx2x_update_rx_prod()).  A summary is a function of three things only:
 * the function as lowered (its fingerprint: what the text says after
 * preprocessing, with the macro names the driver wrote and the lines it
 * sits at), the summaries its calls resolve to, and the rules.
 * header_deps folds the first two; the caller adds the third (its tool
 * key) and stores the summary under the header key with that value, and a
 * later process whose function depends on exactly the same takes the
 * stored summary instead of solving it.  The function is still lowered in
 * every process: its fingerprint, its calls and the function pointers it
 * stores come from the lowered form, and only a stored summary that was
 * solved from the same lowered form may stand for it.  (Measured on
 * mthca and bnx2x, the saving is below the noise: solving a small inline
 * costs about what the lookup does; docs/analysis.md has the figures.)
 */
#include "interproc.h"

#include <assert.h>
#include <string.h>

/* Fold a string by its text (and whether there is one) into h: ids are
 * only meaningful inside one process's pool. */
static uint64_t hash_id(const struct ipa_program *p, str_id id, uint64_t h)
{
	const char *t = id ? strpool_str(p->strings, id) : NULL;
	uint8_t present = t != NULL;

	h = hash_bytes(&present, 1, h);
	return t ? hash_bytes(t, strlen(t) + 1, h) : h;
}

/* Fold n 32-bit values into h. */
static uint64_t hash_u32s(const uint32_t *v, size_t n, uint64_t h)
{
	return hash_bytes(v, n * sizeof(*v), h);
}

/* Fold a source range into h: a summary's events carry their lines. */
static uint64_t hash_loc(const struct ipa_program *p, const struct ir_loc *l, uint64_t h)
{
	uint32_t v[4] = { l->line, l->col, l->end_line, l->end_col };

	return hash_u32s(v, 4, hash_id(p, l->file, h));
}

/* Every field of one node, strings by their text. */
static uint64_t hash_node(const struct ipa_program *p, const struct ir_function *fn, uint32_t i, uint64_t h)
{
	const struct ir_node *n = &fn->nodes.v[i];
	const char *rn = ipa_node_rule_name(p->rules, n);
	uint32_t fixed[13] = { n->op, n->indirect, n->synthetic, n->coarse_context, n->truth,
			       n->stmt_first_line, n->stmt_last_line, n->call_site, n->nargs,
			       n->cond_param, n->const_args, n->const_true, n->cond_op };
	str_id strs[9] = { n->spelled, n->lock, n->lock_type, n->device, n->callee,
			   n->cond, n->cond_src, n->reg, 0 };

	h = hash_u32s(fixed, 13, h);
	h = hash_bytes(&n->cond_k, sizeof(n->cond_k), h);
	if (!rn)
		rn = "";	/* no rules entry: hashed as the empty name */
	h = hash_bytes(rn, strlen(rn) + 1, h);
	h = hash_loc(p, &n->loc, h);
	for (int k = 0; k < 8; k++)
		h = hash_id(p, strs[k], h);
	for (uint32_t k = 0; k < n->nargs; k++) {
		h = hash_id(p, fn->args.v[n->args_off + k], h);
		if (n->args_off + k < fn->arg_regs.n)
			h = hash_id(p, fn->arg_regs.v[n->args_off + k], h);
	}
	uint32_t ns;
	const struct ir_edge *e = ir_succs(fn, i, &ns);
	for (uint32_t k = 0; k < ns; k++) {
		uint32_t edge[2] = { e[k].to, e[k].kind };
		h = hash_u32s(edge, 2, h);
	}
	return h;
}

uint64_t ipa_fn_fingerprint(const struct ipa_program *p, const struct ir_function *fn)
{
	uint32_t fixed[4] = { fn->is_static, fn->is_init, fn->entry, (uint32_t)fn->nodes.n };
	uint64_t h = HASH_SEED;

	assert(fn->finalized);
	h = hash_id(p, fn->name, h);
	h = hash_id(p, fn->def_file, h);
	h = hash_loc(p, &fn->loc, h);
	h = hash_u32s(fixed, 4, h);
	for (size_t i = 0; i < fn->params.n; i++)
		h = hash_id(p, fn->params.v[i], h);
	for (size_t i = 0; i < fn->contracts.n; i++) {
		const struct ir_contract *c = &fn->contracts.v[i];
		uint32_t kind = c->kind;
		h = hash_u32s(&kind, 1, h);
		h = hash_id(p, c->lock, h);
		h = hash_id(p, c->lock_type, h);
		h = hash_loc(p, &c->loc, h);
	}
	for (uint32_t i = 0; i < fn->nodes.n; i++)
		h = hash_node(p, fn, i, h);
	return h ? h : 1;
}

/*
 * What function fi's summary depends on: its fingerprint and, call by
 * call, where the call resolves (each target's key, name, summary hash
 * and capped flag, and whether it may go somewhere unknown).  Its callees are
 * solved already (bottom-up), so their hashes are final.  Never 0.
 */
static uint64_t header_deps(struct ipa_program *p, uint32_t fi)
{
	const struct ir_function *fn = p->fns.v[fi].fn;
	uint64_t fp = ipa_fn_fingerprint(p, fn);
	uint64_t h = hash_bytes(&fp, sizeof(fp), HASH_SEED);

	for (uint32_t i = 0; i < fn->nodes.n; i++) {
		uint32_t t[IPA_MAX_TARGETS];
		bool unknown;
		if (fn->nodes.v[i].op != IR_CALL)
			continue;
		int n = ipa_call_targets(p, p->fns.v[fi].file, &fn->nodes.v[i], t, &unknown);
		uint32_t head[3] = { i, (uint32_t)n, unknown };
		h = hash_u32s(head, 3, h);
		for (int k = 0; k < n; k++) {
			const struct ipa_fn *c = &p->fns.v[t[k]];
			uint64_t ch[2] = { c->hash, c->capped };
			h = hash_id(p, c->key, h);
			h = hash_id(p, c->name, h);
			h = hash_bytes(ch, sizeof(ch), h);
		}
	}
	return h ? h : 1;
}

bool ipa_summarize_header(struct ipa_program *p, uint32_t fi)
{
	bool capped = false;

	assert(p->fns.v[fi].fn && p->fns.v[fi].fn->def_file && !p->fns.v[fi].external);
	if (p->fns.v[fi].fn->parse_errors)
		return ipa_summarize(p, fi);	/* keeps no summary, never a stored one */
	/* (resolving calls may append looked-up functions: take f after) */
	uint64_t deps = header_deps(p, fi);
	struct ipa_fn *f = &p->fns.v[fi];

	f->deps = deps;
	struct ir_function *s = p->reuse ? p->reuse(p->lookup_ctx, strpool_str(p->strings, f->key), f->deps,
						    p->strings, &capped) : NULL;
	if (!s) {
		p->headers_solved++;
		return ipa_summarize(p, fi);
	}
	uint64_t h = ipa_summary_hash(p, s);
	bool changed = h != f->hash;
	ir_fn_free(f->summary);
	f->summary = s;
	f->hash = h;
	f->capped = capped;
	f->reused = true;
	p->headers_reused++;
	return changed;
}
