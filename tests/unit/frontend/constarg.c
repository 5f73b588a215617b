/* Constant call arguments and branches on parameters
 * (test_frontend_interproc.c): the shapes of iavf_irq_enable(adapter, true)
 * and qla82xx_md_rw_32(ha, off, 0, 0), whose callees test the flag. */
#include <linux/kernel.h>
#include <linux/io.h>

enum iavf_mode { IAVF_NO_FLUSH, IAVF_FLUSH };
#define IAVF_DEFAULT_MODE IAVF_FLUSH
#define MD_FLAG_READ 0

struct iavf { void __iomem *regs; bool flush; };

void iavf_irq_enable(struct iavf *a, bool flush, int mode, u8 flag)
{
	if (flush)
		readl(a->regs);
	if (!mode)
		readl(a->regs + 4);
	if (flag == 0)
		readl(a->regs + 8);
}

void iavf_rewrites(struct iavf *a, bool flush, int n, int *p)
{
	flush = flush && a->flush;
	if (flush)
		readl(a->regs);
	n++;
	if (n)
		readl(a->regs + 4);
	p = NULL;
	if (p)
		readl(a->regs + 8);
}

void iavf_open(struct iavf *a, int v)
{
	iavf_irq_enable(a, true, IAVF_DEFAULT_MODE, MD_FLAG_READ);
	iavf_irq_enable(a, v, 1 + 1, (u8)256);
	iavf_irq_enable(a, a->flush, sizeof(int) - 4, v ? 1 : 0);
}
