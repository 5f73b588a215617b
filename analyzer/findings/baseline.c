/*
 * baseline.c - comparing two sets of findings by fingerprint
 * (mc_baseline_compare: `mmiocheck diff`, and `mmiocheck --baseline FILE`
 * which fails only on new findings).
 *
 * A finding is one defect.  It matches a baseline finding of the same
 * defect fingerprint, or one that shares a chain's (per path and model)
 * fingerprint, so a baseline written before defects (one finding per
 * caller and model) keeps matching.  Each baseline finding matches once:
 * a defect found twice now and once in the baseline is one unchanged and
 * one new finding.
 */
#include "findings.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *or_empty(const char *s)
{
	return s ? s : "";
}

/* Report order of the lists: file, line, column, rule, first model. */
static int cmp_report(const void *pa, const void *pb)
{
	const struct mc_finding *a = *(const struct mc_finding *const *)pa;
	const struct mc_finding *b = *(const struct mc_finding *const *)pb;
	int c;

	if ((c = strcmp(or_empty(a->file), or_empty(b->file))) != 0)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	if ((c = strcmp(or_empty(a->rule), or_empty(b->rule))) != 0)
		return c;
	return strcmp(a->nmodels ? a->models[0] : "", b->nmodels ? b->models[0] : "");
}

/* A fingerprint that names a baseline finding: its defect's or one of
 * its chains' (per path and model, what databases before defects keyed). */
struct fp_entry {
	const char *fp;
	size_t finding;
};

static int cmp_fp(const void *pa, const void *pb)
{
	const struct fp_entry *a = pa, *b = pb;
	int c = strcmp(a->fp, b->fp);

	return c ? c : a->finding < b->finding ? -1 : a->finding > b->finding;
}

typedef VEC(const struct mc_finding *) ptr_vec;

/* Every finding of the results, in order. */
static void findings_of(struct mc_result *const *rs, size_t n, ptr_vec *out)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < rs[i]->nfindings; j++)
			VEC_PUSH(*out, &rs[i]->findings[j]);
}

/* The first unmatched baseline finding named by fp, or SIZE_MAX. */
static size_t lookup(const struct fp_entry *idx, size_t n, const char *fp, const bool *used)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(idx[mid].fp, fp) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < n && !strcmp(idx[lo].fp, fp); lo++)
		if (!used[idx[lo].finding])
			return idx[lo].finding;
	return SIZE_MAX;
}

/* The baseline finding a current one matches: the same defect, else one
 * sharing a chain's fingerprint (a baseline from before defects). */
static size_t match(const struct fp_entry *idx, size_t nidx, const struct mc_finding *f, const bool *used)
{
	size_t m = lookup(idx, nidx, f->fingerprint, used);

	for (size_t k = 0; k < f->nchains && m == SIZE_MAX; k++)
		m = lookup(idx, nidx, f->chains[k].fingerprint, used);
	return m;
}

void mc_baseline_compare(struct mc_result *const *base, size_t nbase, struct mc_result *const *cur,
			 size_t ncur, struct mc_baseline_diff *out)
{
	ptr_vec b = VEC_INIT, c = VEC_INIT;
	VEC(struct fp_entry) idx = VEC_INIT;

	memset(out, 0, sizeof(*out));
	findings_of(base, nbase, &b);
	findings_of(cur, ncur, &c);
	for (size_t i = 0; i < b.n; i++) {
		struct fp_entry e = { b.v[i]->fingerprint, i };
		VEC_PUSH(idx, e);
		for (size_t k = 0; k < b.v[i]->nchains; k++) {
			struct fp_entry ce = { b.v[i]->chains[k].fingerprint, i };
			if (strcmp(ce.fp, e.fp))
				VEC_PUSH(idx, ce);
		}
	}
	if (idx.n)
		qsort(idx.v, idx.n, sizeof(*idx.v), cmp_fp);
	bool *used = xcalloc(b.n ? b.n : 1, sizeof(*used));
	for (size_t j = 0; j < c.n; j++) {
		size_t m = match(idx.v, idx.n, c.v[j], used);
		if (m == SIZE_MAX) {
			VEC_PUSH(out->added, c.v[j]);
			continue;
		}
		used[m] = true;
		VEC_PUSH(out->same, c.v[j]);
	}
	for (size_t i = 0; i < b.n; i++)
		if (!used[i])
			VEC_PUSH(out->fixed, b.v[i]);
	free(used);
	VEC_FREE(idx);
	VEC_FREE(b);
	VEC_FREE(c);
	if (out->added.n)	/* qsort's base must not be NULL, even for 0 items */
		qsort(out->added.v, out->added.n, sizeof(*out->added.v), cmp_report);
	if (out->fixed.n)
		qsort(out->fixed.v, out->fixed.n, sizeof(*out->fixed.v), cmp_report);
	if (out->same.n)
		qsort(out->same.v, out->same.n, sizeof(*out->same.v), cmp_report);
}

void mc_baseline_diff_release(struct mc_baseline_diff *d)
{
	VEC_FREE(d->added);
	VEC_FREE(d->fixed);
	VEC_FREE(d->same);
}
