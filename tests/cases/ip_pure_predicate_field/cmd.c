/*
 * A pure predicate may read its argument's fields: mlx4_is_mfunc(dev) is
 * `return dev->flags & (MLX4_FLAG_SLAVE | MLX4_FLAG_MASTER);`
 * (include/linux/mlx4/device.h).  drivers/net/ethernet/mellanox/mlx4/cmd.c
 * mlx4_cmd_use_events() and mlx4_cmd_use_polling() (Linux 6.1) take
 * slave_cmd_mutex `if (mlx4_is_mfunc(dev))` and release it under the same
 * test.  Keyed as "the last call's result", the two tests were unrelated,
 * and MMIO007 said both return with the mutex held on some paths, as did
 * the callers they were spliced into (mlx4_test_interrupt(),
 * mlx4_setup_hca(), mlx4_load_one(), ...: 13 rows of the 6.1 corpus).  A
 * field read through a parameter is as stable as a test of it written in
 * the function, which the analysis already correlates.
 */
/* rules: MMIO007 */
/* args: --enable MMIO007 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/io.h>
#include "device.h"

struct mlx4_cmd {
	struct mutex slave_cmd_mutex;
	struct rw_semaphore switch_sem;
	int use_events;
	void __iomem *hcr;
};

struct mlx4_priv {
	struct mlx4_dev dev;
	struct mlx4_cmd cmd;
};

static inline struct mlx4_priv *mlx4_priv(struct mlx4_dev *dev)
{
	return container_of(dev, struct mlx4_priv, dev);
}

int mlx4_cmd_use_events(struct mlx4_dev *dev)
{
	struct mlx4_priv *priv = mlx4_priv(dev);

	if (mlx4_is_mfunc(dev))
		mutex_lock(&priv->cmd.slave_cmd_mutex);
	down_write(&priv->cmd.switch_sem);
	priv->cmd.use_events = 1;
	up_write(&priv->cmd.switch_sem);
	if (mlx4_is_mfunc(dev))
		mutex_unlock(&priv->cmd.slave_cmd_mutex);
	return 0;
}

void mlx4_cmd_use_polling(struct mlx4_dev *dev)
{
	struct mlx4_priv *priv = mlx4_priv(dev);

	if (mlx4_is_mfunc(dev))
		mutex_lock(&priv->cmd.slave_cmd_mutex);
	down_write(&priv->cmd.switch_sem);
	priv->cmd.use_events = 0;
	up_write(&priv->cmd.switch_sem);
	if (mlx4_is_mfunc(dev))
		mutex_unlock(&priv->cmd.slave_cmd_mutex);
}

int mlx4_test_interrupt(struct mlx4_dev *dev, int vector)
{
	mlx4_cmd_use_polling(dev);
	writel(vector, mlx4_priv(dev)->cmd.hcr);
	return mlx4_cmd_use_events(dev);
}
