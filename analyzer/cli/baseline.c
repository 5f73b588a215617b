/*
 * baseline.c - comparing two sets of findings by fingerprint (baseline.h).
 */
#include "baseline.h"

#include <stdlib.h>
#include <string.h>

struct fp_entry {
	const struct mc_finding *f;
};

static const char *or_empty(const char *s)
{
	return s ? s : "";
}

static int cmp_fp(const void *pa, const void *pb)
{
	const struct fp_entry *a = pa, *b = pb;
	int c = strcmp(a->f->fingerprint, b->f->fingerprint);

	if (c)
		return c;
	if ((c = strcmp(or_empty(a->f->file), or_empty(b->f->file))) != 0)
		return c;
	return a->f->line < b->f->line ? -1 : a->f->line > b->f->line;
}

/* Report order of the lists: file, line, column, rule, model. */
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
	return strcmp(or_empty(a->model), or_empty(b->model));
}

/* All findings of the results, sorted by fingerprint. */
static struct fp_entry *entries_of(struct mc_result *const *rs, size_t n, size_t *count)
{
	size_t total = 0, k = 0;
	struct fp_entry *e;

	for (size_t i = 0; i < n; i++)
		total += rs[i]->nfindings;
	e = xcalloc(total ? total : 1, sizeof(*e));
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < rs[i]->nfindings; j++)
			e[k++].f = &rs[i]->findings[j];
	qsort(e, total, sizeof(*e), cmp_fp);
	*count = total;
	return e;
}

void baseline_compare(struct mc_result *const *base, size_t nbase, struct mc_result *const *cur,
		      size_t ncur, struct baseline_diff *out)
{
	size_t nb, nc, i = 0, j = 0;
	struct fp_entry *b = entries_of(base, nbase, &nb), *c = entries_of(cur, ncur, &nc);

	memset(out, 0, sizeof(*out));
	/* Merge the two sorted lists: equal fingerprints pair up one to one. */
	while (i < nb || j < nc) {
		int d = i == nb ? 1 : j == nc ? -1 : strcmp(b[i].f->fingerprint, c[j].f->fingerprint);
		if (d < 0) {
			VEC_PUSH(out->fixed, b[i].f);
			i++;
		} else if (d > 0) {
			VEC_PUSH(out->added, c[j].f);
			j++;
		} else {
			VEC_PUSH(out->same, c[j].f);
			i++, j++;
		}
	}
	free(b);
	free(c);
	if (out->added.n)	/* qsort's base must not be NULL, even for 0 items */
		qsort(out->added.v, out->added.n, sizeof(*out->added.v), cmp_report);
	if (out->fixed.n)
		qsort(out->fixed.v, out->fixed.n, sizeof(*out->fixed.v), cmp_report);
	if (out->same.n)
		qsort(out->same.v, out->same.n, sizeof(*out->same.v), cmp_report);
}

void baseline_diff_release(struct baseline_diff *d)
{
	VEC_FREE(d->added);
	VEC_FREE(d->fixed);
	VEC_FREE(d->same);
}

size_t baseline_failures(const finding_list *l)
{
	size_t n = 0;

	for (size_t i = 0; i < l->n; i++)
		n += mc_finding_is_failure(l->v[i]);
	return n;
}
