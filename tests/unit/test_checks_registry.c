/*
 * test_checks_registry.c - the checks list (analyzer/checks/check_list.h)
 * is what runs and what the rules describe: binding the shipped rules gives
 * one check_info per listed check, with the check's own defaults and the
 * options rules/checks.json sets; an entry that does not fit a check (an
 * unknown id, another name, an option the check does not take, a value of
 * the wrong type) is refused with its file and line; calls are observed
 * only when a check that reads them is on.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "checks/checks.h"
#include "testlib.h"

static char tmpdir[] = "/tmp/mc-registry-XXXXXX";

static char *write_file(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", tmpdir, name);
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
	return path;
}

/* The shipped rules bound, plus one extra file; NULL with err set. */
static struct rules *bind_with(const char *extra_text, struct strbuf *err, char **path)
{
	const char *extra[1];
	struct rules *r;

	*path = extra_text ? write_file("extra.json", extra_text) : NULL;
	extra[0] = *path;
	r = rules_load(MMIOCHECK_RULES_DIR, extra, extra_text ? 1 : 0, err);
	if (r && checks_bind(r, err) < 0) {
		rules_free(r);
		r = NULL;
	}
	return r;
}

static void test_shipped(void)
{
	struct strbuf err = STRBUF_INIT;
	char *path;
	struct rules *r = bind_with(NULL, &err, &path);
	size_t n;
	const struct check *const *all = checks_all(&n);

	CHECK(r != NULL);
	if (!r) {
		fprintf(stderr, "%s\n", err.buf);
		return;
	}
	CHECK(r->checks.n == n && n >= 8);
	for (size_t i = 0; i < n && i < r->checks.n; i++) {
		CHECK_STR(r->checks.v[i].id, all[i]->id);
		CHECK_STR(r->checks.v[i].name, all[i]->name);
		CHECK(r->checks.v[i].summary && *r->checks.v[i].summary);
		CHECK(i == 0 || strcmp(r->checks.v[i - 1].id, r->checks.v[i].id) < 0);
	}
	const struct check_info *ci = rules_find_check(r, "MMIO001");
	CHECK(ci && !strcmp(ci->name, "unordered-release") && !strcmp(ci->severity, "warning") && ci->enabled);
	ci = rules_find_check(r, "MMIO002");
	CHECK_STR(check_info_text(ci, "reference_model"), "generic");
	ci = rules_find_check(r, "MMIO005");
	CHECK(check_info_number(ci, "min_locked_sites", -1) == 2);
	/* the default output's bar (docs/rules/MMIO005.md "Evidence") */
	CHECK(check_info_number(ci, "strong_locked_sites", -1) == 3);
	CHECK(check_info_number(ci, "strong_locked_functions", -1) == 2);
	CHECK(check_info_number(ci, "strong_named_key", -1) == 1);
	CHECK(check_info_number(ci, "strong_site_holds_none", -1) == 1);
	CHECK(check_info_number(ci, "strong_site_entry", -1) == 1);
	CHECK_STR(check_info_text(ci, "setup_functions"), "*_probe,*_init,*_remove,*_init_one,*_remove_one");
	ci = rules_find_check(r, "MMIO007");
	CHECK(ci && !ci->enabled && ci->defect_is_function && !strcmp(ci->severity, "note"));
	ci = rules_find_check(r, "MMIO008");
	CHECK(ci && !strcmp(ci->name, "wmb-before-unlock") && !strcmp(ci->severity, "note") && ci->enabled);
	rules_free(r);
	strbuf_release(&err);
}

#define RULES(entry) "{ \"mmiocheck_rules\": 1,\n  \"checks\": [\n    " entry "\n  ]\n}\n"

/* An extra file whose one check entry is refused at `line` with `words`. */
static void expect_refused(const char *entry_json, int line, const char *words)
{
	struct strbuf err = STRBUF_INIT;
	char *path;
	struct rules *r = bind_with(entry_json, &err, &path);
	char *want = xasprintf("%s:%d: ", path, line);

	CHECK(r == NULL);
	if (!err.buf || !strstr(err.buf, want) || !strstr(err.buf, words)) {
		test_failures++;
		fprintf(stderr, "expected \"%s...%s\", got \"%s\"\n", want, words, err.buf ? err.buf : "(none)");
	}
	test_checks++;
	rules_free(r);
	unlink(path);
	free(path);
	free(want);
	strbuf_release(&err);
}

