/*
 * cmd_query.c - `mmiocheck query`: stored findings, filtered and grouped,
 * or one read-only SQL statement, as a table, JSON or CSV.
 *
 *   mmiocheck query [--db PATH] [--rule ID] [--file GLOB] [--function NAME]
 *                   [--lock NAME] [--model NAME] [--run N] [--since TIME]
 *                   [--group-by rule,file,function,lock,model]
 *                   [--format table|json|csv]
 *   mmiocheck query [--db PATH] --sql "SELECT ..."
 *
 * The database is opened read-only (mc_db_open_query); an older schema is
 * first upgraded, as any other verb would.
 * Exit status: 0 success, 2 usage error or a refused query or database.
 */
#include "cli.h"
#include "mmiocheck/mmiocheck.h"
#include "query_output.h"
#include "util/util.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage_text[] =
	"usage: mmiocheck query [options]\n"
	"       mmiocheck query [--db PATH] --sql \"SELECT ...\"\n"
	"\n"
	"Prints stored findings, one row per defect (its models, how many paths\n"
	"reach it): by default the latest analysis of every file.\n"
	"\n"
	"  --db PATH          findings database (default: ./mmiocheck.db)\n"
	"  --rule ID          only this check (MMIO001, ...: a check of the rules, or one\n"
	"                     the database holds)\n"
	"  --file GLOB        only findings whose path matches GLOB (* matches /)\n"
	"  --function NAME    only findings in this function\n"
	"  --lock NAME        only findings about this lock (name or type path)\n"
	"  --model NAME       only findings under this model\n"
	"  --run N            the findings of run N instead of the latest ones\n"
	"  --since TIME       the findings of every run started at or after TIME\n"
	"                     (YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], UTC)\n"
	"  --group-by LIST    count defects instead: keys from rule,file,function,lock,model\n"
	"  --per-model        one row per path and model (the database's findings rows),\n"
	"                     and --group-by counts those rows\n"
	"  --format FMT       table (default), json or csv\n"
	"  --sql TEXT         run one read-only SQL statement (SELECT/WITH/PRAGMA)\n"
	"  --max-seconds N    stop a --sql query after N s (default 5; 0: no limit)\n"
	"  --rules FILE       extra rules file whose checks --rule may name (repeatable)\n"
	"  --rules-dir DIR    rules directory (default: $MMIOCHECK_RULES, else the installed one)\n"
	"  -h, --help         print this help and exit\n"
	"\n"
	"Exit status: 0 success, 2 usage error or refused query or database.\n";

struct query_cli {
	const char *db;
	const char *sql;
	unsigned max_ms;		/* --sql time limit */
	const char *rules_dir;
	VEC(const char *) rules;
	struct mc_query_filter filter;
	int format;			/* QUERY_OUT_* */
};

enum {
	OPT_DB = 256, OPT_RULE, OPT_FILE, OPT_FUNCTION, OPT_LOCK, OPT_MODEL, OPT_RUN, OPT_SINCE,
	OPT_GROUP_BY, OPT_FORMAT, OPT_SQL, OPT_MAX_SECONDS, OPT_PER_MODEL, OPT_RULES, OPT_RULES_DIR,
};

static const struct option long_options[] = {
	{ "db", required_argument, NULL, OPT_DB },
	{ "rule", required_argument, NULL, OPT_RULE },
	{ "file", required_argument, NULL, OPT_FILE },
	{ "function", required_argument, NULL, OPT_FUNCTION },
	{ "lock", required_argument, NULL, OPT_LOCK },
	{ "model", required_argument, NULL, OPT_MODEL },
	{ "run", required_argument, NULL, OPT_RUN },
	{ "since", required_argument, NULL, OPT_SINCE },
	{ "group-by", required_argument, NULL, OPT_GROUP_BY },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "sql", required_argument, NULL, OPT_SQL },
	{ "max-seconds", required_argument, NULL, OPT_MAX_SECONDS },
	{ "per-model", no_argument, NULL, OPT_PER_MODEL },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "rules-dir", required_argument, NULL, OPT_RULES_DIR },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* Is s an ISO date or date-time (YYYY-MM-DD[THH:MM[:SS[.fff]]][Z])? */
/* Is the date (and time) of a --since value one that exists (no month 13,
 * no 31 April, no hour 24)?  Its digits are checked by valid_time. */
static bool time_in_range(const char *s)
{
	struct tm tm = { 0 }, back;
	int y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0;

	if (sscanf(s, "%4d-%2d-%2d", &y, &mo, &d) != 3)
		return false;
	if (strlen(s) >= 16 && sscanf(s + 11, "%2d:%2d", &h, &mi) != 2)
		return false;
	if (strlen(s) >= 19 && sscanf(s + 17, "%2d", &sec) != 1)
		return false;
	if (y < 1970 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || sec > 59)
		return false;
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	time_t t = timegm(&tm);
	return gmtime_r(&t, &back) && back.tm_mday == d && back.tm_mon == mo - 1;
}

