/*
 * cmd_analyze.c - `mmiocheck [analyze] [options] FILE.c... [-- FLAGS]`,
 * the default verb: parse, analyze, store and print findings.
 *
 * Exit status: 0 no warning-level findings, 1 findings, 2 usage or input
 * error (also when a file had parse errors; what parsed is still reported).
 */
#include "analyze_int.h"
#include "cli.h"
#include "report/report.h"
#include "util/util.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage_text[] =
	"usage: mmiocheck [analyze] [options] FILE.c... [-- COMPILER FLAGS]\n"
	"       mmiocheck COMMAND ... (see mmiocheck help)\n"
	"\n"
	"Finds MMIO writes that can leave the spinlock section protecting them unordered.\n"
	"\n"
	"  --model LIST       models to judge under, comma separated, or 'all'\n"
	"                     (default: contract,ppc64-legacy; in Kbuild mode and with\n"
	"                     -p on a kernel tree: the models of the architectures\n"
	"                     each file can be built for; see --list-models)\n"
	"  --pedantic         on a kernel tree, also show findings that hold only by\n"
	"                     the documented contract (no architecture reorders them);\n"
	"                     everywhere, MMIO005 (writes without a register's usual\n"
	"                     lock; off by default, --enable MMIO005 shows only its\n"
	"                     strong evidence) and MMIO006 (writes under a mutex;\n"
	"                     off by default)\n"
	"  --print-arches     print the architectures and models of each file of a\n"
	"                     kernel tree (from its Kconfig and Makefiles) and exit\n"
	"  --rules FILE       load an extra rules file (repeatable)\n"
	"  --rules-dir DIR    rules directory (default: $MMIOCHECK_RULES, else the installed one)\n"
	"  --db PATH          findings database (default: ./mmiocheck.db)\n"
	"  --no-db            do not write a database\n"
	"  --format FMT       text (gcc-style, default) or json, on stdout\n"
	"  --preempt-rt       spinlock_t is a sleeping lock (PREEMPT_RT)\n"
	"  --strict           MMIO005 also in probe/init/remove paths\n"
	"  --enable LIST      turn checks on: ids or names, comma separated, or 'all'\n"
	"                     (MMIO005, MMIO006 and MMIO007 are off by default)\n"
	"  --disable LIST     turn checks off (ids, names or 'all')\n"
	"  -W NAME, -Wno-NAME the same for one check by name: -W lock-imbalance\n"
	"  --max-states N     path states kept per CFG node (default 128)\n"
	"  --max-seconds N    stop analyzing a file after N s (its results are partial);\n"
	"                     a parse still running after N s is stopped and the file\n"
	"                     reported as not analyzed\n"
	"  --max-memory SIZE  address space per process (default 4G; K, M, G suffixes;\n"
	"                     0: none; at least 256M): a file whose parse or analysis\n"
	"                     needs more is reported as not analyzed, the others go on;\n"
	"                     a function whose path states outgrow an eighth of it is\n"
	"                     stopped (degraded, its findings incomplete)\n"
	"  --stats            print where the time went on stderr: parse, lowering,\n"
	"                     summaries, engine, store; states and bounds hit;\n"
	"                     driver header functions solved and reused\n"
	"  -v, --verbose      name on stderr what the run's summary line counts: the\n"
	"                     functions not checked (a parse error inside), capped,\n"
	"                     at the state bound; the files re-checked or reused.\n"
	"                     The summary line is printed at the end of a run on\n"
	"                     stderr (in Kbuild mode only with --verbose)\n"
	"  --source-root DIR  show file names relative to DIR\n"
	"  --list-models      print the models and exit\n"
	"  --list-checks      print the checks and exit\n"
	"  --dump-ir          print the event IR of each function instead\n"
	"  --baseline FILE    exit 1 only for findings not in FILE (a database or JSON report);\n"
	"                     new findings are marked [new] (json: \"baseline\": \"new\")\n"
	"  --fail-on LEVEL    exit 1 for findings of LEVEL or above: error, warning\n"
	"                     (the default) or note\n"
	"  --suppress FILE    suppression file (fingerprint or RULE:FILE:FUNCTION, reason)\n"
	"  --show-suppressed  also print the suppressed findings (as notes)\n"
	"  -p DIR             analyze the C files of DIR/compile_commands.json\n"
	"  -j N               files analyzed in parallel (default: number of CPUs with\n"
	"                     -p, else 1: the FILEs are analyzed as one program)\n"
	"  --no-incremental   parse every file even if its inputs are unchanged\n"
	"  --no-header-cache  parse kernel headers whole, not from the copies without\n"
	"                     function bodies kept beside the database\n"
	"  --header-cache DIR keep those copies in DIR (also with --no-db)\n"
	"  --print-clang-args\n"
	"                     with -p: print the clang -fsyntax-only command of each\n"
	"                     file (the flags after the table) instead of analyzing\n"
	"  --kbuild           Kbuild checker mode (make C=1 CHECK=mmiocheck; automatic\n"
	"                     when make runs it): gcc flags, diagnostics on stderr,\n"
	"                     MMIOCHECK_DB, MMIOCHECK_RUN\n"
	"  --version          print the version and exit\n"
	"  -h, --help         print this help and exit\n"
	"\n"
	"Exit status: 0 clean, 1 findings (warnings or errors; see --fail-on),\n"
	"2 usage or input error, 130 interrupted.\n"
	"In Kbuild mode findings exit 0 (1 with MMIOCHECK_WERROR=1).\n";

