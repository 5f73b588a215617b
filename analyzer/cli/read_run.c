/*
 * read_run.c - what the verbs that read stored findings (report, diff,
 * fix, query, analyze --baseline) share: loading a run with its error
 * printed, and the check metadata the reports name.
 */
#include "cli.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Print the error of a failed load; -1. */
static int load_failed(char *err)
{
	mc_error("%s", err ? err : "cannot load the run");
	free(err);
	return -1;
}

int cli_load_run(const char *db, long long run_id, struct mc_run *out)
{
	char *err = NULL;

	return mc_run_load(db, run_id, out, &err) < 0 ? load_failed(err) : 0;
}

int cli_load_baseline(const char *path, long long run_id, struct mc_run *out)
{
	char *err = NULL;

	return mc_run_load_baseline(path, run_id, out, &err) < 0 ? load_failed(err) : 0;
}

/* Split one --list-checks line "ID NAME SEVERITY SUMMARY" in place. */
static bool split_check_line(char *line, struct report_rule *r)
{
	char *fields[3];
	char *p = line;

	for (int i = 0; i < 3; i++) {
		while (*p == ' ')
			p++;
		if (!*p)
			return false;
		fields[i] = p;
		while (*p && *p != ' ')
			p++;
		if (*p)
			*p++ = '\0';
	}
	while (*p == ' ')
		p++;
	r->id = fields[0];
	r->name = fields[1];
	r->severity = fields[2];
	r->summary = p;
	return true;
}

/*
 * The check metadata comes through the public API (mc_list_checks, the
 * same lines --list-checks prints), so the report honours the same rules
 * directory and --rules files as the analysis.
 */
int cli_checks_load(const char *rules_dir, const char *const *extra, int nextra, struct cli_checks *out)
{
	struct mc_options opt;
	struct mc_session *s;
	char *err = NULL, *buf = NULL, *line;
	size_t len = 0;
	FILE *mem;
	VEC(struct report_rule) rules = VEC_INIT;

	memset(out, 0, sizeof(*out));
	mc_options_init(&opt);
	opt.rules_dir = rules_dir;
	opt.extra_rules = extra;
	opt.nextra_rules = nextra;
	/* every check on: a rule's level is its severity, whether or not it
	 * reports by default ("off" is --list-checks' word for the latter) */
	opt.checks = "all";
	s = mc_session_open(&opt, &err);
	if (!s) {
		mc_error("%s", err);
		free(err);
		return -1;
	}
	mem = open_memstream(&buf, &len);
	if (!mem) {
		mc_session_close(s);
		mc_error("cannot list the checks: %s", strerror(errno));
		return -1;
	}
	mc_list_checks(s, mem);
	fclose(mem);
	mc_session_close(s);
	for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		struct report_rule r;
		if (split_check_line(line, &r))
			VEC_PUSH(rules, r);
	}
	out->v = rules.v;
	out->n = rules.n;
	out->text = buf;
	return 0;
}

void cli_checks_release(struct cli_checks *c)
{
	free(c->v);
	free(c->text);
	memset(c, 0, sizeof(*c));
}
