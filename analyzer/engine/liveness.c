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

/* A call's scope: the prefix its callee's keys carry in this function
 * ("outer/inner/", interproc/splice.c qualifies a spliced copy's keys with
 * the callee's name, level by level) and the call node. */
struct call_scope {
	char *prefix;
	size_t len;		/* strlen(prefix) */
	uint32_t node;
};

static int cmp_scope(const void *a, const void *b)
{
	return strcmp(((const struct call_scope *)a)->prefix, ((const struct call_scope *)b)->prefix);
}

/* The prefix of the keys of the copy spliced at direct call node i: the
 * callee names of the calls it was spliced through, outermost first, and
 * its own, each followed by '/'.  NULL when a name is unknown. */
static char *call_prefix(const struct ir_function *fn, const struct strpool *strings, uint32_t i)
{
	struct strbuf sb;
	uint32_t chain[64];
	size_t n = 0;

	for (uint32_t c = i; c != IR_NONE && n < 64; c = fn->nodes.v[c].call_site)
		chain[n++] = c;
	strbuf_init(&sb);
	while (n--) {
		const char *name = strpool_str(strings, fn->nodes.v[chain[n]].callee);
		if (!name || fn->nodes.v[chain[n]].indirect) {
			strbuf_release(&sb);
			return NULL;
		}
		strbuf_addf(&sb, "%s/", name);
	}
	return strbuf_detach(&sb);
}

/* Pairs (call node, key index) of the keys each direct call forgets. */
struct scope_kill {
	uint32_t node, key;
};

typedef VEC(struct scope_kill) scope_kill_vec;

static int cmp_scope_kill(const void *a, const void *b)
{
	const struct scope_kill *x = a, *y = b;

	return x->node != y->node ? (x->node < y->node ? -1 : 1) : (x->key > y->key) - (x->key < y->key);
}

/* For key index k, add a pair for every call whose prefix the key starts
 * with (the scopes are sorted by prefix). */
static void add_scope_kills(const struct call_scope *sc, size_t nsc, const char *key, uint32_t k,
			    scope_kill_vec *out)
{
	for (const char *slash = strchr(key, '/'); slash; slash = strchr(slash + 1, '/')) {
		size_t len = (size_t)(slash - key) + 1, lo = 0, hi = nsc;
		while (lo < hi) {	/* first scope not below key[0..len) */
			size_t mid = (lo + hi) / 2;
			int c = strncmp(sc[mid].prefix, key, len);
			if (c < 0 || (c == 0 && sc[mid].len < len))
				lo = mid + 1;
			else
				hi = mid;
		}
		for (size_t j = lo; j < nsc && sc[j].len == len && !strncmp(sc[j].prefix, key, len); j++) {
			struct scope_kill pair = { sc[j].node, k };
			VEC_PUSH(*out, pair);
		}
	}
}

/*
 * A callee's own keys are local to one call: each direct call forgets the
 * facts its spliced copy's keys hold from an earlier call of the same
 * callee (a loop around the call, or a second call).  Without it a helper
 * called in a loop carries its branch outcomes around the loop, and a
 * state per combination of them reaches the loop head (igb_msg_task():
 * igb_set_rx_mode()'s tests, three calls deep, under the VF loop).
 * Fills L->scope_off / L->scope_keys.
 */
static void scope_call_keys(struct fact_liveness *L, const struct ir_function *fn, const struct strpool *strings)
{
	VEC(struct call_scope) sc = VEC_INIT;
	scope_kill_vec kills = VEC_INIT;

	for (uint32_t i = 0; i < fn->nodes.n; i++) {
		const struct ir_node *n = &fn->nodes.v[i];
		char *prefix = n->op == IR_CALL && n->callee ? call_prefix(fn, strings, i) : NULL;
		if (prefix) {
			struct call_scope c = { prefix, strlen(prefix), i };
			VEC_PUSH(sc, c);
		}
	}
	if (sc.n) {
		qsort(sc.v, sc.n, sizeof(*sc.v), cmp_scope);
		for (size_t k = 0; k < L->nkeys; k++) {
			const char *key = strpool_str(strings, L->keys[k]);
			if (key)
				add_scope_kills(sc.v, sc.n, key, (uint32_t)k, &kills);
		}
	}
	if (kills.n)
		qsort(kills.v, kills.n, sizeof(*kills.v), cmp_scope_kill);
	L->scope_off = xcalloc(fn->nodes.n + 1, sizeof(*L->scope_off));
	L->scope_keys = xcalloc(kills.n ? kills.n : 1, sizeof(*L->scope_keys));
	for (size_t j = 0; j < kills.n; j++) {
		L->scope_off[kills.v[j].node + 1]++;
		L->scope_keys[j] = kills.v[j].key;
	}
	for (uint32_t i = 0; i < fn->nodes.n; i++)
		L->scope_off[i + 1] += L->scope_off[i];
	for (size_t j = 0; j < sc.n; j++)
		free(sc.v[j].prefix);
	VEC_FREE(sc);
	VEC_FREE(kills);
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

/* liveness_compute(), counting only the reads that copies_only says. */
static void compute(struct fact_liveness *L, const struct ir_function *fn, const struct strpool *strings,
		    const bool *inert, str_id return_key, size_t max_bytes, bool copies_only)
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
	L->gen = xcalloc(fn->nodes.n, sizeof(*L->gen));
	L->kill = xcalloc(fn->nodes.n, sizeof(*L->kill));
	for (uint32_t i = 0; i < fn->nodes.n; i++) {
		L->gen[i] = (int32_t)key_index(L, node_reads(L, fn, i, return_key));
		L->kill[i] = (int32_t)key_index(L, killed_key(&fn->nodes.v[i]));
	}
	if (strings)
		scope_call_keys(L, fn, strings);
	uint64_t *out = xcalloc(L->words, sizeof(*out));
	uint32_t *order = xcalloc(fn->nodes.n ? fn->nodes.n : 1, sizeof(*order));
	bool changed = true;
	/* backward problem: sweeps in postorder converge in a few rounds,
	 * also where spliced callees' nodes come after their callers' */
	ir_postorder(fn, order);
	while (changed) {
		changed = false;
		for (size_t i = 0; i < fn->nodes.n; i++)
			changed |= update_node(L, fn, order[i], out);
	}
	free(order);
	free(out);
}

void liveness_compute(struct fact_liveness *L, const struct ir_function *fn, const struct strpool *strings,
		      const bool *inert, str_id return_key, size_t max_bytes)
{
	compute(L, fn, strings, inert, return_key, max_bytes, false);
}

void liveness_compute_copies(struct fact_liveness *L, const struct ir_function *fn, const struct strpool *strings,
			     const bool *inert, str_id return_key, size_t max_bytes)
{
	compute(L, fn, strings, inert, return_key, max_bytes, true);
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
