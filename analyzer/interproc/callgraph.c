/*
 * callgraph.c - the program's functions, how calls resolve to them, and the
 * bottom-up solve over strongly connected components.
 *
 * A direct call to `f` from file F resolves to F's static f, else to the
 * global f of any unit, else to a summary the lookup callback finds (the
 * database: other files, earlier runs).  A global f is keyed by its module,
 * "DIR|f" with DIR the directory of its file (a kernel module's Makefile
 * directory, mostly): two modules that each define an f of their own, like
 * e1000 and e1000e, do not replace each other's summary in the database.
 * An indirect call through slot "struct tg3::write32" resolves to every
 * function stored into that field anywhere in the program.  Because every
 * unit is added before solving and resolution only depends on names, the
 * result does not depend on the order files were given in.
 */
#include "interproc.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

void ipa_init(struct ipa_program *p, struct strpool *strings, const struct rules *r)
{
	memset(p, 0, sizeof(*p));
	p->strings = strings;
	p->rules = r;
	p->keep_budget = IPA_KEEP_EXPANDED_NODES;
}

void ipa_free(struct ipa_program *p)
{
	for (size_t i = 0; i < p->fns.n; i++) {
		ir_fn_free(p->fns.v[i].summary);
		ir_fn_free(p->fns.v[i].expanded);
		VEC_FREE(p->fns.v[i].callees);
		VEC_FREE(p->fns.v[i].named_by);
	}
	VEC_FREE(p->fns);
	VEC_FREE(p->units);
	VEC_FREE(p->unit_base);
	VEC_FREE(p->fnptrs);
	VEC_FREE(p->slot_names);
	VEC_FREE(p->block_size);
	VEC_FREE(p->store_head);
	VEC_FREE(p->store_tail);
	VEC_FREE(p->store_next);
	VEC_FREE(p->is_guard);
	VEC_FREE(p->private_records);
	VEC_FREE(p->called_slots);
	free(p->reaches_root);
	free(p->observed_names);
	free(p->asked);
	free(p->by_key);
}

static const char *S(const struct ipa_program *p, str_id id)
{
	const char *s = strpool_str(p->strings, id);
	return s ? s : "";
}

/* The slot's name split the way ipa_slot_matches() reads it. */
static struct ipa_slot_name slot_name_of(const struct ipa_program *p, str_id slot)
{
	const char *text = S(p, slot), *sep = strstr(text, "::");
	const char *short_name = sep ? sep + 2 : text;

	return (struct ipa_slot_name){ slot, sep != NULL, hash_bytes(short_name, strlen(short_name), HASH_SEED) };
}

/* Remember fns index `fi` under `key`; the first definition wins. */
static void index_key(struct ipa_program *p, str_id key, uint32_t fi)
{
	if (key >= p->nby_key) {
		size_t n = p->nby_key ? p->nby_key : 64;
		while (n <= key)
			n *= 2;
		p->by_key = xrealloc(p->by_key, n * sizeof(*p->by_key));
		memset(p->by_key + p->nby_key, 0, (n - p->nby_key) * sizeof(*p->by_key));
		p->nby_key = n;
	}
	if (!p->by_key[key])
		p->by_key[key] = fi + 1;
}

static int by_key(const struct ipa_program *p, str_id key)
{
	return key && key < p->nby_key ? (int)p->by_key[key] - 1 : -1;
}

static str_id static_key(struct ipa_program *p, str_id file, str_id name)
{
	char *k = xasprintf("%s:%s", S(p, file), S(p, name));
	str_id id = strpool_intern(p->strings, k);
	free(k);
	return id;
}

str_id ipa_module_key(struct ipa_program *p, str_id file, str_id name)
{
	const char *f = S(p, file), *slash = strrchr(f, '/');
	char *k = slash ? xasprintf("%.*s|%s", (int)(slash - f), f, S(p, name)) : xasprintf(".|%s", S(p, name));
	str_id id = strpool_intern(p->strings, k);
	free(k);
	return id;
}

/* Add a function under its key; a global one under its name too (calls
 * resolve by name within the program). */
