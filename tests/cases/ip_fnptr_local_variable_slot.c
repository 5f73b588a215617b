/*
 * A local variable of function-pointer type is a slot of its own: the
 * functions its function's code stores in it are the ones a call through
 * it can reach.
 *
 * Reduced from bnx2x_read_sfp_module_eeprom()
 * (drivers/net/ethernet/broadcom/bnx2x/bnx2x_link.c, Linux 6.1): by PHY
 * type it stores bnx2x_8726_read_sfp_module_eeprom(),
 * bnx2x_8727_read_sfp_module_eeprom() or the warpcore reader in its local
 * `read_func`, and calls it.  Its callers hold bp->port.phy_mutex (the
 * ethtool module-EEPROM read takes it around the call), and so does every
 * other writer of the MDIO command register.  The call through the local
 * resolved to nothing, so the readers looked like functions nothing
 * calls, writing the register with no lock held: MMIO005 on each of their
 * MDIO writes (bnx2x_link.c:7867 and 13 more with --pedantic), WRONG.
 * The lock is a spinlock here; phy_mutex is a mutex, which MMIO006 is
 * about.
 */
/* models: contract */
/* rules: MMIO005 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define EMAC_REG_EMAC_MDIO_COMM	0xac

struct bnx2x {
	spinlock_t phy_lock;
	void __iomem *regview;
	int phy_type;
};

static void bnx2x_cl45_write(struct bnx2x *bp, u32 val)
{
	writel(val, bp->regview + EMAC_REG_EMAC_MDIO_COMM);
}

static int bnx2x_8726_read_sfp_module_eeprom(struct bnx2x *bp, u16 addr)
{
	bnx2x_cl45_write(bp, addr);
	return 0;
}

static int bnx2x_8727_read_sfp_module_eeprom(struct bnx2x *bp, u16 addr)
{
	bnx2x_cl45_write(bp, addr | 0x100);
	return 0;
}

typedef int (*read_sfp_module_eeprom_func_p)(struct bnx2x *bp, u16 addr);

int bnx2x_read_sfp_module_eeprom(struct bnx2x *bp, u16 addr)
{
	read_sfp_module_eeprom_func_p read_func;

	switch (bp->phy_type) {
	case 1:
		read_func = bnx2x_8726_read_sfp_module_eeprom;
		break;
	case 2:
		read_func = bnx2x_8727_read_sfp_module_eeprom;
		break;
	default:
		return -1;
	}
	return read_func(bp, addr);
}

void bnx2x_get_module_eeprom(struct bnx2x *bp)
{
	spin_lock(&bp->phy_lock);
	bnx2x_read_sfp_module_eeprom(bp, 0x50);
	spin_unlock(&bp->phy_lock);
}

void bnx2x_link_update(struct bnx2x *bp)
{
	spin_lock(&bp->phy_lock);
	bnx2x_cl45_write(bp, 1);
	spin_unlock(&bp->phy_lock);
}

void bnx2x_set_led(struct bnx2x *bp)
{
	spin_lock(&bp->phy_lock);
	bnx2x_cl45_write(bp, 2);
	spin_unlock(&bp->phy_lock);
}

void bnx2x_phy_probe(struct bnx2x *bp)
{
	spin_lock(&bp->phy_lock);
	bnx2x_cl45_write(bp, 3);
	spin_unlock(&bp->phy_lock);
}

void bnx2x_set_gpio(struct bnx2x *bp)
{
	spin_lock(&bp->phy_lock);
	bnx2x_cl45_write(bp, 4);
	spin_unlock(&bp->phy_lock);
}

/* a writer without the lock, the one finding */
void bnx2x_ext_phy_reset(struct bnx2x *bp)
{
	bnx2x_cl45_write(bp, 0); /* expect: MMIO005 */
}
