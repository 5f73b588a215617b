/*
 * fuzz_compdb.c - libFuzzer harness for the compile_commands.json reader
 * (compdb_load) and the shell splitter of "command" strings (shell_split),
 * analyzer/driver/compdb.c.
 *
 * fuzz-layers: driver util
 *
 * Each input is written to DIR/compile_commands.json and loaded twice: by
 * the file's path and by the directory's.  Besides crashes, leaks and
 * undefined behaviour (ASan/UBSan), the harness checks compdb_load's
 * promises (driver.h) and aborts if one is broken:
 *  - a refusal (-1) leaves the database empty and says "PATH: reason" or
 *    "PATH:LINE: reason", PATH being the file read;
 *  - a success gives entries whose directory and file are absolute, whose
 *    file is a C source, and whose arguments do not contain the source,
 *    however spelt ("../src/x.c" in "build" for "/p/src/x.c").
 * The input up to its first NUL byte is also split as a "command" string,
 * and the words must survive a round trip: quoting each with single
 * quotes, joining them with blanks and splitting again gives them back.
 */
#include "driver/driver.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BY_DIR_MAX_SIZE 65536

static char dir[] = "/tmp/mc-fuzz-compdb-XXXXXX";
static char *file;

/* At exit: leave nothing in /tmp (after a crash the input is kept). */
static void remove_dir(void)
{
	unlink(file);
	rmdir(dir);
	free(file);
}

/* Write the input to DIR/compile_commands.json (created on the first call). */
static void write_input(const uint8_t *data, size_t size)
{
	FILE *f;

	if (!file) {
		if (!mkdtemp(dir)) {
			perror("mkdtemp");
			abort();
		}
		file = xasprintf("%s/compile_commands.json", dir);
		atexit(remove_dir);
	}
	f = fopen(file, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
		perror(file);
		abort();
	}
}

static void fail(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz_compdb: %s: '%s'\n", what, detail);
	abort();
}

/* "FILE: reason" or "FILE:LINE: reason" with a line >= 1. */
static void check_refusal(const struct strbuf *err)
{
	size_t n = strlen(file);
	const char *p;

	if (err->len != strlen(err->buf) || strncmp(err->buf, file, n) || err->buf[n] != ':')
		fail("refusal does not start with the file's path", err->buf);
	p = err->buf + n + 1;
	if (*p >= '1' && *p <= '9') {
		while (*p >= '0' && *p <= '9')
			p++;
		if (*p != ':')
			fail("refusal with a malformed line number", err->buf);
		p++;
	}
	if (p[0] != ' ' || !p[1])
		fail("refusal without a reason", err->buf);
}

/*
 * dir/path (path itself if absolute) with empty, "." and ".." components
 * resolved lexically: the same file however an argument spells it.
 */
static char *lexical(const char *dir, const char *path)
{
	char *full = path[0] == '/' ? xstrdup(path) : xasprintf("%s/%s", dir, path);
	strvec parts = VEC_INIT;
	struct strbuf sb = STRBUF_INIT;

	for (char *save = NULL, *c = strtok_r(full, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
		if (!strcmp(c, "."))
			continue;
		if (!strcmp(c, "..")) {
			if (parts.n)
				free(parts.v[--parts.n]);
			continue;
		}
		VEC_PUSH(parts, xstrdup(c));
	}
	strbuf_init(&sb);
	for (size_t i = 0; i < parts.n; i++)
		strbuf_addf(&sb, "/%s", parts.v[i]);
	if (!parts.n)
		strbuf_addch(&sb, '/');
	strvec_free(&parts);
	free(full);
	return strbuf_detach(&sb);
}

static void check_entries(const compdb *db)
{
	for (size_t i = 0; i < db->n; i++) {
		const struct compdb_entry *e = &db->v[i];
		size_t n = strlen(e->file);

		if (e->directory[0] != '/')
			fail("entry directory is not absolute", e->directory);
		if (e->file[0] != '/')
			fail("entry file is not absolute", e->file);
		if (n < 3 || strcmp(e->file + n - 2, ".c"))
			fail("entry file is not a C source", e->file);
		char *file = lexical("/", e->file);
		for (size_t k = 0; k < e->args.n; k++) {
			char *arg = lexical(e->directory, e->args.v[k]);
			if (!strcmp(arg, file))
				fail("entry arguments contain the source", e->args.v[k]);
			free(arg);
		}
		free(file);
	}
}

static void load(const char *path)
{
	struct strbuf err = STRBUF_INIT;
	compdb db = VEC_INIT;

	strbuf_init(&err);
	if (compdb_load(path, &db, &err) < 0) {
		if (db.n || db.v)
			fail("refusal leaves entries behind", err.buf);
		check_refusal(&err);
	} else {
		check_entries(&db);
	}
	compdb_free(&db);
	strbuf_release(&err);
}

/* Quote a word for /bin/sh: '...' with each ' written as '\''. */
static void add_quoted(struct strbuf *sb, const char *w)
{
	strbuf_addch(sb, '\'');
	for (; *w; w++) {
		if (*w == '\'')
			strbuf_adds(sb, "'\\''");
		else
			strbuf_addch(sb, *w);
	}
	strbuf_addch(sb, '\'');
}

static void split_round_trip(const uint8_t *data, size_t size)
{
	char *cmd = xstrndup((const char *)data, size);
	strvec words = VEC_INIT, again = VEC_INIT;
	struct strbuf joined = STRBUF_INIT;

	shell_split(cmd, &words);
	strbuf_init(&joined);
	for (size_t i = 0; i < words.n; i++) {
		if (strlen(words.v[i]) > size)
			fail("a word longer than the command", cmd);
		if (i)
			strbuf_addch(&joined, ' ');
		add_quoted(&joined, words.v[i]);
	}
	shell_split(joined.buf, &again);
	if (again.n != words.n)
		fail("quoted words split into a different number of words", joined.buf);
	for (size_t i = 0; i < words.n; i++)
		if (strcmp(words.v[i], again.v[i]))
			fail("a quoted word does not split back to itself", words.v[i]);
	strvec_free(&words);
	strvec_free(&again);
	strbuf_release(&joined);
	free(cmd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	write_input(data, size);
	load(file);
	if (size <= BY_DIR_MAX_SIZE)
		load(dir);
	split_round_trip(data, size);
	return 0;
}
