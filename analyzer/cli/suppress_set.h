/*
 * suppress_set.h - the suppressions of one analyze run: the entries of
 * --suppress files and the ignore comments of each analyzed file, and
 * which finding each one matches (suppress.c).
 */
#ifndef MMIOCHECK_CLI_SUPPRESS_SET_H
#define MMIOCHECK_CLI_SUPPRESS_SET_H

#include "mmiocheck/mmiocheck.h"
#include "suppress.h"
#include "util/util.h"

/* One line of a suppression file: a fingerprint, or rule + file + function. */
struct suppress_entry {
	char *fingerprint;			/* or NULL */
	char *rule, *file, *function;		/* when no fingerprint */
	char *reason;				/* "" when none */
	char *origin;				/* "FILE:LINE" */
	unsigned line;
	unsigned used;				/* findings it suppressed */
};

struct suppress_set {
	VEC(struct suppress_entry) entries;
};

/* The largest --suppress file read. */
#define SUPPRESS_FILE_CAP ((size_t)16 << 20)

/* Add the entries of a suppression file; -1 with "FILE:LINE: reason". */
int suppress_set_load(struct suppress_set *s, const char *path, struct strbuf *err);
void suppress_set_release(struct suppress_set *s);
/* The first entry that matches f, or NULL. */
struct suppress_entry *suppress_set_match(struct suppress_set *s, const struct mc_finding *f);

/* The ignore comments of one source file. */
struct ignore_comment {
	unsigned line, col;
	bool malformed;
	int nrules;
	char *rules[SUPPRESS_MAX_RULES];
	char *reason;				/* "" when none */
	unsigned used;
};

struct source_comments {
	VEC(struct ignore_comment) comments;
};

void source_comments_scan(struct source_comments *sc, const char *text, size_t len);
/* The comment on f's line or the line before naming f's rule, or NULL. */
struct ignore_comment *source_comments_match(struct source_comments *sc, const struct mc_finding *f);
void source_comments_release(struct source_comments *sc);

#endif
