/*
 * state.c - path states: interning and the small edits the engine makes.
 */
#include "state.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

void state_pool_init(struct state_pool *p, int nmachines)
{
	assert(nmachines >= 0 && nmachines <= ENG_MAX_MODELS);
	memset(p, 0, sizeof(*p));
	p->nslots = 64;
	p->slots = xcalloc(p->nslots, sizeof(*p->slots));
	p->nmachines = nmachines;
}

void state_pool_free(struct state_pool *p)
{
	VEC_FREE(p->bytes);
	VEC_FREE(p->offset);
	VEC_FREE(p->hashes);
	VEC_FREE(p->core_hashes);
	VEC_FREE(p->unwritten_hashes);
	VEC_FREE(p->frame_hashes);
	VEC_FREE(p->fact_bits);
	free(p->slots);
	p->slots = NULL;
}

/* Append n bytes of src at *at; the new end. */
static unsigned char *put(unsigned char *at, const void *src, size_t n)
{
	memcpy(at, src, n);
	return at + n;
}

/* Pack s into out: the counts, then only the used part of each array. */
static size_t pack(const struct path_state *s, int nmachines, unsigned char *out)
{
	unsigned char *at = out;

	at = put(at, &s->nheld, 4);	/* nheld, nwrites, nfacts, released_any */
	at = put(at, s->held, (size_t)s->nheld * sizeof(s->held[0]));
	at = put(at, s->writes, (size_t)s->nwrites * sizeof(s->writes[0]));
	at = put(at, s->machines, (size_t)nmachines * sizeof(s->machines[0]));
	at = put(at, s->facts, (size_t)s->nfacts * sizeof(s->facts[0]));
	return (size_t)(at - out);
}

static size_t packed_len(const struct state_pool *p, uint32_t id)
{
	size_t end = id + 1 < p->offset.n ? p->offset.v[id + 1] : p->bytes.n;
	return end - p->offset.v[id];
}

void state_pool_get(const struct state_pool *p, uint32_t id, struct path_state *out)
{
	assert(id < p->offset.n);
	const unsigned char *at = p->bytes.v + p->offset.v[id];
	size_t n;

	memset(out, 0, sizeof(*out));
	memcpy(&out->nheld, at, 4);
	at += 4;
	n = (size_t)out->nheld * sizeof(out->held[0]);
	memcpy(out->held, at, n);
	at += n;
	n = (size_t)out->nwrites * sizeof(out->writes[0]);
	memcpy(out->writes, at, n);
	at += n;
	n = (size_t)p->nmachines * sizeof(out->machines[0]);
	memcpy(out->machines, at, n);
	at += n;
	memcpy(out->facts, at, (size_t)out->nfacts * sizeof(out->facts[0]));
	assert(at + (size_t)out->nfacts * sizeof(out->facts[0]) == p->bytes.v + p->offset.v[id] + packed_len(p, id));
}

static void pool_rehash(struct state_pool *p)
{
	free(p->slots);
	p->nslots *= 2;
	p->slots = xcalloc(p->nslots, sizeof(*p->slots));
	for (size_t id = 0; id < p->offset.n; id++) {
		size_t i = (size_t)p->hashes.v[id] & (p->nslots - 1);
		while (p->slots[i])
			i = (i + 1) & (p->nslots - 1);
		p->slots[i] = (uint32_t)id + 1;
	}
}

/*
 * The hashes a new state is found by besides its whole bytes', each a
 * combination of the hashes of its parts, so every part of the packed
 * state is hashed once: without its facts (core: state_pool_subsumes),
 * without its writes (unwritten) and only its held locks and machines
 * (frame: the joins at the bound).  (pack(): counts, held, writes,
 * machines, facts.)  Most states interned are found already: only the
 * whole hash is computed for those.
 */
struct state_hashes {
	uint64_t core, unwritten, frame;
};

/* Combine a state's counts (as packed: nheld, nwrites, nfacts,
 * released_any, each kept or 0) with the hashes of some of its parts. */
static uint64_t combine(const unsigned char counts[4], const uint64_t *parts, size_t n)
{
	return hash_content(parts, n * sizeof(*parts), hash_content(counts, 4, HASH_SEED));
}

