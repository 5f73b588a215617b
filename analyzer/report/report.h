/*
 * report.h - turning results into text a person or a program reads.
 */
#ifndef MMIOCHECK_REPORT_H
#define MMIOCHECK_REPORT_H

#include <stdio.h>
#include "mmiocheck/mmiocheck.h"

/*
 * gcc-style diagnostics: "file:line:col: warning: message [MMIO001]" and the
 * trace as "file:line:col: note: ..." lines.  Findings of the same rule at
 * the same place under several models are printed once, naming the models.
 */
void report_text(FILE *out, const struct mc_result *res);

struct report_meta {
	const char *tool_version;
	long long run_id;		/* -1 without a database */
	const char *const *models;
	size_t nmodels;
};

/* The JSON document of docs/json-format.md (schema version 1). */
int report_json(FILE *out, const struct mc_result *const *results, size_t n,
		const struct report_meta *meta);

#endif
