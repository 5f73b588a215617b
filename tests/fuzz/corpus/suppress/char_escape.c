c = '\''; // mmiocheck: ignore MMIO002 after an escaped quote
