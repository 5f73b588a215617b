/*
 * usage.c - the one way a verb reports a usage error, and the shared
 * parsing of a run id.
 */
#include "cli.h"
#include "util/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>

int cli_usage_error(const char *verb, const char *fmt, ...)
{
	struct strbuf msg = STRBUF_INIT;
	va_list ap;

	strbuf_init(&msg);
	va_start(ap, fmt);
	strbuf_vaddf(&msg, fmt, ap);
	va_end(ap);
	/* mc_error prints the line with strbuf_add_printable. */
	if (verb)
		mc_error("%s: %s (see mmiocheck %s --help)", verb, msg.buf, verb);
	else
		mc_error("%s (see mmiocheck --help)", msg.buf);
	strbuf_release(&msg);
	return MC_EXIT_ERROR;
}

long long cli_parse_run(const char *arg)
{
	char *end = NULL;
	long long v;

	errno = 0;
	v = strtoll(arg, &end, 10);
	if (!*arg || *end || errno == ERANGE || v < 1) {
		mc_error("bad run id '%s' (a positive number, see runs.id)", arg);
		return -1;
	}
	return v;
}
