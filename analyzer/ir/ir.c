/*
 * ir.c - construction, finalization and dumping of the event IR.
 */
#include "ir.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

struct ir_unit *ir_unit_new(const char *path)
{
	struct ir_unit *u = xcalloc(1, sizeof(*u));

	u->path = xstrdup(path);
	u->strings = strpool_new();
	return u;
}

struct ir_unit *ir_unit_new_shared(const char *path, struct strpool *strings)
{
	struct ir_unit *u = xcalloc(1, sizeof(*u));

	u->path = xstrdup(path);
	u->strings = strings;
	u->shares_strings = true;
	return u;
}

void ir_fn_free(struct ir_function *fn)
{
	if (!fn)
		return;
	VEC_FREE(fn->nodes);
	VEC_FREE(fn->edges);
	VEC_FREE(fn->edge_from);
	VEC_FREE(fn->succs);
	VEC_FREE(fn->params);
	VEC_FREE(fn->args);
	VEC_FREE(fn->arg_types);
	VEC_FREE(fn->arg_regs);
	VEC_FREE(fn->const_vals);
	VEC_FREE(fn->contracts);
	VEC_FREE(fn->param_views);
	free(fn);
}

void ir_unit_free(struct ir_unit *u)
{
	if (!u)
		return;
	for (size_t i = 0; i < u->functions.n; i++)
		ir_fn_free(u->functions.v[i]);
	VEC_FREE(u->functions);
	for (size_t i = 0; i < u->errors.n; i++)
		free(u->errors.v[i].message);
	VEC_FREE(u->errors);
	VEC_FREE(u->fnptrs);
	VEC_FREE(u->private_records);
	VEC_FREE(u->line_starts);
	for (size_t i = 0; i < u->inputs.n; i++)
		free(u->inputs.v[i].path);
	VEC_FREE(u->inputs);
	for (size_t i = 0; i < u->dropped_args.n; i++)
		free(u->dropped_args.v[i]);
	VEC_FREE(u->dropped_args);
	if (!u->shares_strings)
		strpool_free(u->strings);
	free(u->source);
	free(u->path);
	free(u);
}

void ir_unit_set_source(struct ir_unit *u, char *text, size_t len)
{
	free(u->source);
	u->source = text;
	u->source_len = len;
	u->line_starts.n = 0;
	VEC_PUSH(u->line_starts, 0);
	for (size_t i = 0; i < len; i++)
		if (text[i] == '\n' && i + 1 <= len)
			VEC_PUSH(u->line_starts, (uint32_t)(i + 1));
}

const char *ir_unit_line(const struct ir_unit *u, uint32_t line, size_t *len)
{
	*len = 0;
	if (!u->source || line == 0 || line > u->line_starts.n)
		return "";
	size_t start = u->line_starts.v[line - 1];
	size_t end = start;
	while (end < u->source_len && u->source[end] != '\n')
		end++;
	*len = end - start;
	return u->source + start;
}

struct ir_function *ir_fn_alloc(str_id name)
{
	struct ir_function *fn = xcalloc(1, sizeof(*fn));

	fn->name = name;
	fn->entry = IR_NONE;
	return fn;
}

struct ir_function *ir_fn_new(struct ir_unit *u, const char *name)
{
	struct ir_function *fn = ir_fn_alloc(strpool_intern(u->strings, name));

	VEC_PUSH(u->functions, fn);
	return fn;
}

struct ir_node ir_node_make(enum ir_op op)
{
	struct ir_node n;

	memset(&n, 0, sizeof(n));
	n.op = op;
	n.rule = -1;
	n.call_site = IR_NONE;
	return n;
}

bool ir_fn_has_lock_op(const struct ir_function *fn)
{
	for (size_t i = 0; fn && i < fn->nodes.n; i++)
		if (ir_is_lock_op(fn->nodes.v[i].op))
			return true;
	return false;
}

/* Every summary and every caller's expansion holds copies of nodes: a
 * whole program's summaries are most of a -p worker's memory. */
_Static_assert(sizeof(struct ir_node) <= 128, "struct ir_node grew past 128 bytes");

uint32_t ir_add_node(struct ir_function *fn, const struct ir_node *node)
{
	assert(!fn->finalized);
	VEC_PUSH(fn->nodes, *node);
	fn->nodes.v[fn->nodes.n - 1].nsucc = 0;
	fn->nodes.v[fn->nodes.n - 1].succ_off = 0;
	if (fn->entry == IR_NONE)
		fn->entry = (uint32_t)(fn->nodes.n - 1);
	return (uint32_t)(fn->nodes.n - 1);
}

