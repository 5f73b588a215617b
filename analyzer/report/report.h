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
/* The two halves of report_text: the analyze verb prints the findings
 * where they go (stdout) and clang's errors on stderr, as a compiler does. */
void report_text_findings(FILE *out, const struct mc_result *res);
void report_text_errors(FILE *out, const struct mc_result *res);

struct report_meta {
	const char *tool_version;
	long long run_id;		/* -1 without a database */
	const char *const *models;
	size_t nmodels;
};

/* The JSON document of docs/json-format.md (schema version 1). */
int report_json(FILE *out, const struct mc_result *const *results, size_t n,
		const struct report_meta *meta);

/* ---- CI formats (sarif.c, github.c, gitlab.c, html.c) ---- */

/* A check as reports describe it (from the loaded rules). */
struct report_rule {
	const char *id;		/* "MMIO001" */
	const char *name;	/* "unordered-release" */
	const char *severity;	/* default level */
	const char *summary;	/* one sentence */
};

/*
 * What the CI formats need beyond the findings.  suppressed, when not
 * NULL, has one array per result: suppressed[i][k] is the suppression of
 * results[i]->findings[k] or NULL.
 */
struct report_ci {
	const struct report_meta *meta;
	const struct report_rule *rules;
	size_t nrules;
	const char *source_root_uri;	/* "file:///abs/root/": base of relative paths, or NULL */
	const char *help_base;		/* helpUri = help_base + id + ".md"; NULL: no helpUri */
	const char *tool_uri;		/* SARIF tool.driver.informationUri, or NULL */
	const char *run_status;		/* runs.status ("ok", "errors", ...), or NULL */
	struct mc_suppression *const *const *suppressed;
};

/* "file:///abs/dir/" (percent-encoded, with a final '/') for an absolute
 * directory path; the caller frees. */
char *report_dir_uri(const char *abs_dir);

/* SARIF 2.1.0 (docs/sarif.md): one run, every rule, suppressed results
 * carry result.suppressions.  0, or -1 on a write error. */
int report_sarif(FILE *out, const struct mc_result *const *results, size_t n,
		 const struct report_ci *ci);

/* GitHub workflow commands; at most REPORT_GITHUB_LIMIT annotations per
 * level, then a summary line naming what was not shown. */
#define REPORT_GITHUB_LIMIT 10
int report_github(FILE *out, const struct mc_result *const *results, size_t n,
		  const struct report_ci *ci);

/* GitLab Code Quality report (a JSON array). */
int report_gitlab(FILE *out, const struct mc_result *const *results, size_t n,
		  const struct report_ci *ci);

/* One self-contained HTML page; sources are read from source_dir (the
 * directory relative paths are relative to; NULL: the current one). */
int report_html(FILE *out, const struct mc_result *const *results, size_t n,
		const struct report_ci *ci, const char *source_dir);

#endif
