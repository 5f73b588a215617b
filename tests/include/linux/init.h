/*
 * linux/init.h - the section markers of Linux 6.1 include/linux/init.h
 * (without latent_entropy / retpoline attributes, which clang ignores for
 * the analysis), and __devinit / __devexit, removed in 3.8 but still
 * spelled by older out-of-tree drivers (they were empty since 3.8-rc).
 */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#include <linux/compiler.h>

#define __init		__section(".init.text") __cold
#define __initdata	__section(".init.data")
#define __initconst	__section(".init.rodata")
#define __exit		__section(".exit.text") __cold
#define __exitdata	__section(".exit.data")
#define __devinit
#define __devexit

typedef int (*initcall_t)(void);
typedef void (*exitcall_t)(void);

#define module_init(x)	static initcall_t __initcall_##x __attribute__((__used__)) = x
#define module_exit(x)	static exitcall_t __exitcall_##x __attribute__((__used__)) = x

#endif /* _LINUX_INIT_H */
