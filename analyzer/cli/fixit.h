/*
 * fixit.h - turning fix-its (line ranges to delete: the redundant
 * mmiowb() statements of MMIO003) into a unified diff or an edit of the
 * file, for `mmiocheck fix`.
 *
 * A deletion also takes the comment lines directly above it that only
 * explain the barrier (a comment-only block naming mmiowb, a barrier,
 * ordering or flushing), as the 2019 series did.  A range whose lines hold
 * more than the statement, or whose statement is the body of a brace-less
 * if/else/for/while, is skipped with a note: deleting it would change the
 * code around it.
 */
#ifndef MMIOCHECK_CLI_FIXIT_H
#define MMIOCHECK_CLI_FIXIT_H

#include "util/util.h"

struct fix_range {
	unsigned first, last;	/* 1-based, inclusive */
};

/* One source file and the ranges to delete from it. */
struct fix_file {
	const char *shown;	/* path in the diff (a/SHOWN, b/SHOWN) */
	const char *path;	/* where to read / write it */
	const char *expect_hash;	/* content hash at analysis time, or NULL */
	VEC(struct fix_range) ranges;
};

/*
 * Read the file, check its hash, widen and check the ranges, and append
 * the unified diff (3 lines of context) to diff and the new content to
 * new_text (either may be NULL).  Returns the number of statements
 * removed, or -1 with "PATH: reason" in err (changed since the analysis,
 * unreadable).  Skipped ranges are reported on stderr as notes.
 */
int fixit_file(const struct fix_file *ff, struct strbuf *diff, struct strbuf *new_text, struct strbuf *err);

#endif
