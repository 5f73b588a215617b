/*
 * kernel_place.c - where one source file of a kernel tree runs: the
 * architectures its config symbols can be enabled on without COMPILE_TEST
 * (every route that builds it, each route the architectures all its
 * symbols share), a file under arch/NAME only there, and each
 * architecture's models for the tree's version.
 */
#include "arches_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The architectures (a mask over the tree's) that build the file at rel. */
static uint32_t file_arches(struct kernel_tree *t, const char *rel)
{
	size_t n = kernel_tree_narches(t);
	uint32_t all = n >= 32 ? 0xffffffffu : (1u << n) - 1, mask = 0;
	kbuild_routes routes;

	if (!n)
		return 0;
	if (!strncmp(rel, "arch/", 5)) {
		size_t len = strcspn(rel + 5, "/");
		for (size_t i = 0; i < n; i++)
			if (strlen(kernel_tree_arch(t, i)) == len && !strncmp(kernel_tree_arch(t, i), rel + 5, len))
				all = 1u << i;	/* arch/NAME/: built for NAME only */
	}
	if (kbuild_object_routes(kernel_tree_top(t), rel, &routes) < 0)
		return 0;
	for (size_t r = 0; r < routes.n; r++) {
		uint32_t m = all;
		for (size_t k = 0; k < routes.v[r].n; k++)
			m &= kernel_tree_symbol_arches(t, routes.v[r].v[k]);
		mask |= m;
	}
	kbuild_routes_free(&routes);
	return mask;
}

/* The table's notes and wording that apply to a tree of this version. */
static void place_notes(const struct arch_table *at, const unsigned version[3], struct kernel_place *out)
{
	for (size_t i = 0; i < at->notes.n; i++) {
		const struct rule_note *n = &at->notes.v[i];
		if (version_cmp(version, n->before) < 0)
			VEC_PUSH(out->notes, xasprintf("%s\t%d\t%s", n->rule, n->drop_fixit, n->note));
	}
	for (size_t i = 0; i < at->wording.n; i++)
		VEC_PUSH(out->wording, xstrdup(at->wording.v[i]));
}

int kernel_place_file(struct kernel_tree *t, const struct arch_table *at, const char *source,
		      struct kernel_place *out)
{
	char real[PATH_MAX];
	const char *top = kernel_tree_top(t);
	size_t tlen = strlen(top);
	struct strbuf key = STRBUF_INIT;

	memset(out, 0, sizeof(*out));
	if (!realpath(source, real) || strncmp(real, top, tlen) || real[tlen] != '/')
		return -1;
	uint32_t mask = file_arches(t, real + tlen + 1);
	if (!mask)
		return -1;
	strbuf_init(&key);
	strbuf_addf(&key, "%s:", kernel_tree_version(t));
	for (size_t i = 0; i < kernel_tree_narches(t); i++) {
		if (!(mask & (1u << i)))
			continue;
		struct kernel_arch a;
		const strvec *models = arch_table_models(at, kernel_tree_arch(t, i), top,
							 kernel_tree_version_numbers(t));
		memset(&a, 0, sizeof(a));
		a.name = kernel_tree_arch(t, i);
		strbuf_addf(&key, " %s=", a.name);
		for (size_t k = 0; models && k < models->n; k++) {
			VEC_PUSH(a.models, xstrdup(models->v[k]));
			strbuf_addf(&key, "%s%s", k ? "," : "", models->v[k]);
		}
		VEC_PUSH(out->arches, a);
	}
	place_notes(at, kernel_tree_version_numbers(t), out);
	out->key = strbuf_detach(&key);
	return 0;
}

void kernel_place_free(struct kernel_place *p)
{
	for (size_t i = 0; i < p->arches.n; i++)
		strvec_free(&p->arches.v[i].models);
	VEC_FREE(p->arches);
	strvec_free(&p->notes);
	strvec_free(&p->wording);
	free(p->key);
	memset(p, 0, sizeof(*p));
}
