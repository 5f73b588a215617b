/*
 * out_file.c - report files written through a temporary file, never
 * through a symbolic link (out_file.h).
 */
#include "out_file.h"
#include "util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define OUT_TMP_TRIES 100

/*
 * Why openat(dir, name) of a directory component failed: a symbolic link,
 * not a directory, or the system's reason.  `shown` is the path as given
 * up to and including that component.
 */
static void component_failure(int dir, const char *name, const char *shown, int err, struct strbuf *why)
{
	struct stat sb;

	if ((err == ELOOP || err == ENOTDIR) && fstatat(dir, name, &sb, AT_SYMLINK_NOFOLLOW) == 0) {
		if (S_ISLNK(sb.st_mode))
			strbuf_addf(why, "%s is a symbolic link; refusing to write through it", shown);
		else
			strbuf_addf(why, "%s is not a directory", shown);
		return;
	}
	strbuf_addf(why, "%s: %s", shown, strerror(err));
}

/*
 * Open the directory part of path (everything before the last '/'), one
 * component at a time with O_NOFOLLOW, so no component may be a symbolic
 * link.  Returns the directory fd, or -1 with the reason in why.
 */
static int open_parent(const char *path, struct strbuf *why)
{
	const char *slash = strrchr(path, '/');
	int fd = open(path[0] == '/' ? "/" : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0) {
		strbuf_addf(why, "%s", strerror(errno));
		return -1;
	}
	for (const char *p = path; slash && p < slash;) {
		const char *end = memchr(p, '/', (size_t)(slash - p) + 1);
		size_t n = (size_t)(end - p);
		if (n == 0 || (n == 1 && p[0] == '.')) {
			p = end + 1;
			continue;
		}
		char *name = xstrndup(p, n);
		int next = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (next < 0) {
			char *shown = xstrndup(path, (size_t)(end - path));
			component_failure(fd, name, shown, errno, why);
			free(shown);
			free(name);
			close(fd);
			return -1;
		}
		free(name);
		close(fd);
		fd = next;
		p = end + 1;
	}
	return fd;
}

/* May o->name in o->dirfd be replaced?  Missing or a regular file: yes. */
static int check_target(const struct out_file *o, struct strbuf *why)
{
	struct stat sb;

	if (!*o->name || !strcmp(o->name, ".") || !strcmp(o->name, "..")) {
		strbuf_adds(why, "is a directory");
		return -1;
	}
	if (fstatat(o->dirfd, o->name, &sb, AT_SYMLINK_NOFOLLOW) < 0) {
		if (errno == ENOENT)
			return 0;
		strbuf_adds(why, strerror(errno));
		return -1;
	}
	if (S_ISLNK(sb.st_mode))
		strbuf_adds(why, "is a symbolic link; refusing to write through it");
	else if (S_ISDIR(sb.st_mode))
		strbuf_adds(why, "is a directory");
	else if (!S_ISREG(sb.st_mode))
		strbuf_adds(why, "not a regular file");
	else
		return 0;
	return -1;
}

/* Create "NAME.tmp.PID.N" in the directory, exclusively, never through a link. */
static int create_tmp(struct out_file *o, struct strbuf *why)
{
	for (int n = 0; n < OUT_TMP_TRIES; n++) {
		o->tmp = xasprintf("%s.tmp.%ld.%d", o->name, (long)getpid(), n);
		int fd = openat(o->dirfd, o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (fd >= 0)
			return fd;
		free(o->tmp);
		o->tmp = NULL;
		if (errno != EEXIST) {
			strbuf_addf(why, "cannot create a temporary file next to it: %s", strerror(errno));
			return -1;
		}
	}
	strbuf_adds(why, "cannot create a temporary file next to it: too many exist");
	return -1;
}

/* Free what out_open allocated and close the directory. */
static void out_release(struct out_file *o)
{
	if (o->dirfd >= 0)
		close(o->dirfd);
	free(o->path);
	free(o->name);
	free(o->tmp);
	memset(o, 0, sizeof(*o));
	o->dirfd = -1;
}

int out_open(struct out_file *o, const char *path)
{
	struct strbuf why = STRBUF_INIT;
	const char *slash;
	int fd = -1;

	memset(o, 0, sizeof(*o));
	o->dirfd = -1;
	if (!path || !strcmp(path, "-")) {
		o->f = stdout;
		return 0;
	}
	strbuf_init(&why);
	o->path = xstrdup(path);
	slash = strrchr(path, '/');
	o->name = xstrdup(slash ? slash + 1 : path);
	if (!*path) {
		strbuf_adds(&why, "empty file name");
		goto fail;
	}
	if ((o->dirfd = open_parent(path, &why)) < 0 || check_target(o, &why) < 0 ||
	    (fd = create_tmp(o, &why)) < 0)
		goto fail;
	o->f = fdopen(fd, "w");
	if (!o->f) {
		strbuf_addf(&why, "%s", strerror(errno));
		close(fd);
		unlinkat(o->dirfd, o->tmp, 0);
		goto fail;
	}
	strbuf_release(&why);
	return 0;
fail:
	mc_error("%s: %s", path, why.buf);
	strbuf_release(&why);
	out_release(o);
	return -1;
}

int out_close(struct out_file *o, bool ok)
{
	int rc = 0;

	if (o->f == stdout) {
		if (fflush(stdout) == EOF || ferror(stdout)) {
			mc_error("cannot write the report to standard output: %s", strerror(errno));
			rc = -1;
		}
		return ok ? rc : -1;
	}
	if (fclose(o->f) == EOF && ok) {
		mc_error("%s: cannot write: %s", o->path, strerror(errno));
		ok = false;
	}
	if (ok && renameat(o->dirfd, o->tmp, o->dirfd, o->name) < 0) {
		mc_error("%s: cannot write: %s", o->path, strerror(errno));
		ok = false;
	}
	if (!ok) {
		unlinkat(o->dirfd, o->tmp, 0);
		rc = -1;
	}
	out_release(o);
	return rc;
}
