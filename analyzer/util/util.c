/*
 * util.c - allocation, strbuf, string interning and hashing helpers.
 */
#include "util.h"
#include "guard.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static void out_of_memory(size_t n)
{
	fprintf(stderr, "mmiocheck: out of memory (allocating %zu bytes)\n", n);
	guard_note_out_of_memory();
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		out_of_memory(n);
	return p;
}

void *xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (!p)
		out_of_memory(count * size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		out_of_memory(n);
	return q;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	return strbuf_detach(&sb);
}

void strbuf_add_printable(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t left = strlen(s);

	while (left) {
		size_t n = utf8_seq_len(p, left);
		if (n == 1 && (*p < 0x20 || *p == 0x7f))
			n = 0;
		if (n)
			strbuf_add(sb, (const char *)p, n);
		else
			strbuf_addch(sb, '?');
		n = n ? n : 1;
		p += n;
		left -= n;
	}
}

/* Print the formatted text on stderr as one printable line. */
static void eprint_line(const char *prefix, const char *fmt, va_list ap)
{
	struct strbuf msg = STRBUF_INIT, line = STRBUF_INIT;

	strbuf_vaddf(&msg, fmt, ap);
	if (msg.len && msg.buf[msg.len - 1] == '\n')
		msg.buf[--msg.len] = '\0';
	strbuf_adds(&line, prefix);
	strbuf_add_printable(&line, msg.buf);
	strbuf_addch(&line, '\n');
	fputs(line.buf, stderr);
	strbuf_release(&msg);
	strbuf_release(&line);
}

void mc_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	eprint_line("mmiocheck: ", fmt, ap);
	va_end(ap);
}

void mc_eprintf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	eprint_line("", fmt, ap);
	va_end(ap);
}

/* ---- strbuf ---- */

void strbuf_init(struct strbuf *sb)
{
	sb->buf = NULL;
	sb->len = sb->cap = 0;
	strbuf_grow(sb, 0);
}

void strbuf_release(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

void strbuf_reset(struct strbuf *sb)
{
	if (!sb->buf)
		strbuf_grow(sb, 0);
	sb->len = 0;
	sb->buf[0] = '\0';
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t need = sb->len + extra + 1;

	if (need <= sb->cap && sb->buf)
		return;
	size_t cap = sb->cap ? sb->cap : 64;
	while (cap < need)
		cap *= 2;
	sb->buf = xrealloc(sb->buf, cap);
	if (!sb->cap)
		sb->buf[0] = '\0';
	sb->cap = cap;
}

void strbuf_add(struct strbuf *sb, const char *data, size_t n)
{
	strbuf_grow(sb, n);
	memcpy(sb->buf + sb->len, data, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void strbuf_adds(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, char c)
{
	strbuf_add(sb, &c, 1);
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	strbuf_grow(sb, 64);
	va_copy(cp, ap);
	n = vsnprintf(sb->buf + sb->len, sb->cap - sb->len, fmt, cp);
	va_end(cp);
	if (n < 0)
		return;
	if ((size_t)n >= sb->cap - sb->len) {
		strbuf_grow(sb, (size_t)n);
		va_copy(cp, ap);
		vsnprintf(sb->buf + sb->len, sb->cap - sb->len, fmt, cp);
		va_end(cp);
	}
	sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

char *strbuf_detach(struct strbuf *sb)
{
	char *p;

	if (!sb->buf)
		strbuf_grow(sb, 0);
	p = sb->buf;
	sb->buf = NULL;
	sb->len = sb->cap = 0;
	return p;
}


/* ---- hashing ---- */

uint64_t hash_bytes(const void *data, size_t n, uint64_t seed)
{
	const unsigned char *p = data;
	uint64_t h = seed;

	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 1099511628211ULL;
	}
	return h;
}

uint64_t hash_content(const void *data, size_t n, uint64_t seed)
{
	const unsigned char *p = data;
	uint64_t h = seed, w;

	for (; n >= 8; n -= 8, p += 8) {
		memcpy(&w, p, 8);
		h = (h ^ w) * 0x100000001b3ULL;
		h ^= h >> 29;
	}
	if (n) {
		w = 0;
		memcpy(&w, p, n);
		h = (h ^ w) * 0x100000001b3ULL;
	}
	/* MurmurHash3's fmix64: hash tables index by the low bits, which
	 * the multiplications alone leave depending on low input bits only */
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return h;
}

/* ---- strpool: open addressing over an array of owned strings ---- */

struct strpool {
	VEC(char *) strs;	/* strs.v[0] is NULL: id 0 means "none" */
	uint32_t *slots;	/* 0 = empty, else string id */
	size_t nslots;		/* power of two */
};

struct strpool *strpool_new(void)
{
	struct strpool *p = xcalloc(1, sizeof(*p));

	VEC_PUSH(p->strs, NULL);
	p->nslots = 256;
	p->slots = xcalloc(p->nslots, sizeof(*p->slots));
	return p;
}

void strpool_free(struct strpool *p)
{
	if (!p)
		return;
	for (size_t i = 1; i < p->strs.n; i++)
		free(p->strs.v[i]);
	VEC_FREE(p->strs);
	free(p->slots);
	free(p);
}

static size_t slot_of(const struct strpool *p, const char *s, size_t n)
{
	size_t mask = p->nslots - 1;
	size_t i = (size_t)hash_content(s, n, HASH_SEED) & mask;	/* word at a time */

	for (;;) {
		uint32_t id = p->slots[i];
		if (!id)
			return i;
		const char *t = p->strs.v[id];
		if (strlen(t) == n && !memcmp(t, s, n))
			return i;
		i = (i + 1) & mask;
	}
}

static void rehash(struct strpool *p)
{
	free(p->slots);
	p->nslots *= 2;
	p->slots = xcalloc(p->nslots, sizeof(*p->slots));
	for (size_t id = 1; id < p->strs.n; id++) {
		const char *s = p->strs.v[id];
		p->slots[slot_of(p, s, strlen(s))] = (uint32_t)id;
	}
}

str_id strpool_intern_n(struct strpool *p, const char *s, size_t n)
{
	size_t i = slot_of(p, s, n);

	if (p->slots[i])
		return p->slots[i];
	str_id id = (str_id)p->strs.n;
	VEC_PUSH(p->strs, xstrndup(s, n));
	p->slots[i] = id;
	if (p->strs.n * 2 > p->nslots)
		rehash(p);
	return id;
}

str_id strpool_intern(struct strpool *p, const char *s)
{
	if (!s)
		return 0;
	return strpool_intern_n(p, s, strlen(s));
}

str_id strpool_find(const struct strpool *p, const char *s)
{
	if (!s)
		return 0;
	return p->slots[slot_of(p, s, strlen(s))];
}

const char *strpool_str(const struct strpool *p, str_id id)
{
	if (!id || id >= p->strs.n)
		return NULL;
	return p->strs.v[id];
}

size_t strpool_count(const struct strpool *p)
{
	return p->strs.n - 1;
}

bool str_id_in(const str_id *ids, size_t n, str_id id)
{
	for (size_t i = 0; i < n; i++)
		if (ids[i] == id)
			return true;
	return false;
}

size_t utf8_seq_len(const unsigned char *s, size_t avail)
{
	size_t len;
	unsigned cp;

	if (!avail)
		return 0;
	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (len > avail)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return len;
}

uint64_t util_cpu_ns(void)
{
	struct timespec ts;
	struct rusage ru;
	uint64_t ns;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	if (getrusage(RUSAGE_CHILDREN, &ru) == 0)
		ns += (uint64_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000u +
		      (uint64_t)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000u;
	return ns;
}
