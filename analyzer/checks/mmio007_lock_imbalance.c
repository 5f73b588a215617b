/*
 * MMIO007 lock-imbalance (note): a function that returns with a lock held
 * on some paths and released on others, without a sparse annotation
 * (__acquires, __releases, __must_hold) saying what its callers get.  The
 * other checks judge callers through the function's summary either way;
 * this note says where the function's contract is unclear, the way sparse's
 * context checking does.  A conditional lock helper whose return value
 * says whether it locked (a trylock wrapper; a helper that returns 0 with
 * the lock held and an error without it) has a contract its callers test
 * (they follow its exit states by the value): no note.
 *
 * A helper that releases a lock it did not take and takes it back (it
 * drops its caller's lock to sleep: qla1280's mailbox command) leaves it
 * held where it was called and untouched elsewhere; the caller held it on
 * entry and holds it at every return: no note for a lock held at a return
 * by an acquire that came in through the same call as (or is in the
 * function's own body with), and after, a release of it that found it
 * not held.  (A helper that takes a lock and
 * releases it on conditions the analysis does not correlate has its
 * release after its acquire: its callers keep their note.)
 *
 * A lock taken in a loop that does not release it takes tokens of a
 * counting semaphore (mthca_cmd_use_polling() and mlx4's drain event_sem
 * with `for (i = 0; i < max_cmds; ++i) down(&event_sem);`): the loop that
 * may run no time is not the path of a caller's concern, and the tokens go
 * back elsewhere by design: no note for it.
 *
 * The annotations are also checked against the body: a function that says
 * __must_hold(x) or __acquires(x) must return with x held on every path,
 * one that says __releases(x) must return without it.
 */
#include "checks.h"

#include <stdlib.h>
#include <string.h>

struct held_at_return {
	str_id lock;
	struct eng_lock view;
	uint32_t held_return;		/* a return where it is held */
	uint32_t free_return;		/* a return where it is not, or IR_NONE */
};

struct mmio007_state {
	VEC(struct held_at_return) locks;	/* every lock held at some return */
	VEC(uint32_t) returns;			/* every return reached, with its lock set */
	VEC(str_id) sets;			/* flattened: lock ids per reached return */
	VEC(uint32_t) set_off;
	VEC(int) returned;			/* per reached return: truth, -1 unknown */
	VEC(uint32_t) unheld_releases;		/* releases that found their lock not held */
};

static void *mmio007_begin(struct check_ctx *ctx)
{
	(void)ctx;
	return xcalloc(1, sizeof(struct mmio007_state));
}

static void mmio007_return(struct check_ctx *ctx, void *scratch, uint32_t node, int nheld,
			   const struct eng_lock *held, int returned)
{
	struct mmio007_state *st = scratch;

	(void)ctx;
	VEC_PUSH(st->returns, node);
	VEC_PUSH(st->returned, returned);
	VEC_PUSH(st->set_off, (uint32_t)st->sets.n);
	for (int i = 0; i < nheld; i++) {
		VEC_PUSH(st->sets, held[i].lock);
		bool known = false;
		for (size_t k = 0; k < st->locks.n && !known; k++) {
			struct held_at_return *h = &st->locks.v[k];
			known = h->lock == held[i].lock;
			/* the first return and acquire by node, whatever order
			 * the paths came in */
			if (known && (node < h->held_return ||
				      (node == h->held_return && held[i].acquire_node < h->view.acquire_node))) {
				h->view = held[i];
				h->held_return = node;
			}
		}
		if (!known) {
			struct held_at_return h = { held[i].lock, held[i], node, IR_NONE };
			VEC_PUSH(st->locks, h);
		}
	}
}

static void mmio007_unheld_release(struct check_ctx *ctx, void *scratch, uint32_t node, str_id lock)
{
	struct mmio007_state *st = scratch;

	(void)ctx;
	(void)lock;
	for (size_t i = 0; i < st->unheld_releases.n; i++)
		if (st->unheld_releases.v[i] == node)
			return;
	VEC_PUSH(st->unheld_releases, node);
}

