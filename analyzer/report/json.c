/*
 * json.c - the findings as one JSON document (docs/json-format.md,
 * "format": "mmiocheck-findings", "version": 2), for CI and scripts: one
 * finding per defect, with its models and every chain that reaches it.
 *
 * Keys are emitted in the documented order (JSON_PRESERVE_ORDER), pretty
 * printed with a 2-space indent.  Strings that are not valid UTF-8 (a file
 * name or source text in Latin-1) are repaired with U+FFFD rather than
 * dropped: Jansson refuses invalid UTF-8.
 */
#include "report.h"
#include "report_int.h"
#include "util/util.h"

#include <assert.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#define JSON_FORMAT_NAME "mmiocheck-findings"
#define JSON_FORMAT_VERSION 2


static json_t *jint(unsigned long long v)
{
	return json_integer((json_int_t)v);
}

/* Set key in obj to val (a new reference); a failure here is a bug. */
static void put(json_t *obj, const char *key, json_t *val)
{
	int rc = json_object_set_new(obj, key, val);

	assert(rc == 0);
	(void)rc;
}

static json_t *file_json(const struct mc_result *r)
{
	json_t *o = json_object(), *errors = json_array();

	put(o, "path", ci_jstr(r->path));
	put(o, "parsed", json_boolean(r->parsed));
	put(o, "content_hash", ci_jstr(r->content_hash[0] ? r->content_hash : NULL));
	for (size_t i = 0; i < r->nerrors; i++) {
		const struct mc_file_diag *d = &r->errors[i];
		json_t *e = json_object();
		put(e, "file", ci_jstr(d->file ? d->file : r->path));
		put(e, "line", jint(d->line));
		put(e, "column", jint(d->col));
		put(e, "message", ci_jstr(d->message));
		json_array_append_new(errors, e);
	}
	put(o, "errors", errors);
	put(o, "functions", jint(r->nfunctions));
	return o;
}

static json_t *lock_json(const struct mc_finding *f)
{
	json_t *o;

	if (!f->lock_name && !f->lock_type && !f->lock_kind)
		return json_null();
	o = json_object();
	put(o, "name", ci_jstr(f->lock_name));
	put(o, "type", ci_jstr(f->lock_type));
	put(o, "kind", ci_jstr(f->lock_kind));
	return o;
}

static json_t *fixit_json(const struct mc_finding *f)
{
	json_t *o, *lines;

	if (!f->fixit_first_line)
		return json_null();
	o = json_object();
	lines = json_array();
	json_array_append_new(lines, jint(f->fixit_first_line));
	json_array_append_new(lines, jint(f->fixit_last_line ? f->fixit_last_line : f->fixit_first_line));
	put(o, "delete_lines", lines);
	return o;
}