void ir_add_edge(struct ir_function *fn, uint32_t from, uint32_t to, enum ir_edge_kind kind)
{
	struct ir_edge e = { to, kind };

	assert(!fn->finalized);
	assert(from < fn->nodes.n && to < fn->nodes.n);
	VEC_PUSH(fn->edges, e);
	VEC_PUSH(fn->edge_from, from);
}

/* Counting sort of the edge list by source node, keeping insertion order. */
void ir_fn_finalize(struct ir_function *fn)
{
	size_t nn = fn->nodes.n;

	assert(!fn->finalized);
	for (size_t i = 0; i < fn->edges.n; i++)
		fn->nodes.v[fn->edge_from.v[i]].nsucc++;
	uint32_t off = 0;
	for (size_t i = 0; i < nn; i++) {
		fn->nodes.v[i].succ_off = off;
		off += fn->nodes.v[i].nsucc;
		fn->nodes.v[i].nsucc = 0;
	}
	VEC_GROW(fn->succs, fn->edges.n);
	fn->succs.n = fn->edges.n;
	for (size_t i = 0; i < fn->edges.n; i++) {
		struct ir_node *n = &fn->nodes.v[fn->edge_from.v[i]];
		fn->succs.v[n->succ_off + n->nsucc++] = fn->edges.v[i];
	}
	VEC_FREE(fn->edges);
	VEC_FREE(fn->edge_from);
	/* a whole program's functions and summaries are kept until its end:
	 * the room doubling left would be a quarter of them on average */
	VEC_SHRINK(fn->nodes);
	VEC_SHRINK(fn->succs);
	VEC_SHRINK(fn->args);
	VEC_SHRINK(fn->arg_types);
	VEC_SHRINK(fn->arg_regs);
	fn->finalized = true;
	assert(ir_fn_ok(fn));
}

void ir_fn_finalize_tail(struct ir_function *fn, uint32_t first, const uint32_t *from,
			 const struct ir_edge *edges, size_t n)
{
	assert(fn->finalized && first <= fn->nodes.n);
	for (uint32_t i = first; i < fn->nodes.n; i++)
		fn->nodes.v[i].nsucc = 0;
	for (size_t i = 0; i < n; i++) {
		assert(from[i] >= first && from[i] < fn->nodes.n && edges[i].to < fn->nodes.n);
		fn->nodes.v[from[i]].nsucc++;
	}
	uint32_t off = (uint32_t)fn->succs.n;
	for (uint32_t i = first; i < fn->nodes.n; i++) {
		fn->nodes.v[i].succ_off = off;
		off += fn->nodes.v[i].nsucc;
		fn->nodes.v[i].nsucc = 0;
	}
	VEC_GROW(fn->succs, off);
	fn->succs.n = off;
	for (size_t i = 0; i < n; i++) {
		struct ir_node *node = &fn->nodes.v[from[i]];
		fn->succs.v[node->succ_off + node->nsucc++] = edges[i];
	}
	assert(ir_fn_ok(fn));
}

const char *ir_op_name(enum ir_op op)
{
	static const char *const names[] = {
		"NOP", "ACQUIRE", "TRYACQUIRE", "RELEASE", "MMIO_WRITE",
		"MMIO_READ", "BARRIER", "CALL", "RETURN", "BRANCH", "ASSIGN",
	};
	return (unsigned)op < sizeof(names) / sizeof(names[0]) ? names[op] : "?";
}

static void dump_str(const struct ir_unit *u, struct strbuf *out, const char *key, str_id id)
{
	if (id)
		strbuf_addf(out, " %s=%s", key, strpool_str(u->strings, id));
}

/* A list of interned strings, "-" for 0: "(a, -, &qp->sq)". */
static void dump_list(const struct ir_unit *u, struct strbuf *out, const str_id *ids, size_t n)
{
	strbuf_addch(out, '(');
	for (size_t i = 0; i < n; i++)
		strbuf_addf(out, "%s%s", i ? ", " : "", ids[i] ? strpool_str(u->strings, ids[i]) : "-");
	strbuf_addch(out, ')');
}

static const char *const contract_names[] = { "must_hold", "acquires", "releases" };

