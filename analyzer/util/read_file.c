/*
 * read_file.c - reading an input file whole, bounded before it is read
 * (util.h): only regular files, their size checked with fstat first, and
 * never more than cap + 1 bytes read, so a FIFO, /dev/zero or a file that
 * grows while it is read cannot hang the run or take its memory.
 */
#include "util.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *file_type_name(unsigned mode)
{
	if (S_ISREG(mode))
		return "a regular file";
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	if (S_ISLNK(mode))
		return "a symbolic link";
	return "an unknown kind of file";
}

/* Say that the file holds more than cap bytes (at least size). */
static int too_large(struct strbuf *why, const char *what, unsigned long long size, size_t cap)
{
	if (why)
		strbuf_addf(why, "too large%s%s (%llu bytes; the limit is %zu MiB)", what ? " for " : "",
			    what ? what : "", size, cap >> 20);
	errno = EFBIG;
	return -1;
}

/* Read at most cap + 1 bytes of fd into sb; 0, or -1 with errno set. */
static int read_bounded(int fd, struct strbuf *sb, size_t cap, size_t *got)
{
	*got = 0;
	while (*got <= cap) {
		size_t want = cap + 1 - *got;
		if (want > 65536)
			want = 65536;
		strbuf_grow(sb, want);
		ssize_t n = read(fd, sb->buf + sb->len, want);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		sb->len += (size_t)n;
		sb->buf[sb->len] = '\0';
		*got += (size_t)n;
	}
	return 0;
}

int read_regular_file(struct strbuf *sb, const char *path, size_t cap, const char *what, struct strbuf *why)
{
	struct stat st;
	size_t got;
	int fd, e;

	assert(cap > 0 && cap < SIZE_MAX - 1);
	/* O_NONBLOCK: opening a FIFO must not wait for a writer. */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		goto sys_fail;
	if (fstat(fd, &st) < 0)
		goto sys_fail_close;
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		if (why)
			strbuf_addf(why, "not a regular file (%s)", file_type_name(st.st_mode));
		errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
		return -1;
	}
	if ((unsigned long long)st.st_size > cap) {
		close(fd);
		return too_large(why, what, (unsigned long long)st.st_size, cap);
	}
	if (!sb->buf)
		strbuf_grow(sb, 0);
	if (read_bounded(fd, sb, cap, &got) < 0)
		goto sys_fail_close;
	close(fd);
	if (got > cap)
		return too_large(why, what, (unsigned long long)got, cap);
	return 0;
sys_fail_close:
	e = errno;
	close(fd);
	errno = e;
sys_fail:
	if (why)
		strbuf_adds(why, strerror(errno));
	return -1;
}

int strbuf_read_file(struct strbuf *sb, const char *path)
{
	return read_regular_file(sb, path, READ_FILE_DEFAULT_CAP, NULL, NULL);
}

/* fn(seed) of the file's text into *hash; false, *hash untouched, when
 * it cannot be read. */
static bool hash_read(const char *path, uint64_t (*fn)(const void *, size_t, uint64_t), uint64_t seed,
		      uint64_t *hash)
{
	struct strbuf sb = STRBUF_INIT;
	bool ok = strbuf_read_file(&sb, path) == 0;

	if (ok)
		*hash = fn(sb.buf, sb.len, seed);
	strbuf_release(&sb);
	return ok;
}

bool hash_header(const char *path, uint64_t *hash)
{
	return hash_read(path, hash_content, HASH_SEED, hash);
}

bool hash_file(const char *path, uint64_t seed, uint64_t *hash)
{
	return hash_read(path, hash_bytes, seed, hash);
}
