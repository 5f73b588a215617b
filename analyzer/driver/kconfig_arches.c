/*
 * kconfig_arches.c - on which architectures can a Kconfig symbol be
 * enabled (y or m) when COMPILE_TEST is off?
 *
 * Building for architecture A reads arch/A/Kconfig and no other
 * architecture's, so a symbol defined only under arch/B is n on A.  For
 * each symbol and architecture two facts are computed, lazily and
 * memoized: can it be y, can it be n.  A symbol can be y when one of its
 * definitions seen on A has a satisfiable dependency and a prompt or a
 * default that may be y, or when a symbol that can be y selects it
 * (select ignores the target's dependencies, as Kconfig does).  It can be
 * n unless something forces it: an unconditional `def_bool y` without a
 * prompt, or a select by a symbol that is always y.  Expressions combine
 * these facts as if every symbol were independent (docs/kernel.md).
 */
#include "kconfig_int.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

enum { CAN_Y = 1, CAN_N = 2, DONE = 4, BUSY = 8 };
#define KC_MAX_EVAL_DEPTH 2000

void kconfig_index(struct kconfig *kc)
{
	size_t nsyms = strpool_count(kc->names) + 1;

	VEC_GROW(kc->defs_of, nsyms);
	VEC_GROW(kc->selected_by, nsyms);
	memset(kc->defs_of.v, 0, nsyms * sizeof(kc->defs_of.v[0]));
	memset(kc->selected_by.v, 0, nsyms * sizeof(kc->selected_by.v[0]));
	kc->defs_of.n = kc->selected_by.n = nsyms;
	for (size_t i = 0; i < kc->defs.n; i++) {
		const struct kc_def *d = &kc->defs.v[i];
		VEC_PUSH(kc->defs_of.v[d->sym], i);
		for (size_t k = 0; k < d->selects.n; k++) {
			struct kc_selected_by by = { i, k };
			VEC_PUSH(kc->selected_by.v[d->selects.v[k].target], by);
		}
	}
	kc->memo_syms = nsyms;
	kc->memo = xcalloc(nsyms * (kc->arches.n ? kc->arches.n : 1), 1);
	kc->compile_test = strpool_find(kc->names, "COMPILE_TEST");
}

static unsigned symbol_facts(struct kconfig *kc, str_id sym, int arch);

/* CAN_Y / CAN_N of an expression (-1: true). */
static unsigned expr_facts(struct kconfig *kc, int x, int arch)
{
	if (x < 0)
		return CAN_Y;
	const struct kc_expr *e = &kc->exprs.v[x];
	unsigned a, b;

	switch (e->op) {
	case KC_YES: return CAN_Y;
	case KC_NO: return CAN_N;
	case KC_UNKNOWN: return CAN_Y | CAN_N;
	case KC_SYM: return symbol_facts(kc, e->sym, arch);
	case KC_NOT:
		a = expr_facts(kc, e->a, arch);
		return (a & CAN_Y ? CAN_N : 0) | (a & CAN_N ? CAN_Y : 0);
	case KC_AND:
		a = expr_facts(kc, e->a, arch);
		b = expr_facts(kc, e->b, arch);
		return ((a & b) & CAN_Y) | ((a | b) & CAN_N);
	case KC_OR:
		a = expr_facts(kc, e->a, arch);
		b = expr_facts(kc, e->b, arch);
		return ((a | b) & CAN_Y) | ((a & b) & CAN_N);
	}
	return CAN_Y | CAN_N;
}

static bool seen_on(const struct kc_def *d, int arch)
{
	return d->arch == KC_COMMON || d->arch == arch;
}