static uint32_t add_fn(struct ipa_program *p, struct ir_unit *u, struct ir_function *fn,
		       str_id name, str_id key, str_id file, bool global)
{
	struct ipa_fn f;

	memset(&f, 0, sizeof(f));
	f.unit = u;
	f.fn = fn;
	f.name = name;
	f.key = key;
	f.file = file;
	f.index = -1;
	VEC_PUSH(p->fns, f);
	index_key(p, key, (uint32_t)(p->fns.n - 1));
	if (global)
		index_key(p, name, (uint32_t)(p->fns.n - 1));
	return (uint32_t)(p->fns.n - 1);
}

/* The key of a driver header's static function: its header, name and
 * the fingerprint of the function as lowered, so two units share it only
 * when they saw the same function after preprocessing (a -D that changes
 * a macro in its body gives another key). */
static str_id header_key(struct ipa_program *p, const struct ir_function *fn)
{
	char *k = xasprintf("%s:%s#%016llx", S(p, fn->def_file), S(p, fn->name),
			    (unsigned long long)ipa_fn_fingerprint(p, fn));
	str_id id = strpool_intern(p->strings, k);
	free(k);
	return id;
}


/* Were stores a and b made in one block (ir_fnptr.block)? */
static bool same_block(const struct ir_fnptr *a, const struct ir_fnptr *b)
{
	return a->block.file == b->block.file && a->block.line == b->block.line && a->block.col == b->block.col;
}

/* How many of the unit's slot stores fp's block makes (a block is one
 * statement or initializer, so all of them are in fp's unit). */
static uint32_t count_block(const struct ir_unit *u, const struct ir_fnptr *fp)
{
	uint32_t n = 0;

	for (size_t i = 0; i < u->fnptrs.n; i++)
		n += !u->fnptrs.v[i].registration && same_block(&u->fnptrs.v[i], fp);
	return n;
}

/* Append the store just pushed to p->fnptrs to the list of `name`'s
 * stores (ipa_first_store()). */
static void link_store(struct ipa_program *p, str_id name)
{
	uint32_t id = (uint32_t)p->fnptrs.n;

	while (p->store_head.n <= name) {
		VEC_PUSH(p->store_head, 0);
		VEC_PUSH(p->store_tail, 0);
	}
	VEC_PUSH(p->store_next, 0);
	if (p->store_tail.v[name])
		p->store_next.v[p->store_tail.v[name] - 1] = id;
	else
		p->store_head.v[name] = id;
	p->store_tail.v[name] = id;
}

/*
 * A header function of a unit: the first unit that defines it (the same
 * key: the same function after preprocessing) owns it; a later unit's copy
 * is not solved again (no graph) and its calls resolve to the first one.  Either way the unit finds it under its own
 * static key, like a static function of the file.
 */
static void add_header_fn(struct ipa_program *p, struct ir_unit *u, struct ir_function *fn, str_id file)
{
	str_id key = header_key(p, fn);
	int first = by_key(p, key);
	uint32_t fi = add_fn(p, u, first < 0 ? fn : NULL, fn->name, key, file, false);

	index_key(p, static_key(p, file, fn->name), first < 0 ? fi : (uint32_t)first);
}

void ipa_add_unit(struct ipa_program *p, struct ir_unit *u, const char *display)
{
	str_id file = strpool_intern(p->strings, display);

	VEC_PUSH(p->units, u);
	VEC_PUSH(p->unit_base, (uint32_t)p->fns.n);
	for (size_t i = 0; i < u->functions.n; i++) {
		struct ir_function *fn = u->functions.v[i];
		if (fn->def_file) {
			add_header_fn(p, u, fn, file);
			continue;
		}
		str_id key = fn->is_static ? static_key(p, file, fn->name) : ipa_module_key(p, file, fn->name);
		add_fn(p, u, fn, fn->name, key, file, !fn->is_static);
	}
	for (size_t i = 0; i < u->private_records.n; i++)
		VEC_PUSH(p->private_records, u->private_records.v[i]);
	for (size_t i = 0; i < u->fnptrs.n; i++) {
		struct ir_fnptr fp = u->fnptrs.v[i];
		fp.loc.file = file;	/* resolution scope: the storing file */
		VEC_PUSH(p->fnptrs, fp);
		VEC_PUSH(p->slot_names, slot_name_of(p, fp.slot));
		VEC_PUSH(p->block_size, count_block(u, &u->fnptrs.v[i]));
		link_store(p, fp.function);
		while (fp.guard && p->is_guard.n <= fp.guard)
			VEC_PUSH(p->is_guard, 0);
		if (fp.guard)
			p->is_guard.v[fp.guard] = 1;
	}
}

