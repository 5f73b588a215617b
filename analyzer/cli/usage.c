/*
 * usage.c - the one way a verb reports a usage error, and the shared
 * parsing of a run id and of the stored-run verbs' common options.
 */
#include "cli.h"
#include "util/util.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
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

/* What fix, report and diff read alike (cli.h). */
int cli_stored_run_option(const char *verb, const char *usage, int o, char **argv, const char **db,
			  long long *run)
{
	switch (o) {
	case CLI_OPT_DB:
		*db = optarg;
		return -1;
	case CLI_OPT_RUN:
		return (*run = cli_parse_run(optarg)) < 0 ? MC_EXIT_ERROR : -1;
	case 'h':
		fputs(usage, stdout);
		return MC_EXIT_CLEAN;
	case ':':
		return cli_usage_error(verb, "option '%s' needs an argument", argv[optind - 1]);
	default:
		return cli_usage_error(verb, "unknown option '%s'", argv[optind - 1]);
	}
}
