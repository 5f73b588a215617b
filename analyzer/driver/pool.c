/*
 * pool.c - the parallel step behind -j N: forked worker processes, one job
 * (a translation unit, or a directory's units analyzed as one program) at a
 * time each, results and output sent back over a pipe; progress on stderr,
 * a line per file; Ctrl-C.
 *
 * Processes, not threads: libclang and SQLite each get a fresh process,
 * a crash in one file costs that file only (the worker is replaced), and
 * the per-process memory bound is easy to measure.  Workers write their
 * units to the database themselves (WAL, one transaction per unit); the
 * parent only schedules and prints, so stdout is never interleaved.
 *
 * Invariant: a job is handed to exactly one worker and each of its files is
 * counted exactly once in the totals (done, failed or - on Ctrl-C - not
 * started).
 */
#include "driver.h"
#include "mmiocheck/mmiocheck.h"
#include "util/guard.h"

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

/* On the reply pipe: the header, nfiles wire_files each followed by its
 * name, then textlen bytes of output.  Both ends are the same binary. */
struct reply_header {
	uint64_t job;
	int32_t status;
	uint32_t nfiles;
	uint32_t fatal;
	uint64_t textlen;
};

struct wire_file {
	uint32_t nfindings, nerrors, namelen;
	uint8_t reused, failed;
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

void pool_reply_file(struct pool_reply *rep, const char *name, unsigned nfindings, unsigned nerrors,
		     bool reused, bool failed)
{
	struct pool_file f = { xstrdup(name ? name : "?"), nfindings, nerrors, reused, failed };

	VEC_PUSH(rep->files, f);
}

static void reply_release(struct pool_reply *rep)
{
	for (size_t i = 0; i < rep->files.n; i++)
		free(rep->files.v[i].name);
	VEC_FREE(rep->files);
}

/* One reply on the pipe; false if the parent is gone. */
static bool send_reply(int fd, uint64_t job, const struct pool_reply *rep, const struct strbuf *out)
{
	struct reply_header h = { job, rep->status, (uint32_t)rep->files.n, rep->fatal, out->len };

	if (!write_all(fd, &h, sizeof(h)))
		return false;
	for (size_t i = 0; i < rep->files.n; i++) {
		const struct pool_file *f = &rep->files.v[i];
		struct wire_file w = { f->nfindings, f->nerrors, (uint32_t)strlen(f->name), f->reused, f->failed };
		if (!write_all(fd, &w, sizeof(w)) || !write_all(fd, f->name, w.namelen))
			return false;
	}
	return write_all(fd, out->buf, out->len);
}

/* Read the rest of a reply after its header; false on a short read. */
static bool read_files(int fd, const struct reply_header *h, struct pool_reply *rep)
{
	rep->status = h->status;
	rep->fatal = h->fatal != 0;
	for (uint32_t i = 0; i < h->nfiles; i++) {
		struct wire_file w;
		if (!read_all(fd, &w, sizeof(w)) || w.namelen > (1u << 20))
			return false;
		char *name = xmalloc(w.namelen + 1);
		if (!read_all(fd, name, w.namelen)) {
			free(name);
			return false;
		}
		name[w.namelen] = '\0';
		struct pool_file f = { name, w.nfindings, w.nerrors, w.reused, w.failed };
		VEC_PUSH(rep->files, f);
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
		struct pool_reply rep;
		memset(&rep, 0, sizeof(rep));
		strbuf_reset(&out);
		ops->work(state, (size_t)job, &out, &rep);
		bool sent = send_reply(reply_fd, job, &rep, &out);
		reply_release(&rep);
		if (!sent)
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
		if (guard_active())
			guard_enter_process(k + 1);	/* slot 0 is the process running the pool */
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

/* Reap slot k's worker and free the slot; its wait status. */
static int reap(struct slot *s)
{
	int status = 0;

	retire(s);
	close(s->reply_fd);
	while (waitpid(s->pid, &status, 0) < 0 && errno == EINTR)
		;
	s->pid = 0;
	s->job = NO_JOB;
	return status;
}


struct progress {
	bool show, tty;
	size_t njobs;
	size_t nfiles;		/* the files of all jobs */
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

/* Redraw (tty) or print (otherwise) the progress after a finished file. */
static void show_progress(const struct progress *p, const struct pool_totals *t, const struct pool_file *f)
{
	struct strbuf name = STRBUF_INIT;

	if (!p->show)
		return;
	strbuf_init(&name);
	if (p->tty) {
		strbuf_add_printable(&name, p->current ? p->current : "");
		fprintf(stderr, "\r\033[K[%zu/%zu] %zu finding%s, %zu reused  %s", t->done + t->failed,
			p->nfiles, t->findings, t->findings == 1 ? "" : "s", t->reused, name.buf);
	} else if (f) {
		mc_error("[%zu/%zu] %s: %s%u finding%s%s", t->done + t->failed, p->nfiles,
			 f->name, f->failed ? "failed, " : "", f->nfindings, f->nfindings == 1 ? "" : "s",
			 f->reused ? " (reused)" : "");
	}
	strbuf_release(&name);
	fflush(stderr);
}

/* Fold one file's outcome into the totals. */
static void account_file(struct pool_totals *t, const struct pool_file *f)
{
	if (f->failed)
		t->failed++;
	else
		t->done++;
	t->reused += f->reused;
	t->findings += f->nfindings;
	t->parse_errors += f->nerrors > 0;
}

/* Fold one job's reply into the totals, with a progress line per file. */
static void account(struct pool_totals *t, const struct pool_reply *rep, const struct progress *p)
{
	for (size_t i = 0; i < rep->files.n; i++) {
		account_file(t, &rep->files.v[i]);
		show_progress(p, t, &rep->files.v[i]);
	}
	if (!rep->files.n)
		show_progress(p, t, NULL);
	if (rep->fatal && !t->stopped) {
		t->stopped = true;
		mc_error("stopping: the database cannot be written; what was stored is kept");
	}
	if (rep->status > t->status)
		t->status = rep->status;
}

/* How many files job i is. */
static size_t job_files(const struct pool_ops *ops, size_t i)
{
	return ops->nfiles ? ops->nfiles(ops->arg, i) : 1;
}

/* A job that did not complete: each of its files failed. */
static void account_lost(const struct pool_ops *ops, struct pool_totals *t, size_t job)
{
	t->failed += job_files(ops, job);
	if (t->status < MC_EXIT_ERROR)
		t->status = MC_EXIT_ERROR;
}

/* The worker of slot s died on its job: say which file and why (the
 * guard's page knows, when the run is guarded), then reap it. */
static void report_death(const struct pool_ops *ops, struct slot *s, int k, struct pool_totals *t)
{
	size_t job = s->job, nfiles = job_files(ops, job);
	int status = reap(s);
	const char *file = NULL;
	char why[256];

	if (k + 1 < GUARD_MAX_PROCS && guard_active() && guard_death(k + 1, status, &file, why, sizeof(why)) &&
	    file) {
		mc_error("%s: not analyzed: %s", file, why);
		if (nfiles > 1)
			mc_error("%s: its other files are analyzed again", ops->name(ops->arg, job));
		if (ops->lost)
			ops->lost(ops->arg, job, file, why);
	} else {
		mc_error("%s: the worker analyzing it died; %s", ops->name(ops->arg, job),
			 nfiles == 1 ? "file skipped" : "its files skipped");
	}
	account_lost(ops, t, job);
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
static void collect(const struct pool_ops *ops, struct slot *s, int k, struct pool_totals *t,
		    struct progress *p)
{
	struct reply_header h;
	struct pool_reply rep;
	char *text = NULL;

	memset(&rep, 0, sizeof(rep));
	if (!read_all(s->reply_fd, &h, sizeof(h)) || h.job != s->job || !read_files(s->reply_fd, &h, &rep) ||
	    (h.textlen && !read_all(s->reply_fd, text = xmalloc(h.textlen), h.textlen))) {
		if (p->tty)
			fputs("\r\033[K", stderr);
		reply_release(&rep);
		free(text);
		deliver(p, s->job, NULL, 0);
		report_death(ops, s, k, t);
		return;
	}
	deliver(p, s->job, text, h.textlen);
	account(t, &rep, p);
	reply_release(&rep);
	s->completed++;
	s->job = NO_JOB;
}

/* Wait for replies; false when no worker is busy any more.  fds has a
 * place per slot; an idle slot's fd is -1, which poll() skips. */
static bool wait_round(const struct pool_ops *ops, struct slot *slots, int nslots, size_t *next,
		       size_t njobs, struct pool_totals *t, struct progress *p)
{
	struct pollfd *fds = xcalloc((size_t)nslots, sizeof(*fds));
	int n = 0;

	for (int i = 0; i < nslots; i++) {
		bool busy = slots[i].pid && slots[i].job != NO_JOB;
		fds[i] = (struct pollfd){ busy ? slots[i].reply_fd : -1, POLLIN, 0 };
		n += busy;
	}
	if (!n || poll(fds, (nfds_t)nslots, -1) < 0) {
		free(fds);
		return n > 0;	/* EINTR: the caller looks at interrupts */
	}
	for (int k = 0; k < nslots; k++) {
		struct slot *s = &slots[k];
		if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		size_t before = s->completed;
		collect(ops, s, k, t, p);
		if (!s->pid && before == 0 && !t->done)
			continue;	/* dies before its first job: do not respawn forever */
		if (!s->pid && *next < njobs && !interrupts && !spawn(ops, slots, nslots, k))
			continue;
		if (s->pid)
			dispatch(ops, s, next, njobs, p, t);
	}
	free(fds);
	return true;
}

/* The same step in this process (one slot): Ctrl-C stops after the file. */
static void run_inline(const struct pool_ops *ops, size_t njobs, struct pool_totals *t,
		       struct progress *p)
{
	void *state = ops->init(ops->arg);
	struct strbuf out = STRBUF_INIT;

	if (!state) {
		t->failed = p->nfiles;
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
		account(t, &rep, p);
		reply_release(&rep);
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
				t->failed += job_files(ops, slots[i].job);
			}
			kill(slots[i].pid, SIGKILL);
			reap(&slots[i]);
		}
}

/* The database cannot be written: name every job that was not started
 * (none is left out silently); each of its files failed. */
static void name_unstarted(const struct pool_ops *ops, size_t njobs, const bool *ready, struct pool_totals *t)
{
	for (size_t i = 0; i < njobs; i++)
		if (!ready[i]) {
			mc_error("%s: not analyzed: the database cannot be written", ops->name(ops->arg, i));
			t->failed += job_files(ops, i);
		}
}

void pool_run(const struct pool_ops *ops, size_t njobs, int nslots, struct pool_totals *t)
{
	struct sigaction sa, old;
	struct progress p = { ops->progress, ops->progress && isatty(STDERR_FILENO) == 1, njobs, 0, NULL,
			      xcalloc(njobs + 1, sizeof(char *)), xcalloc(njobs + 1, sizeof(size_t)),
			      xcalloc(njobs + 1, sizeof(bool)), 0 };
	size_t next = 0;
	int warned = 0;

	for (size_t i = 0; i < njobs; i++)
		p.nfiles += job_files(ops, i);

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
		struct slot *slots = xcalloc((size_t)nslots, sizeof(*slots));
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
		free(slots);
	}
	if (t->stopped)
		name_unstarted(ops, njobs, p.ready, t);
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
	if (t->done + t->failed < p.nfiles && !t->interrupted && !t->stopped) {
		mc_error("%zu file%s not analyzed: no worker could start", p.nfiles - t->done - t->failed,
			 p.nfiles - t->done - t->failed == 1 ? "" : "s");
		t->failed = p.nfiles - t->done;
		t->status = MC_EXIT_ERROR;
	}
	sigaction(SIGINT, &old, NULL);
}
