// mmiocheck: ignore MMIO001,MMIO006 doorbell, read back in the irq handler
