/*
 * stored.c - helpers of the verbs that read a stored run (stored.h).
 */
#include "cli.h"
#include "stored.h"
#include "mmiocheck/mmiocheck.h"
#include "util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int stored_load(const char *db, long long run_id, struct stored_run *out)
{
	struct strbuf err = STRBUF_INIT;
	struct store *st;
	long long id;

	strbuf_init(&err);
	memset(out, 0, sizeof(*out));
	st = store_open_readonly(db, &err);
	if (!st)
		goto fail;
	id = store_pick_run(st, run_id, &err);
	if (id < 0 || store_read_run(st, id, out, &err) < 0) {
		store_close(st);
		goto fail;
	}
	store_close(st);
	strbuf_release(&err);
	return 0;
fail:
	mc_error("%s", err.buf);
	strbuf_release(&err);
	return -1;
}

/*
 * Does the file start (after white space) with '{'?  Then it is JSON.  Only
 * a regular file is looked into (a FIFO would block): anything else goes to
 * the database reader, which refuses it.
 */
static bool looks_like_json(const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	struct stat sb;
	FILE *f;
	int ch = EOF;

	if (fd < 0)
		return false;
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode) || !(f = fdopen(fd, "rb"))) {
		close(fd);
		return false;
	}
	while ((ch = fgetc(f)) != EOF && (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'))
		;
	fclose(f);
	return ch == '{';
}

int stored_load_baseline(const char *path, long long run_id, struct stored_run *out)
{
	struct strbuf err = STRBUF_INIT;

	if (!looks_like_json(path))
		return stored_load(path, run_id, out);
	strbuf_init(&err);
	if (baseline_json_load(path, out, &err) < 0) {
		mc_error("%s", err.buf);
		strbuf_release(&err);
		return -1;
	}
	strbuf_release(&err);
	return 0;
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
int stored_rules_load(const char *rules_dir, const char *const *extra, int nextra, struct stored_rules *out)
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

void stored_rules_release(struct stored_rules *r)
{
	free(r->v);
	free(r->text);
	memset(r, 0, sizeof(*r));
}

void stored_view_unsuppressed(const struct stored_run *run, struct stored_view *out)
{
	out->n = run->nresults;
	out->shown = xcalloc(run->nresults ? run->nresults : 1, sizeof(*out->shown));
	for (size_t i = 0; i < run->nresults; i++) {
		const struct mc_result *r = run->results[i];
		struct mc_result *c = xmalloc(sizeof(*c));
		*c = *r;
		c->findings = xcalloc(r->nfindings ? r->nfindings : 1, sizeof(*c->findings));
		c->nfindings = 0;
		for (size_t k = 0; k < r->nfindings; k++)
			if (!run->suppressed || !run->suppressed[i] || !run->suppressed[i][k])
				c->findings[c->nfindings++] = r->findings[k];
		out->shown[i] = c;
	}
}

void stored_view_release(struct stored_view *v)
{
	for (size_t i = 0; i < v->n; i++) {
		free(v->shown[i]->findings);
		free(v->shown[i]);
	}
	free(v->shown);
	memset(v, 0, sizeof(*v));
}

/* Strip "root/" from the front of path (root has no trailing '/'). */
static void strip_root(char *path, const char *root, size_t n)
{
	if (path && n && !strncmp(path, root, n) && path[n] == '/')
		memmove(path, path + n + 1, strlen(path + n + 1) + 1);
}

void stored_run_relativize(struct stored_run *run, const char *root)
{
	char abs[PATH_MAX];
	size_t n;

	if (!root || !realpath(root, abs))
		return;
	n = strlen(abs);
	while (n > 1 && abs[n - 1] == '/')
		abs[--n] = '\0';
	if (n == 1)	/* "/": every absolute path would lose its meaning */
		return;
	for (size_t i = 0; i < run->nresults; i++) {
		struct mc_result *r = run->results[i];
		strip_root(r->path, abs, n);
		for (size_t k = 0; k < r->nerrors; k++)
			strip_root(r->errors[k].file, abs, n);
		for (size_t k = 0; k < r->nfindings; k++) {
			strip_root(r->findings[k].file, abs, n);
			for (size_t t = 0; t < r->findings[k].ntrace; t++)
				strip_root(r->findings[k].trace[t].file, abs, n);
		}
	}
}

bool stored_any_failure(struct mc_result *const *results, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < results[i]->nfindings; k++)
			if (cli_finding_fails(&results[i]->findings[k]))
				return true;
	return false;
}

long long stored_parse_run(const char *arg)
{
	char *end = NULL;
	long long v;

	errno = 0;
	v = strtoll(arg, &end, 10);
	if (!*arg || *end || errno == ERANGE || v < 1) {
		mc_error("bad run id '%s' (a positive number, see runs.id)", arg);
		return -1;
	}
	return v;
}

int stored_usage_error(const char *verb, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "mmiocheck: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (see mmiocheck %s --help)\n", verb);
	return MC_EXIT_ERROR;
}
