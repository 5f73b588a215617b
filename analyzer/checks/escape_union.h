/*
 * escape_union.h - the escapes of one function run, one per release, lock
 * acquisition and model, each with the writes all its paths left unordered
 * (escape_union.c says why).
 */
#ifndef MMIOCHECK_ESCAPE_UNION_H
#define MMIOCHECK_ESCAPE_UNION_H

#include "../engine/engine.h"

struct gathered_escape;

struct escape_union {
	struct gathered_escape *v;
	size_t n, cap;
	uint32_t *place;	/* the run's program order, once needed */
};

void escape_union_init(struct escape_union *eu);
/* Gather esc (its writes are copied), merged into one of the same release,
 * lock acquisition and model when their writes agree and fit. */
void escape_union_add(struct escape_union *eu, const struct ir_function *fn, const struct eng_escape *esc);
/* Hand every gathered escape to deliver, in the order first gathered, and
 * empty eu. */
void escape_union_flush(struct escape_union *eu, void (*deliver)(void *ctx, const struct eng_escape *esc),
			void *ctx);

#endif
