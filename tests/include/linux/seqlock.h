/*
 * linux/seqlock.h - the seqlock_t writer side as in Linux 6.1
 * (include/linux/seqlock.h): a spinlock_t and a sequence count, the
 * writer functions static inline over spin_lock*() / spin_unlock*(); the
 * seqcount_spinlock_t is simplified to its counter.
 */
#ifndef __LINUX_SEQLOCK_H
#define __LINUX_SEQLOCK_H

#include <linux/spinlock.h>

typedef struct {
	unsigned sequence;
	spinlock_t lock;
} seqlock_t;

static inline void do_write_seqcount_begin(unsigned *s) { (*s)++; }
static inline void do_write_seqcount_end(unsigned *s) { (*s)++; }

static inline void write_seqlock(seqlock_t *sl)
{
	spin_lock(&sl->lock);
	do_write_seqcount_begin(&sl->sequence);
}

static inline void write_sequnlock(seqlock_t *sl)
{
	do_write_seqcount_end(&sl->sequence);
	spin_unlock(&sl->lock);
}

static inline unsigned long __write_seqlock_irqsave(seqlock_t *sl)
{
	unsigned long flags;

	spin_lock_irqsave(&sl->lock, flags);
	do_write_seqcount_begin(&sl->sequence);
	return flags;
}

#define write_seqlock_irqsave(lock, flags)				\
	do { flags = __write_seqlock_irqsave(lock); } while (0)

static inline void write_sequnlock_irqrestore(seqlock_t *sl, unsigned long flags)
{
	do_write_seqcount_end(&sl->sequence);
	spin_unlock_irqrestore(&sl->lock, flags);
}

#endif
