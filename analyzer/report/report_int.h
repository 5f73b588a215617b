/*
 * report_int.h - what the CI formats of analyzer/report/ share (ci_common.c):
 * the findings of all results in one sorted list, URI encoding, level
 * names, UTF-8 repair for Jansson.  Not part of the layer's interface
 * (that is report.h).
 */
#ifndef MMIOCHECK_REPORT_INT_H
#define MMIOCHECK_REPORT_INT_H

#include "report.h"
#include "util/util.h"

#include <jansson.h>

/* One finding with where it came from. */
struct ci_item {
	const struct mc_finding *f;
	const struct mc_result *res;
	const struct mc_suppression *supp;	/* NULL: not suppressed */
	size_t order;				/* input position, for stable sorting */
};

/* Every finding of results[0..n) sorted by file, line, column, rule, then
 * input order; the caller frees the array. */
struct ci_item *ci_collect(const struct mc_result *const *results, size_t n,
			   const struct report_ci *ci, size_t *count);

/* Are a and b one finding?  Each defect is one finding with its models
 * (and one item); the formats that group items by place see groups of
 * one. */
bool ci_same_place(const struct ci_item *a, const struct ci_item *b);

/* The rule metadata for id, or NULL. */
const struct report_rule *ci_rule(const struct report_ci *ci, const char *id);

/* docs/rules/ID.md of every shipped check, embedded at build time
 * (cmake/embed_rule_docs.py) for SARIF's rule help; a NULL id ends it. */
struct report_rule_doc {
	const char *id;		/* "MMIO001" */
	const char *markdown;	/* the page as written */
	const char *text;	/* the same as plain text */
};
extern const struct report_rule_doc report_rule_docs[];

/* Append s percent-encoded as a URI path: unreserved characters and '/'
 * stay, every other byte becomes %XX (so ':' in a file name cannot look
 * like a scheme, and non-ASCII names are valid URIs). */
void ci_uri_path(struct strbuf *sb, const char *s);

/* A JSON string for s (null for NULL), invalid UTF-8 bytes as U+FFFD. */
json_t *ci_jstr(const char *s);

/* Set key in obj to val (a new reference); a failure is a bug. */
void ci_put(json_t *obj, const char *key, json_t *val);

/* Severity rank: error 2, warning 1, anything else (note) 0. */
int ci_severity_rank(const char *severity);

#endif
