/*
 * cmd_query.c - `mmiocheck query`: placeholder until the verb is built.
 */
#include "cli.h"

int cmd_query(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cmd_unavailable("query");
}
