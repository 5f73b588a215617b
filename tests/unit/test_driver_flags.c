/*
 * test_driver_flags.c - the gcc -> clang flag table (rules/compiler-flags.json),
 * shell splitting of compile_commands "command" strings, compile_commands
 * reading (both forms, non-C entries, errors), and the Kbuild call split.
 */
#include "driver/driver.h"
#include "testlib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Join a vector with spaces (for exact comparisons). */
static char *joined(const strvec *v)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	for (size_t i = 0; i < v->n; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", v->v[i]);
	return strbuf_detach(&sb);
}

/* Kbuild's x86-64 gcc command line (6.1, trimmed) through the table. */
static void test_kbuild_flags(const struct flag_table *t)
{
	const char *argv[] = {
		"-D__linux__", "-D__STDC__", "-Wbitwise", "--arch=x86", "-m64", "-Wp,-MMD,drv/.x.o.d",
		"-nostdinc", "-I./include", "-include", "linux/kconfig.h", "-D__KERNEL__",
		"-std=gnu11", "-mskip-rax-setup", "-mindirect-branch=thunk-extern",
		"-mindirect-branch-register", "-mpreferred-stack-boundary=3", "-falign-jumps=1",
		"-fno-allow-store-data-races", "-mrecord-mcount", "-fconserve-stack",
		"-Wimplicit-fallthrough=5", "-Wp,-DFOO", "-Wno-maybe-uninitialized", "-D__CHECKER__",
		"-c", "-o", "drv/x.o", "-DKBUILD_MODNAME=\"x\"",
	};
	strvec out = VEC_INIT;
	char *s;

	flag_table_filter(t, argv, (int)(sizeof(argv) / sizeof(argv[0])), &out);
	s = joined(&out);
	CHECK_STR(s, "-D__linux__ -m64 -nostdinc -I./include -include linux/kconfig.h -D__KERNEL__ "
		  "-std=gnu11 -mretpoline-external-thunk -Wp,-DFOO -DKBUILD_MODNAME=\"x\" "
		  "-w -Wno-unknown-warning-option");
	free(s);
	strvec_free(&out);
}

/* Kept options keep their values; one missing its value (the last
 * argument) is dropped rather than take the appended -w as its file. */
static void test_option_values(const struct flag_table *t)
{
	const char *argv[] = { "-isystem", "/usr/lib/gcc/x86_64-linux-gnu/12/include", "-isystem/usr/include/x",
			       "-O2", "-include" };
	strvec out = VEC_INIT;
	char *s;

	flag_table_filter(t, argv, 5, &out);
	s = joined(&out);
	CHECK_STR(s, "-isystem /usr/lib/gcc/x86_64-linux-gnu/12/include -isystem/usr/include/x -O2 "
		  "-w -Wno-unknown-warning-option");
	free(s);
	strvec_free(&out);
}

static void test_shell_split(void)
{
	strvec v = VEC_INIT;
	char *s;

	shell_split("gcc  -DA='\"x y\"' -DB=\\\"z\\\" \"-I/a b\" -c\tf.c ''", &v);
	CHECK(v.n == 7);
	s = joined(&v);
	CHECK_STR(s, "gcc -DA=\"x y\" -DB=\"z\" -I/a b -c f.c ");
	free(s);
	strvec_free(&v);
}

/* Write text to a fresh temporary file; its path (caller frees). */
static char *temp_file(const char *text)
{
	char *path = xstrdup("/tmp/mmiocheck-test-XXXXXX");
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");

	fputs(text, f);
	fclose(f);
	return path;
}

