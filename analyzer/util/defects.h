/*
 * defects.h - one finding per defect: grouping the chains (one path under
 * one model, what the checks and the database produce) into the public
 * mc_finding, and freeing both.  Used by the session (fresh results), the
 * store (results read back) and tests that build findings by hand.
 */
#ifndef MMIOCHECK_DEFECTS_H
#define MMIOCHECK_DEFECTS_H

#include "mmiocheck/mmiocheck.h"

/* Free what a chain owns (not the chain itself). */
void chain_free(struct mc_chain *c);
/* Free what a finding owns: its chains and models (not the finding). */
void finding_free(struct mc_finding *f);

/*
 * Group rows[0..n) into defects by (rule, defect fingerprint), keeping the
 * order in which each defect first appears.  Takes ownership of the rows
 * and of the array; returns the findings (never NULL) and their count.
 */
struct mc_finding *defects_group(struct mc_chain *rows, size_t n, size_t *nout);

/* Rows read from a database older than defects (schema 8): give each a
 * site from its trace and, as defect, the smallest fingerprint of the rows
 * of the same rule and site, as the schema 8 migration does. */
void defects_from_traces(struct mc_chain *rows, size_t n);

/* A finding of the chains[0..n) (n >= 1, one defect; takes the array). */
void finding_of_chains(struct mc_finding *f, struct mc_chain *chains, size_t n);

/* A finding of exactly one chain (takes *c), e.g. for tests. */
void finding_of_chain(struct mc_finding *f, struct mc_chain *c);

#endif
