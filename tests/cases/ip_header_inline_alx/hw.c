/*
 * drivers/net/ethernet/atheros/alx/hw.c alx_start_mac(), reduced: its last
 * register write goes through the header's alx_write_mem32().
 */
#include "hw.h"

void alx_start_mac(struct alx_hw *hw)
{
	u32 rxq, mac;

	rxq = alx_read_mem32(hw, ALX_RXQ0);
	alx_write_mem32(hw, ALX_RXQ0, rxq | ALX_RXQ0_EN);
	mac = hw->rx_ctrl | ALX_MAC_CTRL_TX_EN;
	hw->rx_ctrl = mac;
	alx_write_mem32(hw, ALX_MAC_CTRL, mac);
}
