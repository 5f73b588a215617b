/*
 * compdb.c - reading compile_commands.json (clang's JSON compilation
 * database, as written by CMake, Bear and the kernel's
 * scripts/clang-tools/gen_compile_commands.py).
 *
 * Each entry has "directory", "file" and either "arguments" (an array) or
 * "command" (one shell string).  The compiler (first argument) and the
 * source argument are removed; the rest goes through the flag table later.
 */
#include "driver.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void shell_split(const char *cmd, strvec *out)
{
	struct strbuf word = STRBUF_INIT;
	bool in_word = false;
	char quote = 0;

	strbuf_init(&word);
	for (const char *p = cmd; *p; p++) {
		char c = *p;
		if (quote == '\'') {
			if (c == '\'')
				quote = 0;
			else
				strbuf_addch(&word, c);
		} else if (quote == '"') {
			if (c == '"')
				quote = 0;
			else if (c == '\\' && p[1] && strchr("\"\\$`", p[1]))
				strbuf_addch(&word, *++p);
			else
				strbuf_addch(&word, c);
		} else if (c == '\'' || c == '"') {
			quote = c;
			in_word = true;
		} else if (c == '\\' && p[1]) {
			strbuf_addch(&word, *++p);
			in_word = true;
		} else if (c == ' ' || c == '\t' || c == '\n') {
			if (in_word) {
				VEC_PUSH(*out, strbuf_detach(&word));
				strbuf_init(&word);
			}
			in_word = false;
		} else {
			strbuf_addch(&word, c);
			in_word = true;
		}
	}
	if (in_word)
		VEC_PUSH(*out, strbuf_detach(&word));
	strbuf_release(&word);
}

/* dir/rel, or rel itself when it is absolute. */
static char *absolute(const char *dir, const char *rel)
{
	return rel[0] == '/' ? xstrdup(rel) : xasprintf("%s/%s", dir, rel);
}

/*
 * Resolve empty, "." and ".." components of the absolute path p in place
 * (lexically, as clang's tools compare file names).
 */
static char *lexical(char *p)
{
	char *out = p, *in = p;

	while (*in) {
		char *seg;
		size_t n;

		while (*in == '/')
			in++;
		seg = in;
		while (*in && *in != '/')
			in++;
		n = (size_t)(in - seg);
		if (!n || (n == 1 && seg[0] == '.'))
			continue;
		if (n == 2 && seg[0] == '.' && seg[1] == '.') {
			while (out > p && *--out != '/')
				;
			continue;
		}
		*out++ = '/';	/* out < seg: each segment follows a '/' consumed */
		memmove(out, seg, n);
		out += n;
	}
	if (out == p)
		*out++ = '/';
	*out = '\0';
	return p;
}

/* Is the entry's file a C source we should analyze? */
static bool is_c_source(const char *file)
{
	size_t n = strlen(file);

	return n > 2 && !strcmp(file + n - 2, ".c");
}

/* Fill e->args from the entry's arguments or command; false if neither. */
static bool entry_args(json_t *entry, const char *file_rel, struct compdb_entry *e)
{
	json_t *arr = json_object_get(entry, "arguments"), *v;
	const char *cmd = json_string_value(json_object_get(entry, "command"));
	strvec all = VEC_INIT;
	size_t i;

	if (json_is_array(arr)) {
		json_array_foreach(arr, i, v)
			if (json_is_string(v))
				VEC_PUSH(all, xstrdup(json_string_value(v)));
	} else if (cmd) {
		shell_split(cmd, &all);
	} else {
		return false;
	}
	/* The source however the command spells it: Bear writes an absolute
	 * "file" and the compiler's "../src/x.c"; left in, clang would get two
	 * sources and parse neither (fuzz_compdb checks this). */
	char *file = lexical(xstrdup(e->file));
	for (i = 1; i < all.n; i++) {	/* all.v[0] is the compiler */
		char *abs = lexical(absolute(e->directory, all.v[i]));
		bool is_source = !strcmp(all.v[i], file_rel) || !strcmp(abs, file);
		free(abs);
		if (!is_source)
			VEC_PUSH(e->args, xstrdup(all.v[i]));
	}
	free(file);
	strvec_free(&all);
	return true;
}

static void free_entry(struct compdb_entry *e)
{
	free(e->directory);
	free(e->file);
	strvec_free(&e->args);
}

/*
 * The absolute directory holding the database file `path`: a relative
 * "directory" is taken relative to it (as clang's tools do), so that
 * compdb_entry.directory and .file are absolute as promised.  Otherwise
 * workers would chdir relative to wherever mmiocheck runs and then open
 * "directory/file" from inside "directory" (found by fuzz_compdb).
 */
static char *database_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
	char cwd[PATH_MAX], *abs;

	if (dir[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		return dir;
	abs = !strcmp(dir, ".") ? xstrdup(cwd) : xasprintf("%s/%s", cwd, dir);
	free(dir);
	return abs;
}

/* Parse the document into out; 0, or -1 with err set. */
static int read_entries(const char *path, json_t *root, compdb *out, struct strbuf *err)
{
	char *base = database_dir(path);
	int rc = -1;

	json_t *entry;
	size_t i;

	if (!json_is_array(root)) {
		strbuf_addf(err, "%s: not a compilation database (expected a JSON array)", path);
		goto out;
	}
	json_array_foreach(root, i, entry) {
		const char *dir = json_string_value(json_object_get(entry, "directory"));
		const char *file = json_string_value(json_object_get(entry, "file"));
		struct compdb_entry e;
		if (!dir || !file) {
			strbuf_addf(err, "%s: entry %zu has no \"directory\" or \"file\" string", path, i + 1);
			goto out;
		}
		memset(&e, 0, sizeof(e));
		e.directory = absolute(base, dir);
		e.file = absolute(e.directory, file);
		if (!entry_args(entry, file, &e)) {
			strbuf_addf(err, "%s: entry %zu (%s) has neither \"arguments\" nor \"command\"",
				    path, i + 1, file);
			VEC_PUSH(*out, e);
			goto out;
		}
		if (is_c_source(e.file))
			VEC_PUSH(*out, e);
		else
			free_entry(&e);
	}
	rc = 0;
out:
	free(base);
	return rc;
}

int compdb_load(const char *path, compdb *out, struct strbuf *err)
{
	struct stat st;
	char *file = stat(path, &st) == 0 && S_ISDIR(st.st_mode)
		     ? xasprintf("%s/compile_commands.json", path) : xstrdup(path);
	struct strbuf text = STRBUF_INIT, why = STRBUF_INIT;
	json_error_t jerr;
	json_t *root = NULL;
	int rc = -1;

	if (read_regular_file(&text, file, READ_FILE_DEFAULT_CAP, "compile_commands.json", &why) < 0)
		strbuf_addf(err, "%s: %s", file, why.buf);
	else if (!(root = json_loadb(text.buf, text.len, 0, &jerr)))
		strbuf_addf(err, "%s:%d: %s", file, jerr.line > 0 ? jerr.line : 1, jerr.text);
	else
		rc = read_entries(file, root, out, err);
	json_decref(root);
	strbuf_release(&text);
	strbuf_release(&why);
	free(file);
	if (rc < 0)
		compdb_free(out);
	return rc;
}

void compdb_free(compdb *db)
{
	for (size_t i = 0; i < db->n; i++)
		free_entry(&db->v[i]);
	VEC_FREE(*db);
}
