/*
 * test_report_golden.c - the text and JSON reports of a hand-built result,
 * compared byte for byte with the expected output: model merging in text,
 * sorting, parse errors, JSON escaping (quotes, newline, non-ASCII,
 * invalid UTF-8), null lock / fix-it, summary counts.
 */
#include "report/report.h"
#include "util/defects.h"
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
	{ "foo_doorbell", 9, 10, 12, false },
	{ "foo_flush", 28, 6, 8, false },
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

static const char expected_text[] =
	"drv.c:11:2: warning: writel_relaxed() to 'p->regs' is not ordered before spin_unlock(&p->lock)"
	" (models: contract, ppc64-legacy) [MMIO001]\n"
	"drv.c:10:2: note: spin_lock(&p->lock) acquires 'p->lock'\n"
	"drv.c:11:2: note: writel_relaxed() to 'p->regs'\n"
	"drv.c:12:2: note: spin_unlock(&p->lock) releases 'p->lock'\n"
	"drv.c:20:5: warning: say \"hi\" to Gr\xc3\xbc\xc3\x9f \xe2\x86\x92 caf\xe9 (model: generic) [MMIO001]\n"
	"drv.c:30:3: note: mmiowb() is implied by spin_unlock() since Linux 5.2 (model: contract) [MMIO003]\n"
	"drv.c:30:3: note: mmiowb()\n"
	"drv.c:40:18: error: no member named 'no_such' in 'struct foo'\n";

