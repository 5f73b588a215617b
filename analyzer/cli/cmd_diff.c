/*
 * cmd_diff.c - `mmiocheck diff`: new, fixed and unchanged findings between
 * a baseline run and a current run, by fingerprint.
 *
 *   mmiocheck diff --baseline OLD.db [--baseline-run ID] [--db NEW.db] [--run ID]
 *   mmiocheck diff --db X.db --baseline-run 3 [--run 5]     (two runs of one database)
 *   mmiocheck diff --db X.db --baseline 3 [--run 5]         (the same: a number names a run)
 *
 * Suppressed findings take part in neither side.  Exit status: 1 when a
 * new finding of warning or error severity appeared, 0 otherwise, 2 on a
 * usage or input error.
 */
#include "cli.h"
#include "out_file.h"
#include "util/util.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct diff_cli {
	const char *baseline_db, *db, *output;
	long long baseline_run, run;
	bool json;
};

static const char diff_usage[] =
	"usage: mmiocheck diff --baseline OLD.db|RUN [--baseline-run ID] [--db NEW.db] [--run ID]\n"
	"\n"
	"Prints the findings that are new, fixed and unchanged between two runs,\n"
	"matched by fingerprint (which survives line shifts and unrelated edits).\n"
	"\n"
	"  --baseline PATH|RUN  the baseline database (default: the --db database),\n"
	"                       or a run id of the --db database\n"
	"  --baseline-run ID    run of the baseline (default its newest; with one\n"
	"                       database: the run before --run)\n"
	"  --db PATH            the current database (default ./mmiocheck.db)\n"
	"  --run ID             the current run (default the newest)\n"
	"  --format text|json   output format (default text)\n"
	"  -o, --output FILE    write to FILE instead of standard output\n"
	"  -h, --help           print this help\n"
	"\n"
	"Exit status: 0 no new warning or error, 1 new ones, 2 usage or input error.\n";

enum { OPT_BASELINE = CLI_OPT_VERB, OPT_BASELINE_RUN, OPT_FORMAT };

static const struct option diff_options[] = {
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "baseline-run", required_argument, NULL, OPT_BASELINE_RUN },
	{ "db", required_argument, NULL, CLI_OPT_DB },
	{ "run", required_argument, NULL, CLI_OPT_RUN },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "output", required_argument, NULL, 'o' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* Is arg a run id rather than a file: all digits, and no such file? */
static bool is_run_number(const char *arg)
{
	if (!*arg || strspn(arg, "0123456789") != strlen(arg))
		return false;
	return access(arg, F_OK) != 0;
}

/* -1 to go on, else the exit status. */
static int parse_diff_args(struct diff_cli *c, int argc, char **argv)
{
	int o, status;

	opterr = 0;
	optind = 1;
	while ((o = getopt_long(argc, argv, ":ho:", diff_options, NULL)) != -1) {
		switch (o) {
		case OPT_BASELINE:
			if (is_run_number(optarg)) {	/* --baseline RUN: a run of --db */
				if ((c->baseline_run = cli_parse_run(optarg)) < 0)
					return MC_EXIT_ERROR;
			} else {
				c->baseline_db = optarg;
			}
			break;
		case OPT_BASELINE_RUN:
			if ((c->baseline_run = cli_parse_run(optarg)) < 0)
				return MC_EXIT_ERROR;
			break;
		case OPT_FORMAT:
			if (strcmp(optarg, "text") && strcmp(optarg, "json"))
				return cli_usage_error("diff", "unknown --format '%s' (text or json)", optarg);
			c->json = !strcmp(optarg, "json");
			break;
		case 'o': c->output = optarg; break;
		default:
			if ((status = cli_stored_run_option("diff", diff_usage, o, argv, &c->db, &c->run)) >= 0)
				return status;
			break;
		}
	}
	if (optind < argc)
		return cli_usage_error("diff", "unexpected argument '%s'", argv[optind]);
	if (!c->baseline_db && c->baseline_run < 0)
		return cli_usage_error("diff", "give --baseline OLD.db or --baseline-run ID");
	return -1;
}

/* Append "FILE:LINE:COL: SEVERITY: MESSAGE [RULE] (model M) #FP" on one line. */
static void add_finding_line(struct strbuf *sb, const char *what, const struct mc_finding *f)
{
	strbuf_addf(sb, "%s %s:%u:%u: %s: ", what, f->file ? f->file : "", f->line, f->col,
		    f->severity ? f->severity : "warning");
	for (const char *p = f->message ? f->message : ""; *p; p++)
		strbuf_addch(sb, (unsigned char)*p < 0x20 ? ' ' : *p);
	strbuf_addf(sb, " [%s] (model%s: ", f->rule ? f->rule : "", f->nmodels > 1 ? "s" : "");
	for (size_t i = 0; i < f->nmodels; i++)
		strbuf_addf(sb, "%s%s", i ? ", " : "", f->models[i]);
	strbuf_addf(sb, ") #%s\n", f->fingerprint);
}

