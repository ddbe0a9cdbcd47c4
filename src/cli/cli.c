// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "examples.h"
#include "kernel_env.h"

int usage_error(const struct cli *cli, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", cli->prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help' for more information.\n", cli->prog);
	return EXIT_USAGE;
}

int cli_common_option(struct cli *cli, int argc, char **argv, int i)
{
	const char *arg = argv[i];

	if (strcmp(arg, "-C") == 0 || strcmp(arg, "--srctree") == 0) {
		if (i + 1 >= argc) {
			usage_error(cli, "option '%s' needs a directory", arg);
			return -1;
		}
		cli->srctree = argv[i + 1];
		return 2;
	}
	if (strcmp(arg, "--no-cache") == 0) {
		cli->no_cache = true;
		return 1;
	}
	if (strncmp(arg, "--srctree=", 10) == 0) {
		cli->srctree = arg + 10;
		return 1;
	}
	if (strncmp(arg, "-C", 2) == 0 && arg[2]) {
		cli->srctree = arg + 2;
		return 1;
	}
	return 0;
}

static bool file_exists(const char *dir, const char *name)
{
	char path[4096];
	struct stat st;

	if (dir)
		snprintf(path, sizeof(path), "%s/%s", dir, name);
	else
		snprintf(path, sizeof(path), "%s", name);
	return stat(path, &st) == 0;
}

void cli_resolve_tree(struct cli *cli)
{
	const char *env = getenv("srctree");

	if (!cli->kconfig)
		cli->kconfig = "Kconfig";
	if (!cli->srctree && env && *env)
		cli->srctree = env;
	if (cli->srctree) {
		/* $(srctree) is read by Kconfig files, as under the kernel's make. */
		setenv("srctree", cli->srctree, 1);
	} else if (!file_exists(NULL, cli->kconfig)) {
		cli->builtin_examples = true;
		cli->opts.builtin_file = example_file_text;
	}
	/* On a kernel tree, what `make menuconfig` would have set, if unset. */
	if (!cli->builtin_examples)
		kernel_env_derive(cli->srctree ? cli->srctree : ".");
	cli->opts.srctree = cli->srctree;
	cli->opts.kconfig = cli->kconfig;
	cli->opts.info_out = cli->keep_info ? NULL : stdout;
	cli->opts.shell_cache = !cli->no_cache;
	cli->opts.diag_echo = stderr;
}

int cli_tree_args(struct cli *cli, const char *cmd, int argc, char **argv,
		  int first, cli_option_fn *own, void *ctx)
{
	const char *sep = *cmd ? ": " : "";

	for (int i = first; i < argc; i++) {
		int used = cli_common_option(cli, argc, argv, i);

		if (used < 0)
			return EXIT_USAGE;
		if (used) {
			i += used - 1;
			continue;
		}
		switch (own ? own(ctx, argv[i]) : CLI_ARG_UNKNOWN) {
		case CLI_ARG_USED:
			continue;
		case CLI_ARG_EXIT:
			return -1;
		case CLI_ARG_UNKNOWN:
			break;
		}
		if (argv[i][0] == '-' && argv[i][1])
			return usage_error(cli, "%s%sunknown option '%s'", cmd, sep,
					   argv[i]);
		if (cli->kconfig)
			return usage_error(cli, "%s%sonly one KCONFIG file, not '%s'",
					   cmd, sep, argv[i]);
		cli->kconfig = argv[i];
	}
	return EXIT_OK;
}

struct session *cli_open_session(struct cli *cli, bool tree_only)
{
	const char *config = getenv("KCONFIG_CONFIG");
	struct session *s;
	int errors;

	cli_resolve_tree(cli);
	if (cli->builtin_examples)
		fprintf(stderr, "%s: no Kconfig here: using the built-in teaching tree\n",
			cli->prog);
	s = session_open(&(struct session_options){
			.tree = cli->opts,
			.config_name = config,
			.tree_only = tree_only,
			.defconfig_list = true,
			.warnings = stderr,
		}, &errors);
	if (!s)
		fprintf(stderr, "%s: %d error%s in %s\n", cli->prog, errors,
			errors == 1 ? "" : "s", cli->kconfig);
	return s;
}