static const char expected_json[] =
	"{\n"
	"  \"format\": \"mmiocheck-findings\",\n"
	"  \"version\": 2,\n"
	"  \"tool\": {\n"
	"    \"name\": \"mmiocheck\",\n"
	"    \"version\": \"0.1.0\"\n"
	"  },\n"
	"  \"run_id\": 7,\n"
	"  \"models\": [\n"
	"    \"contract\",\n"
	"    \"ppc64-legacy\",\n"
	"    \"generic\"\n"
	"  ],\n"
	"  \"files\": [\n"
	"    {\n"
	"      \"path\": \"drv.c\",\n"
	"      \"parsed\": true,\n"
	"      \"content_hash\": \"00000000deadbeef\",\n"
	"      \"errors\": [\n"
	"        {\n"
	"          \"file\": \"drv.c\",\n"
	"          \"line\": 40,\n"
	"          \"column\": 18,\n"
	"          \"message\": \"no member named 'no_such' in 'struct foo'\"\n"
	"        }\n"
	"      ],\n"
	"      \"functions\": 2\n"
	"    }\n"
	"  ],\n"
	"  \"findings\": [\n"
	"    {\n"
	"      \"rule\": \"MMIO001\",\n"
	"      \"rule_name\": \"unordered-release\",\n"
	"      \"severity\": \"warning\",\n"
	"      \"models\": [\n"
	"        \"contract\",\n"
	"        \"ppc64-legacy\"\n"
	"      ],\n"
	"      \"file\": \"drv.c\",\n"
	"      \"line\": 11,\n"
	"      \"column\": 2,\n"
	"      \"end_line\": 11,\n"
	"      \"end_column\": 22,\n"
	"      \"function\": \"foo_doorbell\",\n"
	"      \"lock\": {\n"
	"        \"name\": \"p->lock\",\n"
	"        \"type\": \"struct foo::lock\",\n"
	"        \"kind\": \"spinlock\"\n"
	"      },\n"
	"      \"accessor\": \"writel_relaxed\",\n"
	"      \"message\": \"writel_relaxed() to 'p->regs' is not ordered before spin_unlock(&p->lock)\",\n"
	"      \"fingerprint\": \"1111111111111111\",\n"
	"      \"fixit\": null,\n"
	"      \"site\": null,\n"
	"      \"trace\": [\n"
	"        {\n"
	"          \"kind\": \"acquire\",\n"
	"          \"file\": \"drv.c\",\n"
	"          \"line\": 10,\n"
	"          \"column\": 2,\n"
	"          \"message\": \"spin_lock(&p->lock) acquires 'p->lock'\"\n"
	"        },\n"
	"        {\n"
	"          \"kind\": \"write\",\n"
	"          \"file\": \"drv.c\",\n"
	"          \"line\": 11,\n"
	"          \"column\": 2,\n"
	"          \"message\": \"writel_relaxed() to 'p->regs'\"\n"
	"        },\n"
	"        {\n"
	"          \"kind\": \"release\",\n"
	"          \"file\": \"drv.c\",\n"
	"          \"line\": 12,\n"
	"          \"column\": 2,\n"
	"          \"message\": \"spin_unlock(&p->lock) releases 'p->lock'\"\n"
	"        }\n"
	"      ],\n"
	"      \"paths\": 1,\n"
	"      \"chains\": [\n"
	"        {\n"
	"          \"file\": \"drv.c\",\n"
	"          \"line\": 11,\n"
	"          \"column\": 2,\n"
	"          \"function\": \"foo_doorbell\",\n"
	"          \"models\": [\n"
	"            \"contract\",\n"
	"            \"ppc64-legacy\"\n"
	"          ],\n"
	"          \"fingerprints\": [\n"
	"            \"1111111111111111\",\n"
	"            \"1111111111111111\"\n"
	"          ],\n"
	"          \"lock\": \"p->lock\",\n"
	"          \"trace\": [\n"
	"            {\n"
	"              \"kind\": \"acquire\",\n"
	"              \"file\": \"drv.c\",\n"
	"              \"line\": 10,\n"
	"              \"column\": 2,\n"
	"              \"message\": \"spin_lock(&p->lock) acquires 'p->lock'\"\n"
	"            },\n"
	"            {\n"
	"              \"kind\": \"write\",\n"
	"              \"file\": \"drv.c\",\n"
	"              \"line\": 11,\n"
	"              \"column\": 2,\n"
	"              \"message\": \"writel_relaxed() to 'p->regs'\"\n"
	"            },\n"
	"            {\n"
	"              \"kind\": \"release\",\n"
	"              \"file\": \"drv.c\",\n"
	"              \"line\": 12,\n"
	"              \"column\": 2,\n"
	"              \"message\": \"spin_unlock(&p->lock) releases 'p->lock'\"\n"
	"            }\n"
	"          ]\n"
	"        }\n"
	"      ]\n"
	"    },\n"
	"    {\n"
	"      \"rule\": \"MMIO001\",\n"
	"      \"rule_name\": \"unordered-release\",\n"
	"      \"severity\": \"warning\",\n"
	"      \"models\": [\n"
	"        \"generic\"\n"
	"      ],\n"
	"      \"file\": \"drv.c\",\n"
	"      \"line\": 20,\n"
	"      \"column\": 5,\n"
	"      \"end_line\": 20,\n"
	"      \"end_column\": 25,\n"
	"      \"function\": null,\n"
	"      \"lock\": null,\n"
	"      \"accessor\": null,\n"
	"      \"message\": \"say \\\"hi\\\"\\nto Grüß → caf�\",\n"
	"      \"fingerprint\": \"2222222222222222\",\n"
	"      \"fixit\": null,\n"
	"      \"site\": null,\n"
	"      \"trace\": [],\n"
	"      \"paths\": 1,\n"
	"      \"chains\": [\n"
	"        {\n"
	"          \"file\": \"drv.c\",\n"
	"          \"line\": 20,\n"
	"          \"column\": 5,\n"
	"          \"function\": null,\n"
	"          \"models\": [\n"
	"            \"generic\"\n"
	"          ],\n"
	"          \"fingerprints\": [\n"
	"            \"2222222222222222\"\n"
	"          ],\n"
	"          \"lock\": null,\n"
	"          \"trace\": []\n"
	"        }\n"
	"      ]\n"
	"    },\n"
	"    {\n"
	"      \"rule\": \"MMIO003\",\n"
	"      \"rule_name\": \"redundant-mmiowb\",\n"
	"      \"severity\": \"note\",\n"
	"      \"models\": [\n"
	"        \"contract\"\n"
	"      ],\n"
	"      \"file\": \"drv.c\",\n"
	"      \"line\": 30,\n"
	"      \"column\": 3,\n"
	"      \"end_line\": 30,\n"
	"      \"end_column\": 23,\n"
	"      \"function\": \"foo_flush\",\n"
	"      \"lock\": {\n"
	"        \"name\": \"p->lock\",\n"
	"        \"type\": null,\n"
	"        \"kind\": \"spinlock\"\n"
	"      },\n"
	"      \"accessor\": \"mmiowb\",\n"
	"      \"message\": \"mmiowb() is implied by spin_unlock() since Linux 5.2\",\n"
	"      \"fingerprint\": \"3333333333333333\",\n"
	"      \"fixit\": {\n"
	"        \"delete_lines\": [\n"
	"          30,\n"
	"          30\n"
	"        ]\n"
	"      },\n"
	"      \"site\": null,\n"
	"      \"trace\": [\n"
	"        {\n"
	"          \"kind\": \"barrier\",\n"
	"          \"file\": \"drv.c\",\n"
	"          \"line\": 30,\n"
	"          \"column\": 3,\n"
	"          \"message\": \"mmiowb()\"\n"
	"        }\n"
	"      ],\n"
	"      \"paths\": 1,\n"
	"      \"chains\": [\n"
	"        {\n"
	"          \"file\": \"drv.c\",\n"
	"          \"line\": 30,\n"
	"          \"column\": 3,\n"
	"          \"function\": \"foo_flush\",\n"
	"          \"models\": [\n"
	"            \"contract\"\n"
	"          ],\n"
	"          \"fingerprints\": [\n"
	"            \"3333333333333333\"\n"
	"          ],\n"
	"          \"lock\": \"p->lock\",\n"
	"          \"trace\": [\n"
	"            {\n"
	"              \"kind\": \"barrier\",\n"
	"              \"file\": \"drv.c\",\n"
	"              \"line\": 30,\n"
	"              \"column\": 3,\n"
	"              \"message\": \"mmiowb()\"\n"
	"            }\n"
	"          ]\n"
	"        }\n"
	"      ]\n"
	"    }\n"
	"  ],\n"
	"  \"summary\": {\n"
	"    \"files\": 1,\n"
	"    \"findings\": 3,\n"
	"    \"by_rule\": {\n"
	"      \"MMIO001\": 2,\n"
	"      \"MMIO003\": 1\n"
	"    }\n"
	"  }\n"
	"}\n";