int ipa_find(const struct ipa_program *p, const struct ir_function *fn)
{
	for (size_t i = 0; i < p->fns.n; i++)
		if (p->fns.v[i].fn == fn)
			return (int)i;
	return -1;
}

/* Has lookup been asked for name?  Marks it asked.  A run calls
 * thousands of kernel functions no unit defines, each many times. */
static bool asked_before(struct ipa_program *p, str_id name)
{
	if (name >= p->nasked) {
		size_t n = p->nasked ? p->nasked : 64;
		while (n <= name)
			n *= 2;
		p->asked = xrealloc(p->asked, n);
		memset(p->asked + p->nasked, 0, n - p->nasked);
		p->nasked = n;
	}
	if (p->asked[name])
		return true;
	p->asked[name] = 1;
	return false;
}

/* Resolve a function name as seen from `file`; -1 when unknown. */
static int resolve_name(struct ipa_program *p, str_id file, str_id name)
{
	int fi;
	char *k = xasprintf("%s:%s", S(p, file), S(p, name));
	str_id key = strpool_find(p->strings, k);
	free(k);
	if ((fi = by_key(p, key)) >= 0)
		return fi;
	if ((fi = by_key(p, name)) >= 0)
		return fi;
	if (asked_before(p, name))
		return -1;	/* not found then */
	if (!p->lookup)
		return -1;
	char *found = NULL;
	str_id mkey = ipa_module_key(p, file, name);
	struct ir_function *s = p->lookup(p->lookup_ctx, S(p, mkey), S(p, name), p->strings, &found);
	if (!s) {
		free(found);
		return -1;
	}
	uint32_t ni = add_fn(p, NULL, NULL, name, strpool_intern(p->strings, found ? found : S(p, mkey)), 0, true);
	free(found);
	p->fns.v[ni].summary = s;
	p->fns.v[ni].external = true;
	p->fns.v[ni].hash = ipa_summary_hash(p, s);
	return (int)ni;
}

/* "struct tg3::write32" and "write32" name the same slot when one side
 * does not know the struct type. */
bool ipa_slot_matches(const char *a, const char *b)
{
	if (!strcmp(a, b))
		return true;
	const char *ca = strstr(a, "::"), *cb = strstr(b, "::");
	if (ca && !cb)
		return !strcmp(ca + 2, b);
	if (cb && !ca)
		return !strcmp(cb + 2, a);
	return false;
}

/* ipa_slot_matches() of two split names: by their ids and short names'
 * hashes, the text compared only when those say they may match. */
static bool slot_names_match(const struct ipa_program *p, const struct ipa_slot_name *a,
			     const struct ipa_slot_name *b)
{
	if (a->id == b->id)
		return true;
	if (a->qualified == b->qualified || a->short_hash != b->short_hash)
		return false;
	return ipa_slot_matches(S(p, a->id), S(p, b->id));
}

/*
 * Does the program (file 0), or that file, store an implementation into
 * the slot?  A file that does calls its own through the slot: 8390/'s
 * axnet_cs.c and pcnet_cs.c each fill struct ei_device's block_output
 * with their own function, and are two modules in one directory, one
 * program under -p.
 */
static bool slot_stored_in(const struct ipa_program *p, const struct ipa_slot_name *slot, str_id file)
{
	for (size_t i = 0; i < p->fnptrs.n; i++) {
		const struct ir_fnptr *fp = &p->fnptrs.v[i];
		if (!fp->registration && (!file || fp->loc.file == file) &&
		    slot_names_match(p, slot, &p->slot_names.v[i]))
			return true;
	}
	return false;
}

bool ipa_slot_stored(const struct ipa_program *p, str_id slot)
{
	struct ipa_slot_name name = slot_name_of(p, slot);

	return slot_stored_in(p, &name, 0);
}

/* The function store i of fnptrs puts into the slot of an indirect call
 * through `slot` in `file`, or -1 when the call cannot reach it that way:
 * a registration is not a store into a slot, and a file that stores into
 * the slot (own_file) calls its own and the tables other files export
 * to it (sdhci-pci-core.c's `chip->fixes->suspend` reaches its own
 * fixes and sdhci-pci-gli.c's extern `sdhci_gl9763e`). */
