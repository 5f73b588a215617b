/*
 * ci_common.c - helpers shared by the CI formats (report_int.h).
 */
#include "report_int.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static const char *or_empty(const char *s)
{
	return s ? s : "";
}

/* Report order: file, line, column, rule, then the order findings came in
 * (the engine's model order), so outputs are byte-for-byte reproducible. */
static int cmp_item(const void *pa, const void *pb)
{
	const struct ci_item *a = pa, *b = pb;
	int c;

	if ((c = strcmp(or_empty(a->f->file), or_empty(b->f->file))) != 0)
		return c;
	if (a->f->line != b->f->line)
		return a->f->line < b->f->line ? -1 : 1;
	if (a->f->col != b->f->col)
		return a->f->col < b->f->col ? -1 : 1;
	if ((c = strcmp(or_empty(a->f->rule), or_empty(b->f->rule))) != 0)
		return c;
	return a->order < b->order ? -1 : a->order > b->order;
}

struct ci_item *ci_collect(const struct mc_result *const *results, size_t n,
			   const struct report_ci *ci, size_t *count)
{
	size_t total = 0, k = 0;
	struct ci_item *items;

	for (size_t i = 0; i < n; i++)
		total += results[i]->nfindings;
	items = xcalloc(total ? total : 1, sizeof(*items));
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < results[i]->nfindings; j++, k++) {
			items[k].f = &results[i]->findings[j];
			items[k].res = results[i];
			items[k].supp = ci && ci->suppressed && ci->suppressed[i] ? ci->suppressed[i][j] : NULL;
			items[k].order = k;
		}
	assert(k == total);
	qsort(items, total, sizeof(*items), cmp_item);
	*count = total;
	return items;
}

bool ci_same_place(const struct ci_item *a, const struct ci_item *b)
{
	return a->f == b->f;
}

const struct report_rule *ci_rule(const struct report_ci *ci, const char *id)
{
	for (size_t i = 0; ci && id && i < ci->nrules; i++)
		if (ci->rules[i].id && !strcmp(ci->rules[i].id, id))
			return &ci->rules[i];
	return NULL;
}

void ci_uri_path(struct strbuf *sb, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";

	for (const unsigned char *p = (const unsigned char *)or_empty(s); *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("-._~/", *p)) {
			strbuf_addch(sb, (char)*p);
		} else {
			strbuf_addch(sb, '%');
			strbuf_addch(sb, hex[*p >> 4]);
			strbuf_addch(sb, hex[*p & 15]);
		}
	}
}

json_t *ci_jstr(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *j;
	size_t n;

	if (!s)
		return json_null();
	if ((j = json_string(s)) != NULL)
		return j;
	strbuf_init(&sb);
	n = strlen(s);
	for (size_t i = 0; i < n;) {
		size_t len = utf8_seq_len((const unsigned char *)s + i, n - i);
		if (len) {
			strbuf_add(&sb, s + i, len);
			i += len;
		} else {
			strbuf_adds(&sb, "\xef\xbf\xbd");
			i++;
		}
	}
	j = json_string(sb.buf);
	strbuf_release(&sb);
	assert(j);
	return j;
}

void ci_put(json_t *obj, const char *key, json_t *val)
{
	int rc = json_object_set_new(obj, key, val);

	assert(rc == 0);
	(void)rc;
}

int ci_severity_rank(const char *severity)
{
	if (severity && !strcmp(severity, "error"))
		return 2;
	if (severity && !strcmp(severity, "warning"))
		return 1;
	return 0;
}

char *report_dir_uri(const char *abs_dir)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	strbuf_adds(&sb, "file://");
	ci_uri_path(&sb, abs_dir);
	if (!sb.len || sb.buf[sb.len - 1] != '/')
		strbuf_addch(&sb, '/');
	return strbuf_detach(&sb);
}
