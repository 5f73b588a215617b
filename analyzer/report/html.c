/*
 * html.c - the HTML report (placeholder until it is built).
 */
#include "report_int.h"

int report_html(FILE *out, const struct mc_result *const *results, size_t n,
		const struct report_ci *ci, const char *source_dir)
{
	(void)out, (void)results, (void)n, (void)ci, (void)source_dir;
	mc_error("the html format is not built yet");
	return -1;
}
