/*
 * guard.c - the page a guarded run shares between its processes, the
 * limits each process runs under, and the reason a process died
 * (guard.h).
 *
 * Why a child process and not libclang's crash recovery alone: recovery
 * catches an allocation failure inside the parse, but not a stack
 * overflow in its parse thread, and the memory of a recovered parse is
 * never given back; an alarm cannot stop a parse either.  A child under
 * RLIMIT_AS and alarm() ends cleanly, and the parent goes on.
 */
#include "guard.h"
#include "util.h"

#include <assert.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define GUARD_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GUARD_SANITIZER 1
#endif
#endif

struct guard_proc {
	char file[PATH_MAX];
	int phase;		/* enum guard_phase */
	int out_of_memory;	/* an allocation failed */
};

struct guard_page {
	long long run_id;
	size_t max_memory;	/* bytes, 0: none */
	int max_seconds;	/* for the parse, 0: none */
	size_t nfiles;
	size_t deaths;
	struct guard_totals totals;
	struct guard_notes notes;	/* added to by several processes at once */
	struct guard_proc procs[GUARD_MAX_PROCS];
	unsigned char state[];	/* enum guard_file_state per file */
};

static struct guard_page *page;
static size_t page_size;
static int my_proc = -1;	/* this process's slot; -1: not guarded */

