/*
 * test_driver_kconfig.c - the Kconfig and Makefile reader on the fake tree
 * tests/kernel/linux-6.1: which architectures each symbol can be enabled
 * on without COMPILE_TEST (arch-only symbols, selects, `if` and `menu`
 * blocks, a choice, help text that looks like a statement, `select ... if`,
 * `def_bool y if`), and the routes
 * that build a file (plain, composite, a composite part in a subdirectory,
 * none).
 */
#include "driver/driver.h"
#include "testlib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TREE TESTS_DIR "/kernel/linux-6.1"

/* The names of the architectures in mask, "arm arm64". */
static char *names(struct kconfig *kc, uint32_t mask)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	for (size_t i = 0; i < kconfig_narches(kc); i++)
		if (mask & (1u << i))
			strbuf_addf(&sb, "%s%s", sb.len ? " " : "", kconfig_arch(kc, i));
	return strbuf_detach(&sb);
}

static void expect_arches(struct kconfig *kc, const char *sym, const char *want)
{
	char *got = names(kc, kconfig_arches(kc, sym));

	if (strcmp(got, want))
		fprintf(stderr, "symbol %s\n", sym);
	CHECK_STR(got, want);
	free(got);
}

static void test_symbols(void)
{
	struct strbuf err = STRBUF_INIT;
	struct kconfig *kc = kconfig_load(TREE, &err);

	CHECK(kc != NULL);
	if (!kc)
		return;
	expect_arches(kc, "COMPILE_TEST", "");
	expect_arches(kc, "BROKEN", "");
	expect_arches(kc, "X86", "x86");
	expect_arches(kc, "ARM64", "arm64");
	expect_arches(kc, "ARCH_FOO", "arm arm64");
	expect_arches(kc, "HAVE_PCI", "arm64 powerpc riscv x86");
	expect_arches(kc, "PCI", "arm64 powerpc riscv x86");
	expect_arches(kc, "ARCH_HAS_MMIOWB", "powerpc riscv");
	expect_arches(kc, "PPC_BOOK3E_64", "powerpc");
	expect_arches(kc, "FOO_ARM", "arm arm64");
	expect_arches(kc, "FOO_PCI", "arm64 powerpc riscv x86");
	expect_arches(kc, "FOO_PCI_EXTRA", "arm64 powerpc riscv x86");
	expect_arches(kc, "FOO_PPC", "powerpc");
	expect_arches(kc, "FOO_LEGACY", "");
	expect_arches(kc, "NOT_A_SYMBOL", "");
	/* a conditional select does not force its target; a conditional
	 * default gives y only where its condition can hold */
	expect_arches(kc, "NO_FOO_DMA", "mips");
	expect_arches(kc, "FOO_DMA", "arm arm64 mips powerpc riscv x86");
	expect_arches(kc, "FOO_HAS_MMIOWB", "powerpc riscv");
	CHECK(!kconfig_defines(kc, "NOT_A_SYMBOL"));
	CHECK(kconfig_defines(kc, "FOO_PPC"));
	kconfig_free(kc);
	CHECK(kconfig_load(TESTS_DIR, &err) == NULL);
	CHECK(err.len > 0);
	strbuf_release(&err);
}

/* The routes of a file as "A+B|C" ("" for an unconditional route). */
static char *routes_text(const char *rel)
{
	kbuild_routes r;
	struct strbuf sb = STRBUF_INIT;

	if (kbuild_object_routes(TREE, rel, &r) < 0)
		return xstrdup("(none)");
	strbuf_init(&sb);
	for (size_t i = 0; i < r.n; i++) {
		strbuf_addf(&sb, "%s", i ? "|" : "");
		for (size_t k = 0; k < r.v[i].n; k++)
			strbuf_addf(&sb, "%s%s", k ? "+" : "", r.v[i].v[k]);
	}
	kbuild_routes_free(&r);
	return strbuf_detach(&sb);
}

static void expect_routes(const char *rel, const char *want)
{
	char *got = routes_text(rel);

	CHECK_STR(got, want);
	free(got);
}

static void test_routes(void)
{
	expect_routes("drivers/foo/foo_arm.c", "FOO_ARM");
	expect_routes("drivers/foo/foo_pci_main.c", "FOO_PCI");
	expect_routes("drivers/foo/extra/foo_pci_extra.c", "FOO_PCI+FOO_PCI_EXTRA");
	expect_routes("drivers/foo/foo_ppc.c", "FOO_PPC");
	expect_routes("drivers/foo/foo_shared.c", "FOO_ARM");		/* $(foo-shared-objs) */
	expect_routes("drivers/foo/foo_shared_more.c", "FOO_ARM");	/* += to it */
	expect_routes("drivers/foo/not_built.c", "(none)");
	expect_routes("drivers/foo/foo_arm.h", "(none)");
}

int main(void)
{
	test_symbols();
	test_routes();
	TEST_DONE();
}
