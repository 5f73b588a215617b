/*
 * cmd_gc.c - `mmiocheck gc [--db PATH] [--keep N] [--no-vacuum]`: prune
 * old runs and compact the database (mc_db_gc).
 *
 * Exit status: 0 done, 2 usage error or a database error (nothing pruned).
 */
#include "cli.h"
#include "mmiocheck/mmiocheck.h"
#include "util/util.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
	"usage: mmiocheck gc [--db PATH] [--keep N] [--no-vacuum]\n"
	"\n"
	"  --db PATH     findings database (default: ./mmiocheck.db)\n"
	"  --keep N      delete every run but the N newest, with all their rows\n"
	"                (a run still running that started less than 24 h ago is kept)\n"
	"  --no-vacuum   do not VACUUM the file afterwards\n"
	"  -h, --help    print this help and exit\n"
	"\n"
	"Exit status: 0 done, 2 usage or database error.\n";

static const struct option long_options[] = {
	{ "db", required_argument, NULL, 'd' },
	{ "keep", required_argument, NULL, 'k' },
	{ "no-vacuum", no_argument, NULL, 'n' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

int cmd_gc(int argc, char **argv)
{
	const char *db = "mmiocheck.db";
	long long keep = -1;
	bool vacuum = true;
	char *err = NULL;
	struct mc_gc_stats gs;
	char *end;

	opterr = 0;
	optind = 1;
	for (int o; (o = getopt_long(argc, argv, ":h", long_options, NULL)) != -1;) {
		switch (o) {
		case 'd': db = optarg; break;
		case 'k':
			keep = strtoll(optarg, &end, 10);
			if (!*optarg || *end || keep < 0)
				return cli_usage_error("gc", "bad --keep '%s' (0 or more runs)", optarg);
			break;
		case 'n': vacuum = false; break;
		case 'h': fputs(usage_text, stdout); return MC_EXIT_CLEAN;
		case ':': return cli_usage_error("gc", "option '%s' needs an argument", argv[optind - 1]);
		default: return cli_usage_error("gc", "unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return cli_usage_error("gc", "unexpected argument '%s'", argv[optind]);
	if (mc_db_gc(db, keep, vacuum, &gs, &err) < 0) {
		mc_error("%s", err);
		free(err);
		return MC_EXIT_ERROR;
	}
	printf("%s: %lld run%s deleted (%lld files, %lld findings); %lld -> %lld bytes\n", db,
	       gs.runs_deleted, gs.runs_deleted == 1 ? "" : "s", gs.files_deleted, gs.findings_deleted,
	       gs.bytes_before, gs.bytes_after);
	return MC_EXIT_CLEAN;
}
