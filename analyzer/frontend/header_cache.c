/*
 * header_cache.c - kernel headers parsed without their function bodies.
 *
 * The bodies of the kernel headers' inline functions are a third of a
 * driver file's parse and nothing the analysis reads (strip_bodies.h).
 * The cache keeps, for each kernel include directory of the command line,
 * a directory of copies of its headers with those bodies emptied, and
 * hands clang a virtual file system overlay (-ivfsoverlay) that remaps the
 * include directory onto the copies, falling through to the real file for
 * a header not copied yet.  Clang still reports every location under the
 * real path.
 *
 * A copy is trusted only after the parse: each copy ends in a comment
 * holding the hash of the text it was made from, and every header the
 * parse included is checked against it (header_cache_check).  A header
 * read for the first time is copied then; a stale copy is rewritten and
 * the file parsed again.  A parse with any error is redone without the
 * overlay, so an emptied block that was not a function body (strip_bodies.h)
 * can cost time but never a finding; the headers the errors are in are
 * copied whole from then on.  Copies are written under a temporary name and
 * renamed, so `make -j` siblings read one whole copy or the other.
 */
#include "fe_internal.h"
#include "strip_bodies.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Bump when strip_function_bodies() changes what it empties. */
#define CACHE_VERSION 2
#define TRAILER_FMT "\n/* mmiocheck header cache %d %016llx %c */\n"
#define TRAILER_MAX 64

/* A kernel include directory and the directory of its copies. */
struct cache_root {
	char *dir;		/* absolute, as clang looks files up */
	char *copies;
};

/* A header with no body to empty, as its text was: read from itself, no
 * copy needed. */
struct plain_header {
	uint64_t path_hash, text_hash;
};

struct header_cache {
	char *dir;
	VEC(struct plain_header) plain;	/* the plain index, as read and added to */
	bool plain_read;
	struct strbuf plain_new;	/* lines to append at the end of a check */
	VEC(const char *) keep;		/* what a kept one-return body may call */
	uint64_t keep_hash;		/* of keep: part of each copies directory */
	struct strip_keep strip_keep;
	VEC(struct cache_root) roots;	/* of the last overlay */
	char *overlay;			/* its -ivfsoverlay file */
	bool unwritable;		/* a write failed: parse whole from now on */
	struct header_cache_stats stats;
};

static char *canonical_path(const char *path);

/* Names container_of wrappers call (lockid.c reads their bodies). */
static const char *const container_calls[] = { "container_of", "container_of_const", NULL };

/*
 * The directory is made absolute now: -p workers change directory.  The
 * calls a one-return body may make and stay whole come from the rules (the
 * pure functions), so copies made under other rules go to other
 * directories.
 */
struct header_cache *header_cache_new(const char *dir, const struct rules *rules)
{
	struct header_cache *hc = xcalloc(1, sizeof(*hc));
	struct strbuf key = STRBUF_INIT;

	hc->dir = canonical_path(dir);
	if (!hc->dir)
		hc->dir = xstrdup(dir);
	for (size_t i = 0; container_calls[i]; i++)
		VEC_PUSH(hc->keep, container_calls[i]);
	for (size_t i = 0; i < rules->pure_functions.n; i++)
		VEC_PUSH(hc->keep, rules->pure_functions.v[i]);
	for (size_t i = 0; i < hc->keep.n; i++)
		strbuf_addf(&key, "%s\n", hc->keep.v[i]);
	hc->keep_hash = hash_bytes(key.buf, key.len, HASH_SEED);
	hc->strip_keep.names = hc->keep.v;
	hc->strip_keep.n = hc->keep.n;
	strbuf_release(&key);
	return hc;
}

static void clear_roots(struct header_cache *hc)
{
	for (size_t i = 0; i < hc->roots.n; i++) {
		free(hc->roots.v[i].dir);
		free(hc->roots.v[i].copies);
	}
	hc->roots.n = 0;
	free(hc->overlay);
	hc->overlay = NULL;
}

