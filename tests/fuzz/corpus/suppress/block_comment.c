	writel(1, b); /* mmiocheck: ignore MMIO001 ordered by the read below */
