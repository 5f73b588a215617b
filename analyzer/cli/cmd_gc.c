/*
 * cmd_gc.c - `mmiocheck gc [--db PATH] [--keep N] [--no-vacuum]`: prune
 * old runs and compact the database (store/gc.h).
 *
 * Exit status: 0 done, 2 usage error or a database error (nothing pruned).
 */
#include "cli.h"
#include "mmiocheck/mmiocheck.h"
#include "store/gc.h"
#include "util/util.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "mmiocheck: gc: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (see mmiocheck gc --help)\n");
	return MC_EXIT_ERROR;
}

int cmd_gc(int argc, char **argv)
{
	const char *db = "mmiocheck.db";
	long long keep = -1;
	bool vacuum = true;
	struct strbuf err = STRBUF_INIT;
	struct gc_stats gs;
	char *end;

	opterr = 0;
	optind = 1;
	for (int o; (o = getopt_long(argc, argv, ":h", long_options, NULL)) != -1;) {
		switch (o) {
		case 'd': db = optarg; break;
		case 'k':
			keep = strtoll(optarg, &end, 10);
			if (!*optarg || *end || keep < 0)
				return usage_error("bad --keep '%s' (0 or more runs)", optarg);
			break;
		case 'n': vacuum = false; break;
		case 'h': fputs(usage_text, stdout); return MC_EXIT_CLEAN;
		case ':': return usage_error("option '%s' needs an argument", argv[optind - 1]);
		default: return usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	struct stat sb;
	if (stat(db, &sb) < 0) {	/* gc never creates a database */
		mc_error("%s: cannot open database: %s", db, strerror(errno));
		return MC_EXIT_ERROR;
	}
	struct store *st = store_open(db, &err);
	if (!st || store_gc(st, keep, vacuum, &gs, &err) < 0) {
		mc_error("%s", err.buf);
		store_close(st);
		strbuf_release(&err);
		return MC_EXIT_ERROR;
	}
	store_close(st);
	printf("%s: %lld run%s deleted (%lld files, %lld findings); %lld -> %lld bytes\n", db,
	       gs.runs_deleted, gs.runs_deleted == 1 ? "" : "s", gs.files_deleted, gs.findings_deleted,
	       gs.bytes_before, gs.bytes_after);
	strbuf_release(&err);
	return MC_EXIT_CLEAN;
}
