/*
 * check_entries.c - the "checks" section of the rules, read as written.
 *
 * Which checks exist and which options each takes is the checks' own
 * knowledge (analyzer/checks/check_list.h): this layer only records each
 * entry, with the line of every field, so that checks_bind() can refuse a
 * wrong one with "FILE:LINE: reason" after every file is loaded.
 */
#include "rules_int.h"

#include <stdlib.h>
#include <string.h>

static const char *const common_keys[] = { "id", "name", "severity", "summary", "defect", "enabled", NULL };

static bool is_common_key(const char *key)
{
	for (int i = 0; common_keys[i]; i++)
		if (!strcmp(common_keys[i], key))
			return true;
	return false;
}

static void setting_release(struct check_setting *s)
{
	free(s->key);
	free(s->text);
	free(s->where);
}

static void entry_release(struct check_entry *e)
{
	free(e->id);
	free(e->name);
	free(e->severity);
	free(e->summary);
	free(e->defect);
	free(e->where);
	for (size_t i = 0; i < e->settings.n; i++)
		setting_release(&e->settings.v[i]);
	VEC_FREE(e->settings);
}

void rules_free_check_entries(struct rules *r)
{
	for (size_t i = 0; i < r->check_entries.n; i++)
		entry_release(&r->check_entries.v[i]);
	VEC_FREE(r->check_entries);
	for (size_t i = 0; i < r->checks.n; i++)
		check_info_release(&r->checks.v[i]);
	VEC_FREE(r->checks);
}

/* A string field of the common set into *out (NULL when absent). */
static int common_string(struct load_ctx *c, json_t *e, const char *key, char **out)
{
	json_t *v = json_object_get(e, key);

	*out = NULL;
	if (!v)
		return 0;
	if (!json_is_string(v) || (!strcmp(key, "name") && !*json_string_value(v)))
		return load_error(c, key, "field '%s' of check must be a non-empty string", key);
	*out = xstrdup(json_string_value(v));
	return 0;
}

/* Every other field: an option of the check, a string or an integer. */
static int read_settings(struct load_ctx *c, json_t *e, struct check_entry *k)
{
	const char *key;
	json_t *v;

	json_object_foreach(e, key, v) {
		if (is_common_key(key))
			continue;
		if (!json_is_string(v) && !json_is_integer(v))
			return load_error(c, key, "field '%s' of check must be a string or an integer", key);
		struct check_setting s = { xstrdup(key), json_is_string(v) ? xstrdup(json_string_value(v)) : NULL,
					   json_is_integer(v) ? (long long)json_integer_value(v) : 0,
					   xasprintf("%s:%d", c->path, fw_entry_line(c, key)) };
		VEC_PUSH(k->settings, s);
	}
	return 0;
}

/* A "checks" entry, keyed by id: a later one replaces an earlier one. */
int rules_load_check_entry(struct load_ctx *c, json_t *e)
{
	struct check_entry k = { 0 };
	json_t *en = json_object_get(e, "enabled"), *id = json_object_get(e, "id");

	if (!json_is_string(id) || !*json_string_value(id))
		return load_error(c, NULL, "missing required field 'id' (a string) in checks");
	k.id = xstrdup(json_string_value(id));
	k.enabled = en ? json_is_true(en) : -1;
	k.where = xasprintf("%s:%d", c->path, fw_entry_line(c, k.id));
	if ((en && !json_is_boolean(en) && load_error(c, "enabled", "\"enabled\" of check must be true or false")) ||
	    common_string(c, e, "name", &k.name) < 0 || common_string(c, e, "severity", &k.severity) < 0 ||
	    common_string(c, e, "summary", &k.summary) < 0 || common_string(c, e, "defect", &k.defect) < 0 ||
	    read_settings(c, e, &k) < 0) {
		entry_release(&k);
		return -1;
	}
	for (size_t i = 0; i < c->r->check_entries.n; i++)
		if (!strcmp(c->r->check_entries.v[i].id, k.id)) {
			entry_release(&c->r->check_entries.v[i]);
			c->r->check_entries.v[i] = k;
			return 0;
		}
	VEC_PUSH(c->r->check_entries, k);
	return 0;
}

/* ---- a bound check's options (check_info) ---- */

static const struct check_setting *option_of(const struct check_info *ci, const char *key)
{
	for (size_t i = 0; i < ci->options.n; i++)
		if (!strcmp(ci->options.v[i].key, key))
			return &ci->options.v[i];
	return NULL;
}

const char *check_info_text(const struct check_info *ci, const char *key)
{
	const struct check_setting *s = ci ? option_of(ci, key) : NULL;

	return s ? s->text : NULL;
}

long long check_info_number(const struct check_info *ci, const char *key, long long dflt)
{
	const struct check_setting *s = ci ? option_of(ci, key) : NULL;

	return s && !s->text ? s->number : dflt;
}

void check_info_release(struct check_info *ci)
{
	free(ci->id);
	free(ci->name);
	free(ci->severity);
	free(ci->summary);
	for (size_t i = 0; i < ci->options.n; i++)
		setting_release(&ci->options.v[i]);
	VEC_FREE(ci->options);
}
