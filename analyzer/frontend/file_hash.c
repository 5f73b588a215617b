/*
 * file_hash.c - the hash of an included file's text on disk, read once
 * per parse.
 *
 * Two passes over a parse's ~900 included headers hash each one's text as
 * it is on disk: the header cache's check that every copy read was made
 * from its header's present text (header_cache.c), and the list of inputs
 * the incremental check compares (parse.c).  Each read is an open, a
 * stat, a read and a close; the second pass takes the first one's answer
 * instead.  Keyed by clang's CXFile, which names one file for the life of
 * one translation unit: the memo is cleared whenever the unit it was
 * filled from is (fe_file_hashes_clear()).
 */
#include "fe_internal.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>

/* The slot of file: where it is, or the free slot where it goes. */
static struct file_hash *slot_of_file(const struct file_hashes *m, CXFile file)
{
	size_t mask = m->cap - 1;

	assert(m->cap && !(m->cap & mask) && file);
	for (size_t i = (size_t)(((uintptr_t)file >> 4) * 0x9E3779B97F4A7C15ULL) & mask;; i = (i + 1) & mask)
		if (!m->v[i].file || m->v[i].file == file)
			return &m->v[i];
}

/* Double the table (kept at most half full, so a probe ends). */
static void grow(struct file_hashes *m)
{
	struct file_hash *old = m->v;
	size_t old_cap = m->cap;

	m->cap = old_cap ? 2 * old_cap : 1024;
	m->v = xcalloc(m->cap, sizeof(*m->v));
	for (size_t i = 0; i < old_cap; i++)
		if (old[i].file)
			*slot_of_file(m, old[i].file) = old[i];
	free(old);
}

bool fe_file_hash(struct file_hashes *m, CXFile file, const char *path, uint64_t *hash)
{
	if (!file)
		return hash_header(path, hash);
	if (2 * (m->n + 1) > m->cap)
		grow(m);
	struct file_hash *h = slot_of_file(m, file);
	if (!h->file) {
		h->file = file;
		h->read = hash_header(path, &h->hash);
		m->n++;
	}
	*hash = h->hash;
	return h->read;
}

void fe_file_hashes_clear(struct file_hashes *m)
{
	free(m->v);
	m->v = NULL;
	m->n = m->cap = 0;
}
