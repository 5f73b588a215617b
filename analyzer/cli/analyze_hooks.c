/*
 * analyze_hooks.c - suppressions and baselines for the analyze verb
 * (analyze_hooks.h).
 */
#include "analyze_hooks.h"
#include "baseline.h"
#include "stored.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int analyze_hooks_baseline(struct analyze_hooks *h, const char *path)
{
	if (h->baseline)
		stored_run_release(&h->base);
	h->baseline = path;
	return stored_load_baseline(path, -1, &h->base);
}

int analyze_hooks_suppress_file(struct analyze_hooks *h, const char *path)
{
	struct strbuf err = STRBUF_INIT;

	strbuf_init(&err);
	if (suppress_set_load(&h->file, path, &err) < 0) {
		mc_error("%s", err.buf);
		strbuf_release(&err);
		return -1;
	}
	strbuf_release(&err);
	return 0;
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* Queue one suppressions row (copies every string). */
static void add_row(struct analyze_hooks *h, const char *status, const char *kind, const char *rule,
		    const char *path, unsigned line, const char *fp, const char *reason, const char *origin)
{
	struct store_suppression row = { dup_or_null(status), dup_or_null(kind), dup_or_null(rule),
					 dup_or_null(path), line, dup_or_null(fp), dup_or_null(reason),
					 dup_or_null(origin) };
	VEC_PUSH(h->rows, row);
}

/* "FILE:LINE:COL: note: MESSAGE [mmiocheck-suppress]" on stderr; a
 * location of line 0 is printed as just FILE (it is "FILE:LINE" already). */
static void note(const char *file, unsigned line, unsigned col, const char *msg)
{
	if (line)
		mc_eprintf("%s:%u:%u: note: %s [mmiocheck-suppress]\n", file, line, col ? col : 1, msg);
	else
		mc_eprintf("%s: note: %s [mmiocheck-suppress]\n", file, msg);
}

/* What suppresses f (comment first, then the file), or NULL. */
static struct report_suppression *why_suppressed(struct analyze_hooks *h, struct source_comments *sc,
						 const struct mc_result *r, const struct mc_finding *f)
{
	struct ignore_comment *c = source_comments_match(sc, f);
	struct report_suppression *w;

	if (c) {
		c->used++;
		w = xcalloc(1, sizeof(*w));
		w->kind = xstrdup("inSource");
		w->reason = xstrdup(c->reason);
		w->origin = xasprintf("%s:%u", r->path, c->line);
		return w;
	}
	struct suppress_entry *e = suppress_set_match(&h->file, f);
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
static void comment_notes(struct analyze_hooks *h, const struct mc_result *r, struct source_comments *sc)
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
			note(r->path, c->line, c->col, msg);
			add_row(h, status, "inSource", c->nrules ? c->rules[0] : NULL, r->path, c->line, NULL,
				c->reason, origin);
		}
		free(origin);
	}
}

/* Print a suppressed finding for --show-suppressed. */
static void show_suppressed(const struct mc_finding *f, const struct report_suppression *w, bool text)
{
	fprintf(text ? stdout : stderr, "%s:%u:%u: note: suppressed by %s (%s): %s [%s]\n",
		f->file ? f->file : "", f->line, f->col, w->origin, *w->reason ? w->reason : "no reason",
		f->message ? f->message : "", f->rule ? f->rule : "");
}

/*
 * Mark each shown finding of r "new" or "unchanged" against the baseline
 * before it is printed.  Fingerprints include the file, so comparing one
 * unit with the whole baseline gives the same answer as the run's
 * comparison in apply_baseline.
 */
static void mark_against_baseline(struct analyze_hooks *h, struct mc_result *r)
{
	struct stored_view view;
	struct baseline_diff d;

	stored_view_unsuppressed(&h->base, &view);
	baseline_compare(view.shown, view.n, &r, 1, &d);
	for (size_t i = 0; i < d.added.n; i++)
		((struct mc_finding *)d.added.v[i])->baseline = "new";
	for (size_t i = 0; i < d.same.n; i++)
		((struct mc_finding *)d.same.v[i])->baseline = "unchanged";
	baseline_diff_release(&d);
	stored_view_release(&view);
}

