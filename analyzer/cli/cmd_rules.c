/*
 * cmd_rules.c - `mmiocheck rules`: placeholder until the verb is built.
 */
#include "cli.h"

int cmd_rules(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cmd_unavailable("rules");
}
