/*
 * analyze_place.c - the default models of a Kbuild or -p run on a kernel
 * tree: each file is placed (driver/kernel_place.c: the architectures its
 * config symbols can be enabled on without COMPILE_TEST, and their models
 * for the tree's version), the run's models are the union of them all, and
 * each unit's findings are kept only under its own architectures' models
 * (session/place.c).  --pedantic adds the documented contract.  A file
 * that cannot be placed keeps the plain defaults; --model turns all of
 * this off.
 */
#include "analyze_int.h"
#include "util/util.h"

#include <libgen.h>
#include <stdlib.h>
#include <string.h>

#define PLAIN_MODELS "contract,ppc64-legacy"	/* the session's default */

static const struct mc_place_model plain_models[] = { { "contract", NULL }, { "ppc64-legacy", NULL } };

/* One file's placement with everything it points to. */
struct placed_file {
	char *path;			/* as the session is given it */
	struct kernel_place kp;
	VEC(struct mc_place_model) models;
	VEC(const char *) wording;
	VEC(struct mc_rule_note) notes;
	strvec owned;			/* the arches texts */
	struct mc_placement pl;
};

struct place_set {
	VEC(struct placed_file *) files;	/* sorted by path */
	struct mc_placement plain;		/* files that cannot be placed */
};

/* Add `name` to the comma list sb if absent. */
static void add_model_name(struct strbuf *sb, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = sb->len ? sb->buf : NULL; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (!strncmp(p, name, n) && (p[n] == ',' || !p[n]))
			return;
	strbuf_addf(sb, "%s%s", sb->len ? "," : "", name);
}

/* "riscv, powerpc": the file's architectures that `model` describes. */
static char *arches_of_model(const struct kernel_place *kp, const char *model)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	for (size_t i = 0; i < kp->arches.n; i++) {
		const struct kernel_arch *a = &kp->arches.v[i];
		bool hit = !a->models.n && !strcmp(model, "contract");
		for (size_t k = 0; k < a->models.n && !hit; k++)
			hit = !strcmp(a->models.v[k], model);
		if (hit)
			strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", a->name);
	}
	return strbuf_detach(&sb);
}

