/*
 * linux/rcupdate.h - RCU read-side critical sections of Linux 6.1
 * (include/linux/rcupdate.h, CONFIG_PREEMPT_RCU).  The sparse context
 * rcu_read_lock() enters is RCU (`__acquire(RCU)`), which drivers name in
 * their annotations (`__releases(RCU)`); it is no lock.
 */
#ifndef __LINUX_RCUPDATE_H
#define __LINUX_RCUPDATE_H

#include <linux/compiler.h>

void __rcu_read_lock(void);
void __rcu_read_unlock(void);

static __always_inline void rcu_read_lock(void)
{
	__rcu_read_lock();
	__acquire(RCU);
}

static inline void rcu_read_unlock(void)
{
	__release(RCU);
	__rcu_read_unlock();
}

#endif /* __LINUX_RCUPDATE_H */
