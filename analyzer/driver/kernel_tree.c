/*
 * kernel_tree.c - placing a source file in its kernel tree: the tree's top
 * and version (its top Makefile), the architectures the file's config
 * symbols can be enabled on (kconfig*.c, kbuild_objects.c) and their models
 * (arches.c).
 *
 * Reading a whole tree's Kconfig takes a while, and Kbuild runs one
 * checker process per file, so every symbol's architectures are written to
 * a cache file (in the directory of the findings database), valid while
 * every Kconfig file read has the same size and modification time.
 */
#include "arches_int.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CACHE_MAGIC "mmiocheck-kconfig-cache 1"

struct kernel_tree {
	char *top;
	char version_text[48];
	unsigned version[3];
	char *cache_path;	/* or NULL */
	bool loaded;
	strvec arches;		/* arch/ directories, sorted */
	struct strpool *syms;	/* symbols with at least one definition */
	VEC(uint32_t) masks;	/* by symbol id */
};

static VEC(struct kernel_tree *) trees;

/* VERSION, PATCHLEVEL, SUBLEVEL of TOP/Makefile; false if it has none. */
static bool read_version(struct kernel_tree *t)
{
	struct strbuf mk = STRBUF_INIT;
	char *path = xasprintf("%s/Makefile", t->top);
	static const char *const keys[3] = { "VERSION", "PATCHLEVEL", "SUBLEVEL" };
	bool found = false;

	if (strbuf_read_file(&mk, path) == 0) {
		for (int i = 0; i < 3; i++) {
			size_t klen = strlen(keys[i]);
			for (const char *p = mk.buf; p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
				if (strncmp(p, keys[i], klen) || (p[klen] != ' ' && p[klen] != '='))
					continue;
				const char *v = p + klen + strspn(p + klen, " \t=");
				t->version[i] = (unsigned)strtoul(v, NULL, 10);
				found |= i == 0;
				break;
			}
		}
	}
	snprintf(t->version_text, sizeof(t->version_text), "%u.%u.%u", t->version[0], t->version[1],
		 t->version[2]);
	free(path);
	strbuf_release(&mk);
	return found && t->version[0] > 0;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Is DIR the top of a kernel tree? */
static bool looks_like_top(const char *dir)
{
	char *k = xasprintf("%s/Kconfig", dir), *m = xasprintf("%s/Makefile", dir), *a = xasprintf("%s/arch", dir);
	bool yes = is_file(k) && is_file(m) && is_dir(a);

	free(k);
	free(m);
	free(a);
	return yes;
}

static struct kernel_tree *tree_at(const char *top, const char *cache_dir)
{
	for (size_t i = 0; i < trees.n; i++)
		if (!strcmp(trees.v[i]->top, top))
			return trees.v[i];
	struct kernel_tree *t = xcalloc(1, sizeof(*t));
	t->top = xstrdup(top);
	if (!read_version(t)) {
		free(t->top);
		free(t);
		return NULL;
	}
	if (cache_dir) {
		uint64_t h = hash_bytes(top, strlen(top), HASH_SEED);
		t->cache_path = xasprintf("%s/.mmiocheck-kconfig-%016llx", cache_dir, (unsigned long long)h);
	}
	VEC_PUSH(trees, t);
	return t;
}

struct kernel_tree *kernel_tree_of(const char *source, const char *cache_dir)
{
	char real[PATH_MAX];

	if (!realpath(source, real))
		return NULL;
	for (char *slash = strrchr(real, '/'); slash && slash > real; slash = strrchr(real, '/')) {
		*slash = '\0';
		if (looks_like_top(real))
			return tree_at(real, cache_dir);
	}
	return NULL;
}

const char *kernel_tree_top(const struct kernel_tree *t)
{
	return t->top;
}

const char *kernel_tree_version(const struct kernel_tree *t)
{
	return t->version_text;
}

static void free_tree(struct kernel_tree *t)
{
	free(t->top);
	free(t->cache_path);
	strvec_free(&t->arches);
	if (t->syms)
		strpool_free(t->syms);
	VEC_FREE(t->masks);
	free(t);
}

void kernel_trees_free(void)
{
	for (size_t i = 0; i < trees.n; i++)
		free_tree(trees.v[i]);
	VEC_FREE(trees);
}

static void set_mask(struct kernel_tree *t, const char *sym, uint32_t mask)
{
	str_id id = strpool_intern(t->syms, sym);

	while (t->masks.n <= id)
		VEC_PUSH(t->masks, 0);
	t->masks.v[id] = mask;
}

/* ---- the cache file ---- */

/* Load the cache if every Kconfig file it lists is unchanged. */
static bool load_cache(struct kernel_tree *t)
{
	struct strbuf sb = STRBUF_INIT;
	bool ok = t->cache_path && strbuf_read_file(&sb, t->cache_path) == 0 &&
		  !strncmp(sb.buf, CACHE_MAGIC "\n", strlen(CACHE_MAGIC) + 1);

	for (char *p = ok ? sb.buf : NULL, *nl; ok && p && *p; p = nl ? nl + 1 : NULL) {
		nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		char name[256];
		long long mtime, size;
		unsigned mask;
		int at = 0;
		struct stat st;
		if (!strncmp(p, "tree ", 5)) {
			ok = !strcmp(p + 5, t->top);
		} else if (!strncmp(p, "arch ", 5)) {
			VEC_PUSH(t->arches, xstrdup(p + 5));
		} else if (!strncmp(p, "file ", 5)) {
			ok = sscanf(p, "file %lld %lld %n", &mtime, &size, &at) == 2 && at > 0 &&
			     stat(p + at, &st) == 0 && (long long)st.st_mtime == mtime && (long long)st.st_size == size;
		} else if (sscanf(p, "sym %255s %x", name, &mask) == 2) {
			set_mask(t, name, mask);
		}
	}
	strbuf_release(&sb);
	return ok;
}

struct cache_writer {
	struct kernel_tree *t;
	struct kconfig *kc;
	FILE *out;
};

static void cache_symbol(void *arg, const char *name)
{
	struct cache_writer *w = arg;
	uint32_t mask = kconfig_arches(w->kc, name);

	set_mask(w->t, name, mask);
	if (w->out)
		fprintf(w->out, "sym %s %x\n", name, mask);
}

/* Write the cache next to its final name and rename it: a make -j
 * sibling reads the old file or the new one, never half of one. */
static void compute_all(struct kernel_tree *t, struct kconfig *kc)
{
	char *tmp = t->cache_path ? xasprintf("%s.%ld.tmp", t->cache_path, (long)getpid()) : NULL;
	struct cache_writer w = { t, kc, tmp ? fopen(tmp, "w") : NULL };
	struct stat st;

	for (size_t i = 0; i < kconfig_narches(kc); i++)
		VEC_PUSH(t->arches, xstrdup(kconfig_arch(kc, i)));
	if (w.out) {
		fprintf(w.out, CACHE_MAGIC "\ntree %s\n", t->top);
		for (size_t i = 0; i < t->arches.n; i++)
			fprintf(w.out, "arch %s\n", t->arches.v[i]);
		for (size_t i = 0; i < kconfig_nfiles(kc); i++)
			if (stat(kconfig_file(kc, i), &st) == 0)
				fprintf(w.out, "file %lld %lld %s\n", (long long)st.st_mtime, (long long)st.st_size,
					kconfig_file(kc, i));
	}
	kconfig_each_symbol(kc, cache_symbol, &w);
	if (w.out && (fclose(w.out) != 0 || rename(tmp, t->cache_path) != 0))
		unlink(tmp);
	free(tmp);
}

/* Every symbol's architectures: from the cache, else from the Kconfig. */
static bool load_symbols(struct kernel_tree *t)
{
	struct strbuf err = STRBUF_INIT;

	if (t->loaded)
		return t->arches.n > 0;
	t->loaded = true;
	t->syms = strpool_new();
	if (!load_cache(t)) {
		strvec_free(&t->arches);
		strpool_free(t->syms);
		t->syms = strpool_new();
		VEC_FREE(t->masks);
		struct kconfig *kc = kconfig_load(t->top, &err);
		if (kc)
			compute_all(t, kc);
		kconfig_free(kc);
	}
	strbuf_release(&err);
	return t->arches.n > 0;
}

static uint32_t symbol_mask(const struct kernel_tree *t, const char *sym)
{
	str_id id = strpool_find(t->syms, sym);

	return id && id < t->masks.n ? t->masks.v[id] : 0;
}

uint32_t kernel_tree_symbol_arches(struct kernel_tree *t, const char *sym)
{
	return load_symbols(t) ? symbol_mask(t, sym) : 0;
}

size_t kernel_tree_narches(struct kernel_tree *t)
{
	return load_symbols(t) ? t->arches.n : 0;
}

const char *kernel_tree_arch(const struct kernel_tree *t, size_t i)
{
	return i < t->arches.n ? t->arches.v[i] : NULL;
}

const unsigned *kernel_tree_version_numbers(const struct kernel_tree *t)
{
	return t->version;
}
