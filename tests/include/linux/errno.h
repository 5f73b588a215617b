/* linux/errno.h - include/uapi/asm-generic/errno-base.h and errno.h (6.1), the common ones. */
#ifndef _LINUX_ERRNO_H
#define _LINUX_ERRNO_H

#define	EPERM		 1
#define	ENOENT		 2
#define	EINTR		 4
#define	EIO		 5
#define	ENXIO		 6
#define	E2BIG		 7
#define	EAGAIN		11
#define	ENOMEM		12
#define	EFAULT		14
#define	EBUSY		16
#define	EEXIST		17
#define	ENODEV		19
#define	EINVAL		22
#define	ENOSPC		28
#define	ERANGE		34
#define	ENOSYS		38
#define	ETIMEDOUT	110
#define	EOPNOTSUPP	95
#define	ERESTARTSYS	512
#define	ETIME		62

#endif
