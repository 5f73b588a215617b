/*
 * MMIO005 unlocked-mmio-write: a write to a device register that is written
 * under lock L in most places, done without L.
 *
 * A lockset inference in the spirit of RacerD, over every function of the
 * program: each write site (a write in a function's own body, or a call
 * through which a helper's write is spliced in) records the locks held on
 * every path reaching it.  Sites are grouped by register (the address with
 * its base written as a type path, so `priv->regs + CTRL` and
 * `dev->regs + CTRL` of the same struct are one register).  When a lock is
 * held at two or more sites of a register and at more sites than not, the
 * sites without it are reported, with the locked ones as evidence.
 * The check is off by default; --pedantic turns it on with every finding,
 * --enable MMIO005 with only strong evidence (the strong_*
 * options, docs/rules/MMIO005.md "Evidence"): enough locked sites outside
 * setup paths, in more than one function, a key that names one register,
 * and an unlocked site that holds no lock and runs in a kernel entry
 * point; Linux 6.1's weaker findings were nearly all wrong.
 *
 * A function that has callers is not an unlocked site itself: its writes
 * (and its helpers') are sites in its callers (spliced), where the
 * caller's locks are known.  Sites in probe/init/remove paths (named *_probe, *_init,
 * *_remove or marked __init), in dev_pm_ops system-sleep callbacks, and in
 * an open path (ndo_open) before it requests its interrupt run before the
 * device is shared and are reported only with --strict
 * (rules/checks.json, rules/frameworks/entry-points.json).
 *
 * A coarse lock a framework holds around a whole callback (RTNL around
 * ndo_open, marked "coarse" in rules/frameworks; the SCSI midlayer's
 * host_lock in the DEF_SCSI_QCMD wrapper a kernel macro defines) is the
 * core's serialization, not the driver's discipline for a register: it is
 * not one of a site's locks unless --strict.
 */
#include "checks.h"
#include "caller_locks.h"
#include "../rules/entry_points.h"

#include <assert.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SITE_LOCKS 8
#define SEVERAL_FILES ((str_id)UINT32_MAX)	/* write_site.lock_files */
#define MAX_EVIDENCE 3

struct write_site {
	str_id reg;
	char *file, *function, *accessor, *reg_text;
	uint32_t line, col, node;
	char *line_text;
	char *inner;			/* "writel() in foo_write_reg() at f.c:20", or NULL */
	char *site_file, *site_function;	/* the unlocked site (mc_chain.site_*) */
	uint32_t site_line, site_col;
	str_id locks[MAX_SITE_LOCKS];	/* held on every path (lock_type or name) */
	char *lock_names[MAX_SITE_LOCKS];
	str_id lock_files[MAX_SITE_LOCKS];	/* the file its acquire is in,
					 * SEVERAL_FILES when paths take it in
					 * two files, 0 when no code took it */
	VEC(str_id) code_files;		/* the files of the code every path to the
					 * write runs: the accessor's and each
					 * call's on the way down */
	uint32_t last_write;		/* the write node code_files last met */
	int nlocks;
	bool atomic;			/* a spinning lock is held on every path to
					 * it: it cannot take a sleeping one */
	bool init_path;
	bool in_callers;		/* its function has callers, which judge
					 * it: evidence for the locks it holds,
					 * never reported, nor a vote against
					 * unless never_locked */
	bool called_by_name_only;	/* ... every call of it is seen: the locks
					 * held at all of them are its too */
	bool callers_see;		/* ... and its callers' runs see the write
					 * (check_fn_info.summary_keeps_writes):
					 * they split its chains, not this site */
	bool never_locked;		/* ... and no chain of calls to it holds a
					 * driver lock, some outside setup paths:
					 * a vote against, though judged in its
					 * callers (caller_locks_never_held()) */
	char *entry;			/* the kernel runs its function with no
					 * driver lock held: "a NAPI poll
					 * function (...)", or NULL */
	int chain;			/* 0, or 1 + its group in the split of
					 * its callers' chains (split_site()) */
};

struct mmio005_program {
	bool strict, pedantic;
	VEC(struct write_site) sites;
	struct caller_locks *callers;	/* locks held at every call, by callee */
	VEC(str_id) sleeping;		/* the keys of the sleeping driver locks
					 * held at a write (a mutex) */
};

/* How much a register's sites say that `lock` protects it. */
struct lock_evidence {
	str_id lock;
	const char *lock_name;
	int locked;			/* sites holding it (the weak bar) */
	int without;			/* sites without it that vote (not setup
					 * paths, unless --strict) */
	int runtime_locked;		/* locked sites outside setup paths */
	int runtime_functions;		/* the functions they are in */
	bool sleeping;			/* a mutex: a site holding a spinlock
					 * cannot take it */
};

struct mmio005_fn {
	VEC(struct write_site) sites;	/* this function's, by top node */
	bool setup;			/* runs before the device is shared */
	bool *after_irq;		/* open path: per node, reachable from an
					 * interrupt registration; NULL otherwise */
	struct call_site_locks *calls;	/* the locks held at its calls */
};

