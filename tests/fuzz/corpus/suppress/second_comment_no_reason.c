/* other */ /* mmiocheck: ignore MMIO003 second comment of the line */
/* mmiocheck: ignore MMIO001 */
