/*
 * guard.h - running the analysis in a child process under limits, so that
 * a file that exhausts memory, runs past its time or crashes libclang
 * costs that file only (docs/reliability.md, "Resource limits").
 *
 * The parent maps a page shared with every process it forks (the child
 * and, with -j, the child's workers); each process notes there the file
 * it is parsing or analyzing.  When one dies, whoever waits for it reads
 * the file and turns its wait status into a reason.
 */
#ifndef MMIOCHECK_GUARD_H
#define MMIOCHECK_GUARD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Processes with a slot of their own: the child, then one per worker. */
#define GUARD_MAX_PROCS 1025

/* A guarded process exits with this after libclang gave up on a file
 * (its crash recovery): the memory of that parse is not given back. */
#define GUARD_EXIT_ABANDONED 97

/* What a process was doing when it died. */
enum guard_phase { GUARD_IDLE, GUARD_PARSING, GUARD_ANALYZING };

/* Map the shared page for a run over nfiles files; false if mmap failed.
 * Call once, before forking; guard_end unmaps it. */
bool guard_begin(size_t nfiles, size_t max_memory, int max_seconds);
void guard_end(void);
bool guard_active(void);

/* In a freshly forked process: use slot `proc`, apply the memory limit
 * (RLIMIT_AS; none in a sanitizer build: its shadow memory is terabytes
 * of address space). */
void guard_enter_process(int proc);

/* The file this process parses (phase GUARD_PARSING: the --max-seconds
 * alarm is armed) or analyzes, then done with it.  No-ops unguarded. */
void guard_note_file(const char *path, enum guard_phase phase);
void guard_clear_file(void);

/* libclang gave up on the current file: end this process (guarded only;
 * returns when unguarded). */
void guard_abandon_file(void);

/* An allocation failed in this process (util.c, before it aborts). */
void guard_note_out_of_memory(void);

/* Per file of the run (index into the caller's list): pending, done or
 * not analyzed; the run id the child created. */
enum guard_file_state { GUARD_PENDING, GUARD_DONE, GUARD_FAILED };
void guard_set_state(size_t file, enum guard_file_state st);
enum guard_file_state guard_state(size_t file);
void guard_set_run(long long run_id);
long long guard_run(void);

/* Deaths the guard turned into "not analyzed" (their files' neighbours are
 * pending again), and the totals a child hands back to its parent. */
void guard_count_death(void);
size_t guard_deaths(void);
struct guard_totals {
	size_t done, reused, parse_errors, findings;
	bool stopped;
};
void guard_add_totals(const struct guard_totals *t);
void guard_get_totals(struct guard_totals *t);

/* What the run noted besides findings, for its summary line: each process
 * of the run (the child, its workers) adds its own as it goes; without a
 * shared page, this process's count. */
struct guard_notes {
	size_t capped;		/* function summaries capped (reduce.c) */
	size_t bounded;		/* functions that hit the state bound */
	size_t not_checked;	/* functions holding a parse error */
	size_t rechecked;	/* stale callers analyzed again */
};
void guard_add_notes(const struct guard_notes *n);
void guard_get_notes(struct guard_notes *n);

/* After process `proc` ended with wait status `status`: the file it was
 * on (NULL if none) and why it ended ("exceeded --max-memory (512 MiB)",
 * "parse stopped after 2 s (--max-seconds)", "libclang crashed (SIGSEGV)")
 * in buf.  False when it ended normally. */
bool guard_death(int proc, int status, const char **file, char *buf, size_t size);

/* "SIGSEGV" for SIGSEGV, and so on. */
const char *guard_signal_name(int sig);

/* Was the memory limit applied (false in a sanitizer build)? */
bool guard_memory_limited(void);

#endif