static void *mmio005_begin_program(const struct engine_config *cfg, const struct check_run_flags *flags)
{
	struct mmio005_program *p = xcalloc(1, sizeof(*p));

	(void)cfg;
	p->callers = caller_locks_new();
	p->strict = flags->strict;
	p->pedantic = flags->pedantic;
	return p;
}

/* An IR_CALL that registers an interrupt handler
 * (rules/frameworks/entry-points.json, kind irq). */
static bool is_irq_registration(const struct check_ctx *ctx, const struct ir_node *n)
{
	const char *callee = n->op == IR_CALL && !n->indirect && n->callee ? check_str(ctx, n->callee) : NULL;

	for (uint32_t a = 0; callee && a < n->nargs; a++) {
		const struct entry_point *e = rules_entry_call(ctx->rules, callee, (int)a);
		if (e && e->kind == ENTRY_IRQ)
			return true;
	}
	return false;
}

/* A registration, or a call of a function of the file that makes one in
 * its body (e1000_open() calls e1000_request_irq(), which calls
 * request_irq()). */
static bool registers_irq(const struct check_ctx *ctx, const struct ir_node *n)
{
	if (n->op != IR_CALL || n->indirect || !n->callee)
		return false;
	if (is_irq_registration(ctx, n))
		return true;
	for (size_t i = 0; i < ctx->unit->functions.n; i++) {
		const struct ir_function *fn = ctx->unit->functions.v[i];
		if (fn->name != n->callee)
			continue;
		for (size_t k = 0; k < fn->nodes.n; k++)
			if (is_irq_registration(ctx, &fn->nodes.v[k]))
				return true;
	}
	return false;
}

/* Nodes an interrupt registration can precede; NULL when the function
 * registers none (then nothing of it is setup: its interrupt was
 * requested elsewhere, at probe). */
static bool *nodes_after_irq(const struct check_ctx *ctx)
{
	const struct ir_function *fn = ctx->fn;
	VEC(uint32_t) regs = VEC_INIT;
	bool *seen = NULL;

	for (uint32_t i = 0; i < fn->nodes.n; i++)
		if (registers_irq(ctx, &fn->nodes.v[i]))
			VEC_PUSH(regs, i);
	if (regs.n) {
		seen = xcalloc(fn->nodes.n, sizeof(*seen));
		ir_mark_reached(fn, regs.v, regs.n, seen);
	}
	VEC_FREE(regs);
	return seen;
}

/* Does the function run before the device is shared: marked __init, a
 * setup slot (dev_pm_ops), or named by the option setup_functions (globs
 * of probe/init/remove functions, rules/checks.json)? */
static bool setup_function(const struct check_ctx *ctx)
{
	const char *globs = check_info_text(check_own_info(ctx), "setup_functions");
	const char *name = check_str(ctx, ctx->fn->name);
	bool hit = ctx->fn->is_init || ctx->info->setup_entry;

	if (hit || !globs)
		return hit;
	char *list = xstrdup(globs), *save = NULL;
	for (char *g = strtok_r(list, ",", &save); g && !hit; g = strtok_r(NULL, ",", &save))
		hit = fnmatch(g, name, 0) == 0;
	free(list);
	return hit;
}

static void *mmio005_begin(struct check_ctx *ctx)
{
	struct mmio005_fn *st = xcalloc(1, sizeof(struct mmio005_fn));

	st->setup = setup_function(ctx);
	st->calls = call_site_locks_new(ctx->fn->nodes.n);

	if (ctx->info->open_until_irq)
		st->after_irq = nodes_after_irq(ctx);
	return st;
}

static str_id lock_key(const struct eng_lock *l)
{
	return l->lock_type ? l->lock_type : l->lock;
}

static void site_free(struct write_site *s)
{
	free(s->file);
	free(s->function);
	free(s->accessor);
	free(s->reg_text);
	free(s->line_text);
	free(s->inner);
	free(s->site_file);
	free(s->site_function);
	free(s->entry);
	VEC_FREE(s->code_files);
	for (int i = 0; i < s->nlocks; i++)
		free(s->lock_names[i]);
}

/* A copy of s that owns its own strings. */
static struct write_site site_dup(const struct write_site *s)
{
	struct write_site d = *s;
	char **strs[] = { &d.file, &d.function, &d.accessor, &d.reg_text, &d.line_text,
			  &d.inner, &d.site_file, &d.site_function, &d.entry };

	for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); i++)
		*strs[i] = *strs[i] ? xstrdup(*strs[i]) : NULL;
	for (int i = 0; i < d.nlocks; i++)
		d.lock_names[i] = xstrdup(s->lock_names[i]);
	d.code_files.v = NULL;
	d.code_files.n = d.code_files.cap = 0;
	for (size_t i = 0; i < s->code_files.n; i++)
		VEC_PUSH(d.code_files, s->code_files.v[i]);
	return d;
}

/* Is file one of files? */
static bool file_listed(const struct write_site *s, str_id file)
{
	return str_id_in(s->code_files.v, s->code_files.n, file);
}

/* Does the code a write at node runs, from the accessor up the calls it
 * was spliced in through to the function's own call, run in file? */
