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
 * filled from is (fe_file_hashes_clear()).  A plain list: the two passes
 * of ~900 headers compare about 800,000 pointers, under a millisecond.
 */
#include "fe_internal.h"

#include <stdlib.h>

bool fe_file_hash(struct file_hashes *m, CXFile file, const char *path, uint64_t *hash)
{
	struct file_hash h = { file, 0, false };

	if (!file)
		return hash_header(path, hash);
	for (size_t i = 0; i < m->n; i++)
		if (m->v[i].file == file) {
			*hash = m->v[i].hash;
			return m->v[i].read;
		}
	h.read = hash_header(path, &h.hash);
	VEC_PUSH(*m, h);
	*hash = h.hash;
	return h.read;
}

void fe_file_hashes_clear(struct file_hashes *m)
{
	VEC_FREE(*m);
}