static void test_refused(void)
{
	expect_refused(RULES("{ \"id\": \"MMIO099\", \"name\": \"x\", \"severity\": \"warning\" }"), 3,
		       "no check has the id 'MMIO099' (the checks: MMIO001, MMIO002");
	expect_refused(RULES("{ \"id\": \"MMIO001\", \"name\": \"unordered-write\" }"), 3,
		       "check MMIO001 is named 'unordered-release', not 'unordered-write'");
	expect_refused(RULES("{ \"id\": \"MMIO001\",\n      \"min_locked_sites\": 3 }"), 4,
		       "check MMIO001 has no option 'min_locked_sites' (it takes none)");
	expect_refused(RULES("{ \"id\": \"MMIO005\",\n      \"min_locked_site\": 3 }"), 4,
		       "check MMIO005 has no option 'min_locked_site' (its options: setup_functions, min_locked_sites, "
		       "strong_locked_sites, strong_locked_functions, strong_named_key, strong_site_holds_none, "
		       "strong_site_entry)");
	expect_refused(RULES("{ \"id\": \"MMIO005\",\n      \"min_locked_sites\": 0 }"), 4,
		       "option 'min_locked_sites' of check MMIO005 must be an integer from 1 to 1000");
	expect_refused(RULES("{ \"id\": \"MMIO005\",\n      \"setup_functions\": 7 }"), 4,
		       "option 'setup_functions' of check MMIO005 must be a string");
	expect_refused(RULES("{ \"id\": \"MMIO002\",\n      \"reference_model\": \"nosuch\" }"), 4,
		       "check MMIO002: unknown reference model 'nosuch'");
	expect_refused(RULES("{ \"id\": \"MMIO003\", \"severity\": \"loud\" }"), 3,
		       "bad value 'loud' for 'severity' of check MMIO003");
	expect_refused(RULES("{ \"id\": \"MMIO007\", \"defect\": \"site\" }"), 3,
		       "check MMIO007 reports one finding per function, not per 'site'");
}

/* An entry overrides what it writes; the rest is the check's own. */
static void test_override(void)
{
	struct strbuf err = STRBUF_INIT;
	char *path;
	struct rules *r = bind_with(RULES("{ \"id\": \"MMIO001\", \"severity\": \"off\" },\n"
					  "    { \"id\": \"MMIO007\", \"enabled\": true },\n"
					  "    { \"id\": \"MMIO003\", \"severity\": \"warning\", \"summary\": \"mine\" }"),
				    &err, &path);

	CHECK(r != NULL);
	if (r) {
		const struct check_info *ci = rules_find_check(r, "MMIO001");
		CHECK(ci && !ci->enabled && !strcmp(ci->severity, "warning"));
		ci = rules_find_check(r, "MMIO007");
		CHECK(ci && ci->enabled && !strcmp(ci->severity, "note"));
		ci = rules_find_check(r, "MMIO003");
		CHECK(ci && ci->enabled && !strcmp(ci->severity, "warning") && !strcmp(ci->summary, "mine"));
		/* binding twice gives the same list */
		size_t n = r->checks.n;
		CHECK(checks_bind(r, &err) == 0 && r->checks.n == n);
	} else {
		fprintf(stderr, "%s\n", err.buf);
	}
	rules_free(r);
	unlink(path);
	free(path);
	strbuf_release(&err);
}

/* Calls are observed (engine visits) only for a check that reads them and
 * is on: MMIO005, off by default, on with --pedantic or --enable. */
static void test_observe_calls(void)
{
	struct strbuf err = STRBUF_INIT;
	char *path;
	struct rules *r = bind_with(NULL, &err, &path);
	struct engine_config cfg;

	CHECK(r != NULL);
	if (!r)
		return;
	memset(&cfg, 0, sizeof(cfg));
	cfg.rules = r;
	CHECK(!checks_observe_calls(&cfg));
	CHECK(rules_set_checks(r, "MMIO005", &err) == 0);
	CHECK(checks_observe_calls(&cfg));
	CHECK(rules_set_checks(r, "-MMIO005", &err) == 0);
	CHECK(!checks_observe_calls(&cfg));
	rules_set_pedantic(r);
	CHECK(checks_observe_calls(&cfg));
	rules_free(r);
	strbuf_release(&err);
}

int main(void)
{
	CHECK(mkdtemp(tmpdir) != NULL);
	test_shipped();
	test_refused();
	test_override();
	test_observe_calls();
	rmdir(tmpdir);
	TEST_DONE();
}
