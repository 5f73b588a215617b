/*
 * cmd_fix.c - `mmiocheck fix`: the fix-its of a stored run (the redundant
 * mmiowb() calls of MMIO003) as a unified diff that `git apply` takes, or
 * applied in place.
 *
 *   mmiocheck fix [--db PATH] [--run ID] [--rule MMIO003] [--source-root DIR]
 *                 [--dry-run | --apply] [-o FILE]
 *
 * Paths in the diff are the paths the findings show (relative to the
 * analysis' --source-root: run `git apply` there).  A file whose content
 * hash differs from the one stored at analysis time is refused, in both
 * modes.  Exit status: 0 done (also when there was nothing to fix), 2 usage
 * or input error (then nothing is written).
 */
#include "cli.h"
#include "out_file.h"
#include "util/util.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct fix_cli {
	const char *db, *rule, *source_root, *output;
	long long run;
	bool apply;
};

static const char fix_usage[] =
	"usage: mmiocheck fix [--db PATH] [--run ID] [--rule MMIO003] [--dry-run | --apply]\n"
	"\n"
	"Writes the fix-its of a stored run (redundant mmiowb() calls, MMIO003) as a\n"
	"unified diff for `git apply`, or applies them.\n"
	"\n"
	"  --db PATH            the findings database (default ./mmiocheck.db)\n"
	"  --run ID             the run (default the newest)\n"
	"  --rule ID            only this rule's fix-its (default: every rule that has them)\n"
	"  --source-root DIR    where the files named in the findings are (default: the\n"
	"                       run's working directory)\n"
	"  --dry-run            print the diff, change nothing (the default)\n"
	"  --apply              edit the files in place\n"
	"  -o, --output FILE    write the diff to FILE instead of standard output\n"
	"  -h, --help           print this help\n"
	"\n"
	"Files changed since the analysis are refused (content hash).\n"
	"Exit status: 0 done, 2 usage or input error (nothing written).\n";

enum { OPT_RULE = CLI_OPT_VERB, OPT_SOURCE_ROOT, OPT_DRY_RUN, OPT_APPLY };

