/*
 * A counting semaphore has no owner: drivers/net/ethernet/mellanox/mlx4/
 * cmd.c (Linux 6.1) mlx4_cmd_use_polling() takes every token of
 * priv->cmd.event_sem, so no command waits for an event any more, and
 * gives poll_sem back; mlx4_cmd_use_events() takes poll_sem and sets up
 * event_sem again.  The down() and its up() are in different functions by
 * design, so neither function returns with a lock "held on some paths"
 * for its callers to worry about.  MMIO007 said so of both, and of every
 * caller (mlx4_test_interrupt(), mlx4_setup_hca(), mlx4_load_one(), ...:
 * 7 rows of the 6.1 corpus; mthca_cmd_use_polling() and its callers have
 * the same loop).  A lock taken in a loop that never releases it takes
 * tokens; a lock taken once and kept on some returns is still reported.
 */
/* rules: MMIO007 */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/semaphore.h>
#include <linux/io.h>

struct mlx4_cmd {
	struct rw_semaphore switch_sem;
	struct semaphore poll_sem;
	struct semaphore event_sem;
	struct mutex hcr_mutex;
	int max_cmds;
	int use_events;
	void __iomem *hcr;
};

void mlx4_cmd_use_polling(struct mlx4_cmd *cmd)
{
	int i;

	down_write(&cmd->switch_sem);
	cmd->use_events = 0;
	for (i = 0; i < cmd->max_cmds; ++i)
		down(&cmd->event_sem);
	up(&cmd->poll_sem);
	up_write(&cmd->switch_sem);
}

int mlx4_cmd_use_events(struct mlx4_cmd *cmd)
{
	down_write(&cmd->switch_sem);
	down(&cmd->poll_sem);
	cmd->use_events = 1;
	up_write(&cmd->switch_sem);
	return 0;
}

int mlx4_test_interrupt(struct mlx4_cmd *cmd, int vector)
{
	mlx4_cmd_use_polling(cmd);
	writel(vector, cmd->hcr);
	return mlx4_cmd_use_events(cmd);
}

/* Taken once, kept on one return that the value does not tell apart:
 * reported, semaphore or mutex. */
void foo_start(struct mlx4_cmd *cmd, int fast)
{
	mutex_lock(&cmd->hcr_mutex);
	if (fast)
		return; /* expect: MMIO007 */
	mutex_unlock(&cmd->hcr_mutex);
}

void foo_gate(struct mlx4_cmd *cmd, int fast)
{
	down(&cmd->poll_sem);
	if (fast)
		return; /* expect: MMIO007 */
	up(&cmd->poll_sem);
}
