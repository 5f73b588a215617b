/*
 * state_check.c - the path state's invariants (state.h), checked.  The
 * engine asserts state_ok() on every state that reaches a node, so after
 * every transfer step and join, in debug and sanitizer builds (SQLite's
 * assert_pager_state() after each pager transition is the model); release
 * builds (NDEBUG) never call it.  The unit tests call state_check() on
 * states broken on purpose.
 */
#include "state.h"

#include <stdio.h>

static bool all_zero(const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		if (b[i])
			return false;
	return true;
}

/* Unused slots are zero: equal states pack, hash and compare equal. */
static const char *check_unused_zero(const struct path_state *s, int nmachines)
{
	if (!all_zero(&s->held[s->nheld], (size_t)(ENG_MAX_HELD - s->nheld) * sizeof(s->held[0])))
		return "an unused held-lock slot is not zero";
	if (!all_zero(&s->writes[s->nwrites], (size_t)(ENG_MAX_WRITES - s->nwrites) * sizeof(s->writes[0])))
		return "an unused write slot is not zero";
	if (!all_zero(&s->facts[s->nfacts], (size_t)(ENG_MAX_FACTS - s->nfacts) * sizeof(s->facts[0])))
		return "an unused fact slot is not zero";
	if (!all_zero(&s->machines[nmachines], (size_t)(ENG_MAX_MODELS - nmachines) * sizeof(s->machines[0])))
		return "the machine of a model not run is not zero";
	return NULL;
}

/* Each lock is held once (a recursive acquire keeps the outer section). */
static const char *check_held(const struct path_state *s)
{
	for (int i = 0; i < s->nheld; i++)
		for (int j = i + 1; j < s->nheld; j++)
			if (s->held[i].lock == s->held[j].lock)
				return "a lock is held twice";
	return NULL;
}

/* A pending write: inside a held exclusive lock, unordered in some model
 * run. */
static const char *check_write(const struct path_state *s, const struct pending_write *w, uint16_t models)
{
	uint8_t exclusive = 0;

	for (int i = 0; i < s->nheld; i++)
		if (!s->held[i].shared)
			exclusive |= (uint8_t)(1u << i);
	if (w->pad)
		return "a write's padding is not zero";
	if (!w->lockmask || (w->lockmask & ~exclusive))
		return "a write's lock mask is empty or names a lock not held exclusively";
	if (!w->unordered || (w->unordered & ~models))
		return "a write is ordered in every model, or unordered in a model not run";
	if ((!w->ghost && w->ghost_barrier) || (!w->carry && w->carry_barrier))
		return "a write names a barrier for ghost or carry bits it does not have";
	return NULL;
}

/* Registers saturate at MODEL_REG_MAX; the flag's writer is an acquire or
 * trylock with its node, or none (machine.c keeps no other). */
static const char *check_machines(const struct path_state *s, int nmachines)
{
	for (int m = 0; m < nmachines; m++) {
		const struct machine_state *ms = &s->machines[m];
		for (int r = 0; r < RULES_MAX_REGS; r++)
			if (ms->regs[r] > MODEL_REG_MAX)
				return "a model register is past MODEL_REG_MAX";
		if (!all_zero(ms->pad, sizeof(ms->pad)))
			return "a machine's padding is not zero";
		bool lock_event = ms->flag_writer == FW_ACQUIRE || ms->flag_writer == FW_TRYLOCK;
		if ((!lock_event && (ms->flag_writer != FW_NONE || ms->flag_node)) || (lock_event && !ms->flag_node))
			return "a machine's flag writer is not a lock event with its node, nor none";
	}
	return NULL;
}

/* Facts are truths, sorted by key, each key once: equal fact sets compare
 * equal. */
static const char *check_facts(const struct path_state *s)
{
	for (int i = 0; i < s->nfacts; i++)
		if (s->facts[i].value > 1)
			return "a fact is not a truth (0 or 1)";
	for (int i = 1; i < s->nfacts; i++)
		if (s->facts[i - 1].key >= s->facts[i].key)
			return "facts are not sorted by key, or a key is there twice";
	return NULL;
}

const char *state_check(const struct path_state *s, int nmachines)
{
	const char *why = NULL;

	if (nmachines < 0 || nmachines > ENG_MAX_MODELS)
		return "the number of models run is out of range";
	if (s->nheld > ENG_MAX_HELD || s->nwrites > ENG_MAX_WRITES || s->nfacts > ENG_MAX_FACTS)
		return "a count is past its ENG_MAX_ bound";
	if (s->released_any > 1)
		return "released_any is not 0 or 1";
	uint16_t models = (uint16_t)((1u << nmachines) - 1);
	why = check_unused_zero(s, nmachines);
	if (!why)
		why = check_held(s);
	for (int w = 0; w < s->nwrites && !why; w++)
		why = check_write(s, &s->writes[w], models);
	if (!why)
		why = check_machines(s, nmachines);
	if (!why)
		why = check_facts(s);
	return why;
}

bool state_ok(const struct path_state *s, int nmachines)
{
	const char *why = state_check(s, nmachines);

	if (why)
		fprintf(stderr, "mmiocheck: engine state invariant broken: %s\n", why);
	return !why;
}

bool state_writes_sorted(const struct path_state *s, const uint32_t *place)
{
	for (int i = 1; i < s->nwrites; i++) {
		const struct pending_write *a = &s->writes[i - 1], *b = &s->writes[i];
		if (a->node == b->node ? a->lockmask > b->lockmask : place[a->node] > place[b->node])
			return false;
	}
	return true;
}
