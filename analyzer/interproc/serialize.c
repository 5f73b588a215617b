/*
 * serialize.c - summaries as text, for the database (cross-file and
 * cross-run analysis) and for change detection (the hash of the text).
 *
 * Format (version 5), one JSON object:
 *   {"v":5,"name":"f","params":["dev",...],
 *    "nodes":[{"op":"ACQUIRE","rule":"spin_lock","lock":"dev->lock",
 *              "type":"struct foo::lock","dev":"...","spelled":"...",
 *              "callee":"...","cond":"...","file":"drv.c","line":3,"col":2,
 *              "cs":-1,"args":[...],"succ":[[1,0],...]}, ...],
 *    "entry":0}
 * An ASSIGN node also has "truth" (0, 1, 2 unknown, 3 copy) and, for a
 * copy, "src"; a BRANCH on a parameter has "param", the parameter's index
 * (0-based), so a caller's constant argument decides it.  A BARRIER that
 * stands for dropped reads has "reads":true, and a WRITE a capped summary
 * kept for its ordering alone "bounded", that function's name.  Version
 * 1 had no ASSIGN nodes and no return-value keys, version 2 no "param",
 * version 4 kept no write in a capped summary: such text is not loaded
 * (the call is then unknown until its callee's file is analyzed again),
 * never read as if its exits were alike or its branches open to every
 * caller.
 * Rules are referred to by name so a summary survives a rules reload; a
 * name the current rules do not know drops the node's rule (-1).
 */
#include "interproc.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* 5: a capped summary keeps the writes that can be unordered at its
 * return; one of format 4 dropped them. */
#define SUMMARY_FORMAT 5

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

/*
 * The text is written directly, not built as a jansson tree and dumped:
 * a file's summaries are written once per run, and the tree's thousands of
 * small objects cost more than the engine on a big driver (tg3.c).  The
 * bytes are those of json_dumps(JSON_COMPACT | JSON_PRESERVE_ORDER) of the
 * same tree, keys in the same order (test_serialize_text compares them), and
 * json_loads reads them back.
 */

/* Is s well-formed UTF-8 (utf8_seq_len)?  jansson's json_string() refuses
 * a string that is not, and the tree then lacked that key; the text lacks
 * it too. */
static bool utf8_valid(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t left = strlen(s);

	while (left) {
		size_t n = utf8_seq_len(p, left);
		if (!n)
			return false;
		p += n;
		left -= n;
	}
	return true;
}

/* Does c need an escape in a JSON string? */
static bool json_special(char c)
{
	return c == '"' || c == '\\' || (unsigned char)c < 0x20;
}

/* s as a JSON string, escaped as jansson escapes it (no JSON_ENSURE_ASCII).
 * The runs of characters that need no escape are copied whole: a program's
 * summaries are written for every file checked (tg3.c: 387 summaries). */
static void add_json_string(struct strbuf *sb, const char *s)
{
	strbuf_addch(sb, '"');
	for (const char *c = s; *c; c++) {
		const char *run = c;
		while (*c && !json_special(*c))
			c++;
		if (c > run)
			strbuf_add(sb, run, (size_t)(c - run));
		if (!*c)
			break;
		switch (*c) {
		case '"':  strbuf_adds(sb, "\\\""); break;
		case '\\': strbuf_adds(sb, "\\\\"); break;
		case '\b': strbuf_adds(sb, "\\b"); break;
		case '\f': strbuf_adds(sb, "\\f"); break;
		case '\n': strbuf_adds(sb, "\\n"); break;
		case '\r': strbuf_adds(sb, "\\r"); break;
		case '\t': strbuf_adds(sb, "\\t"); break;
		default:	/* another control character */
			strbuf_addf(sb, "\\u%04X", (unsigned)(unsigned char)*c);
		}
	}
	strbuf_addch(sb, '"');
}

/* ,"key":"value" for a string value; nothing when there is none, or when
 * it is not UTF-8 (see utf8_valid). */
/* ,"key": before a member's value. */
static void put_key(struct strbuf *sb, const char *key)
{
	strbuf_adds(sb, ",\"");
	strbuf_adds(sb, key);
	strbuf_adds(sb, "\":");
}

static void put_text(struct strbuf *sb, const char *key, const char *value)
{
	if (!value || !utf8_valid(value))
		return;
	put_key(sb, key);
	add_json_string(sb, value);
}

/* The decimal digits of v (what "%lld" prints), without vsnprintf(). */
static void add_int(struct strbuf *sb, long long v)
{
	char digits[24];
	int n = 0;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;

	do
		digits[n++] = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		strbuf_addch(sb, '-');
	while (n)
		strbuf_addch(sb, digits[--n]);
}

/* ,"key":v for an integer value. */
static void put_int(struct strbuf *sb, const char *key, long long v)
{
	put_key(sb, key);
	add_int(sb, v);
}

static void put_str(struct strbuf *sb, const char *key, const struct strpool *pool, str_id id)
{
	put_text(sb, key, id ? strpool_str(pool, id) : NULL);
}