static const char expected_json_empty[] =
	"{\n"
	"  \"format\": \"mmiocheck-findings\",\n"
	"  \"version\": 2,\n"
	"  \"tool\": {\n"
	"    \"name\": \"mmiocheck\",\n"
	"    \"version\": \"0.1.0\"\n"
	"  },\n"
	"  \"run_id\": null,\n"
	"  \"models\": [\n"
	"    \"contract\",\n"
	"    \"ppc64-legacy\",\n"
	"    \"generic\"\n"
	"  ],\n"
	"  \"files\": [],\n"
	"  \"findings\": [],\n"
	"  \"summary\": {\n"
	"    \"files\": 0,\n"
	"    \"findings\": 0,\n"
	"    \"by_rule\": {}\n"
	"  }\n"
	"}\n";

int main(void)
{
	struct mc_chain f[4];
	struct mc_finding d[3];
	struct mc_result r = make_result(f, d);
	const struct mc_result *rs[1] = { &r };
	int rc = -1;

	char *text = render_text(&r);
	CHECK_STR(text, expected_text);
	free(text);

	char *json = render_json(rs, 1, 7, &rc);
	CHECK(rc == 0);
	CHECK_STR(json, expected_json);
	if (getenv("GOLDEN_DUMP"))
		fputs(json, stdout);
	free(json);

	/* No database, no results: run_id null, empty arrays, zero summary. */
	json = render_json(NULL, 0, -1, &rc);
	CHECK(rc == 0);
	CHECK_STR(json, expected_json_empty);
	if (getenv("GOLDEN_DUMP"))
		fputs(json, stdout);
	free(json);

	/* An empty result prints nothing as text. */
	struct mc_result empty;
	memset(&empty, 0, sizeof(empty));
	empty.path = "e.c";
	text = render_text(&empty);
	CHECK_STR(text, "");
	free(text);
	for (int i = 0; i < 3; i++)
		free(d[i].models);
	TEST_DONE();
}