static void test_compdb(void)
{
	char *path = temp_file(
		"[\n"
		" {\"directory\": \"/src\", \"file\": \"drv/a.c\", \"command\": \"gcc -Iinc -c -o drv/a.o drv/a.c\"},\n"
		" {\"directory\": \"/src\", \"file\": \"/src/b.c\", \"arguments\": [\"cc\", \"-DX\", \"/src/b.c\"]},\n"
		" {\"directory\": \"/src\", \"file\": \"entry.S\", \"command\": \"gcc -c entry.S\"}\n"
		"]\n");
	struct strbuf err = STRBUF_INIT;
	compdb db = VEC_INIT;
	char *s;

	strbuf_init(&err);
	CHECK(compdb_load(path, &db, &err) == 0);
	CHECK(db.n == 2);	/* the assembler file is not analyzed */
	if (db.n == 2) {
		CHECK_STR(db.v[0].file, "/src/drv/a.c");
		s = joined(&db.v[0].args);
		CHECK_STR(s, "-Iinc -c -o drv/a.o");	/* compiler and source removed */
		free(s);
		CHECK_STR(db.v[1].file, "/src/b.c");
		s = joined(&db.v[1].args);
		CHECK_STR(s, "-DX");
		free(s);
	}
	compdb_free(&db);
	unlink(path);
	free(path);

	/* A relative "directory" is relative to the database's directory. */
	path = temp_file("[{\"directory\": \"sub\", \"file\": \"a.c\", \"command\": \"cc -c a.c\"}]");
	CHECK(compdb_load(path, &db, &err) == 0);
	CHECK(db.n == 1);
	if (db.n == 1) {
		CHECK_STR(db.v[0].directory, "/tmp/sub");
		CHECK_STR(db.v[0].file, "/tmp/sub/a.c");
	}
	compdb_free(&db);
	unlink(path);
	free(path);

	/* The source is removed however the command spells it (Bear). */
	path = temp_file("[{\"directory\": \"/p/build\", \"file\": \"/p/src/x.c\","
			 " \"arguments\": [\"cc\", \"-c\", \"../src/./x.c\", \"-o\", \"x.o\"]}]");
	CHECK(compdb_load(path, &db, &err) == 0);
	CHECK(db.n == 1);
	if (db.n == 1) {
		s = joined(&db.v[0].args);
		CHECK_STR(s, "-c -o x.o");
		free(s);
	}
	compdb_free(&db);
	unlink(path);
	free(path);

	/* Errors name the file and, for JSON syntax, the line. */
	path = temp_file("[\n {\"directory\": \"/src\",\n  oops }\n]\n");
	strbuf_reset(&err);
	CHECK(compdb_load(path, &db, &err) == -1);
	CHECK(strstr(err.buf, path) && strstr(err.buf, ":3:"));
	unlink(path);
	free(path);
	path = temp_file("[{\"file\": \"a.c\", \"command\": \"cc a.c\"}]");
	strbuf_reset(&err);
	CHECK(compdb_load(path, &db, &err) == -1);
	CHECK(strstr(err.buf, "entry 1 has no \"directory\""));
	unlink(path);
	free(path);
	strbuf_reset(&err);
	CHECK(compdb_load("/nonexistent-dir", &db, &err) == -1);
	CHECK(strstr(err.buf, "/nonexistent-dir: No such file"));
	strbuf_release(&err);
}

static int ours(const char *arg)
{
	if (!strcmp(arg, "--model"))
		return 1;
	if (!strncmp(arg, "--model=", 8) || !strcmp(arg, "--no-incremental"))
		return 0;
	return -1;
}

static void test_kbuild_split(void)
{
	char *argv[] = { "mmiocheck", "--model", "all", "-D__linux__", "--arch=x86", "--no-incremental",
			 "-include", "x.h", "drv.c", NULL };
	strvec o = VEC_INIT, f = VEC_INIT;
	char *src = NULL, *s;

	CHECK(kbuild_split(9, argv, ours, &o, &f, &src) == 0);
	CHECK_STR(src, "drv.c");
	s = joined(&o);
	CHECK_STR(s, "--model all --no-incremental");
	free(s);
	s = joined(&f);
	CHECK_STR(s, "-D__linux__ --arch=x86 -include x.h");
	free(s);
	free(src);
	strvec_free(&o);
	strvec_free(&f);
	char *bad[] = { "mmiocheck", "drv.c", "-DX", NULL };
	CHECK(kbuild_split(3, bad, ours, &o, &f, &src) == -1);	/* source must be last */
	strvec_free(&o);
	strvec_free(&f);
}

static void test_bad_table(void)
{
	char dir[] = "/tmp/mmiocheck-flags-XXXXXX";
	struct strbuf err = STRBUF_INIT;
	char *path;
	FILE *f;

	CHECK(mkdtemp(dir) != NULL);
	path = xasprintf("%s/compiler-flags.json", dir);
	f = fopen(path, "w");
	fputs("{\"mmiocheck-compiler-flags\": 1,\n \"flags\": [\n  {\"flag\": \"-x\", \"action\": \"explode\"}\n ]}\n", f);
	fclose(f);
	strbuf_init(&err);
	CHECK(flag_table_load(dir, &err) == NULL);
	CHECK(strstr(err.buf, "compiler-flags.json:3: flags entry 1: unknown \"action\""));
	unlink(path);
	rmdir(dir);
	free(path);
	strbuf_release(&err);
}

int main(void)
{
	struct strbuf err = STRBUF_INIT;
	struct flag_table *t;

	strbuf_init(&err);
	t = flag_table_load(MMIOCHECK_RULES_DIR, &err);
	CHECK(t != NULL);
	if (!t) {
		fprintf(stderr, "%s\n", err.buf);
		TEST_DONE();
	}
	CHECK(flag_table_size(t) > 40);
	test_kbuild_flags(t);
	test_option_values(t);
	flag_table_free(t);
	strbuf_release(&err);
	test_shell_split();
	test_compdb();
	test_kbuild_split();
	test_bad_table();
	TEST_DONE();
}