static int store_target(struct ipa_program *p, const struct ipa_slot_name *slot, bool own_file, str_id file,
			size_t i)
{
	const struct ir_fnptr *fp = &p->fnptrs.v[i];

	if (fp->registration || !slot_names_match(p, slot, &p->slot_names.v[i]))
		return -1;
	if (own_file && fp->loc.file != file && !fp->exported)
		return -1;
	return resolve_name(p, fp->loc.file, fp->function);
}

/*
 * The functions an IR_CALL node can reach: one for a resolved direct call,
 * the implementations stored into the slot for an indirect one (those of
 * the caller's file when it stores any).  Returns
 * the count written to out (at most IPA_MAX_TARGETS); *unknown is set when
 * the call may also go somewhere we do not know.
 */
int ipa_call_targets(struct ipa_program *p, str_id file, const struct ir_node *c, uint32_t *out,
		     bool *unknown)
{
	int n = 0;

	*unknown = false;
	if (!c->callee) {
		*unknown = c->indirect;
		return 0;
	}
	if (!c->indirect) {
		int fi = resolve_name(p, file, c->callee);
		if (fi >= 0)
			out[n++] = (uint32_t)fi;
		return n;
	}
	struct ipa_slot_name slot = slot_name_of(p, c->callee);
	bool own_file = file && slot_stored_in(p, &slot, file);
	for (size_t i = 0; i < p->fnptrs.n; i++) {
		int fi = store_target(p, &slot, own_file, file, i);
		bool dup = fi < 0;
		for (int k = 0; k < n && !dup; k++)
			dup = out[k] == (uint32_t)fi;
		if (dup)
			continue;
		if (n == IPA_MAX_TARGETS) {
			/* a framework-wide interface (mmc_host_ops.request of
			 * every host driver seen): following an arbitrary
			 * subset would invent paths, so it is an unknown call */
			*unknown = true;
			return 0;
		}
		out[n++] = (uint32_t)fi;
	}
	if (!n)
		*unknown = true;
	return n;
}

/* A lookup in is_guard, which ipa_add_unit() fills. */
bool ipa_is_guard(const struct ipa_program *p, str_id key)
{
	return key && key < p->is_guard.n && p->is_guard.v[key];
}

/*
 * The one slot function fi is stored into (registrations aside), or 0
 * when it is stored into none or into several: the way the program
 * reaches a function that nothing calls directly.
 */
uint32_t ipa_first_store(const struct ipa_program *p, str_id name)
{
	return name < p->store_head.n ? p->store_head.v[name] : 0;
}

uint32_t ipa_next_store(const struct ipa_program *p, uint32_t store)
{
	assert(store && store <= p->store_next.n);
	return p->store_next.v[store - 1];
}

str_id ipa_only_slot(struct ipa_program *p, uint32_t fi)
{
	str_id slot = 0;

	for (uint32_t s = ipa_first_store(p, p->fns.v[fi].name); s; s = ipa_next_store(p, s)) {
		const struct ir_fnptr *fp = &p->fnptrs.v[s - 1];
		if (fp->registration || resolve_name(p, fp->loc.file, fp->function) != (int)fi)
			continue;
		if (slot && slot != fp->slot)
			return 0;
		slot = fp->slot;
	}
	return slot;
}

/* Is function fi stored into a slot or passed as a pointer anywhere? */
bool ipa_stored_as_pointer(struct ipa_program *p, uint32_t fi)
{
	for (uint32_t s = ipa_first_store(p, p->fns.v[fi].name); s; s = ipa_next_store(p, s)) {
		const struct ir_fnptr *fp = &p->fnptrs.v[s - 1];
		if (resolve_name(p, fp->loc.file, fp->function) == (int)fi)
			return true;
	}
	return false;
}

#define ANCHOR_MAX_CHAIN 64	/* callers walked for one function, at most */

/*
 * jsm's neo_parse_isr() is static and called only by neo_intr(), which
 * runs only as jsm_neo_ops.intr: its checks start from the choice of that
 * table, as neo_intr()'s do (splice.c add_slot_entry), so its calls
 * through the board's other slots take the neo functions.  The anchor is
 * the one function with no callers by name that every chain of callers
 * by name leads to, through static functions that are never stored as
 * pointers; fi itself when nothing calls it by name.
 */
