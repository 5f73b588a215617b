/*
 * run_inputs.h - what Kbuild mode and incremental runs keep in the
 * findings database, beside schema version 1 (docs/kernel.md):
 *
 *   named_runs    a run shared by every checker process of a build
 *                 (MMIOCHECK_RUN, default "kbuild"); re-running the build
 *                 replaces its files' rows, so nothing is duplicated;
 *   file_inputs   per stored unit: the source's real path, the hash of the
 *                 clang arguments (and working directory), the tool key
 *                 (version, models, options, rules) - what decides reuse;
 *   file_includes every header the unit read, with its content hash.
 *
 * The tables are schema step 6 (migrations.c).
 */
#ifndef MMIOCHECK_STORE_RUN_INPUTS_H
#define MMIOCHECK_STORE_RUN_INPUTS_H

#include "store.h"

/* One input of a unit: a header's path and its 16-hex-digit content hash. */
struct store_input {
	char *path;
	char hash[17];
};

/* What identifies a unit's inputs apart from its headers. */
struct store_unit_key {
	const char *source;	/* real path of the main file */
	const char *shown;	/* files.path: the path findings show */
	const char *main_hash;	/* files.content_hash */
	const char *flags_hash;	/* clang arguments + working directory */
	const char *tool_key;	/* version, models, options, rules contents */
};

/* A stored unit whose key matches: where it is and what it included. */
struct store_reusable {
	long long file_id, run_id;
	struct store_input *inputs;
	size_t ninputs;
};

/* The id of the run called `name`, created (with the given columns) by the
 * first process that asks; race-free across processes.  -1 with err set. */
long long store_named_run(struct store *st, const char *name, const char *tool_version,
			  const char *models, const char *argv_text, const char *cwd,
			  struct strbuf *err);
/* Record activity on a shared run: finished_at = now, status = `status`,
 * except that 'errors' stays once any process reported it. */
int store_touch_run(struct store *st, long long run_id, const char *status, struct strbuf *err);

/* Record the inputs of the unit stored as (run_id, key->shown). */
int store_record_inputs(struct store *st, long long run_id, const struct store_unit_key *key,
			const struct store_input *inputs, size_t ninputs, struct strbuf *err);
/* The newest stored unit with this key; 1 found (*out filled, free with
 * store_reusable_release), 0 none, -1 error (err set). */
int store_find_reusable(struct store *st, const struct store_unit_key *key,
			struct store_reusable *out, struct strbuf *err);
void store_reusable_release(struct store_reusable *r);
/* Rebuild the result of a stored unit (file row, errors, functions,
 * findings, traces) into *res, which the caller zeroed and frees with
 * mc_result_free() either way.  0, or -1 with err set. */
int store_load_result(struct store *st, long long file_id, struct mc_result *res, struct strbuf *err);

#endif