/* The facts from the symbol's own definitions seen on arch. */
static unsigned own_facts(struct kconfig *kc, str_id sym, int arch, bool *forced)
{
	unsigned f = 0;

	*forced = false;
	for (size_t i = 0; i < kc->defs_of.v[sym].n; i++) {
		const struct kc_def *d = &kc->defs.v[kc->defs_of.v[sym].v[i]];
		if (!seen_on(d, arch))
			continue;
		unsigned dep = expr_facts(kc, d->dep, arch);
		if ((dep & CAN_Y) && (d->prompt || (d->default_y && (expr_facts(kc, d->default_y, arch) & CAN_Y))))
			f |= CAN_Y;
		if (d->always_y && !d->prompt && !d->in_choice && !(dep & CAN_N))
			*forced = true;
	}
	return f;
}

/* The facts from the selects that name the symbol. */
static unsigned selected_facts(struct kconfig *kc, str_id sym, int arch, bool *forced)
{
	unsigned f = 0;

	*forced = false;
	for (size_t i = 0; i < kc->selected_by.v[sym].n; i++) {
		const struct kc_selected_by *by = &kc->selected_by.v[sym].v[i];
		const struct kc_def *d = &kc->defs.v[by->def];
		if (!seen_on(d, arch))
			continue;
		unsigned who = symbol_facts(kc, d->sym, arch);
		unsigned cond = expr_facts(kc, d->selects.v[by->select].cond, arch);
		if ((who & CAN_Y) && (cond & CAN_Y))
			f |= CAN_Y;
		if (!(who & CAN_N) && !(cond & CAN_N))
			*forced = true;
	}
	return f;
}

/* CAN_Y / CAN_N of a symbol on arch, memoized.  A symbol met again while
 * it is being computed (a dependency cycle) may be anything. */
static unsigned symbol_facts(struct kconfig *kc, str_id sym, int arch)
{
	if (!sym || sym >= kc->memo_syms)
		return CAN_N;
	if (sym == kc->compile_test)
		return CAN_N;
	uint8_t *m = &kc->memo[(size_t)arch * kc->memo_syms + sym];
	if (*m & DONE)
		return *m & (CAN_Y | CAN_N);
	if ((*m & BUSY) || kc->depth >= KC_MAX_EVAL_DEPTH)
		return CAN_Y | CAN_N;
	*m |= BUSY;
	kc->depth++;
	bool forced_def, forced_sel;
	unsigned f = own_facts(kc, sym, arch, &forced_def);
	f |= selected_facts(kc, sym, arch, &forced_sel);
	kc->depth--;
	if (!forced_def && !forced_sel)
		f |= CAN_N;
	else
		f |= CAN_Y;
	*m = (uint8_t)(f | DONE);
	return f;
}

uint32_t kconfig_arches(struct kconfig *kc, const char *symbol)
{
	str_id sym = strpool_find(kc->names, symbol);
	uint32_t mask = 0;

	if (!sym)
		return 0;
	for (size_t a = 0; a < kc->arches.n; a++)
		if (symbol_facts(kc, sym, (int)a) & CAN_Y)
			mask |= 1u << a;
	return mask;
}

size_t kconfig_narches(const struct kconfig *kc)
{
	return kc->arches.n;
}

const char *kconfig_arch(const struct kconfig *kc, size_t i)
{
	assert(i < kc->arches.n);
	return kc->arches.v[i];
}

bool kconfig_defines(const struct kconfig *kc, const char *symbol)
{
	str_id sym = strpool_find(kc->names, symbol);

	return sym && sym < kc->defs_of.n && kc->defs_of.v[sym].n > 0;
}

size_t kconfig_nfiles(const struct kconfig *kc)
{
	return kc->files.n;
}

const char *kconfig_file(const struct kconfig *kc, size_t i)
{
	return i < kc->files.n ? kc->files.v[i] : NULL;
}

void kconfig_each_symbol(struct kconfig *kc, void (*fn)(void *arg, const char *name), void *arg)
{
	for (size_t s = 1; s < kc->defs_of.n; s++)
		if (kc->defs_of.v[s].n)
			fn(arg, strpool_str(kc->names, (str_id)s));
}
