/*
 * linux/serial_core.h - the serial core driver interface of Linux 6.1
 * (include/linux/serial_core.h, tty_port in include/linux/tty_port.h,
 * circ_buf in include/linux/circ_buf.h), reduced.
 *
 * struct uart_ops is the 6.1 structure field for field (CONFIG_CONSOLE_POLL
 * fields included); uart_port keeps the 6.1 names and types of what
 * drivers and rules/frameworks/serial.json use (lock, membase, ops, state).
 * The 6.1 kernel-doc of uart_ops says "Locking: @port->lock taken." for
 * set_mctrl, get_mctrl, stop_tx, start_tx, start_rx, stop_rx, enable_ms and
 * flush_buffer.
 */
#ifndef LINUX_SERIAL_CORE_H
#define LINUX_SERIAL_CORE_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>

struct uart_port;
struct serial_struct;
struct ktermios;
struct device;
struct console;

struct uart_ops {
	unsigned int	(*tx_empty)(struct uart_port *);
	void		(*set_mctrl)(struct uart_port *, unsigned int mctrl);
	unsigned int	(*get_mctrl)(struct uart_port *);
	void		(*stop_tx)(struct uart_port *);
	void		(*start_tx)(struct uart_port *);
	void		(*throttle)(struct uart_port *);
	void		(*unthrottle)(struct uart_port *);
	void		(*send_xchar)(struct uart_port *, char ch);
	void		(*stop_rx)(struct uart_port *);
	void		(*start_rx)(struct uart_port *);
	void		(*enable_ms)(struct uart_port *);
	void		(*break_ctl)(struct uart_port *, int ctl);
	int		(*startup)(struct uart_port *);
	void		(*shutdown)(struct uart_port *);
	void		(*flush_buffer)(struct uart_port *);
	void		(*set_termios)(struct uart_port *, struct ktermios *new,
				       const struct ktermios *old);
	void		(*set_ldisc)(struct uart_port *, struct ktermios *);
	void		(*pm)(struct uart_port *, unsigned int state,
			      unsigned int oldstate);
	const char	*(*type)(struct uart_port *);
	void		(*release_port)(struct uart_port *);
	int		(*request_port)(struct uart_port *);
	void		(*config_port)(struct uart_port *, int);
	int		(*verify_port)(struct uart_port *, struct serial_struct *);
	int		(*ioctl)(struct uart_port *, unsigned int, unsigned long);
	int		(*poll_init)(struct uart_port *);
	void		(*poll_put_char)(struct uart_port *, unsigned char);
	int		(*poll_get_char)(struct uart_port *);
};
struct circ_buf {
	char *buf;
	int head;
	int tail;
};

#define CIRC_CNT(head, tail, size) (((head) - (tail)) & ((size) - 1))
#define UART_XMIT_SIZE	4096
#define uart_circ_empty(circ)		((circ)->head == (circ)->tail)
#define uart_circ_chars_pending(circ)	\
	(CIRC_CNT((circ)->head, (circ)->tail, UART_XMIT_SIZE))

struct tty_port {
	struct mutex		mutex;		/* Locking */
	unsigned long		flags;		/* user TTY flags ASYNC_ */
};

struct uart_state {
	struct tty_port		port;
	struct circ_buf		xmit;
	struct uart_port	*uart_port;
};

struct uart_icount {
	__u32	cts;
	__u32	dsr;
	__u32	rng;
	__u32	dcd;
	__u32	rx;
	__u32	tx;
	__u32	frame;
	__u32	overrun;
	__u32	parity;
	__u32	brk;
	__u32	buf_overrun;
};

#ifndef __bitwise
#define __bitwise
#endif
typedef unsigned int __bitwise upf_t;

struct uart_port {
	spinlock_t		lock;			/* port lock */
	unsigned long		iobase;			/* in/out[bwl] */
	unsigned char __iomem	*membase;		/* read/write[bwl] */
	unsigned int		(*serial_in)(struct uart_port *, int);
	void			(*serial_out)(struct uart_port *, int, int);
	unsigned int		irq;			/* irq number */
	unsigned long		irqflags;		/* irq flags  */
	unsigned int		uartclk;		/* base uart clock */
	unsigned int		fifosize;		/* tx fifo size */
	unsigned char		x_char;			/* xon/xoff char */
	unsigned char		regshift;		/* reg offset shift */
	unsigned char		iotype;			/* io access style */
	unsigned int		read_status_mask;	/* driver specific */
	unsigned int		ignore_status_mask;	/* driver specific */
	struct uart_state	*state;			/* pointer to parent state */
	struct uart_icount	icount;			/* statistics */
	upf_t			flags;
	unsigned int		mctrl;			/* current modem ctrl settings */
	unsigned int		type;			/* port type */
	const struct uart_ops	*ops;
	unsigned int		line;			/* port index */
	struct device		*dev;			/* parent device */
	void			*private_data;		/* generic platform data pointer */
};

struct uart_driver;
extern int uart_register_driver(struct uart_driver *uart);
extern void uart_unregister_driver(struct uart_driver *uart);
extern int uart_add_one_port(struct uart_driver *reg, struct uart_port *port);
extern int uart_remove_one_port(struct uart_driver *reg, struct uart_port *port);
extern void uart_write_wakeup(struct uart_port *port);

static inline void uart_xmit_advance(struct uart_port *up, unsigned int chars)
{
	struct circ_buf *xmit = &up->state->xmit;

	xmit->tail = (xmit->tail + chars) & (UART_XMIT_SIZE - 1);
	up->icount.tx += chars;
}

#endif
