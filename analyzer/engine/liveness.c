/*
 * liveness.c - live correlation keys per CFG node (see liveness.h).
 */
#include "liveness.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* qsort/bsearch order of keys. */
static int cmp_key(const void *a, const void *b)
{
	str_id x = *(const str_id *)a, y = *(const str_id *)b;
	return x < y ? -1 : x > y;
}

/* The key node n reads (0: none); a node reads at most one. */
static str_id read_key(const struct ir_node *n, str_id return_key)
{
	switch (n->op) {
	case IR_BRANCH:
		return n->cond;
	case IR_ASSIGN:
		return n->truth == IR_TRUTH_COPY ? n->cond_src : 0;
	case IR_RETURN:
		return return_key;
	default:
		return 0;
	}
}

/* The key node n overwrites or forgets on every way out (0: none). */
static str_id killed_key(const struct ir_node *n)
{
	switch (n->op) {
	case IR_ASSIGN:
	case IR_TRYACQUIRE:
	case IR_CALL:
		return n->cond;
	default:
		return 0;
	}
}

/* Slot of key in L->slots: where it is, or the empty slot it would take. */
static size_t key_slot(const struct fact_liveness *L, str_id key)
{
	size_t mask = L->nslots - 1, i = ((size_t)key * 0x9E3779B97F4A7C15ULL >> 20) & mask;

	while (L->slots[i].key && L->slots[i].key != key)
		i = (i + 1) & mask;
	return i;
}

/* Index of key in L->keys, or -1 when no node reads it: a hash probe, as
 * the engine asks for every fact of every state it visits. */
static long key_index(const struct fact_liveness *L, str_id key)
{
	if (!key || !L->nslots)
		return -1;
	size_t i = key_slot(L, key);
	return L->slots[i].key ? (long)L->slots[i].index : -1;
}

/* Fill the hash of L->keys (at most half full). */
static void index_keys(struct fact_liveness *L)
{
	L->nslots = 16;
	while (L->nslots < 2 * L->nkeys)
		L->nslots *= 2;
	L->slots = xcalloc(L->nslots, sizeof(*L->slots));
	for (size_t k = 0; k < L->nkeys; k++) {
		size_t i = key_slot(L, L->keys[k]);
		L->slots[i].key = L->keys[k];
		L->slots[i].index = (uint32_t)k;
	}
}

/* The key node i reads, if it is not passed over (an inert node reads none)
 * and, for L->copies_only, if it is not a branch. */
static str_id node_reads(const struct fact_liveness *L, const struct ir_function *fn, uint32_t i,
			 str_id return_key)
{
	if ((L->inert && L->inert[i]) || (L->copies_only && fn->nodes.v[i].op == IR_BRANCH))
		return 0;
	return read_key(&fn->nodes.v[i], return_key);
}

/* The sorted, distinct keys that some node of fn reads. */
static void collect_keys(struct fact_liveness *L, const struct ir_function *fn, str_id return_key)
{
	size_t n = 0;

	L->keys = xcalloc(fn->nodes.n + 1, sizeof(*L->keys));
	for (size_t i = 0; i < fn->nodes.n; i++) {
		str_id k = node_reads(L, fn, (uint32_t)i, return_key);
		if (k)
			L->keys[n++] = k;
	}
	qsort(L->keys, n, sizeof(*L->keys), cmp_key);
	L->nkeys = 0;
	for (size_t i = 0; i < n; i++)
		if (!L->nkeys || L->keys[L->nkeys - 1] != L->keys[i])
			L->keys[L->nkeys++] = L->keys[i];
}

/*
 * Call scopes.  interproc/splice.c qualifies a spliced copy's keys with
 * the callee's name, level by level ("outer/inner/key"); the prefix of the
 * copy spliced at direct call node c is the callee names of c's chain of
 * call sites, outermost first, each followed by '/'.  Prefixes are matched
 * by a rolling hash of their bytes (util's hash_bytes(), FNV-1a from
 * HASH_SEED, which extends one byte at a time, so a call's hash is its
 * call site's extended by its own name), and a match is confirmed name by
 * name along the chain.
 */

