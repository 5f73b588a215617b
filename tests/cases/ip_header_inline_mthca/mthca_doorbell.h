/*
 * The doorbell helpers of drivers/infiniband/hw/mthca/mthca_doorbell.h
 * (BITS_PER_LONG == 64): static inline functions in the driver's own
 * header, around __raw_writeq().
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <asm/barrier.h>

#define MTHCA_SEND_DOORBELL	0x10
#define MTHCA_CQ_DOORBELL	0x20
#define MTHCA_GET_DOORBELL_LOCK(ptr)	(NULL)
/* from the kernel's byteorder headers, which the test headers lack */
#ifndef cpu_to_be64
#define cpu_to_be64(x)	((__force __be64)__builtin_bswap64(x))
#endif

struct mthca_dev {
	void __iomem *kar;
	spinlock_t doorbell_lock;
};

struct mthca_qp {
	spinlock_t sq_lock;
	u32 qpn;
	int next_ind;
};

static inline void mthca_write64_raw(__be64 val, void __iomem *dest)
{
	__raw_writeq((__force u64) val, dest);
}

static inline void mthca_write64(u32 hi, u32 lo, void __iomem *dest,
				 spinlock_t *doorbell_lock)
{
	__raw_writeq((__force u64) cpu_to_be64((u64) hi << 32 | lo), dest);
}