static bool valid_time(const char *s)
{
	static const char shape[] = "dddd-dd-ddTdd:dd:dd";
	size_t n = strlen(s), i;

	if (n && s[n - 1] == 'Z')
		n--;
	for (i = 0; i < n && i < sizeof(shape) - 1; i++)
		if (shape[i] == 'd' ? !isdigit((unsigned char)s[i]) : s[i] != shape[i])
			return false;
	if ((i != 10 && i != 16 && i != 19) || !time_in_range(s))
		return false;
	if (n > 19 && s[19] == '.') {
		for (i = 20; i < n; i++)
			if (!isdigit((unsigned char)s[i]))
				return false;
		return n > 20;
	}
	return i == n;
}

/* Parse "rule,file,..." into the filter's group keys; -1 on a bad word. */
static int parse_group_by(struct mc_query_filter *qf, const char *list)
{
	char *copy = xstrdup(list), *save = NULL;
	int rc = 0;

	qf->ngroup = 0;
	for (char *w = strtok_r(copy, ",", &save); w && rc == 0; w = strtok_r(NULL, ",", &save)) {
		int g = mc_query_group_by_name(w);
		bool dup = false;
		for (int i = 0; g >= 0 && i < qf->ngroup; i++)
			dup |= qf->group[i] == (enum mc_query_group)g;
		if (g < 0 || dup) {
			cli_usage_error("query", g < 0 ? "unknown --group-by key '%s' (rule, file, function, lock, model)"
					  : "--group-by key '%s' given twice", w);
			rc = -1;
		} else {
			qf->group[qf->ngroup++] = (enum mc_query_group)g;
		}
	}
	if (rc == 0 && qf->ngroup == 0) {
		cli_usage_error("query", "--group-by '%s' names no key", list);
		rc = -1;
	}
	free(copy);
	return rc;
}

/* One option's value into the settings; -1 to go on, -2 for an unknown
 * option, else an exit status. */
static int take_option(struct query_cli *q, int o)
{
	char *end = NULL;

	switch (o) {
	case OPT_DB: q->db = optarg; break;
	case OPT_RULE: q->filter.rule = optarg; break;
	case OPT_FILE: q->filter.file_glob = optarg; break;
	case OPT_FUNCTION: q->filter.function = optarg; break;
	case OPT_LOCK: q->filter.lock = optarg; break;
	case OPT_MODEL: q->filter.model = optarg; break;
	case OPT_PER_MODEL: q->filter.per_model = true; break;
	case OPT_RUN:
		errno = 0;
		q->filter.run = strtoll(optarg, &end, 10);
		if (!*optarg || *end || errno == ERANGE || q->filter.run < 1)
			return cli_usage_error("query", "bad --run '%s' (a run id, 1 or more)", optarg);
		break;
	case OPT_SINCE:
		if (!valid_time(optarg))
			return cli_usage_error("query", "bad --since '%s' (YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS])", optarg);
		q->filter.since = optarg;
		break;
	case OPT_GROUP_BY:
		if (parse_group_by(&q->filter, optarg) < 0)
			return MC_EXIT_ERROR;
		break;
	case OPT_FORMAT:
		if (!strcmp(optarg, "table"))
			q->format = QUERY_OUT_TABLE;
		else if (!strcmp(optarg, "json"))
			q->format = QUERY_OUT_JSON;
		else if (!strcmp(optarg, "csv"))
			q->format = QUERY_OUT_CSV;
		else
			return cli_usage_error("query", "unknown --format '%s' (table, json or csv)", optarg);
		break;
	case OPT_SQL: q->sql = optarg; break;
	case OPT_MAX_SECONDS: {
		errno = 0;
		double v = strtod(optarg, &end);
		if (!*optarg || *end || errno || !(v >= 0 && v <= 86400))
			return cli_usage_error("query", "bad --max-seconds '%s' (0..86400)", optarg);
		q->max_ms = (unsigned)(v * 1000 + 0.5);
		break;
	}
	case OPT_RULES: VEC_PUSH(q->rules, optarg); break;
	case OPT_RULES_DIR: q->rules_dir = optarg; break;
	case 'h':
		fputs(usage_text, stdout);
		return MC_EXIT_CLEAN;
	default:
		return -2;
	}
	return -1;
}

