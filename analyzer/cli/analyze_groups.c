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

/* A job and what groups it: its source directory and working directory. */
struct dir_key {
	const struct job *job;
	size_t index;		/* into job_set.jobs */
	size_t dirlen;		/* of job->file up to its last '/' */
};

/* Order by source directory, then working directory; 0: one group. */
static int cmp_directory(const struct dir_key *a, const struct dir_key *b)
{
	size_t n = a->dirlen < b->dirlen ? a->dirlen : b->dirlen;
	int c = strncmp(a->job->file, b->job->file, n);

	if (!c && a->dirlen != b->dirlen)
		c = a->dirlen < b->dirlen ? -1 : 1;
	if (!c && !a->job->dir != !b->job->dir)
		c = a->job->dir ? 1 : -1;
	if (!c && a->job->dir)
		c = strcmp(a->job->dir, b->job->dir);
	return c;
}

/* cmp_directory, then index: a group's indices come out ascending. */
static int cmp_dir_key(const void *pa, const void *pb)
{
	const struct dir_key *a = pa, *b = pb;
	int c = cmp_directory(a, b);

	return c ? c : a->index < b->index ? -1 : a->index > b->index;
}

/* Groups in the order of their first job. */
static int cmp_group_first(const void *pa, const void *pb)
{
	const struct job_group *a = pa, *b = pb;

	return a->idx[0] < b->idx[0] ? -1 : a->idx[0] > b->idx[0];
}

/*
 * -p: the jobs of each source directory (and working directory: a worker
 * enters one per group) together, in the order their directories first
 * appear.  Sorted, not compared pairwise: a kernel's compile_commands.json
 * has tens of thousands of entries.  Never split by the number of job
 * slots: the findings must not depend on -j (MMIO005 looks at the whole
 * program), so the parallelism of -p is across directories.
 */
void group_by_directory(struct job_set *set)
{
	size_t n = set->jobs.n;
	struct dir_key *keys = xcalloc(n ? n : 1, sizeof(*keys));

	for (size_t i = 0; i < n; i++) {
		const char *slash = strrchr(set->jobs.v[i].file, '/');
		keys[i] = (struct dir_key){ &set->jobs.v[i], i, slash ? (size_t)(slash - set->jobs.v[i].file) : 0 };
	}
	qsort(keys, n, sizeof(*keys), cmp_dir_key);
	for (size_t i = 0; i < n;) {
		size_t k = i + 1;
		while (k < n && cmp_directory(&keys[k], &keys[i]) == 0)
			k++;
		size_t *idx = xmalloc((k - i) * sizeof(*idx));
		for (size_t m = i; m < k; m++)
			idx[m - i] = keys[m].index;
		add_group(set, idx, k - i);
		i = k;
	}
	free(keys);
	if (set->groups.n)
		qsort(set->groups.v, set->groups.n, sizeof(*set->groups.v), cmp_group_first);
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
