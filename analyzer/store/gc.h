/*
 * gc.h - pruning old runs and compacting the database (mmiocheck gc).
 */
#ifndef MMIOCHECK_STORE_GC_H
#define MMIOCHECK_STORE_GC_H

#include "store.h"

/* A run still 'running' that started less than this long ago is never
 * pruned: it may be a build in progress. */
#define GC_UNFINISHED_GRACE_HOURS 24

struct gc_stats {
	long long runs_deleted, files_deleted, findings_deleted;
	long long bytes_before, bytes_after;	/* database file (plus WAL) size */
};

/*
 * Delete every run but the `keep` newest (keep < 0: delete none), with all
 * their rows, in one transaction; then, if vacuum, VACUUM and truncate the
 * WAL.  0, or -1 with "PATH: reason" in err.
 */
int store_gc(struct store *st, long long keep, bool vacuum, struct gc_stats *gs, struct strbuf *err);

#endif
