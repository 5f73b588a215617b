/*
 * arches.c - rules/arches.json: which ordering models describe each
 * architecture, era by era (an era starts at a kernel version and may
 * require a line in the tree's source, for a fix backported to a stable
 * series), the notes some checks carry in old trees, and how a finding
 * says where it applies ("fails on riscv").  Data, so that a new
 * architecture or era is an entry, not code.
 */
#include "arches_int.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* "6.1.192" -> {6, 1, 192}; false if it does not start with a number. */
bool version_parse(const char *s, unsigned v[3])
{
	char *end;

	v[0] = v[1] = v[2] = 0;
	for (int i = 0; i < 3 && *s; i++) {
		unsigned long x = strtoul(s, &end, 10);
		if (end == s)
			return i > 0;
		v[i] = (unsigned)x;
		s = *end == '.' ? end + 1 : end + strlen(end);
	}
	return true;
}

int version_cmp(const unsigned a[3], const unsigned b[3])
{
	for (int i = 0; i < 3; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

/* One era of an architecture; NULL or the reason it is wrong. */
static const char *read_era(json_t *e, struct arch_era *era)
{
	json_t *since = json_object_get(e, "since"), *req = json_object_get(e, "requires");

	memset(era, 0, sizeof(*era));
	if (!json_is_string(since) || !version_parse(json_string_value(since), era->since))
		return "\"since\" must be a version string";
	if (!driver_json_strings(json_object_get(e, "models"), &era->models))
		return "\"models\" must be an array of model names";
	if (req) {
		json_t *f = json_object_get(req, "file"), *c = json_object_get(req, "contains");
		if (!json_is_string(f) || !json_is_string(c))
			return "\"requires\" needs \"file\" and \"contains\" strings";
		era->requires_file = xstrdup(json_string_value(f));
		era->requires_text = xstrdup(json_string_value(c));
	}
	return NULL;
}

static const char *read_arch(json_t *a, struct arch_entry *out)
{
	json_t *name = json_object_get(a, "arch"), *eras = json_object_get(a, "eras"), *e;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (!json_is_string(name) || !json_is_array(eras))
		return "an architecture needs \"arch\" and \"eras\"";
	out->name = xstrdup(json_string_value(name));
	json_array_foreach(eras, i, e) {
		struct arch_era era;
		const char *why = read_era(e, &era);
		VEC_PUSH(out->eras, era);
		if (why)
			return why;
	}
	return NULL;
}

static const char *read_notes(json_t *root, struct arch_table *t)
{
	json_t *notes = json_object_get(root, "rule_notes"), *n, *w = json_object_get(root, "wording"), *v;
	const char *key;
	size_t i;

	json_array_foreach(notes, i, n) {
		struct rule_note rn;
		json_t *before = json_object_get(n, "before"), *rule = json_object_get(n, "rule");
		json_t *note = json_object_get(n, "note");
		if (!json_is_string(before) || !json_is_string(rule) || !json_is_string(note) ||
		    !version_parse(json_string_value(before), rn.before))
			return "a rule note needs \"before\", \"rule\" and \"note\"";
		rn.rule = xstrdup(json_string_value(rule));
		rn.note = xstrdup(json_string_value(note));
		rn.drop_fixit = json_is_true(json_object_get(n, "drop_fixit"));
		VEC_PUSH(t->notes, rn);
	}
	json_object_foreach(w, key, v) {
		if (!json_is_string(v))
			return "\"wording\" maps rules to strings";
		VEC_PUSH(t->wording, xasprintf("%s\t%s", key, json_string_value(v)));
	}
	return NULL;
}

static int read_table(struct arch_table *t, json_t *root, const char *path, struct strbuf *err)
{
	json_t *ver = json_object_get(root, "mmiocheck-arches"), *arches = json_object_get(root, "arches"), *a;
	const char *why = NULL;
	size_t i;

	if (!json_is_integer(ver) || json_integer_value(ver) != 1) {
		strbuf_addf(err, "%s:1: missing or unsupported \"mmiocheck-arches\" (must be 1)", path);
		return -1;
	}
	if (!json_is_array(arches)) {
		strbuf_addf(err, "%s:1: \"arches\" must be an array", path);
		return -1;
	}
	json_array_foreach(arches, i, a) {
		struct arch_entry e;
		why = read_arch(a, &e);
		VEC_PUSH(t->arches, e);
		if (why) {
			strbuf_addf(err, "%s: architecture entry %zu: %s", path, i + 1, why);
			return -1;
		}
	}
	if ((why = read_notes(root, t))) {
		strbuf_addf(err, "%s: %s", path, why);
		return -1;
	}
	return 0;
}

struct arch_table *arch_table_load(const char *rules_dir, struct strbuf *err)
{
	struct arch_table *t = xcalloc(1, sizeof(*t));
	char *path = xasprintf("%s/arches.json", rules_dir);
	json_error_t jerr;
	json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
	int rc = -1;

	if (!root)
		strbuf_addf(err, "%s:%d: %s", path, jerr.line > 0 ? jerr.line : 1, jerr.text);
	else if (!json_is_object(root))
		strbuf_addf(err, "%s:1: the architecture table must be a JSON object", path);
	else
		rc = read_table(t, root, path, err);
	json_decref(root);
	free(path);
	if (rc < 0) {
		arch_table_free(t);
		return NULL;
	}
	return t;
}

void arch_table_free(struct arch_table *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->arches.n; i++) {
		struct arch_entry *a = &t->arches.v[i];
		for (size_t k = 0; k < a->eras.n; k++) {
			strvec_free(&a->eras.v[k].models);
			free(a->eras.v[k].requires_file);
			free(a->eras.v[k].requires_text);
		}
		VEC_FREE(a->eras);
		free(a->name);
	}
	for (size_t i = 0; i < t->notes.n; i++) {
		free(t->notes.v[i].rule);
		free(t->notes.v[i].note);
	}
	VEC_FREE(t->arches);
	VEC_FREE(t->notes);
	strvec_free(&t->wording);
	free(t);
}

/* Does TREE/file contain text?  (An era's "requires".) */
static bool tree_contains(const char *tree, const char *file, const char *text)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = xasprintf("%s/%s", tree, file);
	bool hit = strbuf_read_file(&sb, path) == 0 && strstr(sb.buf, text) != NULL;

	free(path);
	strbuf_release(&sb);
	return hit;
}

const strvec *arch_table_models(const struct arch_table *t, const char *arch, const char *tree,
				const unsigned version[3])
{
	for (size_t i = 0; i < t->arches.n; i++) {
		const struct arch_entry *a = &t->arches.v[i];
		const strvec *best = NULL;
		if (strcmp(a->name, arch))
			continue;
		for (size_t k = 0; k < a->eras.n; k++) {
			const struct arch_era *e = &a->eras.v[k];
			if (version_cmp(e->since, version) > 0)
				continue;
			if (e->requires_file && !tree_contains(tree, e->requires_file, e->requires_text))
				continue;
			best = &e->models;
		}
		return best;
	}
	return NULL;
}