static int write_text(FILE *out, const struct mc_baseline_diff *d, long long brun, long long crun)
{
	struct strbuf sb = STRBUF_INIT;
	int rc;

	strbuf_init(&sb);
	for (size_t i = 0; i < d->added.n; i++)
		add_finding_line(&sb, "new", d->added.v[i]);
	for (size_t i = 0; i < d->fixed.n; i++)
		add_finding_line(&sb, "fixed", d->fixed.v[i]);
	for (size_t i = 0; i < d->same.n; i++)
		add_finding_line(&sb, "unchanged", d->same.v[i]);
	strbuf_addf(&sb, "mmiocheck diff: %zu new (%zu warning or error), %zu fixed, %zu unchanged "
		    "(baseline run %lld, current run %lld)\n", d->added.n, cli_count_failures(&d->added),
		    d->fixed.n, d->same.n, brun, crun);
	rc = fputs(sb.buf, out) == EOF ? -1 : 0;
	strbuf_release(&sb);
	return rc;
}

static json_t *finding_list_json(const struct mc_finding_list *l)
{
	json_t *a = json_array();

	for (size_t i = 0; i < l->n; i++) {
		const struct mc_finding *f = l->v[i];
		json_t *models = json_array();
		for (size_t k = 0; k < f->nmodels; k++)
			json_array_append_new(models, json_string(f->models[k]));
		json_t *o = json_pack("{s:s?, s:s?, s:o, s:s?, s:i, s:i, s:s?, s:s?}", "rule", f->rule,
				      "severity", f->severity, "models", models, "file", f->file,
				      "line", (json_int_t)f->line, "column", (json_int_t)f->col,
				      "function", f->function, "fingerprint", f->fingerprint);
		if (o)
			json_object_set_new(o, "message", json_string(f->message ? f->message : ""));
		json_array_append_new(a, o ? o : json_null());
	}
	return a;
}

static int write_json(FILE *out, const struct mc_baseline_diff *d, long long brun, long long crun)
{
	json_t *root = json_pack("{s:s, s:i, s:I, s:I}", "format", "mmiocheck-diff", "version", 1,
				 "baseline_run", (json_int_t)brun, "run", (json_int_t)crun);
	int rc;

	json_object_set_new(root, "new", finding_list_json(&d->added));
	json_object_set_new(root, "fixed", finding_list_json(&d->fixed));
	json_object_set_new(root, "unchanged", finding_list_json(&d->same));
	json_object_set_new(root, "summary", json_pack("{s:I, s:I, s:I, s:I}", "new", (json_int_t)d->added.n,
						       "new_failures", (json_int_t)cli_count_failures(&d->added),
						       "fixed", (json_int_t)d->fixed.n,
						       "unchanged", (json_int_t)d->same.n));
	rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (rc == 0 && fputc('\n', out) == EOF)
		rc = -1;
	json_decref(root);
	return rc;
}

/* Load both runs (the baseline first, so a missing baseline is the error
 * named); with one database and no --baseline-run the baseline is the run
 * just before the current one. */
static int load_both(const struct diff_cli *c, struct mc_run *base, struct mc_run *cur)
{
	if (c->baseline_db) {
		if (cli_load_baseline(c->baseline_db, c->baseline_run, base) < 0)
			return -1;
		if (cli_load_run(c->db, c->run, cur) < 0) {
			mc_run_release(base);
			return -1;
		}
		return 0;
	}
	if (cli_load_run(c->db, c->run, cur) < 0)
		return -1;
	if (cli_load_run(c->db, c->baseline_run >= 0 ? c->baseline_run : cur->run_id - 1, base) < 0) {
		mc_run_release(cur);
		return -1;
	}
	return 0;
}

int cmd_diff(int argc, char **argv)
{
	struct diff_cli c = { NULL, "mmiocheck.db", NULL, -1, -1, false };
	struct mc_run base, cur;
	struct mc_run_view bview, cview;
	struct mc_baseline_diff d;
	struct out_file out;
	int status = parse_diff_args(&c, argc, argv);

	if (status >= 0)
		return status;
	if (load_both(&c, &base, &cur) < 0)
		return MC_EXIT_ERROR;
	mc_run_unsuppressed(&base, &bview);
	mc_run_unsuppressed(&cur, &cview);
	mc_baseline_compare(bview.shown, bview.n, cview.shown, cview.n, &d);
	status = MC_EXIT_ERROR;
	if (out_open(&out, c.output) == 0) {
		int rc = c.json ? write_json(out.f, &d, base.run_id, cur.run_id)
				: write_text(out.f, &d, base.run_id, cur.run_id);
		if (out_close(&out, rc == 0) == 0)
			status = cli_count_failures(&d.added) ? MC_EXIT_FINDINGS : MC_EXIT_CLEAN;
	}
	mc_baseline_diff_release(&d);
	mc_run_view_release(&bview);
	mc_run_view_release(&cview);
	mc_run_release(&base);
	mc_run_release(&cur);
	return status;
}
