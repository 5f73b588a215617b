/*
 * sarif.c - SARIF 2.1.0 (docs/sarif.md), the format GitHub code scanning
 * and most CI dashboards read.
 *
 * One run: tool.driver lists every loaded check as a rule; each finding row
 * (one per model) is one result, with its location relative to the
 * SRCROOT base, the fingerprint as partialFingerprints, and the trace as a
 * codeFlow whose nestingLevel is the number of locks held at each step.
 * Suppressed findings stay in the log with result.suppressions, as the
 * spec intends (a viewer shows them as dismissed), never dropped.
 */
#include "report_int.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
#define SARIF_FINGERPRINT_KEY "mmiocheck/v1"
#define SRCROOT "SRCROOT"

/* SARIF level of a severity: "error", "warning" or "note". */
static const char *sarif_level(const char *severity)
{
	switch (ci_severity_rank(severity)) {
	case 2: return "error";
	case 1: return "warning";
	default: return "note";
	}
}

static json_t *message(const char *text)
{
	json_t *m = json_object();

	ci_put(m, "text", ci_jstr(text && *text ? text : "(no message)"));
	return m;
}

/* artifactLocation: relative paths against SRCROOT, absolute as file URIs. */
static json_t *artifact(const char *path)
{
	json_t *a = json_object();
	struct strbuf uri = STRBUF_INIT;

	strbuf_init(&uri);
	if (path && path[0] == '/') {
		strbuf_adds(&uri, "file://");
		ci_uri_path(&uri, path);
		ci_put(a, "uri", ci_jstr(uri.buf));
	} else {
		ci_uri_path(&uri, path && *path ? path : "unknown");
		ci_put(a, "uri", ci_jstr(uri.buf));
		ci_put(a, "uriBaseId", json_string(SRCROOT));
	}
	strbuf_release(&uri);
	return a;
}

/* physicalLocation with a region; an unknown line leaves the region out. */
static json_t *physical(const char *path, unsigned line, unsigned col, unsigned end_line,
			unsigned end_col)
{
	json_t *p = json_object(), *region;

	ci_put(p, "artifactLocation", artifact(path));
	if (!line)
		return p;
	region = json_object();
	ci_put(region, "startLine", json_integer(line));
	if (col)
		ci_put(region, "startColumn", json_integer(col));
	if (end_line >= line) {
		ci_put(region, "endLine", json_integer(end_line));
		if (col && end_col && (end_line > line || end_col > col))
			ci_put(region, "endColumn", json_integer(end_col));
	}
	ci_put(p, "region", region);
	return p;
}

static json_t *location(json_t *phys, const char *msg)
{
	json_t *l = json_object();

	ci_put(l, "physicalLocation", phys);
	if (msg)
		ci_put(l, "message", message(msg));
	return l;
}

/* The SARIF threadFlowLocation kinds of a trace step kind. */
static json_t *step_kinds(const char *kind)
{
	json_t *k = json_array();

	if (!kind)
		kind = "";
	if (!strcmp(kind, "acquire") || !strcmp(kind, "inner-acquire") || !strcmp(kind, "trylock")) {
		json_array_append_new(k, json_string("acquire"));
		json_array_append_new(k, json_string("lock"));
	} else if (!strcmp(kind, "release") || !strcmp(kind, "inner-release")) {
		json_array_append_new(k, json_string("release"));
		json_array_append_new(k, json_string("lock"));
	} else if (!strcmp(kind, "write")) {
		json_array_append_new(k, json_string("memory"));
	} else if (!strcmp(kind, "return")) {
		json_array_append_new(k, json_string("return"));
	} else if (!strcmp(kind, "call")) {
		json_array_append_new(k, json_string("call"));
	} else {
		json_array_append_new(k, json_string("caution"));
	}
	return k;
}

/*
 * The nesting level of each trace step: the locks held when it happens.
 * An acquire is drawn at the level it enters, a release at the level it
 * leaves.  Traces name inner releases only when they matter, so a
 * "release" closes everything down to the most recent outer "acquire"
 * (locks nest), and an "inner-release" closes one level.
 */
struct nesting {
	int depth;
	VEC(bool) outer;	/* per held lock: taken by an outer "acquire" */
};

static int nesting_step(struct nesting *n, const char *kind)
{
	int level;

	if (!kind)
		return n->depth;
	if (!strcmp(kind, "acquire") || !strcmp(kind, "inner-acquire") || !strcmp(kind, "trylock")) {
		level = n->depth++;
		VEC_PUSH(n->outer, strcmp(kind, "inner-acquire") != 0);
		return level;
	}
	if (!strcmp(kind, "inner-release")) {
		if (n->depth > 0)
			n->outer.n = (size_t)--n->depth;
		return n->depth;
	}
	if (!strcmp(kind, "release")) {
		while (n->depth > 0 && !n->outer.v[--n->depth])
			;
		n->outer.n = (size_t)n->depth;
		return n->depth;
	}
	return n->depth;
}

