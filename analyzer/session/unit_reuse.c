/*
 * unit_reuse.c - deciding whether a unit can be reused, and recording
 * what a parsed unit read (see unit_reuse.h).
 */
#include "unit_reuse.h"
#include "../store/summaries.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One header already hashed by this process: many units share headers. */
struct hashed_file {
	char *path;
	char hash[17];
};

struct incr {
	char tool_key[17];
	VEC(struct hashed_file) cache;	/* sorted by path */
	size_t reused;
};

/* One unit between incr_begin_unit and incr_end_unit. */
struct incr_unit {
	char *source;			/* real path of the main file */
	char flags_hash[17], main_hash[17];
	VEC(struct store_input) inputs;	/* what the parse read */
	struct store_reusable found;	/* the stored unit, when reusable */
	bool have_found;
};

static void hex64(char out[17], uint64_t h)
{
	snprintf(out, 17, "%016llx", (unsigned long long)h);
}

/* Fold a file's bytes (or its absence) into h. */
static uint64_t hash_file_into(uint64_t h, const char *path)
{
	h = hash_bytes(path, strlen(path) + 1, h);
	hash_file(path, h, &h);
	return h;
}

static int cmp_cstr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Fold every *.json of the rules directory, in name order, into h. */
static uint64_t hash_rules_dir(uint64_t h, const char *dir)
{
	VEC(char *) names = VEC_INIT;
	DIR *d = opendir(dir);
	struct dirent *de;

	while (d && (de = readdir(d))) {
		size_t n = strlen(de->d_name);
		if (n > 5 && de->d_name[0] != '.' && !strcmp(de->d_name + n - 5, ".json"))
			VEC_PUSH(names, xasprintf("%s/%s", dir, de->d_name));
	}
	if (d)
		closedir(d);
	if (names.n)
		qsort(names.v, names.n, sizeof(names.v[0]), cmp_cstr);
	for (size_t i = 0; i < names.n; i++) {
		h = hash_file_into(h, names.v[i]);
		free(names.v[i]);
	}
	VEC_FREE(names);
	return h;
}

struct incr *incr_new(const struct mc_options *opt, const char *rules_dir, const char *models_text)
{
	struct incr *in = xcalloc(1, sizeof(*in));
	/* keys=2: summaries keyed by module (interproc/callgraph.c);
	 * summary=5: return-value keys, branches on parameters and their bits,
	 * the calls kept branches test, constants in condition keys as
	 * spelled (interproc/serialize.c); defects=1:
	 * rows carry their defect; units stored with older ones are not
	 * reused.  The checks turned on or off change the findings too. */
	char *opts = xasprintf("%s|keys=2|summary=5|defects=1|%s|rt=%d|states=%d|strict=%d|pedantic=%d|secs=%d|mem=%zu|root=%s|checks=%s",
			       MMIOCHECK_VERSION, models_text, opt->preempt_rt,
			       opt->max_states ? opt->max_states : MC_DEFAULT_MAX_STATES, opt->strict, opt->pedantic,
			       opt->max_seconds, opt->max_memory, opt->source_root ? opt->source_root : "",
			       opt->checks ? opt->checks : "");
	uint64_t h = hash_bytes(opts, strlen(opts), HASH_SEED);

	h = hash_rules_dir(h, rules_dir);
	for (int i = 0; i < opt->nextra_rules; i++)
		h = hash_file_into(h, opt->extra_rules[i]);
	hex64(in->tool_key, h);
	free(opts);
	return in;
}

void incr_unit_free(struct incr_unit *iu)
{
	if (!iu)
		return;
	free(iu->source);
	for (size_t i = 0; i < iu->inputs.n; i++)
		free(iu->inputs.v[i].path);
	VEC_FREE(iu->inputs);
	if (iu->have_found)
		store_reusable_release(&iu->found);
	free(iu);
}

void incr_free(struct incr *in)
{
	if (!in)
		return;
	for (size_t i = 0; i < in->cache.n; i++)
		free(in->cache.v[i].path);
	VEC_FREE(in->cache);
	free(in);
}

/* Content hash of a header now (hash_header), as 16 hex digits ("" if
 * unreadable); cached for the life of the process, which never outlives
 * one build step. */
static const char *current_hash(struct incr *in, const char *path)
{
	size_t lo = 0, hi = in->cache.n;
	struct hashed_file f;
	uint64_t h;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(in->cache.v[mid].path, path);
		if (!c)
			return in->cache.v[mid].hash;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	f.path = xstrdup(path);
	f.hash[0] = '\0';
	if (hash_header(path, &h))
		hex64(f.hash, h);
	VEC_GROW(in->cache, in->cache.n + 1);
	memmove(in->cache.v + lo + 1, in->cache.v + lo, (in->cache.n - lo) * sizeof(f));
	in->cache.v[lo] = f;
	in->cache.n++;
	return in->cache.v[lo].hash;
}

