/*
 * rules_dir.c - where the rules directory is when no one says.
 *
 * In order: --rules-dir (mc_options.rules_dir), $MMIOCHECK_RULES, then a
 * path relative to the running executable, so an installed tree can be
 * moved as a whole (DESTDIR, a .deb, a relocated prefix):
 *
 *   EXE_DIR/../share/mmiocheck/rules   the installed layout (cmake --install)
 *   EXE_DIR/MMIOCHECK_BUILD_RULES_DIR  only in a build tree (EXE_DIR holds
 *                                      CMakeCache.txt): the source rules/,
 *                                      as a path relative to the build tree
 *
 * No absolute path is compiled in.  The build-tree path is relative and is
 * only followed next to a CMakeCache.txt, which an install never has, so an
 * installed binary never reads the checkout it was built from.
 */
#include "session_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define INSTALLED_RULES "../share/mmiocheck/rules"

/* The directory of the running executable ("" if /proc cannot say). */
static char *exe_dir(void)
{
	char path[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);
	char *slash;

	if (n <= 0)
		return xstrdup("");
	path[n] = '\0';
	slash = strrchr(path, '/');
	return slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup("");
}

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/*
 * The default directory next to the executable: installed, else (in a
 * build tree) the source one, else the installed path anyway so the error
 * names where it was looked for.  Computed once per process.
 */
static const char *exe_relative_rules_dir(void)
{
	static char *dir;
	char *base, *real;

	if (dir)
		return dir;
	base = exe_dir();
	dir = xasprintf("%s/%s", base, INSTALLED_RULES);
#ifdef MMIOCHECK_BUILD_RULES_DIR
	char *cache = xasprintf("%s/CMakeCache.txt", base);
	if (!is_dir(dir) && access(cache, F_OK) == 0) {
		free(dir);
		dir = xasprintf("%s/%s", base, MMIOCHECK_BUILD_RULES_DIR);
	}
	free(cache);
#endif
	free(base);
	/* Messages then name /usr/share/..., not /usr/bin/../share/... */
	real = realpath(dir, NULL);
	if (real) {
		free(dir);
		dir = real;
	}
	return dir;
}

const char *mc_rules_dir(const struct mc_options *opt)
{
	const char *env = getenv("MMIOCHECK_RULES");

	if (opt && opt->rules_dir)
		return opt->rules_dir;
	if (env && *env)
		return env;
	return exe_relative_rules_dir();
}
