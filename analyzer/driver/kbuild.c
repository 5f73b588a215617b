/*
 * kbuild.c - Kbuild's checker call: `make C=1 CHECK=mmiocheck` runs
 * `mmiocheck $(CHECKFLAGS) $(c_flags) file.c` for every C file it builds
 * (scripts/Makefile.build, cmd_checksrc), from the top of the object tree.
 */
#include "driver.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool kbuild_is_checker_call(int argc, char **argv)
{
	const char *env = getenv("KBUILD_CHECKSRC");
	bool dashdash = false;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--kbuild"))
			return true;
		dashdash |= !strcmp(argv[i], "--");
	}
	return env && *env && !dashdash && argc > 1;
}

int kbuild_split(int argc, char **argv, kbuild_option_fn is_ours, strvec *ours,
		 strvec *flags, char **source)
{
	*source = NULL;
	if (argc < 2)
		return -1;
	for (int i = 1; i < argc - 1; i++) {
		int values = argv[i][0] == '-' && argv[i][1] == '-' ? is_ours(argv[i]) : -1;
		if (values < 0) {
			VEC_PUSH(*flags, xstrdup(argv[i]));
			continue;
		}
		VEC_PUSH(*ours, xstrdup(argv[i]));
		if (values > 0 && !strchr(argv[i], '=') && i + 1 < argc - 1)
			VEC_PUSH(*ours, xstrdup(argv[++i]));
	}
	if (argv[argc - 1][0] == '-')
		return -1;
	*source = xstrdup(argv[argc - 1]);
	return 0;
}

char *kbuild_default_db(void)
{
	const char *env = getenv("MMIOCHECK_DB"), *ext = getenv("KBUILD_EXTMOD");

	if (env && *env)
		return xstrdup(env);
	if (ext && *ext)
		return xasprintf("%s/mmiocheck.db", ext);
	return xstrdup("mmiocheck.db");
}
