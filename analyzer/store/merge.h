/*
 * merge.h - combining findings databases of sharded runs (mmiocheck merge).
 *
 * Runs are identified by runs.uid, files by (run, path): merging the same
 * input twice adds nothing.  A file row of the input replaces the output's
 * row for the same run and path only when it was analyzed later.
 */
#ifndef MMIOCHECK_STORE_MERGE_H
#define MMIOCHECK_STORE_MERGE_H

#include "store.h"

struct merge_stats {
	long long runs_added;		/* runs new to the output */
	long long runs_known;		/* runs the output had already (same uid) */
	long long files_added;		/* file rows copied for a new (run, path) */
	long long files_replaced;	/* file rows replaced by a later analysis */
	long long files_kept;		/* file rows the output had in the same or a later state */
	long long findings_added;
	struct strbuf skipped_tables;	/* tables with no reference to a file or
					 * finding, not merged ("a, b"); the caller
					 * releases it */
};

/*
 * Merge the database at in_path (a current-version mmiocheck database, not
 * the output itself) into out, in one transaction.  0, or -1 with
 * "PATH: reason" in err and the output unchanged.  Other tables both have
 * are copied along with the file or finding rows they reference.
 */
int store_merge(struct store *out, const char *in_path, struct merge_stats *ms, struct strbuf *err);

#endif
