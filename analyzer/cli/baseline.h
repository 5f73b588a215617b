/*
 * baseline.h - new / fixed / unchanged findings between a baseline and a
 * current set of results, by fingerprint (`mmiocheck diff`, and
 * `mmiocheck --baseline FILE` which fails only on new findings).
 *
 * A finding is one defect.  It matches a baseline finding of the same
 * defect fingerprint, or one that shares a chain's (per path and model)
 * fingerprint, so a baseline written before defects (one finding per
 * caller and model) keeps matching.  Each baseline finding matches once:
 * a defect found twice now and once in the baseline is one unchanged and
 * one new finding.
 */
#ifndef MMIOCHECK_CLI_BASELINE_H
#define MMIOCHECK_CLI_BASELINE_H

#include "mmiocheck/mmiocheck.h"
#include "util/util.h"

typedef VEC(const struct mc_finding *) finding_list;

struct baseline_diff {
	finding_list added;	/* in current only */
	finding_list fixed;	/* in baseline only */
	finding_list same;	/* in both (the current finding) */
};

/* Compare; the lists point into the results, sorted by file, line, rule. */
void baseline_compare(struct mc_result *const *base, size_t nbase, struct mc_result *const *cur,
		      size_t ncur, struct baseline_diff *out);
void baseline_diff_release(struct baseline_diff *d);

/* How many of the list count for the exit status (warning or error). */
size_t baseline_failures(const finding_list *l);

#endif
