/* A syntax error in one function; the other still lowers. */
#include <linux/io.h>

void bad(void __iomem *r)
{
	writel(1, r) +;
}

void good(void __iomem *r)
{
	writel(2, r);
}
