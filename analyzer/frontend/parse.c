/*
 * parse.c - libclang set-up: the translation unit, its errors, the index of
 * rule macros expanded in the main file, and the functions to lower.
 */
#include "fe_internal.h"
#include "util/guard.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/*
 * A new frontend.  libclang parses on a thread of its own unless
 * LIBCLANG_NOTHREADS is set; the thread's malloc arena then grows a page
 * range at a time (2,550 mprotect() calls and 11 MB more peak RSS for
 * tg3.c), and the lowering frees it all from the main thread.  The parse
 * runs on the calling thread instead, on the stack main() gives the
 * process (cli/main.c raises the soft limit to 64 MB); crash recovery is
 * unchanged, and 3,000 nested blocks, which overflowed libclang's thread,
 * parse.
 */
struct frontend *frontend_new(const struct rules *rules)
{
	struct frontend *fe = xcalloc(1, sizeof(*fe));

	setenv("LIBCLANG_NOTHREADS", "1", 0);
	fe->index = clang_createIndex(0, 0);
	fe->rules = rules;
	return fe;
}

void frontend_free(struct frontend *fe)
{
	if (!fe)
		return;
	clang_disposeIndex(fe->index);
	header_cache_free(fe->headers);
	fe_file_hashes_clear(&fe->file_hashes);
	free(fe);
}

void frontend_use_strings(struct frontend *fe, struct strpool *strings)
{
	fe->strings = strings;
}

void frontend_use_header_cache(struct frontend *fe, const char *dir)
{
	header_cache_free(fe->headers);
	fe->headers = dir ? header_cache_new(dir, fe->rules) : NULL;
}

const struct header_cache_stats *frontend_header_cache_stats(const struct frontend *fe)
{
	return fe->headers ? header_cache_stats(fe->headers) : NULL;
}

static void collect_errors(struct tu_ctx *t)
{
	unsigned n = clang_getNumDiagnostics(t->tu);

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(t->tu, i);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			struct ir_diag e;
			CXFile file;
			unsigned line, col;
			CXString msg = clang_getDiagnosticSpelling(d);
			clang_getSpellingLocation(clang_getDiagnosticLocation(d), &file, &line, &col, NULL);
			CXString fname = clang_getFileName(file);
			e.file = clang_getCString(fname) ? strpool_intern(t->u->strings, clang_getCString(fname)) : t->file;
			e.line = line;
			e.col = col;
			e.message = xstrdup(clang_getCString(msg));
			VEC_PUSH(t->u->errors, e);
			struct error_at at;
			clang_getExpansionLocation(clang_getDiagnosticLocation(d), &at.file, NULL, NULL, &at.offset);
			VEC_PUSH(t->error_locs, at);
			clang_disposeString(fname);
			clang_disposeString(msg);
		}
		clang_disposeDiagnostic(d);
	}
}

/* A function with an error is not checked and gives its callers no
 * summary (docs/analysis.md, "Parse errors"): count them by offset. */
unsigned fe_errors_within(const struct tu_ctx *t, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile start_file, end_file;
	unsigned start, end, n = 0;

	if (!t->error_locs.n)
		return 0;
	clang_getExpansionLocation(clang_getRangeStart(r), &start_file, NULL, NULL, &start);
	clang_getExpansionLocation(clang_getRangeEnd(r), &end_file, NULL, NULL, &end);
	if (!start_file || !clang_File_isEqual(start_file, end_file))
		return 0;
	for (size_t i = 0; i < t->error_locs.n; i++) {
		const struct error_at *e = &t->error_locs.v[i];
		n += e->file && clang_File_isEqual(e->file, start_file) && e->offset >= start && e->offset <= end;
	}
	return n;
}

static int cmp_macro(const void *a, const void *b)
{
	const struct macro_use *x = a, *y = b;

	if (x->file != y->file)
		return (uintptr_t)x->file < (uintptr_t)y->file ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->end > y->end ? -1 : x->end < y->end;	/* largest first */
}

/* Top-level pass: rule and annotation macros expanded in the main file,
 * the function declarations there (definitions to lower, annotation
 * windows), and variable initializers storing function pointers (any
 * file); in driver headers, the static functions and the rule macros
 * their bodies expand.  Nothing below a header declaration is visited. */
struct top_scan {
	struct tu_ctx *t;
	cursor_vec fns;
	VEC(unsigned) own_macro_uses;	/* main-file offsets where a macro
					 * the main file defines is used */
};

/* A function a macro defines where the main file invokes it (the SCSI
 * midlayer's DEF_SCSI_QCMD(foo_queuecommand)): its text is the header's,
 * but it is the file's function. */
