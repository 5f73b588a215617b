/*
 * place.c - findings judged where the unit runs: a unit of a kernel tree
 * is analyzed under the models of the architectures it can be built for
 * (the caller's placement, docs/kernel.md "Architectures"); a finding is
 * kept only under one of them and says where it applies, and an old tree's
 * notes (MMIO003 before 5.2) replace the advice at the end of a message.
 */
#include "session_int.h"
#include "util/defects.h"

#include <stdlib.h>
#include <string.h>

const struct mc_placement *session_placement(const struct mc_session *s, const char *path)
{
	return s->place ? s->place(s->place_arg, path) : NULL;
}

static const struct mc_place_model *placed_model(const struct mc_placement *p, const char *model)
{
	for (size_t i = 0; i < p->nmodels; i++)
		if (!strcmp(p->models[i].model, model))
			return &p->models[i];
	return NULL;
}

/* How a finding of `rule` says where it applies: "fails on". */
static const char *wording_of(const struct mc_placement *p, const char *rule)
{
	const char *any = "applies on";
	size_t n = strlen(rule);

	for (size_t i = 0; i < p->nwording; i++) {
		const char *w = p->wording[i], *tab = strchr(w, '\t');
		if (!tab)
			continue;
		if ((size_t)(tab - w) == n && !strncmp(w, rule, n))
			return tab + 1;
		if (tab - w == 1 && *w == '*')
			any = tab + 1;
	}
	return any;
}

static const struct mc_rule_note *note_of(const struct mc_placement *p, const char *rule)
{
	for (size_t i = 0; i < p->nnotes; i++)
		if (!strcmp(p->notes[i].rule, rule))
			return &p->notes[i];
	return NULL;
}

/* Do a and b report one defect (same rule and place)? */
static bool same_place(const struct mc_chain *a, const struct mc_chain *b)
{
	return !strcmp(a->rule, b->rule) && a->line == b->line && a->col == b->col &&
	       !strcmp(a->function ? a->function : "", b->function ? b->function : "");
}

/* Add the comma list `arches` to sb, each name once; how many were new. */
static size_t add_arches(struct strbuf *sb, const char *arches)
{
	char *copy = xstrdup(arches), *save = NULL;
	size_t added = 0;

	for (char *a = strtok_r(copy, ", ", &save); a; a = strtok_r(NULL, ", ", &save)) {
		bool dup = false;
		size_t n = strlen(a);
		for (const char *p = sb->len ? sb->buf : NULL; p && !dup; p = strstr(p, ", ") ? strstr(p, ", ") + 2 : NULL)
			dup = !strncmp(p, a, n) && (p[n] == ',' || !p[n]);
		if (!dup) {
			strbuf_addf(sb, "%s%s", sb->len ? ", " : "", a);
			added++;
		}
	}
	free(copy);
	return added;
}

/* How many names the comma list has. */
static size_t count_arches(const char *arches)
{
	size_t n = *arches ? 1 : 0;

	for (const char *p = arches; (p = strchr(p, ',')); p++)
		n++;
	return n;
}

/*
 * Say where f applies: every architecture whose model reports this defect
 * (the findings of res[0..n) at its place), or, when only the documented
 * contract does, that none reorders it.  An old tree's note replaces the
 * closing advice ("; remove it").
 */
static void annotate(const struct mc_placement *p, struct mc_chain *all, size_t n, struct mc_chain *f)
{
	const struct mc_rule_note *note = note_of(p, f->rule);
	struct strbuf sb = STRBUF_INIT, where = STRBUF_INIT;
	const char *advice = note ? strstr(f->message, "; remove it") : NULL;

	strbuf_init(&sb);
	strbuf_init(&where);
	size_t nwhere = 0;
	for (size_t i = 0; i < n; i++) {
		const struct mc_place_model *pm = placed_model(p, all[i].model);
		if (pm && pm->arches && same_place(&all[i], f))
			nwhere += add_arches(&where, pm->arches);
	}
	strbuf_add(&sb, f->message, advice && !advice[11] ? (size_t)(advice - f->message) : strlen(f->message));
	if (where.len && nwhere > 1 && nwhere == count_arches(p->arches))
		strbuf_addf(&sb, "; %s every architecture it builds for", wording_of(p, f->rule));
	else if (where.len)
		strbuf_addf(&sb, "; %s %s", wording_of(p, f->rule), where.buf);
	else
		strbuf_addf(&sb, "; by the documented contract only: no architecture it builds for (%s) "
			    "reorders it", p->arches);
	if (note) {
		strbuf_addf(&sb, "; %s", note->note);
		if (note->drop_fixit)
			f->fixit_first_line = f->fixit_last_line = 0;
	}
	free(f->message);
	f->message = strbuf_detach(&sb);
	strbuf_release(&where);
}

void session_place_rows(const struct mc_placement *p, struct finding_vec *rows)
{
	size_t keep = 0;

	if (!p)
		return;
	for (size_t i = 0; i < rows->n; i++) {
		struct mc_chain *f = &rows->v[i];
		if (!placed_model(p, f->model)) {
			chain_free(f);
			continue;
		}
		rows->v[keep++] = *f;
	}
	rows->n = keep;
	for (size_t i = 0; i < keep && p->arches; i++)	/* a placed unit (else: only filtered) */
		annotate(p, rows->v, keep, &rows->v[i]);
}
