/*
 * linux/workqueue.h - work items of Linux 6.1 (include/linux/workqueue.h),
 * reduced: INIT_WORK() stores the function into work_struct.func
 * (__INIT_WORK_KEY without lockdep), INIT_DELAYED_WORK() does it for the
 * embedded work and sets up the timer with __init_timer().
 */
#ifndef _LINUX_WORKQUEUE_H
#define _LINUX_WORKQUEUE_H

#include <linux/kernel.h>
#include <linux/timer.h>

struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);

struct work_struct {
	long data;
	work_func_t func;
};

struct delayed_work {
	struct work_struct work;
	struct timer_list timer;
	int cpu;
};

extern void __init_work(struct work_struct *work, int onstack);
extern void delayed_work_timer_fn(struct timer_list *t);

#define __INIT_WORK_KEY(_work, _func, _onstack, _key)			\
	do {								\
		__init_work((_work), _onstack);				\
		(_work)->data = 0;					\
		(_work)->func = (_func);				\
	} while (0)

#define __INIT_WORK(_work, _func, _onstack)				\
	__INIT_WORK_KEY(_work, _func, _onstack, NULL)

#define INIT_WORK(_work, _func)						\
	__INIT_WORK((_work), (_func), 0)

#define __INIT_DELAYED_WORK(_work, _func, _tflags)			\
	do {								\
		INIT_WORK(&(_work)->work, (_func));			\
		__init_timer(&(_work)->timer,				\
			     delayed_work_timer_fn,			\
			     (_tflags));				\
	} while (0)

#define INIT_DELAYED_WORK(_work, _func)					\
	__INIT_DELAYED_WORK(_work, _func, 0)

#define to_delayed_work(_work)	container_of(_work, struct delayed_work, work)

extern bool schedule_work(struct work_struct *work);
extern bool schedule_delayed_work(struct delayed_work *dwork, unsigned long delay);
extern bool cancel_work_sync(struct work_struct *work);

#endif
