/* linux/linkage.h - asmlinkage and friends (Linux 6.1, x86_64: nothing special). */
#ifndef _LINUX_LINKAGE_H
#define _LINUX_LINKAGE_H

#include <linux/compiler.h>

#define asmlinkage
#define __visible	/* __has_attribute(__externally_visible__) is false for clang */

#endif
