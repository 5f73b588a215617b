/*
 * triage.c - suppressions and a baseline applied to the results of an
 * analysis as it runs (mc_triage_*): which findings are shown, which are
 * suppressed and why, which are new against the baseline, and the
 * suppressions rows of the run.
 *
 * Ignore comments are read from each analyzed source; a suppressed finding
 * is still stored, the suppressions table records by what and why.  An
 * ignore comment without a reason, malformed or matching nothing, and a
 * suppression-file entry matching nothing, become notes for the client and
 * rows of the table.
 */
#include "findings.h"
#include "store/suppress_store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A unit since the last finish or flush, and its count before triage. */
struct triaged_unit {
	struct mc_result *r;
	size_t nall;		/* findings before suppression */
};

struct mc_triage {
	struct mc_triage_callbacks cb;
	bool has_baseline;
	struct mc_run base;
	struct suppress_set file;
	VEC(struct triaged_unit) units;
	VEC(struct store_suppression) rows;	/* strings owned (xstrdup) */
};

struct mc_triage *mc_triage_new(const struct mc_triage_callbacks *cb)
{
	struct mc_triage *t = xcalloc(1, sizeof(*t));

	if (cb)
		t->cb = *cb;
	if (!t->cb.fails)
		t->cb.fails = mc_finding_is_failure;
	return t;
}

int mc_triage_baseline(struct mc_triage *t, const char *path, char **err)
{
	if (t->has_baseline)
		mc_run_release(&t->base);
	t->has_baseline = mc_run_load_baseline(path, -1, &t->base, err) == 0;
	return t->has_baseline ? 0 : -1;
}

