/*
 * Usage error: an unknown option makes mmiocheck exit with status 2; the case
 * checks the runner's exit directive.  No findings are expected.
 */
/* args: --no-such-option */
/* exit: 2 */
#include <linux/kernel.h>

int foo_unused(void)
{
	return 0;
}