/* An array element: the string, or null when there is none; an element
 * that is not UTF-8 is left out (json_array_append_new refused it). */
static void put_element(struct strbuf *sb, const char *t, bool *first)
{
	if (t && !utf8_valid(t))
		return;
	if (!*first)
		strbuf_addch(sb, ',');
	*first = false;
	if (t)
		add_json_string(sb, t);
	else
		strbuf_adds(sb, "null");
}

static void node_text(struct strbuf *sb, const struct ipa_program *p, const struct ir_function *s, uint32_t i)
{
	const struct ir_node *n = &s->nodes.v[i];

	strbuf_adds(sb, "{\"op\":");
	add_json_string(sb, ir_op_name(n->op));
	put_text(sb, "rule", ipa_node_rule_name(p->rules, n));
	put_str(sb, "lock", p->strings, n->lock);
	put_str(sb, "type", p->strings, n->lock_type);
	put_str(sb, "dev", p->strings, n->device);
	put_str(sb, "reg", p->strings, n->reg);
	put_str(sb, "spelled", p->strings, n->spelled);
	put_str(sb, "callee", p->strings, n->callee);
	put_str(sb, "cond", p->strings, n->cond);
	if (n->op == IR_ASSIGN) {
		put_int(sb, "truth", (int)n->truth);
		put_str(sb, "src", p->strings, n->cond_src);
	}
	if (n->cond_param)
		put_int(sb, "param", (int)n->cond_param - 1);
	if (n->cond_param && n->cond_op != IR_COND_TRUTH)
		strbuf_addf(sb, ",\"test\":\"%s\",\"k\":%lld", ir_cond_op_name(n->cond_op), n->cond_k);
	put_str(sb, "file", p->strings, n->loc.file);
	put_int(sb, "line", (long long)n->loc.line);
	put_int(sb, "col", (long long)n->loc.col);
	if (n->indirect)
		strbuf_adds(sb, ",\"indirect\":true");
	if (n->for_reads)
		strbuf_adds(sb, ",\"reads\":true");
	if (n->bounded_by)
		put_str(sb, "bounded", p->strings, n->bounded_by);
	put_int(sb, "cs", n->call_site == IR_NONE ? -1LL : (long long)n->call_site);
	if (n->nargs) {
		bool first = true;
		strbuf_adds(sb, ",\"args\":[");
		for (uint32_t k = 0; k < n->nargs; k++)
			put_element(sb, strpool_str(p->strings, s->args.v[n->args_off + k]), &first);
		strbuf_addch(sb, ']');
	}
	uint32_t ns;
	const struct ir_edge *e = ir_succs(s, i, &ns);
	strbuf_adds(sb, ",\"succ\":[");
	for (uint32_t k = 0; k < ns; k++) {
		strbuf_adds(sb, k ? ",[" : "[");
		add_int(sb, (int)e[k].to);
		strbuf_addch(sb, ',');
		add_int(sb, (int)e[k].kind);
		strbuf_addch(sb, ']');
	}
	strbuf_adds(sb, "]}");
}

char *ipa_summary_text(const struct ipa_program *p, const struct ir_function *s)
{
	struct strbuf sb = STRBUF_INIT;
	const char *name = strpool_str(p->strings, s->name);
	bool first = true;

	strbuf_init(&sb);
	strbuf_addf(&sb, "{\"v\":%d", SUMMARY_FORMAT);
	put_text(&sb, "name", name ? name : "");
	strbuf_adds(&sb, ",\"params\":[");
	for (size_t i = 0; i < s->params.n; i++)
		put_element(&sb, strpool_str(p->strings, s->params.v[i]), &first);
	strbuf_adds(&sb, "],\"nodes\":[");
	for (uint32_t i = 0; i < s->nodes.n; i++) {
		if (i)
			strbuf_addch(&sb, ',');
		node_text(&sb, p, s, i);
	}
	strbuf_addf(&sb, "],\"entry\":%lld}", (long long)s->entry);
	return strbuf_detach(&sb);
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
		json_t *test = json_object_get(o, "test"), *kv = json_object_get(o, "k");
		if (test) {
			int t = ir_cond_op_from_name(json_string_value(test));
			if (t <= IR_COND_TRUTH || !json_is_integer(kv))
				return false;
			n.cond_op = (uint8_t)t;
			n.cond_k = json_integer_value(kv);
		}
	}
	n.loc.file = get_str(o, "file", pool);
	n.loc.line = (uint32_t)json_integer_value(json_object_get(o, "line"));
	n.loc.col = (uint32_t)json_integer_value(json_object_get(o, "col"));
	n.indirect = json_is_true(json_object_get(o, "indirect"));
	n.for_reads = op == IR_BARRIER && json_is_true(json_object_get(o, "reads"));
	n.bounded_by = op == IR_MMIO_WRITE ? get_str(o, "bounded", pool) : 0;
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