static bool code_runs_in(const struct check_ctx *ctx, uint32_t node, str_id file)
{
	for (uint32_t x = node; x != IR_NONE; x = check_node(ctx, x)->call_site)
		if (check_node(ctx, x)->loc.file == file)
			return true;
	return false;
}

/* s->code_files := the files of the code a write at node runs (as
 * code_runs_in()), each once. */
static void set_code_files(const struct check_ctx *ctx, struct write_site *s, uint32_t node)
{
	for (uint32_t x = node; x != IR_NONE; x = check_node(ctx, x)->call_site) {
		str_id f = check_node(ctx, x)->loc.file;
		if (f && !file_listed(s, f))
			VEC_PUSH(s->code_files, f);
	}
	s->last_write = node;
}

/* The file of the code that took lock l, 0 when no code did (a caller's
 * or framework's lock the analysis adds). */
static str_id acquire_file(const struct check_ctx *ctx, const struct eng_lock *l)
{
	if (l->acquire_node == IR_NONE)
		return 0;
	const struct ir_node *a = check_node(ctx, l->acquire_node);
	return a->synthetic ? 0 : a->loc.file;
}

/* Whether a held lock is evidence of the driver's locking: exclusive, and
 * (unless --strict) not a framework's coarse context. */
static bool driver_lock(const struct check_ctx *ctx, const struct eng_lock *l)
{
	const struct mmio005_program *prog = ctx->program_scratch[ctx->current];

	if (l->shared)
		return false;
	if ((prog && prog->strict) || l->acquire_node == IR_NONE)
		return true;
	return !check_node(ctx, l->acquire_node)->coarse_context;
}

/* The kind of held lock l (rules/locks.json). */
static const struct lock_kind *kind_of(const struct check_ctx *ctx, const struct eng_lock *l)
{
	assert(l->kind >= 0 && (size_t)l->kind < ctx->rules->kinds.n);
	return &ctx->rules->kinds.v[l->kind];
}

/* Is lock l one a holder may not sleep under (a spinlock, not a mutex nor
 * a sparse context marker)? */
static bool spinning(const struct check_ctx *ctx, const struct eng_lock *l)
{
	const struct lock_kind *k = kind_of(ctx, l);

	return !k->sleeping && !k->marker;
}

/* Does a path holding held[0..nheld) hold a spinning lock? */
static bool atomic_path(const struct check_ctx *ctx, int nheld, const struct eng_lock *held)
{
	for (int i = 0; i < nheld; i++)
		if (spinning(ctx, &held[i]))
			return true;
	return false;
}

/* Is key among the sleeping driver locks seen? */
static bool sleeping_key(const struct mmio005_program *prog, str_id key)
{
	return str_id_in(prog->sleeping.v, prog->sleeping.n, key);
}

/* Note that driver lock l, held at a write, sleeps, when it does. */
static void note_sleeping(const struct check_ctx *ctx, struct mmio005_program *prog, const struct eng_lock *l)
{
	str_id key = lock_key(l);

	if (prog && kind_of(ctx, l)->sleeping && !sleeping_key(prog, key))
		VEC_PUSH(prog->sleeping, key);
}

/* First visit of a site: its locks are this path's driver locks. */
static void site_init(struct check_ctx *ctx, const struct mmio005_fn *st, struct write_site *s, uint32_t node,
		      uint32_t top, int nheld, const struct eng_lock *held)
{
	const struct ir_node *n = check_node(ctx, node), *t = check_node(ctx, top);
	size_t len;
	const char *text = ir_unit_line(ctx->unit, t->loc.line, &len);

	memset(s, 0, sizeof(*s));
	s->reg = n->reg;
	s->node = top;
	s->file = xstrdup(ctx->display_path);
	s->function = xstrdup(check_str(ctx, ctx->fn->name));
	s->accessor = xstrdup(n->spelled ? check_str(ctx, n->spelled) : "write");
	s->reg_text = xstrdup(check_str(ctx, n->reg));
	s->line = t->loc.line;
	s->col = t->loc.col;
	s->line_text = xstrndup(text, len);
	/* the fix is to take the lock here: one defect per unlocked site,
	 * whatever registers the helper it calls writes */
	s->site_file = xstrdup(ctx->display_path);
	s->site_function = xstrdup(check_str(ctx, ctx->fn->name));
	s->site_line = t->loc.line;
	s->site_col = t->loc.col;
	if (node != top)
		s->inner = xasprintf("%s() in %s() at line %u", s->accessor,
				     check_str(ctx, check_node(ctx, n->call_site)->callee), n->loc.line);
	for (int i = 0; i < nheld && s->nlocks < MAX_SITE_LOCKS; i++) {
		if (!driver_lock(ctx, &held[i]))
			continue;
		note_sleeping(ctx, ctx->program_scratch[ctx->current], &held[i]);
		s->locks[s->nlocks] = lock_key(&held[i]);
		s->lock_files[s->nlocks] = acquire_file(ctx, &held[i]);
		s->lock_names[s->nlocks++] = xstrdup(check_str(ctx, held[i].lock));
	}
	s->atomic = atomic_path(ctx, nheld, held);
	set_code_files(ctx, s, node);
	s->init_path = st->setup || (st->after_irq && !st->after_irq[top]);
	s->entry = ctx->info->entry ? xstrdup(ctx->info->entry) : NULL;
}

