/*
 * defects.c - grouping chains into defects (defects.h).
 *
 * A finding's own fields point into its representative chain, chains[0]:
 * of its most severe chains, the one that enters its function first in
 * source order (file, line, column), ties kept in the order the chains
 * came.  So a finding is cheap to copy, has one owner of every string
 * (its chains), and its headline, place and trace are those of a chain
 * with its severity: a warning is never shown with a note's path.
 */
#include "defects.h"
#include "util.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static const char *or_empty(const char *s)
{
	return s ? s : "";
}

void chain_free(struct mc_chain *c)
{
	free(c->rule);
	free(c->rule_name);
	free(c->severity);
	free(c->model);
	free(c->file);
	free(c->function);
	free(c->lock_name);
	free(c->lock_type);
	free(c->lock_kind);
	free(c->accessor);
	free(c->message);
	free(c->site_file);
	free(c->site_function);
	for (size_t i = 0; i < c->ntrace; i++) {
		free(c->trace[i].kind);
		free(c->trace[i].file);
		free(c->trace[i].message);
	}
	free(c->trace);
}

void finding_free(struct mc_finding *f)
{
	for (size_t i = 0; i < f->nchains; i++)
		chain_free(&f->chains[i]);
	free(f->chains);
	free(f->models);
	memset(f, 0, sizeof(*f));
}

static int severity_rank(const char *s)
{
	if (s && !strcmp(s, "error"))
		return 2;
	if (s && !strcmp(s, "warning"))
		return 1;
	return 0;
}

/* Point the finding's fields at its chains (chains[0] the representative). */
static void point_at_chains(struct mc_finding *f)
{
	const struct mc_chain *r = &f->chains[0];

	assert(f->nchains >= 1);
	f->rule = r->rule;
	f->rule_name = r->rule_name;
	f->severity = r->severity;
	f->file = r->file;
	f->line = r->line;
	f->col = r->col;
	f->end_line = r->end_line;
	f->end_col = r->end_col;
	f->function = r->function;
	f->lock_name = r->lock_name;
	f->lock_type = r->lock_type;
	f->lock_kind = r->lock_kind;
	f->accessor = r->accessor;
	f->message = r->message;
	memcpy(f->fingerprint, r->defect[0] ? r->defect : r->fingerprint, sizeof(f->fingerprint));
	f->fixit_first_line = r->fixit_first_line;
	f->fixit_last_line = r->fixit_last_line;
	f->site_file = r->site_file;
	f->site_line = r->site_line;
	f->site_col = r->site_col;
	f->site_function = r->site_function;
	f->trace = r->trace;
	f->ntrace = r->ntrace;
	f->models = xcalloc(f->nchains, sizeof(*f->models));
	f->nmodels = 0;
	for (size_t i = 0; i < f->nchains; i++) {
		const struct mc_chain *c = &f->chains[i];
		bool seen = false;
		if (severity_rank(c->severity) > severity_rank(f->severity))
			f->severity = c->severity;
		if (!f->fixit_first_line && c->fixit_first_line) {
			f->fixit_first_line = c->fixit_first_line;
			f->fixit_last_line = c->fixit_last_line;
		}
		for (size_t k = 0; k < f->nmodels && !seen; k++)
			seen = !strcmp(f->models[k], or_empty(c->model));
		if (!seen && c->model)
			f->models[f->nmodels++] = c->model;
	}
}

void finding_of_chains(struct mc_finding *f, struct mc_chain *chains, size_t n)
{
	assert(n >= 1);
	memset(f, 0, sizeof(*f));
	f->chains = chains;
	f->nchains = n;
	point_at_chains(f);
}

void finding_of_chain(struct mc_finding *f, struct mc_chain *c)
{
	memset(f, 0, sizeof(*f));
	f->chains = xcalloc(1, sizeof(*f->chains));
	f->chains[0] = *c;
	f->nchains = 1;
	memset(c, 0, sizeof(*c));
	point_at_chains(f);
}

/* The key of a row: rule and defect fingerprint (the row's own fingerprint
 * when it has none: then it is a defect of its own). */
static bool same_defect(const struct mc_chain *a, const struct mc_chain *b)
{
	const char *da = a->defect[0] ? a->defect : a->fingerprint;
	const char *db = b->defect[0] ? b->defect : b->fingerprint;

	return !strcmp(or_empty(a->rule), or_empty(b->rule)) && !strcmp(da, db) && da[0];
}

/* Most severe first, then source order of entry places; ties keep input
 * order (idx). */
