/*
 * strip_bodies.h - a kernel header's text with its function bodies empty.
 *
 * Half of what clang spends on a driver file goes to the bodies of the
 * kernel headers' inline functions (tg3.c: 0.27 of 0.66 s), and the
 * analysis never reads them: the rules name the kernel's accessors and
 * locks.  header_cache.c keeps a copy of each kernel header with those
 * bodies emptied, and clang reads the copy.  No libclang here: this is
 * text in, text out.
 */
#ifndef MMIOCHECK_STRIP_BODIES_H
#define MMIOCHECK_STRIP_BODIES_H

#include <stddef.h>

#include "../util/util.h"

/* What an emptied body holds: a non-void function then has no missing
 * return for -Werror=return-type to refuse. */
#define STRIP_BODY_STUB "__builtin_unreachable();"

/* The calls a one-return body the frontend may read can make (a pure
 * predicate calls test_bit(); a container_of wrapper container_of()). */
struct strip_keep {
	const char *const *names;
	size_t n;
};

/*
 * Append to out the text of src with every function body it can tell
 * apart lexically replaced by STRIP_BODY_STUB; returns how many it
 * replaced.  A body is the brace block that follows `)` at file scope in a
 * declaration with no `=`.  It is kept when a preprocessor line is inside
 * it (its braces may not balance), when it is shorter than the stub, and
 * when it starts with `return` and calls nothing but the names in keep and
 * macros in capitals: the frontend reads such one-return helpers of any
 * header (purecall.c's pure predicates, lockid.c's container_of wrappers),
 * and one that calls anything else is neither.  Every line keeps its
 * number, and the text after a body's closing brace keeps its column.
 * Anything else that follows `) {` (a compound literal) is a syntax error
 * once emptied, which the cache notices and undoes (header_cache.c).
 */
size_t strip_function_bodies(const char *src, size_t n, const struct strip_keep *keep, struct strbuf *out);

#endif