/* Keep in s->code_files only the files the code of write node runs in too. */
static void intersect_code_files(const struct check_ctx *ctx, struct write_site *s, uint32_t node)
{
	size_t kept = 0;

	if (node == s->last_write)
		return;
	s->last_write = node;
	for (size_t i = 0; i < s->code_files.n; i++)
		if (code_runs_in(ctx, node, s->code_files.v[i]))
			s->code_files.v[kept++] = s->code_files.v[i];
	s->code_files.n = kept;
}

/* A later path: keep only the locks held on it too. */
static void site_intersect(const struct check_ctx *ctx, struct write_site *s, uint32_t node, int nheld,
			   const struct eng_lock *held)
{
	intersect_code_files(ctx, s, node);
	s->atomic &= atomic_path(ctx, nheld, held);
	for (int i = s->nlocks - 1; i >= 0; i--) {
		int on_path = -1;
		for (int k = 0; k < nheld && on_path < 0; k++)
			if (driver_lock(ctx, &held[k]) && lock_key(&held[k]) == s->locks[i])
				on_path = k;
		if (on_path >= 0) {
			if (s->lock_files[i] && acquire_file(ctx, &held[on_path]) != s->lock_files[i])
				s->lock_files[i] = SEVERAL_FILES;
			continue;
		}
		free(s->lock_names[i]);
		size_t rest = (size_t)(s->nlocks - i - 1);
		memmove(&s->locks[i], &s->locks[i + 1], rest * sizeof(s->locks[0]));
		memmove(&s->lock_names[i], &s->lock_names[i + 1], rest * sizeof(s->lock_names[0]));
		memmove(&s->lock_files[i], &s->lock_files[i + 1], rest * sizeof(s->lock_files[0]));
		s->nlocks--;
	}
}

static void mmio005_write(struct check_ctx *ctx, void *scratch, uint32_t node, int nheld,
			  const struct eng_lock *held)
{
	struct mmio005_fn *st = scratch;
	const struct ir_node *n = check_node(ctx, node);
	uint32_t top = check_top_node(ctx, node);

	/* a write a capped summary kept for its ordering alone: the tests
	 * around it were not kept, so it does not vote (ir_node.bounded_by) */
	if (!n->reg || n->bounded_by || !ctx->info->program)
		return;
	for (size_t i = 0; i < st->sites.n; i++)
		if (st->sites.v[i].node == top && st->sites.v[i].reg == n->reg) {
			site_intersect(ctx, &st->sites.v[i], node, nheld, held);
			return;
		}
	struct write_site s;
	site_init(ctx, st, &s, node, top, nheld, held);
	VEC_PUSH(st->sites, s);
}

/* A call: the driver locks held at it, for the callee's own sites
 * (caller_locks.h). */
static void mmio005_call(struct check_ctx *ctx, void *scratch, uint32_t node, int nheld,
			 const struct eng_lock *held)
{
	struct mmio005_fn *st = scratch;
	str_id keys[CALLER_LOCKS_MAX];
	char *names[CALLER_LOCKS_MAX];
	int n = 0;

	if (!ctx->info->program)
		return;
	for (int i = 0; i < nheld && n < CALLER_LOCKS_MAX; i++)
		if (driver_lock(ctx, &held[i])) {
			keys[n] = lock_key(&held[i]);
			names[n++] = (char *)check_str(ctx, held[i].lock);
		}
	call_site_locks_visit(st->calls, node, n, keys, names, st->setup || (st->after_irq && !st->after_irq[node]));
}

/*
 * Do the callers' runs count the sites of this function's run?  A function
 * with callers ("must be called with host->lock held") is judged in them:
 * its unlocked sites, its own writes and those of its helpers, are sites
 * of the callers.  They see its writes when its summary keeps them (it is
 * not capped), or when a chain of callers carries them to a root; its own
 * run would count each write once more (igc_ptp_reset()'s PTM_STAT write
 * under tmreg_lock is igc_reset()'s too).  A root with callers (an
 * interrupt handler some function also calls) runs in a context no
 * caller sees, so its run counts.
 *
 * Otherwise a capped summary dropped the writes on the way up, and a site
 * of its own run is evidence for the locks held there: those it takes
 * itself and, when every call of it is seen, those held at every call on
 * the way down (caller_locks.h: tg3_setup_copper_phy()'s MAC_MODE write
 * runs under its callers' tp->lock).  It is never a finding, since which
 * caller to fix is what the dropped chain knew, and a vote against a lock
 * only when no chain of calls reaches it locked (never_locked, at the
 * program's end), or for a group of its chains that hold no lock
 * (split_site()).
 */
static bool callers_count_sites(const struct check_fn_info *in)
{
	return in->has_callers && (in->seen_by_callers || (in->summary_keeps_writes && !in->is_root));
}

