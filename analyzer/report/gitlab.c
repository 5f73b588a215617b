/*
 * gitlab.c - the GitLab Code Quality report: a JSON array of issues
 * (description, check_name, fingerprint, severity, location.path,
 * location.lines.begin), which GitLab shows in merge requests.
 *
 * GitLab collapses issues with the same fingerprint, so every finding row
 * (one per model) keeps its own fingerprint.  Severities: note -> info,
 * warning -> major, error -> critical.  Suppressed findings are not passed
 * here (cmd_report filters them).
 */
#include "report_int.h"

#include <stdlib.h>

static const char *gitlab_severity(const char *severity)
{
	switch (ci_severity_rank(severity)) {
	case 2: return "critical";
	case 1: return "major";
	default: return "info";
	}
}

static json_t *issue_json(const struct mc_finding *f)
{
	json_t *o = json_object(), *loc = json_object(), *lines = json_object();
	json_t *cats = json_array();
	char *desc = xasprintf("%s %s: %s", f->rule ? f->rule : "mmiocheck",
			       f->rule_name ? f->rule_name : "", f->message ? f->message : "");

	ci_put(o, "type", json_string("issue"));
	ci_put(o, "description", ci_jstr(desc));
	ci_put(o, "check_name", ci_jstr(f->rule ? f->rule : "mmiocheck"));
	json_array_append_new(cats, json_string("Bug Risk"));
	ci_put(o, "categories", cats);
	ci_put(o, "fingerprint", ci_jstr(f->fingerprint));
	ci_put(o, "severity", json_string(gitlab_severity(f->severity)));
	ci_put(loc, "path", ci_jstr(f->file ? f->file : ""));
	ci_put(lines, "begin", json_integer(f->line ? f->line : 1));
	if (f->end_line > f->line)
		ci_put(lines, "end", json_integer(f->end_line));
	ci_put(loc, "lines", lines);
	ci_put(o, "location", loc);
	free(desc);
	return o;
}

int report_gitlab(FILE *out, const struct mc_result *const *results, size_t n,
		  const struct report_ci *ci)
{
	json_t *arr = json_array();
	size_t count;
	struct ci_item *items = ci_collect(results, n, ci, &count);
	int rc;

	for (size_t i = 0; i < count; i++)
		json_array_append_new(arr, issue_json(items[i].f));
	free(items);
	rc = json_dumpf(arr, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (rc == 0 && fputc('\n', out) == EOF)
		rc = -1;
	json_decref(arr);
	return rc == 0 ? 0 : -1;
}