enum {
	OPT_MODEL = 256, OPT_RULES, OPT_DB, OPT_NO_DB, OPT_FORMAT, OPT_PREEMPT_RT,
	OPT_MAX_STATES, OPT_MAX_SECONDS, OPT_SOURCE_ROOT, OPT_LIST_MODELS, OPT_LIST_CHECKS, OPT_DUMP_IR,
	OPT_VERSION, OPT_STRICT, OPT_NO_INCREMENTAL, OPT_KBUILD, OPT_PRINT_CLANG_ARGS,
	OPT_BASELINE, OPT_SUPPRESS, OPT_SHOW_SUPPRESSED, OPT_STATS,
	OPT_PEDANTIC, OPT_PRINT_ARCHES, OPT_ENABLE, OPT_DISABLE, OPT_RULES_DIR, OPT_FAIL_ON,
	OPT_MAX_MEMORY, OPT_VERBOSE, OPT_NO_HEADER_CACHE, OPT_HEADER_CACHE,
};

#define DEFAULT_MAX_MEMORY ((size_t)4 << 30)
#define MIN_MAX_MEMORY ((size_t)256 << 20)	/* mmiocheck with libclang loaded needs ~250 MiB */

static const struct option long_options[] = {
	{ "model", required_argument, NULL, OPT_MODEL },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "rules-dir", required_argument, NULL, OPT_RULES_DIR },
	{ "fail-on", required_argument, NULL, OPT_FAIL_ON },
	{ "db", required_argument, NULL, OPT_DB },
	{ "no-db", no_argument, NULL, OPT_NO_DB },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "preempt-rt", no_argument, NULL, OPT_PREEMPT_RT },
	{ "strict", no_argument, NULL, OPT_STRICT },
	{ "max-states", required_argument, NULL, OPT_MAX_STATES },
	{ "max-seconds", required_argument, NULL, OPT_MAX_SECONDS },
	{ "max-memory", required_argument, NULL, OPT_MAX_MEMORY },
	{ "source-root", required_argument, NULL, OPT_SOURCE_ROOT },
	{ "list-models", no_argument, NULL, OPT_LIST_MODELS },
	{ "list-checks", no_argument, NULL, OPT_LIST_CHECKS },
	{ "dump-ir", no_argument, NULL, OPT_DUMP_IR },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ "no-incremental", no_argument, NULL, OPT_NO_INCREMENTAL },
	{ "no-header-cache", no_argument, NULL, OPT_NO_HEADER_CACHE },
	{ "header-cache", required_argument, NULL, OPT_HEADER_CACHE },
	{ "kbuild", no_argument, NULL, OPT_KBUILD },
	{ "print-clang-args", no_argument, NULL, OPT_PRINT_CLANG_ARGS },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "suppress", required_argument, NULL, OPT_SUPPRESS },
	{ "show-suppressed", no_argument, NULL, OPT_SHOW_SUPPRESSED },
	{ "stats", no_argument, NULL, OPT_STATS },
	{ "verbose", no_argument, NULL, OPT_VERBOSE },
	{ "pedantic", no_argument, NULL, OPT_PEDANTIC },
	{ "print-arches", no_argument, NULL, OPT_PRINT_ARCHES },
	{ "enable", required_argument, NULL, OPT_ENABLE },
	{ "disable", required_argument, NULL, OPT_DISABLE },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/*
 * The argument getopt refused: a long option is argv[optind - 1]; for a
 * short one optind may or may not have moved past it (and arguments are
 * permuted), so take the first argument that starts with -OPTOPT.
 */
