/*
 * flags.c - loading rules/compiler-flags.json and filtering a gcc command
 * line with it (see flags.h).
 */
#include "driver.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

enum flag_action { FLAG_KEEP, FLAG_DROP, FLAG_REPLACE };

struct flag_rule {
	char *text;		/* the flag, or its prefix */
	bool prefix;
	int nargs;		/* following arguments that belong to it */
	enum flag_action action;
	strvec with;		/* FLAG_REPLACE */
};

struct flag_table {
	VEC(struct flag_rule) rules;
	strvec append;
};

void strvec_free(strvec *v)
{
	for (size_t i = 0; i < v->n; i++)
		free(v->v[i]);
	VEC_FREE(*v);
}

void flag_table_free(struct flag_table *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->rules.n; i++) {
		free(t->rules.v[i].text);
		strvec_free(&t->rules.v[i].with);
	}
	VEC_FREE(t->rules);
	strvec_free(&t->append);
	free(t);
}

bool driver_json_strings(json_t *arr, strvec *out)
{
	size_t i;
	json_t *v;

	if (!json_is_array(arr))
		return false;
	json_array_foreach(arr, i, v) {
		if (!json_is_string(v))
			return false;
		VEC_PUSH(*out, xstrdup(json_string_value(v)));
	}
	return true;
}

/* Parse one "flags" entry; NULL on success, else what is wrong with it. */
static const char *read_rule(json_t *e, struct flag_rule *r)
{
	json_t *flag = json_object_get(e, "flag"), *prefix = json_object_get(e, "prefix");
	json_t *args = json_object_get(e, "args"), *action = json_object_get(e, "action");
	const char *a;

	memset(r, 0, sizeof(*r));
	if (!json_is_object(e))
		return "an entry must be an object";
	if (!!json_is_string(flag) == !!json_is_string(prefix))
		return "an entry needs exactly one of \"flag\" or \"prefix\" (a string)";
	r->prefix = json_is_string(prefix);
	r->text = xstrdup(json_string_value(r->prefix ? prefix : flag));
	if (args && (!json_is_integer(args) || json_integer_value(args) < 0 || json_integer_value(args) > 4))
		return "\"args\" must be an integer 0..4";
	r->nargs = args ? (int)json_integer_value(args) : 0;
	a = json_string_value(action);
	if (!a)
		return "\"action\" (drop, replace or keep) is missing";
	if (!strcmp(a, "drop"))
		r->action = FLAG_DROP;
	else if (!strcmp(a, "keep"))
		r->action = FLAG_KEEP;
	else if (!strcmp(a, "replace"))
		r->action = FLAG_REPLACE;
	else
		return "unknown \"action\" (drop, replace or keep)";
	if (r->action == FLAG_REPLACE && !driver_json_strings(json_object_get(e, "with"), &r->with))
		return "a replace entry needs \"with\": an array of strings";
	return NULL;
}

/* Line of the index-th "flags" entry, found by its text in the file. */
static int line_of_entry(const char *text, const char *needle)
{
	const char *hit = needle ? strstr(text, needle) : NULL;
	int line = 1;

	for (const char *p = text; hit && p < hit; p++)
		line += *p == '\n';
	return line;
}

/* Parse the whole document into t; 0, or -1 with err set. */
static int read_table(struct flag_table *t, const char *path, const struct strbuf *text,
		      json_t *root, struct strbuf *err)
{
	json_t *ver = json_object_get(root, "mmiocheck-compiler-flags");
	json_t *list = json_object_get(root, "flags"), *e;
	size_t i;

	if (!json_is_integer(ver) || json_integer_value(ver) != 1) {
		strbuf_addf(err, "%s:1: missing or unsupported \"mmiocheck-compiler-flags\" (must be 1)", path);
		return -1;
	}
	if (!json_is_array(list)) {
		strbuf_addf(err, "%s:1: \"flags\" must be an array", path);
		return -1;
	}
	if (json_object_get(root, "append") && !driver_json_strings(json_object_get(root, "append"), &t->append)) {
		strbuf_addf(err, "%s:%d: \"append\" must be an array of strings", path,
			    line_of_entry(text->buf, "\"append\""));
		return -1;
	}
	json_array_foreach(list, i, e) {
		struct flag_rule r;
		const char *why = read_rule(e, &r);
		VEC_PUSH(t->rules, r);
		if (why) {
			strbuf_addf(err, "%s:%d: flags entry %zu: %s", path,
				    line_of_entry(text->buf, r.text), i + 1, why);
			return -1;
		}
	}
	return 0;
}

struct flag_table *flag_table_load(const char *rules_dir, struct strbuf *err)
{
	struct flag_table *t = xcalloc(1, sizeof(*t));
	char *path = xasprintf("%s/compiler-flags.json", rules_dir);
	struct strbuf text = STRBUF_INIT, why = STRBUF_INIT;
	json_error_t jerr;
	json_t *root = NULL;
	int rc = -1;

	if (read_regular_file(&text, path, READ_FILE_DEFAULT_CAP, NULL, &why) < 0)
		strbuf_addf(err, "%s: %s", path, why.buf);
	else if (!(root = json_loadb(text.buf, text.len, JSON_REJECT_DUPLICATES, &jerr)))
		strbuf_addf(err, "%s:%d: %s", path, jerr.line > 0 ? jerr.line : 1, jerr.text);
	else if (!json_is_object(root))
		strbuf_addf(err, "%s:1: the flag table must be a JSON object", path);
	else
		rc = read_table(t, path, &text, root, err);
	json_decref(root);
	strbuf_release(&text);
	strbuf_release(&why);
	free(path);
	if (rc < 0) {
		flag_table_free(t);
		return NULL;
	}
	return t;
}

/* The first rule matching arg, or NULL (keep it). */
static const struct flag_rule *match(const struct flag_table *t, const char *arg)
{
	for (size_t i = 0; i < t->rules.n; i++) {
		const struct flag_rule *r = &t->rules.v[i];
		if (r->prefix ? !strncmp(arg, r->text, strlen(r->text)) : !strcmp(arg, r->text))
			return r;
	}
	return NULL;
}

void flag_table_filter(const struct flag_table *t, const char *const *argv, int argc, strvec *out)
{
	for (int i = 0; i < argc; i++) {
		const struct flag_rule *r = match(t, argv[i]);
		int nargs = r ? r->nargs : 0;

		/* Fewer arguments left than belong to the flag (a trailing
		 * "-include"): drop it.  Kept, it would take the appended
		 * flags as its argument: clang would read "-include -w" and
		 * fail to find a file named "-w". */
		if (nargs > argc - 1 - i)
			break;
		if (!r || r->action == FLAG_KEEP) {
			/* With its arguments, verbatim: they are values
			 * ("-include FILE"), not flags to look up. */
			for (int k = 0; k <= nargs; k++)
				VEC_PUSH(*out, xstrdup(argv[i + k]));
		} else if (r->action == FLAG_REPLACE) {
			for (size_t k = 0; k < r->with.n; k++)
				VEC_PUSH(*out, xstrdup(r->with.v[k]));
		}
		i += nargs;
	}
	for (size_t k = 0; k < t->append.n; k++)
		VEC_PUSH(*out, xstrdup(t->append.v[k]));
}

size_t flag_table_size(const struct flag_table *t)
{
	return t->rules.n;
}