static bool defined_by_main_file_macro(struct tu_ctx *t, CXCursor c)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile file;

	if (clang_Location_isFromMainFile(loc))
		return false;
	clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
	return file && clang_File_isEqual(file, clang_getFile(t->tu, t->u->path));
}

/* A macro expansion: a rule macro or static key test, an annotation
 * (main file only), or a driver macro naming accessors. */
static void note_macro(struct tu_ctx *t, CXCursor c, CXFile file, bool main)
{
	char *name = fe_spelling(c);
	struct rule_ref ref = rules_lookup(t->fe->rules, name);

	if (ref.kind == REF_NONE && rules_is_static_key_test(t->fe->rules, name))
		ref.kind = REF_STATIC_KEY_TEST;
	if (ref.kind != REF_NONE && ref.kind != REF_LOCK_WRAPPER) {
		struct macro_use m;
		fe_extent(c, &m.start, &m.end);
		m.file = file;
		m.ref = ref;
		m.name = name;
		VEC_PUSH(t->macros, m);
		return;
	}
	if (main)
		fe_annot_macro(t, c, name);
	if (ref.kind == REF_NONE)
		fe_driver_macro(t, c, file);
	free(name);
}

/* Remember where a macro the main file itself defines is used: the
 * functions such a use defines are the driver's own code. */
static void note_own_macro_use(struct top_scan *s, CXCursor c)
{
	CXCursor def = clang_getCursorReferenced(c);
	unsigned off;

	if (clang_getCursorKind(def) != CXCursor_MacroDefinition ||
	    !clang_Location_isFromMainFile(clang_getCursorLocation(def)))
		return;
	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &off);
	VEC_PUSH(s->own_macro_uses, off);
}

/* Is function c, which a macro defines, made by one of the main file's
 * own macros (3c59x's DEFINE_WINDOW_IO(16) making window_read16())?
 * Then its locks are the driver's, not a framework's. */
static bool defined_by_own_macro(const struct top_scan *s, CXCursor c)
{
	unsigned off;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &off);
	for (size_t i = 0; i < s->own_macro_uses.n; i++)
		if (s->own_macro_uses.v[i] == off)
			return true;
	return false;
}

/* The locks of a function a kernel macro defines are the framework's, held
 * around the whole callback: the midlayer's DEF_SCSI_QCMD wrapper holds
 * host_lock around the driver's foo_queuecommand_lck(), which says nothing
 * of the driver's own locking. */
static void mark_framework_locks(struct ir_function *fn)
{
	for (size_t i = 0; i < fn->nodes.n; i++)
		if (ir_is_lock_op(fn->nodes.v[i].op))
			fn->nodes.v[i].coarse_context = true;
}

static enum CXChildVisitResult top_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct top_scan *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	/* Most of a kernel unit's top-level cursors (29,164 of 63,224 for
	 * mthca_cq.c) are macro definitions and #includes, which nothing
	 * below reads: passed over before their location is asked for. */
	if (k == CXCursor_MacroDefinition || k == CXCursor_InclusionDirective)
		return CXChildVisit_Continue;
	if (k == CXCursor_VarDecl)	/* any file: ops tables in headers too */
		fe_scan_var_init(s->t, c, true);
	if (k == CXCursor_FunctionDecl)
		fe_note_accessor_function(s->t, c);
	if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c) && defined_by_main_file_macro(s->t, c)) {
		VEC_PUSH(s->fns, c);	/* static DEF_SCSI_QCMD(foo_queuecommand) */
		return CXChildVisit_Continue;
	}
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c))) {
		CXFile file;
		if (k == CXCursor_MacroExpansion && fe_in_driver_header(s->t, clang_getCursorLocation(c), &file))
			note_macro(s->t, c, file, false);
		else if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c))
			fe_header_function(s->t, c);
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_MacroExpansion) {
		note_own_macro_use(s, c);
		note_macro(s->t, c, s->t->main_file, true);
		return CXChildVisit_Continue;
	}
	if (clang_isDeclaration(k))
		fe_annot_decl(s->t, c);
	if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c))
		VEC_PUSH(s->fns, c);
	return CXChildVisit_Continue;
}

/*
 * The argument a driver-level diagnostic (no source location)
 * says clang rejects - "unknown argument: '-fconserve-stack'",
 * "unsupported option '-mrecord-mcount' for target ..." - or NULL.
 */
