/*
 * The core calls bd->hw->kick() under its lock; the implementations are
 * static functions in two other files, found through the ops tables there.
 * One is a raw write -> MMIO001 under both models.
 */
#include "ops.h"

void bar_kick(struct bar_dev *bd, u32 v)
{
	spin_lock(&bd->lock);
	bd->hw->kick(bd, v); /* expect: MMIO001 */
	spin_unlock(&bd->lock);
}