void analyze_hooks_result(struct analyze_hooks *h, const char *path, struct mc_result *r, bool text)
{
	struct source_comments sc = { VEC_INIT };
	struct strbuf src = STRBUF_INIT;
	struct hooked_unit u = { r, r->nfindings };
	struct mc_finding *kept = xcalloc(r->nfindings ? r->nfindings : 1, sizeof(*kept));
	struct report_suppression **whys = xcalloc(r->nfindings ? r->nfindings : 1, sizeof(*whys));
	size_t nkept = 0, nsupp = 0;

	if (strbuf_read_file(&src, path ? path : r->path) == 0)
		source_comments_scan(&sc, src.buf, src.len);
	strbuf_release(&src);
	/* Unsuppressed first, in their order; then the suppressed ones. */
	for (size_t k = 0; k < r->nfindings; k++)
		if (!(whys[k] = why_suppressed(h, &sc, r, &r->findings[k])))
			kept[nkept++] = r->findings[k];
	for (size_t k = 0; k < r->nfindings; k++) {
		if (!whys[k])
			continue;
		kept[nkept + nsupp++] = r->findings[k];
		add_row(h, "applied", whys[k]->kind, r->findings[k].rule, r->findings[k].file, 0,
			r->findings[k].fingerprint, whys[k]->reason, whys[k]->origin);
		if (h->show_suppressed)
			show_suppressed(&r->findings[k], whys[k], text);
		free(whys[k]->kind);
		free(whys[k]->reason);
		free(whys[k]->origin);
		free(whys[k]);
	}
	if (r->nfindings)
		memcpy(r->findings, kept, r->nfindings * sizeof(*kept));
	r->nfindings = nkept;
	free(kept);
	free(whys);
	comment_notes(h, r, &sc);
	source_comments_release(&sc);
	if (h->baseline)
		mark_against_baseline(h, r);
	VEC_PUSH(h->units, u);
}

/* Compare the unsuppressed findings with the baseline; the exit status.
 * Quiet: one unit of many, whose "fixed" count would mean nothing. */
static int apply_baseline(struct analyze_hooks *h, int status, bool quiet)
{
	struct stored_view view;
	VEC(struct mc_result *) cur = VEC_INIT;
	struct baseline_diff d;
	size_t failures;

	for (size_t i = 0; i < h->units.n; i++)
		VEC_PUSH(cur, h->units.v[i].r);
	stored_view_unsuppressed(&h->base, &view);
	baseline_compare(view.shown, view.n, cur.v, cur.n, &d);
	failures = baseline_failures(&d.added);
	if (!quiet)
		mc_eprintf("mmiocheck: against the baseline %s (run %lld): %zu new (%zu warning or error), "
			"%zu fixed, %zu unchanged\n", h->baseline, h->base.run_id, d.added.n, failures, d.fixed.n,
			d.same.n);
	baseline_diff_release(&d);
	stored_view_release(&view);
	VEC_FREE(cur);
	if (status == MC_EXIT_ERROR)
		return status;
	return failures ? MC_EXIT_FINDINGS : MC_EXIT_CLEAN;
}

/* Write the queued rows to the run's database; -1 after printing. */
static int record_rows(struct analyze_hooks *h, struct mc_session *s, const char *db_path)
{
	struct strbuf err = STRBUF_INIT;
	struct store *st;
	int rc;

	if (!db_path || mc_session_run_id(s) < 0 || !h->rows.n)
		return 0;
	strbuf_init(&err);
	st = store_open(db_path, &err);
	rc = st ? store_add_suppressions(st, mc_session_run_id(s), h->rows.v, h->rows.n, &err) : -1;
	if (rc < 0)
		mc_error("%s", err.buf);
	store_close(st);
	strbuf_release(&err);
	return rc;
}

int analyze_hooks_finish(struct analyze_hooks *h, struct mc_session *s, const char *db_path, int status)
{
	for (size_t i = 0; i < h->file.entries.n; i++) {
		struct suppress_entry *e = &h->file.entries.v[i];
		if (e->used)
			continue;
		note(e->origin, 0, 0, "this suppression matches no finding; remove it");
		add_row(h, "unused", "external", e->rule, e->file, e->line, NULL, e->reason, e->origin);
	}
	if (h->baseline)
		status = apply_baseline(h, status, false);
	if (record_rows(h, s, db_path) < 0)
		status = MC_EXIT_ERROR;
	for (size_t i = 0; i < h->units.n; i++)
		h->units.v[i].r->nfindings = h->units.v[i].nall;
	return status;
}

/* Forget the recorded suppression rows (their strings are owned). */
static void clear_rows(struct analyze_hooks *h)
{
	for (size_t i = 0; i < h->rows.n; i++) {
		struct store_suppression *r = &h->rows.v[i];
		free((char *)r->status);
		free((char *)r->kind);
		free((char *)r->rule);
		free((char *)r->path);
		free((char *)r->fingerprint);
		free((char *)r->reason);
		free((char *)r->origin);
	}
	h->rows.n = 0;
}

int analyze_hooks_flush(struct analyze_hooks *h, struct mc_session *s, const char *db_path, int status)
{
	if (h->baseline)
		status = apply_baseline(h, status, true);
	if (record_rows(h, s, db_path) < 0)
		status = MC_EXIT_ERROR;
	for (size_t i = 0; i < h->units.n; i++)
		h->units.v[i].r->nfindings = h->units.v[i].nall;
	h->units.n = 0;
	clear_rows(h);
	return status;
}

void analyze_hooks_release(struct analyze_hooks *h)
{
	VEC_FREE(h->units);
	clear_rows(h);
	VEC_FREE(h->rows);
	suppress_set_release(&h->file);
	if (h->baseline)
		stored_run_release(&h->base);
}