static void mmio005_end(struct check_ctx *ctx, void *scratch)
{
	struct mmio005_fn *st = scratch;
	int me = ctx->current;
	struct mmio005_program *prog = ctx->program_scratch[me];

	for (size_t i = 0; i < st->sites.n; i++) {
		struct write_site *s = &st->sites.v[i];
		if (!prog || callers_count_sites(ctx->info)) {
			site_free(s);
			continue;
		}
		const struct check_fn_info *in = ctx->info;
		s->in_callers = in->has_callers;
		s->called_by_name_only = in->called_by_name_only;
		s->callers_see = in->summary_keeps_writes;
		VEC_PUSH(prog->sites, *s);
	}
	call_site_locks_flush(st->calls, ctx, prog ? prog->callers : NULL);
	VEC_FREE(st->sites);
	free(st->after_irq);
	free(st);
}

static bool site_holds(const struct write_site *s, str_id lock)
{
	return str_id_in(s->locks, (size_t)s->nlocks, lock);
}

/* Are sites a and b at the same line and column of one file? */
static bool same_line_col(const struct write_site *a, const struct write_site *b)
{
	return a->line == b->line && a->col == b->col && !strcmp(a->file, b->file);
}

/* Are sites a and b the same write: at the same place, by the same
 * inner write of the helpers it calls (a site and its copies,
 * split_site(), or one function's runs under two framework contexts)? */
static bool same_place(const struct write_site *a, const struct write_site *b)
{
	return same_line_col(a, b) && !strcmp(a->inner ? a->inner : "", b->inner ? b->inner : "");
}

/* Does an earlier copy of site j, in [first, j), hold lock?  Copies sort
 * next to each other (cmp_site()): a write counts once for a lock however
 * many of its chains hold it. */
static bool held_before(const struct mmio005_program *prog, size_t first, size_t j, str_id lock)
{
	for (size_t i = j; i > first && same_place(&prog->sites.v[i - 1], &prog->sites.v[j]); i--)
		if (site_holds(&prog->sites.v[i - 1], lock))
			return true;
	return false;
}

typedef VEC(struct mc_trace_step) step_vec;

static void add_step(step_vec *v, const char *kind, const struct write_site *s, char *msg)
{
	struct mc_trace_step st = { xstrdup(kind), xstrdup(s->file), s->line, s->col, msg };
	VEC_PUSH(*v, st);
}

/* The finding for an unlocked site of a register protected by `lock`. */
static void report_site(const struct engine_config *cfg, struct mmio005_program *prog, size_t first, size_t end,
			const struct write_site *bad, const struct lock_evidence *ev, struct finding_vec *out)
{
	const char *lock_name = ev->lock_name;
	int nlocked = ev->locked;

	for (int m = 0; m < cfg->nmodels; m++) {
		struct mc_chain f;
		step_vec steps = VEC_INIT;
		if (!check_program_finding(cfg, "MMIO005", m, &f))
			continue;
		f.file = xstrdup(bad->file);
		f.line = f.end_line = bad->line;
		f.col = bad->col;
		f.function = xstrdup(bad->function);
		f.lock_name = xstrdup(lock_name);
		f.accessor = xstrdup(bad->accessor);
		f.site_file = xstrdup(bad->site_file);
		f.site_function = xstrdup(bad->site_function);
		f.site_line = bad->site_line;
		f.site_col = bad->site_col;
		int shown = 0;
		const struct write_site *last = NULL;
		for (size_t i = first; i < end && shown < MAX_EVIDENCE; i++) {
			const struct write_site *locked = &prog->sites.v[i];
			/* one note per place: two writes a call reaches through
			 * a slot read alike */
			if (!site_holds(locked, ev->lock) || (last && same_line_col(last, locked)))
				continue;
			last = locked;
			add_step(&steps, "evidence", locked, xasprintf("%s written in %s() with %s held", bad->reg_text,
								       locked->function, lock_name));
			shown++;
		}
		add_step(&steps, "write", bad, xasprintf("%s written here without %s%s%s%s%s%s%s%s", bad->reg_text,
							   lock_name, bad->nlocks ? " (holding " : "",
							   bad->nlocks ? bad->lock_names[0] : "", bad->nlocks ? ")" : "",
							   bad->inner ? ", by " : "", bad->inner ? bad->inner : "",
							   bad->entry ? ", in " : "", bad->entry ? bad->entry : ""));
		f.message = xasprintf("%s() writes the register %s without %s, which is held at the other %d write%s of it "
				      "(%d outside setup paths, in %d function%s): "
				      "a locked section on another CPU can be interleaved with this write "
				      "at the device; take %s here, or document why the register needs no lock",
				      bad->accessor, bad->reg_text, lock_name, nlocked, nlocked == 1 ? "" : "s",
				      ev->runtime_locked, ev->runtime_functions, ev->runtime_functions == 1 ? "" : "s",
				      lock_name);
		f.trace = steps.v;
		f.ntrace = steps.n;
		checks_fingerprint_one(&f, bad->line_text, strlen(bad->line_text), 0);
		VEC_PUSH(*out, f);
	}
}

