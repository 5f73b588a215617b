/*
 * down_interruptible() returns 0 exactly when it took the semaphore:
 * drivers/net/ethernet/broadcom/bnx2x/bnx2x_main.c (Linux 6.1)
 * bnx2x_prev_mark_path() stores the result in `rc`, returns early when it
 * is not 0, and releases in the else arm of a second `if (rc)`.  The
 * semaphore is held exactly on the paths where rc is 0, tested directly
 * or through the local, so no path returns with it held.  A function that
 * releases on the wrong arm keeps its MMIO007.
 */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/semaphore.h>
#include <linux/errno.h>

static DEFINE_SEMAPHORE(foo_prev_sem);

struct foo_path {
	int aer;
};

struct foo_path *foo_prev_get_entry(void);
void foo_prev_add(struct foo_path *p);

/* the first take: an early return when rc is not 0; the second: if/else */
int foo_prev_mark_path(void)
{
	struct foo_path *tmp;
	int rc;

	rc = down_interruptible(&foo_prev_sem);
	if (rc)
		return rc;
	tmp = foo_prev_get_entry();
	if (tmp) {
		tmp->aer = 0;
		up(&foo_prev_sem);
		return 0;
	}
	up(&foo_prev_sem);

	rc = down_interruptible(&foo_prev_sem);
	if (rc) {
		tmp = NULL;
	} else {
		foo_prev_add(tmp);
		up(&foo_prev_sem);
	}
	return rc;
}

/* tested directly */
int foo_prev_clear(void)
{
	if (down_killable(&foo_prev_sem))
		return -EINTR;
	foo_prev_add(NULL);
	up(&foo_prev_sem);
	return 0;
}

/* the release on the arm where the semaphore was not taken */
int foo_prev_wrong_arm(void)
{
	int rc = down_interruptible(&foo_prev_sem);

	if (rc)
		up(&foo_prev_sem);
	return 0; /* expect: MMIO007 */
}