void header_cache_free(struct header_cache *hc)
{
	if (!hc)
		return;
	clear_roots(hc);
	VEC_FREE(hc->roots);
	VEC_FREE(hc->keep);
	VEC_FREE(hc->plain);
	strbuf_release(&hc->plain_new);
	free(hc->dir);
	free(hc);
}

const struct header_cache_stats *header_cache_stats(const struct header_cache *hc)
{
	return &hc->stats;
}

/*
 * path made absolute against the working directory, with "." and ".."
 * components and repeated slashes removed, as the overlay file system
 * canonicalizes the paths it looks up.  NULL if the working directory is
 * unknown.
 */
static char *canonical_path(const char *path)
{
	char cwd[PATH_MAX];
	struct strbuf in = STRBUF_INIT, out = STRBUF_INIT;

	if (path[0] != '/') {
		if (!getcwd(cwd, sizeof(cwd)))
			return NULL;
		strbuf_addf(&in, "%s/", cwd);
	}
	strbuf_adds(&in, path);
	for (const char *p = in.buf; *p;) {
		const char *end = strchr(p, '/');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len == 2 && !memcmp(p, "..", 2)) {
			while (out.len && out.buf[out.len - 1] != '/')
				out.len--;
			if (out.len)
				out.len--;
			out.buf[out.len] = '\0';
		} else if (len && !(len == 1 && *p == '.')) {
			strbuf_addch(&out, '/');
			strbuf_add(&out, p, len);
		}
		p += len + (end != NULL);
	}
	if (!out.len)
		strbuf_addch(&out, '/');
	strbuf_release(&in);
	return strbuf_detach(&out);
}

/* The root path lies under, or NULL. */
static const struct cache_root *root_of(const struct header_cache *hc, const char *path)
{
	for (size_t i = 0; i < hc->roots.n; i++) {
		size_t n = strlen(hc->roots.v[i].dir);
		if (!strncmp(path, hc->roots.v[i].dir, n) && path[n] == '/')
			return &hc->roots.v[i];
	}
	return NULL;
}

/* Add dir unless it lies inside a root already there; drop the roots that
 * lie inside it.  Nested remaps would give one header two copies. */
static void add_root(struct header_cache *hc, char *dir)
{
	size_t n = strlen(dir);

	if (root_of(hc, dir) || (n == 1 && dir[0] == '/')) {
		free(dir);
		return;
	}
	for (size_t i = 0; i < hc->roots.n;)
		if (!strncmp(hc->roots.v[i].dir, dir, n) && hc->roots.v[i].dir[n] == '/') {
			free(hc->roots.v[i].dir);
			hc->roots.v[i] = hc->roots.v[--hc->roots.n];
		} else if (!strcmp(hc->roots.v[i].dir, dir)) {
			free(dir);
			return;
		} else {
			i++;
		}
	struct cache_root r = { dir, NULL };
	VEC_PUSH(hc->roots, r);
}

static int cmp_root(const void *a, const void *b)
{
	return strcmp(((const struct cache_root *)a)->dir, ((const struct cache_root *)b)->dir);
}

/* A JSON string (the overlay file is YAML, which reads JSON). */
static void add_json_string(struct strbuf *sb, const char *s)
{
	strbuf_addch(sb, '"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			strbuf_addch(sb, '\\');
		strbuf_addch(sb, *s);
	}
	strbuf_addch(sb, '"');
}

/* mkdir -p of path's parent directory. */
static bool make_parents(const char *path)
{
	char *copy = xstrdup(path);
	bool ok = true;

	for (char *p = copy + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		if (mkdir(copy, 0777) < 0 && errno != EEXIST)
			ok = false;
		*p = '/';
	}
	free(copy);
	return ok;
}

/* Open tmp as a new file, never through a symbolic link planted there;
 * one left by a crashed process of the same id is removed first. */
static int open_new(const char *tmp)
{
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0666);

	if (fd < 0 && errno == EEXIST && unlink(tmp) == 0)
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0666);
	return fd;
}