static int cmp_site(const void *a, const void *b)
{
	const struct write_site *x = a, *y = b;
	int c;

	if (x->reg != y->reg)
		return strcmp(x->reg_text, y->reg_text) ? strcmp(x->reg_text, y->reg_text) : (x->reg < y->reg ? -1 : 1);
	if ((c = strcmp(x->file, y->file)))
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	if ((c = strcmp(x->inner ? x->inner : "", y->inner ? y->inner : "")))
		return c;
	return (x->chain > y->chain) - (x->chain < y->chain);
}

/* Does text start with a run of name characters (and `.` if members)?
 * Its length, 0 if not. */
static size_t name_run(const char *text, bool members)
{
	size_t n = 0;

	while (text[n] == '_' || (text[n] >= 'a' && text[n] <= 'z') || (text[n] >= 'A' && text[n] <= 'Z') ||
	       (text[n] >= '0' && text[n] <= '9') || (members && text[n] == '.'))
		n++;
	return n;
}

/* The writes of [first, end) that hold lock, each counted once. */
static int writes_holding(const struct mmio005_program *prog, size_t first, size_t end, str_id lock)
{
	int n = 0;

	for (size_t j = first; j < end; j++)
		n += site_holds(&prog->sites.v[j], lock) && !held_before(prog, first, j, lock);
	return n;
}

/* The lock held at the most writes of [first, end), 0 if none. */
static void best_lock(const struct mmio005_program *prog, size_t first, size_t end, struct lock_evidence *ev)
{
	VEC(str_id) seen = VEC_INIT;

	memset(ev, 0, sizeof(*ev));
	/* each distinct lock once: count the writes that hold it */
	for (size_t i = first; i < end; i++)
		for (int k = 0; k < prog->sites.v[i].nlocks; k++) {
			str_id l = prog->sites.v[i].locks[k];
			bool counted = false;
			for (size_t q = 0; q < seen.n && !counted; q++)
				counted = seen.v[q] == l;
			if (counted)
				continue;
			VEC_PUSH(seen, l);
			int n = writes_holding(prog, first, end, l);
			if (n > ev->locked) {
				ev->lock = l;
				ev->locked = n;
				ev->lock_name = prog->sites.v[i].lock_names[k];
			}
		}
	VEC_FREE(seen);
}

/* Is the lock's name a variable of its own (`swflag_mutex`), not a
 * member of an object? */
static bool global_lock_name(const char *name)
{
	size_t n = name_run(name, false);

	return n && !name[n];
}

/*
 * The one file whose code takes ev's lock at every locked site, when the
 * lock is a variable of its own (a file's `static DEFINE_MUTEX`), or
 * 0.  Such a lock is that file's code's discipline for the register:
 * e1000e's 82571.c serializes EXTCNF_CTRL with its swflag_mutex on
 * 82574, while ich8lan.c's code, for another chip, writes the same
 * offset under its own handshake and cannot name that mutex.
 */
static str_id lock_home_file(const struct mmio005_program *prog, size_t first, size_t end,
			     const struct lock_evidence *ev)
{
	str_id home = 0;

	if (!ev->lock_name || !global_lock_name(ev->lock_name))
		return 0;
	for (size_t i = first; i < end; i++) {
		const struct write_site *s = &prog->sites.v[i];
		for (int k = 0; k < s->nlocks; k++) {
			if (s->locks[k] != ev->lock)
				continue;
			str_id f = s->lock_files[k];
			if (!f || f == SEVERAL_FILES || (home && home != f))
				return 0;
			home = f;
		}
	}
	return home;
}

/* Is site s, which does not hold ev's lock, code that could take it: a
 * lock home_file alone takes is not the discipline of a write none of
 * whose code is in that file (lock_home_file()). */
static bool site_may_take(const struct write_site *s, str_id home_file)
{
	return !home_file || file_listed(s, home_file);
}

/* Could site s, which does not hold ev's lock, be told to take it?  Not
 * a mutex under a spinlock: "take optrom_mutex here" in qla2xxx's
 * firmware dump, which writes the ISP's ctrl_status under hardware_lock
 * while the flash paths write it under optrom_mutex (they pause the chip
 * and mask its interrupt instead), is a fix no one can make.  The write
 * still votes: the register is written without the mutex. */
static bool site_fixable(const struct write_site *s, const struct lock_evidence *ev, str_id home_file)
{
	return site_may_take(s, home_file) && !(ev->sleeping && s->atomic);
}

/* Does site s vote against ev's lock: without it, code that could take
 * it, not on a setup path (unless --strict), and judged here (not in its
 * callers, unless no chain of calls to it holds a lock)? */
static bool votes_against(const struct mmio005_program *prog, const struct write_site *s,
			  const struct lock_evidence *ev, str_id home_file)
{
	return !site_holds(s, ev->lock) && site_may_take(s, home_file) && (!s->in_callers || s->never_locked) &&
	       (prog->strict || !s->init_path);
}

/* Count the rest of ev: the votes against the lock, and its locked writes
 * (and their functions) outside setup paths.  A write whose chains of
 * calls split (split_site()) votes once each way at most. */
