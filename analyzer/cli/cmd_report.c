/*
 * cmd_report.c - `mmiocheck report`: export a stored run.
 *
 *   mmiocheck report [--db PATH] [--run ID] [--format FMT] [-o FILE]
 *                    [--source-root DIR] [--help-base URI] [--show-suppressed]
 *
 * Formats: text (gcc-style), json (docs/json-format.md), sarif
 * (docs/sarif.md), github (workflow commands), gitlab (Code Quality), html.
 * Suppressed findings are left out except with --show-suppressed; SARIF
 * always has them, marked with result.suppressions.
 *
 * Exit status: 0 the report was written (findings are what an exporter
 * exports, not an error), 1 with --fail-on LEVEL when an unsuppressed
 * finding is at LEVEL or above, 2 usage or input error (then no output
 * file is written).
 */
#include "cli.h"
#include "out_file.h"
#include "mmiocheck/mmiocheck.h"
#include "util/util.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum report_format { FMT_TEXT, FMT_JSON, FMT_SARIF, FMT_GITHUB, FMT_GITLAB, FMT_HTML };

static const char *const format_names[] = { "text", "json", "sarif", "github", "gitlab", "html" };

struct report_cli {
	const char *db, *output, *source_root, *help_base, *tool_uri, *rules_dir;
	long long run;
	enum report_format format;
	bool show_suppressed;
	VEC(const char *) rules;
};

static const char report_usage[] =
	"usage: mmiocheck report [--db PATH] [--run ID] [--format FMT] [-o FILE]\n"
	"\n"
	"Exports a stored run (default: the newest run of ./mmiocheck.db).\n"
	"\n"
	"  --db PATH            the findings database (default ./mmiocheck.db)\n"
	"  --run ID             the run to export (runs.id; default the newest)\n"
	"  --format FMT         text, json, sarif, github, gitlab or html (default text)\n"
	"  -o, --output FILE    write to FILE instead of standard output\n"
	"  --source-root DIR    show paths under DIR relative to it; the directory\n"
	"                       relative paths are relative to (SARIF's SRCROOT,\n"
	"                       html sources; default the run's directory)\n"
	"  --help-base URI      SARIF helpUri prefix, e.g. https://host/mmiocheck/docs/rules/\n"
	"  --tool-uri URI       SARIF tool.driver.informationUri (where mmiocheck is documented)\n"
	"  --rules FILE         extra rules file whose checks the SARIF rules list names\n"
	"  --rules-dir DIR      rules directory (default: $MMIOCHECK_RULES, else the installed one)\n"
	"  --fail-on LEVEL      exit 1 if the report has a finding of LEVEL or above:\n"
	"                       error, warning or note (default: exit 0 once written)\n"
	"  --show-suppressed    include suppressed findings (text, json, github, gitlab, html)\n"
	"  -h, --help           print this help\n"
	"\n"
	"Exit status: 0 written, 1 findings at the --fail-on level, 2 usage or input error.\n";

enum { OPT_FORMAT = CLI_OPT_VERB, OPT_SOURCE_ROOT, OPT_HELP_BASE, OPT_SHOW_SUPP, OPT_RULES,
       OPT_TOOL_URI, OPT_RULES_DIR, OPT_FAIL_ON };

static const struct option report_options[] = {
	{ "db", required_argument, NULL, CLI_OPT_DB },
	{ "run", required_argument, NULL, CLI_OPT_RUN },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "output", required_argument, NULL, 'o' },
	{ "source-root", required_argument, NULL, OPT_SOURCE_ROOT },
	{ "help-base", required_argument, NULL, OPT_HELP_BASE },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "tool-uri", required_argument, NULL, OPT_TOOL_URI },
	{ "rules-dir", required_argument, NULL, OPT_RULES_DIR },
	{ "fail-on", required_argument, NULL, OPT_FAIL_ON },
	{ "show-suppressed", no_argument, NULL, OPT_SHOW_SUPP },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int parse_format(const char *name, enum report_format *out)
{
	for (size_t i = 0; i < sizeof(format_names) / sizeof(format_names[0]); i++)
		if (!strcmp(name, format_names[i])) {
			*out = (enum report_format)i;
			return 0;
		}
	return -1;
}

/* -1 to go on, else the exit status. */
static int parse_report_args(struct report_cli *c, int argc, char **argv)
{
	int o, status;

	opterr = 0;
	optind = 1;
	while ((o = getopt_long(argc, argv, ":ho:", report_options, NULL)) != -1) {
		switch (o) {
		case OPT_FORMAT:
			if (parse_format(optarg, &c->format) < 0)
				return cli_usage_error("report", "unknown --format '%s' (text, json, sarif, "
							  "github, gitlab or html)", optarg);
			break;
		case 'o': c->output = optarg; break;
		case OPT_SOURCE_ROOT: c->source_root = optarg; break;
		case OPT_HELP_BASE: c->help_base = optarg; break;
		case OPT_TOOL_URI: c->tool_uri = optarg; break;
		case OPT_RULES: VEC_PUSH(c->rules, optarg); break;
		case OPT_RULES_DIR: c->rules_dir = optarg; break;
		case OPT_FAIL_ON:
			if (cli_fail_on(optarg) < 0)
				return cli_usage_error("report", "unknown --fail-on '%s' (" CLI_FAIL_ON_LEVELS ")",
							  optarg);
			break;
		case OPT_SHOW_SUPP: c->show_suppressed = true; break;
		default:
			if ((status = cli_stored_run_option("report", report_usage, o, argv, &c->db, &c->run)) >= 0)
				return status;
			break;
		}
	}
	if (optind < argc)
		return cli_usage_error("report", "unexpected argument '%s'", argv[optind]);
	return -1;
}

