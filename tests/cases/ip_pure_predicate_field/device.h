/* include/linux/mlx4/device.h (Linux 6.1), reduced. */
#ifndef MLX4_DEVICE_H
#define MLX4_DEVICE_H

enum {
	MLX4_FLAG_MSI_X		= 1 << 0,
	MLX4_FLAG_OLD_PORT_CMDS	= 1 << 1,
	MLX4_FLAG_MASTER	= 1 << 2,
	MLX4_FLAG_SLAVE		= 1 << 3,
};

struct mlx4_dev {
	unsigned long flags;
};

static inline int mlx4_is_mfunc(struct mlx4_dev *dev)
{
	return dev->flags & (MLX4_FLAG_SLAVE | MLX4_FLAG_MASTER);
}

#endif
