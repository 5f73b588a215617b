/*
 * pool.c - the parallel step behind -j N: forked worker processes, one job
 * (a translation unit) at a time each, results and output sent back over a
 * pipe; progress on stderr; Ctrl-C.
 *
 * Processes, not threads: libclang and SQLite each get a fresh process,
 * a crash in one file costs that file only (the worker is replaced), and
 * the per-process memory bound is easy to measure.  Workers write their
 * units to the database themselves (WAL, one transaction per unit); the
 * parent only schedules and prints, so stdout is never interleaved.
 *
 * Invariant: a job is handed to exactly one worker and is counted exactly
 * once in the totals (done, failed or - on Ctrl-C - not started).
 */
#include "driver.h"
#include "mmiocheck/mmiocheck.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define NO_JOB SIZE_MAX

struct slot {
	pid_t pid;		/* 0: no worker */
	int job_fd;		/* parent writes job numbers; -1 when closed */
	int reply_fd;		/* parent reads replies */
	size_t job;		/* in progress, or NO_JOB */
	size_t completed;	/* jobs this worker finished */
};

struct reply_header {
	uint64_t job;
	struct pool_reply rep;
	uint64_t textlen;
};

static volatile sig_atomic_t interrupts;
static volatile sig_atomic_t inline_mode;

/* SIGINT: count; the loops look at the count between files.  A second one
 * while the files run in this process ends it at once (_exit is safe
 * here; the unit in progress is rolled back by SQLite). */
static void on_sigint(int sig)
{
	(void)sig;
	if (++interrupts >= 2 && inline_mode)
		_exit(MC_EXIT_INTERRUPTED);
}

/* Write or read exactly n bytes; false on EOF or error. */
static bool write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;

	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		p += w;
		n -= (size_t)w;
	}
	return true;
}