uint32_t ipa_entry_anchor(struct ipa_program *p, uint32_t fi)
{
	if (!p->fns.v[fi].direct_callers)
		return fi;	/* most functions checked: no walk, no allocation */

	VEC(uint32_t) todo = VEC_INIT;
	uint8_t *seen = xcalloc(p->fns.n, 1);
	uint32_t anchor = IR_NONE;
	size_t walked = 0;
	bool ok = true;

	VEC_PUSH(todo, fi);
	seen[fi] = 1;
	while (todo.n && ok) {
		uint32_t f = todo.v[--todo.n];
		const struct ipa_fn *pf = &p->fns.v[f];
		if (!pf->direct_callers) {
			ok = anchor == IR_NONE || anchor == f;
			anchor = f;
			continue;
		}
		ok = pf->fn && pf->fn->is_static && !ipa_stored_as_pointer(p, f) && ++walked <= ANCHOR_MAX_CHAIN;
		for (size_t k = 0; ok && k < pf->named_by.n; k++)
			if (!seen[pf->named_by.v[k]]) {
				seen[pf->named_by.v[k]] = 1;
				VEC_PUSH(todo, pf->named_by.v[k]);
			}
	}
	VEC_FREE(todo);
	free(seen);
	return ok ? anchor : IR_NONE;
}

/* The place of store a against store b in the program: by file, then
 * line and column (the block's, then the store's own). */
static int cmp_store_place(const struct ipa_program *p, const struct ir_fnptr *a, const struct ir_fnptr *b)
{
	const struct ir_loc *la[2] = { &a->block, &a->loc }, *lb[2] = { &b->block, &b->loc };

	for (int k = 0; k < 2; k++) {
		int d = strcmp(la[k]->file ? S(p, la[k]->file) : "", lb[k]->file ? S(p, lb[k]->file) : "");
		if (d)
			return d;
		if (la[k]->line != lb[k]->line)
			return la[k]->line < lb[k]->line ? -1 : 1;
		if (la[k]->col != lb[k]->col)
			return la[k]->col < lb[k]->col ? -1 : 1;
	}
	return 0;
}


/*
 * The order in which calls test the blocks of stores: the defaults last
 * (tg3_get_invariants()'s `tp->read32 = tg3_read32; ...` at the top of its
 * body, which every later block overrides), the blocks that store more
 * first, then the latest.  Any one order, the same for every slot,
 * chooses the slots two blocks both fill from one of them on a path
 * (interproc/splice.c); bigger first also ties a block that fills one
 * slot to the bigger blocks it overrides: tg3_chip_reset()'s temporary
 * `tp->write32 = tg3_write32` is then never taken with the ICH_WORKAROUND
 * block's read32.  Among blocks of one size the latest goes first, as the
 * store that wins when both run.  Negative when a goes first.
 */
static int cmp_choice(const struct ipa_program *p, const struct ir_fnptr *a, const struct ir_fnptr *b)
{
	uint32_t sa = p->block_size.v[a - p->fnptrs.v], sb = p->block_size.v[b - p->fnptrs.v];

	if (a->unconditional != b->unconditional)
		return a->unconditional ? 1 : -1;
	if (sa != sb)
		return sa > sb ? -1 : 1;
	return -cmp_store_place(p, a, b);
}

/*
 * The choices of an indirect call, one per block of stores into its slot
 * (a block's last store into the slot standing for it), in cmp_choice()
 * order.  Only choices whose target is among targets[0..nt) are kept.
 * Returns how many, 0 when the call has more than IPA_MAX_CHOICES.
 */
int ipa_call_choices(struct ipa_program *p, str_id file, const struct ir_node *c, const uint32_t *targets, int nt,
		     struct ipa_choice *out)
{
	if (!c->indirect || !c->callee)
		return 0;
	struct ipa_slot_name slot = slot_name_of(p, c->callee);
	bool own_file = file && slot_stored_in(p, &slot, file);
	int n = 0;

	for (size_t i = 0; i < p->fnptrs.n; i++) {
		const struct ir_fnptr *fp = &p->fnptrs.v[i];
		int fi = store_target(p, &slot, own_file, file, i);
		bool kept = false;
		for (int k = 0; k < nt && fi >= 0; k++)
			kept |= targets[k] == (uint32_t)fi;
		if (!kept)
			continue;
		if (n == IPA_MAX_CHOICES)
			return 0;
		int at = n++;	/* insertion: in choice order */
		while (at > 0 && cmp_choice(p, out[at - 1].store, fp) > 0) {
			out[at] = out[at - 1];
			at--;
		}
		out[at].target = (uint32_t)fi;
		out[at].store = fp;
	}
	int kept = 0;
	for (int i = 0; i < n; i++)
		if (!kept || !same_block(out[kept - 1].store, out[i].store))
			out[kept++] = out[i];
	return kept;
}

