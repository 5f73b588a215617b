/* hw_regs.h - register offsets of the tiny device (an interface library). */
#ifndef HW_REGS_H
#define HW_REGS_H
#define HW_DOORBELL	0x40
#define HW_CTRL		0x44
#endif
