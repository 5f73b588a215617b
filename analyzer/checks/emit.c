/*
 * emit.c - how checks report: drafts, de-duplication, conversion to the
 * public mc_finding, and fingerprints.
 *
 * A fingerprint must survive unrelated edits, so it hashes what the finding
 * is about, never where it is: rule, model, file (as displayed, relative to
 * the source root), function, lock, accessor, the text of the reported line
 * with whitespace removed, and the occurrence index among identical
 * findings in the same function.
 */
#include "checks.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct check_info *info_of(const struct check_ctx *ctx, const char *id)
{
	return rules_find_check(ctx->rules, id);
}

struct finding_draft *check_draft(struct check_ctx *ctx, const char *id, int model, uint32_t node)
{
	struct finding_draft *d = xcalloc(1, sizeof(*d));

	d->info = info_of(ctx, id);
	d->model = model;
	d->node = node;
	return d;
}

void draft_step(struct check_ctx *ctx, struct finding_draft *d, const char *kind, uint32_t node,
		const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	struct draft_step st;
	va_list ap;

	(void)ctx;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	st.kind = kind;
	st.node = node;
	st.message = strbuf_detach(&sb);
	VEC_PUSH(d->trace, st);
}

static void draft_free(struct finding_draft *d)
{
	free(d->message);
	for (size_t i = 0; i < d->trace.n; i++)
		free(d->trace.v[i].message);
	VEC_FREE(d->trace);
}

static int severity_rank(const char *s)
{
	if (!s)
		return 0;
	if (!strcmp(s, "error"))
		return 3;
	if (!strcmp(s, "warning"))
		return 2;
	return 1;
}

static const char *draft_severity(const struct finding_draft *d)
{
	return d->severity ? d->severity : d->info ? d->info->severity : "warning";
}

void check_report(struct check_ctx *ctx, struct finding_draft *d)
{
	if (!d->info || !check_model_reported(ctx, d->model)) {
		draft_free(d);
		free(d);
		return;
	}
	for (size_t i = 0; i < ctx->drafts.n; i++) {
		struct finding_draft *o = &ctx->drafts.v[i];
		if (o->info != d->info || o->model != d->model || o->node != d->node)
			continue;
		if (severity_rank(draft_severity(d)) > severity_rank(draft_severity(o))) {
			draft_free(o);
			*o = *d;
		} else {
			draft_free(d);
		}
		free(d);
		return;
	}
	VEC_PUSH(ctx->drafts, *d);
	free(d);
}

bool check_model_reported(const struct check_ctx *ctx, int model)
{
	return model >= 0 && (ctx->cfg->requested & (1u << model));
}

const char *check_model_name(const struct check_ctx *ctx, int model)
{
	return ctx->rules->models.v[ctx->cfg->models[model]].name;
}

const char *check_model_explain(const struct check_ctx *ctx, int model)
{
	const char *e = ctx->rules->models.v[ctx->cfg->models[model]].explain;
	return e ? e : "";
}

const char *check_str(const struct check_ctx *ctx, str_id id)
{
	const char *s = strpool_str(ctx->unit->strings, id);
	return s ? s : "?";
}

const struct ir_node *check_node(const struct check_ctx *ctx, uint32_t node)
{
	return &ctx->fn->nodes.v[node];
}

const char *check_kind_name(const struct check_ctx *ctx, int kind)
{
	return ctx->rules->kinds.v[kind].name;
}

void check_describe_call(const struct check_ctx *ctx, uint32_t node, struct strbuf *out)
{
	const struct ir_node *n = check_node(ctx, node);
	const char *name = n->spelled ? check_str(ctx, n->spelled) : ir_op_name(n->op);

	if (n->lock)
		strbuf_addf(out, "%s(&%s)", name, check_str(ctx, n->lock));
	else if (n->device)
		strbuf_addf(out, "%s(%s)", name, check_str(ctx, n->device));
	else
		strbuf_addf(out, "%s()", name);
}

void draft_to_finding(struct check_ctx *ctx, struct finding_draft *d, struct mc_finding *f)
{
	const struct ir_node *n = check_node(ctx, d->node);

	memset(f, 0, sizeof(*f));
	f->rule = xstrdup(d->info->id);
	f->rule_name = xstrdup(d->info->name);
	f->severity = xstrdup(draft_severity(d));
	f->model = xstrdup(check_model_name(ctx, d->model));
	f->file = xstrdup(ctx->display_path);
	f->line = n->loc.line;
	f->col = n->loc.col;
	f->end_line = n->loc.end_line ? n->loc.end_line : n->loc.line;
	f->end_col = n->loc.end_col;
	f->function = xstrdup(check_str(ctx, ctx->fn->name));
	if (d->has_lock) {
		f->lock_name = xstrdup(check_str(ctx, d->lock.lock));
		f->lock_type = d->lock.lock_type ? xstrdup(check_str(ctx, d->lock.lock_type)) : NULL;
		f->lock_kind = xstrdup(check_kind_name(ctx, d->lock.kind));
	}
	f->accessor = n->spelled ? xstrdup(check_str(ctx, n->spelled)) : NULL;
	f->message = d->message ? d->message : xstrdup("");
	d->message = NULL;
	f->fixit_first_line = d->fixit_first;
	f->fixit_last_line = d->fixit_last;
	f->ntrace = d->trace.n;
	f->trace = xcalloc(d->trace.n ? d->trace.n : 1, sizeof(*f->trace));
	for (size_t i = 0; i < d->trace.n; i++) {
		const struct ir_node *sn = check_node(ctx, d->trace.v[i].node);
		f->trace[i].kind = xstrdup(d->trace.v[i].kind);
		f->trace[i].file = xstrdup(ctx->display_path);
		f->trace[i].line = sn->loc.line;
		f->trace[i].col = sn->loc.col;
		f->trace[i].message = d->trace.v[i].message;
	}
	VEC_FREE(d->trace);
}

/* Hash of everything a finding is about, excluding its position. */
static uint64_t identity_hash(const struct check_ctx *ctx, const struct mc_finding *f)
{
	const char *parts[] = { f->rule, f->model, f->file, f->function,
				f->lock_type ? f->lock_type : f->lock_name, f->accessor };
	uint64_t h = HASH_SEED;
	size_t len;
	const char *line = ir_unit_line(ctx->unit, f->line, &len);

	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		const char *p = parts[i] ? parts[i] : "";
		h = hash_bytes(p, strlen(p) + 1, h);
	}
	for (size_t i = 0; i < len; i++)
		if (!isspace((unsigned char)line[i]))
			h = hash_bytes(&line[i], 1, h);
	return h;
}

void checks_fingerprint(struct check_ctx *ctx, struct mc_finding *f, size_t n)
{
	uint64_t *ids = xcalloc(n ? n : 1, sizeof(*ids));

	for (size_t i = 0; i < n; i++)
		ids[i] = identity_hash(ctx, &f[i]);
	for (size_t i = 0; i < n; i++) {
		uint64_t occurrence = 0;
		for (size_t j = 0; j < n; j++)
			if (j != i && ids[j] == ids[i] &&
			    (f[j].line < f[i].line || (f[j].line == f[i].line && f[j].col < f[i].col)))
				occurrence++;
		uint64_t h = hash_bytes(&occurrence, sizeof(occurrence), ids[i]);
		snprintf(f[i].fingerprint, sizeof(f[i].fingerprint), "%016llx", (unsigned long long)h);
	}
	free(ids);
}