/* The branch that tests the result of call node k: the first node past
 * k's NOPs, when it is a branch on rv; else IR_NONE. */
static uint32_t result_branch(const struct ir_function *fn, uint32_t k, str_id rv)
{
	for (int hops = 0; hops < 8; hops++) {
		uint32_t ns;
		const struct ir_edge *e = ir_succs(fn, k, &ns);
		if (ns != 1)
			return IR_NONE;
		k = e[0].to;
		if (fn->nodes.v[k].op == IR_BRANCH)
			return fn->nodes.v[k].cond == rv ? k : IR_NONE;
		if (fn->nodes.v[k].op != IR_NOP)
			return IR_NONE;
	}
	return IR_NONE;
}

/*
 * A branch on the result of a call of a pure predicate defined in another
 * file of the program (bnx2x_tlv_supported() is bnx2x_vfpf.c's, tested in
 * bnx2x_sriov.c) is keyed by the call's text, as the frontend keys one it
 * sees the body of (frontend/purecall.c): the calling file's frontend
 * could not tell.  Before the summaries, so they carry the key.
 */
static void key_pure_calls(struct ipa_program *p)
{
	str_id rv = strpool_find(p->strings, IR_KEY_RESULT);
	size_t nlocal = p->fns.n;	/* lookups may append external fns */

	for (size_t i = 0; rv && i < nlocal; i++) {
		struct ir_function *fn = p->fns.v[i].fn;
		for (uint32_t k = 0; fn && k < fn->nodes.n; k++) {
			const struct ir_node *n = &fn->nodes.v[k];
			if (n->op != IR_CALL || n->indirect || !n->pure_key || n->cond != rv)
				continue;
			int t = resolve_name(p, p->fns.v[i].file, n->callee);
			if (t < 0 || !p->fns.v[t].fn || !p->fns.v[t].fn->pure_predicate)
				continue;
			uint32_t b = result_branch(fn, k, rv);
			if (b != IR_NONE)
				fn->nodes.v[b].cond = n->pure_key;
		}
	}
}

/* Fill every function's callee list (and the callers' has_callers). */
static void build_edges(struct ipa_program *p)
{
	size_t nlocal = p->fns.n;	/* lookups may append external fns */

	for (size_t i = 0; i < nlocal; i++) {
		struct ir_function *fn = p->fns.v[i].fn;
		int unknown_calls = 0;
		if (!fn)
			continue;
		for (size_t k = 0; k < fn->nodes.n; k++) {
			uint32_t t[IPA_MAX_TARGETS];
			bool unknown;
			if (fn->nodes.v[k].op != IR_CALL)
				continue;
			int n = ipa_call_targets(p, p->fns.v[i].file, &fn->nodes.v[k], t, &unknown);
			unknown_calls += unknown && fn->nodes.v[k].indirect;
			for (int j = 0; j < n; j++) {
				VEC_PUSH(p->fns.v[i].callees, t[j]);
				p->fns.v[t[j]].has_callers = true;
				p->fns.v[t[j]].direct_callers |= !fn->nodes.v[k].indirect;
				if (!fn->nodes.v[k].indirect)
					VEC_PUSH(p->fns.v[t[j]].named_by, (uint32_t)i);
			}
		}
		p->fns.v[i].unknown_calls = unknown_calls;
	}
}

/* Hand function fi's kept expansion to the caller, its nodes given back to
 * the budget. */
struct ir_function *ipa_take_expansion(struct ipa_program *p, uint32_t fi)
{
	struct ir_function *x = p->fns.v[fi].expanded;

	if (x) {
		assert(p->kept_nodes >= x->nodes.n);
		p->kept_nodes -= x->nodes.n;
		p->fns.v[fi].expanded = NULL;
	}
	return x;
}

/* Keep x, function fi's expansion just reduced to its summary, for its
 * checks, which would splice the same callees' summaries the same way: when
 * fi is one the checks run on (a unit's own function, not a driver
 * header's) and the kept expansions stay within p->keep_budget nodes;
 * else free it.  A recursive component's later round replaces it. */