/* Key of the unit: real source path, main-file hash, arguments + cwd. */
static int compute_key(struct incr_unit *iu, const char *path, const char *const *args,
		       int nargs, const char *salt, char **err)
{
	char real[PATH_MAX], cwd[PATH_MAX];
	uint64_t h;

	if (!realpath(path, real)) {
		*err = xasprintf("%s: cannot resolve the path", path);
		return -1;
	}
	iu->source = xstrdup(real);
	iu->main_hash[0] = '\0';
	if (hash_file(real, HASH_SEED, &h))	/* as the files table stores it */
		hex64(iu->main_hash, h);
	if (!getcwd(cwd, sizeof(cwd)))
		cwd[0] = '\0';
	h = hash_bytes(cwd, strlen(cwd) + 1, HASH_SEED);
	for (int i = 0; i < nargs; i++)
		h = hash_bytes(args[i], strlen(args[i]) + 1, h);
	if (salt)
		h = hash_bytes(salt, strlen(salt) + 1, h);
	hex64(iu->flags_hash, h);
	return 0;
}

/* Do all the stored headers still have their stored hashes? */
static bool inputs_unchanged(struct incr *in, const struct store_reusable *r)
{
	for (size_t i = 0; i < r->ninputs; i++)
		if (strcmp(current_hash(in, r->inputs[i].path), r->inputs[i].hash))
			return false;
	return true;
}

struct incr_unit *incr_begin_unit(struct incr *in, struct store *st, const char *path, const char *shown,
				  const char *const *args, int nargs, const char *salt, struct mc_result **res,
				  char **err)
{
	struct incr_unit *iu = xcalloc(1, sizeof(*iu));
	struct store_unit_key key;
	struct strbuf sb = STRBUF_INIT;
	int found;

	*res = NULL;
	if (compute_key(iu, path, args, nargs, salt, err) < 0) {
		incr_unit_free(iu);
		return NULL;
	}
	if (!st || !iu->main_hash[0])
		return iu;
	key = (struct store_unit_key){ iu->source, shown, iu->main_hash, iu->flags_hash, in->tool_key };
	strbuf_init(&sb);
	found = store_find_reusable(st, &key, &iu->found, &sb);
	iu->have_found = found == 1;
	if (found == 1 && inputs_unchanged(in, &iu->found)) {
		*res = xcalloc(1, sizeof(**res));
		if (store_load_result(st, iu->found.file_id, *res, &sb) < 0) {
			mc_result_free(*res);
			*res = NULL;
			found = -1;
		} else {
			(*res)->reused = true;
		}
	}
	if (found < 0) {
		*err = xasprintf("%s: %s", path, sb.buf);
		incr_unit_free(iu);
		iu = NULL;
	}
	strbuf_release(&sb);
	return iu;
}

int incr_adopt(struct incr *in, struct incr_unit *iu, struct store *st, long long run_id,
	       const struct mc_result *res, const char *shown, char **err)
{
	struct store_unit_key key = { iu->source, shown, iu->main_hash, iu->flags_hash, in->tool_key };
	struct strbuf sb = STRBUF_INIT;
	int rc = 0;

	in->reused++;
	if (iu->found.run_id == run_id)
		return 0;	/* already there: a re-run adds nothing */
	strbuf_init(&sb);
	if (store_add_unit_from(st, run_id, res, iu->found.file_id, &sb) < 0 ||
	    store_record_inputs(st, run_id, &key, iu->found.inputs, iu->found.ninputs, &sb) < 0) {
		*err = xasprintf("%s: %s", res->path, sb.buf);
		rc = -1;
	}
	strbuf_release(&sb);
	return rc;
}

void incr_note_inputs(struct incr_unit *iu, const struct ir_unit *u)
{
	for (size_t i = 0; i < u->inputs.n; i++) {
		struct store_input si;
		si.path = xstrdup(u->inputs.v[i].path);
		hex64(si.hash, u->inputs.v[i].hash);
		VEC_PUSH(iu->inputs, si);
	}
}

int incr_end_unit(struct incr *in, struct incr_unit *iu, struct store *st, long long run_id,
		  const char *shown, char **err)
{
	struct store_unit_key key = { iu->source, shown, iu->main_hash, iu->flags_hash, in->tool_key };
	struct strbuf sb = STRBUF_INIT;
	int rc = 0;

	if (st && iu->main_hash[0]) {
		strbuf_init(&sb);
		rc = store_record_inputs(st, run_id, &key, iu->inputs.v, iu->inputs.n, &sb);
		if (rc < 0)
			*err = strbuf_detach(&sb);
		strbuf_release(&sb);
	}
	return rc;
}

size_t incr_reused(const struct incr *in)
{
	return in ? in->reused : 0;
}

const char *incr_tool_key(const struct incr *in)
{
	return in->tool_key;
}
