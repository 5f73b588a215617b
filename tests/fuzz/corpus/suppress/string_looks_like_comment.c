puts("// mmiocheck: ignore MMIO001 not a comment"); /* mmiocheck: ignore MMIO004 real */
