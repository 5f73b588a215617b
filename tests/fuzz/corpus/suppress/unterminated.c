/* mmiocheck: ignore MMIO001 unterminated block
writel(1, b);