/* Create the temporary file for path, making its directories the first
 * time one is missing (most copies go where others went). */
static int create_temporary(const char *path, const char *tmp)
{
	int fd = open_new(tmp);

	if (fd < 0 && errno == ENOENT && make_parents(path))
		fd = open_new(tmp);
	return fd;
}

/* Write text to path under a temporary name and rename it into place. */
static bool write_atomically(struct header_cache *hc, const char *path, const char *text, size_t len)
{
	char *tmp = xasprintf("%s.tmp%ld", path, (long)getpid());
	int fd = create_temporary(path, tmp);
	bool ok = fd >= 0;

	for (size_t done = 0; ok && done < len;) {
		ssize_t w = write(fd, text + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		ok = w > 0;
		done += w > 0 ? (size_t)w : 0;
	}
	if (fd >= 0 && close(fd) < 0)
		ok = false;
	if (ok && rename(tmp, path) < 0)
		ok = false;
	if (!ok) {
		if (fd >= 0)
			unlink(tmp);
		hc->unwritable = true;
	}
	free(tmp);
	return ok;
}

/* The overlay that remaps every root onto its copies, written once per
 * set of roots. */
static bool write_overlay(struct header_cache *hc)
{
	struct strbuf yaml = STRBUF_INIT;
	struct stat st;
	bool ok = true;

	strbuf_adds(&yaml, "{\"version\": 0, \"use-external-names\": false,\n"
		    " \"redirecting-with\": \"fallthrough\", \"roots\": [\n");
	for (size_t i = 0; i < hc->roots.n; i++) {
		strbuf_adds(&yaml, i ? ",\n  {\"type\": \"directory-remap\", \"name\": " :
			    "  {\"type\": \"directory-remap\", \"name\": ");
		add_json_string(&yaml, hc->roots.v[i].dir);
		strbuf_adds(&yaml, ", \"external-contents\": ");
		add_json_string(&yaml, hc->roots.v[i].copies);
		strbuf_adds(&yaml, "}");
	}
	strbuf_adds(&yaml, "]}\n");
	uint64_t h = hash_bytes(yaml.buf, yaml.len, HASH_SEED);
	hc->overlay = xasprintf("%s/overlay-%016llx.yaml", hc->dir, (unsigned long long)h);
	if (stat(hc->overlay, &st) < 0)
		ok = write_atomically(hc, hc->overlay, yaml.buf, yaml.len);
	strbuf_release(&yaml);
	return ok;
}

/* fe_each_kernel_include_dir() callback: a root at dir, made canonical. */
static void add_root_at(void *arg, const char *dir)
{
	char *abs = canonical_path(dir);

	if (abs)
		add_root(arg, abs);
}

const char *header_cache_overlay(struct header_cache *hc, const char *const *args, int nargs)
{
	clear_roots(hc);
	if (hc->unwritable)
		return NULL;
	fe_each_kernel_include_dir(args, nargs, add_root_at, hc);
	if (!hc->roots.n)
		return NULL;
	qsort(hc->roots.v, hc->roots.n, sizeof(hc->roots.v[0]), cmp_root);
	for (size_t i = 0; i < hc->roots.n; i++) {
		uint64_t h = hash_bytes(hc->roots.v[i].dir, strlen(hc->roots.v[i].dir), hc->keep_hash);
		hc->roots.v[i].copies = xasprintf("%s/%016llx", hc->dir, (unsigned long long)h);
	}
	return write_overlay(hc) ? hc->overlay : NULL;
}

/* The copy that stands for clang's file, with *path set to the file's
 * canonical path; NULL (and *path NULL) when it lies under no root. */
static char *copy_of(const struct header_cache *hc, CXFile file, char **path)
{
	CXString name = clang_getFileName(file);
	const struct cache_root *r;

	*path = clang_getCString(name) ? canonical_path(clang_getCString(name)) : NULL;
	clang_disposeString(name);
	r = *path ? root_of(hc, *path) : NULL;
	if (!r) {
		free(*path);
		*path = NULL;
		return NULL;
	}
	return xasprintf("%s%s", r->copies, *path + strlen(r->dir));
}

/* The hash and kind ('s' stripped, 'w' whole) a copy was made with; false
 * when there is no copy or it is not one this version wrote. */
static bool read_trailer(const char *copy, uint64_t *hash, char *kind)
{
	char tail[TRAILER_MAX + 1];
	struct stat st;
	int fd = open(copy, O_RDONLY);
	ssize_t n = -1;

	if (fd < 0)
		return false;
	if (fstat(fd, &st) == 0) {
		off_t at = st.st_size > TRAILER_MAX ? st.st_size - TRAILER_MAX : 0;
		n = pread(fd, tail, TRAILER_MAX, at);
	}
	close(fd);
	if (n <= 0)
		return false;
	tail[n] = '\0';
	const char *t = strstr(tail, "/* mmiocheck header cache ");
	int version;
	unsigned long long h;
	if (!t || sscanf(t, "/* mmiocheck header cache %d %llx %c */", &version, &h, kind) != 3)
		return false;
	*hash = h;
	return version == CACHE_VERSION && (*kind == 's' || *kind == 'w');
}

/* The plain index: one line "PATH-HASH TEXT-HASH" per header found to
 * have no body to empty, appended to by every process; a line cut short
 * by a crash does not parse and is ignored. */
static char *plain_index_path(const struct header_cache *hc)
{
	return xasprintf("%s/plain-%016llx", hc->dir, (unsigned long long)hc->keep_hash);
}

static void read_plain_index(struct header_cache *hc)
{
	struct strbuf text = STRBUF_INIT;
	char *path = plain_index_path(hc);

	hc->plain_read = true;
	if (strbuf_read_file(&text, path) == 0)
		for (char *line = text.buf, *nl; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
			unsigned long long ph, th;
			*nl = '\0';
			if (sscanf(line, "%16llx %16llx", &ph, &th) == 2) {
				struct plain_header p = { ph, th };
				VEC_PUSH(hc->plain, p);
			}
		}
	strbuf_release(&text);
	free(path);
}

/* Was path, with text of hash text_hash, found to have no body to empty?
 * The last line for a path is the one that counts. */
static bool known_plain(struct header_cache *hc, const char *path, uint64_t text_hash)
{
	uint64_t ph = hash_bytes(path, strlen(path), HASH_SEED);

	if (!hc->plain_read)
		read_plain_index(hc);
	for (size_t i = hc->plain.n; i-- > 0;)
		if (hc->plain.v[i].path_hash == ph)
			return hc->plain.v[i].text_hash == text_hash;
	return false;
}

static void add_plain(struct header_cache *hc, const char *path, uint64_t text_hash)
{
	struct plain_header p = { hash_bytes(path, strlen(path), HASH_SEED), text_hash };

	VEC_PUSH(hc->plain, p);
	strbuf_addf(&hc->plain_new, "%016llx %016llx\n", (unsigned long long)p.path_hash,
		    (unsigned long long)text_hash);
}

/* Append the lines of this check to the plain index in one write, so the
 * lines of `make -j` siblings do not mix. */
static void flush_plain_index(struct header_cache *hc)
{
	char *path = plain_index_path(hc);
	int fd = hc->plain_new.len ? open(path, O_WRONLY | O_CREAT | O_APPEND, 0666) : -1;

	if (fd >= 0) {
		if (write(fd, hc->plain_new.buf, hc->plain_new.len) != (ssize_t)hc->plain_new.len)
			hc->unwritable = true;
		close(fd);
	}
	strbuf_reset(&hc->plain_new);
	free(path);
}

/*
 * Write the copy of header path: its bodies emptied unless whole.  A header
 * with no body to empty gets no copy (clang reads it from itself) when
 * `plain_ok`, only a line in the plain index: creating the copies is most of
 * what a first parse through the cache costs (tg3.c: 816 headers, 459 with
 * nothing to empty).
 */
static void write_copy(struct header_cache *hc, const char *path, const char *copy, bool whole, bool plain_ok)
{
	struct strbuf text = STRBUF_INIT, out = STRBUF_INIT;
	size_t emptied = 0;

	if (hc->unwritable || strbuf_read_file(&text, path) < 0) {
		strbuf_release(&text);
		return;
	}
	uint64_t text_hash = hash_content(text.buf, text.len, HASH_SEED);
	if (whole)
		strbuf_add(&out, text.buf, text.len);
	else
		emptied = strip_function_bodies(text.buf, text.len, &hc->strip_keep, &out);
	if (!whole && !emptied && plain_ok) {
		add_plain(hc, path, text_hash);
	} else {
		strbuf_addf(&out, TRAILER_FMT, CACHE_VERSION, (unsigned long long)text_hash, whole ? 'w' : 's');
		if (write_atomically(hc, copy, out.buf, out.len))
			hc->stats.written++;
	}
	strbuf_release(&text);
	strbuf_release(&out);
}

struct check_ctx {
	struct header_cache *hc;
	struct file_hashes *hashes;	/* the unit's, for its inputs too */
	bool stale;
	VEC(uint64_t) written;	/* hashes of the paths copied by this check */
};

/* Was path copied by this check (a header included twice)? */
static bool copied_now(const struct check_ctx *c, const char *path)
{
	uint64_t h = hash_bytes(path, strlen(path), HASH_SEED);

	for (size_t i = 0; i < c->written.n; i++)
		if (c->written.v[i] == h)
			return true;
	return false;
}

/* clang_getInclusions visitor: a header under a root has a copy made from
 * its present text, or gets one. */
static void check_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct check_ctx *c = data;
	char *path = NULL, *copy = depth ? copy_of(c->hc, file, &path) : NULL;

	(void)stack;
	if (copy) {
		uint64_t real, made;
		char kind;
		bool have = read_trailer(copy, &made, &kind);
		if (!fe_file_hash(c->hashes, file, path, &real)) {
			if (have) {
				unlink(copy);
				c->stale = true;
			}
		} else if (!have && known_plain(c->hc, path, real)) {
			/* read from the header itself: nothing to empty */
		} else if (!have) {
			write_copy(c->hc, path, copy, false, true);
			VEC_PUSH(c->written, hash_bytes(path, strlen(path), HASH_SEED));
		} else if (copied_now(c, path)) {
			/* read from the header itself */
		} else if (made != real) {
			write_copy(c->hc, path, copy, kind == 'w', false);
			c->stale = true;
		} else {
			c->hc->stats.used++;
		}
	}
	free(copy);
	free(path);
}

