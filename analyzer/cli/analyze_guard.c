/*
 * analyze_guard.c - the analysis runs in a child process under
 * --max-memory (RLIMIT_AS) and --max-seconds (an alarm around each parse);
 * with -j its workers inherit both.  When a process dies on a file (out of
 * memory, out of time, a crash inside libclang), that file is named with
 * the reason, recorded in the run as not analyzed, and the files not yet
 * done are analyzed again in a new child, without it.
 *
 * The cost is one fork per invocation while nothing goes wrong
 * (docs/reliability.md gives the measurement).
 */
#include "analyze_int.h"
#include "cli.h"
#include "util/guard.h"
#include "util/util.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile pid_t child_pid;

/* SIGINT/SIGTERM sent to this process alone (kill, a CI timeout): pass it
 * to the child.  From the terminal the child has it already. */
static void forward_signal(int sig, siginfo_t *info, void *uctx)
{
	(void)uctx;
	if (child_pid > 0 && info->si_code != SI_KERNEL)
		kill(child_pid, sig);
}

void mark_job(const struct job_set *set, const struct job *j, bool ok)
{
	if (!set->orig || j < set->jobs.v || j >= set->jobs.v + set->jobs.n)
		return;
	guard_set_state(set->orig[j - set->jobs.v], ok ? GUARD_DONE : GUARD_FAILED);
}

void record_culprits(struct job_set *set, struct mc_session *s)
{
	char *err = NULL;

	if (!set->culprits)
		return;
	for (size_t i = 0; i < set->culprits->n; i++) {
		struct culprit *cu = &set->culprits->v[i];
		if (s && mc_session_store_unanalyzed(s, cu->path, cu->reason, &err) < 0) {
			mc_error("%s: not recorded as not analyzed: %s", cu->path, err);
			free(err);
			err = NULL;
		}
		free(cu->path);
		free(cu->reason);
	}
	set->culprits->n = 0;
}

/* The child: the jobs still to do (in JSON mode those done too: their
 * results were in the process that died), in a run_jobs of their own. */
static void child_main(struct cli *c, const struct job_set *all, size_t *orig, pid_t parent)
{
	struct job_set sub = *all;
	culprit_vec culprits = VEC_INIT;
	struct sigaction dfl;

	/* Killing mmiocheck (SIGKILL included) kills the analysis with it. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(MC_EXIT_INTERRUPTED);

	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigaction(SIGINT, &dfl, NULL);
	sigaction(SIGTERM, &dfl, NULL);
	guard_enter_process(0);
	memset(&sub.jobs, 0, sizeof(sub.jobs));
	for (size_t i = 0; i < all->jobs.n; i++) {
		enum guard_file_state st = guard_state(i);
		if (st == GUARD_PENDING || (st == GUARD_DONE && c->format == OUT_JSON)) {
			orig[sub.jobs.n] = i;
			VEC_PUSH(sub.jobs, all->jobs.v[i]);
		}
	}
	sub.orig = orig;
	sub.culprits = &culprits;
	int status = run_jobs(c, &sub);
	record_culprits(&sub, NULL);	/* recorded by finish_run unless it could not open the run */
	VEC_FREE(culprits);
	VEC_FREE(sub.jobs);
	fflush(stdout);
	fflush(stderr);
	exit(status);
}

/* The run the files are recorded in, opened in this process. */
static struct mc_session *open_run(struct job_set *set)
{
	struct mc_options o = set->opt;
	char *err = NULL;

	if (!o.run_name && guard_run() > 0)
		o.attach_run = guard_run();
	o.incremental = false;
	struct mc_session *s = mc_session_open(&o, &err);
	if (!s) {
		mc_error("%s", err);
		free(err);
		return NULL;
	}
	guard_set_run(mc_session_run_id(s));
	return s;
}

/* The child died (status): name the file and the reason, record it as not
 * analyzed (all pending files when it died outside one). */
static void child_died(struct job_set *set, int status)
{
	const char *file = NULL;
	char why[256];
	culprit_vec culprits = VEC_INIT;

	if (!guard_death(0, status, &file, why, sizeof(why)))
		snprintf(why, sizeof(why), "the analysis ended with status %d", WEXITSTATUS(status));
	for (size_t i = 0; i < set->jobs.n; i++) {
		if (guard_state(i) != GUARD_PENDING || (file && strcmp(set->jobs.v[i].file, file)))
			continue;
		guard_set_state(i, GUARD_FAILED);
		mc_error("%s: not analyzed: %s", set->jobs.v[i].file, why);
		struct culprit cu = { xstrdup(set->jobs.v[i].file), xstrdup(why) };
		VEC_PUSH(culprits, cu);
	}
	set->culprits = &culprits;
	struct mc_session *s = set->opt.db_path ? open_run(set) : NULL;
	record_culprits(set, s);
	mc_session_close(s);
	set->culprits = NULL;
	VEC_FREE(culprits);
}

