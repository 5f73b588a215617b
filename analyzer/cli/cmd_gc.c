/*
 * cmd_gc.c - `mmiocheck gc`: placeholder until the verb is built.
 */
#include "cli.h"

int cmd_gc(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cmd_unavailable("gc");
}
