/* Loops: for-header classification, macro-made for, devices (test_frontend_lower.c). */
#include <linux/spinlock.h>
#include <linux/io.h>

struct regs {
	unsigned int ctrl;
	unsigned int data[8];
};

struct node {
	struct node *next;
	int busy;
};

#define for_each_node(pos, head) for (pos = (head); pos; pos = pos->next)

void f_macro_for(struct node *head, struct regs __iomem *r, void __iomem *base)
{
	struct node *n;
	int i;

	for_each_node(n, head) {
		for (i = 0; i < 4; i++)
			writel(i, &r->data[i]);
	}
	for (i = 0; i < 2; i++) {
		if (i == 1)
			continue;
		writel(i, &r->ctrl);
	}
	while (readl(base + 4) & 1)
		;
	writel(0, (void __iomem *)((char __iomem *)base + 8));
	iowrite32(1, base + 0x10);
}