static void count_evidence(const struct mmio005_program *prog, size_t first, size_t end, struct lock_evidence *ev,
			   str_id home_file)
{
	for (size_t i = first; i < end; i++) {
		const struct write_site *s = &prog->sites.v[i];
		if (!site_holds(s, ev->lock)) {
			bool voted = false;
			for (size_t j = i; j > first && same_place(&prog->sites.v[j - 1], s) && !voted; j--)
				voted = votes_against(prog, &prog->sites.v[j - 1], ev, home_file);
			ev->without += !voted && votes_against(prog, s, ev, home_file);
			continue;
		}
		bool same_fn = false, same_write = false;
		for (size_t j = first; j < i && !same_write; j++) {
			const struct write_site *t = &prog->sites.v[j];
			bool runtime_locked = site_holds(t, ev->lock) && !t->init_path;
			same_fn |= runtime_locked && !strcmp(t->function, s->function) && !strcmp(t->file, s->file);
			same_write |= runtime_locked && same_place(t, s);
		}
		if (s->init_path || same_write)
			continue;
		ev->runtime_locked++;
		ev->runtime_functions += !same_fn;
	}
}

/*
 * Does a register key name one register: a type path (frontend/canon.c)
 * "struct T::member", alone or plus one name or constant ("struct
 * foo::regs + FOO_CTRL", "struct cls_uart_struct::txrx", "+ 0x1400")?
 * Other keys are the spelling of an expression, which may stand for many
 * registers: a variable ("&pkt->entry_count", a ring entry), a base whose
 * offset a macro added ("ha->cregbase"), an offset computed from the
 * function's state ("+ hw_lock_control_reg + 4"), the text of a macro
 * call ("+ ew32(EECD,eecd)").
 */
static bool named_key(const char *key)
{
	size_t n = !strncmp(key, "struct ", 7) ? 7 : !strncmp(key, "union ", 6) ? 6 : 0;
	size_t len;

	if (!n || !(len = name_run(key + n, false)) || strncmp(key + n + len, "::", 2))
		return false;
	n += len + 2;
	if (!(len = name_run(key + n, true)))
		return false;
	n += len;
	if (!key[n])
		return true;
	if (strncmp(key + n, " + ", 3) && strncmp(key + n, " - ", 3))
		return false;
	n += 3;
	len = name_run(key + n, false);
	return len && !key[n + len];
}

/* Is the evidence for the register strong enough for the default output:
 * the options strong_locked_sites and strong_locked_functions
 * (rules/checks.json), counted outside setup paths, and, with
 * strong_named_key, a key that names one register.  --pedantic shows the
 * weak rest. */
static bool strong_register(const struct engine_config *cfg, const struct lock_evidence *ev, const char *reg_text)
{
	const struct check_info *ci = rules_find_check(cfg->rules, "MMIO005");
	int sites = (int)check_info_number(ci, "strong_locked_sites", 2);
	int functions = (int)check_info_number(ci, "strong_locked_functions", 1);
	bool named = check_info_number(ci, "strong_named_key", 0) != 0;

	return ev->runtime_locked >= sites && ev->runtime_functions >= functions && (!named || named_key(reg_text));
}

/* Is an unlocked site strong evidence: with strong_site_holds_none, it
 * holds no driver lock at all (one it holds may be the same lock under
 * another name, `up->port.lock` for `port->lock`, or the register's
 * discipline at that site); with strong_site_entry, the kernel runs its
 * function with no driver lock held (an interrupt handler, a NAPI poll,
 * tasklet, timer or work item: rules/frameworks/entry-points.json), not
 * a callback a framework may serialize or a helper reached only through
 * the driver's own function pointers.  A setup-path site, reported with
 * --strict, needs no entry point. */
static bool strong_site(const struct engine_config *cfg, const struct write_site *s)
{
	const struct check_info *ci = rules_find_check(cfg->rules, "MMIO005");

	if (s->nlocks && check_info_number(ci, "strong_site_holds_none", 0))
		return false;
	/* a setup path (shown with --strict) is never an entry point */
	return s->entry || s->init_path || !check_info_number(ci, "strong_site_entry", 0);
}

/* Judge one register's sites [first, end). */
static void judge_register(const struct engine_config *cfg, struct mmio005_program *prog, size_t first,
			   size_t end, struct finding_vec *out)
{
	struct lock_evidence ev;
	int need = (int)check_info_number(rules_find_check(cfg->rules, "MMIO005"), "min_locked_sites", 2);

	best_lock(prog, first, end, &ev);
	if (!ev.lock)
		return;
	ev.sleeping = sleeping_key(prog, ev.lock);
	str_id home_file = lock_home_file(prog, first, end, &ev);
	count_evidence(prog, first, end, &ev, home_file);
	if (ev.locked < need || ev.locked <= ev.without)
		return;
	bool strong = prog->pedantic || strong_register(cfg, &ev, prog->sites.v[first].reg_text);
	for (size_t i = first; i < end && strong; i++) {
		const struct write_site *s = &prog->sites.v[i];
		if (site_holds(s, ev.lock) || s->in_callers || (s->init_path && !prog->strict) ||
		    !site_fixable(s, &ev, home_file))
			continue;
		if (!prog->pedantic && !strong_site(cfg, s))
			continue;
		report_site(cfg, prog, first, end, s, &ev, out);
	}
}

