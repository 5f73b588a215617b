/*
 * linux/delay.h - delays (Linux 6.1 include/linux/delay.h).  On x86 udelay()
 * is a macro choosing __const_udelay() or __udelay(); here it is one
 * out-of-line function, which is what an analyzer needs to see.
 */
#ifndef _LINUX_DELAY_H
#define _LINUX_DELAY_H

extern void udelay(unsigned long usecs);
extern void ndelay(unsigned long nsecs);
extern void mdelay(unsigned long msecs);
extern void msleep(unsigned int msecs);
extern unsigned long msleep_interruptible(unsigned int msecs);
extern void usleep_range(unsigned long min, unsigned long max);

#endif
