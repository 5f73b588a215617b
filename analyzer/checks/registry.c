/*
 * registry.c - binding the rules' "checks" entries to the checks that
 * exist (check_list.h).
 *
 * A check knows itself (checks.h, struct check); rules/checks.json only
 * overrides.  Binding builds rules->checks, one check_info per listed
 * check, so --list-checks, --enable and the reports see exactly the checks
 * that run, and refuses what cannot mean anything: an entry for a check
 * that does not exist (it would configure nothing, silently), another name
 * for a check, an option the check does not take.
 */
#include "checks.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct check_entry *entry_for(const struct rules *r, const char *id)
{
	for (size_t i = 0; i < r->check_entries.n; i++)
		if (!strcmp(r->check_entries.v[i].id, id))
			return &r->check_entries.v[i];
	return NULL;
}

static const struct check *check_for(const char *id)
{
	size_t n;
	const struct check *const *all = checks_all(&n);

	for (size_t i = 0; i < n; i++)
		if (!strcmp(all[i]->id, id))
			return all[i];
	return NULL;
}

/* "MMIO001, MMIO002, ..." for messages. */
static void add_ids(struct strbuf *sb)
{
	size_t n;
	const struct check *const *all = checks_all(&n);

	for (size_t i = 0; i < n; i++)
		strbuf_addf(sb, "%s%s", i ? ", " : "", all[i]->id);
}

static const struct check_option *option_for(const struct check *c, const char *key)
{
	for (const struct check_option *o = c->options; o && o->key; o++)
		if (!strcmp(o->key, key))
			return o;
	return NULL;
}

/* Refuse a setting the check does not declare or a value of the wrong type. */
static int check_setting(const struct rules *r, const struct check *c, const struct check_setting *s,
			 struct strbuf *err)
{
	const struct check_option *o = option_for(c, s->key);

	if (!o) {
		strbuf_addf(err, "%s: check %s has no option '%s' (", s->where, c->id, s->key);
		for (const struct check_option *k = c->options; k && k->key; k++)
			strbuf_addf(err, "%s%s", k == c->options ? "its options: " : ", ", k->key);
		strbuf_adds(err, c->options && c->options->key ? ")" : "it takes none)");
		return -1;
	}
	if (o->type == CHECK_OPTION_NUMBER && (s->text || s->number < o->min || s->number > o->max)) {
		strbuf_addf(err, "%s: option '%s' of check %s must be an integer from %lld to %lld", s->where,
			    s->key, c->id, o->min, o->max);
		return -1;
	}
	if (o->type != CHECK_OPTION_NUMBER && !s->text) {
		strbuf_addf(err, "%s: option '%s' of check %s must be a string", s->where, s->key, c->id);
		return -1;
	}
	if (o->type == CHECK_OPTION_MODEL && rules_find_model(r, s->text) < 0) {
		strbuf_addf(err, "%s: check %s: unknown reference model '%s'", s->where, c->id, s->text);
		return -1;
	}
	return 0;
}

/* The check's declared options, each with the entry's value or its default. */
static int bind_options(const struct rules *r, const struct check *c, const struct check_entry *e,
			struct check_info *ci, struct strbuf *err)
{
	for (size_t i = 0; e && i < e->settings.n; i++)
		if (check_setting(r, c, &e->settings.v[i], err) < 0)
			return -1;
	for (const struct check_option *o = c->options; o && o->key; o++) {
		const struct check_setting *given = NULL;
		for (size_t i = 0; e && i < e->settings.n; i++)
			if (!strcmp(e->settings.v[i].key, o->key))
				given = &e->settings.v[i];
		if (!given && o->type != CHECK_OPTION_NUMBER)
			continue;	/* a string option with no value */
		struct check_setting s = { xstrdup(o->key), given && given->text ? xstrdup(given->text) : NULL,
					   given ? given->number : o->number,
					   xstrdup(given ? given->where : "default") };
		VEC_PUSH(ci->options, s);
	}
	return 0;
}

