/*
 * test_interproc_text.c - the summary text is written directly, byte for
 * byte what json_dumps(JSON_COMPACT | JSON_PRESERVE_ORDER) makes of the
 * same jansson tree: this file builds that tree (the reference, as
 * serialize.c once did) for a function with every kind of field, strings
 * that need escapes, a NULL argument and strings that are not UTF-8 (which
 * json_string() refuses, so the key or element is left out), and compares.
 */
#include "interproc/interproc.h"
#include "testlib.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static struct rules *R;
static struct strpool *P;

static void ref_str(json_t *o, const char *key, str_id id)
{
	const char *s = id ? strpool_str(P, id) : NULL;
	if (s)
		json_object_set_new(o, key, json_string(s));
}

/* The reference: the tree serialize.c built for node i before it wrote text. */
static json_t *ref_node(const struct ipa_program *p, const struct ir_function *s, uint32_t i)
{
	const struct ir_node *n = &s->nodes.v[i];
	json_t *o = json_object();
	const char *rn = ipa_node_rule_name(p->rules, n);

	json_object_set_new(o, "op", json_string(ir_op_name(n->op)));
	if (rn)
		json_object_set_new(o, "rule", json_string(rn));
	ref_str(o, "lock", n->lock);
	ref_str(o, "type", n->lock_type);
	ref_str(o, "dev", n->device);
	ref_str(o, "reg", n->reg);
	ref_str(o, "spelled", n->spelled);
	ref_str(o, "callee", n->callee);
	ref_str(o, "cond", n->cond);
	if (n->op == IR_ASSIGN) {
		json_object_set_new(o, "truth", json_integer(n->truth));
		ref_str(o, "src", n->cond_src);
	}
	if (n->cond_param)
		json_object_set_new(o, "param", json_integer(n->cond_param - 1));
	ref_str(o, "file", n->loc.file);
	json_object_set_new(o, "line", json_integer(n->loc.line));
	json_object_set_new(o, "col", json_integer(n->loc.col));
	if (n->indirect)
		json_object_set_new(o, "indirect", json_true());
	if (n->for_reads)
		json_object_set_new(o, "reads", json_true());
	ref_str(o, "bounded", n->bounded_by);
	json_object_set_new(o, "cs", json_integer(n->call_site == IR_NONE ? -1 : (json_int_t)n->call_site));
	if (n->nargs) {
		json_t *a = json_array();
		for (uint32_t k = 0; k < n->nargs; k++) {
			const char *t = strpool_str(P, s->args.v[n->args_off + k]);
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

static char *ref_text(const struct ipa_program *p, const struct ir_function *s)
{
	json_t *root = json_object(), *params = json_array(), *nodes = json_array();

	json_object_set_new(root, "v", json_integer(5));
	json_object_set_new(root, "name", json_string(strpool_str(P, s->name) ?: ""));
	for (size_t i = 0; i < s->params.n; i++) {
		const char *t = strpool_str(P, s->params.v[i]);
		json_array_append_new(params, t ? json_string(t) : json_null());
	}
	json_object_set_new(root, "params", params);
	for (uint32_t i = 0; i < s->nodes.n; i++)
		json_array_append_new(nodes, ref_node(p, s, i));
	json_object_set_new(root, "nodes", nodes);
	json_object_set_new(root, "entry", json_integer(s->entry));
	char *text = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(root);
	return text;
}

static uint32_t add(struct ir_function *f, struct ir_node *n, uint32_t after, uint32_t line)
{
	n->loc.file = strpool_intern(P, "dir/\"odd\" file\\name.c");
	n->loc.line = line;
	n->loc.col = 3;
	uint32_t id = ir_add_node(f, n);
	if (after != IR_NONE)
		ir_add_edge(f, after, id, IR_EDGE_NEXT);
	return id;
}

static void test_same_text(void)
{
	struct ir_unit *u = ir_unit_new_shared("t.c", P);
	struct ir_function *f = ir_fn_new(u, "foo_\xc3\xa9t\xc3\xa9");	/* UTF-8: kept */
	struct ipa_program p;

	VEC_PUSH(f->params, strpool_intern(P, "dev"));
	VEC_PUSH(f->params, strpool_intern(P, "bad\xff"));	/* not UTF-8: left out */
	struct ir_node entry = ir_node_make(IR_NOP);
	uint32_t last = add(f, &entry, IR_NONE, 1);
	struct ir_node acq = ir_node_make(IR_ACQUIRE);
	acq.rule = rules_lookup(R, "spin_lock").index;
	acq.lock = strpool_intern(P, "dev->lock");
	acq.lock_type = strpool_intern(P, "struct foo::lock");
	acq.spelled = strpool_intern(P, "spin_lock");
	last = add(f, &acq, last, 2);
	struct ir_node wr = ir_node_make(IR_MMIO_WRITE);
	wr.rule = rules_lookup(R, "writel_relaxed").index;
	wr.device = strpool_intern(P, "dev->regs");
	wr.reg = strpool_intern(P, "struct foo::regs + \"tab\"\t\x01\x1f");
	wr.call_site = 1;
	wr.bounded_by = strpool_intern(P, "foo_kick");
	last = add(f, &wr, last, 3);
	struct ir_node bar = ir_node_make(IR_BARRIER);	/* stands for dropped reads */
	bar.rule = rules_lookup(R, "mb").index;
	bar.for_reads = true;
	last = add(f, &bar, last, 3);
	struct ir_node call = ir_node_make(IR_CALL);
	call.callee = strpool_intern(P, "foo_ring");
	call.cond = strpool_intern(P, "$rv");
	call.indirect = true;
	call.args_off = (uint32_t)f->args.n;
	call.nargs = 3;
	VEC_PUSH(f->args, strpool_intern(P, "dev"));
	VEC_PUSH(f->args, 0);					/* null */
	VEC_PUSH(f->args, strpool_intern(P, "\xc0\xaf"));	/* overlong: left out */
	last = add(f, &call, last, 4);
	struct ir_node as = ir_node_make(IR_ASSIGN);
	as.cond = strpool_intern(P, "rc");
	as.truth = IR_TRUTH_COPY;
	as.cond_src = strpool_intern(P, "$rv");
	last = add(f, &as, last, 5);
	struct ir_node br = ir_node_make(IR_BRANCH);
	br.cond = strpool_intern(P, "rc");
	br.cond_param = 1;
	uint32_t b = add(f, &br, last, 6);
	struct ir_node ret = ir_node_make(IR_RETURN);
	uint32_t r = add(f, &ret, IR_NONE, 7);
	ir_add_edge(f, b, r, IR_EDGE_TRUE);
	ir_add_edge(f, b, r, IR_EDGE_FALSE);
	ir_fn_finalize(f);

	ipa_init(&p, P, R);
	char *mine = ipa_summary_text(&p, f), *ref = ref_text(&p, f);
	CHECK(ref && mine);
	if (ref && mine)
		CHECK_STR(mine, ref);
	struct ir_function *back = mine ? ipa_summary_from_text(mine, P, R) : NULL;
	CHECK(back && back->nodes.n == f->nodes.n);
	for (uint32_t i = 0; back && i < back->nodes.n; i++)	/* the flag comes back */
		CHECK(back->nodes.v[i].for_reads == f->nodes.v[i].for_reads &&
		      back->nodes.v[i].bounded_by == f->nodes.v[i].bounded_by);
	ir_fn_free(back);
	free(mine);
	free(ref);
	ipa_free(&p);
	ir_unit_free(u);
}

int main(void)
{
	struct strbuf err = STRBUF_INIT;

	R = rules_load(MMIOCHECK_RULES_DIR, NULL, 0, &err);
	if (!R) {
		fprintf(stderr, "rules: %s\n", err.buf);
		return 1;
	}
	P = strpool_new();
	test_same_text();
	strpool_free(P);
	rules_free(R);
	strbuf_release(&err);
	TEST_DONE();
}
