/*
 * escape_common.h - what MMIO001, MMIO002 and MMIO006 share: describing an
 * escape (acquire, the escaping writes, the release) as a trace.
 */
#ifndef MMIOCHECK_ESCAPE_COMMON_H
#define MMIOCHECK_ESCAPE_COMMON_H

#include "checks.h"

/* Does MMIO002 explain this write (flag reset by an inner lock)? */
static inline bool escape_is_flag_reset(const struct check_ctx *ctx, const struct eng_write *w)
{
	(void)ctx;
	return w->flag_reset_node != IR_NONE && w->reference_ordered;
}

/*
 * The escape a finding on esc rests on: its writes that `select` takes,
 * less those a capped summary kept for their ordering alone when others
 * remain (escape_common.c, drafted_writes()).  The writes go into picked
 * (room for ENG_MAX_WRITES); drafting the result again gives it back.
 */
struct eng_escape escape_drafted(const struct check_ctx *ctx, const struct eng_escape *esc,
				 bool (*select)(const struct check_ctx *ctx, const struct eng_write *w),
				 struct eng_write *picked);

/*
 * Draft a finding at the last of the writes it rests on (escape_drafted()),
 * with the trace acquire -> writes -> [inner acquire] -> [bounded] ->
 * release; a note, shown with --pedantic only, when they are all writes a
 * capped summary kept.  `select` picks writes.  Returns NULL when no write
 * is selected.
 */
struct finding_draft *escape_draft(struct check_ctx *ctx, const char *id, const struct eng_escape *esc,
				   bool (*select)(const struct check_ctx *ctx, const struct eng_write *w), int *nselected);

#endif
