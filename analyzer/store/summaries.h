/*
 * summaries.h - function summaries in the database (cross-file and
 * cross-run interprocedural analysis, docs/analysis.md).
 *
 * Each analyzed unit stores the summary of every function it defines
 * (keyed by linkage name, static functions by "file:name") and the keys and
 * hashes of the summaries from other files it used, in the same transaction
 * as its findings.  A later run looks summaries up by key (latest wins) and
 * finds the files whose used summaries have changed since (stale callers).
 */
#ifndef MMIOCHECK_STORE_SUMMARIES_H
#define MMIOCHECK_STORE_SUMMARIES_H

#include "store.h"

struct store_summary {
	const char *key;	/* "tg3_write32" or "drv.c:helper" */
	const char *name;
	const char *hash;	/* 16 hex digits */
	const char *body;	/* summary text (defined) or NULL (used) */
	bool capped;
	const char *deps;	/* a driver header's function: what its summary
				 * depends on (reuse), else NULL */
};

/* Store a unit like store_add_result, plus its summaries and the summaries
 * it used, all in one transaction. */
int store_add_unit(struct store *st, long long run_id, const struct mc_result *res,
		   const struct store_summary *defined, size_t ndefined,
		   const struct store_summary *used, size_t nused, struct strbuf *err);
/* Store a reused unit like store_add_result, with the summaries and the
 * summary uses of the stored file row it was carried over from, in one
 * transaction (incremental runs). */
int store_add_unit_from(struct store *st, long long run_id, const struct mc_result *res,
			long long from_file_id, struct strbuf *err);
/* The latest stored summary text for key (caller frees), or NULL.  When
 * there is none and name is given: the summary of the one module key that
 * defines name (a call into another module), or NULL if none or several
 * do.  *found_key: the key it was stored under (caller frees). */
char *store_find_summary(struct store *st, const char *key, const char *name, char **found_key);
/* The latest stored summary text of a driver header's function under key
 * whose dependencies were `deps` (caller frees), and its capped flag; NULL
 * if none (interproc/reuse.c). */
char *store_find_header_summary(struct store *st, const char *key, const char *deps, bool *capped);
/* One read transaction around a pass's lookups (store_find_summary(),
 * store_find_header_summary()): each lookup alone is a transaction, and
 * its lock and unlock were 1,100 of a Kbuild process's 25,000 system
 * calls on tg3.c.  Nothing may be written until store_lookups_end().
 * False when the transaction could not begin: each lookup is then its
 * own, as before. */
bool store_lookups_begin(struct store *st);
void store_lookups_end(struct store *st);
/* Paths of files whose latest analysis (in any run, this one included)
 * used a summary whose latest hash differs from the one it used, or found
 * none for a name one module now defines: they must be analyzed again.  The caller bounds how often (session.c). */
int store_stale_callers(struct store *st, char ***paths, size_t *n, struct strbuf *err);

#endif
