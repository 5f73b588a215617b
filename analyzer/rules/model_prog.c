/*
 * model_prog.c - parsing models and their programs (docs/rules-format.md).
 *
 *   "REG = N" | "REG = REG" | "REG += N" | "REG -= N" | "barrier" |
 *   "cover device" | "flush device" | "order covered" |
 *   {"if": "REG == N" | "REG != N" | "REG == REG", "then": [ops]}
 */
#include "rules_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char *skip_ws(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return p;
}

/* Read an identifier into buf (bounded); returns the rest or NULL. */
static const char *read_ident(const char *p, char *buf, size_t cap)
{
	size_t n = 0;

	p = skip_ws(p);
	if (!isalpha((unsigned char)*p) && *p != '_')
		return NULL;
	while ((isalnum((unsigned char)*p) || *p == '_') && n + 1 < cap)
		buf[n++] = *p++;
	buf[n] = '\0';
	return p;
}

static int reg_index(const struct model *m, const char *name)
{
	for (int i = 0; i < m->nregs; i++)
		if (!strcmp(m->regs[i], name))
			return i;
	return -1;
}

/* Parse "N" or "REG" into value / reg2. */
static int parse_operand(const struct model *m, const char *p, int *value, int *reg2)
{
	char name[64];
	char *end;

	p = skip_ws(p);
	*reg2 = -1;
	if (isdigit((unsigned char)*p) || *p == '-') {
		long v = strtol(p, &end, 10);
		if (*skip_ws(end) || v < -MODEL_REG_MAX || v > MODEL_REG_MAX)
			return -1;
		*value = (int)v;
		return 0;
	}
	p = read_ident(p, name, sizeof(name));
	if (!p || *skip_ws(p) || (*reg2 = reg_index(m, name)) < 0)
		return -1;
	return 0;
}

static int parse_stmt(const struct model *m, const char *s, struct model_op *op)
{
	static const struct { const char *word; enum mop_kind kind; } words[] = {
		{ "barrier", MOP_BARRIER }, { "cover device", MOP_COVER_DEVICE },
		{ "flush device", MOP_FLUSH_DEVICE }, { "order covered", MOP_ORDER_COVERED },
	};
	char name[64];
	const char *p;

	memset(op, 0, sizeof(*op));
	op->reg2 = -1;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		size_t n = strlen(words[i].word);
		const char *t = skip_ws(s);
		if (!strncmp(t, words[i].word, n) && !*skip_ws(t + n)) {
			op->kind = words[i].kind;
			return 0;
		}
	}
	p = read_ident(s, name, sizeof(name));
	if (!p || (op->reg = reg_index(m, name)) < 0)
		return -1;
	p = skip_ws(p);
	if (p[0] == '=' && p[1] != '=') {
		op->kind = MOP_SET;
		return parse_operand(m, p + 1, &op->value, &op->reg2);
	}
	if ((p[0] == '+' || p[0] == '-') && p[1] == '=') {
		op->kind = MOP_ADD;
		if (parse_operand(m, p + 2, &op->value, &op->reg2) < 0 || op->reg2 >= 0)
			return -1;
		if (p[0] == '-')
			op->value = -op->value;
		return 0;
	}
	return -1;
}

static int parse_cond(const struct model *m, const char *s, struct model_op *op)
{
	char name[64];
	const char *p = read_ident(s, name, sizeof(name));

	if (!p || (op->reg = reg_index(m, name)) < 0)
		return -1;
	p = skip_ws(p);
	if ((p[0] != '=' && p[0] != '!') || p[1] != '=')
		return -1;
	op->cmp_ne = p[0] == '!';
	return parse_operand(m, p + 2, &op->value, &op->reg2);
}

/*
 * Parse a JSON list of ops into out (nested for "if").  `where` names the
 * program ("on_release", ...) for messages.  On error out may hold a partial
 * program; the caller frees it with the model.
 */