static size_t count_pending(const struct job_set *set)
{
	size_t n = 0;

	for (size_t i = 0; i < set->jobs.n; i++)
		n += guard_state(i) == GUARD_PENDING;
	return n;
}

/* No child finished the run (the last one died): finish it here. */
static void finish_here(struct job_set *set, bool interrupted)
{
	char *err = NULL;
	struct mc_session *s = set->opt.db_path ? open_run(set) : NULL;

	if (!s)
		return;
	if (interrupted)
		mc_session_mark_interrupted(s);
	mc_session_mark_errors(s);
	if (mc_session_finish(s, &err) < 0) {
		mc_error("%s", err);
		free(err);
	}
	mc_session_close(s);
}

/* Fork the child and wait for it; its wait status, or -1 if fork failed. */
static int run_child(struct cli *c, struct job_set *set, size_t *orig)
{
	int status;

	fflush(stdout);
	fflush(stderr);
	pid_t parent = getpid(), pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0)
		child_main(c, set, orig, parent);
	child_pid = pid;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	child_pid = 0;
	return status;
}

/* Ask the next round's child to attach to the run created by an earlier one. */
static void next_round(struct cli *c, struct job_set *set)
{
	c->prior_errors = true;
	if (!set->opt.run_name && guard_run() > 0)
		set->opt.attach_run = guard_run();
}

/* The totals over every child: c->failed, c->findings, the summary line. */
static void finish_totals(struct cli *c, const struct job_set *set, bool interrupted)
{
	struct guard_totals t;
	size_t failed = 0;

	guard_get_totals(&t);
	for (size_t i = 0; i < set->jobs.n; i++)	/* pending: not started, the database is unwritable */
		failed += guard_state(i) == GUARD_FAILED || (t.stopped && guard_state(i) == GUARD_PENDING);
	c->failed = failed;
	c->findings = t.findings;
	/* none when nothing ran (a database or rules file refused first) */
	if (summary_wanted(c) && (t.done || failed || interrupted || t.stopped))
		print_summary(c, t.done, t.reused, t.parse_errors, failed, t.findings,
			      interrupted ? "; interrupted" : t.stopped ? "; stopped" : "");
}

int run_guarded(struct cli *c, struct job_set *set)
{
	size_t *orig = xcalloc(set->jobs.n + 1, sizeof(*orig));
	struct sigaction sa, old_int, old_term;
	int status = MC_EXIT_CLEAN;
	bool finished = false, interrupted = false;

	if (!guard_begin(set->jobs.n, c->opt.max_memory, c->opt.max_seconds)) {
		free(orig);
		return run_jobs(c, set);
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = forward_signal;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	for (;;) {
		size_t deaths = guard_deaths();
		int st = run_child(c, set, orig);
		if (st == -1) {
			mc_error("cannot start the analysis: %s", strerror(errno));
			status = MC_EXIT_ERROR;
			break;
		}
		if (WIFEXITED(st) && WEXITSTATUS(st) != GUARD_EXIT_ABANDONED) {
			int code = WEXITSTATUS(st);
			status = code > status ? code : status;
			finished = true;
			interrupted = code == MC_EXIT_INTERRUPTED;
			if (interrupted || guard_deaths() == deaths)
				break;	/* no worker died: what is pending stays so */
		} else if (WIFSIGNALED(st) && (WTERMSIG(st) == SIGINT || WTERMSIG(st) == SIGTERM)) {
			interrupted = true;
			finished = false;
			mc_error("interrupted (%s): the files in progress are not stored", guard_signal_name(WTERMSIG(st)));
			break;
		} else {
			child_died(set, st);
			finished = false;
			status = status > MC_EXIT_ERROR ? status : MC_EXIT_ERROR;
		}
		if (!count_pending(set))
			break;
		next_round(c, set);
	}
	if (!finished)
		finish_here(set, interrupted);
	if (interrupted)
		status = MC_EXIT_INTERRUPTED;
	finish_totals(c, set, interrupted);
	if (status < MC_EXIT_ERROR && c->failed)
		status = MC_EXIT_ERROR;
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	guard_end();
	free(orig);
	return status;
}
