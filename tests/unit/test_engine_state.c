/*
 * test_engine_state.c - the packed state pool: a state comes back exactly as
 * it went in, equal states share one id, states that differ in any used
 * field do not, and ids survive the pool's growth.  Writes sort into
 * program order and fold into the later of two that share a fate.
 */
#include "engine/state.h"
#include "testlib.h"

#include <stdlib.h>

/* A state using every part: two locks, three writes, three models, two facts. */
static void sample(struct path_state *s)
{
	memset(s, 0, sizeof(*s));
	s->nheld = 2;
	s->held[0] = (struct held_lock){ .lock = 7, .acquire_node = 3, .api = 2, .kind = 1, .hooked = 1 };
	s->held[1] = (struct held_lock){ .lock = 9, .acquire_node = 5, .api = 4, .kind = 2, .shared = 1 };
	s->nwrites = 3;
	for (int i = 0; i < 3; i++)
		s->writes[i] = (struct pending_write){ .node = 10u + (uint32_t)i, .device = 11,
						       .unordered = 5, .covered = 1, .lockmask = 3 };
	s->writes[2].ghost = 4;
	s->writes[2].ghost_barrier = 12;
	for (int m = 0; m < 3; m++) {
		s->machines[m].regs[0] = (uint8_t)(m + 1);
		s->machines[m].flag_node = 20u + (uint32_t)m;
		s->machines[m].flag_writer = FW_ACQUIRE;
	}
	state_set_fact(s, 30, 1);
	state_set_fact(s, 25, 0);
	s->released_any = 1;
}

static void test_round_trip(void)
{
	struct state_pool p;
	struct path_state s, back, empty, back_empty;

	state_pool_init(&p, 3);
	sample(&s);
	memset(&empty, 0, sizeof(empty));
	uint32_t id = state_pool_intern(&p, &s);
	uint32_t id0 = state_pool_intern(&p, &empty);
	CHECK(id != id0);
	CHECK(state_pool_count(&p) == 2);
	state_pool_get(&p, id, &back);
	CHECK(!memcmp(&s, &back, sizeof(s)));	/* every byte, unused slots zero */
	state_pool_get(&p, id0, &back_empty);
	CHECK(!memcmp(&empty, &back_empty, sizeof(empty)));
	state_pool_free(&p);
}

/* Equal states share an id; one changed field in any part makes a new one. */
static void test_equality(void)
{
	struct state_pool p;
	struct path_state s, t;

	state_pool_init(&p, 3);
	sample(&s);
	uint32_t id = state_pool_intern(&p, &s);
	t = s;
	CHECK(state_pool_intern(&p, &t) == id);
	t.writes[1].unordered = 1;
	CHECK(state_pool_intern(&p, &t) != id);
	t = s;
	t.held[1].shared = 0;
	CHECK(state_pool_intern(&p, &t) != id);
	t = s;
	t.machines[2].regs[3] = 1;	/* the last model run */
	CHECK(state_pool_intern(&p, &t) != id);
	t = s;
	t.facts[1].value = !t.facts[1].value;
	CHECK(state_pool_intern(&p, &t) != id);
	t = s;
	t.released_any = 0;
	CHECK(state_pool_intern(&p, &t) != id);
	t = s;
	state_remove_write(&t, 2);	/* fewer writes, same prefix */
	CHECK(state_pool_intern(&p, &t) != id);
	CHECK(state_pool_count(&p) == 7);
	CHECK(state_pool_intern(&p, &s) == id);
	state_pool_free(&p);
}

/* Thousands of states: the table and the byte store grow, ids stay. */
static void test_growth(void)
{
	enum { N = 5000 };
	struct state_pool p;
	struct path_state s, back;
	uint32_t *ids = malloc(N * sizeof(*ids));
	int ok_ids = 1, ok_back = 1;

	state_pool_init(&p, 1);
	for (uint32_t i = 0; i < N; i++) {
		sample(&s);
		s.writes[0].node = i;
		ids[i] = state_pool_intern(&p, &s);
	}
	CHECK(state_pool_count(&p) == N);
	for (uint32_t i = 0; i < N; i++) {
		sample(&s);
		s.writes[0].node = i;
		/* models past nmachines are never set by the engine: clear them */
		memset(&s.machines[1], 0, sizeof(s.machines) - sizeof(s.machines[0]));
		state_pool_get(&p, ids[i], &back);
		ok_back &= !memcmp(&s, &back, sizeof(s));
		ok_ids &= state_pool_intern(&p, &s) == ids[i];
	}
	CHECK(ok_back);
	CHECK(ok_ids);
	CHECK(state_pool_count(&p) == N);
	free(ids);
	state_pool_free(&p);
}

/* Two states one fact's value apart, and only those, are found so (with
 * the key); two values apart, another key, one fact fewer or any other
 * part changed are not. */