static const char *refused_arg(int nopt, char **argv)
{
	static char dash[3];

	if (!optopt)
		return argv[optind - 1];
	for (int i = 1; i < nopt; i++)
		if (argv[i][0] == '-' && argv[i][1] == optopt)
			return argv[i];
	dash[0] = '-';
	dash[1] = (char)optopt;
	return dash;
}

/* Does an unknown option look like one for the compiler (-I, -D, -include)? */
static bool compiler_flag(const char *arg)
{
	static const char *const prefixes[] = {
		"-I", "-D", "-U", "-W", "-f", "-m", "-O", "-g", "-std=", "-include", "-imacros",
		"-isystem", "-iquote", "-idirafter", "-nostdinc", "-x", "-c",
	};

	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(arg, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

/* "4G", "512M", "262144K", "0": bytes in *out; false if not a size
 * (0, or MIN_MAX_MEMORY up to 1 TiB). */
static bool parse_memory_size(const char *arg, size_t *out)
{
	char *end;
	unsigned long long v;

	if (*arg < '0' || *arg > '9')
		return false;
	errno = 0;
	v = strtoull(arg, &end, 10);
	int shift = !*end ? 0 : !strcmp(end, "K") ? 10 : !strcmp(end, "M") ? 20 : !strcmp(end, "G") ? 30 : -1;
	if (errno || shift < 0 || v > (1ull << 40) >> shift)
		return false;
	*out = (size_t)(v << shift);
	return *out == 0 || *out >= MIN_MAX_MEMORY;
}

/* Append the checks of LIST, turned on or off, to c->checks (applied in
 * the order given: rules_set_checks). */
static void add_checks(struct cli *c, const char *list, bool on)
{
	struct strbuf sb = STRBUF_INIT;
	char *copy = xstrdup(list), *save = NULL;

	strbuf_init(&sb);
	if (c->checks)
		strbuf_adds(&sb, c->checks);
	for (char *w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save))
		strbuf_addf(&sb, "%s%s%s", sb.len ? "," : "", on ? "" : "-", w);
	free(copy);
	free(c->checks);
	c->checks = strbuf_detach(&sb);
	c->opt.checks = c->checks;
}

/* Everything after "--" is the compiler's: keep it in c->clang_args and
 * return how many arguments are ours (getopt must not see the others). */
static int split_compiler_args(struct cli *c, int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--")) {
			c->clang_args = (const char *const *)argv + i + 1;
			c->nclang = argc - i - 1;
			return i;
		}
	return argc;
}