static void state_hashes(const struct path_state *s, int nmachines, const unsigned char *packed,
			 struct state_hashes *out)
{
	size_t held = (size_t)s->nheld * sizeof(s->held[0]), writes = (size_t)s->nwrites * sizeof(s->writes[0]);
	size_t machines = (size_t)nmachines * sizeof(s->machines[0]), facts = (size_t)s->nfacts * sizeof(s->facts[0]);
	const unsigned char *at = packed + 4;
	uint64_t h_held = hash_content(at, held, HASH_SEED);
	uint64_t h_writes = hash_content(at + held, writes, HASH_SEED);
	uint64_t h_machines = hash_content(at + held + writes, machines, HASH_SEED);
	uint64_t h_facts = hash_content(at + held + writes + machines, facts, HASH_SEED);
	const unsigned char core_counts[4] = { s->nheld, s->nwrites, 0, s->released_any };
	const unsigned char unwritten_counts[4] = { s->nheld, 0, s->nfacts, s->released_any };
	const unsigned char frame_counts[4] = { s->nheld, 0, 0, 0 };
	const uint64_t core[3] = { h_held, h_writes, h_machines };
	const uint64_t unwritten[3] = { h_held, h_machines, h_facts };
	const uint64_t frame[2] = { h_held, h_machines };

	out->core = combine(core_counts, core, 3);
	out->unwritten = combine(unwritten_counts, unwritten, 3);
	out->frame = combine(frame_counts, frame, 2);
}

/* fact_bits of s: one of 64 bits per fact. */
static uint64_t fact_bits(const struct path_state *s)
{
	uint64_t bits = 0;

	for (int i = 0; i < s->nfacts; i++) {
		uint64_t h = ((uint64_t)s->facts[i].key * 0x9E3779B97F4A7C15ULL) ^
			     ((uint64_t)s->facts[i].value * 0xC2B2AE3D27D4EB4FULL);
		h *= 0x9E3779B97F4A7C15ULL;
		bits |= 1ULL << (h >> 58);
	}
	return bits;
}

uint32_t state_pool_intern(struct state_pool *p, const struct path_state *s)
{
	size_t n = pack(s, p->nmachines, p->scratch);
	uint64_t h = hash_content(p->scratch, n, HASH_SEED);
	size_t mask = p->nslots - 1;
	size_t i = (size_t)h & mask;

	while (p->slots[i]) {
		uint32_t id = p->slots[i] - 1;
		if (p->hashes.v[id] == h && packed_len(p, id) == n &&
		    !memcmp(p->bytes.v + p->offset.v[id], p->scratch, n))
			return id;
		i = (i + 1) & mask;
	}
	uint32_t id = (uint32_t)p->offset.n;
	struct state_hashes hs;
	state_hashes(s, p->nmachines, p->scratch, &hs);
	VEC_PUSH(p->offset, (uint32_t)p->bytes.n);
	VEC_PUSH(p->hashes, h);
	VEC_PUSH(p->core_hashes, hs.core);
	VEC_PUSH(p->unwritten_hashes, hs.unwritten);
	VEC_PUSH(p->frame_hashes, hs.frame);
	VEC_PUSH(p->fact_bits, fact_bits(s));
	VEC_GROW(p->bytes, p->bytes.n + n);
	memcpy(p->bytes.v + p->bytes.n, p->scratch, n);
	p->bytes.n += n;
	p->slots[i] = id + 1;
	if (p->offset.n * 2 > p->nslots)
		pool_rehash(p);
	return id;
}

void state_remove_write(struct path_state *s, int i)
{
	assert(i >= 0 && i < s->nwrites);
	memmove(&s->writes[i], &s->writes[i + 1], (size_t)(s->nwrites - i - 1) * sizeof(s->writes[0]));
	s->nwrites--;
	memset(&s->writes[s->nwrites], 0, sizeof(s->writes[0]));
}

/* Does write a come after write b: a later node in program order, or the
 * same node with a larger lock mask? */
static bool write_after(const struct pending_write *a, const struct pending_write *b, const uint32_t *place)
{
	if (a->node != b->node)
		return place[a->node] > place[b->node];
	return a->lockmask > b->lockmask;
}

