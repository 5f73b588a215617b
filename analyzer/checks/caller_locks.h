/*
 * caller_locks.h - the locks held at every call of a function, over the
 * runs of the functions that call it by name.
 *
 * A helper judged in its callers (MMIO005) sees only the locks it takes
 * itself; the locks its callers hold around every call of it are held at
 * its writes too.  iavf_startup() writes the admin queue's registers under
 * arq_mutex, which it takes, and inside crit_lock, which its one caller,
 * the watchdog, holds: without the caller's lock its writes looked like
 * evidence that arq_mutex alone guards the registers.
 */
#ifndef MMIOCHECK_CALLER_LOCKS_H
#define MMIOCHECK_CALLER_LOCKS_H

#include "checks.h"

#define CALLER_LOCKS_MAX 8

/* The program's record: callee name -> locks held at each call seen. */
struct caller_locks;
/* One function run's calls: call node -> locks held on every path to it. */
struct call_site_locks;

struct caller_locks *caller_locks_new(void);
void caller_locks_free(struct caller_locks *cl);

struct call_site_locks *call_site_locks_new(size_t nnodes);
/* A path reaches call node `node` holding the driver locks keys[0..n)
 * (names: their spellings); setup: the node is on a setup path of its
 * function (MMIO005: probe, or an open path before its interrupt). */
void call_site_locks_visit(struct call_site_locks *cs, uint32_t node, int n, const str_id *keys,
			   char *const *names, bool setup);
/* Merge the run's calls into cl by callee and caller name (ctx: the run's
 * function, whose info says whether every call of it is seen, so that its
 * callers' locks are held at its calls too, and which functions its
 * indirect calls name: check_fn_info.slot_calls), and free cs. */
void call_site_locks_flush(struct call_site_locks *cs, const struct check_ctx *ctx, struct caller_locks *cl);

/* After the last flush: carry the locks down the call graph, through the
 * callers all of whose calls are seen. */
void caller_locks_close(struct caller_locks *cl);

/* The locks held at every call seen of function `name`, its callers' own
 * included (caller_locks_close() first): their keys into keys, spellings
 * into names (owned by cl), at most max; the count. */
int caller_locks_of(const struct caller_locks *cl, const char *name, str_id *keys, const char **names, int max);

/* Does function `name` run with no driver lock on every chain of calls
 * that reaches it, each caller's context known (nothing calls it, or it
 * passes its callers' locks on), and on some chain outside setup paths?
 * (caller_locks_close() first.) */
bool caller_locks_never_held(const struct caller_locks *cl, const char *name);

/* The chains of calls that reach a function and hold the same driver
 * locks at their call of it (caller_locks_split()). */
struct caller_chain {
	int n;				/* 0: no driver lock */
	str_id keys[CALLER_LOCKS_MAX];
	const char *names[CALLER_LOCKS_MAX];	/* owned by cl */
	bool runtime;			/* one of them is outside setup paths */
};

#define CALLER_CHAINS_MAX 16

/* The chains of calls that reach function `name`, for a site of it that
 * holds no lock, its own or one held at every call: split at each call,
 * up through callers whose own chains disagree or whose calls are not all
 * seen, until each group agrees, the way splicing its summary into every
 * caller would see its writes.  A group says whether one of its chains
 * runs outside setup paths (an unlocked one only on them is no vote
 * unless --strict); a call not seen (a caller's through a
 * pointer, or from a file not analyzed) says nothing, and a chain round a
 * cycle nothing more than the chain without it.  The first call after
 * caller_locks_close() groups the chains above every function at once (a
 * least fixed point); the others look them up.  Fills out[0..max) with
 * the groups, one per set of locks, and returns their count; 0 when there
 * are more than max, or more than CALLER_CHAINS_MAX on the way. */
int caller_locks_split(struct caller_locks *cl, const char *name, struct caller_chain *out, int max);

#endif