/* A prefix hash as the memo keeps it: 0 and 1 are the memo's own. */
static uint64_t prefix_hash(uint64_t h)
{
	return h < 2 ? 2 : h;
}

/* The prefix hash of direct call node c (memo: 0 unknown, 1 no prefix: an
 * indirect call or a nameless one on the chain). */
static uint64_t call_hash(const struct ir_function *fn, const struct strpool *strings, uint32_t c,
			  uint64_t *memo)
{
	uint32_t chain[64];
	size_t n = 0;

	while (c != IR_NONE && !memo[c] && n < 64) {
		chain[n++] = c;
		c = fn->nodes.v[c].call_site;
	}
	uint64_t h = c == IR_NONE ? HASH_SEED : memo[c] ? memo[c] : 1;
	while (n--) {
		const struct ir_node *nd = &fn->nodes.v[chain[n]];
		const char *name = nd->op == IR_CALL && !nd->indirect ? strpool_str(strings, nd->callee) : NULL;
		h = h != 1 && name ? prefix_hash(hash_bytes("/", 1, hash_bytes(name, strlen(name), h))) : 1;
		memo[chain[n]] = h;
	}
	return h;
}

/* Does key begin with the prefix of call node c, exactly `len` bytes? */
static bool key_in_scope(const struct ir_function *fn, const struct strpool *strings, uint32_t c,
			 const char *key, size_t len)
{
	size_t end = len;

	for (; c != IR_NONE; c = fn->nodes.v[c].call_site) {
		const char *name = strpool_str(strings, fn->nodes.v[c].callee);
		size_t nl = name ? strlen(name) : 0;
		if (!name || end < nl + 1 || key[end - 1] != '/' || memcmp(key + end - 1 - nl, name, nl))
			return false;
		end -= nl + 1;
	}
	return end == 0;
}

struct scope_entry {
	uint64_t hash;
	uint32_t node;
};

static int cmp_scope_entry(const void *a, const void *b)
{
	const struct scope_entry *x = a, *y = b;

	return x->hash != y->hash ? (x->hash < y->hash ? -1 : 1) : (x->node > y->node) - (x->node < y->node);
}

struct scope_kill {
	uint32_t node;
	str_id key;
};

static int cmp_scope_kill(const void *a, const void *b)
{
	const struct scope_kill *x = a, *y = b;

	return x->node != y->node ? (x->node < y->node ? -1 : 1) : (x->key > y->key) - (x->key < y->key);
}

typedef VEC(struct scope_kill) scope_kill_vec;

/* Pair key with every direct call whose prefix it begins with. */
static void add_key_kills(const struct ir_function *fn, const struct strpool *strings,
			  const struct scope_entry *sc, size_t nsc, str_id key, scope_kill_vec *out)
{
	const char *t = strpool_str(strings, key);
	uint64_t h = HASH_SEED;

	for (size_t i = 0; t && t[i]; i++) {
		h = hash_bytes(&t[i], 1, h);
		if (t[i] != '/')
			continue;
		uint64_t want = prefix_hash(h);
		size_t lo = 0, hi = nsc;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (sc[mid].hash < want)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (size_t j = lo; j < nsc && sc[j].hash == want; j++)
			if (key_in_scope(fn, strings, sc[j].node, t, i + 1)) {
				struct scope_kill pair = { sc[j].node, key };
				VEC_PUSH(*out, pair);
			}
	}
}

/* The key node n reads that a call scope may hold: a branch's, a copy's
 * source (0: none). */
static str_id scoped_read(const struct ir_node *n)
{
	if (n->op == IR_BRANCH)
		return n->cond;
	return n->op == IR_ASSIGN && n->truth == IR_TRUTH_COPY ? n->cond_src : 0;
}

/* Is some key that fn reads qualified ("callee/...")?  Most functions
 * splice nothing with a test of its own: their scopes are not built. */
static bool has_qualified_key(const struct ir_function *fn, const struct strpool *strings)
{
	for (size_t i = 0; i < fn->nodes.n; i++) {
		str_id k = scoped_read(&fn->nodes.v[i]);
		const char *t = k ? strpool_str(strings, k) : NULL;
		if (t && strchr(t, '/'))
			return true;
	}
	return false;
}

