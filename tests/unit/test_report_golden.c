/*
 * test_report_golden.c - the text and JSON reports of a hand-built result,
 * compared byte for byte with golden files (tests/report/golden/
 * report_unit.*): model merging in text,
 * sorting, parse errors, JSON escaping (quotes, newline, non-ASCII,
 * invalid UTF-8), null lock / fix-it, summary counts; which chain
 * represents a defect.
 */
#include "report/report.h"
#include "util/defects.h"
#include "util/util.h"
#include "testlib.h"

#include <stdlib.h>
#include <string.h>

static struct mc_trace_step trace_a[3] = {
	{ "acquire", "drv.c", 10, 2, "spin_lock(&p->lock) acquires 'p->lock'" },
	{ "write", "drv.c", 11, 2, "writel_relaxed() to 'p->regs'" },
	{ "release", "drv.c", 12, 2, "spin_unlock(&p->lock) releases 'p->lock'" },
};

static struct mc_trace_step trace_b[1] = {
	{ "barrier", "drv.c", 30, 3, "mmiowb()" },
};

static struct mc_file_diag errors[1] = {
	{ "drv.c", 40, 18, "no member named 'no_such' in 'struct foo'" },
};

static struct mc_function_info functions[2] = {
	{ "foo_doorbell", 9, 10, 12, false, false, false },
	{ "foo_flush", 28, 6, 8, false, false, false },
};

static void set_finding(struct mc_chain *f, const char *rule, const char *model,
			unsigned line, unsigned col)
{
	memset(f, 0, sizeof(*f));
	f->rule = (char *)rule;
	f->rule_name = !strcmp(rule, "MMIO001") ? "unordered-release" : "redundant-mmiowb";
	f->severity = !strcmp(rule, "MMIO001") ? "warning" : "note";
	f->model = (char *)model;
	f->file = "drv.c";
	f->line = line;
	f->col = col;
	f->end_line = line;
	f->end_col = col + 20;
}

/*
 * Findings in engine order, not report order: the MMIO003 note (line 30),
 * MMIO001 under contract and under ppc64-legacy at the same place (line
 * 11: printed once as text), MMIO001 under generic only (line 20) whose
 * message needs escaping and holds one invalid UTF-8 byte.
 */
static struct mc_result make_result(struct mc_chain *f, struct mc_finding *d)
{
	struct mc_result r;

	memset(&r, 0, sizeof(r));
	set_finding(&f[0], "MMIO003", "contract", 30, 3);
	f[0].function = "foo_flush";
	f[0].accessor = "mmiowb";
	f[0].lock_name = "p->lock";
	f[0].lock_kind = "spinlock";
	f[0].message = "mmiowb() is implied by spin_unlock() since Linux 5.2";
	strcpy(f[0].fingerprint, "3333333333333333");
	f[0].fixit_first_line = 30;
	f[0].fixit_last_line = 30;
	f[0].trace = trace_b;
	f[0].ntrace = 1;
	for (int i = 1; i <= 2; i++) {
		set_finding(&f[i], "MMIO001", i == 1 ? "contract" : "ppc64-legacy", 11, 2);
		f[i].function = "foo_doorbell";
		f[i].lock_name = "p->lock";
		f[i].lock_type = "struct foo::lock";
		f[i].lock_kind = "spinlock";
		f[i].accessor = "writel_relaxed";
		f[i].message = "writel_relaxed() to 'p->regs' is not ordered before spin_unlock(&p->lock)";
		strcpy(f[i].fingerprint, "1111111111111111");
		f[i].trace = trace_a;
		f[i].ntrace = 3;
	}
	set_finding(&f[3], "MMIO001", "generic", 20, 5);
	f[3].message = "say \"hi\"\nto Gr\xc3\xbc\xc3\x9f \xe2\x86\x92 caf\xe9";	/* last: Latin-1 */
	strcpy(f[3].fingerprint, "2222222222222222");
	r.path = "drv.c";
	r.parsed = true;
	strcpy(r.content_hash, "00000000deadbeef");
	r.nerrors = 1;
	r.errors = errors;
	r.nfunctions = 2;
	r.functions = functions;
	/* one defect each, but MMIO001 at line 11 is one defect under two models */
	finding_of_chains(&d[0], &f[0], 1);
	finding_of_chains(&d[1], &f[1], 2);
	finding_of_chains(&d[2], &f[3], 1);
	r.nfindings = 3;
	r.findings = d;
	return r;
}