/*
 * Put the pending writes in program order (place[], ir_program_order():
 * source order, a spliced callee's writes where it is called), then by
 * lock mask, stably: two paths that left the same writes pending in
 * another order are then one state, and an escape names the write that
 * comes last in the source.  An insertion sort: every caller adds or
 * changes a few writes of a sorted list.
 */
void state_sort_writes(struct path_state *s, const uint32_t *place)
{
	for (int i = 1; i < s->nwrites; i++) {
		struct pending_write w = s->writes[i];
		int j = i;
		while (j > 0 && write_after(&s->writes[j - 1], &w, place)) {
			s->writes[j] = s->writes[j - 1];
			j--;
		}
		s->writes[j] = w;
	}
}

/* Will writes a and b meet one fate from here on: every bit but the
 * site the same?  Every later event acts on a write through its bits and
 * its device only. */
static bool same_fate(const struct pending_write *a, const struct pending_write *b)
{
	return a->device == b->device && a->lockmask == b->lockmask && a->unordered == b->unordered &&
	       a->covered == b->covered && a->marked == b->marked && a->ghost == b->ghost &&
	       a->ghost_barrier == b->ghost_barrier && a->carry == b->carry && a->carry_barrier == b->carry_barrier;
}

bool state_has_same_fate(const struct path_state *s, const struct pending_write *w)
{
	for (int i = 0; i < s->nwrites; i++)
		if (same_fate(&s->writes[i], w))
			return true;
	return false;
}

int state_fold_same_fate(struct path_state *s)
{
	int folded = 0;

	for (int i = s->nwrites - 2; i >= 0; i--)
		for (int j = i + 1; j < s->nwrites; j++)
			if (same_fate(&s->writes[i], &s->writes[j])) {
				state_remove_write(s, i);
				folded++;
				break;
			}
	return folded;
}

/* Remove bit i from a mask, moving the higher bits down. */
static uint8_t mask_drop_bit(uint8_t mask, int i)
{
	uint8_t low = mask & (uint8_t)((1u << i) - 1);
	uint8_t high = (uint8_t)((mask >> (i + 1)) << i);
	return low | high;
}

void state_remove_held(struct path_state *s, int i, const uint32_t *place)
{
	assert(i >= 0 && i < s->nheld);
	memmove(&s->held[i], &s->held[i + 1], (size_t)(s->nheld - i - 1) * sizeof(s->held[0]));
	s->nheld--;
	memset(&s->held[s->nheld], 0, sizeof(s->held[0]));
	for (int w = 0; w < s->nwrites; w++)
		s->writes[w].lockmask = mask_drop_bit(s->writes[w].lockmask, i);
	for (int w = s->nwrites - 1; w >= 0; w--)
		if (!s->writes[w].lockmask)
			state_remove_write(s, w);
	state_sort_writes(s, place);	/* one node's writes by their new masks */
}

void state_compact_writes(struct path_state *s)
{
	for (int w = s->nwrites - 1; w >= 0; w--) {
		struct pending_write *pw = &s->writes[w];
		pw->ghost &= pw->unordered;
		pw->carry &= pw->unordered;
		pw->covered &= pw->unordered;
		pw->marked &= pw->unordered;
		if (!pw->unordered)
			state_remove_write(s, w);
		else if (!pw->ghost)
			pw->ghost_barrier = 0;
		if (!pw->carry)
			pw->carry_barrier = 0;
	}
}

int state_find_held(const struct path_state *s, str_id lock)
{
	for (int i = s->nheld - 1; i >= 0; i--)
		if (s->held[i].lock == lock)
			return i;
	return -1;
}

int state_find_fact(const struct path_state *s, str_id key)
{
	for (int i = 0; i < s->nfacts; i++)
		if (s->facts[i].key == key)
			return i;
	return -1;
}