/* A whole decimal integer in [lo, hi] in *out; false if arg is not one
 * (the caller names the option and its range). */
static bool int_in_range(const char *arg, int lo, int hi, int *out)
{
	char *end;

	*out = (int)strtol(arg, &end, 10);
	return *arg && !*end && *out >= lo && *out <= hi;
}

/* --format text|json. */
static int set_format(struct cli *c, const char *arg)
{
	if (!strcmp(arg, "text"))
		c->format = OUT_TEXT;
	else if (!strcmp(arg, "json"))
		c->format = OUT_JSON;
	else
		return cli_usage_error(NULL, "unknown --format '%s' (text or json)", arg);
	return -1;
}

/* -W NAME turns a check on, -Wno-NAME off. */
static void set_warning(struct cli *c, const char *arg)
{
	if (!strncmp(arg, "no-", 3))
		add_checks(c, arg + 3, false);
	else
		add_checks(c, arg, true);
}

/* getopt refused an argument: name it, and point at `--` when it is a
 * compiler flag put before it. */
static int refuse_option(int nopt, char **argv)
{
	const char *arg = refused_arg(nopt, argv);

	if (compiler_flag(arg)) {
		mc_error("unknown option '%s': put compiler flags after `--` "
			 "(mmiocheck FILE.c -- -I DIR -D NAME)", arg);
		return MC_EXIT_ERROR;
	}
	return cli_usage_error(NULL, "unknown option '%s'", arg);
}

/*
 * Apply option o (its value in optarg); -1 to go on, else the exit status
 * to stop with.  One case per option, each a line or a checked value: the
 * switch is the option table and reads best whole, in the order of
 * long_options, so it is not split further.
 */
static int apply_option(struct cli *c, int o, int nopt, char **argv)
{
	switch (o) {
	case OPT_MODEL: c->opt.models = optarg; break;
	case OPT_RULES: VEC_PUSH(c->rules, optarg); break;
	case OPT_RULES_DIR: c->opt.rules_dir = optarg; break;
	case OPT_FAIL_ON:
		if (cli_fail_on(optarg) < 0)
			return cli_usage_error(NULL, "unknown --fail-on '%s' (" CLI_FAIL_ON_LEVELS ")", optarg);
		break;
	case OPT_DB: c->opt.db_path = optarg; break;
	case OPT_NO_DB: c->no_db = true; break;
	case OPT_FORMAT: return set_format(c, optarg);
	case OPT_PREEMPT_RT: c->opt.preempt_rt = true; break;
	case OPT_STRICT: c->opt.strict = true; break;
	case OPT_MAX_STATES:
		if (!int_in_range(optarg, 1, 100000, &c->opt.max_states))
			return cli_usage_error(NULL, "bad --max-states '%s' (1..100000)", optarg);
		break;
	case OPT_MAX_SECONDS:
		if (!int_in_range(optarg, 1, 86400, &c->opt.max_seconds))
			return cli_usage_error(NULL, "bad --max-seconds '%s' (1..86400)", optarg);
		break;
	case OPT_MAX_MEMORY:
		if (!parse_memory_size(optarg, &c->opt.max_memory))
			return cli_usage_error(NULL, "bad --max-memory '%s' (0, or 256M up to 1024G)", optarg);
		break;
	case OPT_SOURCE_ROOT: c->opt.source_root = optarg; break;
	case OPT_LIST_MODELS: c->list_models = true; break;
	case OPT_LIST_CHECKS: c->list_checks = true; break;
	case OPT_DUMP_IR: c->dump_ir = true; break;
	case OPT_NO_INCREMENTAL: c->no_incremental = true; break;
	case OPT_NO_HEADER_CACHE: c->opt.no_header_cache = true; break;
	case OPT_HEADER_CACHE: c->opt.header_cache = optarg; break;
	case OPT_KBUILD: c->kbuild = true; break;
	case OPT_PRINT_CLANG_ARGS: c->print_clang_args = true; break;
	case OPT_BASELINE: return analyze_triage_baseline(c, optarg) < 0 ? MC_EXIT_ERROR : -1;
	case OPT_SUPPRESS: return analyze_triage_suppress_file(c, optarg) < 0 ? MC_EXIT_ERROR : -1;
	case OPT_SHOW_SUPPRESSED: c->show_suppressed = true; break;
	case OPT_STATS: c->stats = true; break;
	case 'v':
	case OPT_VERBOSE: c->verbose = true; break;
	case OPT_PEDANTIC: c->opt.pedantic = true; break;
	case OPT_PRINT_ARCHES: c->print_arches = true; break;
	case OPT_ENABLE: add_checks(c, optarg, true); break;
	case OPT_DISABLE: add_checks(c, optarg, false); break;
	case 'W': set_warning(c, optarg); break;
	case 'p': c->compdb = optarg; break;
	case 'j':
		if (!int_in_range(optarg, 1, 1024, &c->jobs))
			return cli_usage_error(NULL, "bad -j '%s' (1..1024)", optarg);
		break;
	case OPT_VERSION:
		printf("mmiocheck %s\n", MMIOCHECK_VERSION);
		return MC_EXIT_CLEAN;
	case 'h':
		fputs(usage_text, stdout);
		return MC_EXIT_CLEAN;
	case ':':
		return cli_usage_error(NULL, "option '%s' needs an argument", argv[optind - 1]);
	default:
		return refuse_option(nopt, argv);
	}
	return -1;
}