/* One path's trace as a threadFlow whose nestingLevel is the lock depth,
 * so a viewer indents the critical sections. */
static json_t *thread_flow(const struct mc_chain *f)
{
	json_t *thread = json_object(), *locs = json_array();
	struct nesting nest = { 0, VEC_INIT };

	for (size_t i = 0; i < f->ntrace; i++) {
		const struct mc_trace_step *t = &f->trace[i];
		json_t *tfl = json_object();
		int level = nesting_step(&nest, t->kind);
		ci_put(tfl, "location", location(physical(t->file ? t->file : f->file, t->line, t->col, 0, 0),
						 t->message ? t->message : t->kind));
		ci_put(tfl, "kinds", step_kinds(t->kind));
		ci_put(tfl, "nestingLevel", json_integer(level));
		ci_put(tfl, "executionOrder", json_integer((json_int_t)i + 1));
		json_array_append_new(locs, tfl);
	}
	VEC_FREE(nest.outer);
	ci_put(thread, "locations", locs);
	return thread;
}

/* One codeFlow with a threadFlow per path that reaches the defect (the
 * representative first); a path seen under several models is one. */
static json_t *code_flows(const struct mc_finding *f)
{
	json_t *flows = json_array(), *flow = json_object(), *threads = json_array();

	for (size_t i = 0; i < f->nchains; i++)
		if (f->chains[i].ntrace && !mc_chain_repeats_path(f, i))
			json_array_append_new(threads, thread_flow(&f->chains[i]));
	ci_put(flow, "threadFlows", threads);
	json_array_append_new(flows, flow);
	return flows;
}

static json_t *result_properties(const struct mc_finding *f)
{
	json_t *p = json_object();

	json_t *models = json_array();
	for (size_t i = 0; i < f->nmodels; i++)
		json_array_append_new(models, ci_jstr(f->models[i]));
	ci_put(p, "models", models);
	ci_put(p, "paths", json_integer((json_int_t)mc_finding_paths(f)));
	if (f->function)
		ci_put(p, "function", ci_jstr(f->function));
	if (f->lock_name || f->lock_kind) {
		json_t *lock = json_object();
		ci_put(lock, "name", ci_jstr(f->lock_name));
		ci_put(lock, "type", ci_jstr(f->lock_type));
		ci_put(lock, "kind", ci_jstr(f->lock_kind));
		ci_put(p, "lock", lock);
	}
	if (f->accessor)
		ci_put(p, "accessor", ci_jstr(f->accessor));
	return p;
}

static json_t *suppressions(const struct mc_suppression *s)
{
	json_t *a = json_array(), *o = json_object(), *props = json_object();

	ci_put(o, "kind", json_string(s->kind && !strcmp(s->kind, "inSource") ? "inSource" : "external"));
	ci_put(o, "status", json_string("accepted"));
	ci_put(o, "justification", ci_jstr(s->reason));
	ci_put(props, "origin", ci_jstr(s->origin));
	ci_put(o, "properties", props);
	json_array_append_new(a, o);
	return a;
}

/* Index of rule id in the driver's rules, or -1. */
static int rule_index(const struct report_ci *ci, const char *id)
{
	const struct report_rule *r = ci_rule(ci, id);

	return r ? (int)(r - ci->rules) : -1;
}

static json_t *result_json(const struct ci_item *it, const struct report_ci *ci)
{
	const struct mc_finding *f = it->f;
	json_t *r = json_object(), *locs = json_array(), *fp = json_object();
	int idx = rule_index(ci, f->rule);

	ci_put(r, "ruleId", ci_jstr(f->rule ? f->rule : "unknown"));
	if (idx >= 0)
		ci_put(r, "ruleIndex", json_integer(idx));
	ci_put(r, "level", json_string(sarif_level(f->severity)));
	ci_put(r, "message", message(f->message));
	json_array_append_new(locs, location(physical(f->file, f->line, f->col, f->end_line, f->end_col),
					     NULL));
	ci_put(r, "locations", locs);
	if (f->fingerprint[0])
		ci_put(fp, SARIF_FINGERPRINT_KEY, json_string(f->fingerprint));
	ci_put(r, "partialFingerprints", fp);
	if (f->ntrace)
		ci_put(r, "codeFlows", code_flows(f));
	if (it->supp)
		ci_put(r, "suppressions", suppressions(it->supp));
	ci_put(r, "properties", result_properties(f));
	return r;
}

/* help: the check's docs/rules page (text and Markdown), else its summary. */
static json_t *rule_help(const struct report_rule *rule, const char *summary)
{
	json_t *h;

	for (const struct report_rule_doc *d = report_rule_docs; d->id; d++)
		if (rule->id && !strcmp(d->id, rule->id)) {
			h = json_object();
			ci_put(h, "text", ci_jstr(d->text));
			ci_put(h, "markdown", ci_jstr(d->markdown));
			return h;
		}
	return message(summary);
}

