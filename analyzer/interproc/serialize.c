/*
 * serialize.c - summaries as text, for the database (cross-file and
 * cross-run analysis) and for change detection (the hash of the text).
 *
 * Format (version 3), one JSON object:
 *   {"v":3,"name":"f","params":["dev",...],
 *    "nodes":[{"op":"ACQUIRE","rule":"spin_lock","lock":"dev->lock",
 *              "type":"struct foo::lock","dev":"...","spelled":"...",
 *              "callee":"...","cond":"...","file":"drv.c","line":3,"col":2,
 *              "cs":-1,"args":[...],"succ":[[1,0],...]}, ...],
 *    "entry":0}
 * An ASSIGN node also has "truth" (0, 1, 2 unknown, 3 copy) and, for a
 * copy, "src"; a BRANCH on a parameter has "param", the parameter's index
 * (0-based), so a caller's constant argument decides it.  Version 1 had
 * no ASSIGN nodes and no return-value keys, version 2 no "param": such
 * text is not loaded (the call is then unknown until its callee's file is
 * analyzed again), never read as if its exits were alike or its branches
 * open to every caller.
 * Rules are referred to by name so a summary survives a rules reload; a
 * name the current rules do not know drops the node's rule (-1).
 */
#include "interproc.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#define SUMMARY_FORMAT 3

const char *ipa_node_rule_name(const struct rules *r, const struct ir_node *n)
{
	if (n->rule < 0)
		return NULL;
	switch (n->op) {
	case IR_ACQUIRE:
	case IR_TRYACQUIRE:
	case IR_RELEASE:
		return r->apis.v[n->rule].name;
	case IR_MMIO_WRITE:
	case IR_MMIO_READ:
		return r->accessors.v[n->rule].name;
	case IR_BARRIER:
		return r->barriers.v[n->rule].name;
	default:
		return NULL;
	}
}

static void put_str(json_t *o, const char *key, const struct strpool *pool, str_id id)
{
	const char *s = id ? strpool_str(pool, id) : NULL;
	if (s)
		json_object_set_new(o, key, json_string(s));
}

static json_t *node_json(const struct ipa_program *p, const struct ir_function *s, uint32_t i)
{
	const struct ir_node *n = &s->nodes.v[i];
	json_t *o = json_object();
	const char *rn = ipa_node_rule_name(p->rules, n);

	json_object_set_new(o, "op", json_string(ir_op_name(n->op)));
	if (rn)
		json_object_set_new(o, "rule", json_string(rn));
	put_str(o, "lock", p->strings, n->lock);
	put_str(o, "type", p->strings, n->lock_type);
	put_str(o, "dev", p->strings, n->device);
	put_str(o, "reg", p->strings, n->reg);
	put_str(o, "spelled", p->strings, n->spelled);
	put_str(o, "callee", p->strings, n->callee);
	put_str(o, "cond", p->strings, n->cond);
	if (n->op == IR_ASSIGN) {
		json_object_set_new(o, "truth", json_integer(n->truth));
		put_str(o, "src", p->strings, n->cond_src);
	}
	if (n->cond_param)
		json_object_set_new(o, "param", json_integer(n->cond_param - 1));
	put_str(o, "file", p->strings, n->loc.file);
	json_object_set_new(o, "line", json_integer(n->loc.line));
	json_object_set_new(o, "col", json_integer(n->loc.col));
	if (n->indirect)
		json_object_set_new(o, "indirect", json_true());
	json_object_set_new(o, "cs", json_integer(n->call_site == IR_NONE ? -1 : (json_int_t)n->call_site));
	if (n->nargs) {
		json_t *a = json_array();
		for (uint32_t k = 0; k < n->nargs; k++) {
			const char *t = strpool_str(p->strings, s->args.v[n->args_off + k]);
			json_array_append_new(a, t ? json_string(t) : json_null());
		}
		json_object_set_new(o, "args", a);
	}
	json_t *succ = json_array();
	uint32_t ns;
	const struct ir_edge *e = ir_succs(s, i, &ns);
	for (uint32_t k = 0; k < ns; k++)
		json_array_append_new(succ, json_pack("[ii]", (int)e[k].to, (int)e[k].kind));
	json_object_set_new(o, "succ", succ);
	return o;
}

char *ipa_summary_text(const struct ipa_program *p, const struct ir_function *s)
{
	json_t *root = json_object(), *params = json_array(), *nodes = json_array();

	json_object_set_new(root, "v", json_integer(SUMMARY_FORMAT));
	json_object_set_new(root, "name", json_string(strpool_str(p->strings, s->name) ?: ""));
	for (size_t i = 0; i < s->params.n; i++) {
		const char *t = strpool_str(p->strings, s->params.v[i]);
		json_array_append_new(params, t ? json_string(t) : json_null());
	}
	json_object_set_new(root, "params", params);
	for (uint32_t i = 0; i < s->nodes.n; i++)
		json_array_append_new(nodes, node_json(p, s, i));
	json_object_set_new(root, "nodes", nodes);
	json_object_set_new(root, "entry", json_integer(s->entry));
	char *text = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(root);
	return text;
}

