/*
 * An interrupt controller: irq_mask writes a mask-set register with
 * writel_relaxed() (common in drivers/irqchip), irq_unmask uses writel().
 * kernel/irq/ calls both with desc->lock held, a raw spinlock, interrupts
 * off ("irq-desc-lock").
 * contract, generic: the relaxed mask write is last before the framework's
 *   raw_spin_unlock() -> MMIO001 on irq_mask.
 * ppc64-legacy: writel_relaxed is writel -> ordered.
 * irq_unmask: full write -> ordered.  irq_ack is not a slot (per-CPU flow
 * handlers call it without desc->lock): its relaxed write is in no section.
 */
/* models: contract,generic,ppc64-legacy */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>
#include <linux/irq.h>

#define FOO_IC_MASK_SET	0x08
#define FOO_IC_MASK_CLR	0x0c
#define FOO_IC_ACK	0x10

struct foo_ic {
	void __iomem *base;
};

static void foo_ic_mask(struct irq_data *d)
{
	struct foo_ic *ic = irq_data_get_irq_chip_data(d);

	writel_relaxed(BIT(irqd_to_hwirq(d)), ic->base + FOO_IC_MASK_SET); /* expect: MMIO001@contract,generic */
}

static void foo_ic_unmask(struct irq_data *d)
{
	struct foo_ic *ic = irq_data_get_irq_chip_data(d);

	writel(BIT(irqd_to_hwirq(d)), ic->base + FOO_IC_MASK_CLR);
}

static void foo_ic_ack(struct irq_data *d)
{
	struct foo_ic *ic = irq_data_get_irq_chip_data(d);

	writel_relaxed(BIT(irqd_to_hwirq(d)), ic->base + FOO_IC_ACK);
}

static struct irq_chip foo_ic_chip = {
	.name		= "foo-ic",
	.irq_mask	= foo_ic_mask,
	.irq_unmask	= foo_ic_unmask,
	.irq_ack	= foo_ic_ack,
};

void foo_ic_map(struct foo_ic *ic, unsigned int virq);
void foo_ic_map(struct foo_ic *ic, unsigned int virq)
{
	irq_set_chip_and_handler(virq, &foo_ic_chip, handle_level_irq);
	irq_set_chip_data(virq, ic);
}
