/*
 * cmd_merge.c - `mmiocheck merge OUT.db IN.db...`: combine the databases of
 * sharded CI jobs into one (mc_db_merge).
 *
 * OUT is created if it does not exist.  Each input is checked first (a
 * mmiocheck database at the current schema; an older one is upgraded in
 * place as any writing verb would) and merged in its own transaction, so a
 * failure leaves OUT with the inputs before it merged whole.
 * Exit status: 0 all merged, 2 usage error or an input that could not be
 * merged (the rest are still merged).
 */
#include "cli.h"
#include "mmiocheck/mmiocheck.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
	"usage: mmiocheck merge OUT.db IN.db...\n"
	"\n"
	"Adds the runs, files and findings of every IN.db to OUT.db (created if\n"
	"missing).  Runs are matched by their uid and files by (run, path), so\n"
	"merging the same shard twice changes nothing.\n"
	"\n"
	"  -h, --help    print this help and exit\n"
	"\n"
	"Exit status: 0 merged, 2 usage error or an input that could not be merged.\n";

/* Merge one input and say what it added. */
static int merge_one(struct mc_db *out, const char *in_path)
{
	char *err = NULL;
	struct mc_merge_stats ms;
	int rc = mc_db_merge(out, in_path, &ms, &err);

	if (rc < 0)
		mc_error("%s", err);
	else
		printf("%s: %lld run%s added, %lld already present; %lld file%s added, %lld replaced, "
		       "%lld unchanged; %lld finding%s added\n", in_path, ms.runs_added,
		       ms.runs_added == 1 ? "" : "s", ms.runs_known, ms.files_added,
		       ms.files_added == 1 ? "" : "s", ms.files_replaced, ms.files_kept,
		       ms.findings_added, ms.findings_added == 1 ? "" : "s");
	if (rc == 0 && ms.skipped_tables)
		mc_error("%s: not merged (no reference to a file or finding): %s", in_path, ms.skipped_tables);
	free(ms.skipped_tables);
	free(err);
	return rc;
}

int cmd_merge(int argc, char **argv)
{
	char *err = NULL;
	struct mc_db *out;
	int status = MC_EXIT_CLEAN;

	if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		fputs(usage_text, stdout);
		return MC_EXIT_CLEAN;
	}
	for (int i = 1; i < argc; i++)
		if (argv[i][0] == '-')
			return cli_usage_error("merge", "unknown option '%s'", argv[i]);
	if (argc < 3)
		return cli_usage_error("merge", "needs OUT.db and at least one IN.db");
	out = mc_db_open(argv[1], &err);
	if (!out) {
		mc_error("%s", err);
		free(err);
		return MC_EXIT_ERROR;
	}
	for (int i = 2; i < argc; i++)
		if (merge_one(out, argv[i]) < 0)
			status = MC_EXIT_ERROR;
	mc_db_close(out);
	return status;
}
