/*
 * text.c - gcc-style diagnostics, the output a kernel developer reads in a
 * build log:
 *
 *   drv.c:12:2: warning: MESSAGE (models: contract, ppc64-legacy) [MMIO001]
 *   drv.c:10:2: note: spin_lock(&p->lock) acquires 'p->lock'
 *
 * One diagnostic per defect, naming the models it holds under, with the
 * trace of its representative chain; when more paths (callers, or paths
 * in one function) reach it, the headline says how many and names a few of
 * their functions (all of them are in JSON and SARIF).
 */
#include "report.h"
#include "util/util.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static const char *or_empty(const char *s)
{
	return s ? s : "";
}

static int cmp_str(const char *a, const char *b)
{
	return strcmp(or_empty(a), or_empty(b));
}

/* Order of the report: line, column, rule, then file; ties keep input order. */
struct sort_ctx {
	const struct mc_finding *f;
	size_t idx;
};

static int cmp_finding(const void *pa, const void *pb)
{
	const struct sort_ctx *a = pa, *b = pb;
	int c;

	if (a->f->line != b->f->line)
		return a->f->line < b->f->line ? -1 : 1;
	if (a->f->col != b->f->col)
		return a->f->col < b->f->col ? -1 : 1;
	if ((c = cmp_str(a->f->rule, b->f->rule)) != 0)
		return c;
	if ((c = cmp_str(a->f->file, b->f->file)) != 0)
		return c;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/* Append a message on one line: control characters (a newline in a
 * message would break every log parser) become spaces. */
static void add_one_line(struct strbuf *sb, const char *msg)
{
	for (const char *p = or_empty(msg); *p; p++)
		strbuf_addch(sb, (unsigned char)*p < 0x20 || *p == 0x7f ? ' ' : *p);
}

/*
 * Append a file name from the analyzed tree as `ls` shows it: control
 * characters (a newline would split the diagnostic, an ESC could recolour
 * or rewrite the terminal) and bytes that are not UTF-8 become '?'.
 */
static void add_file_name(struct strbuf *sb, const char *file)
{
	strbuf_add_printable(sb, or_empty(file));
}

/* "FILE:LINE:COL: " with the unknown (0) parts left out, as gcc does. */
static void add_location(struct strbuf *sb, const char *file, unsigned line, unsigned col)
{
	add_file_name(sb, file);
	if (line) {
		strbuf_addf(sb, ":%u", line);
		if (col)
			strbuf_addf(sb, ":%u", col);
	}
	strbuf_adds(sb, ": ");
}

/* Append " (model: a)" or " (models: a, b)". */
static void add_models(struct strbuf *sb, const struct mc_finding *f)
{
	for (size_t i = 0; i < f->nmodels; i++)
		strbuf_addf(sb, "%s%s", i ? ", " : f->nmodels > 1 ? " (models: " : " (model: ", f->models[i]);
	if (f->nmodels)
		strbuf_addch(sb, ')');
}

#define NAMED_CALLERS 3

/* Append " (reached from 3 paths: in foo(), bar(), baz())" when more than
 * one path reaches the defect. */
static void add_paths(struct strbuf *sb, const struct mc_finding *f)
{
	size_t paths = mc_finding_paths(f), named = 0;

	if (paths < 2)
		return;
	strbuf_addf(sb, " (reached from %zu paths: in ", paths);
	for (size_t i = 0; i < f->nchains && named < NAMED_CALLERS; i++) {
		bool dup = false;
		for (size_t k = 0; k < i && !dup; k++)
			dup = !strcmp(or_empty(f->chains[k].function), or_empty(f->chains[i].function));
		if (dup)
			continue;
		strbuf_addf(sb, "%s%s()", named ? ", " : "", or_empty(f->chains[i].function));
		named++;
	}
	strbuf_adds(sb, named < paths ? ", ...)" : ")");
}

/* Print one finding as one diagnostic and its trace as notes. */
static void print_finding(FILE *out, const struct mc_finding *f, struct strbuf *sb)
{
	strbuf_reset(sb);
	add_location(sb, f->file, f->line, f->col);
	strbuf_addf(sb, "%s: ", f->severity ? f->severity : "warning");
	add_one_line(sb, f->message);
	add_models(sb, f);
	add_paths(sb, f);
	if (f->rule)
		strbuf_addf(sb, " [%s]", f->rule);
	if (f->baseline && !strcmp(f->baseline, "new"))
		strbuf_adds(sb, " [new]");
	strbuf_addch(sb, '\n');
	for (size_t i = 0; i < f->ntrace; i++) {
		const struct mc_trace_step *t = &f->trace[i];
		add_location(sb, t->file ? t->file : f->file, t->line, t->col);
		strbuf_adds(sb, "note: ");
		add_one_line(sb, t->message);
		strbuf_addch(sb, '\n');
	}
	fputs(sb->buf, out);
}

void report_text_findings(FILE *out, const struct mc_result *res)
{
	struct strbuf sb = STRBUF_INIT;
	struct sort_ctx *order;

	assert(out && res);
	strbuf_init(&sb);
	order = xcalloc(res->nfindings ? res->nfindings : 1, sizeof(*order));
	for (size_t i = 0; i < res->nfindings; i++) {
		order[i].f = &res->findings[i];
		order[i].idx = i;
	}
	qsort(order, res->nfindings, sizeof(*order), cmp_finding);
	for (size_t i = 0; i < res->nfindings; i++)
		print_finding(out, order[i].f, &sb);
	free(order);
	strbuf_release(&sb);
}

void report_text_errors(FILE *out, const struct mc_result *res)
{
	struct strbuf sb = STRBUF_INIT;

	assert(out && res);
	strbuf_init(&sb);
	for (size_t i = 0; i < res->nerrors; i++) {
		const struct mc_file_diag *d = &res->errors[i];
		strbuf_reset(&sb);
		add_location(&sb, d->file ? d->file : res->path, d->line, d->col);
		strbuf_adds(&sb, "error: ");
		add_one_line(&sb, d->message);
		strbuf_addch(&sb, '\n');
		fputs(sb.buf, out);
	}
	strbuf_release(&sb);
}

void report_text(FILE *out, const struct mc_result *res)
{
	report_text_findings(out, res);
	report_text_errors(out, res);
}
