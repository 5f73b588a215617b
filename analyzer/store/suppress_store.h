/*
 * suppress_store.h - recording suppressions in the database (table
 * suppressions, docs/database.md): which finding of a run is suppressed,
 * by what and why, and the suppressions that matched nothing or gave no
 * reason.  Never deletes a finding: suppressed findings stay in findings.
 */
#ifndef MMIOCHECK_STORE_SUPPRESS_H
#define MMIOCHECK_STORE_SUPPRESS_H

#include "store.h"

/* One suppressions row.  fingerprint set: the finding of this run with
 * that path and fingerprint is suppressed; NULL: a note-only row. */
struct store_suppression {
	const char *status;	/* "applied", "unused", "no-reason", "malformed" */
	const char *kind;	/* "inSource" or "external" */
	const char *rule;	/* the rule named, or NULL */
	const char *path;	/* file of the finding (as shown) or of the comment */
	unsigned line;		/* line of the comment / suppression-file entry */
	const char *fingerprint;
	const char *reason;
	const char *origin;	/* "drv.c:41", "suppress.txt:3" */
};

/* Insert the rows in one transaction; 0, or -1 with err set. */
int store_add_suppressions(struct store *st, long long run_id, const struct store_suppression *rows,
			   size_t n, struct strbuf *err);

#endif
