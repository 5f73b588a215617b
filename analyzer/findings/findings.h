/*
 * findings.h - the findings library: what a client does with findings
 * after (or beside) an analysis.  Its interface to clients is the public
 * API (include/mmiocheck/mmiocheck.h: mc_run_*, mc_baseline_*,
 * mc_triage_*, mc_fix_file, mc_db_*); this header is what its files share
 * and what the tests and fuzzers reach directly.
 *
 *   run.c             loading a stored run or a baseline, views, paths
 *   baseline.c        new / fixed / unchanged findings by fingerprint
 *   baseline_json.c   a baseline given as a JSON findings document
 *   suppress_parse.c  "mmiocheck: ignore RULE reason" in a line of C (pure)
 *   suppress.c        suppression files and matching findings to entries
 *   triage.c          suppressions and a baseline applied during an analysis
 *   fixit.c           fix-it deletions as a unified diff or a new file text
 *   db.c              pruning, merging and querying the database
 *
 * Ignore comments and suppression files:
 *
 *   writel_relaxed(v, db);	/ * mmiocheck: ignore MMIO001 doorbell, ordered by the read below * /
 *   // mmiocheck: ignore MMIO001,MMIO006 reason
 *
 * A comment suppresses the findings of the named rules on its own line and
 * on the next line.  A suppression file (--suppress FILE) has one entry
 * per line, '#' starts a comment line:
 *
 *   0123456789abcdef  reason            (a fingerprint)
 *   MMIO001:drivers/x/y.c:fn  reason    (rule:file:function; file as shown)
 */
#ifndef MMIOCHECK_FINDINGS_H
#define MMIOCHECK_FINDINGS_H

#include "mmiocheck/mmiocheck.h"
#include "util/util.h"

#include <stddef.h>

/* ---- suppress_parse.c: pure (no I/O, no allocation), fuzzed on its own ---- */

#define SUPPRESS_MAX_RULES 8

struct suppress_span {
	size_t off, len;	/* into the parsed line */
};

struct suppression {
	size_t col;		/* offset of "mmiocheck:" in the line */
	int nrules;
	struct suppress_span rules[SUPPRESS_MAX_RULES];
	struct suppress_span reason;	/* len 0: no reason given */
};

/*
 * Look for an ignore comment in one source line (text[0..len), no NUL
 * needed; a NUL byte ends the line).  1: found, *out filled; 0: none; -1: a
 * comment starts with "mmiocheck:" but is not
 * "mmiocheck: ignore RULE[,RULE...] [reason]" (out->col says where).
 */
int suppress_parse_line(const char *text, size_t len, struct suppression *out);

/* ---- suppress.c ---- */

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

/* ---- baseline_json.c, run.c ---- */

/* A JSON findings document as a run; -1 with "PATH: reason" in err. */
int baseline_json_load(const char *path, struct mc_run *out, struct strbuf *err);

/* Hand err's text to a public API caller's *err (when err is not NULL). */
void findings_set_error(char **err, struct strbuf *sb);

#endif