static bool read_all(int fd, void *buf, size_t n)
{
	char *p = buf;

	while (n) {
		ssize_t r = read(fd, p, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		p += r;
		n -= (size_t)r;
	}
	return true;
}

/* The worker's life: jobs in, replies out, until the job pipe closes. */
static void worker_main(const struct pool_ops *ops, int job_fd, int reply_fd)
{
	void *state;
	uint64_t job;
	struct strbuf out = STRBUF_INIT;

	signal(SIGINT, SIG_IGN);	/* the parent decides what Ctrl-C stops */
	state = ops->init(ops->arg);
	if (!state)
		_exit(3);
	strbuf_init(&out);
	while (read_all(job_fd, &job, sizeof(job))) {
		struct reply_header h;
		memset(&h, 0, sizeof(h));
		strbuf_reset(&out);
		ops->work(state, (size_t)job, &out, &h.rep);
		h.job = job;
		h.textlen = out.len;
		if (!write_all(reply_fd, &h, sizeof(h)) || !write_all(reply_fd, out.buf, out.len))
			break;
	}
	ops->fini(state);
	strbuf_release(&out);
	_exit(0);
}

/* Start a worker in slot k; false if fork or pipe failed. */
static bool spawn(const struct pool_ops *ops, struct slot *slots, int nslots, int k)
{
	int jp[2], rp[2];
	pid_t pid;

	if (pipe(jp) < 0)
		return false;
	if (pipe(rp) < 0) {
		close(jp[0]);
		close(jp[1]);
		return false;
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		close(jp[0]); close(jp[1]); close(rp[0]); close(rp[1]);
		return false;
	}
	if (pid == 0) {
		/* Only our own ends stay open, so EOF on the job pipe means stop. */
		for (int i = 0; i < nslots; i++)
			if (slots[i].pid) {
				if (slots[i].job_fd >= 0)
					close(slots[i].job_fd);
				close(slots[i].reply_fd);
			}
		close(jp[1]);
		close(rp[0]);
		worker_main(ops, jp[0], rp[1]);
	}
	close(jp[0]);
	close(rp[1]);
	slots[k] = (struct slot){ pid, jp[1], rp[0], NO_JOB, 0 };
	return true;
}

/* Close the job pipe of slot k: the worker finishes and exits. */
static void retire(struct slot *s)
{
	if (s->job_fd >= 0)
		close(s->job_fd);
	s->job_fd = -1;
}

/* Reap slot k's worker and free the slot. */
static void reap(struct slot *s)
{
	retire(s);
	close(s->reply_fd);
	waitpid(s->pid, NULL, 0);
	s->pid = 0;
	s->job = NO_JOB;
}

struct progress {
	bool show, tty;
	size_t njobs;
	const char *current;
	/* Output in job order whatever the completion order: text[i] waits
	 * until every job before i is printed. */
	char **text;
	size_t *textlen;
	bool *ready;
	size_t next_print;
};

/* Job i finished with this output (owned); print what is now in order. */
static void deliver(struct progress *p, size_t job, char *text, size_t len)
{
	p->text[job] = text;
	p->textlen[job] = len;
	p->ready[job] = true;
	while (p->next_print < p->njobs && p->ready[p->next_print]) {
		size_t k = p->next_print++;
		if (p->textlen[k]) {
			if (p->tty)
				fputs("\r\033[K", stderr);
			fwrite(p->text[k], 1, p->textlen[k], stdout);
		}
		free(p->text[k]);
		p->text[k] = NULL;
	}
	fflush(stdout);
}

/* Redraw (tty) or print (otherwise) the progress after a finished job. */
static void show_progress(const struct progress *p, const struct pool_totals *t, const char *name,
			  const struct pool_reply *rep)
{
	if (!p->show)
		return;
	if (p->tty) {
		fprintf(stderr, "\r\033[K[%zu/%zu] %zu finding%s, %zu reused  %s", t->done + t->failed,
			p->njobs, t->findings, t->findings == 1 ? "" : "s", t->reused,
			p->current ? p->current : "");
	} else if (rep) {
		fprintf(stderr, "mmiocheck: [%zu/%zu] %s: %s%u finding%s%s\n", t->done + t->failed, p->njobs,
			name, rep->failed ? "failed, " : "", rep->nfindings, rep->nfindings == 1 ? "" : "s",
			rep->reused ? " (reused)" : "");
	}
	fflush(stderr);
}

/* Fold one job's reply into the totals. */
static void account(struct pool_totals *t, const struct pool_reply *rep)
{
	if (rep->failed)
		t->failed++;
	else
		t->done++;
	t->reused += rep->reused;
	if (rep->fatal && !t->stopped) {
		t->stopped = true;
		mc_error("stopping: the database cannot be written; what was stored is kept");
	}
	t->findings += rep->nfindings;
	t->parse_errors += rep->nerrors > 0;
	if (rep->status > t->status)
		t->status = rep->status;
}

/* Hand the next job to slot s, or retire it; updates *next. */
static void dispatch(const struct pool_ops *ops, struct slot *s, size_t *next, size_t njobs,
		     struct progress *p, const struct pool_totals *t)
{
	uint64_t job = *next;

	if (*next >= njobs || interrupts || t->stopped || !write_all(s->job_fd, &job, sizeof(job))) {
		retire(s);
		return;
	}
	s->job = (*next)++;
	p->current = ops->name(ops->arg, s->job);
}

/* A worker's reply (or death) on slot s. */
static void collect(const struct pool_ops *ops, struct slot *s, struct pool_totals *t,
		    struct progress *p)
{
	struct reply_header h;
	char *text = NULL;

	if (!read_all(s->reply_fd, &h, sizeof(h)) || h.job != s->job ||
	    (h.textlen && !read_all(s->reply_fd, text = xmalloc(h.textlen), h.textlen))) {
		struct pool_reply dead = { MC_EXIT_ERROR, 0, 0, false, true, false };
		if (p->tty)
			fputs("\r\033[K", stderr);
		mc_error("%s: the worker analyzing it died; file skipped", ops->name(ops->arg, s->job));
		account(t, &dead);
		free(text);
		deliver(p, s->job, NULL, 0);
		reap(s);
		return;
	}
	deliver(p, s->job, text, h.textlen);
	account(t, &h.rep);
	s->completed++;
	show_progress(p, t, ops->name(ops->arg, s->job), &h.rep);
	s->job = NO_JOB;
}

/* Wait for replies; false when no worker is busy any more. */
static bool wait_round(const struct pool_ops *ops, struct slot *slots, int nslots, size_t *next,
		       size_t njobs, struct pool_totals *t, struct progress *p)
{
	struct pollfd fds[nslots];
	int idx[nslots], n = 0;

	for (int i = 0; i < nslots; i++)
		if (slots[i].pid && slots[i].job != NO_JOB) {
			fds[n] = (struct pollfd){ slots[i].reply_fd, POLLIN, 0 };
			idx[n++] = i;
		}
	if (!n)
		return false;
	if (poll(fds, (nfds_t)n, -1) < 0)
		return true;	/* EINTR: the caller looks at interrupts */
	for (int k = 0; k < n; k++) {
		struct slot *s = &slots[idx[k]];
		if (!(fds[k].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		size_t before = s->completed;
		collect(ops, s, t, p);
		if (!s->pid && before == 0 && !t->done)
			continue;	/* dies before its first job: do not respawn forever */
		if (!s->pid && *next < njobs && !interrupts && !spawn(ops, slots, nslots, idx[k]))
			continue;
		if (s->pid)
			dispatch(ops, s, next, njobs, p, t);
	}
	return true;
}

/* The same step in this process (one slot): Ctrl-C stops after the file. */
static void run_inline(const struct pool_ops *ops, size_t njobs, struct pool_totals *t,
		       struct progress *p)
{
	void *state = ops->init(ops->arg);
	struct strbuf out = STRBUF_INIT;

	if (!state) {
		t->failed = njobs;
		t->status = MC_EXIT_ERROR;
		return;
	}
	strbuf_init(&out);
	for (size_t i = 0; i < njobs && !interrupts && !t->stopped; i++) {
		struct pool_reply rep;
		memset(&rep, 0, sizeof(rep));
		strbuf_reset(&out);
		p->current = ops->name(ops->arg, i);
		ops->work(state, i, &out, &rep);
		size_t len = out.len;
		deliver(p, i, strbuf_detach(&out), len);
		strbuf_init(&out);
		account(t, &rep);
		show_progress(p, t, p->current, &rep);
	}
	strbuf_release(&out);
	ops->fini(state);
}

/* Second Ctrl-C: kill the workers still busy; their units roll back. */
static void kill_busy(const struct pool_ops *ops, struct slot *slots, int nslots, struct pool_totals *t)
{
	for (int i = 0; i < nslots; i++)
		if (slots[i].pid) {
			if (slots[i].job != NO_JOB) {
				mc_error("%s: interrupted, not stored", ops->name(ops->arg, slots[i].job));
				t->failed++;
			}
			kill(slots[i].pid, SIGKILL);
			reap(&slots[i]);
		}
}

void pool_run(const struct pool_ops *ops, size_t njobs, int nslots, struct pool_totals *t)
{
	struct sigaction sa, old;
	struct progress p = { ops->progress, ops->progress && isatty(STDERR_FILENO) == 1, njobs, NULL,
			      xcalloc(njobs + 1, sizeof(char *)), xcalloc(njobs + 1, sizeof(size_t)),
			      xcalloc(njobs + 1, sizeof(bool)), 0 };
	size_t next = 0;
	int warned = 0;

	memset(t, 0, sizeof(*t));
	interrupts = 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigint;	/* no SA_RESTART: poll returns EINTR */
	sigaction(SIGINT, &sa, &old);
	if (nslots > (int)njobs)
		nslots = (int)njobs;
	inline_mode = nslots <= 1;
	if (nslots <= 1) {
		if (njobs)
			run_inline(ops, njobs, t, &p);
	} else {
		struct slot slots[nslots];
		memset(slots, 0, sizeof(slots));
		for (int i = 0; i < nslots; i++)
			if (spawn(ops, slots, nslots, i))
				dispatch(ops, &slots[i], &next, njobs, &p, t);
		while (wait_round(ops, slots, nslots, &next, njobs, t, &p)) {
			if (interrupts == 1 && !warned++) {
				if (p.tty)
					fputs("\r\033[K", stderr);
				mc_error("interrupted: finishing the files in progress (Ctrl-C again to abort them)");
			}
			if (interrupts >= 2)
				break;
		}
		kill_busy(ops, slots, nslots, t);
	}
	for (size_t i = 0; i < njobs; i++)	/* after a job that never ran (Ctrl-C) */
		if (p.text[i]) {
			fwrite(p.text[i], 1, p.textlen[i], stdout);
			free(p.text[i]);
		}
	fflush(stdout);
	free(p.text);
	free(p.textlen);
	free(p.ready);
	if (p.tty)
		fputs("\r\033[K", stderr);
	t->interrupted = interrupts > 0;
	if (t->done + t->failed < njobs && !t->interrupted && !t->stopped) {
		mc_error("%zu file%s not analyzed: no worker could start", njobs - t->done - t->failed,
			 njobs - t->done - t->failed == 1 ? "" : "s");
		t->failed = njobs - t->done;
		t->status = MC_EXIT_ERROR;
	}
	sigaction(SIGINT, &old, NULL);
}