static void test_one_fact_apart(void)
{
	struct state_pool p;
	struct path_state s, t;
	str_id key = 0;

	state_pool_init(&p, 3);
	sample(&s);
	uint32_t id = state_pool_intern(&p, &s);
	CHECK(!state_pool_one_fact_apart(&p, id, id, &key));	/* none apart */
	t = s;
	t.facts[1].value = !t.facts[1].value;
	uint32_t one = state_pool_intern(&p, &t);
	CHECK(state_pool_one_fact_apart(&p, id, one, &key) && key == t.facts[1].key);
	CHECK(state_pool_one_fact_apart(&p, one, id, &key) && key == t.facts[1].key);
	t.facts[0].value = !t.facts[0].value;
	CHECK(!state_pool_one_fact_apart(&p, id, state_pool_intern(&p, &t), &key));
	t = s;
	state_forget_fact(&t, 25);
	state_set_fact(&t, 26, !s.facts[0].value);	/* another key, in the same place */
	CHECK(!state_pool_one_fact_apart(&p, id, state_pool_intern(&p, &t), &key));
	t = s;
	state_forget_fact(&t, 25);
	CHECK(!state_pool_one_fact_apart(&p, id, state_pool_intern(&p, &t), &key));
	t = s;
	t.facts[1].value = !t.facts[1].value;
	t.writes[0].unordered = 4;
	CHECK(!state_pool_one_fact_apart(&p, id, state_pool_intern(&p, &t), &key));
	state_pool_free(&p);
}

/* The hashes a state is found by at the bound: equal without its writes
 * (unwritten) for states that differ only in writes, equal for its locks
 * and machines (frame) also when facts differ, and apart when the locks or
 * a machine differ. */
static void test_partial_hashes(void)
{
	struct state_pool p;
	struct path_state s, t;

	state_pool_init(&p, 3);
	sample(&s);
	uint32_t id = state_pool_intern(&p, &s);
	t = s;
	state_remove_write(&t, 1);
	uint32_t fewer = state_pool_intern(&p, &t);
	CHECK(fewer != id);
	CHECK(state_pool_unwritten_hash(&p, fewer) == state_pool_unwritten_hash(&p, id));
	CHECK(state_pool_frame_hash(&p, fewer) == state_pool_frame_hash(&p, id));
	CHECK(state_pool_core_hash(&p, fewer) != state_pool_core_hash(&p, id));
	state_forget_fact(&t, 25);
	uint32_t less = state_pool_intern(&p, &t);
	CHECK(state_pool_unwritten_hash(&p, less) != state_pool_unwritten_hash(&p, id));
	CHECK(state_pool_frame_hash(&p, less) == state_pool_frame_hash(&p, id));
	t = s;
	t.machines[1].regs[0] = 3;
	uint32_t machine = state_pool_intern(&p, &t);
	CHECK(state_pool_frame_hash(&p, machine) != state_pool_frame_hash(&p, id));
	CHECK(state_pool_same_locks(&p, machine, &s));
	t = s;
	t.held[1].lock = 8;
	uint32_t lock = state_pool_intern(&p, &t);
	CHECK(state_pool_frame_hash(&p, lock) != state_pool_frame_hash(&p, id));
	CHECK(!state_pool_same_locks(&p, lock, &s));
	state_pool_free(&p);
}

/* sample()'s writes 10 and 11 share every bit; 12 has ghost bits.  Fold
 * keeps 11 (the later of the pair) and 12; a write of another device or
 * another mask keeps its own. */
static void test_fold_same_fate(void)
{
	struct path_state s;

	sample(&s);
	CHECK(state_fold_same_fate(&s) == 1);
	CHECK(s.nwrites == 2 && s.writes[0].node == 11 && s.writes[1].node == 12);
	CHECK(state_fold_same_fate(&s) == 0);
	sample(&s);
	s.writes[1].device = 12;
	CHECK(state_fold_same_fate(&s) == 0 && s.nwrites == 3);
	sample(&s);
	s.writes[0].lockmask = 1;
	CHECK(state_fold_same_fate(&s) == 0 && s.nwrites == 3);
}

/* Writes sort by place[] (program order), then lock mask; the order is
 * what state_writes_sorted() checks. */
static void test_sort_writes(void)
{
	struct path_state s;
	uint32_t place[16];

	for (uint32_t i = 0; i < 16; i++)
		place[i] = 15 - i;	/* later nodes come first */
	sample(&s);
	CHECK(!state_writes_sorted(&s, place));
	state_sort_writes(&s, place);
	CHECK(s.writes[0].node == 12 && s.writes[1].node == 11 && s.writes[2].node == 10);
	CHECK(state_writes_sorted(&s, place));
	s.writes[1].node = 12;	/* one site under two masks: by mask */
	s.writes[0].lockmask = 3;
	s.writes[1].lockmask = 1;
	CHECK(!state_writes_sorted(&s, place));
	state_sort_writes(&s, place);
	CHECK(s.writes[0].lockmask == 1 && s.writes[1].lockmask == 3 && state_writes_sorted(&s, place));
}

int main(void)
{
	test_round_trip();
	test_equality();
	test_one_fact_apart();
	test_partial_hashes();
	test_fold_same_fate();
	test_sort_writes();
	test_growth();
	TEST_DONE();
}