/* Parse argv up to "--"; returns -1 to continue, else an exit status. */
static int parse_args(struct cli *c, int argc, char **argv)
{
	int nopt = split_compiler_args(c, argc, argv);
	int o, status;

	opterr = 0;
	optind = 1;
	c->opt.max_memory = DEFAULT_MAX_MEMORY;
	while ((o = getopt_long(nopt, argv, ":hvp:j:W:", long_options, NULL)) != -1)
		if ((status = apply_option(c, o, nopt, argv)) >= 0)
			return status;
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

/* -1 if arg is not one of our long options, else how many values it takes. */
static int our_long_option(const char *arg)
{
	const char *name = arg + 2, *eq = strchr(name, '=');
	size_t n = eq ? (size_t)(eq - name) : strlen(name);

	for (const struct option *o = long_options; o->name; o++)
		if (strlen(o->name) == n && !strncmp(o->name, name, n))
			return o->has_arg == required_argument;
	return -1;
}

/* Jobs for -p: the compilation database's C files (only FILEs if given),
 * their flags through the table; inputs checked before anything is written. */
typedef VEC(strvec) strvec_vec;

static int compdb_jobs(struct cli *c, compdb *db, struct job_set *set, struct flag_table *ft,
		       strvec_vec *owned)
{
	struct strbuf err = STRBUF_INIT;
	char *msg = NULL;

	strbuf_init(&err);
	if (compdb_load(c->compdb, db, &err) < 0) {
		mc_error("%s", err.buf);
		strbuf_release(&err);
		return -1;
	}
	strbuf_release(&err);
	VEC_GROW(*owned, db->n);
	for (size_t i = 0; i < db->n; i++) {
		const struct compdb_entry *e = &db->v[i];
		bool wanted = !c->files.n;
		for (size_t k = 0; k < c->files.n && !wanted; k++) {
			char real[PATH_MAX];
			wanted = realpath(c->files.v[k], real) && !strcmp(real, e->file);
		}
		if (!wanted)
			continue;
		if (mc_check_input(e->file, &msg) < 0) {
			mc_error("%s (in %s)", msg, c->compdb);
			free(msg);
			return -1;
		}
		strvec *args = &owned->v[owned->n++];
		memset(args, 0, sizeof(*args));
		flag_table_filter(ft, (const char *const *)e->args.v, (int)e->args.n, args);
		struct job j = { e->file, e->directory, (const char *const *)args->v, (int)args->n };
		VEC_PUSH(set->jobs, j);
	}
	if (!set->jobs.n) {
		mc_error("%s: no C files to analyze%s", c->compdb, c->files.n ? " among those given" : "");
		return -1;
	}
	return 0;
}

/* Append s to sb quoted for /bin/sh. */
static void add_shell_quoted(struct strbuf *sb, const char *s)
{
	strbuf_addch(sb, '\'');
	for (; *s; s++)
		if (*s == '\'')
			strbuf_adds(sb, "'\\''");
		else
			strbuf_addch(sb, *s);
	strbuf_addch(sb, '\'');
}

/* --print-clang-args: one shell line per job, runnable as is. */
static int print_clang_commands(const struct job_set *set)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	for (size_t i = 0; i < set->jobs.n; i++) {
		const struct job *j = &set->jobs.v[i];
		strbuf_reset(&sb);
		strbuf_adds(&sb, "cd ");
		add_shell_quoted(&sb, j->dir ? j->dir : ".");
		strbuf_adds(&sb, " && clang-19 -fsyntax-only");
		for (int k = 0; k < j->nargs; k++) {
			strbuf_addch(&sb, ' ');
			add_shell_quoted(&sb, j->args[k]);
		}
		strbuf_addch(&sb, ' ');
		add_shell_quoted(&sb, j->file);
		puts(sb.buf);
	}
	strbuf_release(&sb);
	return MC_EXIT_CLEAN;
}