/* The unit's function-pointer stores and registrations, one per line. */
void ir_dump_fnptrs(const struct ir_unit *u, struct strbuf *out)
{
	for (size_t i = 0; i < u->fnptrs.n; i++) {
		const struct ir_fnptr *p = &u->fnptrs.v[i];
		if (p->registration)
			strbuf_addf(out, "fnptr %s(#%d) = %s%s", strpool_str(u->strings, p->slot), p->arg,
				    p->through_slot ? "slot " : "", strpool_str(u->strings, p->function));
		else
			strbuf_addf(out, "fnptr %s = %s", strpool_str(u->strings, p->slot),
				    strpool_str(u->strings, p->function));
		strbuf_addf(out, " @%s:%u:%u\n", p->loc.file ? strpool_str(u->strings, p->loc.file) : "?",
			    p->loc.line, p->loc.col);
	}
}

static const char *const cond_op_names[IR_COND_NOPS] = { "", "&", "<", "<=", ">", ">=", "==", "!=" };

const char *ir_cond_op_name(enum ir_cond_op op)
{
	assert(op < IR_COND_NOPS);
	return cond_op_names[op];
}

bool ir_cond_holds(enum ir_cond_op op, long long v, long long k)
{
	switch (op) {
	case IR_COND_BITS: return ((unsigned long long)v & (unsigned long long)k) != 0;
	case IR_COND_LT: return v < k;
	case IR_COND_LE: return v <= k;
	case IR_COND_GT: return v > k;
	case IR_COND_GE: return v >= k;
	case IR_COND_EQ: return v == k;
	case IR_COND_NE: return v != k;
	default: return v != 0;
	}
}

int ir_cond_op_from_name(const char *name)
{
	for (int i = 1; name && i < IR_COND_NOPS; i++)
		if (!strcmp(cond_op_names[i], name))
			return i;
	return -1;
}

/* A call's constant arguments: "const=(?, 1)", each argument's truth, ?
 * where it is no constant. */
static void dump_const_args(const struct ir_node *n, struct strbuf *out)
{
	strbuf_adds(out, " const=(");
	for (uint32_t k = 0; k < n->nargs && k < IR_CONST_ARGS; k++) {
		bool known = n->const_args >> k & 1, nonzero = n->const_true >> k & 1;
		strbuf_adds(out, k ? ", " : "");
		strbuf_adds(out, !known ? "?" : nonzero ? "1" : "0");
	}
	strbuf_addch(out, ')');
}

/* The function line: name, storage, params, init marking, contracts. */
static void dump_header(const struct ir_unit *u, const struct ir_function *fn, struct strbuf *out)
{
	strbuf_addf(out, "function %s%s%s line %u entry %u params", strpool_str(u->strings, fn->name),
		    fn->is_static ? " static" : "", fn->is_init ? " init" : "", fn->loc.line, fn->entry);
	dump_list(u, out, fn->params.v, fn->params.n);
	strbuf_addch(out, '\n');
	for (size_t i = 0; i < fn->contracts.n; i++) {
		const struct ir_contract *c = &fn->contracts.v[i];
		strbuf_addf(out, "  contract %s @%u:%u", contract_names[c->kind], c->loc.line, c->loc.col);
		dump_str(u, out, "lock", c->lock);
		dump_str(u, out, "type", c->lock_type);
		strbuf_addch(out, '\n');
	}
}

/* The unit's fnptr stores are printed after its last function, so one
 * --dump-ir run shows everything the frontend produced. */
