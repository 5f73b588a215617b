/*
 * arches_int.h - the architecture table (arches.c) as kernel_tree.c reads
 * it.
 */
#ifndef MMIOCHECK_DRIVER_ARCHES_INT_H
#define MMIOCHECK_DRIVER_ARCHES_INT_H

#include "driver.h"

struct arch_era {
	unsigned since[3];
	strvec models;
	char *requires_file;	/* the era applies only if this tree file ... */
	char *requires_text;	/* ... contains this text (stable backports) */
};

struct arch_entry {
	char *name;
	VEC(struct arch_era) eras;
};

struct rule_note {
	unsigned before[3];	/* trees older than this */
	char *rule;
	char *note;
	bool drop_fixit;
};

struct arch_table {
	VEC(struct arch_entry) arches;
	VEC(struct rule_note) notes;
	strvec wording;		/* "RULE\tphrase" */
};

bool version_parse(const char *s, unsigned v[3]);
int version_cmp(const unsigned a[3], const unsigned b[3]);

/* The models of `arch` in a tree of `version` at `tree`: its last era that
 * has begun (and whose required text the tree has); NULL if the table does
 * not list the architecture or no era has begun. */
const strvec *arch_table_models(const struct arch_table *t, const char *arch, const char *tree,
				const unsigned version[3]);

/* kernel_tree.c for kernel_place.c: the architectures of the tree (read
 * on first use, from the cache or the Kconfig) and of one symbol. */
size_t kernel_tree_narches(struct kernel_tree *t);
const char *kernel_tree_arch(const struct kernel_tree *t, size_t i);
uint32_t kernel_tree_symbol_arches(struct kernel_tree *t, const char *sym);
const unsigned *kernel_tree_version_numbers(const struct kernel_tree *t);

#endif
