// SPDX-License-Identifier: GPL-2.0
/* `kbrowse dump [KCONFIG]`: the parsed tree printed back as Kconfig. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

int cmd_dump(struct cli *cli, int argc, char **argv)
{
	struct kconfig *kc;

	for (int i = 1; i < argc; i++) {
		int used = cli_common_option(cli, argc, argv, i);

		if (used < 0)
			return EXIT_USAGE;
		if (used) {
			i += used - 1;
			continue;
		}
		if (argv[i][0] == '-' && argv[i][1])
			return usage_error(cli, "dump: unknown option '%s'", argv[i]);
		if (cli->kconfig)
			return usage_error(cli, "dump: only one KCONFIG file, not '%s'", argv[i]);
		cli->kconfig = argv[i];
	}
	cli_resolve_tree(cli);
	kc = cli_load(cli);
	if (!kc)
		return EXIT_INPUT;
	kconfig_dump(kc, stdout);
	kconfig_free(kc);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("kbrowse: dump");
		return EXIT_INPUT;
	}
	return EXIT_OK;
}
