/*
 * Reduced from drivers/net/ethernet/intel/ice/ice_common.c (Linux 6.1)
 * ice_aq_send_cmd(), the helper it calls, ice_sq_send_cmd_retry(), and
 * ice_sq_send_cmd() (ice_controlq.c): `lock_acquired = true` next to
 * mutex_lock() decides the unlock, but between the two the spliced helpers
 * test and store more values (the retry flag, the copied buffer, its size,
 * the completion, the status) than a path kept facts for (eight).  The
 * lowest-keyed fact, the flag, was forgotten, so `if (lock_acquired)` went
 * both ways with the mutex held: MMIO007 on ice_aq_send_cmd().
 * ice_cfg_fw_log(), a caller, adds its own tests to the path.
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define ICE_AQ_RC_EBUSY 12

static DEFINE_MUTEX(ice_global_cfg_lock_sw);

struct ice_aq_desc {
	u16 opcode;
	u16 flags;
	u16 retval;
};

struct ice_hw {
	void __iomem *hw_addr;
	u16 next_to_use;
	u16 sq_last_status;
	bool reset_ongoing;
	u16 sq_count;
	u16 sq_buf_size;
	void *sq_buf;
	struct ice_aq_desc *sq_wb_desc;
	struct {
		bool cq_en, uart_en, actv_evnts;
		u16 chgs;
		u16 *data;
	} fw_log;
};

void *kmemdup(const void *src, size_t len, int gfp);
void kfree(const void *p);
void *memcpy(void *dst, const void *src, size_t len);
void msleep(unsigned int msecs);

/* ice_should_retry_sq_send_cmd(): a switch returning true or false */
static bool ice_should_retry_sq_send_cmd(u16 opcode)
{
	switch (opcode) {
	case 0x0C40:
	case 0x0C42:
		return true;
	}
	return false;
}

/* ice_sq_send_cmd() (ice_controlq.c): the descriptor and buffer checks,
 * tail bump, then the head read back and the completion's status */
static int ice_sq_send_cmd(struct ice_hw *hw, struct ice_aq_desc *desc, void *buf, u16 buf_size)
{
	bool cmd_completed = false;
	int status = 0;

	if (hw->reset_ongoing)
		return -16;
	if (!hw->sq_count)
		return -5;
	if ((buf && !buf_size) || (!buf && buf_size))
		return -22;
	if (buf) {
		if (buf_size > hw->sq_buf_size)
			return -22;
		desc->flags |= 0x1000;
		if (buf_size > 512)
			desc->flags |= 0x200;
	}
	writel(desc->opcode, hw->hw_addr + 0x80000);
	writel(++hw->next_to_use, hw->hw_addr + 0x80100);
	if (readl(hw->hw_addr + 0x80200) == hw->next_to_use)
		cmd_completed = true;
	if (cmd_completed) {
		if (buf && buf_size > 512)
			memcpy(buf, hw->sq_buf, buf_size);
		if (desc->retval)
			status = -22;
		if (hw->sq_wb_desc)
			memcpy(hw->sq_wb_desc, desc, sizeof(*desc));
		hw->sq_last_status = desc->retval;
	}
	if (!cmd_completed)
		status = -5;
	if (desc->retval && hw->sq_wb_desc)
		hw->sq_last_status = 0xff;
	return status;
}

static int ice_sq_send_cmd_retry(struct ice_hw *hw, struct ice_aq_desc *desc, void *buf, u16 buf_size)
{
	struct ice_aq_desc desc_cpy;
	bool is_cmd_for_retry;
	u8 *buf_cpy = NULL;
	u8 idx = 0;
	int status;

	is_cmd_for_retry = ice_should_retry_sq_send_cmd(desc->opcode);
	if (is_cmd_for_retry) {
		if (buf) {
			buf_cpy = kmemdup(buf, buf_size, 0);
			if (!buf_cpy)
				return -12;
		}
		memcpy(&desc_cpy, desc, sizeof(desc_cpy));
	}

	do {
		status = ice_sq_send_cmd(hw, desc, buf, buf_size);
		if (!is_cmd_for_retry || !status || hw->sq_last_status != ICE_AQ_RC_EBUSY)
			break;
		if (buf_cpy)
			memcpy(buf, buf_cpy, buf_size);
		memcpy(desc, &desc_cpy, sizeof(desc_cpy));
		msleep(5);
	} while (++idx < 5);

	kfree(buf_cpy);
	return status;
}

int ice_aq_send_cmd(struct ice_hw *hw, struct ice_aq_desc *desc, void *buf, u16 buf_size)
{
	bool lock_acquired = false;
	int status;

	switch (desc->opcode) {
	case 0x0C40:
	case 0x0001:
		break;
	default:
		mutex_lock(&ice_global_cfg_lock_sw);
		lock_acquired = true;
		break;
	}

	status = ice_sq_send_cmd_retry(hw, desc, buf, buf_size);
	if (lock_acquired)
		mutex_unlock(&ice_global_cfg_lock_sw);

	return status;
}

/* ice_cfg_fw_log(): the caller's own tests are facts on the path too */
int ice_cfg_fw_log(struct ice_hw *hw, bool enable)
{
	struct ice_aq_desc desc = { 0x0FF5, 0 };
	u16 *data = NULL;
	u16 chgs = 0;
	int status;

	if (!hw->fw_log.cq_en && !hw->fw_log.uart_en)
		return 0;
	if (!enable && !hw->fw_log.actv_evnts)
		return 0;
	if (hw->fw_log.cq_en)
		desc.retval |= 1;
	if (hw->fw_log.uart_en)
		desc.retval |= 2;
	if (enable) {
		data = hw->fw_log.data;
		chgs = hw->fw_log.chgs;
		if (!chgs)
			return 0;
		if (hw->fw_log.cq_en)
			desc.retval |= 4;
		if (hw->fw_log.uart_en)
			desc.retval |= 8;
	}

	status = ice_aq_send_cmd(hw, &desc, data, chgs);
	if (!status)
		hw->fw_log.actv_evnts = enable;
	return status;
}
