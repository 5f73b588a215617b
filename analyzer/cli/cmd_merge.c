/*
 * cmd_merge.c - `mmiocheck merge`: placeholder until the verb is built.
 */
#include "cli.h"

int cmd_merge(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cmd_unavailable("merge");
}
