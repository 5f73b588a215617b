/* Three writers of BAZ_MODE under mode_lock (the evidence), one file. */
/* rules: all */
#include "regs.h"

void baz_set_mode(struct baz_dev *bz, u32 mode)
{
	spin_lock(&bz->mode_lock);
	writel(mode, bz->base + BAZ_MODE);
	spin_unlock(&bz->mode_lock);
}

void baz_mode_off(struct baz_dev *bz)
{
	spin_lock(&bz->mode_lock);
	writel(0, bz->base + BAZ_MODE);
	spin_unlock(&bz->mode_lock);
}

void baz_mode_toggle(struct baz_dev *bz, u32 m)
{
	spin_lock(&bz->mode_lock);
	writel(m ^ 1, bz->base + BAZ_MODE);
	spin_unlock(&bz->mode_lock);
}
