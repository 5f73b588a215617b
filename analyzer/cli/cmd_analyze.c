/*
 * cmd_analyze.c - `mmiocheck [analyze] [options] FILE.c... [-- FLAGS]`,
 * the default verb: parse, analyze, store and print findings.
 *
 * Exit status: 0 no warning-level findings, 1 findings, 2 usage or input
 * error (also when a file had parse errors; what parsed is still reported).
 */
#include "analyze_hooks.h"	/* issue 5: --baseline, --suppress, --show-suppressed */
#include "cli.h"
#include "mmiocheck/mmiocheck.h"
#include "report/report.h"
#include "util/util.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum out_format { OUT_TEXT, OUT_JSON };

struct cli {
	struct mc_options opt;
	VEC(const char *) rules;
	VEC(const char *) files;
	const char *const *clang_args;
	int nclang;
	enum out_format format;
	bool no_db;
	bool list_models, list_checks, dump_ir;
	struct analyze_hooks hooks;	/* issue 5 (analyze_hooks.h) */
};

static const char usage_text[] =
	"usage: mmiocheck [analyze] [options] FILE.c... [-- COMPILER FLAGS]\n"
	"       mmiocheck COMMAND ... (see mmiocheck help)\n"
	"\n"
	"Finds MMIO writes that can leave the spinlock section protecting them unordered.\n"
	"\n"
	"  --model LIST       models to judge under, comma separated, or 'all'\n"
	"                     (default: contract,ppc64-legacy; see --list-models)\n"
	"  --rules FILE       load an extra rules file (repeatable)\n"
	"  --db PATH          findings database (default: ./mmiocheck.db)\n"
	"  --no-db            do not write a database\n"
	"  --format FMT       text (gcc-style, default) or json, on stdout\n"
	"  --preempt-rt       spinlock_t is a sleeping lock (PREEMPT_RT)\n"
	"  --strict           MMIO005 also in probe/init/remove paths\n"
	"  --max-states N     path states kept per CFG node (default 64)\n"
	"  --max-seconds N    stop analyzing a file after N s (its results are partial)\n"
	"  --source-root DIR  show file names relative to DIR\n"
	"  --baseline FILE    exit 1 only for findings not in FILE (a database or JSON report)\n"
	"  --suppress FILE    suppression file (fingerprint or RULE:FILE:FUNCTION, reason)\n"
	"  --show-suppressed  also print the suppressed findings (as notes)\n"
	"  --list-models      print the models and exit\n"
	"  --list-checks      print the checks and exit\n"
	"  --dump-ir          print the event IR of each function instead\n"
	"  --version          print the version and exit\n"
	"  -h, --help         print this help and exit\n"
	"\n"
	"Exit status: 0 clean, 1 findings, 2 usage or input error.\n";

enum {
	OPT_MODEL = 256, OPT_RULES, OPT_DB, OPT_NO_DB, OPT_FORMAT, OPT_PREEMPT_RT,
	OPT_MAX_STATES, OPT_MAX_SECONDS, OPT_SOURCE_ROOT, OPT_LIST_MODELS, OPT_LIST_CHECKS, OPT_DUMP_IR,
	OPT_VERSION, OPT_STRICT,
	OPT_BASELINE, OPT_SUPPRESS, OPT_SHOW_SUPPRESSED,	/* issue 5 */
};

static const struct option long_options[] = {
	{ "model", required_argument, NULL, OPT_MODEL },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "db", required_argument, NULL, OPT_DB },
	{ "no-db", no_argument, NULL, OPT_NO_DB },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "preempt-rt", no_argument, NULL, OPT_PREEMPT_RT },
	{ "strict", no_argument, NULL, OPT_STRICT },
	{ "max-states", required_argument, NULL, OPT_MAX_STATES },
	{ "max-seconds", required_argument, NULL, OPT_MAX_SECONDS },
	{ "source-root", required_argument, NULL, OPT_SOURCE_ROOT },
	{ "list-models", no_argument, NULL, OPT_LIST_MODELS },
	{ "list-checks", no_argument, NULL, OPT_LIST_CHECKS },
	{ "dump-ir", no_argument, NULL, OPT_DUMP_IR },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "suppress", required_argument, NULL, OPT_SUPPRESS },
	{ "show-suppressed", no_argument, NULL, OPT_SHOW_SUPPRESSED },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "mmiocheck: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see mmiocheck --help)\n");
	return MC_EXIT_ERROR;
}

