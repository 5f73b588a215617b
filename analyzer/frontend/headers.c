/*
 * headers.c - static inline functions defined in a driver's own headers.
 *
 * Drivers hide register access behind header inlines (mthca_doorbell.h's
 * mthca_write64(), a GPU driver's RREG32/WREG32 helpers); lowered like the
 * main file's functions, their writes and read-backs reach the callers'
 * summaries.  Only what the file calls, directly or through other header
 * inlines, is lowered, after the main file's functions.
 *
 * A driver header is one that is neither a system header nor under an
 * include directory of the command line with a path component named
 * "include" (the kernel's ./include and ./arch/<arch>/include, their
 * generated/ and uapi/ parts): the inlines of <linux/...> and <asm/...>
 * are the kernel's, whose accessors and locks come from the rules.  A function the
 * rules name is never lowered from its body either.
 */
#include "fe_internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Is `dir` (a -I argument) a kernel include directory? */
static bool is_kernel_include_dir(const char *dir)
{
	size_t n = strlen("include");

	for (const char *p = strstr(dir, "include"); p; p = strstr(p + 1, "include"))
		if ((p == dir || p[-1] == '/') && (p[n] == '\0' || p[n] == '/'))
			return true;
	return false;
}

/*
 * Call add(arg, dir) for each kernel include directory among the compiler
 * arguments (-I, -isystem, -idirafter, -iquote; joined or separate), as
 * written.  The driver-header test and the header cache take the same
 * directories.
 */
void fe_each_kernel_include_dir(const char *const *args, int nargs,
				void (*add)(void *arg, const char *dir), void *arg)
{
	static const char *const opts[] = { "-I", "-isystem", "-idirafter", "-iquote", NULL };

	for (int i = 0; i < nargs; i++)
		for (int k = 0; opts[k]; k++) {
			size_t n = strlen(opts[k]);
			if (strncmp(args[i], opts[k], n))
				continue;
			const char *dir = args[i][n] ? args[i] + n : i + 1 < nargs ? args[++i] : NULL;
			if (dir && is_kernel_include_dir(dir))
				add(arg, dir);
			break;
		}
}

/* fe_each_kernel_include_dir() callback: remember dir's real path. */
static void add_kernel_dir(void *arg, const char *dir)
{
	struct tu_ctx *t = arg;
	char *real = realpath(dir, NULL);

	if (real)
		VEC_PUSH(t->kernel_dirs, real);
}

/* The kernel include directories among the compiler arguments. */
void fe_header_dirs(struct tu_ctx *t, const char *const *args, int nargs)
{
	fe_each_kernel_include_dir(args, nargs, add_kernel_dir, t);
}

/* Is the path under one of the kernel include directories? */
static bool under_kernel_dir(const struct tu_ctx *t, const char *path)
{
	for (size_t i = 0; i < t->kernel_dirs.n; i++) {
		size_t n = strlen(t->kernel_dirs.v[i]);
		if (!strncmp(path, t->kernel_dirs.v[i], n) && path[n] == '/')
			return true;
	}
	return false;
}

/* Is the file holding location `loc` a driver header (cached per file)? */
bool fe_in_driver_header(struct tu_ctx *t, CXSourceLocation loc, CXFile *out)
{
	CXFile file;

	clang_getFileLocation(loc, &file, NULL, NULL, NULL);
	*out = file;
	if (!file || file == t->main_file)
		return false;
	if (file == t->last_header.file)
		return t->last_header.driver;
	for (size_t i = 0; i < t->headers.n; i++)
		if (t->headers.v[i].file == file) {
			t->last_header = t->headers.v[i];
			return t->last_header.driver;
		}
	struct header_file h = { file, 0, false };
	if (!clang_Location_isInSystemHeader(loc)) {
		CXString name = clang_File_tryGetRealPathName(file);
		const char *p = clang_getCString(name);
		char *real = p && *p ? xstrdup(p) : NULL;
		clang_disposeString(name);
		if (!real) {
			name = clang_getFileName(file);
			real = realpath(clang_getCString(name) ? clang_getCString(name) : "", NULL);
			clang_disposeString(name);
		}
		if (real && !under_kernel_dir(t, real)) {
			h.driver = true;
			h.path = strpool_intern(t->u->strings, real);
		}
		free(real);
	}
	VEC_PUSH(t->headers, h);
	t->last_header = h;
	return h.driver;
}

/* A top-level function definition outside the main file: remember it if
 * it is a static function of a driver header the rules do not name. */
void fe_header_function(struct tu_ctx *t, CXCursor c)
{
	CXFile file;

	if (clang_Cursor_getStorageClass(c) != CX_SC_Static ||
	    !fe_in_driver_header(t, clang_getCursorLocation(c), &file))
		return;
	char *name = fe_spelling(c);
	if (rules_lookup(t->fe->rules, name).kind == REF_NONE) {
		struct header_fn h = { strpool_intern(t->u->strings, name), c, t->last_header.path, false };
		VEC_PUSH(t->header_fns, h);
	}
	free(name);
}

static struct header_fn *find_header_fn(struct tu_ctx *t, str_id name)
{
	for (size_t i = 0; i < t->header_fns.n; i++)
		if (t->header_fns.v[i].name == name)
			return &t->header_fns.v[i];
	return NULL;
}

static void lower_header_fn(struct tu_ctx *t, struct header_fn *h)
{
	str_id main = t->cur_file;

	h->lowered = true;
	t->cur_file = h->path;
	fe_lower_function(t, h->cursor);
	t->cur_file = main;
	struct ir_function *fn = t->u->functions.v[t->u->functions.n - 1];
	fn->def_file = h->path;
}

/*
 * Lower the header inlines the unit's functions call, and those they call,
 * until none is left (each function is scanned once: the worklist is the
 * unit's function list itself).
 */
void fe_lower_header_calls(struct tu_ctx *t)
{
	if (!t->header_fns.n)
		return;
	uint64_t start = util_cpu_ns();
	for (size_t i = 0; i < t->u->functions.n; i++) {
		const struct ir_function *fn = t->u->functions.v[i];
		for (size_t k = 0; k < fn->nodes.n; k++) {
			const struct ir_node *n = &fn->nodes.v[k];
			struct header_fn *h;
			if (n->op != IR_CALL || n->indirect || !n->callee)
				continue;
			h = find_header_fn(t, n->callee);
			if (h && !h->lowered)
				lower_header_fn(t, h);
			fn = t->u->functions.v[i];	/* the vector may have moved */
		}
	}
	t->u->header_lower_ns += util_cpu_ns() - start;
}

void fe_headers_free(struct tu_ctx *t)
{
	for (size_t i = 0; i < t->kernel_dirs.n; i++)
		free(t->kernel_dirs.v[i]);
	VEC_FREE(t->kernel_dirs);
	VEC_FREE(t->headers);
	VEC_FREE(t->header_fns);
}
