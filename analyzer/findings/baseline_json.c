/*
 * baseline_json.c - a baseline given as a JSON findings document (what
 * `mmiocheck --format json` or `mmiocheck report --format json` writes,
 * docs/json-format.md), so a project can keep a reviewable text baseline
 * in its repository instead of a database.
 *
 * Only what the comparison needs is read: each finding's rule, severity,
 * model, file, line, column, function, message and fingerprint.
 */
#include "findings.h"
#include "util/defects.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static char *str_of(json_t *obj, const char *key)
{
	const char *s = json_string_value(json_object_get(obj, key));

	return s ? xstrdup(s) : NULL;
}

static unsigned uint_of(json_t *obj, const char *key)
{
	json_int_t v = json_integer_value(json_object_get(obj, key));

	return v > 0 && v <= 0xffffffffLL ? (unsigned)v : 0;
}

/* The result for file in out (added when new). */
static struct mc_result *result_for(struct mc_run *out, const char *file)
{
	for (size_t i = 0; i < out->nresults; i++)
		if (!strcmp(out->results[i]->path, file))
			return out->results[i];
	out->results = xrealloc(out->results, (out->nresults + 1) * sizeof(*out->results));
	out->suppressed = xrealloc(out->suppressed, (out->nresults + 1) * sizeof(*out->suppressed));
	out->results[out->nresults] = xcalloc(1, sizeof(struct mc_result));
	out->results[out->nresults]->path = xstrdup(file);
	out->suppressed[out->nresults] = NULL;
	return out->results[out->nresults++];
}

/* One chain of finding object fo under `model` with fingerprint `chain_fp`. */
static void chain_of(struct mc_chain *c, json_t *fo, const char *fp, const char *file, const char *model,
		     const char *chain_fp)
{
	memset(c, 0, sizeof(*c));
	c->rule = str_of(fo, "rule");
	c->rule_name = str_of(fo, "rule_name");
	c->severity = str_of(fo, "severity");
	c->model = model ? xstrdup(model) : NULL;
	c->file = xstrdup(file ? file : "");
	c->line = uint_of(fo, "line");
	c->col = uint_of(fo, "column");
	c->function = str_of(fo, "function");
	c->message = str_of(fo, "message");
	snprintf(c->fingerprint, sizeof(c->fingerprint), "%s", chain_fp && strlen(chain_fp) == 16 ? chain_fp : fp);
	snprintf(c->defect, sizeof(c->defect), "%s", fp);
}

/* The chains of a finding object: one per model of each of its "chains"
 * (format version 2), else one (version 1: a finding per model). */
static struct mc_chain *chains_of(json_t *fo, const char *fp, const char *file, size_t *n)
{
	json_t *chains = json_object_get(fo, "chains"), *ch;
	VEC(struct mc_chain) v = VEC_INIT;
	size_t i;

	json_array_foreach(chains, i, ch) {
		json_t *models = json_object_get(ch, "models"), *fps = json_object_get(ch, "fingerprints");
		for (size_t k = 0; k < json_array_size(models); k++) {
			struct mc_chain c;
			chain_of(&c, fo, fp, file, json_string_value(json_array_get(models, k)),
				 json_string_value(json_array_get(fps, k)));
			VEC_PUSH(v, c);
		}
	}
	if (!v.n) {
		struct mc_chain c;
		chain_of(&c, fo, fp, file, json_string_value(json_object_get(fo, "model")), fp);
		VEC_PUSH(v, c);
	}
	*n = v.n;
	return v.v;
}

/* Add one finding object; -1 with the reason when it has no fingerprint. */
static int add_finding(struct mc_run *out, json_t *fo, size_t index, struct strbuf *why)
{
	const char *fp = json_string_value(json_object_get(fo, "fingerprint"));
	const char *file = json_string_value(json_object_get(fo, "file"));
	struct mc_result *r;
	struct mc_finding *f;

	if (!json_is_object(fo) || !fp || strlen(fp) != 16) {
		strbuf_addf(why, "findings[%zu] has no 16-digit \"fingerprint\"", index);
		return -1;
	}
	r = result_for(out, file ? file : "");
	r->findings = xrealloc(r->findings, (r->nfindings + 1) * sizeof(*r->findings));
	f = &r->findings[r->nfindings++];
	size_t n;
	struct mc_chain *chains = chains_of(fo, fp, file, &n);
	finding_of_chains(f, chains, n);
	return 0;
}

/* The largest JSON baseline read (a findings document of a big tree). */
#define BASELINE_FILE_CAP ((size_t)1 << 30)

int baseline_json_load(const char *path, struct mc_run *out, struct strbuf *err)
{
	json_error_t jerr;
	json_t *root = NULL, *findings;
	struct strbuf why = STRBUF_INIT, text = STRBUF_INIT;
	const char *format;

	memset(out, 0, sizeof(*out));
	if (read_regular_file(&text, path, BASELINE_FILE_CAP, "a baseline", &why) < 0) {
		strbuf_addf(err, "%s: %s", path, why.buf);
		strbuf_release(&why);
		strbuf_release(&text);
		return -1;
	}
	root = json_loadb(text.buf, text.len, 0, &jerr);
	strbuf_release(&text);
	if (!root) {
		strbuf_addf(err, "%s:%d: not a JSON findings document: %s", path, jerr.line, jerr.text);
		return -1;
	}
	format = json_string_value(json_object_get(root, "format"));
	findings = json_object_get(root, "findings");
	if (!format || strcmp(format, "mmiocheck-findings") || !json_is_array(findings)) {
		strbuf_addf(err, "%s: not a mmiocheck findings document (\"format\": \"mmiocheck-findings\" "
			    "with a \"findings\" array)", path);
		json_decref(root);
		return -1;
	}
	out->run_id = json_integer_value(json_object_get(root, "run_id"));
	strbuf_init(&why);
	for (size_t i = 0; i < json_array_size(findings); i++)
		if (add_finding(out, json_array_get(findings, i), i, &why) < 0) {
			strbuf_addf(err, "%s: %s", path, why.buf);
			strbuf_release(&why);
			mc_run_release(out);
			json_decref(root);
			return -1;
		}
	strbuf_release(&why);
	json_decref(root);
	return 0;
}
