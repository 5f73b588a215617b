/*
 * out_file.c - report files written through a temporary file, never
 * through a symbolic link (out_file.h).
 */
#include "out_file.h"
#include "util/util.h"

#include <assert.h>
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
	free(o->backup);
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

/* Give the temporary file fd the mode (and, if allowed, owner) of st. */
static int copy_mode(int fd, const struct stat *st, struct strbuf *why)
{
	if (fchmod(fd, st->st_mode & 07777) < 0) {
		strbuf_addf(why, "cannot keep its mode on the new file: %s", strerror(errno));
		return -1;
	}
	/* Only root may give a file away; anyone else keeps owning what they write. */
	if ((st->st_uid != geteuid() || st->st_gid != getegid()) && fchown(fd, st->st_uid, st->st_gid) < 0 &&
	    geteuid() == 0) {
		strbuf_addf(why, "cannot keep its owner on the new file: %s", strerror(errno));
		return -1;
	}
	return 0;
}

int out_open_replace(struct out_file *o, const char *path)
{
	struct strbuf why = STRBUF_INIT;
	char *real = realpath(path, NULL);
	struct stat st;
	int fd = -1;

	memset(o, 0, sizeof(*o));
	o->dirfd = -1;
	strbuf_init(&why);
	if (!real) {
		mc_error("%s: %s", path, strerror(errno));
		strbuf_release(&why);
		return -1;
	}
	o->path = xstrdup(path);
	o->name = xstrdup(strrchr(real, '/') + 1);
	if ((o->dirfd = open_parent(real, &why)) < 0)
		goto fail;
	if (fstatat(o->dirfd, o->name, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode)) {
		strbuf_addf(&why, "%s changed while it was opened, or is not a regular file", real);
		goto fail;
	}
	if ((fd = create_tmp(o, &why)) < 0)
		goto fail;
	if (copy_mode(fd, &st, &why) < 0 || !(o->f = fdopen(fd, "w"))) {
		if (!why.len)
			strbuf_adds(&why, strerror(errno));
		close(fd);
		unlinkat(o->dirfd, o->tmp, 0);
		goto fail;
	}
	free(real);
	strbuf_release(&why);
	return 0;
fail:
	mc_error("%s: %s", path, why.buf);
	free(real);
	strbuf_release(&why);
	out_release(o);
	return -1;
}

int out_finish(struct out_file *o)
{
	int bad = ferror(o->f) || fflush(o->f) == EOF || fsync(fileno(o->f)) < 0;
	int e = errno;

	if (fclose(o->f) == EOF && !bad) {
		bad = 1;
		e = errno;
	}
	o->f = NULL;
	if (bad)
		mc_error("%s: cannot write: %s", o->path, strerror(e ? e : EIO));
	return bad ? -1 : 0;
}

/* Link the file about to be replaced to "NAME.orig.PID.N" (never overwrites). */
static int link_backup(struct out_file *o)
{
	for (int n = 0; n < OUT_TMP_TRIES; n++) {
		o->backup = xasprintf("%s.orig.%ld.%d", o->name, (long)getpid(), n);
		if (linkat(o->dirfd, o->name, o->dirfd, o->backup, 0) == 0)
			return 0;
		free(o->backup);
		o->backup = NULL;
		if (errno != EEXIST)
			break;
	}
	mc_error("%s: cannot keep a copy of it while replacing it: %s", o->path, strerror(errno));
	return -1;
}

int out_commit(struct out_file *o)
{
	assert(!o->f && o->tmp && !o->backup);
	if (link_backup(o) < 0)
		return -1;
	if (renameat(o->dirfd, o->tmp, o->dirfd, o->name) < 0) {
		mc_error("%s: cannot write: %s", o->path, strerror(errno));
		unlinkat(o->dirfd, o->backup, 0);
		free(o->backup);
		o->backup = NULL;
		return -1;
	}
	free(o->tmp);
	o->tmp = NULL;
	return 0;
}

int out_rollback(struct out_file *o)
{
	assert(o->backup);
	if (renameat(o->dirfd, o->backup, o->dirfd, o->name) < 0) {
		mc_error("%s: cannot restore it (its old content is in %s): %s", o->path, o->backup, strerror(errno));
		return -1;
	}
	free(o->backup);
	o->backup = NULL;
	return 0;
}

void out_end(struct out_file *o)
{
	if (o->f)
		fclose(o->f);
	if (o->tmp)
		unlinkat(o->dirfd, o->tmp, 0);
	if (o->backup)
		unlinkat(o->dirfd, o->backup, 0);
	out_release(o);
}