/* "file:///abs/dir/" for the directory relative paths are relative to:
 * --source-root, else the run's working directory.  NULL if unknown. */
static char *root_uri(const char *source_root, const char *run_cwd)
{
	char abs[PATH_MAX];
	const char *dir = source_root ? source_root : run_cwd;

	if (!dir || !*dir)
		return NULL;
	if (!realpath(dir, abs))
		snprintf(abs, sizeof(abs), "%s", dir);
	if (abs[0] != '/')
		return NULL;
	return report_dir_uri(abs);
}

/* Split "a,b" into meta.models (pointing into `models`, modified). */
static size_t split_models(char *models, const char **out, size_t max)
{
	size_t n = 0;

	for (char *p = models ? strtok(models, ",") : NULL; p && n < max; p = strtok(NULL, ","))
		out[n++] = p;
	return n;
}

/* Write the chosen format; 0 or -1. */
static int write_format(const struct report_cli *c, FILE *out, struct mc_result *const *results,
			size_t n, const struct report_ci *ci, const char *source_dir)
{
	const struct mc_result *const *rs = (const struct mc_result *const *)results;

	switch (c->format) {
	case FMT_TEXT:
		for (size_t i = 0; i < n; i++)
			report_text(out, rs[i]);
		return ferror(out) ? -1 : 0;
	case FMT_JSON: return report_json(out, rs, n, ci->meta);
	case FMT_SARIF: return report_sarif(out, rs, n, ci);
	case FMT_GITHUB: return report_github(out, rs, n, ci);
	case FMT_GITLAB: return report_gitlab(out, rs, n, ci);
	case FMT_HTML: return report_html(out, rs, n, ci, source_dir);
	}
	return -1;
}

/* Load, render, write: the body of the verb once arguments are parsed. */
static int run_report(struct report_cli *c)
{
	struct mc_run run;
	struct cli_checks rules;
	struct mc_run_view view = { NULL, 0 };
	struct report_meta meta;
	struct report_ci ci;
	struct out_file out;
	const char *models[32];
	int status = MC_EXIT_ERROR;

	if (cli_load_run(c->db, c->run, &run) < 0)
		return MC_EXIT_ERROR;
	if (cli_checks_load(c->rules_dir, c->rules.v, (int)c->rules.n, &rules) < 0) {
		mc_run_release(&run);
		return MC_EXIT_ERROR;
	}
	if (c->source_root)
		mc_run_relativize(&run, c->source_root);
	mc_run_unsuppressed(&run, &view);
	meta.tool_version = MMIOCHECK_VERSION;
	meta.run_id = run.run_id;
	meta.models = models;
	meta.nmodels = split_models(run.models, models, sizeof(models) / sizeof(models[0]));
	memset(&ci, 0, sizeof(ci));
	ci.meta = &meta;
	ci.rules = rules.v;
	ci.nrules = rules.n;
	ci.help_base = c->help_base;
	ci.tool_uri = c->tool_uri;
	ci.run_status = run.status;
	char *uri = root_uri(c->source_root, run.cwd);
	ci.source_root_uri = uri;
	bool all = c->format == FMT_SARIF || c->show_suppressed;
	struct mc_result *const *results = all ? run.results : view.shown;
	if (all)
		ci.suppressed = (struct mc_suppression *const *const *)run.suppressed;
	if (out_open(&out, c->output) == 0) {
		int rc = write_format(c, out.f, results, run.nresults, &ci,
				      c->source_root ? c->source_root : run.cwd);
		if (rc < 0)
			mc_error("%s: cannot write the %s report", c->output ? c->output : "stdout",
				 format_names[c->format]);
		if (out_close(&out, rc == 0) == 0)
			status = cli_any_failure(view.shown, view.n) ? MC_EXIT_FINDINGS : MC_EXIT_CLEAN;
	}
	free(uri);
	mc_run_view_release(&view);
	cli_checks_release(&rules);
	mc_run_release(&run);
	return status;
}

int cmd_report(int argc, char **argv)
{
	struct report_cli c;
	int status;

	memset(&c, 0, sizeof(c));
	c.db = "mmiocheck.db";
	c.run = -1;
	cli_fail_on(NULL);
	status = parse_report_args(&c, argc, argv);
	if (status < 0)
		status = run_report(&c);
	VEC_FREE(c.rules);
	return status;
}
