/* mmiocheck: ignore MMIO001 rÃ©ason ÿþ invalid utf-8 */
