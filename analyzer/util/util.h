/*
 * util.h - the small helpers every part of mmiocheck uses: allocation that
 * cannot fail silently, a growable string (strbuf), a growable array (VEC),
 * and a string interner (strpool) so the IR and engine compare names as ints.
 *
 * Modelled on git's strbuf: no fixed-size buffers for paths or messages.
 */
#ifndef MMIOCHECK_UTIL_H
#define MMIOCHECK_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Allocation: abort with a message on out-of-memory, never return NULL. */
void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Print "mmiocheck: <message>" to stderr, as one line: control bytes
 * (a newline would start a new line in a CI log, e.g. a GitHub workflow
 * command "::error ...", an ESC would rewrite the terminal) and bytes that
 * are not UTF-8 are shown as '?', as in the text report.  File names from
 * the analyzed tree end up in these messages.
 */
void mc_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same without the "mmiocheck: " prefix (gcc-style notes); a final
 * newline of fmt is the line's end. */
void mc_eprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));


/*
 * A growable NUL-terminated string.  buf is never NULL after strbuf_init;
 * len excludes the NUL.  strbuf_detach hands the buffer to the caller.
 */
struct strbuf {
	char *buf;
	size_t len;
	size_t cap;
};
#define STRBUF_INIT { NULL, 0, 0 }
void strbuf_init(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
void strbuf_reset(struct strbuf *sb);
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const char *data, size_t n);
void strbuf_adds(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, char c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
char *strbuf_detach(struct strbuf *sb);
/* Append s with control bytes and bytes that are not UTF-8 as '?'. */
void strbuf_add_printable(struct strbuf *sb, const char *s);
/*
 * Read the regular file at path whole (read_file.c), bounded before it is
 * read: a FIFO, device or directory is refused without reading (or waiting
 * for a writer), the size is checked with fstat first and at most cap + 1
 * bytes are ever read.  Returns 0; or -1 with errno set and, when why is
 * not NULL, the reason appended to it: "not a regular file (a FIFO)",
 * "too large for WHAT (N bytes; the limit is M MiB)" (errno EFBIG;
 * `what` may be NULL), or strerror(errno).  Every input read whole goes
 * through it.
 */
#define READ_FILE_DEFAULT_CAP ((size_t)256 << 20)
int read_regular_file(struct strbuf *sb, const char *path, size_t cap, const char *what, struct strbuf *why);
/* "a FIFO", "a character device", ... for a stat st_mode. */
const char *file_type_name(unsigned mode);
/* read_regular_file with the default cap and no reason text. */
int strbuf_read_file(struct strbuf *sb, const char *path);
/* hash_bytes(seed) of the file's text into *hash (the FNV-1a content hash
 * the database and the JSON report document for a main file); false,
 * *hash untouched, when strbuf_read_file cannot read it. */
bool hash_file(const char *path, uint64_t seed, uint64_t *hash);
/* hash_content(HASH_SEED) of an included file's text, as hash_file: every
 * header's hash goes through it, so the frontend and the incremental check
 * agree. */
bool hash_header(const char *path, uint64_t *hash);

/*
 * VEC(T): a growable array of T.  VEC_PUSH may move the storage, so do not
 * keep pointers into a vector across pushes.
 */
#define VEC(T) struct { T *v; size_t n; size_t cap; }
#define VEC_INIT { NULL, 0, 0 }
#define VEC_GROW(vec, need) do { \
	if ((need) > (vec).cap) { \
		size_t vec_newcap_ = (vec).cap ? (vec).cap * 2 : 8; \
		while (vec_newcap_ < (need)) vec_newcap_ *= 2; \
		(vec).v = xrealloc((vec).v, vec_newcap_ * sizeof(*(vec).v)); \
		(vec).cap = vec_newcap_; \
	} } while (0)
#define VEC_PUSH(vec, item) do { VEC_GROW(vec, (vec).n + 1); (vec).v[(vec).n++] = (item); } while (0)
#define VEC_FREE(vec) do { free((vec).v); (vec).v = NULL; (vec).n = (vec).cap = 0; } while (0)
/* Give back the room past n (a vector that is done growing and is kept). */
#define VEC_SHRINK(vec) do { \
	if ((vec).cap > (vec).n && (vec).n) { \
		(vec).v = xrealloc((vec).v, (vec).n * sizeof(*(vec).v)); \
		(vec).cap = (vec).n; \
	} else if (!(vec).n) \
		VEC_FREE(vec); \
	} while (0)

/*
 * strpool: interns strings.  Id 0 is reserved for "no string" and maps to
 * NULL, so a zeroed struct means "absent".  Ids are stable for the pool's
 * lifetime; strpool_str returns storage owned by the pool.
 */
typedef uint32_t str_id;
struct strpool;
struct strpool *strpool_new(void);
void strpool_free(struct strpool *p);
str_id strpool_intern(struct strpool *p, const char *s);
str_id strpool_intern_n(struct strpool *p, const char *s, size_t n);
/* Returns 0 when s was never interned (does not add it). */
str_id strpool_find(const struct strpool *p, const char *s);
const char *strpool_str(const struct strpool *p, str_id id);
size_t strpool_count(const struct strpool *p);
/* Is id among ids[0..n)?  (The small sets of keys the checks keep: a
 * site's locks, a lock set, the files a write's code runs in.) */
bool str_id_in(const str_id *ids, size_t n, str_id id);

/* Length (1..4) of the well-formed UTF-8 sequence at s, with `avail`
 * bytes left, or 0: overlong forms, surrogates and code points above
 * U+10FFFF are not well-formed (RFC 3629). */
size_t utf8_seq_len(const unsigned char *s, size_t avail);

/* 64-bit FNV-1a, used for fingerprints and hash tables. */
uint64_t hash_bytes(const void *data, size_t n, uint64_t seed);
/* A hash of bytes 8 at a step, well mixed in every bit: of a file's
 * content (a kernel file includes ~900 headers, ~10 MB, whose hashes every
 * run records) and of the engine's packed path states. */
uint64_t hash_content(const void *data, size_t n, uint64_t seed);
/* CPU time of this process and of its waited-for children, in ns (phase
 * times: a parse in a child process counts once it is reaped). */
uint64_t util_cpu_ns(void);
#define HASH_SEED 1469598103934665603ULL

#endif