/* Parse argv up to "--"; returns -1 to continue, else an exit status. */
static int parse_args(struct cli *c, int argc, char **argv)
{
	int nopt = argc;

	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--")) {
			nopt = i;
			c->clang_args = (const char *const *)argv + i + 1;
			c->nclang = argc - i - 1;
			break;
		}
	opterr = 0;
	optind = 1;
	for (;;) {
		int longidx = 0;
		int o = getopt_long(nopt, argv, ":h", long_options, &longidx);
		char *end;

		if (o == -1)
			break;
		switch (o) {
		case OPT_MODEL: c->opt.models = optarg; break;
		case OPT_RULES: VEC_PUSH(c->rules, optarg); break;
		case OPT_DB: c->opt.db_path = optarg; break;
		case OPT_NO_DB: c->no_db = true; break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "text"))
				c->format = OUT_TEXT;
			else if (!strcmp(optarg, "json"))
				c->format = OUT_JSON;
			else
				return usage_error("unknown --format '%s' (text or json)", optarg);
			break;
		case OPT_PREEMPT_RT: c->opt.preempt_rt = true; break;
		case OPT_STRICT: c->opt.strict = true; break;
		case OPT_MAX_STATES:
			c->opt.max_states = (int)strtol(optarg, &end, 10);
			if (*end || c->opt.max_states < 1 || c->opt.max_states > 100000)
				return usage_error("bad --max-states '%s' (1..100000)", optarg);
			break;
		case OPT_MAX_SECONDS:
			c->opt.max_seconds = (int)strtol(optarg, &end, 10);
			if (!*optarg || *end || c->opt.max_seconds < 1 || c->opt.max_seconds > 86400)
				return usage_error("bad --max-seconds '%s' (1..86400)", optarg);
			break;
		case OPT_SOURCE_ROOT: c->opt.source_root = optarg; break;
		case OPT_LIST_MODELS: c->list_models = true; break;
		case OPT_LIST_CHECKS: c->list_checks = true; break;
		case OPT_DUMP_IR: c->dump_ir = true; break;
		case OPT_BASELINE:	/* issue 5 hook */
			if (analyze_hooks_baseline(&c->hooks, optarg) < 0)
				return MC_EXIT_ERROR;
			break;
		case OPT_SUPPRESS:	/* issue 5 hook */
			if (analyze_hooks_suppress_file(&c->hooks, optarg) < 0)
				return MC_EXIT_ERROR;
			break;
		case OPT_SHOW_SUPPRESSED: c->hooks.show_suppressed = true; break;	/* issue 5 hook */
		case OPT_VERSION:
			printf("mmiocheck %s\n", MMIOCHECK_VERSION);
			return MC_EXIT_CLEAN;
		case 'h':
			fputs(usage_text, stdout);
			return MC_EXIT_CLEAN;
		case ':':
			return usage_error("option '%s' needs an argument", argv[optind - 1]);
		default:
			return usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	for (int i = optind; i < nopt; i++)
		VEC_PUSH(c->files, argv[i]);
	return -1;
}

