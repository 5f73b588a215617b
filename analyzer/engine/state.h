/*
 * state.h - the engine's path state (private to analyzer/engine/).
 *
 * A path_state is a fixed-size value the engine edits in place: unused
 * array slots are kept zeroed so states compare and hash with memcmp.
 * States are interned, packed to their used parts, in a state_pool and
 * referred to by id; nodes keep small sets of ids.
 *
 * Invariants (state_check, state_check.c; the engine asserts state_ok() on
 * every state that reaches a node, in debug builds):
 *  - nheld <= ENG_MAX_HELD, nwrites <= ENG_MAX_WRITES, nfacts <= ENG_MAX_FACTS;
 *  - unused held, write and fact slots, and the machines of models not
 *    run, are zero;
 *  - each lock is held once;
 *  - every write's lockmask is non-zero and names only locks held
 *    exclusively (bits < nheld);
 *  - writes are in program order of their nodes, then by lockmask
 *    (engine.c asserts it: the order is the function's);
 *  - every write is still unordered in at least one model run, and
 *    ghost_barrier / carry_barrier are 0 when it has no ghost / carry bits
 *    (ghost bits are NOT always a subset of the unordered bits between
 *    compactions: test_engine_paths breaks that, so it is not asserted);
 *  - registers are at most MODEL_REG_MAX;
 *  - facts are truths (0 or 1), sorted by key, each key once;
 *  - a machine's flag writer is an acquire or a trylock, with its node, or
 *    none (FW_NONE, node 0).
 */
#ifndef MMIOCHECK_ENGINE_STATE_H
#define MMIOCHECK_ENGINE_STATE_H

#include <stddef.h>
#include "engine.h"

struct held_lock {
	str_id lock;
	uint32_t acquire_node;
	int16_t api;
	uint8_t kind;
	uint8_t hooked : 1, shared : 1,
		marker : 1;		/* a sparse context marker (__acquire()):
					 * held for the contract checks only */
};

struct pending_write {
	uint32_t node;
	str_id device;
	uint32_t ghost_barrier;		/* first mmiowb() that ordered it */
	uint16_t unordered;		/* bit per model slot */
	uint16_t covered;		/* ordered by the next hooked release */
	uint16_t marked;		/* its program set the model's flag */
	uint16_t ghost;			/* ordered only by ghost_barrier */
	uint8_t lockmask;		/* bit per held[] index when written */
	uint8_t pad;
	uint16_t carry;			/* an earlier instance of this write site (a
					 * loop) was ordered only by carry_barrier:
					 * it escapes exactly when this one does */
	uint32_t carry_barrier;
};

enum flag_writer { FW_NONE, FW_ACQUIRE, FW_TRYLOCK, FW_RELEASE, FW_WRITE, FW_READ };

struct machine_state {
	uint8_t regs[RULES_MAX_REGS];
	uint32_t flag_node;		/* the acquire or trylock that last assigned
					 * the flag reg; 0 when another event did */
	uint8_t flag_writer;		/* enum flag_writer: FW_ACQUIRE,
					 * FW_TRYLOCK or FW_NONE */
	uint8_t pad[3];
};

struct fact {
	str_id key;
	uint32_t value;
};

struct path_state {
	uint8_t nheld, nwrites, nfacts;
	uint8_t released_any;
	struct held_lock held[ENG_MAX_HELD];
	struct pending_write writes[ENG_MAX_WRITES];
	struct machine_state machines[ENG_MAX_MODELS];
	struct fact facts[ENG_MAX_FACTS];
};

/* The fixed limits fit the fields that hold them, and the structs have no
 * padding: states are packed, hashed and compared as bytes. */
_Static_assert(ENG_MAX_HELD <= 8, "a write's lockmask is a uint8_t, a bit per held lock");
_Static_assert(ENG_MAX_MODELS <= 16, "a write's model sets are uint16_t, a bit per model slot");
_Static_assert(ENG_MAX_WRITES <= UINT8_MAX && ENG_MAX_FACTS <= UINT8_MAX, "the counts are uint8_t");
_Static_assert(MODEL_REG_MAX <= UINT8_MAX, "model registers are uint8_t");
_Static_assert(offsetof(struct path_state, nheld) == 0 && offsetof(struct path_state, nwrites) == 1 &&
	       offsetof(struct path_state, nfacts) == 2 && offsetof(struct path_state, released_any) == 3,
	       "pack() copies the four counts as the state's first 4 bytes");
_Static_assert(sizeof(struct held_lock) == sizeof(str_id) + 4 + 2 + 1 + 1, "held_lock has no padding");
_Static_assert(sizeof(struct pending_write) == 4 + sizeof(str_id) + 4 + 4 * 2 + 2 + 2 + 4,
	       "pending_write has no padding");
_Static_assert(sizeof(struct machine_state) == RULES_MAX_REGS + 4 + 1 + 3, "machine_state has no padding");
_Static_assert(sizeof(struct fact) == sizeof(str_id) + 4, "fact has no padding");

/* The invariants above: NULL when s keeps them, else which one it breaks.
 * nmachines: the models run (the machines past them stay zero). */
const char *state_check(const struct path_state *s, int nmachines);
/* state_check for assert(): false, with the reason on stderr, when broken. */
bool state_ok(const struct path_state *s, int nmachines);
/* Are s's writes in place[node] order, then lock mask order
 * (state_sort_writes)? */
bool state_writes_sorted(const struct path_state *s, const uint32_t *place);