int mc_triage_suppress_file(struct mc_triage *t, const char *path, char **err)
{
	struct strbuf why = STRBUF_INIT;
	int rc;

	strbuf_init(&why);
	rc = suppress_set_load(&t->file, path, &why);
	if (rc < 0)
		findings_set_error(err, &why);
	strbuf_release(&why);
	return rc;
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* Queue one suppressions row (copies every string). */
static void add_row(struct mc_triage *t, const char *status, const char *kind, const char *rule,
		    const char *path, unsigned line, const char *fp, const char *reason, const char *origin)
{
	struct store_suppression row = { dup_or_null(status), dup_or_null(kind), dup_or_null(rule),
					 dup_or_null(path), line, dup_or_null(fp), dup_or_null(reason),
					 dup_or_null(origin) };
	VEC_PUSH(t->rows, row);
}

/* Tell the client a note about a suppression. */
static void note(struct mc_triage *t, const char *file, unsigned line, unsigned col, const char *msg)
{
	if (t->cb.note)
		t->cb.note(t->cb.arg, file, line, col, msg);
}

/* What suppresses f (comment first, then the file), or NULL. */
static struct mc_suppression *why_suppressed(struct mc_triage *t, struct source_comments *sc,
					     const struct mc_result *r, const struct mc_finding *f)
{
	struct ignore_comment *c = source_comments_match(sc, f);
	struct mc_suppression *w;

	if (c) {
		c->used++;
		w = xcalloc(1, sizeof(*w));
		w->kind = xstrdup("inSource");
		w->reason = xstrdup(c->reason);
		w->origin = xasprintf("%s:%u", r->path, c->line);
		return w;
	}
	struct suppress_entry *e = suppress_set_match(&t->file, f);
	if (!e)
		return NULL;
	e->used++;
	w = xcalloc(1, sizeof(*w));
	w->kind = xstrdup("external");
	w->reason = xstrdup(e->reason);
	w->origin = xstrdup(e->origin);
	return w;
}

/* Notes and rows for the comments of one file that gave no reason, did
 * not parse, or matched nothing. */
static void comment_notes(struct mc_triage *t, const struct mc_result *r, struct source_comments *sc)
{
	for (size_t i = 0; i < sc->comments.n; i++) {
		const struct ignore_comment *c = &sc->comments.v[i];
		char *origin = xasprintf("%s:%u", r->path, c->line);
		const char *status = NULL, *msg = NULL;
		if (c->malformed)
			status = "malformed", msg = "malformed mmiocheck comment: expected "
				"'mmiocheck: ignore RULE[,RULE...] reason'";
		else if (!c->used)
			status = "unused", msg = "this mmiocheck ignore comment matches no finding on its "
				"line or the next; remove it";
		else if (!*c->reason)
			status = "no-reason", msg = "mmiocheck ignore comment without a reason: say why the "
				"finding is wrong or accepted";
		if (status) {
			note(t, r->path, c->line, c->col, msg);
			add_row(t, status, "inSource", c->nrules ? c->rules[0] : NULL, r->path, c->line, NULL,
				c->reason, origin);
		}
		free(origin);
	}
}

/*
 * Mark each shown finding of r "new" or "unchanged" against the baseline
 * before it is printed.  Fingerprints include the file, so comparing one
 * unit with the whole baseline gives the same answer as the run's
 * comparison in compare_units.
 */
static void mark_against_baseline(struct mc_triage *t, struct mc_result *r)
{
	struct mc_run_view view;
	struct mc_baseline_diff d;

	mc_run_unsuppressed(&t->base, &view);
	mc_baseline_compare(view.shown, view.n, &r, 1, &d);
	for (size_t i = 0; i < d.added.n; i++)
		((struct mc_finding *)d.added.v[i])->baseline = "new";
	for (size_t i = 0; i < d.same.n; i++)
		((struct mc_finding *)d.same.v[i])->baseline = "unchanged";
	mc_baseline_diff_release(&d);
	mc_run_view_release(&view);
}

/* Record a suppressed finding, tell the client, and free why. */
static void suppressed(struct mc_triage *t, const struct mc_finding *f, struct mc_suppression *why)
{
	add_row(t, "applied", why->kind, f->rule, f->file, 0, f->fingerprint, why->reason, why->origin);
	if (t->cb.suppressed)
		t->cb.suppressed(t->cb.arg, f, why);
	free(why->kind);
	free(why->reason);
	free(why->origin);
	free(why);
}

void mc_triage_unit(struct mc_triage *t, const char *path, struct mc_result *r)
{
	struct source_comments sc = { VEC_INIT };
	struct strbuf src = STRBUF_INIT;
	struct triaged_unit u = { r, r->nfindings };
	struct mc_finding *kept = xcalloc(r->nfindings ? r->nfindings : 1, sizeof(*kept));
	struct mc_suppression **whys = xcalloc(r->nfindings ? r->nfindings : 1, sizeof(*whys));
	size_t nkept = 0, nsupp = 0;

	if (strbuf_read_file(&src, path ? path : r->path) == 0)
		source_comments_scan(&sc, src.buf, src.len);
	strbuf_release(&src);
	/* Unsuppressed first, in their order; then the suppressed ones. */
	for (size_t k = 0; k < r->nfindings; k++)
		if (!(whys[k] = why_suppressed(t, &sc, r, &r->findings[k])))
			kept[nkept++] = r->findings[k];
	for (size_t k = 0; k < r->nfindings; k++) {
		if (!whys[k])
			continue;
		kept[nkept + nsupp++] = r->findings[k];
		suppressed(t, &r->findings[k], whys[k]);
	}
	if (r->nfindings)
		memcpy(r->findings, kept, r->nfindings * sizeof(*kept));
	r->nfindings = nkept;
	free(kept);
	free(whys);
	comment_notes(t, r, &sc);
	source_comments_release(&sc);
	if (t->has_baseline)
		mark_against_baseline(t, r);
	VEC_PUSH(t->units, u);
}

/* Compare the unsuppressed findings of the units with the baseline. */
static void compare_units(struct mc_triage *t, struct mc_baseline_counts *counts)
{
	struct mc_run_view view;
	VEC(struct mc_result *) cur = VEC_INIT;
	struct mc_baseline_diff d;

	memset(counts, 0, sizeof(*counts));
	if (!t->has_baseline)
		return;
	for (size_t i = 0; i < t->units.n; i++)
		VEC_PUSH(cur, t->units.v[i].r);
	mc_run_unsuppressed(&t->base, &view);
	mc_baseline_compare(view.shown, view.n, cur.v, cur.n, &d);
	counts->compared = true;
	counts->base_run = t->base.run_id;
	counts->added = d.added.n;
	for (size_t i = 0; i < d.added.n; i++)
		counts->added_failures += t->cb.fails(d.added.v[i]);
	counts->fixed = d.fixed.n;
	counts->same = d.same.n;
	mc_baseline_diff_release(&d);
	mc_run_view_release(&view);
	VEC_FREE(cur);
}

/* Write the queued rows to the run's database; -1 with *err. */
static int record_rows(struct mc_triage *t, struct mc_session *s, const char *db_path, char **err)
{
	struct strbuf why = STRBUF_INIT;
	struct store *st;
	int rc;

	if (!db_path || mc_session_run_id(s) < 0 || !t->rows.n)
		return 0;
	strbuf_init(&why);
	st = store_open(db_path, &why);
	rc = st ? store_add_suppressions(st, mc_session_run_id(s), t->rows.v, t->rows.n, &why) : -1;
	if (rc < 0)
		findings_set_error(err, &why);
	store_close(st);
	strbuf_release(&why);
	return rc;
}

/* Forget the recorded suppression rows (their strings are owned). */
static void clear_rows(struct mc_triage *t)
{
	for (size_t i = 0; i < t->rows.n; i++) {
		struct store_suppression *r = &t->rows.v[i];
		free((char *)r->status);
		free((char *)r->kind);
		free((char *)r->rule);
		free((char *)r->path);
		free((char *)r->fingerprint);
		free((char *)r->reason);
		free((char *)r->origin);
	}
	t->rows.n = 0;
}

/* Compare, record, restore the units' counts: finish and flush alike. */
static int close_units(struct mc_triage *t, struct mc_session *s, const char *db_path,
		       struct mc_baseline_counts *counts, char **err)
{
	int rc;

	compare_units(t, counts);
	rc = record_rows(t, s, db_path, err);
	for (size_t i = 0; i < t->units.n; i++)
		t->units.v[i].r->nfindings = t->units.v[i].nall;
	return rc;
}

int mc_triage_finish(struct mc_triage *t, struct mc_session *s, const char *db_path,
		     struct mc_baseline_counts *counts, char **err)
{
	for (size_t i = 0; i < t->file.entries.n; i++) {
		struct suppress_entry *e = &t->file.entries.v[i];
		if (e->used)
			continue;
		note(t, e->origin, 0, 0, "this suppression matches no finding; remove it");
		add_row(t, "unused", "external", e->rule, e->file, e->line, NULL, e->reason, e->origin);
	}
	return close_units(t, s, db_path, counts, err);
}

int mc_triage_flush(struct mc_triage *t, struct mc_session *s, const char *db_path,
		    struct mc_baseline_counts *counts, char **err)
{
	int rc = close_units(t, s, db_path, counts, err);

	t->units.n = 0;
	clear_rows(t);
	return rc;
}

void mc_triage_free(struct mc_triage *t)
{
	if (!t)
		return;
	VEC_FREE(t->units);
	clear_rows(t);
	VEC_FREE(t->rows);
	suppress_set_release(&t->file);
	if (t->has_baseline)
		mc_run_release(&t->base);
	free(t);
}