static int rules_parse_prog(struct load_ctx *c, const struct model *m, json_t *list, struct model_prog *out,
			    const char *where)
{
	size_t i;
	json_t *e;

	out->n = 0;
	out->ops = NULL;
	if (!json_is_array(list))
		return load_error(c, m->name, "model '%s': %s must be a list of ops", m->name, where);
	out->ops = xcalloc(json_array_size(list) ? json_array_size(list) : 1, sizeof(*out->ops));
	json_array_foreach(list, i, e) {
		struct model_op *op = &out->ops[out->n];
		if (json_is_string(e)) {
			if (parse_stmt(m, json_string_value(e), op) < 0)
				return load_error(c, json_string_value(e),
						  "model '%s': bad op '%s' in %s (expected REG = N, REG = REG, REG += N, "
						  "REG -= N, barrier, cover device, flush device, order covered; registers: "
						  "declared in \"registers\")", m->name, json_string_value(e), where);
		} else if (json_is_object(e) && json_object_size(e) == 2 && json_is_string(json_object_get(e, "if")) &&
			   json_is_array(json_object_get(e, "then"))) {
			const char *cond = json_string_value(json_object_get(e, "if"));
			memset(op, 0, sizeof(*op));
			op->kind = MOP_IF;
			op->reg2 = -1;
			if (parse_cond(m, cond, op) < 0)
				return load_error(c, cond, "model '%s': bad condition '%s' (expected REG == N or REG != N)",
						  m->name, cond);
			if (rules_parse_prog(c, m, json_object_get(e, "then"), &op->then, where) < 0)
				return -1;
		} else {
			return load_error(c, m->name, "model '%s': an op in %s must be a string or {\"if\": ..., \"then\": [...]}",
					  m->name, where);
		}
		out->n++;
	}
	return 0;
}

static int class_progs(struct load_ctx *c, struct model *m, json_t *obj, const char *key, struct model_prog **out)
{
	const struct rules *r = c->r;
	const char *cls;
	json_t *v;

	if (!obj || !json_is_object(obj))
		return load_error(c, m->name, "model '%s': '%s' must be an object keyed by accessor class", m->name, key);
	*out = xcalloc(r->classes.n ? r->classes.n : 1, sizeof(**out));
	json_object_foreach(obj, cls, v) {
		int k = rules_find_class(r, cls);
		if (k < 0)
			return load_error(c, cls, "model '%s': %s: unknown accessor class '%s'", m->name, key, cls);
		if (rules_parse_prog(c, m, v, &(*out)[k], key) < 0)
			return -1;
	}
	for (size_t k = 0; k < r->classes.n; k++)
		if (!json_object_get(obj, r->classes.v[k].name))
			return load_error(c, m->name, "model '%s': %s has no program for accessor class '%s'",
					  m->name, key, r->classes.v[k].name);
	return 0;
}

/* A model's "registers": a list of at most RULES_MAX_REGS distinct names,
 * copied into m; absent means none.  0, or -1 with the error written. */
static int model_registers(struct load_ctx *c, struct model *m, json_t *regs)
{
	size_t i;
	json_t *v;

	if (!regs)
		return 0;
	if (!json_is_array(regs) || json_array_size(regs) > RULES_MAX_REGS)
		goto bad;
	json_array_foreach(regs, i, v) {
		if (!json_is_string(v) || reg_index(m, json_string_value(v)) >= 0)
			goto bad;
		m->regs[m->nregs++] = xstrdup(json_string_value(v));
	}
	return 0;
bad:
	return load_error(c, "registers", "model '%s': 'registers' must be a list of at most %d distinct names",
			  m->name, RULES_MAX_REGS);
}

/* A model's optional "flag": the register whose reset explains an escape
 * (MMIO002); it must be one of the model's registers. */
static int model_flag(struct load_ctx *c, struct model *m, json_t *flag)
{
	if (flag && (!json_is_string(flag) || (m->flag_reg = reg_index(m, json_string_value(flag))) < 0))
		return load_error(c, m->name, "model '%s': 'flag' must name one of its registers", m->name);
	return 0;
}

/*
 * A model's optional "below_contract": { "classes": [...], "explain": "..." },
 * the accessor classes whose writes the architecture orders less than the
 * documented contract (memory-barriers.txt) promises.  A driver that uses
 * them as documented is not at fault there; MMIO001 shows such escapes
 * only with --pedantic.
 */