/* The mc_placement of a placed file; its models added to `run`. */
static void build_placement(struct placed_file *f, bool pedantic, struct strbuf *run)
{
	struct strbuf names = STRBUF_INIT, all = STRBUF_INIT;

	strbuf_init(&names);
	strbuf_init(&all);
	for (size_t i = 0; i < f->kp.arches.n; i++) {
		const struct kernel_arch *a = &f->kp.arches.v[i];
		strbuf_addf(&all, "%s%s", all.len ? ", " : "", a->name);
		if (!a->models.n)
			add_model_name(&names, "contract");
		for (size_t k = 0; k < a->models.n; k++)
			add_model_name(&names, a->models.v[k]);
	}
	if (pedantic)
		add_model_name(&names, "contract");
	for (char *m = strtok(names.buf, ","); m; m = strtok(NULL, ",")) {
		char *where = arches_of_model(&f->kp, m);
		VEC_PUSH(f->owned, xstrdup(m));
		struct mc_place_model pm = { f->owned.v[f->owned.n - 1], *where ? where : NULL };
		if (*where)
			VEC_PUSH(f->owned, where);
		else
			free(where);
		VEC_PUSH(f->models, pm);
		add_model_name(run, m);
	}
	VEC_PUSH(f->owned, strbuf_detach(&all));
	for (size_t i = 0; i < f->kp.wording.n; i++)
		VEC_PUSH(f->wording, f->kp.wording.v[i]);
	for (size_t i = 0; i < f->kp.notes.n; i++) {
		char *n = f->kp.notes.v[i], *t1 = strchr(n, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
		if (!t2)
			continue;
		*t1 = *t2 = '\0';
		struct mc_rule_note rn = { n, t2 + 1, t1[1] == '1' };
		VEC_PUSH(f->notes, rn);
	}
	f->pl = (struct mc_placement){ f->models.v, f->models.n, f->notes.v, f->notes.n, f->wording.v,
				       f->wording.n, f->owned.v[f->owned.n - 1], f->kp.key };
	strbuf_release(&names);
}

static void free_placed(struct placed_file *f)
{
	free(f->path);
	kernel_place_free(&f->kp);
	VEC_FREE(f->models);
	VEC_FREE(f->wording);
	VEC_FREE(f->notes);
	strvec_free(&f->owned);
	free(f);
}

static int cmp_placed(const void *a, const void *b)
{
	return strcmp((*(struct placed_file *const *)a)->path, (*(struct placed_file *const *)b)->path);
}

/* mc_options.place: the placement of a unit, by the path it was given as. */
static const struct mc_placement *placement_of(void *arg, const char *path)
{
	struct place_set *ps = arg;
	size_t lo = 0, hi = ps->files.n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(ps->files.v[mid]->path, path);
		if (!c)
			return &ps->files.v[mid]->pl;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return &ps->plain;
}

/* The directory kernel Kconfig answers are cached in: the database's. */
static char *cache_dir_of(const char *db_path)
{
	if (!db_path)
		return NULL;
	char *copy = xstrdup(db_path), *dir = xstrdup(dirname(copy));
	free(copy);
	return dir;
}

/* Place one job's file; NULL when it cannot be placed. */
static struct placed_file *place_one(const struct arch_table *at, const struct job *j, const char *cache_dir,
				     bool pedantic, struct strbuf *run)
{
	char *abs = j->file[0] == '/' || !j->dir ? xstrdup(j->file) : xasprintf("%s/%s", j->dir, j->file);
	struct kernel_tree *t = kernel_tree_of(abs, cache_dir);
	struct placed_file *f = xcalloc(1, sizeof(*f));

	if (!t || kernel_place_file(t, at, abs, &f->kp) < 0) {
		free(abs);
		free(f);
		return NULL;
	}
	free(abs);
	f->path = xstrdup(j->file);
	build_placement(f, pedantic, run);
	return f;
}

int place_jobs(struct cli *c, struct job_set *set)
{
	struct strbuf err = STRBUF_INIT, run = STRBUF_INIT;
	struct arch_table *at;
	struct place_set *ps;
	char *cache_dir;
	bool any_plain = false;

	if (c->opt.models || !(c->kbuild || c->compdb || c->print_arches))
		return 0;	/* --model overrides; FILE mode judges as before */
	strbuf_init(&err);
	if (!(at = arch_table_load(mc_rules_dir(&c->opt), &err))) {
		mc_error("%s", err.buf);
		strbuf_release(&err);
		return -1;
	}
	strbuf_release(&err);
	ps = xcalloc(1, sizeof(*ps));
	ps->plain = (struct mc_placement){ plain_models, 2, NULL, 0, NULL, 0, NULL, NULL };
	cache_dir = cache_dir_of(set->opt.db_path);
	strbuf_init(&run);
	for (size_t i = 0; i < set->jobs.n; i++) {
		struct placed_file *f = place_one(at, &set->jobs.v[i], cache_dir, c->opt.pedantic, &run);
		if (f)
			VEC_PUSH(ps->files, f);
		any_plain |= !f;
	}
	if (any_plain)
		for (size_t i = 0; i < 2; i++)
			add_model_name(&run, plain_models[i].model);
	if (ps->files.n > 1)
		qsort(ps->files.v, ps->files.n, sizeof(ps->files.v[0]), cmp_placed);
	free(cache_dir);
	arch_table_free(at);
	c->place = ps;
	if (!ps->files.n) {
		strbuf_release(&run);
		return 0;	/* nothing placed: exactly the plain defaults */
	}
	c->place_models = strbuf_detach(&run);
	set->opt.models = c->place_models;
	set->opt.place = placement_of;
	set->opt.place_arg = ps;
	return 0;
}

void place_print(const struct cli *c, const struct job_set *set, FILE *out)
{
	const struct place_set *ps = c->place;

	for (size_t i = 0; i < set->jobs.n; i++) {
		const struct mc_placement *p = ps ? placement_of((void *)ps, set->jobs.v[i].file) : NULL;
		if (!p || !p->arches) {
			fprintf(out, "%s: not placed: judged under %s\n", set->jobs.v[i].file,
				c->opt.models ? c->opt.models : PLAIN_MODELS);
			continue;
		}
		fprintf(out, "%s: %s\n", set->jobs.v[i].file, p->key);
	}
}

void place_release(struct cli *c)
{
	struct place_set *ps = c->place;

	if (ps) {
		for (size_t i = 0; i < ps->files.n; i++)
			free_placed(ps->files.v[i]);
		VEC_FREE(ps->files);
		free(ps);
	}
	free(c->place_models);
	c->place = NULL;
	c->place_models = NULL;
	kernel_trees_free();
}
