/*
 * linux/percpu.h - per-CPU declarations (include/linux/percpu-defs.h, 6.1),
 * reduced: this_cpu_ptr() of a per-CPU pointer is the pointer itself here,
 * where the kernel adds this CPU's offset (SHIFT_PERCPU_PTR).
 */
#ifndef __LINUX_PERCPU_H
#define __LINUX_PERCPU_H

#include <linux/compiler.h>

#define DECLARE_PER_CPU(type, name)	extern __typeof__(type) name
#define DEFINE_PER_CPU(type, name)	__typeof__(type) name
#define raw_cpu_ptr(ptr)		(ptr)
#define this_cpu_ptr(ptr)		raw_cpu_ptr(ptr)
#define per_cpu_ptr(ptr, cpu)		((void)(cpu), (ptr))

#endif