/* Parse the command line; -1 to go on, else an exit status. */
static int parse_args(struct query_cli *q, int argc, char **argv)
{
	const struct mc_query_filter *f = &q->filter;

	opterr = 0;
	optind = 1;
	for (;;) {
		int o = getopt_long(argc, argv, ":h", long_options, NULL);
		if (o == -1)
			break;
		if (o == ':')
			return cli_usage_error("query", "option '%s' needs an argument", argv[optind - 1]);
		int rc = take_option(q, o);
		if (rc == -2)
			return cli_usage_error("query", "unknown option '%s'", argv[optind - 1]);
		if (rc >= 0)
			return rc;
	}
	if (optind < argc)
		return cli_usage_error("query", "unexpected argument '%s'", argv[optind]);
	if (q->sql && (f->rule || f->file_glob || f->function || f->lock || f->model || f->run ||
		       f->since || f->ngroup))
		return cli_usage_error("query", "--sql cannot be combined with filters or --group-by");
	return -1;
}

/* Open the database read-only, upgrading an older schema first. */
static struct mc_db *open_for_query(const char *path)
{
	char *err = NULL;
	bool upgraded = false;
	struct mc_db *db = mc_db_open_query(path, &upgraded, &err);

	if (upgraded)
		mc_eprintf("mmiocheck: %s: upgraded to schema version %d\n", path, mc_db_schema_version());
	if (!db)
		mc_error("%s", err);
	free(err);
	return db;
}

/* mc_row_fn that only counts the rows (not the header call). */
static int count_row(void *ud, const struct mc_row *row)
{
	if (row->values)
		++*(size_t *)ud;
	return 0;
}

/*
 * --rule must name a check of the loaded rules, or one the query finds in
 * the database (a check of a --rules file used at analysis time): a typo
 * would otherwise print nothing, as if the code were clean.  0, or -1 after
 * an error that lists the known ones.
 */
static int check_rule(const struct query_cli *q, struct mc_db *db)
{
	struct cli_checks known;
	struct strbuf list = STRBUF_INIT;
	char *err = NULL;
	size_t stored = 0;
	int rc = -1;

	if (!q->filter.rule)
		return 0;
	if (cli_checks_load(q->rules_dir, q->rules.v, (int)q->rules.n, &known) < 0)
		return -1;
	strbuf_init(&list);
	for (size_t i = 0; i < known.n; i++) {
		if (!strcmp(known.v[i].id, q->filter.rule))
			rc = 0;
		strbuf_addf(&list, "%s%s", i ? ", " : "", known.v[i].id);
	}
	if (rc < 0 && mc_db_query_findings(db, &q->filter, count_row, &stored, &err) == 0 && stored)
		rc = 0;
	if (rc < 0)
		mc_error("query: unknown --rule '%s' (known: %s; --rules FILE adds the checks of a rules file)",
			 q->filter.rule, list.buf);
	strbuf_release(&list);
	free(err);
	cli_checks_release(&known);
	return rc;
}

int cmd_query(int argc, char **argv)
{
	struct query_cli q;
	char *err = NULL;
	struct query_output out;
	struct mc_db *db;
	int status, rc;

	memset(&q, 0, sizeof(q));
	q.max_ms = MC_QUERY_DEFAULT_MS;
	status = parse_args(&q, argc, argv);
	if (status >= 0 || !(db = open_for_query(q.db ? q.db : "mmiocheck.db"))) {
		VEC_FREE(q.rules);
		return status >= 0 ? status : MC_EXIT_ERROR;
	}
	if (check_rule(&q, db) < 0) {
		mc_db_close(db);
		VEC_FREE(q.rules);
		return MC_EXIT_ERROR;
	}
	query_output_init(&out, stdout, q.format);
	if (q.sql)
		rc = mc_db_query_sql(db, q.sql, q.max_ms, query_output_row, &out, &err);
	else
		rc = mc_db_query_findings(db, &q.filter, query_output_row, &out, &err);
	if (rc == 0 && out.failure)
		rc = -1;
	if (rc < 0)
		out.format = QUERY_OUT_CSV;	/* a failed query prints no table */
	query_output_finish(&out);
	if (out.failure == QUERY_OUT_CLOSED)
		rc = 0;			/* the reader went away (`| head`): not our error */
	else if (out.failure == QUERY_OUT_TOO_MANY)
		mc_error("%s: more than %d rows for a table: use --format csv or json (streamed), or LIMIT",
			 q.db ? q.db : "mmiocheck.db", QUERY_TABLE_MAX_ROWS);
	else if (out.failure == QUERY_OUT_WRITE_ERROR)
		mc_error("cannot write the query's output: %s", strerror(out.write_errno));
	else if (rc < 0)
		mc_error("%s", err ? err : "query failed");
	free(err);
	mc_db_close(db);
	VEC_FREE(q.rules);
	return rc < 0 ? MC_EXIT_ERROR : MC_EXIT_CLEAN;
}