/* Facts are kept sorted by key so equal fact sets compare equal. */
void state_set_fact(struct path_state *s, str_id key, uint32_t value)
{
	int i = state_find_fact(s, key);

	assert(value <= 1);	/* a truth: state_pool_one_fact_apart() */
	if (i >= 0) {
		s->facts[i].value = value;
		return;
	}
	if (s->nfacts == ENG_MAX_FACTS) {
		/* forget the lowest-keyed fact: its next test takes both arms,
		 * which can invent a path (ENG_MAX_FACTS says why it is large) */
		memmove(&s->facts[0], &s->facts[1], (ENG_MAX_FACTS - 1) * sizeof(s->facts[0]));
		s->nfacts--;
	}
	i = s->nfacts++;
	while (i > 0 && s->facts[i - 1].key > key) {
		s->facts[i] = s->facts[i - 1];
		i--;
	}
	s->facts[i].key = key;
	s->facts[i].value = value;
}

void state_forget_fact(struct path_state *s, str_id key)
{
	int i = state_find_fact(s, key);

	if (i < 0)
		return;
	memmove(&s->facts[i], &s->facts[i + 1], (size_t)(s->nfacts - i - 1) * sizeof(s->facts[0]));
	s->nfacts--;
	memset(&s->facts[s->nfacts], 0, sizeof(s->facts[0]));
}

/* Are the packed facts g[0..gn) a subset of s[0..sn)?  Both lists are
 * sorted by key: one merge pass. */
static bool facts_subset(const unsigned char *g, int gn, const unsigned char *s, int sn)
{
	struct fact gf, sf;

	for (int i = 0, j = 0; i < gn; i++, j++) {
		memcpy(&gf, g + (size_t)i * sizeof(gf), sizeof(gf));
		for (;; j++) {
			if (j == sn)
				return false;
			memcpy(&sf, s + (size_t)j * sizeof(sf), sizeof(sf));
			if (sf.key >= gf.key)
				break;
		}
		if (sf.key != gf.key || sf.value != gf.value)
			return false;
	}
	return true;
}

bool state_pool_subsumes(const struct state_pool *p, uint32_t general, uint32_t id)
{
	const unsigned char *g = p->bytes.v + p->offset.v[general], *s = p->bytes.v + p->offset.v[id];
	size_t glen = packed_len(p, general), slen = packed_len(p, id);
	int gn = g[2], sn = s[2];	/* nfacts (pack()) */
	size_t gcore = glen - (size_t)gn * sizeof(struct fact), score = slen - (size_t)sn * sizeof(struct fact);

	/* the facts first: they differ more often than the rest */
	return !(p->fact_bits.v[general] & ~p->fact_bits.v[id]) && gn <= sn && g[0] == s[0] && g[1] == s[1] && g[3] == s[3] && gcore == score &&
	       facts_subset(g + gcore, gn, s + score, sn) && !memcmp(g + 4, s + 4, gcore - 4);
}

/* The packed states compared in place: the counts and every part but the
 * facts byte for byte, then the facts pairwise (both sorted by key). */
bool state_pool_one_fact_apart(const struct state_pool *p, uint32_t a, uint32_t b, str_id *key)
{
	const unsigned char *x = p->bytes.v + p->offset.v[a], *y = p->bytes.v + p->offset.v[b];
	size_t len = packed_len(p, a);
	int n = x[2];	/* nfacts (pack()) */
	size_t core = len - (size_t)n * sizeof(struct fact);
	int apart = 0;

	if (packed_len(p, b) != len || y[2] != n || memcmp(x, y, core))
		return false;
	for (int i = 0; i < n; i++) {
		struct fact fx, fy;
		memcpy(&fx, x + core + (size_t)i * sizeof(fx), sizeof(fx));
		memcpy(&fy, y + core + (size_t)i * sizeof(fy), sizeof(fy));
		if (fx.key != fy.key)
			return false;
		if (fx.value != fy.value) {
			*key = fx.key;
			apart++;
		}
	}
	return apart == 1;
}

/* The packed held locks come right after the four counts (pack()). */
bool state_pool_same_locks(const struct state_pool *p, uint32_t id, const struct path_state *s)
{
	const unsigned char *x = p->bytes.v + p->offset.v[id];

	return x[0] == s->nheld && !memcmp(x + 4, s->held, (size_t)s->nheld * sizeof(s->held[0]));
}