static char *rejected_arg(CXDiagnostic d)
{
	CXString msg = clang_getDiagnosticSpelling(d);
	const char *m = clang_getCString(msg), *q1, *q2;
	char *arg = NULL;
	CXFile file;

	clang_getSpellingLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL, NULL);
	if (!file && m && (!strncmp(m, "unknown argument", 16) || !strncmp(m, "unsupported option", 18)) &&
	    (q1 = strchr(m, '\'')) && (q2 = strchr(q1 + 1, '\'')))
		arg = xstrndup(q1 + 1, (size_t)(q2 - q1 - 1));
	clang_disposeString(msg);
	return arg;
}

/* Remove from argv every argument clang rejected; how many were removed. */
static int drop_rejected(CXTranslationUnit tu, const char **argv, int *argc, struct ir_unit *u)
{
	unsigned n = clang_getNumDiagnostics(tu);
	int removed = 0;

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		char *arg = rejected_arg(d);
		bool used = false;
		for (int k = 0; arg && k < *argc; k++)
			if (!strcmp(argv[k], arg)) {
				memmove(argv + k, argv + k + 1, (size_t)(*argc - k - 1) * sizeof(*argv));
				(*argc)--;
				k--;
				removed++;
				used = true;
			}
		if (used)
			VEC_PUSH(u->dropped_args, arg);
		else
			free(arg);
		clang_disposeDiagnostic(d);
	}
	return removed;
}

/* Dispose of a translation unit and of what the frontend keeps keyed to
 * it: the children of its cursors and the hashes of its files. */
static void dispose_unit(struct frontend *fe, CXTranslationUnit tu)
{
	fe_children_forget();
	fe_file_hashes_clear(&fe->file_hashes);
	clang_disposeTranslationUnit(tu);
}

/*
 * Parse, and when clang rejects command-line arguments (a gcc-only flag the
 * flag table does not know), drop them and parse again: a build must never
 * fail because of a flag.  The dropped arguments are listed in u.
 */
static enum CXErrorCode parse_dropping_rejected(struct frontend *fe, const char *path,
						const char *const *args, int nargs, const char *overlay,
						CXTranslationUnit *tu, struct ir_unit *u)
{
	const char **argv = xcalloc((size_t)nargs + 4, sizeof(*argv));
	int argc = nargs;
	enum CXErrorCode rc;

	for (int i = 0; i < nargs; i++)
		argv[i] = args[i];
	argv[argc++] = "-ferror-limit=0";
	if (overlay) {
		argv[argc++] = "-ivfsoverlay";
		argv[argc++] = overlay;
	}
	for (int attempt = 0;; attempt++) {
		rc = clang_parseTranslationUnit2(fe->index, path, argv, argc, NULL, 0,
						 CXTranslationUnit_DetailedPreprocessingRecord |
						 CXTranslationUnit_KeepGoing, tu);
		if (rc != CXError_Success || !*tu || attempt == 2 || !drop_rejected(*tu, argv, &argc, u))
			break;
		dispose_unit(fe, *tu);
		*tu = NULL;
	}
	free(argv);
	return rc;
}

/* Forget the arguments an abandoned parse dropped: the next one drops
 * them again. */
static void forget_dropped(struct ir_unit *u)
{
	for (size_t i = 0; i < u->dropped_args.n; i++)
		free(u->dropped_args.v[i]);
	u->dropped_args.n = 0;
}

/*
 * Parse with the kernel headers read from the header cache's copies when
 * there is a cache, and check the copies it read: one stale copy means one
 * more parse through the refreshed cache, an error one more parse without
 * it (header_cache.c).  The result is always the parse of the headers'
 * present text, with their bodies or without.
 */
static enum CXErrorCode parse_through_cache(struct frontend *fe, const char *path,
					    const char *const *args, int nargs,
					    CXTranslationUnit *tu, struct ir_unit *u)
{
	const char *overlay = fe->headers ? header_cache_overlay(fe->headers, args, nargs) : NULL;

	assert(!fe->file_hashes.n);	/* every unit took its own along */
	for (int attempt = 0;; attempt++) {
		enum CXErrorCode rc = parse_dropping_rejected(fe, path, args, nargs, overlay, tu, u);
		if (rc != CXError_Success || !*tu || !overlay)
			return rc;
		enum header_cache_verdict v = header_cache_check(fe->headers, *tu, &fe->file_hashes);
		if (v == HEADER_CACHE_VALID)
			return rc;
		dispose_unit(fe, *tu);
		*tu = NULL;
		forget_dropped(u);
		if (v == HEADER_CACHE_ERRORS || attempt > 0)
			overlay = NULL;
	}
}

