/*
 * cmd_diff.c - `mmiocheck diff`: placeholder until the verb is built.
 */
#include "cli.h"

int cmd_diff(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cmd_unavailable("diff");
}