/* Refuse an entry that names the check otherwise than the check does. */
static int check_entry_fields(const struct check *c, const struct check_entry *e, struct strbuf *err)
{
	static const char *const sev[] = { "error", "warning", "note", "off", NULL };
	bool known = !e->severity;

	if (e->name && strcmp(e->name, c->name)) {
		strbuf_addf(err, "%s: check %s is named '%s', not '%s'", e->where, c->id, c->name, e->name);
		return -1;
	}
	for (int i = 0; sev[i] && !known; i++)
		known = !strcmp(sev[i], e->severity);
	if (!known) {
		strbuf_addf(err, "%s: bad value '%s' for 'severity' of check %s (error, warning, note or off)",
			    e->where, e->severity, c->id);
		return -1;
	}
	if (e->defect && strcmp(e->defect, c->defect_is_function ? "function" : "site")) {
		strbuf_addf(err, "%s: check %s reports one finding per %s, not per '%s'", e->where, c->id,
			    c->defect_is_function ? "function" : "site", e->defect);
		return -1;
	}
	return 0;
}

/* The check_info of check c: its defaults, then its entry e (or NULL). */
static int bind_one(const struct rules *r, const struct check *c, const struct check_entry *e,
		    struct check_info *ci, struct strbuf *err)
{
	memset(ci, 0, sizeof(*ci));
	if (e && check_entry_fields(c, e, err) < 0)
		return -1;
	bool off = e && e->severity && !strcmp(e->severity, "off");
	ci->id = xstrdup(c->id);
	ci->name = xstrdup(c->name);
	/* "off": reported as a warning once turned on with --enable */
	ci->severity = xstrdup(off ? "warning" : e && e->severity ? e->severity : c->severity);
	ci->summary = xstrdup(e && e->summary ? e->summary : c->summary);
	ci->defect_is_function = c->defect_is_function;
	ci->pedantic_only = c->pedantic_only;
	ci->enabled = !off && (e && e->enabled >= 0 ? e->enabled : !c->off_by_default && !c->pedantic_only);
	return bind_options(r, c, e, ci, err);
}

/* The list itself: each line's name is its check's id, no id twice. */
static int check_list_sane(struct strbuf *err)
{
	size_t n;
	const struct check *const *all = checks_all(&n);

	for (size_t i = 0; i < n; i++) {
		if (strcasecmp(checks_list_name(i), all[i]->id) || !all[i]->name || !all[i]->severity ||
		    !all[i]->summary || all[i]->program_wide != (all[i]->begin_program && all[i]->end_program)) {
			strbuf_addf(err, "check_list.h: CHECK(%s) is check %s: each check's line names its id, "
				    "and it has a name, severity, summary, and begin/end_program exactly when "
				    "program_wide", checks_list_name(i), all[i]->id);
			return -1;
		}
		for (size_t k = 0; k < i; k++)
			if (!strcmp(all[k]->id, all[i]->id) || !strcmp(all[k]->name, all[i]->name)) {
				strbuf_addf(err, "check_list.h: %s and %s share an id or a name", all[k]->id,
					    all[i]->id);
				return -1;
			}
	}
	return 0;
}

int checks_bind(struct rules *r, struct strbuf *err)
{
	size_t n;
	const struct check *const *all = checks_all(&n);

	if (check_list_sane(err) < 0)
		return -1;
	for (size_t i = 0; i < r->check_entries.n; i++)
		if (!check_for(r->check_entries.v[i].id)) {
			strbuf_addf(err, "%s: no check has the id '%s' (the checks: ", r->check_entries.v[i].where,
				    r->check_entries.v[i].id);
			add_ids(err);
			strbuf_adds(err, ")");
			return -1;
		}
	for (size_t i = 0; i < r->checks.n; i++)
		check_info_release(&r->checks.v[i]);
	r->checks.n = 0;
	for (size_t i = 0; i < n; i++) {
		struct check_info ci;
		if (bind_one(r, all[i], entry_for(r, all[i]->id), &ci, err) < 0) {
			check_info_release(&ci);
			return -1;
		}
		VEC_PUSH(r->checks, ci);
	}
	return 0;
}