static json_t *rule_json(const struct report_rule *rule, const struct report_ci *ci)
{
	json_t *r = json_object(), *cfg = json_object();
	const char *summary = rule->summary && *rule->summary ? rule->summary : rule->id;

	ci_put(r, "id", ci_jstr(rule->id));
	if (rule->name)
		ci_put(r, "name", ci_jstr(rule->name));
	ci_put(r, "shortDescription", message(rule->name ? rule->name : rule->id));
	ci_put(r, "fullDescription", message(summary));
	if (ci->help_base) {
		char *uri = xasprintf("%s%s.md", ci->help_base, rule->id);
		ci_put(r, "helpUri", ci_jstr(uri));
		free(uri);
	}
	ci_put(r, "help", rule_help(rule, summary));
	ci_put(cfg, "level", json_string(sarif_level(rule->severity)));
	ci_put(r, "defaultConfiguration", cfg);
	return r;
}

static json_t *driver_json(const struct report_ci *ci)
{
	json_t *d = json_object(), *rules = json_array();

	ci_put(d, "name", json_string("mmiocheck"));
	if (ci->tool_uri)
		ci_put(d, "informationUri", ci_jstr(ci->tool_uri));
	ci_put(d, "version", ci_jstr(ci->meta && ci->meta->tool_version ? ci->meta->tool_version
							       : MMIOCHECK_VERSION));
	ci_put(d, "semanticVersion", ci_jstr(ci->meta && ci->meta->tool_version ? ci->meta->tool_version
								       : MMIOCHECK_VERSION));
	for (size_t i = 0; i < ci->nrules; i++)
		json_array_append_new(rules, rule_json(&ci->rules[i], ci));
	ci_put(d, "rules", rules);
	return d;
}

/* invocations[0]: whether the run succeeded, and each parse error as a
 * tool execution notification (what was not analyzed is not silent). */
static json_t *invocations(const struct mc_result *const *results, size_t n, const struct report_ci *ci)
{
	json_t *a = json_array(), *inv = json_object(), *notes = json_array();
	bool errors = ci->run_status && strcmp(ci->run_status, "ok");

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < results[i]->nerrors; k++) {
			const struct mc_file_diag *d = &results[i]->errors[k];
			json_t *note = json_object(), *locs = json_array();
			json_array_append_new(locs, location(physical(d->file ? d->file : results[i]->path, d->line,
								      d->col, d->line, 0), NULL));
			ci_put(note, "level", json_string("error"));
			ci_put(note, "message", message(d->message));
			ci_put(note, "locations", locs);
			json_array_append_new(notes, note);
			errors = true;
		}
	ci_put(inv, "executionSuccessful", json_boolean(!errors));
	if (json_array_size(notes))
		ci_put(inv, "toolExecutionNotifications", notes);
	else
		json_decref(notes);
	json_array_append_new(a, inv);
	return a;
}

static json_t *run_properties(const struct report_ci *ci)
{
	json_t *p = json_object(), *models = json_array();

	for (size_t i = 0; ci->meta && i < ci->meta->nmodels; i++)
		json_array_append_new(models, ci_jstr(ci->meta->models[i]));
	ci_put(p, "models", models);
	if (ci->meta && ci->meta->run_id >= 0)
		ci_put(p, "runId", json_integer(ci->meta->run_id));
	return p;
}

int report_sarif(FILE *out, const struct mc_result *const *results, size_t n,
		 const struct report_ci *ci)
{
	json_t *root = json_object(), *runs = json_array(), *run = json_object();
	json_t *tool = json_object(), *res = json_array();
	size_t count;
	struct ci_item *items;
	int rc;

	assert(out && ci && (results || !n));
	ci_put(root, "$schema", json_string(SARIF_SCHEMA));
	ci_put(root, "version", json_string("2.1.0"));
	ci_put(tool, "driver", driver_json(ci));
	ci_put(run, "tool", tool);
	ci_put(run, "invocations", invocations(results, n, ci));
	if (ci->source_root_uri) {
		json_t *bases = json_object(), *base = json_object();
		ci_put(base, "uri", ci_jstr(ci->source_root_uri));
		ci_put(bases, SRCROOT, base);
		ci_put(run, "originalUriBaseIds", bases);
	}
	items = ci_collect(results, n, ci, &count);
	for (size_t i = 0; i < count; i++)
		json_array_append_new(res, result_json(&items[i], ci));
	free(items);
	ci_put(run, "results", res);
	ci_put(run, "columnKind", json_string("unicodeCodePoints"));
	ci_put(run, "properties", run_properties(ci));
	json_array_append_new(runs, run);
	ci_put(root, "runs", runs);
	rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (rc == 0 && fputc('\n', out) == EOF)
		rc = -1;
	json_decref(root);
	return rc == 0 ? 0 : -1;
}
