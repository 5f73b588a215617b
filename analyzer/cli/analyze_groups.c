/*
 * analyze_groups.c - which files one worker analyzes as one program (a
 * job_group): with -p the files of one source directory, else each file
 * alone (analyze_int.h).
 */
#include "analyze_int.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

static void add_group(struct job_set *set, size_t *idx, size_t n)
{
	struct job_group g = { idx, n, NULL };

	VEC_PUSH(set->groups, g);
}

/* One group per job (Kbuild, FILEs with -j, re-checks). */
void group_each(struct job_set *set)
{
	for (size_t i = 0; i < set->jobs.n; i++) {
		size_t *idx = xmalloc(sizeof(*idx));
		*idx = i;
		add_group(set, idx, 1);
	}
}

/* Do jobs a and b belong together: same source directory, same working
 * directory (a worker enters one per group)? */
static bool same_directory(const struct job *a, const struct job *b)
{
	const char *sa = strrchr(a->file, '/'), *sb = strrchr(b->file, '/');
	size_t la = sa ? (size_t)(sa - a->file) : 0, lb = sb ? (size_t)(sb - b->file) : 0;

	if (la != lb || strncmp(a->file, b->file, la))
		return false;
	return (!a->dir && !b->dir) || (a->dir && b->dir && !strcmp(a->dir, b->dir));
}

/*
 * -p: the jobs of each source directory together, in the order their
 * directories first appear.  Never split by the number of job slots: the
 * findings must not depend on -j (MMIO005 looks at the whole program), so
 * the parallelism of -p is across directories.
 */
void group_by_directory(struct job_set *set)
{
	bool *taken = xcalloc(set->jobs.n ? set->jobs.n : 1, sizeof(*taken));

	for (size_t i = 0; i < set->jobs.n; i++) {
		if (taken[i])
			continue;
		size_t *idx = xmalloc((set->jobs.n - i) * sizeof(*idx)), n = 0;
		for (size_t k = i; k < set->jobs.n; k++)
			if (!taken[k] && same_directory(&set->jobs.v[i], &set->jobs.v[k])) {
				taken[k] = true;
				idx[n++] = k;
			}
		add_group(set, idx, n);
	}
	free(taken);
}

/* Name every group for the progress line and messages. */
void name_groups(struct job_set *set)
{
	for (size_t i = 0; i < set->groups.n; i++) {
		struct job_group *g = &set->groups.v[i];
		const char *file = set->jobs.v[g->idx[0]].file, *slash = strrchr(file, '/');
		if (g->n == 1)
			g->name = xstrdup(file);
		else
			g->name = xasprintf("%.*s/ (%zu files)", slash ? (int)(slash - file) : 1,
					    slash ? file : ".", g->n);
	}
}

void free_groups(struct job_set *set)
{
	for (size_t i = 0; i < set->groups.n; i++) {
		free(set->groups.v[i].idx);
		free(set->groups.v[i].name);
	}
	VEC_FREE(set->groups);
}
