/*
 * A helper below a cap is judged through its chains of calls, and a chain
 * goes on up through a call that some paths reach holding a lock and
 * others without: the paths without one carry the caller's own chains,
 * as a call no path reaches locked does.  The locked paths split no
 * further (which lock they hold is not kept), as before.
 *
 * Reduced from mlx4 (drivers/net/ethernet/mellanox/mlx4, Linux 6.1):
 * mlx4_init_eq_table() (eq.c), whose summary is cut to its lock events,
 * arms the async EQ's doorbell.  It is called only by mlx4_setup_hca(),
 * and that only by mlx4_load_one() (main.c), twice: once, and again
 * after -EBUSY.  The analysis sees the retry reached with
 * priv->cmd.poll_sem held on some paths (mlx4_cmd_use_events() keeps
 * that semaphore down while the command interface waits for events) and
 * without it on others.  Here a lock taken around one of the two calls
 * stands for that, without the semaphore's imbalances.  mlx4_load_one()
 * runs under persist->interface_state_mutex from mlx4_pci_resume() and
 * without a lock from the restart work.  Before, such a call ended the
 * chain, and the doorbell write had no chain at all: it counted for
 * nothing.  Now its unlocked chain from the restart work votes.
 *
 * The other writes of the doorbell are the case's own, to make the vote
 * visible: two under eq_lock, one without.  Without the helper's chain
 * two locked writes outvote one, a finding at mlx4_eq_poll(); with it
 * the vote is two to two, and the register has no finding.
 */
/* models: contract */
/* rules: MMIO005 */
/* args: --pedantic */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mutex.h>
#include <linux/semaphore.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct mlx4_eq {
	void __iomem *doorbell;
	u32 cons_index;
};

struct mlx4_priv {
	void __iomem *regs;
	struct mlx4_eq async_eq;
	spinlock_t eq_lock;
	struct semaphore poll_sem;
	struct mutex interface_state_mutex;
};

#define REG_WR(priv, off, val)	writel((val), (priv)->regs + (off))
#define REG_RD(priv, off)	readl((priv)->regs + (off))

/* The other work of mlx4_init_eq_table() (mapping the clear-interrupt
 * register, creating every EQ through firmware commands), of
 * mlx4_setup_hca() and of mlx4_load_one() (every other table, the
 * firmware): enough writes, each read back, that each summary is cut to
 * its lock events (interproc.h, IPA_MAX_SUMMARY_NODES) */
#define W1(o)	do { REG_WR(priv, 0x8000 + (o), 0); REG_RD(priv, 0x8000 + (o)); } while (0)
#define W4(o)	W1(o); W1((o) + 4); W1((o) + 8); W1((o) + 12)
#define W16(o)	W4(o); W4((o) + 16); W4((o) + 32); W4((o) + 48)
#define W64(o)	W16(o); W16((o) + 64); W16((o) + 128); W16((o) + 192)

static void eq_set_ci(struct mlx4_eq *eq, int req_not)
{
	writel(eq->cons_index | (req_not << 31), eq->doorbell);
}

static int mlx4_init_eq_table(struct mlx4_priv *priv)
{
	W64(0);
	W64(256);
	/* arm ASYNC eq */
	eq_set_ci(&priv->async_eq, 1);
	return 0;
}

static int mlx4_setup_hca(struct mlx4_priv *priv)
{
	int err;

	W64(512);
	W64(768);
	err = mlx4_init_eq_table(priv);
	if (err)
		return err;
	return REG_RD(priv, 0x10) ? -EBUSY : 0;	/* mlx4_NOP(): the interrupt test */
}

static void mlx4_load_one(struct mlx4_priv *priv)
{
	W64(1024);
	W64(1280);
	if (mlx4_setup_hca(priv) == -EBUSY) {
		down(&priv->poll_sem);
		mlx4_setup_hca(priv);
		up(&priv->poll_sem);
	}
}

void mlx4_pci_resume(struct mlx4_priv *priv)
{
	mutex_lock(&priv->interface_state_mutex);
	mlx4_load_one(priv);
	mutex_unlock(&priv->interface_state_mutex);
}

void mlx4_restart_work(struct mlx4_priv *priv)
{
	mlx4_load_one(priv);
}

void mlx4_eq_update_ci(struct mlx4_priv *priv)
{
	spin_lock(&priv->eq_lock);
	eq_set_ci(&priv->async_eq, 0);
	spin_unlock(&priv->eq_lock);
}

void mlx4_eq_rearm(struct mlx4_priv *priv)
{
	spin_lock(&priv->eq_lock);
	eq_set_ci(&priv->async_eq, 1);
	spin_unlock(&priv->eq_lock);
}

void mlx4_eq_poll(struct mlx4_priv *priv)
{
	eq_set_ci(&priv->async_eq, 0);
}