bool guard_begin(size_t nfiles, size_t max_memory, int max_seconds)
{
	assert(!page);
	page_size = sizeof(*page) + nfiles + 1;
	void *p = mmap(NULL, page_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return false;
	page = p;
	page->max_memory = max_memory;
	page->max_seconds = max_seconds;
	page->nfiles = nfiles;
	return true;
}

void guard_end(void)
{
	if (page)
		munmap(page, page_size);
	page = NULL;
	my_proc = -1;
}

bool guard_active(void)
{
	return page && my_proc >= 0;
}

bool guard_memory_limited(void)
{
#ifdef GUARD_SANITIZER
	return false;
#else
	return true;
#endif
}

void guard_enter_process(int proc)
{
	assert(page && proc >= 0 && proc < GUARD_MAX_PROCS);
	my_proc = proc;
	page->procs[proc].file[0] = '\0';
	page->procs[proc].phase = GUARD_IDLE;
	page->procs[proc].out_of_memory = 0;
	if (page->max_memory && guard_memory_limited()) {
		struct rlimit rl = { page->max_memory, page->max_memory };
		setrlimit(RLIMIT_AS, &rl);
	}
}

void guard_note_file(const char *path, enum guard_phase phase)
{
	if (!guard_active())
		return;
	struct guard_proc *p = &page->procs[my_proc];
	snprintf(p->file, sizeof(p->file), "%s", path);
	p->phase = phase;
	alarm(phase == GUARD_PARSING && page->max_seconds > 0 ? (unsigned)page->max_seconds : 0);
}

void guard_clear_file(void)
{
	if (!guard_active())
		return;
	alarm(0);
	page->procs[my_proc].file[0] = '\0';
	page->procs[my_proc].phase = GUARD_IDLE;
}

/* How much address space this process has used at most, from
 * /proc/self/status (VmPeak, kB); 0 if unknown. */
static size_t peak_address_space(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	unsigned long long kb = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmPeak: %llu kB", &kb) == 1)
			break;
	fclose(f);
	return (size_t)kb * 1024;
}

void guard_abandon_file(void)
{
	if (!guard_active())
		return;
	/* A failed allocation is why libclang gives up under a limit: the
	 * peak is then within reach of it (a request that did not fit). */
	size_t peak = peak_address_space();
	if (page->max_memory && guard_memory_limited() && peak >= page->max_memory / 4 * 3)
		page->procs[my_proc].out_of_memory = 1;
	fflush(stdout);
	_exit(GUARD_EXIT_ABANDONED);
}

void guard_note_out_of_memory(void)
{
	if (guard_active())
		page->procs[my_proc].out_of_memory = 1;
}

void guard_set_state(size_t file, enum guard_file_state st)
{
	if (page && file < page->nfiles)
		page->state[file] = (unsigned char)st;
}

enum guard_file_state guard_state(size_t file)
{
	return page && file < page->nfiles ? (enum guard_file_state)page->state[file] : GUARD_PENDING;
}

void guard_set_run(long long run_id)
{
	if (page)
		page->run_id = run_id;
}

long long guard_run(void)
{
	return page ? page->run_id : 0;
}

void guard_count_death(void)
{
	if (page)
		page->deaths++;
}

size_t guard_deaths(void)
{
	return page ? page->deaths : 0;
}

void guard_add_totals(const struct guard_totals *t)
{
	if (!page)
		return;
	page->totals.done += t->done;
	page->totals.reused += t->reused;
	page->totals.parse_errors += t->parse_errors;
	page->totals.findings += t->findings;
	page->totals.stopped |= t->stopped;
}

void guard_get_totals(struct guard_totals *t)
{
	memset(t, 0, sizeof(*t));
	if (page)
		*t = page->totals;
}

static struct guard_notes own_notes;	/* unguarded: this process's */

/* Atomic: the child and every worker of -j add to the page at once. */
void guard_add_notes(const struct guard_notes *n)
{
	struct guard_notes *to = page ? &page->notes : &own_notes;

	__atomic_fetch_add(&to->capped, n->capped, __ATOMIC_RELAXED);
	__atomic_fetch_add(&to->bounded, n->bounded, __ATOMIC_RELAXED);
	__atomic_fetch_add(&to->not_checked, n->not_checked, __ATOMIC_RELAXED);
	__atomic_fetch_add(&to->rechecked, n->rechecked, __ATOMIC_RELAXED);
}

void guard_get_notes(struct guard_notes *n)
{
	const struct guard_notes *from = page ? &page->notes : &own_notes;

	n->capped = __atomic_load_n(&from->capped, __ATOMIC_RELAXED);
	n->bounded = __atomic_load_n(&from->bounded, __ATOMIC_RELAXED);
	n->not_checked = __atomic_load_n(&from->not_checked, __ATOMIC_RELAXED);
	n->rechecked = __atomic_load_n(&from->rechecked, __ATOMIC_RELAXED);
}

const char *guard_signal_name(int sig)
{
	switch (sig) {
	case SIGSEGV: return "SIGSEGV";
	case SIGBUS: return "SIGBUS";
	case SIGABRT: return "SIGABRT";
	case SIGILL: return "SIGILL";
	case SIGFPE: return "SIGFPE";
	case SIGINT: return "SIGINT";
	case SIGTERM: return "SIGTERM";
	case SIGKILL: return "SIGKILL";
	case SIGXCPU: return "SIGXCPU";
	case SIGXFSZ: return "SIGXFSZ";
	default: return "a signal";
	}
}

/* "exceeded --max-memory (512 MiB)" */
static void memory_reason(char *buf, size_t size)
{
	snprintf(buf, size, "exceeded --max-memory (%zu MiB)", page->max_memory >> 20);
}

bool guard_death(int proc, int status, const char **file, char *buf, size_t size)
{
	assert(page && proc >= 0 && proc < GUARD_MAX_PROCS);
	struct guard_proc *p = &page->procs[proc];
	const char *who = p->phase == GUARD_PARSING ? "libclang" : "the analysis";

	*file = p->file[0] ? p->file : NULL;
	if (WIFEXITED(status) && WEXITSTATUS(status) != GUARD_EXIT_ABANDONED)
		return false;
	if (p->out_of_memory && page->max_memory)
		memory_reason(buf, size);
	else if (p->out_of_memory)
		snprintf(buf, size, "out of memory");
	else if (WIFEXITED(status))
		snprintf(buf, size, "libclang crashed on it");
	else if (WTERMSIG(status) == SIGALRM)
		snprintf(buf, size, "parse stopped after %d s (--max-seconds)", page->max_seconds);
	else if (WTERMSIG(status) == SIGKILL)
		snprintf(buf, size, "killed (SIGKILL: out of memory?)");
	else
		snprintf(buf, size, "%s crashed (%s)", who, guard_signal_name(WTERMSIG(status)));
	return true;
}
