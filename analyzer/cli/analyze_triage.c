/*
 * analyze_triage.c - the analyze verb's side of suppressions and baselines
 * (mc_triage_* does the work):
 *
 *   --suppress FILE     suppression file (fingerprint or RULE:FILE:FUNCTION, reason)
 *   --show-suppressed   print suppressed findings (as notes) too
 *   --baseline FILE     exit 1 only for findings not in the baseline (a
 *                       database's newest run, or a JSON findings document)
 *
 * Here the printing: notes about suppressions on stderr
 * ("FILE:LINE:COL: note: ... [mmiocheck-suppress]"), suppressed findings
 * with --show-suppressed, the baseline's summary line, and the exit status
 * the baseline decides.
 */
#include "analyze_int.h"
#include "cli.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>

/* "FILE:LINE:COL: note: MESSAGE [mmiocheck-suppress]" on stderr; a
 * location of line 0 is printed as just FILE (it is "FILE:LINE" already). */
static void print_note(void *arg, const char *file, unsigned line, unsigned col, const char *msg)
{
	(void)arg;
	if (line)
		mc_eprintf("%s:%u:%u: note: %s [mmiocheck-suppress]\n", file, line, col ? col : 1, msg);
	else
		mc_eprintf("%s: note: %s [mmiocheck-suppress]\n", file, msg);
}

/* A suppressed finding, for --show-suppressed: with the text report on
 * stdout, else on stderr. */
static void print_suppressed(void *arg, const struct mc_finding *f, const struct mc_suppression *w)
{
	const struct cli *c = arg;

	if (!c->show_suppressed)
		return;
	fprintf(c->format == OUT_TEXT ? stdout : stderr, "%s:%u:%u: note: suppressed by %s (%s): %s [%s]\n",
		f->file ? f->file : "", f->line, f->col, w->origin, *w->reason ? w->reason : "no reason",
		f->message ? f->message : "", f->rule ? f->rule : "");
}

void analyze_triage_init(struct cli *c)
{
	struct mc_triage_callbacks cb = { print_note, print_suppressed, cli_finding_fails, c };

	c->triage = mc_triage_new(&cb);
}

void analyze_triage_release(struct cli *c)
{
	mc_triage_free(c->triage);
	c->triage = NULL;
}

/* Print err of a failed option; -1. */
static int option_failed(char *err)
{
	mc_error("%s", err);
	free(err);
	return -1;
}

int analyze_triage_baseline(struct cli *c, const char *path)
{
	char *err = NULL;

	c->baseline = path;
	return mc_triage_baseline(c->triage, path, &err) < 0 ? option_failed(err) : 0;
}

int analyze_triage_suppress_file(struct cli *c, const char *path)
{
	char *err = NULL;

	return mc_triage_suppress_file(c->triage, path, &err) < 0 ? option_failed(err) : 0;
}

/* The exit status after a finish or flush: the baseline decides whether
 * findings fail (new ones of --fail-on's level), a recording error fails. */
static int triage_status(const struct mc_baseline_counts *n, int rc, char *err, int status)
{
	if (n->compared && status != MC_EXIT_ERROR)
		status = n->added_failures ? MC_EXIT_FINDINGS : MC_EXIT_CLEAN;
	if (rc < 0) {
		mc_error("%s", err);
		status = MC_EXIT_ERROR;
	}
	free(err);
	return status;
}

int analyze_triage_finish(struct cli *c, struct mc_session *s, const char *db_path, int status)
{
	struct mc_baseline_counts n;
	char *err = NULL;
	int rc = mc_triage_finish(c->triage, s, db_path, &n, &err);

	if (n.compared)
		mc_eprintf("mmiocheck: against the baseline %s (run %lld): %zu new (%zu warning or error), "
			"%zu fixed, %zu unchanged\n", c->baseline, n.base_run, n.added, n.added_failures, n.fixed,
			n.same);
	return triage_status(&n, rc, err, status);
}

int analyze_triage_flush(struct cli *c, struct mc_session *s, const char *db_path, int status)
{
	struct mc_baseline_counts n;
	char *err = NULL;
	int rc = mc_triage_flush(c->triage, s, db_path, &n, &err);

	/* One unit of many: its "fixed" count would mean nothing. */
	return triage_status(&n, rc, err, status);
}