void ir_dump_function(const struct ir_unit *u, const struct ir_function *fn, struct strbuf *out)
{
	dump_header(u, fn, out);
	for (size_t i = 0; i < fn->nodes.n; i++) {
		const struct ir_node *n = &fn->nodes.v[i];
		uint32_t ns;
		const struct ir_edge *s = ir_succs(fn, (uint32_t)i, &ns);

		strbuf_addf(out, "  %zu: %s @%u:%u", i, ir_op_name(n->op), n->loc.line, n->loc.col);
		dump_str(u, out, "name", n->spelled);
		dump_str(u, out, "lock", n->lock);
		dump_str(u, out, "type", n->lock_type);
		dump_str(u, out, "device", n->device);
		dump_str(u, out, "reg", n->reg);
		dump_str(u, out, "callee", n->callee);
		dump_str(u, out, "cond", n->cond);
		if (n->op == IR_ASSIGN && n->truth == IR_TRUTH_COPY)
			dump_str(u, out, "from", n->cond_src);
		else if (n->op == IR_ASSIGN)
			strbuf_adds(out, n->truth == IR_TRUTH_TRUE ? " truth=1" : n->truth == IR_TRUTH_FALSE ?
				    " truth=0" : " truth=?");
		if (n->indirect)
			strbuf_adds(out, " indirect");
		if (n->cond_param)
			dump_str(u, out, "param", n->cond_param <= fn->params.n ? fn->params.v[n->cond_param - 1] : 0);
		if (n->cond_param && n->cond_op != IR_COND_TRUTH)
			strbuf_addf(out, " test=%s%lld", ir_cond_op_name(n->cond_op), n->cond_k);
		if (n->op == IR_CALL && n->nargs) {
			strbuf_adds(out, " args=");
			dump_list(u, out, fn->args.v + n->args_off, n->nargs);
		}
		if (n->op == IR_CALL && n->const_args)
			dump_const_args(n, out);
		strbuf_adds(out, " ->");
		for (uint32_t k = 0; k < ns; k++)
			strbuf_addf(out, " %s%u", s[k].kind == IR_EDGE_TRUE ? "T:" :
				    s[k].kind == IR_EDGE_FALSE ? "F:" : "", s[k].to);
		strbuf_addch(out, '\n');
	}
	if (u->functions.n && u->functions.v[u->functions.n - 1] == fn)
		ir_dump_fnptrs(u, out);
}

struct dfs_frame {
	uint32_t node, next;
};

/* A graph walked by postorder_from(): its successor function and itself. */
struct dfs_graph {
	ir_succ_fn succs;
	const void *graph;
	size_t nnodes;
};

/* Append to order[*post..] the nodes not yet seen that root reaches, in
 * postorder.  stack holds g->nnodes frames. */
static void postorder_from(const struct dfs_graph *g, uint32_t root, struct dfs_frame *stack, bool *seen,
			   uint32_t *order, size_t *post)
{
	size_t top = 0;

	if (seen[root])
		return;
	seen[root] = true;
	stack[top++] = (struct dfs_frame){ root, 0 };
	while (top) {
		struct dfs_frame *f = &stack[top - 1];
		uint32_t ns;
		const struct ir_edge *e = g->succs(g->graph, f->node, &ns);
		if (f->next < ns) {
			uint32_t to = e[f->next++].to;
			if (!seen[to]) {
				seen[to] = true;
				assert(top < g->nnodes);
				stack[top++] = (struct dfs_frame){ to, 0 };
			}
			continue;
		}
		order[(*post)++] = f->node;
		top--;
	}
}

size_t ir_postorder_graph(size_t nnodes, uint32_t entry, ir_succ_fn succs, const void *graph, uint32_t *order)
{
	struct dfs_graph g = { succs, graph, nnodes };
	size_t post = 0, reached;

	if (!nnodes)
		return 0;
	struct dfs_frame *stack = xcalloc(nnodes, sizeof(*stack));
	bool *seen = xcalloc(nnodes, sizeof(*seen));
	if (entry != IR_NONE)
		postorder_from(&g, entry, stack, seen, order, &post);
	reached = post;
	for (uint32_t i = 0; i < nnodes; i++)
		postorder_from(&g, i, stack, seen, order, &post);
	assert(post == nnodes);
	free(seen);
	free(stack);
	return reached;
}

void ir_program_order(const struct ir_function *fn, uint32_t *place)
{
	size_t nn = fn->nodes.n;
	uint32_t *first = xcalloc(nn + 1, sizeof(*first));	/* children of node c: */
	uint32_t *child = xcalloc(nn ? nn : 1, sizeof(*child));	/* child[first[c]..first[c+1]) */
	uint32_t *stack = xcalloc(nn ? nn : 1, sizeof(*stack));
	uint32_t next = 0, top = 0;

	/* group the spliced nodes by the node they came in through, each
	 * group in number order (a counting sort on call_site) */
	for (size_t i = 0; i < nn; i++)
		if (fn->nodes.v[i].call_site != IR_NONE)
			first[fn->nodes.v[i].call_site + 1]++;
	for (size_t c = 0; c < nn; c++)
		first[c + 1] += first[c];
	uint32_t *fill = xmalloc((nn ? nn : 1) * sizeof(*fill));
	memcpy(fill, first, nn * sizeof(*fill));
	for (size_t i = 0; i < nn; i++) {
		uint32_t c = fn->nodes.v[i].call_site;
		if (c != IR_NONE) {
			assert(c < nn);
			child[fill[c]++] = (uint32_t)i;
		}
	}
	/* own nodes in number order, each followed by its group, depth first
	 * (pushed in reverse so the lowest number is placed first) */
	for (size_t i = nn; i-- > 0;)
		if (fn->nodes.v[i].call_site == IR_NONE)
			stack[top++] = (uint32_t)i;
	while (top) {
		uint32_t n = stack[--top];
		place[n] = next++;
		for (uint32_t k = first[n + 1]; k-- > first[n];)
			stack[top++] = child[k];
	}
	assert(next == nn);	/* every call_site chain ends at an own node */
	free(fill);
	free(stack);
	free(child);
	free(first);
}