static const struct option fix_options[] = {
	{ "db", required_argument, NULL, CLI_OPT_DB },
	{ "run", required_argument, NULL, CLI_OPT_RUN },
	{ "rule", required_argument, NULL, OPT_RULE },
	{ "source-root", required_argument, NULL, OPT_SOURCE_ROOT },
	{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
	{ "apply", no_argument, NULL, OPT_APPLY },
	{ "output", required_argument, NULL, 'o' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* -1 to go on, else the exit status. */
static int parse_fix_args(struct fix_cli *c, int argc, char **argv)
{
	bool dry = false;
	int o, status;

	opterr = 0;
	optind = 1;
	while ((o = getopt_long(argc, argv, ":ho:", fix_options, NULL)) != -1) {
		switch (o) {
		case OPT_RULE: c->rule = optarg; break;
		case OPT_SOURCE_ROOT: c->source_root = optarg; break;
		case OPT_DRY_RUN: dry = true; break;
		case OPT_APPLY: c->apply = true; break;
		case 'o': c->output = optarg; break;
		default:
			if ((status = cli_stored_run_option("fix", fix_usage, o, argv, &c->db, &c->run)) >= 0)
				return status;
			break;
		}
	}
	if (optind < argc)
		return cli_usage_error("fix", "unexpected argument '%s'", argv[optind]);
	if (dry && c->apply)
		return cli_usage_error("fix", "--dry-run and --apply exclude each other");
	return -1;
}

/* The fix ranges of one stored file (unsuppressed findings of the rule). */
static void collect_ranges(const struct fix_cli *c, const struct mc_result *r, struct mc_fix_file *ff)
{
	VEC(struct mc_fix_range) ranges = VEC_INIT;

	for (size_t k = 0; k < r->nfindings; k++) {
		const struct mc_finding *f = &r->findings[k];
		if (!f->fixit_first_line || (c->rule && (!f->rule || strcmp(f->rule, c->rule))))
			continue;
		struct mc_fix_range range = { f->fixit_first_line,
					      f->fixit_last_line ? f->fixit_last_line : f->fixit_first_line };
		VEC_PUSH(ranges, range);
	}
	ff->ranges = ranges.v;
	ff->nranges = ranges.n;
}


/* Everything a fix run produces, computed before anything is written. */
struct fix_outputs {
	struct strbuf diff;
	VEC(struct mc_fix_output) texts;	/* new content of paths.v[i] */
	VEC(char *) paths;
	int total;			/* statements removed */
};

/* Compute the fix of one stored file into outs; -1 after printing. */
static int fix_one(const struct fix_cli *c, const struct mc_result *r, const char *root,
		   struct fix_outputs *outs)
{
	struct mc_fix_file ff = { r->path, NULL, r->content_hash[0] ? r->content_hash : NULL, NULL, 0 };
	struct mc_fix_output fixed;
	char *err = NULL;
	int n = 0;

	collect_ranges(c, r, &ff);
	if (!ff.nranges) {
		free(ff.ranges);
		return 0;
	}
	char *path = r->path[0] == '/' || !root ? xstrdup(r->path) : xasprintf("%s/%s", root, r->path);
	ff.path = path;
	n = mc_fix_file(&ff, &fixed, &err);
	if (n > 0) {
		outs->total += n;
		strbuf_add(&outs->diff, fixed.diff, fixed.diff_len);
		free(fixed.diff);
		fixed.diff = NULL;
		VEC_PUSH(outs->texts, fixed);
		VEC_PUSH(outs->paths, path);
	} else {
		if (n < 0)
			mc_error("%s", err);
		free(path);
		free(fixed.diff);
		free(fixed.text);
	}
	free(err);
	free(ff.ranges);
	return n < 0 ? -1 : 0;
}

/*
 * Replace every edited file, all or nothing: each new text is written to a
 * temporary file beside its file (out_open_replace: real path, mode kept,
 * never through a link) before any is renamed into place, and a rename
 * that fails puts the files already replaced back.  -1 after printing.
 */
static int replace_files(const struct fix_outputs *outs)
{
	size_t n = outs->texts.n, opened = 0, committed = 0;
	struct out_file *of = xcalloc(n ? n : 1, sizeof(*of));
	int rc = 0;

	for (; opened < n && rc == 0; opened++) {
		const struct mc_fix_output *t = &outs->texts.v[opened];
		if (out_open_replace(&of[opened], outs->paths.v[opened]) < 0) {
			rc = -1;
			break;
		}
		fwrite(t->text, 1, t->text_len, of[opened].f);
		rc = out_finish(&of[opened]);
	}
	while (rc == 0 && committed < n)
		if ((rc = out_commit(&of[committed])) == 0)
			committed++;
	if (rc < 0)
		while (committed > 0)
			out_rollback(&of[--committed]);
	for (size_t i = 0; i < opened; i++)
		out_end(&of[i]);
	free(of);
	return rc;
}

/* Write the edited files (--apply) or the diff; the exit status. */
static int write_outputs(const struct fix_cli *c, const struct fix_outputs *outs)
{
	struct out_file out;

	if (!c->apply) {
		if (out_open(&out, c->output) < 0 || out_close(&out, fputs(outs->diff.buf, out.f) != EOF) < 0)
			return MC_EXIT_ERROR;
		return MC_EXIT_CLEAN;
	}
	if (replace_files(outs) < 0) {
		mc_error("no file was changed");
		return MC_EXIT_ERROR;
	}
	mc_eprintf("mmiocheck: removed %d redundant statement%s in %zu file%s\n", outs->total,
		outs->total == 1 ? "" : "s", outs->texts.n, outs->texts.n == 1 ? "" : "s");
	return MC_EXIT_CLEAN;
}

/* Compute every file's fix first (all or nothing), then write. */
static int run_fix(const struct fix_cli *c, const struct mc_run_view *view, const char *root)
{
	struct fix_outputs outs = { STRBUF_INIT, VEC_INIT, VEC_INIT, 0 };
	int status = MC_EXIT_CLEAN;

	strbuf_init(&outs.diff);
	for (size_t i = 0; i < view->n && status == MC_EXIT_CLEAN; i++)
		if (fix_one(c, view->shown[i], root, &outs) < 0)
			status = MC_EXIT_ERROR;
	if (status == MC_EXIT_CLEAN)
		status = write_outputs(c, &outs);
	for (size_t i = 0; i < outs.texts.n; i++) {
		free(outs.texts.v[i].text);
		free(outs.paths.v[i]);
	}
	VEC_FREE(outs.texts);
	VEC_FREE(outs.paths);
	strbuf_release(&outs.diff);
	return status;
}

int cmd_fix(int argc, char **argv)
{
	struct fix_cli c = { "mmiocheck.db", NULL, NULL, NULL, -1, false };
	struct mc_run run;
	struct mc_run_view view;
	int status = parse_fix_args(&c, argc, argv);

	if (status >= 0)
		return status;
	if (cli_load_run(c.db, c.run, &run) < 0)
		return MC_EXIT_ERROR;
	/* Diff paths relative to the root, so `git apply` there takes them. */
	mc_run_relativize(&run, c.source_root ? c.source_root : run.cwd);
	mc_run_unsuppressed(&run, &view);
	status = run_fix(&c, &view, c.source_root ? c.source_root : run.cwd);
	mc_run_view_release(&view);
	mc_run_release(&run);
	return status;
}