static void keep_expansion(struct ipa_program *p, uint32_t fi, struct ir_function *x)
{
	ir_fn_free(ipa_take_expansion(p, fi));
	if (p->fns.v[fi].fn->def_file || p->kept_nodes + x->nodes.n > p->keep_budget) {
		ir_fn_free(x);
		return;
	}
	p->kept_nodes += x->nodes.n;
	p->fns.v[fi].expanded = x;
}

/* Summarize one function from its callees' current summaries; true if the
 * summary changed.  A function with a parse error keeps none: what clang
 * dropped from its body could be any write or unlock, so its callers see
 * an unknown call rather than a summary that could invent a finding. */
bool ipa_summarize(struct ipa_program *p, uint32_t fi)
{
	struct ipa_fn *f = &p->fns.v[fi];
	bool capped = false;

	if (!f->fn || f->external || f->fn->parse_errors)
		return false;
	struct ir_function *x = ipa_splice(p, fi, false);
	struct ir_function *s = ipa_reduce(p, x, f->name, &capped);
	keep_expansion(p, fi, x);
	f = &p->fns.v[fi];
	uint64_t h = s ? ipa_summary_hash(p, s) : 0;
	bool changed = h != f->hash;
	ir_fn_free(f->summary);
	f->summary = s;
	f->hash = h;
	f->capped = capped;
	return changed;
}

struct tarjan {
	struct ipa_program *p;
	VEC(uint32_t) stack;
	int counter;
};

/* Solve one strongly connected component (callees are already solved). */
static void solve_scc(struct ipa_program *p, const uint32_t *members, size_t n)
{
	bool recursive = n > 1;

	for (size_t k = 0; k < p->fns.v[members[0]].callees.n && !recursive; k++)
		recursive = p->fns.v[members[0]].callees.v[k] == members[0];
	if (!recursive) {
		/* a header function's summary may come from the database; in
		 * a recursive component every member is solved together */
		const struct ir_function *fn = p->fns.v[members[0]].fn;
		if (fn && fn->def_file && !p->fns.v[members[0]].external)
			ipa_summarize_header(p, members[0]);
		else
			ipa_summarize(p, members[0]);
		return;
	}
	for (int round = 0; round < IPA_MAX_ROUNDS; round++) {
		bool changed = false;
		for (size_t i = 0; i < n; i++)
			changed |= ipa_summarize(p, members[i]);
		if (!changed)
			return;
	}
	for (size_t i = 0; i < n; i++) {
		p->fns.v[members[i]].capped = true;	/* did not settle: say so */
		/* and its last round's expansions used summaries since changed */
		ir_fn_free(ipa_take_expansion(p, members[i]));
	}
}

static void strongconnect(struct tarjan *T, uint32_t v)
{
	struct ipa_program *p = T->p;

	p->fns.v[v].index = p->fns.v[v].low = T->counter++;
	VEC_PUSH(T->stack, v);
	p->fns.v[v].on_stack = true;
	for (size_t k = 0; k < p->fns.v[v].callees.n; k++) {
		uint32_t w = p->fns.v[v].callees.v[k];
		if (p->fns.v[w].index < 0) {
			strongconnect(T, w);
			if (p->fns.v[w].low < p->fns.v[v].low)
				p->fns.v[v].low = p->fns.v[w].low;
		} else if (p->fns.v[w].on_stack && p->fns.v[w].index < p->fns.v[v].low) {
			p->fns.v[v].low = p->fns.v[w].index;
		}
	}
	if (p->fns.v[v].low != p->fns.v[v].index)
		return;
	size_t top = T->stack.n;
	size_t bottom = top;
	do {
		bottom--;
		p->fns.v[T->stack.v[bottom]].on_stack = false;
	} while (T->stack.v[bottom] != v);
	/* sort members by index so rounds do not depend on discovery order */
	uint32_t *m = T->stack.v + bottom;
	size_t n = top - bottom;
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && m[j - 1] > m[j]; j--) {
			uint32_t t = m[j];
			m[j] = m[j - 1];
			m[j - 1] = t;
		}
	solve_scc(p, m, n);
	T->stack.n = bottom;
}

void ipa_solve(struct ipa_program *p)
{
	struct tarjan T = { p, VEC_INIT, 0 };

	key_pure_calls(p);
	build_edges(p);
	for (size_t i = 0; i < p->fns.n; i++)
		if (p->fns.v[i].index < 0)
			strongconnect(&T, (uint32_t)i);
	VEC_FREE(T.stack);
}
