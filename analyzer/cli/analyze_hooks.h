/*
 * analyze_hooks.h - suppressions and baselines for the analyze verb, kept out of
 * cmd_analyze.c except for one call per option and two calls in its loop:
 *
 *   --suppress FILE     suppression file (fingerprint or RULE:FILE:FUNCTION, reason)
 *   --show-suppressed   print suppressed findings (as notes) too
 *   --baseline FILE     exit 1 only for findings not in the baseline (a
 *                       database's newest run, or a JSON findings document)
 *
 * Ignore comments ("mmiocheck: ignore MMIO001 reason") are always honoured.
 * A suppressed finding is still stored; the suppressions table records by
 * what and why.  An ignore comment without a reason or that matches
 * nothing, and a suppression-file entry that matches nothing, is reported
 * as a note on stderr ("FILE:LINE:COL: note: ... [mmiocheck-suppress]").
 */
#ifndef MMIOCHECK_CLI_ANALYZE_HOOKS_H
#define MMIOCHECK_CLI_ANALYZE_HOOKS_H

#include "mmiocheck/mmiocheck.h"
#include "store/reader.h"
#include "store/suppress_store.h"
#include "suppress_set.h"

struct hooked_unit {
	struct mc_result *r;
	size_t nall;		/* findings before suppression */
};

struct analyze_hooks {
	const char *baseline;
	struct stored_run base;
	struct suppress_set file;
	bool show_suppressed;
	VEC(struct hooked_unit) units;
	VEC(struct store_suppression) rows;	/* strings owned (xstrdup) */
};

/* Option handlers: 0, or -1 after printing "mmiocheck: FILE: reason". */
int analyze_hooks_baseline(struct analyze_hooks *h, const char *path);
int analyze_hooks_suppress_file(struct analyze_hooks *h, const char *path);

/* After each analyzed file (path as given; NULL for a file analyzed again
 * because a callee changed: then r->path is read): apply suppressions.  The
 * suppressed findings move to the end of r->findings and r->nfindings
 * counts only the others until analyze_hooks_finish. */
void analyze_hooks_result(struct analyze_hooks *h, const char *path, struct mc_result *r, bool text);

/* After the last file, before the results are freed: record the
 * suppressions in the database (run of s), report unused ones, apply the
 * baseline, restore every r->nfindings.  Returns the new exit status. */
int analyze_hooks_finish(struct analyze_hooks *h, struct mc_session *s, const char *db_path, int status);
/* One unit at a time (a -j worker, a Kbuild checker: no process sees the
 * whole run): apply the baseline to the units since the last flush, record
 * their suppressions, restore their counts and forget them.  Unused
 * suppression-file entries are not reported in this mode.  Returns the new
 * exit status. */
int analyze_hooks_flush(struct analyze_hooks *h, struct mc_session *s, const char *db_path, int status);
void analyze_hooks_release(struct analyze_hooks *h);

#endif
