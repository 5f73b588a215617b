/*
 * fuzz_rules.c - libFuzzer harness for the rules loader (analyzer/rules).
 *
 * fuzz-layers: rules util
 *
 * Each input is written to a file and loaded alone into an empty rule set
 * (rules_load_file + rules_finish) and, when it is small, as an extra file
 * on top of the shipped rules/ (rules_load), where it may refer to their kinds
 * and classes and replace their entries.  Besides crashes, leaks and
 * undefined behaviour (ASan/UBSan), the harness checks the loader's
 * promise about bad input: a refusal is a message that names the file and
 * a line ("PATH:LINE: reason") or, for whole-set checks, says
 * "rules: ..."; anything else aborts.
 */
#include "rules/rules.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef MMIOCHECK_RULES_DIR
#define MMIOCHECK_RULES_DIR "rules"
#endif

#define EXTRA_MAX_SIZE 4096

static char input_path[] = "/tmp/mc-fuzz-rules-XXXXXX.json";

/* Write the input to our private file (created on the first call). */
static void write_input(const uint8_t *data, size_t size)
{
	static int fd = -1;

	if (fd < 0) {
		fd = mkstemps(input_path, 5);
		if (fd < 0) {
			perror("mkstemps");
			abort();
		}
	}
	if (ftruncate(fd, 0) < 0 || pwrite(fd, data, size, 0) != (ssize_t)size) {
		perror(input_path);
		abort();
	}
}

/*
 * Abort unless err is "FILE.json:LINE: reason" (our file, or a shipped one
 * the input made inconsistent) or a set-level "rules: reason".
 */
static void check_refusal(const struct strbuf *err)
{
	const char *p = err->buf, *colon = strchr(p, ':');

	if (err->len && !strncmp(p, "rules: ", 7) && p[7])
		return;
	if (colon && colon - p > 5 && !strncmp(colon - 5, ".json", 5) && colon[1] >= '1' && colon[1] <= '9') {
		p = colon + 1;
		while (*p >= '0' && *p <= '9')
			p++;
		if (p[0] == ':' && p[1] == ' ' && p[2])
			return;
	}
	fprintf(stderr, "refusal without file, line and reason: '%s'\n", err->buf);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strbuf err = STRBUF_INIT;
	const char *extra[1] = { input_path };
	struct rules *r;

	write_input(data, size);
	r = rules_new();
	if (rules_load_file(r, input_path, &err) < 0 || rules_finish(r, &err) < 0)
		check_refusal(&err);
	rules_free(r);
	/* On top of the shipped rules: only for small inputs, where the cost
	 * of loading rules/ would otherwise dominate. */
	if (size <= EXTRA_MAX_SIZE) {
		strbuf_reset(&err);
		r = rules_load(MMIOCHECK_RULES_DIR, extra, 1, &err);
		if (!r)
			check_refusal(&err);
		rules_free(r);
	}
	strbuf_release(&err);
	return 0;
}
