/*
 * Port I/O is non-posted (Documentation/memory-barriers.txt: "they are
 * not posted"): an outb() under a mutex has completed before
 * mutex_unlock(), so it is not MMIO006.  A memory-mapped write under the
 * same mutex still is.  Reduced from drivers/hwmon/it87.c
 * it87_write_value() (outb_p() to the index/data ports) as set_temp()
 * calls it under data->update_lock.
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define IT87_ADDR_REG_OFFSET	5
#define IT87_DATA_REG_OFFSET	6

struct it87_data {
	unsigned short addr;
	void __iomem *mmio;
	struct mutex update_lock;
	u8 temp;
};

static int it87_read_value(struct it87_data *data, u8 reg)
{
	outb_p(reg, data->addr + IT87_ADDR_REG_OFFSET);
	return inb_p(data->addr + IT87_DATA_REG_OFFSET);
}

static void it87_write_value(struct it87_data *data, u8 reg, u8 value)
{
	outb_p(reg, data->addr + IT87_ADDR_REG_OFFSET);
	outb_p(value, data->addr + IT87_DATA_REG_OFFSET);
}

int set_temp(struct it87_data *data, u8 reg, long val)
{
	u8 regval;

	mutex_lock(&data->update_lock);
	regval = it87_read_value(data, 0x5c);
	if (!(regval & 0x80))
		it87_write_value(data, 0x5c, regval | 0x80);
	data->temp = (u8)val;
	it87_write_value(data, reg, data->temp);
	mutex_unlock(&data->update_lock);
	return 0;
}

void set_fan_plain_outb(struct it87_data *data, u8 v)
{
	mutex_lock(&data->update_lock);
	outb(v, data->addr + IT87_DATA_REG_OFFSET);
	outw(v, data->addr + IT87_DATA_REG_OFFSET);
	outl(v, data->addr + IT87_DATA_REG_OFFSET);
	mutex_unlock(&data->update_lock);
}

void set_fan_mmio_after_port(struct it87_data *data, u8 v)
{
	mutex_lock(&data->update_lock);
	writel(v, data->mmio + 0x10); /* expect: MMIO006 */
	outb(v, data->addr + IT87_DATA_REG_OFFSET);
	mutex_unlock(&data->update_lock);
}