/* Add to site s its callers' locks keys[0..n) (names: their spellings),
 * after its own and those it holds already. */
static void site_add_callers_locks(struct write_site *s, int n, const str_id *keys, const char *const *names)
{
	for (int i = 0; i < n && s->nlocks < MAX_SITE_LOCKS; i++) {
		if (site_holds(s, keys[i]))
			continue;
		s->locks[s->nlocks] = keys[i];
		s->lock_files[s->nlocks] = 0;	/* a caller's, no code here took it */
		s->lock_names[s->nlocks++] = xstrdup(names[i]);
	}
}

/* Add to a site judged in its callers the locks they hold at every call
 * of its function (caller_locks.h). */
static void add_caller_locks(const struct mmio005_program *prog, struct write_site *s)
{
	str_id keys[CALLER_LOCKS_MAX];
	const char *names[CALLER_LOCKS_MAX];
	int n = caller_locks_of(prog->callers, s->function, keys, names, CALLER_LOCKS_MAX);

	site_add_callers_locks(s, n, keys, names);
}

/*
 * Site i, of a helper judged in its callers that holds no lock, its own
 * or one held at every call, and is no vote by itself (never_locked),
 * counts once per group of chains of calls that agree
 * (caller_locks_split()): a copy holding the group's locks is evidence for
 * them, an unlocked copy a vote against.  That is what its callers' runs
 * would count had a capped summary not dropped its writes.  The site
 * itself, holding nothing, counts for nothing.
 */
static void split_site(struct mmio005_program *prog, size_t i)
{
	struct caller_chain groups[CALLER_CHAINS_MAX];
	int n = caller_locks_split(prog->callers, prog->sites.v[i].function, groups, CALLER_CHAINS_MAX);

	for (int g = 0; g < n; g++) {
		struct write_site d = site_dup(&prog->sites.v[i]);
		d.chain = g + 1;
		site_add_callers_locks(&d, groups[g].n, groups[g].keys, groups[g].names);
		d.never_locked = !d.nlocks;	/* a vote outside setup paths, or with --strict */
		d.init_path |= !groups[g].runtime;
		VEC_PUSH(prog->sites, d);
	}
}

static void mmio005_end_program(const struct engine_config *cfg, void *scratch, struct finding_vec *out)
{
	struct mmio005_program *prog = scratch;
	size_t nsites;

	if (!prog)
		return;
	caller_locks_close(prog->callers);
	nsites = prog->sites.n;
	for (size_t i = 0; i < nsites; i++) {
		struct write_site *s = &prog->sites.v[i];
		if (!s->in_callers)
			continue;
		if (s->called_by_name_only) {
			add_caller_locks(prog, s);
			s->never_locked = !s->nlocks && caller_locks_never_held(prog->callers, s->function);
		}
		if (!s->nlocks && !s->never_locked && !s->callers_see)
			split_site(prog, i);
	}
	if (prog->sites.n)
		qsort(prog->sites.v, prog->sites.n, sizeof(prog->sites.v[0]), cmp_site);
	for (size_t i = 0, j; i < prog->sites.n; i = j) {
		for (j = i + 1; j < prog->sites.n && prog->sites.v[j].reg == prog->sites.v[i].reg; j++)
			;
		judge_register(cfg, prog, i, j, out);
	}
	for (size_t i = 0; i < prog->sites.n; i++)
		site_free(&prog->sites.v[i]);
	VEC_FREE(prog->sites);
	caller_locks_free(prog->callers);
	VEC_FREE(prog->sleeping);
	free(prog);
}

static const struct check_option mmio005_options[] = {
	{ "setup_functions", CHECK_OPTION_TEXT, 0, 0, 0 },
	{ "min_locked_sites", CHECK_OPTION_NUMBER, 2, 1, 1000 },
	{ "strong_locked_sites", CHECK_OPTION_NUMBER, 2, 1, 1000 },
	{ "strong_locked_functions", CHECK_OPTION_NUMBER, 1, 1, 1000 },
	{ "strong_named_key", CHECK_OPTION_NUMBER, 0, 0, 1 },
	{ "strong_site_holds_none", CHECK_OPTION_NUMBER, 0, 0, 1 },
	{ "strong_site_entry", CHECK_OPTION_NUMBER, 0, 0, 1 },
	{ NULL, CHECK_OPTION_TEXT, 0, 0, 0 },
};

const struct check check_mmio005 = {
	.id = "MMIO005",
	.name = "unlocked-mmio-write",
	.severity = "warning",
	/* off by default: on Linux 6.1 only 1 of 25 default findings was one a
	 * maintainer would fix (docs/rules/MMIO005.md, "Off by default") */
	.pedantic_only = true,
	.summary = "a write to a device register that is written under lock L elsewhere, done "
		   "without L (after the unlock, on a path that skips it, or in a helper called "
		   "unlocked)",
	.program_wide = true,
	.options = mmio005_options,
	.begin_function = mmio005_begin,
	.on_write = mmio005_write,
	.on_call = mmio005_call,
	.end_function = mmio005_end,
	.begin_program = mmio005_begin_program,
	.end_program = mmio005_end_program,
};