/* ir_succs() as an ir_succ_fn. */
static const struct ir_edge *function_succs(const void *fn, uint32_t node, uint32_t *n)
{
	return ir_succs(fn, node, n);
}

void ir_preds(const struct ir_function *fn, uint32_t **off_out, uint32_t **preds_out)
{
	uint32_t *off = xcalloc(fn->nodes.n + 1, sizeof(*off)), *fill, *preds, ns;

	for (uint32_t v = 0; v < fn->nodes.n; v++) {
		const struct ir_edge *e = ir_succs(fn, v, &ns);
		for (uint32_t k = 0; k < ns; k++)
			off[e[k].to + 1]++;
	}
	for (uint32_t v = 0; v < fn->nodes.n; v++)
		off[v + 1] += off[v];
	preds = xmalloc((off[fn->nodes.n] ? off[fn->nodes.n] : 1) * sizeof(*preds));
	fill = xmalloc((fn->nodes.n ? fn->nodes.n : 1) * sizeof(*fill));
	memcpy(fill, off, fn->nodes.n * sizeof(*fill));
	for (uint32_t v = 0; v < fn->nodes.n; v++) {
		const struct ir_edge *e = ir_succs(fn, v, &ns);
		for (uint32_t k = 0; k < ns; k++)
			preds[fill[e[k].to]++] = v;
	}
	free(fill);
	*off_out = off;
	*preds_out = preds;
}

void ir_postorder(const struct ir_function *fn, uint32_t *order)
{
	assert(fn->finalized);
	ir_postorder_graph(fn->nodes.n, fn->entry, function_succs, fn, order);
}

void ir_flow_compute(const struct ir_function *fn, struct ir_flow *flow)
{
	flow->n = fn->nodes.n;
	flow->order = xcalloc(fn->nodes.n ? fn->nodes.n : 1, sizeof(*flow->order));
	ir_postorder(fn, flow->order);
	ir_preds(fn, &flow->pred_off, &flow->preds);
}

void ir_flow_free(struct ir_flow *flow)
{
	free(flow->order);
	free(flow->pred_off);
	free(flow->preds);
	memset(flow, 0, sizeof(*flow));
}

/*
 * Sweeps in postorder converge in a few rounds, also where spliced
 * callees' nodes come after their callers'.  Updating only the dirty nodes
 * reaches the fixpoint that updating every node until a sweep changes
 * nothing does, without that last whole sweep and the repeats of every
 * node outside the loops.
 */
void ir_flow_solve(const struct ir_flow *flow, bool (*update)(void *ctx, uint32_t node), void *ctx)
{
	bool *dirty = xmalloc(flow->n ? flow->n : 1);
	bool again = true;

	memset(dirty, 1, flow->n);
	while (again) {
		again = false;
		for (size_t i = 0; i < flow->n; i++) {
			uint32_t v = flow->order[i];
			if (!dirty[v])
				continue;
			dirty[v] = false;
			if (!update(ctx, v))
				continue;
			for (uint32_t k = flow->pred_off[v]; k < flow->pred_off[v + 1]; k++) {
				again |= !dirty[flow->preds[k]];
				dirty[flow->preds[k]] = true;
			}
		}
	}
	free(dirty);
}

void ir_mark_reached(const struct ir_function *fn, const uint32_t *from, size_t n, bool *seen)
{
	VEC(uint32_t) todo = VEC_INIT;

	for (size_t i = 0; i < n; i++)
		VEC_PUSH(todo, from[i]);
	while (todo.n) {
		uint32_t k = todo.v[--todo.n], ns;
		const struct ir_edge *e = ir_succs(fn, k, &ns);
		for (uint32_t j = 0; j < ns; j++)
			if (!seen[e[j].to]) {
				seen[e[j].to] = true;
				VEC_PUSH(todo, e[j].to);
			}
	}
	VEC_FREE(todo);
}