/* An absolute form of a path that may be relative to the current directory. */
static char *absolute_path(const char *path)
{
	char cwd[PATH_MAX];

	if (path[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		return xstrdup(path);
	return xasprintf("%s/%s", cwd, path);
}

/* The analysis proper: FILEs or -p, in parallel; the run around it. */
static int analyze(struct cli *c, char *argv_text)
{
	struct job_set set;
	struct flag_table *ft = NULL;
	compdb db = VEC_INIT;
	strvec_vec owned = VEC_INIT;
	struct strbuf err = STRBUF_INIT;
	char *db_abs = NULL, *root_abs = NULL, *cache_abs = NULL;
	int status = MC_EXIT_ERROR;

	memset(&set, 0, sizeof(set));
	set.opt = c->opt;
	set.opt.argv_text = argv_text;
	set.opt.incremental = !c->no_incremental;
	set.opt.defer_recheck = c->compdb != NULL;	/* recheck_stale, with each file's flags */
	if (c->compdb) {
		strbuf_init(&err);
		ft = flag_table_load(mc_rules_dir(&c->opt), &err);
		if (!ft) {
			mc_error("%s", err.buf);
			goto out;
		}
		if (compdb_jobs(c, &db, &set, ft, &owned) < 0)
			goto out;
		if (c->print_clang_args) {
			status = print_clang_commands(&set);
			goto out;
		}
		/* Workers chdir to each entry's directory. */
		if (set.opt.db_path)
			set.opt.db_path = db_abs = absolute_path(set.opt.db_path);
		if (set.opt.header_cache)
			set.opt.header_cache = cache_abs = absolute_path(set.opt.header_cache);
		if (set.opt.source_root)
			set.opt.source_root = root_abs = absolute_path(set.opt.source_root);
	} else {
		for (size_t i = 0; i < c->files.n; i++) {
			struct job j = { c->files.v[i], NULL, c->clang_args, c->nclang };
			VEC_PUSH(set.jobs, j);
		}
	}
	if (place_jobs(c, &set) < 0) {
		c->failed = set.jobs.n;	/* a broken rules/arches.json fails even a Kbuild call */
		goto out;
	}
	if (c->print_arches) {
		place_print(c, &set, stdout);
		status = MC_EXIT_CLEAN;
		goto out;
	}
	status = run_guarded(c, &set);
out:
	place_release(c);
	strbuf_release(&err);
	for (size_t i = 0; i < owned.n; i++)
		strvec_free(&owned.v[i]);
	VEC_FREE(owned);
	compdb_free(&db);
	flag_table_free(ft);
	VEC_FREE(set.jobs);
	free(db_abs);
	free(cache_abs);
	free(root_abs);
	return status;
}

/* A cli with its defaults, before any option is read. */
static void cli_init(struct cli *c)
{
	memset(c, 0, sizeof(*c));
	analyze_triage_init(c);
	mc_options_init(&c->opt);
}

/* Free what parsing the options allocated (cli_init's counterpart). */
static void cli_release(struct cli *c)
{
	analyze_triage_release(c);
	VEC_FREE(c->rules);
	free(c->checks);
	VEC_FREE(c->files);
}

/*
 * Kbuild mode: parse our own options out of gcc's command line, with the
 * C file last, as parse_args would a plain call.  `flags` gets gcc's
 * flags, `source` the file; -1 to go on, else the exit status.
 */
static int kbuild_parse_args(struct cli *c, int argc, char **argv, strvec *ours, strvec *flags,
			     char **source)
{
	VEC(char *) args = VEC_INIT;
	int status;

	if (kbuild_split(argc, argv, our_long_option, ours, flags, source) < 0)
		return cli_usage_error(NULL, "Kbuild mode: the last argument must be the C file");
	VEC_PUSH(args, argv[0]);
	for (size_t i = 0; i < ours->n; i++)
		VEC_PUSH(args, ours->v[i]);
	VEC_PUSH(args, *source);
	VEC_PUSH(args, NULL);
	status = parse_args(c, (int)args.n - 1, args.v);
	VEC_FREE(args);
	return status;
}

/* gcc's flags through the rules' flag table into clang's (kept in
 * `clang`, which c->clang_args points into); -1 if the table is broken. */
static int kbuild_clang_args(struct cli *c, const strvec *flags, strvec *clang)
{
	struct strbuf err = STRBUF_INIT;
	struct flag_table *ft;

	strbuf_init(&err);
	ft = flag_table_load(mc_rules_dir(&c->opt), &err);
	if (!ft) {
		mc_error("%s", err.buf);
		strbuf_release(&err);
		return -1;
	}
	strbuf_release(&err);
	flag_table_filter(ft, (const char *const *)flags->v, (int)flags->n, clang);
	flag_table_free(ft);
	c->clang_args = (const char *const *)clang->v;
	c->nclang = (int)clang->n;
	return 0;
}

/* The exit status Kbuild sees for analyze's: findings, and a file clang
 * could not parse, fail the build only with MMIOCHECK_WERROR=1. */
static int kbuild_status(const struct cli *c, int status)
{
	const char *werror = getenv("MMIOCHECK_WERROR");
	bool fail_on_findings = werror && !strcmp(werror, "1");

	if (status == MC_EXIT_FINDINGS && !fail_on_findings)
		status = MC_EXIT_CLEAN;
	/* Parse errors are clang's, not the build's: reported, not fatal. */
	if (status == MC_EXIT_ERROR && !c->failed)
		status = fail_on_findings && c->findings ? MC_EXIT_FINDINGS : MC_EXIT_CLEAN;
	return status;
}

/*
 * Kbuild checker mode: one file per process, gcc's flags through the
 * table, diagnostics on stderr, one shared named run in MMIOCHECK_DB.
 * Findings do not fail the build (unless MMIOCHECK_WERROR=1); a flag never
 * does; a file that cannot be stored (database locked too long, disk full)
 * does, with a message.
 */
static int run_kbuild(int argc, char **argv)
{
	strvec ours = VEC_INIT, flags = VEC_INIT, clang = VEC_INIT;
	char *source = NULL, *dbpath = NULL, *argv_text = joined_argv(argc, argv);
	const char *run = getenv("MMIOCHECK_RUN");
	struct cli c;
	int status;

	cli_init(&c);
	status = kbuild_parse_args(&c, argc, argv, &ours, &flags, &source);
	if (status >= 0)
		goto out;
	status = MC_EXIT_ERROR;
	c.opt.extra_rules = c.rules.v;
	c.opt.nextra_rules = (int)c.rules.n;
	if (kbuild_clang_args(&c, &flags, &clang) < 0)
		goto out;
	if (!c.no_db)
		c.opt.db_path = c.opt.db_path ? c.opt.db_path : (dbpath = kbuild_default_db());
	c.opt.run_name = run && *run ? run : "kbuild";
	c.jobs = 1;
	c.kbuild = true;
	status = kbuild_status(&c, analyze(&c, argv_text));
out:
	strvec_free(&ours);
	strvec_free(&flags);
	strvec_free(&clang);
	cli_release(&c);
	free(source);
	free(dbpath);
	free(argv_text);
	return status;
}

/* Check every input file before anything is written: -1 if all are
 * readable C files, else the exit status (the message is printed). */
static int check_inputs(const struct cli *c)
{
	char *err = NULL;

	for (size_t i = 0; i < c->files.n; i++)
		if (mc_check_input(c->files.v[i], &err) < 0) {
			mc_error("%s", err);
			free(err);
			return MC_EXIT_ERROR;
		}
	return -1;
}

/* --dump-ir: print each FILE's event IR, going on past a file that fails. */
static int dump_ir_files(const struct cli *c, struct mc_session *s)
{
	char *err = NULL;
	int status = MC_EXIT_CLEAN;

	for (size_t i = 0; i < c->files.n; i++)
		if (mc_dump_ir(s, c->files.v[i], c->clang_args, c->nclang, stdout, &err) < 0) {
			mc_error("%s", err);
			free(err);
			status = MC_EXIT_ERROR;
		}
	return status;
}

/* --list-models, --list-checks and --dump-ir: they need the session (its
 * rules and checks) but no analysis run and no database. */
static int run_without_analysis(struct cli *c, bool listing)
{
	char *err = NULL;
	struct mc_session *s = mc_session_open(&c->opt, &err);
	int status = MC_EXIT_CLEAN;

	if (!s) {
		mc_error("%s", err);
		free(err);
		return MC_EXIT_ERROR;
	}
	if (!listing)
		status = dump_ir_files(c, s);
	if (listing && c->list_models)
		mc_list_models(s, stdout);
	if (listing && c->list_checks)
		mc_list_checks(s, stdout);
	mc_session_close(s);
	return status;
}

/* The analyze verb; argv[0] is the program or verb name. */
int cmd_analyze(int argc, char **argv)
{
	struct cli c;
	int status;

	if (kbuild_is_checker_call(argc, argv))
		return run_kbuild(argc, argv);
	cli_init(&c);
	status = parse_args(&c, argc, argv);
	if (status >= 0)
		goto out;
	c.opt.extra_rules = c.rules.v;
	c.opt.nextra_rules = (int)c.rules.n;
	bool listing = c.list_models || c.list_checks;
	if (!listing && !c.files.n && !c.compdb) {
		status = cli_usage_error(NULL, "no input files");
		goto out;
	}
	if (!listing && (status = check_inputs(&c)) >= 0)
		goto out;
	if (c.no_db || listing || c.dump_ir)
		c.opt.db_path = NULL;
	else if (!c.opt.db_path)
		c.opt.db_path = "mmiocheck.db";
	char *argv_text = joined_argv(argc, argv);
	if (!listing && !c.dump_ir) {
		status = analyze(&c, argv_text);
	} else {
		c.opt.argv_text = argv_text;
		status = run_without_analysis(&c, listing);
	}
	free(argv_text);
out:
	cli_release(&c);
	return status;
}