/* Fill cs: hash the prefix of every direct call, then pair each key read
 * (once per key) with the calls whose prefix it begins with, in node
 * order. */
void call_scopes_compute(struct call_scopes *cs, const struct ir_function *fn, const struct strpool *strings)
{
	VEC(struct scope_entry) sc = VEC_INIT;
	scope_kill_vec kills = VEC_INIT;

	memset(cs, 0, sizeof(*cs));
	cs->off = xcalloc(fn->nodes.n + 1, sizeof(*cs->off));
	if (strings && has_qualified_key(fn, strings)) {
		uint64_t *memo = xcalloc(fn->nodes.n ? fn->nodes.n : 1, sizeof(*memo));
		for (uint32_t i = 0; i < fn->nodes.n; i++) {
			const struct ir_node *n = &fn->nodes.v[i];
			if (n->op != IR_CALL || n->indirect || !n->callee)
				continue;
			struct scope_entry e = { call_hash(fn, strings, i, memo), i };
			if (e.hash != 1)
				VEC_PUSH(sc, e);
		}
		free(memo);
		if (sc.n)
			qsort(sc.v, sc.n, sizeof(*sc.v), cmp_scope_entry);
		VEC(str_id) keys = VEC_INIT;	/* the keys read, each once */
		for (size_t i = 0; sc.n && i < fn->nodes.n; i++)
			if (scoped_read(&fn->nodes.v[i]))
				VEC_PUSH(keys, scoped_read(&fn->nodes.v[i]));
		if (keys.n)
			qsort(keys.v, keys.n, sizeof(*keys.v), cmp_key);
		for (size_t k = 0; k < keys.n; k++)
			if (!k || keys.v[k] != keys.v[k - 1])
				add_key_kills(fn, strings, sc.v, sc.n, keys.v[k], &kills);
		VEC_FREE(keys);
	}
	if (kills.n)
		qsort(kills.v, kills.n, sizeof(*kills.v), cmp_scope_kill);
	cs->keys = xcalloc(kills.n ? kills.n : 1, sizeof(*cs->keys));
	for (size_t j = 0; j < kills.n; j++) {
		cs->off[kills.v[j].node + 1]++;
		cs->keys[cs->nkeys++] = kills.v[j].key;
	}
	for (uint32_t i = 0; i < fn->nodes.n; i++)
		cs->off[i + 1] += cs->off[i];
	VEC_FREE(sc);
	VEC_FREE(kills);
}

/* Free what call_scopes_compute() made. */
void call_scopes_free(struct call_scopes *cs)
{
	free(cs->off);
	free(cs->keys);
	memset(cs, 0, sizeof(*cs));
}

/* L's per-node kills from the call scopes: the scoped keys L knows, as
 * indices into L->keys. */
static void scope_call_keys(struct fact_liveness *L, const struct ir_function *fn,
			    const struct call_scopes *cs)
{
	L->scope_off = xcalloc(fn->nodes.n + 1, sizeof(*L->scope_off));
	L->scope_keys = xcalloc(cs->nkeys ? cs->nkeys : 1, sizeof(*L->scope_keys));
	for (uint32_t i = 0; i < fn->nodes.n; i++) {
		uint32_t n = L->scope_off[i];
		for (uint32_t j = cs->off[i]; j < cs->off[i + 1]; j++) {
			long k = key_index(L, cs->keys[j]);
			if (k >= 0)
				L->scope_keys[n++] = (uint32_t)k;
		}
		L->scope_off[i + 1] = n;
	}
}

/* live_in(node) = read(node) | (union of live_in(successors) - killed(node));
 * true when it changed.  out is scratch of L->words words. */
