/*
 * linux/preempt.h - Linux 6.1 without CONFIG_PREEMPT_COUNT (x86_64
 * defconfig, PREEMPT_VOLUNTARY): preempt_disable() is only a compiler
 * barrier.
 */
#ifndef __LINUX_PREEMPT_H
#define __LINUX_PREEMPT_H

#include <linux/compiler.h>

#define preempt_disable()			barrier()
#define preempt_enable()			barrier()
#define preempt_enable_no_resched()		barrier()
#define local_bh_disable()			__local_bh_disable_ip(0, 0x200)
#define local_bh_enable()			__local_bh_enable_ip(0, 0x200)

/* include/linux/bottom_half.h: out of line in kernel/softirq.c */
extern void __local_bh_disable_ip(unsigned long ip, unsigned int cnt);
extern void __local_bh_enable_ip(unsigned long ip, unsigned int cnt);

#endif