/* Copy whole every header under a root that an error is in. */
static bool copy_whole_where_errors(struct header_cache *hc, CXTranslationUnit tu)
{
	unsigned n = clang_getNumDiagnostics(tu);
	bool errors = false;

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			CXFile file;
			char *path, *copy;
			uint64_t real, made;
			char kind;
			errors = true;
			clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL, NULL);
			copy = copy_of(hc, file, &path);
			if (copy && (!read_trailer(copy, &made, &kind) || kind != 'w' ||
				     !hash_header(path, &real) || made != real))
				write_copy(hc, path, copy, true, false);
			free(copy);
			free(path);
		}
		clang_disposeDiagnostic(d);
	}
	return errors;
}

enum header_cache_verdict header_cache_check(struct header_cache *hc, CXTranslationUnit tu,
					    struct file_hashes *hashes)
{
	struct check_ctx c = { hc, hashes, false, VEC_INIT };

	clang_getInclusions(tu, check_inclusion, &c);
	VEC_FREE(c.written);
	flush_plain_index(hc);
	if (copy_whole_where_errors(hc, tu)) {
		hc->stats.reparsed_whole++;
		return HEADER_CACHE_ERRORS;
	}
	if (c.stale)
		hc->stats.reparsed_stale++;
	return c.stale ? HEADER_CACHE_STALE : HEADER_CACHE_VALID;
}
