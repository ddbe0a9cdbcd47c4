// SPDX-License-Identifier: GPL-2.0
/* `kbrowse dump [KCONFIG]`: the parsed tree printed back as Kconfig. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

int cmd_dump(struct cli *cli, int argc, char **argv)
{
	int status = cli_tree_args(cli, "dump", argc, argv, 1);
	struct session *s;

	if (status)
		return status;
	s = cli_open_session(cli, true);
	if (!s)
		return EXIT_INPUT;
	kconfig_dump(s->kc, stdout);
	session_close(s);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("kbrowse: dump");
		return EXIT_INPUT;
	}
	return EXIT_OK;
}