/* Is the acquire that holds h at a return in a loop that releases h's
 * lock nowhere (its strongly connected component has no release of it)? */
static bool taken_repeatedly(const struct check_ctx *ctx, const struct held_at_return *h)
{
	const struct ir_function *fn = ctx->fn;
	uint32_t a = h->view.acquire_node;
	bool *from_a = xcalloc(fn->nodes.n, sizeof(*from_a)), *from_r = xcalloc(fn->nodes.n, sizeof(*from_r));
	bool drain;

	ir_mark_reached(fn, &a, 1, from_a);
	drain = from_a[a];
	for (uint32_t r = 0; r < fn->nodes.n && drain; r++) {
		const struct ir_node *n = &fn->nodes.v[r];
		if (n->op != IR_RELEASE || n->lock != h->lock || !from_a[r])
			continue;
		memset(from_r, 0, fn->nodes.n * sizeof(*from_r));
		ir_mark_reached(fn, &r, 1, from_r);
		drain = !from_r[a];	/* the release is in the loop */
	}
	free(from_a);
	free(from_r);
	return drain;
}

/* Are nodes a and b in the same body: the function's own, or one copy of
 * a callee spliced in? */
static bool same_body(const struct check_ctx *ctx, uint32_t a, uint32_t b)
{
	if (check_is_spliced(ctx, a) != check_is_spliced(ctx, b))
		return false;
	return !check_is_spliced(ctx, a) || check_top_node(ctx, a) == check_top_node(ctx, b);
}

/* Was h's lock taken back by the body that dropped it (the caller's lock:
 * mei_me_pg_legacy_exit_sync() drops dev->device_lock to wait in its own
 * body)?  A body's nodes keep the order of its source: a release with a
 * lower number than the acquire comes before it. */
static bool retaken_by_dropper(const struct check_ctx *ctx, const struct mmio007_state *st,
			       const struct held_at_return *h)
{
	uint32_t acquire = h->view.acquire_node;

	for (size_t i = 0; i < st->unheld_releases.n; i++) {
		uint32_t r = st->unheld_releases.v[i];
		if (check_node(ctx, r)->lock == h->lock && r < acquire && same_body(ctx, r, acquire))
			return true;
	}
	return false;
}

static bool path_holds(const struct mmio007_state *st, size_t r, str_id lock)
{
	size_t start = st->set_off.v[r];
	size_t end = r + 1 < st->set_off.n ? st->set_off.v[r + 1] : st->sets.n;

	return end > start && str_id_in(&st->sets.v[start], end - start, lock);
}

/* Every return holds `lock` exactly when it returns one truth: the value
 * tells the caller (`if (foo_lock(dev)) return -EBUSY;`). */
static bool value_tells(const struct mmio007_state *st, str_id lock)
{
	int held_truth = -1;

	for (size_t r = 0; r < st->returns.n; r++) {
		int v = st->returned.v[r];
		if (v < 0)
			return false;
		int t = path_holds(st, r, lock) ? v : !v;
		if (held_truth >= 0 && t != held_truth)
			return false;
		held_truth = t;
	}
	return true;
}

static bool annotated(const struct check_ctx *ctx, str_id lock)
{
	for (size_t i = 0; i < ctx->fn->contracts.n; i++)
		if (ctx->fn->contracts.v[i].lock == lock)
			return true;
	return false;
}

