// SPDX-License-Identifier: GPL-2.0
/*
 * `kbrowse conf MODE [KCONFIG]`: find the tree as every subcommand does,
 * then hand conf's own arguments to conf_main().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "conf_modes.h"
#include "util.h"

/* conf options whose value may come as the next argument. */
static bool takes_separate_value(const char *arg)
{
	return strcmp(arg, "--defconfig") == 0 ||
	       strcmp(arg, "--savedefconfig") == 0;
}

int cmd_conf(struct cli *cli, int argc, char **argv)
{
	char **conf_argv = xcalloc((size_t)argc + 1, sizeof(*conf_argv));
	int conf_argc = 0;
	bool help = false;
	int status;

	/* Goals instead of a mode: the solver writes the .config (conf_want.c). */
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--want") == 0 || strncmp(argv[i], "--want=", 7) == 0) {
			free(conf_argv);
			return cmd_conf_want(cli, argc, argv);
		}
	conf_argv[conf_argc++] = argv[0];
	for (int i = 1; i < argc; i++) {
		int used = cli_common_option(cli, argc, argv, i);

		if (used < 0) {
			free(conf_argv);
			return EXIT_USAGE;
		}
		if (used) {
			i += used - 1;
			continue;
		}
		conf_argv[conf_argc++] = argv[i];
		/* conf_main() prints the usage: no word about the tree first. */
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
			help = true;
		if (takes_separate_value(argv[i]) && i + 1 < argc)
			conf_argv[conf_argc++] = argv[++i];
		else if (argv[i][0] != '-')
			cli->kconfig = argv[i];
	}
	cli_resolve_tree(cli);
	if (cli->builtin_examples && !help)
		cli_say_builtin(cli);
	/* conf prints $(info,...) on its standard output: so do its modes. */
	cli->opts.info_out = stdout;
	status = conf_main(conf_argc, conf_argv, &cli->opts);
	free(conf_argv);
	return status;
}
