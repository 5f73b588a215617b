/* struct e1000_hw and its NVM operations, drivers/net/ethernet/intel/e1000e/hw.h
 * (Linux 6.1), reduced. */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

struct e1000_hw;

struct e1000_nvm_operations {
	s32 (*acquire)(struct e1000_hw *);
	void (*release)(struct e1000_hw *);
};

struct e1000_nvm_info {
	struct e1000_nvm_operations ops;
	u16 word_size;
};

struct e1000_hw {
	void __iomem *hw_addr;
	void __iomem *flash_address;
	struct e1000_nvm_info nvm;
};
