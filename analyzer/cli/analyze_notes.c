/*
 * analyze_notes.c - what a run notes besides findings and errors: function
 * summaries capped to lock events, functions that hit the state bound,
 * functions not checked because they hold a parse error, files analyzed
 * again because a callee's summary changed, files reused.  They are
 * counted (in the guard's shared page: every process of the run adds to
 * it) and told in the run's one summary line; -v also names each one as
 * it happens.  A kernel developer running mmiocheck on a whole directory
 * wants the findings, not a few hundred lines about the analysis
 * (docs/integration.md, "Output").
 */
#include "analyze_int.h"
#include "cli.h"
#include "util/guard.h"
#include "util/util.h"

#include <stdlib.h>

/* -v: "FILE: WHAT: f, g" naming the functions of r that `pick` selects. */
static void name_functions(const struct mc_result *r, const char *what,
			   bool (*pick)(const struct mc_function_info *fn))
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	for (size_t i = 0; i < r->nfunctions; i++)
		if (pick(&r->functions[i]))
			strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", r->functions[i].name);
	if (sb.len)
		mc_error("%s: %s: %s", r->path, what, sb.buf);
	strbuf_release(&sb);
}

/* The pickers of name_functions: one per note a function can have. */
static bool is_capped(const struct mc_function_info *fn)
{
	return fn->capped;
}

static bool is_bounded(const struct mc_function_info *fn)
{
	return fn->truncated;
}

static bool is_not_checked(const struct mc_function_info *fn)
{
	return fn->not_checked;
}

/* Count r's notes for the summary line; -v: name its functions (and say
 * it was reused: no analysis of it ran in this process). */
void note_result(const struct cli *c, const struct mc_result *r)
{
	struct guard_notes n = { r->ncapped, 0, r->nnot_checked, 0 };

	for (size_t i = 0; i < r->nfunctions; i++)
		n.bounded += r->functions[i].truncated;
	guard_add_notes(&n);
	if (!c->verbose)
		return;
	if (r->reused)
		mc_error("%s: reused: sources, headers and flags unchanged", r->path);
	name_functions(r, "not checked (a parse error inside; no findings, no summary for callers)",
		       is_not_checked);
	name_functions(r, "summary capped to lock events and the writes unordered at its return (too large "
		       "or unsettled recursion; findings on those writes are notes, docs/analysis.md)", is_capped);
	char *bound = xasprintf("hit the state bound (--max-states %d; paths were joined, results may be "
				"less precise)", c->opt.max_states ? c->opt.max_states : MC_DEFAULT_MAX_STATES);
	name_functions(r, bound, is_bounded);
	free(bound);
}

/* One more file analyzed again (-v: which). */
void note_rechecked(const struct cli *c, const char *path)
{
	struct guard_notes n = { 0, 0, 0, 1 };

	guard_add_notes(&n);
	if (c->verbose)
		mc_error("%s: analyzed again: a callee's summary changed", path);
}

/* ", N thing[s] WHAT" after the first note, "; ..." before it. */
static void add_note(struct strbuf *sb, size_t n, const char *one, const char *many, const char *what)
{
	if (!n)
		return;
	strbuf_addf(sb, "%s%zu %s %s", sb->len ? ", " : "; ", n, n == 1 ? one : many, what);
}

/* "N files analyzed (...), ... N findings; NOTES (-v names them)": the
 * notes of every process of the run, only those that are not zero. */
void print_summary(const struct cli *c, size_t done, size_t reused, size_t parse_errors, size_t failed,
		   size_t findings, const char *suffix)
{
	struct guard_notes n;
	struct strbuf notes = STRBUF_INIT;

	guard_get_notes(&n);
	strbuf_init(&notes);
	add_note(&notes, n.not_checked, "function", "functions", "with parse errors not checked");
	add_note(&notes, n.capped, "summary", "summaries", "capped");
	add_note(&notes, n.bounded, "function", "functions", "degraded (state bound)");
	add_note(&notes, n.rechecked, "file", "files", "re-checked");
	if (notes.len && !c->verbose)
		strbuf_adds(&notes, " (-v names them)");
	mc_error("%zu file%s analyzed (%zu reused), %zu with parse errors, %zu failed, %zu finding%s%s%s", done,
		 done == 1 ? "" : "s", reused, parse_errors, failed, findings, findings == 1 ? "" : "s",
		 notes.len ? notes.buf : "", suffix);
	strbuf_release(&notes);
}

/* Kbuild runs one process per file: a line each would be noise. */
bool summary_wanted(const struct cli *c)
{
	return !c->kbuild || c->verbose;
}
