/*
 * session_int.h - what the files of analyzer/session/ share: the session
 * itself and the steps of one analysis (session.c opens and closes,
 * program.c runs the passes, check_unit.c checks one unit).
 */
#ifndef MMIOCHECK_SESSION_INT_H
#define MMIOCHECK_SESSION_INT_H

#include "mmiocheck/mmiocheck.h"
#include "../checks/checks.h"
#include "../frontend/frontend.h"
#include "../interproc/interproc.h"
#include "../store/store.h"
#include "unit_reuse.h"

struct mc_session {
	struct rules *rules;
	struct engine_config cfg;
	struct frontend *fe;
	struct store *store;
	long long run_id;
	char *source_root;
	const char *model_names[ENG_MAX_MODELS];
	size_t nmodel_names;
	bool any_errors;
	struct strpool *strings;	/* shared by every unit of the session */
	bool strict;			/* MMIO005 in setup paths too */
	bool pedantic;			/* MMIO005 on weak evidence too */
	int max_seconds;		/* --max-seconds: per unit, 0 = none */
	size_t rechecked;		/* stale callers analyzed again */

	struct incr *incr;	/* NULL: no incremental reuse */
	bool named_run, attached_run, interrupted;
	bool store_failed;	/* a unit could not be written (disk full, locked) */
	bool marked_failed;	/* ... and the run's status says so already */
	bool defer_recheck;	/* the caller re-runs stale callers (-p workers) */
	bool force_parse;	/* no reuse: re-checking stale callers */
	struct mc_stats stats;	/* --stats: phase times and engine work */
	mc_place_fn place;	/* where each unit runs (place.c), or NULL */
	void *place_arg;
};


typedef VEC(struct mc_result *) result_vec;
typedef VEC(char *) path_vec;

/* The file name findings show: relative to --source-root when under it. */
const char *session_display_path(const struct mc_session *s, const char *path);
/* Run the checks on every function of the k-th unit of p (already solved):
 * its result without findings, and its chains in *rows (without the
 * program-wide ones: checks_program_end).  session_group_findings then
 * turns the chains into the result's findings. */
struct mc_result *session_check_unit(struct mc_session *s, struct ipa_program *p, size_t k,
				     struct check_program *prog, struct finding_vec *rows);
/* Give each chain its defect fingerprint and group them into res's
 * findings, one per defect (defect_id.c); takes the rows. */
void session_group_findings(const struct mc_session *s, const struct ipa_program *p, struct mc_result *res,
			    struct finding_vec *rows);

/* The placement of the unit at `path`, or NULL (place.c). */
const struct mc_placement *session_placement(const struct mc_session *s, const char *path);
/* Keep only the chains that hold under a model of the unit's placement,
 * saying where each applies (place.c); before they are grouped into
 * defects, so a defect keeps the models it holds under there. */
void session_place_rows(const struct mc_placement *p, struct finding_vec *rows);

#endif