/*
 * The hash of an included file's text, read from disk as the incremental
 * check reads it (hash_header) so both agree, or as the header cache's
 * check of the same parse read it.  Not clang_getFileContents() first: it
 * finds the file's buffer by a scan of every source location entry, and
 * for the ~900 headers of a kernel file that cost 10% of the parse.
 */
static uint64_t hash_included_file(struct tu_ctx *t, CXFile file, const char *path)
{
	size_t size = 0;
	const char *text;
	uint64_t h;

	if (*path && fe_file_hash(&t->fe->file_hashes, file, path, &h))
		return h;
	text = clang_getFileContents(t->tu, file, &size);
	return hash_content(text ? text : "", text ? size : 0, HASH_SEED);
}

/* clang_getInclusions visitor: record each included file and its hash. */
static void record_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct tu_ctx *t = data;
	struct ir_input in;
	CXString name;

	(void)stack;
	if (depth == 0)
		return;		/* the main file: hashed by the session */
	name = clang_File_tryGetRealPathName(file);
	if (!clang_getCString(name) || !*clang_getCString(name)) {
		clang_disposeString(name);
		name = clang_getFileName(file);
	}
	in.path = xstrdup(clang_getCString(name) ? clang_getCString(name) : "");
	in.hash = hash_included_file(t, file, in.path);
	VEC_PUSH(t->u->inputs, in);
	clang_disposeString(name);
}

struct ir_unit *frontend_parse(struct frontend *fe, const char *path,
			       const char *const *args, int nargs, struct strbuf *err)
{
	struct tu_ctx t;
	struct top_scan scan;
	struct strbuf text = STRBUF_INIT;
	struct ir_unit *u = fe->strings ? ir_unit_new_shared(path, fe->strings)
				    : ir_unit_new(path);
	enum CXErrorCode rc;

	memset(&t, 0, sizeof(t));
	uint64_t start = util_cpu_ns();
	rc = parse_through_cache(fe, path, args, nargs, &t.tu, u);
	u->parse_ns = util_cpu_ns() - start;
	if (rc == CXError_Crashed)
		guard_abandon_file();	/* in a guarded child: its memory is not given back */
	if (rc != CXError_Success || !t.tu) {
		strbuf_addf(err, "libclang could not parse the file (error %d)", (int)rc);
		ir_unit_free(u);
		return NULL;
	}
	t.u = u;
	t.fe = fe;
	clang_getInclusions(t.tu, record_inclusion, &t);
	t.file = strpool_intern(t.u->strings, path);
	t.cur_file = t.file;
	t.main_file = clang_getFile(t.tu, path);
	fe_header_dirs(&t, args, nargs);
	if (strbuf_read_file(&text, path) == 0) {
		size_t len = text.len;
		ir_unit_set_source(t.u, strbuf_detach(&text), len);
	}
	collect_errors(&t);

	memset(&scan, 0, sizeof(scan));
	scan.t = &t;
	clang_visitChildren(clang_getTranslationUnitCursor(t.tu), top_visit, &scan);
	if (t.macros.n)
		qsort(t.macros.v, t.macros.n, sizeof(t.macros.v[0]), cmp_macro);
	fe_annot_finish(&t);
	fe_driver_macros_sort(&t);
	for (size_t i = 0; i < scan.fns.n; i++) {
		fe_lower_function(&t, scan.fns.v[i]);
		fe_annotate(&t, scan.fns.v[i], t.u->functions.v[t.u->functions.n - 1]);
		if (defined_by_main_file_macro(&t, scan.fns.v[i]) && !defined_by_own_macro(&scan, scan.fns.v[i]))
			mark_framework_locks(t.u->functions.v[t.u->functions.n - 1]);
	}
	fe_lower_header_calls(&t);

	VEC_FREE(scan.fns);
	VEC_FREE(scan.own_macro_uses);
	for (size_t i = 0; i < t.macros.n; i++)
		free(t.macros.v[i].name);
	VEC_FREE(t.macros);
	VEC_FREE(t.error_locs);
	for (size_t i = 0; i < t.windows.n; i++)
		free(t.windows.v[i].name);
	VEC_FREE(t.windows);
	VEC_FREE(t.annots);
	VEC_FREE(t.drv_macros);
	VEC_FREE(t.drv_macro_defs);
	cursor_map_clear(&t.drv_macro_index);
	fe_headers_free(&t);
	cursor_map_clear(&t.pure_answers);
	free(t.accessor_is_function);
	dispose_unit(fe, t.tu);
	return t.u;
}