static bool update_node(struct fact_liveness *L, const struct ir_function *fn, uint32_t node,
			uint64_t *out)
{
	uint32_t ns;
	const struct ir_edge *e = ir_succs(fn, node, &ns);
	uint64_t *in = L->live_in + (size_t)node * L->words;
	long kill = L->kill[node], gen = L->gen[node];

	memset(out, 0, L->words * sizeof(*out));
	for (uint32_t k = 0; k < ns; k++) {
		const uint64_t *succ = L->live_in + (size_t)e[k].to * L->words;
		for (size_t w = 0; w < L->words; w++)
			out[w] |= succ[w];
	}
	if (kill >= 0)
		out[kill / 64] &= ~(1ULL << (kill % 64));
	for (uint32_t j = L->scope_off ? L->scope_off[node] : 0; L->scope_off && j < L->scope_off[node + 1]; j++)
		out[L->scope_keys[j] / 64] &= ~(1ULL << (L->scope_keys[j] % 64));
	if (gen >= 0)
		out[gen / 64] |= 1ULL << (gen % 64);
	if (!memcmp(in, out, L->words * sizeof(*out)))
		return false;
	memcpy(in, out, L->words * sizeof(*out));
	return true;
}

/* update_node() for ir_flow_solve(). */
struct solve_ctx {
	struct fact_liveness *L;
	const struct ir_function *fn;
	uint64_t *out;		/* scratch of L->words words */
};

static bool update_one(void *ctx, uint32_t node)
{
	struct solve_ctx *c = ctx;

	return update_node(c->L, c->fn, node, c->out);
}

/* Solve the backward problem by flow's sweeps (ir_flow_solve()). */
static void solve(struct fact_liveness *L, const struct ir_function *fn, const struct ir_flow *flow)
{
	struct solve_ctx c = { L, fn, xcalloc(L->words, sizeof(uint64_t)) };

	ir_flow_solve(flow, update_one, &c);
	free(c.out);
}

/* liveness_compute(), counting only the reads that copies_only says. */
static void compute(struct fact_liveness *L, const struct ir_function *fn, const struct ir_flow *flow,
		    const struct call_scopes *scopes, const bool *inert, str_id return_key, size_t max_bytes,
		    bool copies_only)
{
	memset(L, 0, sizeof(*L));
	L->inert = inert;
	L->copies_only = copies_only;
	collect_keys(L, fn, return_key);
	index_keys(L);
	L->words = (L->nkeys + 63) / 64;
	if (!L->words)
		L->words = 1;
	if (max_bytes && fn->nodes.n * L->words * sizeof(uint64_t) > max_bytes)
		return;		/* live_in stays NULL: every key is live */
	L->live_in = xcalloc(fn->nodes.n * L->words, sizeof(*L->live_in));
	if (!L->nkeys)
		return;		/* no node reads a key: none is live anywhere */
	L->gen = xcalloc(fn->nodes.n, sizeof(*L->gen));
	L->kill = xcalloc(fn->nodes.n, sizeof(*L->kill));
	for (uint32_t i = 0; i < fn->nodes.n; i++) {
		L->gen[i] = (int32_t)key_index(L, node_reads(L, fn, i, return_key));
		L->kill[i] = (int32_t)key_index(L, killed_key(&fn->nodes.v[i]));
	}
	if (scopes)
		scope_call_keys(L, fn, scopes);
	if (flow) {
		solve(L, fn, flow);
	} else {
		struct ir_flow own;
		ir_flow_compute(fn, &own);
		solve(L, fn, &own);
		ir_flow_free(&own);
	}
}

void liveness_compute(struct fact_liveness *L, const struct ir_function *fn, const struct ir_flow *flow,
		      const struct call_scopes *scopes, const bool *inert, str_id return_key, size_t max_bytes)
{
	compute(L, fn, flow, scopes, inert, return_key, max_bytes, false);
}

void liveness_compute_copies(struct fact_liveness *L, const struct ir_function *fn, const struct ir_flow *flow,
			     const struct call_scopes *scopes, const bool *inert, str_id return_key, size_t max_bytes)
{
	compute(L, fn, flow, scopes, inert, return_key, max_bytes, true);
}

void liveness_free(struct fact_liveness *L)
{
	free(L->keys);
	free(L->slots);
	free(L->gen);
	free(L->kill);
	free(L->scope_off);
	free(L->scope_keys);
	free(L->live_in);
	memset(L, 0, sizeof(*L));
}

bool liveness_live(const struct fact_liveness *L, uint32_t node, str_id key)
{
	if (!L->live_in)
		return true;
	long i = key_index(L, key);
	if (i < 0)
		return false;	/* no node reads it */
	return (L->live_in[(size_t)node * L->words + (size_t)i / 64] >> (i % 64)) & 1;
}
