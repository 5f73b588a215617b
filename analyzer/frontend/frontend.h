/*
 * frontend.h - the only part of mmiocheck that knows libclang.
 *
 * Parses one translation unit (DetailedPreprocessingRecord + KeepGoing, so
 * macro names at call sites are known and a file with errors still yields
 * what parsed; with a header cache, the kernel headers from copies without
 * their function bodies: header_cache.c) and lowers every function body
 * defined in the main file to the event IR.  Calls are classified with rules_lookup(): first by the
 * macro name written at the call site, then by the callee's name.
 */
#ifndef MMIOCHECK_FRONTEND_H
#define MMIOCHECK_FRONTEND_H

#include "../ir/ir.h"
#include "../rules/rules.h"

struct frontend;

/* One frontend per thread (a CXIndex is not thread safe). */
struct frontend *frontend_new(const struct rules *rules);
void frontend_free(struct frontend *fe);
/* Units parsed from now on intern into `strings` (NULL: a pool per unit). */
void frontend_use_strings(struct frontend *fe, struct strpool *strings);

/* What the kernel header cache did, over the frontend's parses. */
struct header_cache_stats {
	size_t used;		/* headers read from a copy without bodies */
	size_t written;		/* copies written */
	size_t reparsed_stale;	/* parses redone after a copy was out of date */
	size_t reparsed_whole;	/* parses with errors redone from the headers */
};
/* Parse kernel headers from copies without function bodies kept in `dir`
 * (header_cache.c); NULL dir: parse them as they are. */
void frontend_use_header_cache(struct frontend *fe, const char *dir);
/* NULL when no cache is used. */
const struct header_cache_stats *frontend_header_cache_stats(const struct frontend *fe);

/*
 * Parse `path` with the given compiler arguments and lower it.  Returns NULL
 * only when libclang produced no translation unit at all (message in err);
 * otherwise the unit, with parse errors listed in unit->errors.  The main
 * file's text is attached to the unit (ir_unit_set_source).
 */
struct ir_unit *frontend_parse(struct frontend *fe, const char *path,
			       const char *const *args, int nargs, struct strbuf *err);

#endif