static json_t *trace_json(const struct mc_trace_step *trace, size_t ntrace, const char *file)
{
	json_t *a = json_array();

	for (size_t i = 0; i < ntrace; i++) {
		const struct mc_trace_step *t = &trace[i];
		json_t *o = json_object();
		put(o, "kind", ci_jstr(t->kind));
		put(o, "file", ci_jstr(t->file ? t->file : file));
		put(o, "line", jint(t->line));
		put(o, "column", jint(t->col));
		put(o, "message", ci_jstr(t->message));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *site_json(const struct mc_finding *f)
{
	json_t *o;

	if (!f->site_file)
		return json_null();
	o = json_object();
	put(o, "file", ci_jstr(f->site_file));
	put(o, "line", jint(f->site_line));
	put(o, "column", jint(f->site_col));
	put(o, "function", ci_jstr(f->site_function));
	return o;
}

/* Every path that reaches the defect once, with the models it holds
 * under and its fingerprint under each. */
static json_t *chains_json(const struct mc_finding *f)
{
	json_t *a = json_array();

	for (size_t i = 0; i < f->nchains; i++) {
		const struct mc_chain *c = &f->chains[i];
		if (mc_chain_repeats_path(f, i))
			continue;
		json_t *o = json_object(), *models = json_array(), *fps = json_array();
		for (size_t k = i; k < f->nchains; k++)
			if (k == i || (f->chains[k].line == c->line && f->chains[k].col == c->col &&
				       !strcmp(f->chains[k].file ? f->chains[k].file : "", c->file ? c->file : "") &&
				       !strcmp(f->chains[k].function ? f->chains[k].function : "",
					       c->function ? c->function : ""))) {
				json_array_append_new(models, ci_jstr(f->chains[k].model));
				json_array_append_new(fps, ci_jstr(f->chains[k].fingerprint));
			}
		put(o, "file", ci_jstr(c->file));
		put(o, "line", jint(c->line));
		put(o, "column", jint(c->col));
		put(o, "function", ci_jstr(c->function));
		put(o, "models", models);
		put(o, "fingerprints", fps);
		put(o, "lock", c->lock_name ? ci_jstr(c->lock_name) : json_null());
		put(o, "trace", trace_json(c->trace, c->ntrace, c->file));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *finding_json(const struct mc_finding *f)
{
	json_t *o = json_object(), *models = json_array();

	for (size_t i = 0; i < f->nmodels; i++)
		json_array_append_new(models, ci_jstr(f->models[i]));
	put(o, "rule", ci_jstr(f->rule));
	put(o, "rule_name", ci_jstr(f->rule_name));
	put(o, "severity", ci_jstr(f->severity));
	put(o, "models", models);
	put(o, "file", ci_jstr(f->file));
	put(o, "line", jint(f->line));
	put(o, "column", jint(f->col));
	put(o, "end_line", jint(f->end_line));
	put(o, "end_column", jint(f->end_col));
	put(o, "function", ci_jstr(f->function));
	put(o, "lock", lock_json(f));
	put(o, "accessor", ci_jstr(f->accessor));
	put(o, "message", ci_jstr(f->message));
	put(o, "fingerprint", ci_jstr(f->fingerprint[0] ? f->fingerprint : NULL));
	put(o, "fixit", fixit_json(f));
	put(o, "site", site_json(f));
	put(o, "trace", trace_json(f->trace, f->ntrace, f->file));
	put(o, "paths", jint(mc_finding_paths(f)));
	put(o, "chains", chains_json(f));
	if (f->baseline)
		put(o, "baseline", ci_jstr(f->baseline));
	return o;
}

/* Findings of one unit in report order: line, column, rule, model index. */
static int cmp_finding_ptr(const void *pa, const void *pb)
{
	const struct mc_finding *a = *(const struct mc_finding *const *)pa;
	const struct mc_finding *b = *(const struct mc_finding *const *)pb;
	int c;

	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	if ((c = strcmp(a->rule ? a->rule : "", b->rule ? b->rule : "")) != 0)
		return c;
	if ((c = strcmp(a->file ? a->file : "", b->file ? b->file : "")) != 0)
		return c;
	return a < b ? -1 : a > b;	/* same array: keeps the engine's order */
}

/* Count a finding in by_rule, keeping the rule keys sorted. */
static void count_rule(json_t **by_rule, const char *rule)
{
	json_t *old = *by_rule, *fresh;
	const char *key;
	json_t *val;
	bool placed = false;

	if (!rule)
		rule = "";
	val = json_object_get(old, rule);
	if (val) {
		json_integer_set(val, json_integer_value(val) + 1);
		return;
	}
	/* Rebuild in sorted order: by_rule has a handful of keys. */
	fresh = json_object();
	json_object_foreach(old, key, val) {
		if (!placed && strcmp(rule, key) < 0) {
			put(fresh, rule, json_integer(1));
			placed = true;
		}
		put(fresh, key, json_incref(val));
	}
	if (!placed)
		put(fresh, rule, json_integer(1));
	json_decref(old);
	*by_rule = fresh;
}

/* Append the findings of r (sorted) to the array, counting them. */
static size_t add_findings(json_t *arr, json_t **by_rule, const struct mc_result *r)
{
	const struct mc_finding **order = xcalloc(r->nfindings ? r->nfindings : 1, sizeof(*order));

	for (size_t i = 0; i < r->nfindings; i++)
		order[i] = &r->findings[i];
	qsort(order, r->nfindings, sizeof(*order), cmp_finding_ptr);
	for (size_t i = 0; i < r->nfindings; i++) {
		json_array_append_new(arr, finding_json(order[i]));
		count_rule(by_rule, order[i]->rule);
	}
	free(order);
	return r->nfindings;
}

int report_json(FILE *out, const struct mc_result *const *results, size_t n,
		const struct report_meta *meta)
{
	json_t *root = json_object(), *tool = json_object(), *models = json_array();
	json_t *files = json_array(), *findings = json_array(), *by_rule = json_object();
	json_t *summary = json_object();
	size_t nfindings = 0;
	int rc;

	assert(out && meta && (results || !n));
	put(root, "format", json_string(JSON_FORMAT_NAME));
	put(root, "version", json_integer(JSON_FORMAT_VERSION));
	put(tool, "name", json_string("mmiocheck"));
	put(tool, "version", ci_jstr(meta->tool_version));
	put(root, "tool", tool);
	put(root, "run_id", meta->run_id >= 0 ? json_integer(meta->run_id) : json_null());
	for (size_t i = 0; i < meta->nmodels; i++)
		json_array_append_new(models, ci_jstr(meta->models[i]));
	put(root, "models", models);
	for (size_t i = 0; i < n; i++) {
		json_array_append_new(files, file_json(results[i]));
		nfindings += add_findings(findings, &by_rule, results[i]);
	}
	put(root, "files", files);
	put(root, "findings", findings);
	put(summary, "files", jint(n));
	put(summary, "findings", jint(nfindings));
	put(summary, "by_rule", by_rule);
	put(root, "summary", summary);
	rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (rc == 0 && fputc('\n', out) == EOF)
		rc = -1;
	json_decref(root);
	return rc == 0 ? 0 : -1;
}