char *ipa_summary_to_text(const struct ipa_program *p, const struct ipa_fn *f)
{
	return f->summary ? ipa_summary_text(p, f->summary) : NULL;
}

static uint64_t hash_str(const struct ipa_program *p, str_id id, uint64_t h)
{
	const char *t = id ? strpool_str(p->strings, id) : NULL;

	return t ? hash_bytes(t, strlen(t) + 1, h) : hash_bytes("", 1, h);
}

/*
 * Hash of what the summary says, by content (strings by their text, rules
 * by name), so it compares across runs and databases; computed directly
 * rather than from the text form because every summary is hashed on every
 * solve round.
 */
uint64_t ipa_summary_hash(const struct ipa_program *p, const struct ir_function *s)
{
	uint64_t h = HASH_SEED;

	h = hash_str(p, s->name, h);
	for (size_t i = 0; i < s->params.n; i++)
		h = hash_str(p, s->params.v[i], h);
	for (uint32_t i = 0; i < s->nodes.n; i++) {
		const struct ir_node *n = &s->nodes.v[i];
		const char *rn = ipa_node_rule_name(p->rules, n);
		uint32_t fixed[7] = { n->op, n->loc.line, n->loc.col, n->call_site, n->indirect, n->truth,
				      n->cond_param };
		h = hash_bytes(fixed, sizeof(fixed), h);
		h = hash_bytes(rn ? rn : "", rn ? strlen(rn) + 1 : 1, h);
		h = hash_str(p, n->lock, h);
		h = hash_str(p, n->lock_type, h);
		h = hash_str(p, n->device, h);
		h = hash_str(p, n->reg, h);
		h = hash_str(p, n->spelled, h);
		h = hash_str(p, n->callee, h);
		h = hash_str(p, n->cond, h);
		h = hash_str(p, n->cond_src, h);
		h = hash_str(p, n->loc.file, h);
		for (uint32_t k = 0; k < n->nargs; k++)
			h = hash_str(p, s->args.v[n->args_off + k], h);
		uint32_t ns;
		const struct ir_edge *e = ir_succs(s, i, &ns);
		for (uint32_t k = 0; k < ns; k++) {
			uint32_t edge[2] = { e[k].to, e[k].kind };
			h = hash_bytes(edge, sizeof(edge), h);
		}
	}
	h = hash_bytes(&s->entry, sizeof(s->entry), h);
	return h ? h : 1;
}

static str_id get_str(json_t *o, const char *key, struct strpool *pool)
{
	const char *s = json_string_value(json_object_get(o, key));
	return s ? strpool_intern(pool, s) : 0;
}

static bool op_from_name(const char *name, enum ir_op *op)
{
	for (int i = IR_NOP; i <= IR_ASSIGN; i++)
		if (name && !strcmp(ir_op_name((enum ir_op)i), name)) {
			*op = (enum ir_op)i;
			return true;
		}
	return false;
}

/* One node of a stored summary; false if malformed. */
static bool load_node(json_t *o, struct ir_function *s, struct strpool *pool, const struct rules *r)
{
	enum ir_op op;

	if (!json_is_object(o) || !op_from_name(json_string_value(json_object_get(o, "op")), &op))
		return false;
	struct ir_node n = ir_node_make(op);
	const char *rn = json_string_value(json_object_get(o, "rule"));
	if (rn)
		n.rule = rules_lookup(r, rn).index;
	if (rn && n.rule < 0 && op != IR_NOP && op != IR_CALL && op != IR_RETURN && op != IR_BRANCH)
		n.op = IR_NOP;	/* rule unknown here: keep the flow, drop the event */
	n.lock = get_str(o, "lock", pool);
	n.lock_type = get_str(o, "type", pool);
	n.device = get_str(o, "dev", pool);
	n.reg = get_str(o, "reg", pool);
	n.spelled = get_str(o, "spelled", pool);
	n.callee = get_str(o, "callee", pool);
	n.cond = get_str(o, "cond", pool);
	if (op == IR_ASSIGN) {
		json_int_t truth = json_integer_value(json_object_get(o, "truth"));
		if (truth < IR_TRUTH_FALSE || truth > IR_TRUTH_COPY || !n.cond)
			return false;
		n.truth = (uint8_t)truth;
		n.cond_src = get_str(o, "src", pool);
		if (n.truth == IR_TRUTH_COPY && !n.cond_src)
			return false;
	}
	json_t *param = json_object_get(o, "param");
	if (param) {
		json_int_t k = json_integer_value(param);
		if (op != IR_BRANCH || !json_is_integer(param) || k < 0 || (size_t)k >= s->params.n)
			return false;
		n.cond_param = (uint32_t)k + 1;
	}
	n.loc.file = get_str(o, "file", pool);
	n.loc.line = (uint32_t)json_integer_value(json_object_get(o, "line"));
	n.loc.col = (uint32_t)json_integer_value(json_object_get(o, "col"));
	n.indirect = json_is_true(json_object_get(o, "indirect"));
	json_int_t cs = json_integer_value(json_object_get(o, "cs"));
	n.call_site = cs < 0 ? IR_NONE : (uint32_t)cs;
	json_t *args = json_object_get(o, "args");
	if (json_is_array(args)) {
		n.args_off = (uint32_t)s->args.n;
		n.nargs = (uint32_t)json_array_size(args);
		for (size_t k = 0; k < json_array_size(args); k++) {
			const char *t = json_string_value(json_array_get(args, k));
			VEC_PUSH(s->args, t ? strpool_intern(pool, t) : 0);
		}
	}
	ir_add_node(s, &n);
	return true;
}

