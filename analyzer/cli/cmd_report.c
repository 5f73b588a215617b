/*
 * cmd_report.c - `mmiocheck report`: placeholder until the verb is built.
 */
#include "cli.h"

int cmd_report(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return cmd_unavailable("report");
}
