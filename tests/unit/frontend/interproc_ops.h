/* An ops table in a header (test_frontend_interproc.c): its stores are
 * recorded with the header's name. */
void tg3_write32_hdr(struct tg3 *tp, u32 off, u32 val);
static const struct tg3_ops tg3_header_ops __attribute__((unused)) = {
	.write32 = tg3_write32_hdr,
};
