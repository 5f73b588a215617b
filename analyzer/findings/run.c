/*
 * run.c - a stored run or a baseline loaded for a client (mc_run_*):
 * the database reader (store/reader.h) or a JSON findings document, the
 * unsuppressed view the reports and the diff work on, and paths made
 * relative to a source root.
 */
#include "findings.h"
#include "store/reader.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void findings_set_error(char **err, struct strbuf *sb)
{
	if (err)
		*err = xstrdup(sb->buf ? sb->buf : "");
}

int mc_run_load(const char *db, long long run_id, struct mc_run *out, char **err)
{
	struct strbuf why = STRBUF_INIT;
	struct store *st;
	long long id;
	int rc = -1;

	strbuf_init(&why);
	memset(out, 0, sizeof(*out));
	st = store_open_readonly(db, &why);
	if (st) {
		id = store_pick_run(st, run_id, &why);
		rc = id < 0 ? -1 : store_read_run(st, id, out, &why);
		store_close(st);
	}
	if (rc < 0)
		findings_set_error(err, &why);
	strbuf_release(&why);
	return rc;
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

int mc_run_load_baseline(const char *path, long long run_id, struct mc_run *out, char **err)
{
	struct strbuf why = STRBUF_INIT;
	int rc;

	if (!looks_like_json(path))
		return mc_run_load(path, run_id, out, err);
	strbuf_init(&why);
	rc = baseline_json_load(path, out, &why);
	if (rc < 0)
		findings_set_error(err, &why);
	strbuf_release(&why);
	return rc;
}

void mc_run_release(struct mc_run *run)
{
	store_run_release(run);
}

void mc_run_unsuppressed(const struct mc_run *run, struct mc_run_view *out)
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

void mc_run_view_release(struct mc_run_view *v)
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

void mc_run_relativize(struct mc_run *run, const char *root)
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