static char *joined_argv(int argc, char **argv)
{
	struct strbuf sb = STRBUF_INIT;

	for (int i = 0; i < argc; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", argv[i]);
	return strbuf_detach(&sb);
}

/*
 * Say which limit a file hit: --max-seconds (its analysis stopped: true,
 * an error for the exit status) or --max-states (some functions kept fewer
 * paths: a note).  The run goes on with the next file either way.
 */
static bool report_limits(const struct cli *c, const struct mc_result *r)
{
	size_t n = 0;

	if (r->timed_out) {
		mc_error("%s: analysis stopped after %d s (--max-seconds); its findings are incomplete",
			 r->path, c->opt.max_seconds);
		return true;
	}
	for (size_t i = 0; i < r->nfunctions; i++)
		n += r->functions[i].truncated;
	if (n)
		mc_error("%s: note: %zu function%s hit the state bound (--max-states %d); "
			 "paths were joined, results for %s may be less precise", r->path, n, n == 1 ? "" : "s",
			 c->opt.max_states ? c->opt.max_states : 64, n == 1 ? "it" : "them");
	return false;
}

/* Analyze the files as one program (summaries flow between them), then
 * print each file's results in order. */
static int run_files(struct cli *c, struct mc_session *s)
{
	VEC(struct mc_result *) results = VEC_INIT;
	int status = MC_EXIT_CLEAN;
	char *err = NULL;

	if (mc_analyze_files(s, c->files.v, c->files.n, c->clang_args, c->nclang, &results.v, &results.n,
			     &err) < 0) {
		mc_error("%s", err);
		free(err);
		err = NULL;
		status = MC_EXIT_ERROR;
	}
	for (size_t i = 0; i < results.n; i++) {
		struct mc_result *r = results.v[i];
		if (r->nerrors) {
			mc_error("%s: %zu parse error%s; analyzed what parsed", r->path, r->nerrors,
				 r->nerrors == 1 ? "" : "s");
			status = MC_EXIT_ERROR;
		}
		if (report_limits(c, r))
			status = MC_EXIT_ERROR;
		if (r->ncapped)
			fprintf(stderr, "mmiocheck: %s: %zu function summar%s capped to lock events (too large or "
				"unsettled recursion): callers may miss writes (docs/analysis.md)\n", r->path,
				r->ncapped, r->ncapped == 1 ? "y" : "ies");
		analyze_hooks_result(&c->hooks, i < c->files.n ? c->files.v[i] : NULL, r,	/* issue 5 hook */
				     c->format == OUT_TEXT);
		for (size_t k = 0; k < r->nfindings; k++)
			if (mc_finding_is_failure(&r->findings[k]) && status == MC_EXIT_CLEAN)
				status = MC_EXIT_FINDINGS;
		if (c->format == OUT_TEXT)
			report_text(stdout, r);	/* parse errors included, gcc-style */
	}
	if (mc_session_rechecked(s))
		fprintf(stderr, "mmiocheck: analyzed %zu file%s again whose callees' summaries changed\n",
			mc_session_rechecked(s), mc_session_rechecked(s) == 1 ? "" : "s");
	if (c->format == OUT_JSON) {
		struct report_meta meta;
		meta.tool_version = MMIOCHECK_VERSION;
		meta.run_id = mc_session_run_id(s);
		meta.nmodels = mc_session_models(s, &meta.models);
		report_json(stdout, (const struct mc_result *const *)results.v, results.n, &meta);
	}
	status = analyze_hooks_finish(&c->hooks, s, c->opt.db_path, status);	/* issue 5 hook */
	fflush(stdout);
	if (mc_session_finish(s, &err) < 0) {
		mc_error("%s", err);
		free(err);
		status = MC_EXIT_ERROR;
	}
	for (size_t i = 0; i < results.n; i++)
		mc_result_free(results.v[i]);
	VEC_FREE(results);
	return status;
}

/* The analyze verb; argv[0] is the program or verb name. */
int cmd_analyze(int argc, char **argv)
{
	struct cli c;
	char *err = NULL;
	int status;

	memset(&c, 0, sizeof(c));
	mc_options_init(&c.opt);
	status = parse_args(&c, argc, argv);
	if (status >= 0)
		goto out;
	c.opt.extra_rules = c.rules.v;
	c.opt.nextra_rules = (int)c.rules.n;
	bool listing = c.list_models || c.list_checks;
	if (!listing && !c.files.n) {
		status = usage_error("%s", "no input files");
		goto out;
	}
	/* Check every input before anything is written. */
	for (size_t i = 0; i < c.files.n && !listing; i++)
		if (mc_check_input(c.files.v[i], &err) < 0) {
			mc_error("%s", err);
			free(err);
			status = MC_EXIT_ERROR;
			goto out;
		}
	if (c.no_db || listing || c.dump_ir)
		c.opt.db_path = NULL;
	else if (!c.opt.db_path)
		c.opt.db_path = "mmiocheck.db";
	char *argv_text = joined_argv(argc, argv);
	c.opt.argv_text = argv_text;
	struct mc_session *s = mc_session_open(&c.opt, &err);
	if (!s) {
		mc_error("%s", err);
		free(err);
		free(argv_text);
		status = MC_EXIT_ERROR;
		goto out;
	}
	if (listing) {
		if (c.list_models)
			mc_list_models(s, stdout);
		if (c.list_checks)
			mc_list_checks(s, stdout);
		status = MC_EXIT_CLEAN;
	} else if (c.dump_ir) {
		status = MC_EXIT_CLEAN;
		for (size_t i = 0; i < c.files.n; i++)
			if (mc_dump_ir(s, c.files.v[i], c.clang_args, c.nclang, stdout, &err) < 0) {
				mc_error("%s", err);
				free(err);
				status = MC_EXIT_ERROR;
			}
	} else {
		status = run_files(&c, s);
	}
	mc_session_close(s);
	free(argv_text);
out:
	VEC_FREE(c.rules);
	VEC_FREE(c.files);
	analyze_hooks_release(&c.hooks);	/* issue 5 hook */
	return status;
}
