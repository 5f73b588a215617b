/*
 * fail_on.c - which findings make a verb exit 1: `--fail-on LEVEL`.
 *
 * analyze (and diff) fail on warnings and errors unless told otherwise;
 * report fails on nothing (an exporter that wrote its file succeeded)
 * unless given --fail-on.  One setting per process: -j workers inherit it.
 */
#include "cli.h"
#include "util/util.h"

#include <assert.h>
#include <string.h>

static const char *const levels[] = { "note", "warning", "error" };
#define NLEVELS (sizeof(levels) / sizeof(levels[0]))

/* Index into levels of the least severity that fails; NLEVELS: none does. */
static size_t fail_rank = 1;

/* The rank of a severity; an unknown one counts as a warning. */
static size_t severity_rank(const char *severity)
{
	for (size_t i = 0; severity && i < NLEVELS; i++)
		if (!strcmp(severity, levels[i]))
			return i;
	return 1;
}

int cli_fail_on(const char *level)
{
	if (!level) {
		fail_rank = NLEVELS;
		return 0;
	}
	for (size_t i = 0; i < NLEVELS; i++)
		if (!strcmp(level, levels[i])) {
			fail_rank = i;
			return 0;
		}
	return -1;
}

bool cli_finding_fails(const struct mc_finding *f)
{
	assert(f);
	return severity_rank(f->severity) >= fail_rank;
}

size_t cli_count_failures(const struct mc_finding_list *l)
{
	size_t n = 0;

	for (size_t i = 0; i < l->n; i++)
		n += cli_finding_fails(l->v[i]);
	return n;
}

bool cli_any_failure(struct mc_result *const *results, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < results[i]->nfindings; k++)
			if (cli_finding_fails(&results[i]->findings[k]))
				return true;
	return false;
}
