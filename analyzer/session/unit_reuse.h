/*
 * unit_reuse.h - reuse of stored results for units whose inputs did not
 * change (the session side; the tables are in store/run_inputs.c).
 *
 * A unit is reused when a stored unit has the same source (real path), the
 * same shown path, the same main-file hash, the same clang arguments and
 * working directory, the same tool key (mmiocheck version, models,
 * options, the bytes of every rules file), and every header it included
 * still has the content hash it had then.  A reused unit stored in another
 * run is copied into this run; one already in this run (a Kbuild re-run)
 * is left as it is, so nothing is duplicated.
 */
#ifndef MMIOCHECK_SESSION_UNIT_REUSE_H
#define MMIOCHECK_SESSION_UNIT_REUSE_H

#include "mmiocheck/mmiocheck.h"
#include "../ir/ir.h"
#include "../store/run_inputs.h"

struct incr;
struct incr_unit;	/* one unit's key and the headers it read */

/* rules_dir and models_text as the session resolved them. */
struct incr *incr_new(const struct mc_options *opt, const char *rules_dir, const char *models_text);
void incr_free(struct incr *in);

/*
 * Start a unit: compute its key and look for a stored unit with the same
 * key whose headers are unchanged.  Returns the unit (NULL on error, *err
 * set); *res is then the stored result when it can be reused, else NULL.
 * Nothing is written yet: the caller decides (incr_adopt).  salt (or NULL)
 * is part of the key: the unit's placement (where it runs).
 */
struct incr_unit *incr_begin_unit(struct incr *in, struct store *st, const char *path, const char *shown,
				  const char *const *args, int nargs, const char *salt, struct mc_result **res,
				  char **err);
/* Reuse it: copy the stored unit (rows, summaries, summary uses, inputs)
 * into run_id, unless it is there already.  0, or -1 with *err set. */
int incr_adopt(struct incr *in, struct incr_unit *iu, struct store *st, long long run_id,
	       const struct mc_result *res, const char *shown, char **err);
/* Keep the headers the parsed unit read (before the unit is freed). */
void incr_note_inputs(struct incr_unit *iu, const struct ir_unit *u);
/* After the unit was stored as (run_id, shown): record its inputs.  A
 * failure only means the unit will not be reused: -1 with *err set. */
int incr_end_unit(struct incr *in, struct incr_unit *iu, struct store *st, long long run_id,
		  const char *shown, char **err);
void incr_unit_free(struct incr_unit *iu);

/* Units reused so far by this session. */
size_t incr_reused(const struct incr *in);
/* The tool key: version, models, options and rules contents, as 16 hex
 * digits (what a stored unit or header summary must have been made with). */
const char *incr_tool_key(const struct incr *in);

#endif