struct row_ref {
	struct mc_chain *c;
	size_t idx;
};

static int cmp_entry(const void *pa, const void *pb)
{
	const struct row_ref *a = pa, *b = pb;
	int ra = severity_rank(a->c->severity), rb = severity_rank(b->c->severity);
	int c = strcmp(or_empty(a->c->file), or_empty(b->c->file));

	if (ra != rb)
		return ra > rb ? -1 : 1;
	if (c)
		return c;
	if (a->c->line != b->c->line)
		return a->c->line < b->c->line ? -1 : 1;
	if (a->c->col != b->c->col)
		return a->c->col < b->c->col ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/* Build the finding of the rows refs[0..n), which all have one defect. */
static void build_one(struct mc_finding *f, struct row_ref *refs, size_t n)
{
	qsort(refs, n, sizeof(*refs), cmp_entry);
	memset(f, 0, sizeof(*f));
	f->chains = xcalloc(n, sizeof(*f->chains));
	for (size_t i = 0; i < n; i++)
		f->chains[i] = *refs[i].c;
	f->nchains = n;
	point_at_chains(f);
}

struct mc_finding *defects_group(struct mc_chain *rows, size_t n, size_t *nout)
{
	struct mc_finding *out = xcalloc(n ? n : 1, sizeof(*out));
	struct row_ref *refs = xcalloc(n ? n : 1, sizeof(*refs));
	bool *taken = xcalloc(n ? n : 1, sizeof(*taken));
	size_t nf = 0;

	for (size_t i = 0; i < n; i++) {
		size_t m = 0;
		if (taken[i])
			continue;
		for (size_t k = i; k < n; k++)
			if (!taken[k] && (k == i || same_defect(&rows[i], &rows[k]))) {
				taken[k] = true;
				refs[m].c = &rows[k];
				refs[m].idx = k;
				m++;
			}
		build_one(&out[nf++], refs, m);
	}
	free(taken);
	free(refs);
	free(rows);
	*nout = nf;
	return out;
}

size_t mc_finding_paths(const struct mc_finding *f)
{
	size_t n = 0;

	for (size_t i = 0; i < f->nchains; i++)
		n += !mc_chain_repeats_path(f, i);
	return n;
}

bool mc_chain_repeats_path(const struct mc_finding *f, size_t k)
{
	const struct mc_chain *c = &f->chains[k];

	for (size_t i = 0; i < k; i++) {
		const struct mc_chain *o = &f->chains[i];
		if (o->line == c->line && o->col == c->col && !strcmp(or_empty(o->file), or_empty(c->file)) &&
		    !strcmp(or_empty(o->function), or_empty(c->function)))
			return true;
	}
	return false;
}

/* The site of a chain read from a database before defects: the last write
 * or barrier step of its trace, else its own place; MMIO007's defect is
 * its function. */
static void site_from_trace(struct mc_chain *c)
{
	const struct mc_trace_step *at = NULL;

	for (size_t i = 0; i < c->ntrace && strcmp(or_empty(c->rule), "MMIO007"); i++)
		if (c->trace[i].kind && (!strcmp(c->trace[i].kind, "write") || !strcmp(c->trace[i].kind, "barrier")))
			at = &c->trace[i];
	free(c->site_file);
	free(c->site_function);
	c->site_file = xstrdup(at && at->file ? at->file : or_empty(c->file));
	c->site_line = at ? at->line : strcmp(or_empty(c->rule), "MMIO007") ? c->line : 0;
	c->site_col = at ? at->col : strcmp(or_empty(c->rule), "MMIO007") ? c->col : 0;
	c->site_function = strcmp(or_empty(c->rule), "MMIO007") ? NULL : xstrdup(or_empty(c->function));
}

void defects_from_traces(struct mc_chain *rows, size_t n)
{
	for (size_t i = 0; i < n; i++)
		site_from_trace(&rows[i]);
	for (size_t i = 0; i < n; i++) {
		const char *min = rows[i].fingerprint;
		for (size_t k = 0; k < n; k++) {
			const struct mc_chain *o = &rows[k];
			if (!strcmp(or_empty(o->rule), or_empty(rows[i].rule)) && o->site_line == rows[i].site_line &&
			    o->site_col == rows[i].site_col && !strcmp(o->site_file, rows[i].site_file) &&
			    !strcmp(or_empty(o->site_function), or_empty(rows[i].site_function)) &&
			    strcmp(o->fingerprint, min) < 0)
				min = o->fingerprint;
		}
		memmove(rows[i].defect, min, sizeof(rows[i].defect));
	}
}