static void report(struct check_ctx *ctx, const struct held_at_return *h)
{
	for (int m = 0; m < ctx->cfg->nmodels; m++) {
		if (!check_model_reported(ctx, m))
			continue;
		struct finding_draft *d = check_draft(ctx, "MMIO007", m, h->held_return);
		struct strbuf acq = STRBUF_INIT;
		d->has_lock = true;
		d->lock = h->view;
		check_describe_call(ctx, h->view.acquire_node, &acq);
		draft_step(ctx, d, "acquire", h->view.acquire_node, "%s taken here", acq.buf);
		draft_step(ctx, d, "return", h->held_return, "returns with %s held", check_str(ctx, h->lock));
		draft_step(ctx, d, "return", h->free_return, "returns with %s not held", check_str(ctx, h->lock));
		d->message = xasprintf("%s() returns with %s held on some paths and not on others; callers "
				       "cannot know whether they must unlock it (annotate it with __acquires() / "
				       "__cond_lock(), or make every path agree)",
				       check_str(ctx, ctx->fn->name), check_str(ctx, h->lock));
		strbuf_release(&acq);
		check_report(ctx, d);
	}
}

static const char *contract_name(enum ir_contract_kind k)
{
	return k == IR_MUST_HOLD ? "__must_hold" : k == IR_ACQUIRES ? "__acquires" : "__releases";
}

/* A return that breaks an annotation: held when it must not be, or not
 * held when it must. */
static void check_contracts(struct check_ctx *ctx, const struct mmio007_state *st)
{
	for (size_t c = 0; c < ctx->fn->contracts.n; c++) {
		const struct ir_contract *k = &ctx->fn->contracts.v[c];
		bool want_held = k->kind != IR_RELEASES;
		uint32_t first = IR_NONE;	/* one return per contract is enough: the first */
		for (size_t r = 0; r < st->returns.n; r++)
			if (path_holds(st, r, k->lock) != want_held && st->returns.v[r] < first)
				first = st->returns.v[r];
		for (size_t r = 0; r < st->returns.n; r++) {
			if (st->returns.v[r] != first)
				continue;
			for (int m = 0; m < ctx->cfg->nmodels; m++) {
				if (!check_model_reported(ctx, m))
					continue;
				struct finding_draft *d = check_draft(ctx, "MMIO007", m, st->returns.v[r]);
				draft_step(ctx, d, "return", st->returns.v[r], "returns with %s %s",
					   check_str(ctx, k->lock), want_held ? "not held" : "held");
				d->message = xasprintf("%s() is annotated %s(%s) but returns with it %s on this path",
						       check_str(ctx, ctx->fn->name), contract_name(k->kind),
						       check_str(ctx, k->lock), want_held ? "released" : "still held");
				check_report(ctx, d);
			}
			break;	/* one return per contract is enough */
		}
	}
}

static void mmio007_end(struct check_ctx *ctx, void *scratch)
{
	struct mmio007_state *st = scratch;

	check_contracts(ctx, st);
	for (size_t i = 0; i < st->locks.n; i++) {
		struct held_at_return *h = &st->locks.v[i];
		for (size_t r = 0; r < st->returns.n; r++)
			if (!path_holds(st, r, h->lock) && st->returns.v[r] < h->free_return)
				h->free_return = st->returns.v[r];	/* IR_NONE is the largest */
		if (h->free_return != IR_NONE && !annotated(ctx, h->lock) && !value_tells(st, h->lock) &&
		    !taken_repeatedly(ctx, h) &&
		    !retaken_by_dropper(ctx, st, h))
			report(ctx, h);
	}
	VEC_FREE(st->locks);
	VEC_FREE(st->returns);
	VEC_FREE(st->sets);
	VEC_FREE(st->set_off);
	VEC_FREE(st->returned);
	VEC_FREE(st->unheld_releases);
	free(st);
}

const struct check check_mmio007 = {
	.id = "MMIO007",
	.name = "lock-imbalance",
	.severity = "note",
	.off_by_default = true,
	.defect_is_function = true,
	.summary = "a function that returns with a lock held on some paths and not on others, "
		   "without __acquires/__releases/__must_hold",
	.begin_function = mmio007_begin,
	.on_return = mmio007_return,
	.on_unheld_release = mmio007_unheld_release,
	.end_function = mmio007_end,
};
