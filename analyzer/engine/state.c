/*
 * state.c - path states: interning and the small edits the engine makes.
 */
#include "state.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

void state_pool_init(struct state_pool *p)
{
	memset(p, 0, sizeof(*p));
	p->nslots = 64;
	p->slots = xcalloc(p->nslots, sizeof(*p->slots));
}

void state_pool_free(struct state_pool *p)
{
	VEC_FREE(p->states);
	free(p->slots);
	p->slots = NULL;
}

/* Mix 8 bytes at a time (the state is hashed on every visit). */
static uint64_t mix_words(const void *data, size_t n, uint64_t h)
{
	const unsigned char *p = data;
	uint64_t w;

	for (; n >= 8; n -= 8, p += 8) {
		memcpy(&w, p, 8);
		h = (h ^ w) * 0x100000001b3ULL;
		h ^= h >> 29;
	}
	if (n) {
		w = 0;
		memcpy(&w, p, n);
		h = (h ^ w) * 0x100000001b3ULL;
	}
	return h;
}

/* Only the used part of each array: the rest is zero in every state, and
 * the counts themselves are hashed, so equal states hash equal. */
static uint64_t state_hash(const struct path_state *s)
{
	uint64_t h = HASH_SEED;

	h = mix_words(&s->nheld, 4, h);
	h = mix_words(s->held, (size_t)s->nheld * sizeof(s->held[0]), h);
	h = mix_words(s->writes, (size_t)s->nwrites * sizeof(s->writes[0]), h);
	h = mix_words(s->machines, sizeof(s->machines), h);
	h = mix_words(s->facts, (size_t)s->nfacts * sizeof(s->facts[0]), h);
	return h;
}

static void pool_rehash(struct state_pool *p)
{
	free(p->slots);
	p->nslots *= 2;
	p->slots = xcalloc(p->nslots, sizeof(*p->slots));
	for (size_t id = 0; id < p->states.n; id++) {
		size_t i = (size_t)state_hash(&p->states.v[id]) & (p->nslots - 1);
		while (p->slots[i])
			i = (i + 1) & (p->nslots - 1);
		p->slots[i] = (uint32_t)id + 1;
	}
}

uint32_t state_pool_intern(struct state_pool *p, const struct path_state *s)
{
	size_t mask = p->nslots - 1;
	size_t i = (size_t)state_hash(s) & mask;

	while (p->slots[i]) {
		uint32_t id = p->slots[i] - 1;
		if (!memcmp(&p->states.v[id], s, sizeof(*s)))
			return id;
		i = (i + 1) & mask;
	}
	uint32_t id = (uint32_t)p->states.n;
	VEC_PUSH(p->states, *s);
	p->slots[i] = id + 1;
	if (p->states.n * 2 > p->nslots)
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

/* Remove bit i from a mask, moving the higher bits down. */
static uint8_t mask_drop_bit(uint8_t mask, int i)
{
	uint8_t low = mask & (uint8_t)((1u << i) - 1);
	uint8_t high = (uint8_t)((mask >> (i + 1)) << i);
	return low | high;
}

void state_remove_held(struct path_state *s, int i)
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

	if (i >= 0) {
		s->facts[i].value = value;
		return;
	}
	if (s->nfacts == ENG_MAX_FACTS) {
		/* forget the oldest-keyed fact: less precision, never wrong */
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