static int model_below_contract(struct load_ctx *c, struct model *m, json_t *e)
{
	json_t *classes = e ? json_object_get(e, "classes") : NULL, *why = e ? json_object_get(e, "explain") : NULL;
	size_t i;
	json_t *v;

	if (!e)
		return 0;
	if (!json_is_object(e) || !json_is_array(classes) || !json_is_string(why))
		return load_error(c, m->name, "model '%s': 'below_contract' must be an object with a 'classes' list "
				  "and an 'explain' string", m->name);
	json_array_foreach(classes, i, v) {
		int k = json_is_string(v) ? rules_find_class(c->r, json_string_value(v)) : -1;
		if (k < 0 || k >= 32)
			return load_error(c, m->name, "model '%s': below_contract: unknown accessor class", m->name);
		m->below_contract |= 1u << k;
	}
	m->below_contract_why = xstrdup(json_string_value(why));
	return 0;
}

/* A model's programs: the three lock programs are required (every model
 * says what taking and releasing a lock does), the per-class on_write and
 * on_read ones are optional. */
static int model_programs(struct load_ctx *c, struct model *m, json_t *e)
{
	static const char *const progs[] = { "on_acquire", "on_trylock_attempt", "on_release" };
	struct model_prog *dst[] = { &m->on_acquire, &m->on_trylock_attempt, &m->on_release };

	for (int i = 0; i < 3; i++) {
		json_t *p = json_object_get(e, progs[i]);
		if (!p)
			return load_error(c, m->name, "model '%s': missing required field '%s'", m->name, progs[i]);
		if (rules_parse_prog(c, m, p, dst[i], progs[i]) < 0)
			return -1;
	}
	if (class_progs(c, m, json_object_get(e, "on_write"), "on_write", &m->on_write) < 0 ||
	    class_progs(c, m, json_object_get(e, "on_read"), "on_read", &m->on_read) < 0)
		return -1;
	return 0;
}

/* Add m to the rules, or replace the model of the same name (a later
 * rules file overrides an earlier one).  On -1 the caller still owns m. */
static int store_model(struct load_ctx *c, struct model *m)
{
	for (size_t i = 0; i < c->r->models.n; i++)
		if (!strcmp(c->r->models.v[i].name, m->name)) {
			rules_free_model(c->r, &c->r->models.v[i]);
			c->r->models.v[i] = *m;
			return 0;
		}
	if (c->r->models.n >= RULES_MAX_MODELS)
		return load_error(c, m->name, "too many models (at most %d)", RULES_MAX_MODELS);
	VEC_PUSH(c->r->models, *m);
	return 0;
}

/* Parse one "models" entry and add or replace it.  Fields are checked in
 * a fixed order (unknown fields, name, registers, flag, programs,
 * below_contract), so an
 * entry with several mistakes always reports the same first one. */
int rules_load_model(struct load_ctx *c, json_t *e)
{
	static const char *const keys[] = { "name", "summary", "explain", "registers", "flag", "on_acquire",
					    "on_trylock_attempt", "on_release", "on_write", "on_read", "below_contract", NULL };
	struct model m;

	memset(&m, 0, sizeof(m));
	m.flag_reg = -1;
	if (load_check_keys(c, e, "model", keys) < 0)
		return -1;
	if (!json_is_string(json_object_get(e, "name")))
		return load_error(c, "models", "model: missing required field 'name'");
	m.name = xstrdup(json_string_value(json_object_get(e, "name")));
	if (json_is_string(json_object_get(e, "summary")))
		m.summary = xstrdup(json_string_value(json_object_get(e, "summary")));
	if (json_is_string(json_object_get(e, "explain")))
		m.explain = xstrdup(json_string_value(json_object_get(e, "explain")));
	if (model_registers(c, &m, json_object_get(e, "registers")) < 0 ||
	    model_flag(c, &m, json_object_get(e, "flag")) < 0 || model_programs(c, &m, e) < 0 ||
	    model_below_contract(c, &m, json_object_get(e, "below_contract")) < 0 ||
	    store_model(c, &m) < 0) {
		rules_free_model(c->r, &m);
		return -1;
	}
	return 0;
}
