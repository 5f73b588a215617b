/*
 * defect_id.c - the fingerprint of a defect, and grouping a unit's chains
 * into its findings (one per defect).
 *
 * A defect is a rule and the place its fix goes (mc_chain.site_*).  Its
 * fingerprint hashes what that place is, never where it is or who reaches
 * it: rule, the site's file (as displayed) and function, the accessor, the
 * text of the site's line without whitespace, and the occurrence among
 * sites of the same identity.  So it survives lines added above it, and a
 * new caller reaching the same write does not make it a new finding.  The
 * site's line is read from the unit that holds it, another unit of the
 * program, or the file itself (a helper in another directory).
 */
#include "session_int.h"
#include "util/defects.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Source text of files outside the program, read once per unit. */
struct text_cache {
	VEC(char *) paths;
	VEC(struct strbuf) texts;
};

static void text_cache_free(struct text_cache *c)
{
	for (size_t i = 0; i < c->paths.n; i++) {
		free(c->paths.v[i]);
		strbuf_release(&c->texts.v[i]);
	}
	VEC_FREE(c->paths);
	VEC_FREE(c->texts);
}

/* Line `line` (1-based) of text, without its newline; NULL if absent. */
static const char *nth_line(const char *text, size_t tlen, unsigned line, size_t *len)
{
	const char *p = text, *end = text + tlen;

	for (unsigned i = 1; i < line && p < end; i++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return NULL;
		p = nl + 1;
	}
	if (p >= end && line > 1)
		return NULL;
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	*len = (size_t)((nl ? nl : end) - p);
	return p;
}

/* The text of a file named as findings show it, from disk (cached). */
static const struct strbuf *file_text(const struct mc_session *s, struct text_cache *c, const char *shown)
{
	for (size_t i = 0; i < c->paths.n; i++)
		if (!strcmp(c->paths.v[i], shown))
			return &c->texts.v[i];
	struct strbuf sb = STRBUF_INIT;
	char *path = shown[0] != '/' && s->source_root ? xasprintf("%s/%s", s->source_root, shown) : xstrdup(shown);
	strbuf_init(&sb);
	if (access(path, R_OK) != 0 || strbuf_read_file(&sb, path) < 0)
		strbuf_reset(&sb);
	free(path);
	VEC_PUSH(c->paths, xstrdup(shown));
	VEC_PUSH(c->texts, sb);
	return &c->texts.v[c->texts.n - 1];
}

/* The site's source line: from a unit of the program, else from disk. */
static const char *site_line_text(const struct mc_session *s, const struct ipa_program *p,
				  struct text_cache *c, const struct mc_chain *f, size_t *len)
{
	*len = 0;
	for (size_t i = 0; p && i < p->units.n; i++) {
		const struct ir_unit *u = p->units.v[i];
		if (!strcmp(u->path, f->site_file) || !strcmp(session_display_path(s, u->path), f->site_file)) {
			const char *t = ir_unit_line(u, f->site_line, len);
			return t ? t : "";
		}
	}
	const struct strbuf *sb = file_text(s, c, f->site_file);
	const char *t = sb->len ? nth_line(sb->buf, sb->len, f->site_line, len) : NULL;
	if (!t)
		*len = 0;
	return t ? t : "";
}

static uint64_t hash_str(const char *s, uint64_t h)
{
	return hash_bytes(s ? s : "", strlen(s ? s : "") + 1, h);
}

/* What the defect of chain f is about (rule, site file, function,
 * accessor, site text), without its position. */
static uint64_t site_identity(const struct mc_session *s, const struct ipa_program *p, struct text_cache *c,
			      const struct mc_chain *f)
{
	const struct check_info *ci = rules_find_check(s->rules, f->rule);
	uint64_t h = hash_str(f->rule, HASH_SEED ^ 0x5eed);
	size_t len;

	h = hash_str(f->site_file, h);
	h = hash_str(f->site_function, h);
	if (ci && ci->defect_is_function)
		return h;
	h = hash_str(f->accessor, h);
	const char *line = site_line_text(s, p, c, f, &len);
	for (size_t i = 0; i < len; i++)
		if (!isspace((unsigned char)line[i]))
			h = hash_bytes(&line[i], 1, h);
	return h;
}

static bool same_site(const struct mc_chain *a, const struct mc_chain *b)
{
	return !strcmp(a->rule, b->rule) && a->site_line == b->site_line && a->site_col == b->site_col &&
	       !strcmp(a->site_file, b->site_file) && !strcmp(a->site_function ? a->site_function : "",
							       b->site_function ? b->site_function : "");
}

/* Set every row's defect fingerprint: its site's identity and occurrence
 * among the unit's distinct sites of the same identity, in line order. */
static void set_defects(const struct mc_session *s, const struct ipa_program *p, struct finding_vec *rows)
{
	size_t n = rows->n, nsites = 0;
	uint64_t *ids = xcalloc(n ? n : 1, sizeof(*ids));
	size_t *site_of = xcalloc(n ? n : 1, sizeof(*site_of));	/* row -> first row of its site */
	size_t *sites = xcalloc(n ? n : 1, sizeof(*sites));
	struct text_cache cache = { VEC_INIT, VEC_INIT };

	for (size_t i = 0; i < n; i++) {
		struct mc_chain *f = &rows->v[i];
		if (!f->site_file)
			continue;
		const char *d = session_display_path(s, f->site_file);
		if (d != f->site_file) {
			char *copy = xstrdup(d);
			free(f->site_file);
			f->site_file = copy;
		}
		size_t k = 0;
		while (k < nsites && !same_site(&rows->v[sites[k]], f))
			k++;
		if (k == nsites) {
			sites[nsites++] = i;
			ids[i] = site_identity(s, p, &cache, f);
		}
		site_of[i] = sites[k];
	}
	for (size_t i = 0; i < n; i++) {
		struct mc_chain *f = &rows->v[i];
		if (!f->site_file) {
			memcpy(f->defect, f->fingerprint, sizeof(f->defect));
			continue;
		}
		const struct mc_chain *me = &rows->v[site_of[i]];
		uint64_t id = ids[site_of[i]], occurrence = 0;
		for (size_t k = 0; k < nsites; k++) {
			const struct mc_chain *o = &rows->v[sites[k]];
			occurrence += ids[sites[k]] == id &&
				      (o->site_line < me->site_line ||
				       (o->site_line == me->site_line && o->site_col < me->site_col));
		}
		uint64_t h = hash_bytes(&occurrence, sizeof(occurrence), id);
		snprintf(f->defect, sizeof(f->defect), "%016llx", (unsigned long long)h);
	}
	text_cache_free(&cache);
	free(sites);
	free(site_of);
	free(ids);
}

void session_group_findings(const struct mc_session *s, const struct ipa_program *p, struct mc_result *res,
			    struct finding_vec *rows)
{
	set_defects(s, p, rows);
	res->findings = defects_group(rows->v, rows->n, &res->nfindings);
	rows->v = NULL;
	rows->n = rows->cap = 0;
}
