/*
 * suppress.h - suppressions: inline comments and a suppression file.
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
 *
 * suppress_parse_line() is pure (no I/O, no allocation), so it can be
 * fuzzed on its own.
 */
#ifndef MMIOCHECK_CLI_SUPPRESS_H
#define MMIOCHECK_CLI_SUPPRESS_H

#include <stddef.h>

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
 * needed; a NUL byte ends the line).  1: found, *out filled; 0: none; -1: a comment starts with
 * "mmiocheck:" but is not "mmiocheck: ignore RULE[,RULE...] [reason]"
 * (out->col says where).
 */
int suppress_parse_line(const char *text, size_t len, struct suppression *out);

#endif