/* The ir_fn_finalize invariants, checked before finalizing stored text:
 * two-way nodes have one TRUE and one FALSE edge (or, but for a branch on
 * a parameter, only NEXT edges), returns have none. */
static bool two_way_edges_valid(const struct ir_function *s)
{
	for (size_t i = 0; i < s->nodes.n; i++) {
		int t = 0, f = 0, all = 0;
		for (size_t k = 0; k < s->edges.n; k++)
			if (s->edge_from.v[k] == i) {
				all++;
				t += s->edges.v[k].kind == IR_EDGE_TRUE;
				f += s->edges.v[k].kind == IR_EDGE_FALSE;
			}
		enum ir_op op = s->nodes.v[i].op;
		if (op == IR_RETURN && all)
			return false;
		if (op == IR_TRYACQUIRE && !(t == 1 && f == 1))
			return false;
		if (op == IR_BRANCH && !((t == 1 && f == 1) || (t == 0 && f == 0 && !s->nodes.v[i].cond_param)))
			return false;
		if (op != IR_TRYACQUIRE && op != IR_BRANCH && (t || f))
			return false;
	}
	return true;
}

struct ir_function *ipa_summary_from_text(const char *text, struct strpool *pool, const struct rules *r)
{
	json_error_t jerr;
	json_t *root = json_loads(text, 0, &jerr);
	json_t *nodes = json_object_get(root, "nodes");

	if (!json_is_object(root) || json_integer_value(json_object_get(root, "v")) != SUMMARY_FORMAT || !json_is_array(nodes)) {
		json_decref(root);
		return NULL;
	}
	struct ir_function *s = ir_fn_alloc(get_str(root, "name", pool));
	json_t *params = json_object_get(root, "params");
	for (size_t i = 0; i < json_array_size(params); i++) {
		const char *t = json_string_value(json_array_get(params, i));
		VEC_PUSH(s->params, t ? strpool_intern(pool, t) : 0);
	}
	size_t nn = json_array_size(nodes);
	bool ok = nn > 0;
	for (size_t i = 0; i < nn && ok; i++)
		ok = load_node(json_array_get(nodes, i), s, pool, r);
	for (size_t i = 0; i < nn && ok; i++) {
		json_t *succ = json_object_get(json_array_get(nodes, i), "succ");
		for (size_t k = 0; k < json_array_size(succ) && ok; k++) {
			json_int_t to = json_integer_value(json_array_get(json_array_get(succ, k), 0));
			json_int_t kind = json_integer_value(json_array_get(json_array_get(succ, k), 1));
			ok = to >= 0 && (size_t)to < nn && kind >= IR_EDGE_NEXT && kind <= IR_EDGE_FALSE;
			if (ok)
				ir_add_edge(s, (uint32_t)i, (uint32_t)to, (enum ir_edge_kind)kind);
		}
	}
	json_int_t entry = json_integer_value(json_object_get(root, "entry"));
	for (size_t i = 0; i < nn && ok; i++) {
		uint32_t cs = s->nodes.v[i].call_site;
		ok = cs == IR_NONE || cs < nn;
	}
	ok = ok && two_way_edges_valid(s);
	ok = ok && entry >= 0 && (size_t)entry < nn;
	json_decref(root);
	if (!ok) {
		ir_fn_free(s);
		return NULL;
	}
	s->entry = (uint32_t)entry;
	ir_fn_finalize(s);
	s->entry = (uint32_t)entry;
	return s;
}
