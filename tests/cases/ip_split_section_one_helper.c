/*
 * drivers/net/ethernet/broadcom/bnxt/bnxt_hwrm.c (Linux 6.1): __hwrm_send()
 * takes hwrm_cmd_lock in __hwrm_acquire_token() (which returns NULL, with
 * no lock, when kzalloc() fails), rings the firmware doorbell and releases
 * the lock `if (token)`.  The analysis does not correlate the token with
 * the lock, so one call's path "took it, kept it" met the next call's path
 * "did not take it, released it": the doorbell was reported in some 150
 * callers that send two firmware commands, each pairing the lock of one
 * call with the unlock of the other.  The section is __hwrm_send()'s own
 * and is reported there (the doorbell under a mutex is MMIO006 by the
 * letter: the firmware's answer is polled before the unlock); the callers
 * get nothing.
 *
 * MMIO007: none.  acquire_token() returns a token exactly when it locked
 * (non-NULL with the lock, NULL without): a conditional acquire whose value
 * tells, which hwrm_send() tests.  Its summary has one exit state per
 * return value, and hwrm_send()'s `token = acquire_token(bp)` followed by
 * `if (!token)` / `if (token)` takes the matching one, so hwrm_send()
 * releases on every path and its caller is balanced.
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

/* <linux/slab.h>, which the test headers do not have */
#define GFP_KERNEL 0
void *kzalloc(size_t size, int flags);
void kfree(const void *p);

struct bnxt {
	void __iomem *bar0;
	struct mutex hwrm_cmd_lock;
	u16 seq;
};

struct token {
	u16 seq_id;
};

static struct token *acquire_token(struct bnxt *bp)
{
	struct token *token = kzalloc(sizeof(*token), GFP_KERNEL);

	if (!token)
		return NULL;
	mutex_lock(&bp->hwrm_cmd_lock);
	token->seq_id = bp->seq++;
	return token;
}

static void release_token(struct bnxt *bp, struct token *token)
{
	kfree(token);
	mutex_unlock(&bp->hwrm_cmd_lock);
}

static int hwrm_send(struct bnxt *bp, u32 msg)
{
	struct token *token = NULL;
	int rc = -EBUSY;

	if (!msg)
		goto exit;
	token = acquire_token(bp);
	if (!token) {
		rc = -ENOMEM;
		goto exit;
	}
	writel(msg, bp->bar0 + 0x100);
	writel(1, bp->bar0 + 0x400); /* expect: MMIO006 */
	rc = 0;
exit:
	if (token)
		release_token(bp, token);
	return rc;
}

int bnxt_two_commands(struct bnxt *bp)
{
	int rc = hwrm_send(bp, 0x10);

	if (rc)
		return rc;
	return hwrm_send(bp, 0x20);
}
