/*
 * linux/timer.h - timers of Linux 6.1 (include/linux/timer.h), reduced:
 * timer_setup() expands, as in 6.1 without lockdep, to a call of
 * init_timer_key() with the callback as its second argument.
 */
#ifndef _LINUX_TIMER_H
#define _LINUX_TIMER_H

#include <linux/kernel.h>

struct timer_list {
	unsigned long		expires;
	void			(*function)(struct timer_list *);
	u32			flags;
};

extern unsigned long volatile jiffies;

void init_timer_key(struct timer_list *timer,
		    void (*func)(struct timer_list *), unsigned int flags,
		    const char *name, void *key);

#define __init_timer(_timer, _fn, _flags)				\
	init_timer_key((_timer), (_fn), (_flags), NULL, NULL)

#define timer_setup(timer, callback, flags)			\
	__init_timer((timer), (callback), (flags))

#define from_timer(var, callback_timer, timer_fieldname) \
	container_of(callback_timer, typeof(*var), timer_fieldname)

extern int mod_timer(struct timer_list *timer, unsigned long expires);
extern int del_timer_sync(struct timer_list *timer);

#endif
