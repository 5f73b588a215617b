/* mmiocheck: ignore */
/* mmiocheck: ignored MMIO001 x */
/* mmiocheck: ignore MMIO001; reason */