/* The text report of r as a string (caller frees). */
static char *render_text(const struct mc_result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	report_text(out, r);
	fclose(out);
	return buf;
}

/* The JSON report of rs[0..n) as a string (caller frees). */
static char *render_json(const struct mc_result *const *rs, size_t n, long long run_id, int *rc)
{
	static const char *const models[] = { "contract", "ppc64-legacy", "generic" };
	struct report_meta meta = { "0.1.0", run_id, models, 3 };
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	*rc = report_json(out, rs, n, &meta);
	fclose(out);
	return buf;
}

/*
 * The expected outputs are files, compared byte for byte:
 * tests/report/golden/report_unit.*.  To regenerate them after an
 * intended change of the formats, run the test with
 * MMIOCHECK_UPDATE_GOLDEN=1 in the environment (it then writes the files
 * instead of comparing) and review `git diff tests/report/golden`.
 */
#define GOLDEN_DIR TESTS_DIR "/report/golden/"

/* The file at path whole (caller frees), or NULL if unreadable. */
static char *read_golden(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0;
	FILE *mem;
	char chunk[4096];
	size_t n;

	if (!f)
		return NULL;
	mem = open_memstream(&buf, &len);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		fwrite(chunk, 1, n, mem);
	fclose(mem);
	fclose(f);
	return buf;
}

/* Compare got with the golden file `name` exactly, or (regenerating)
 * write got to it. */
static void check_golden(const char *name, const char *got)
{
	char path[512];
	char *want;

	snprintf(path, sizeof(path), "%s%s", GOLDEN_DIR, name);
	if (getenv("MMIOCHECK_UPDATE_GOLDEN")) {
		FILE *f = fopen(path, "wb");
		CHECK(f && fputs(got, f) != EOF && fclose(f) == 0);
		return;
	}
	want = read_golden(path);
	if (!want)
		fprintf(stderr, "%s: cannot read the golden file\n", path);
	CHECK_STR(got, want);
	free(want);
}

/* The JSON report of rs[0..n) against the golden file `name`. */
static void check_json(const char *name, const struct mc_result *const *rs, size_t n, long long run_id)
{
	int rc = -1;
	char *json = render_json(rs, n, run_id, &rc);

	CHECK(rc == 0);
	check_golden(name, json);
	free(json);
}

/* A chain of the defect's, by hand: rule MMIO006, defect "d1". */
static struct mc_chain defect_chain(const char *severity, unsigned line)
{
	struct mc_chain c;

	memset(&c, 0, sizeof(c));
	c.rule = xstrdup("MMIO006");
	c.severity = xstrdup(severity);
	c.file = xstrdup("drv.c");
	c.line = line;
	c.message = xstrdup(severity);
	memcpy(c.defect, "00000000000000d1", 17);
	return c;
}

/* A defect with a note chain first in source order and a warning chain
 * after it is shown as the warning, at the warning's place. */
static void test_representative_is_most_severe(void)
{
	struct mc_chain *rows = xcalloc(3, sizeof(*rows));
	size_t n;

	rows[0] = defect_chain("note", 5);
	rows[1] = defect_chain("warning", 20);
	rows[2] = defect_chain("note", 30);
	struct mc_finding *f = defects_group(rows, 3, &n);
	CHECK(n == 1 && f[0].nchains == 3);
	CHECK_STR(f[0].severity, "warning");
	CHECK(f[0].line == 20);
	CHECK_STR(f[0].message, "warning");
	CHECK(f[0].chains[1].line == 5 && f[0].chains[2].line == 30);	/* then source order */
	finding_free(&f[0]);
	free(f);
}

int main(void)
{
	struct mc_chain f[4];
	struct mc_finding d[3];
	struct mc_result r = make_result(f, d);
	const struct mc_result *rs[1] = { &r };

	char *text = render_text(&r);
	check_golden("report_unit.text.txt", text);
	free(text);
	check_json("report_unit.json.json", rs, 1, 7);
	/* No database, no results: run_id null, empty arrays, zero summary. */
	check_json("report_unit.empty.json", NULL, 0, -1);

	/* An empty result prints nothing as text. */
	struct mc_result empty;
	memset(&empty, 0, sizeof(empty));
	empty.path = "e.c";
	text = render_text(&empty);
	CHECK_STR(text, "");
	free(text);
	for (int i = 0; i < 3; i++)
		free(d[i].models);
	test_representative_is_most_severe();
	TEST_DONE();
}