/*
 * Interning pool of states.  A state is stored packed: its four counts, then
 * only the used held locks, writes, the machine states of the models run
 * (nmachines; the others stay zero) and the used facts - a tenth of the
 * fixed struct on most paths, so the pool touches little memory.  Equal
 * states pack to equal bytes (unused slots are zero), and each packed
 * state's hash is kept beside it: a probe compares hashes first and a
 * rehash never hashes a state again.
 */
struct state_pool {
	VEC(unsigned char) bytes;	/* packed states, back to back */
	VEC(uint32_t) offset;		/* offset.v[id]: where state id starts */
	VEC(uint64_t) hashes;		/* hashes.v[id]: hash of its packed bytes */
	VEC(uint64_t) core_hashes;	/* core_hashes.v[id]: the same without its
					 * facts (state_pool_subsumes) */
	VEC(uint64_t) unwritten_hashes;	/* the same without its writes
					 * (state_pool_unwritten_hash) */
	VEC(uint64_t) frame_hashes;	/* of its held locks and machines only
					 * (state_pool_frame_hash) */
	VEC(uint64_t) fact_bits;	/* fact_bits.v[id]: a bit per fact (key and
					 * value) it knows, hashed: a state whose
					 * bits are not within another's knows a
					 * fact the other does not */
	uint32_t *slots;		/* open addressing; 0 empty, else id+1 */
	size_t nslots;
	int nmachines;
	unsigned char scratch[sizeof(struct path_state)];
};
void state_pool_init(struct state_pool *p, int nmachines);
void state_pool_free(struct state_pool *p);
/* Id of an equal state, adding it if new. */
uint32_t state_pool_intern(struct state_pool *p, const struct path_state *s);
/* Unpack state id into *out (a full path_state, unused slots zero). */
void state_pool_get(const struct state_pool *p, uint32_t id, struct path_state *out);
/* Hash of state id without its facts: equal for states that differ only
 * in their facts. */
static inline uint64_t state_pool_core_hash(const struct state_pool *p, uint32_t id)
{
	return p->core_hashes.v[id];
}
/* Hash of state id without its writes: equal for states that differ only
 * in their pending writes. */
static inline uint64_t state_pool_unwritten_hash(const struct state_pool *p, uint32_t id)
{
	return p->unwritten_hashes.v[id];
}
/* Hash of state id's held locks and machines: equal for states that
 * differ only in their writes and facts. */
static inline uint64_t state_pool_frame_hash(const struct state_pool *p, uint32_t id)
{
	return p->frame_hashes.v[id];
}
/* Does state id hold the same locks as s? */
bool state_pool_same_locks(const struct state_pool *p, uint32_t id, const struct path_state *s);
/* Does state `general` take every path from a node that state `id` takes:
 * the same locks, writes and machines, and facts that are a subset of
 * id's?  (A fact only narrows the branches a path takes.) */
bool state_pool_subsumes(const struct state_pool *p, uint32_t general, uint32_t id);
/* Do states a and b know the same facts, with one value apart, and agree
 * on all else?  That fact's key in *key.  (Facts are truths, 0 or 1: the
 * two states are the two values of one test.) */
bool state_pool_one_fact_apart(const struct state_pool *p, uint32_t a, uint32_t b, str_id *key);
/* Bytes the pool's packed states take (the engine's memory budget). */
static inline size_t state_pool_bytes(const struct state_pool *p)
{
	return p->bytes.n;
}

static inline size_t state_pool_count(const struct state_pool *p)
{
	return p->offset.n;
}

/* Remove write i, keeping the order of the rest and zeroing the tail. */
void state_remove_write(struct path_state *s, int i);
/* Drop held lock i, renumbering lock masks; writes left without a lock go,
 * and the others stay in place[] order (state_sort_writes). */
void state_remove_held(struct path_state *s, int i, const uint32_t *place);
/* Drop writes no model considers unordered any more. */
void state_compact_writes(struct path_state *s);
/* Does some write of s meet w's fate from here on: the same device and
 * every bit, only the site differing?  Every later event acts on a write
 * through its bits and its device only. */
bool state_has_same_fate(const struct path_state *s, const struct pending_write *w);
/* Drop each write that a later write of s (in its order) shares every bit
 * and the device with: they meet one fate at every later event, so each
 * release that lets one escape lets the later one escape, and names it.
 * Only the earlier ones leave the escape's list.  Returns how many went. */
int state_fold_same_fate(struct path_state *s);
/* Sort s's writes by place[node] (program order), then lockmask. */
void state_sort_writes(struct path_state *s, const uint32_t *place);
int state_find_held(const struct path_state *s, str_id lock);
int state_find_fact(const struct path_state *s, str_id key);
void state_set_fact(struct path_state *s, str_id key, uint32_t value);
/* Drop the fact on `key` (an assignment the analysis cannot evaluate). */
void state_forget_fact(struct path_state *s, str_id key);

/* Context of one program run: which event, which write (or -1). */
struct machine_event {
	enum flag_writer kind;
	uint32_t node;
	int write;			/* index into s->writes, or -1 */
	str_id device;			/* writes and reads */
	bool in_hooked_section;		/* a hooked lock is held (writes) */
	bool marked;			/* out: the program assigned the flag */
	const struct strpool *strings;	/* device names (reads: same device?) */
};

/* Run a model program for model slot `slot`. */
void machine_run(const struct model *m, int slot, const struct model_prog *prog,
		 struct path_state *s, struct machine_event *ev);

#endif
