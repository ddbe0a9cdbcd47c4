// SPDX-License-Identifier: GPL-2.0
/*
 * kbrowse: a terminal browser for Kconfig trees.  This file only picks
 * the subcommand; each lives in a file of its own.
 */
#include <stdio.h>
#include <string.h>

#include "buildconf.h"
#include "browser.h"
#include "cli.h"

static const char usage_text[] =
"Usage: %s [OPTIONS] [KCONFIG]            browse a Kconfig tree\n"
"       %s explain [--json] [--depth N] [--to VALUE] [--reverse] SYMBOL...\n"
"                                             why each symbol has its value\n"
"       %s conf MODE [KCONFIG]            batch modes of scripts/kconfig/conf\n"
"       %s dump [KCONFIG]                 print the parsed tree as Kconfig\n"
"       %s --help | --version\n"
"\n"
"Options:\n"
"  -C, --srctree DIR   the source tree (default: $srctree, else the top of\n"
"                      the tree the current directory is in, else the\n"
"                      built-in teaching tree)\n"
"  NAME=VALUE          set NAME, as on make's command line (ARCH=arm64,\n"
"                      LLVM=1, CROSS_COMPILE=..., O=DIR: .config and build\n"
"                      files in DIR); anywhere among the arguments\n"
"      --no-cache      run every $(shell,...) again instead of using the\n"
"                      cache in $XDG_CACHE_HOME/kbrowse (also\n"
"                      KBROWSE_NO_CACHE=1)\n"
"  -h, --help          show this help and exit\n"
"  -V, --version       show the version and exit\n"
"\n"
"conf modes: --olddefconfig --alldefconfig --allnoconfig --allyesconfig\n"
"            --allmodconfig --defconfig=FILE --savedefconfig=FILE\n"
"            --listnewconfig\n"
"\n"
"Environment: srctree ARCH SRCARCH KCONFIG_CONFIG KCONFIG_ALLCONFIG CC LD\n"
"             KERNELVERSION CC_VERSION_TEXT, as for the kernel's own tools;\n"
"             KBUILD_OUTPUT, LLVM, CROSS_COMPILE as for the kernel's make.\n"
"Exit status: 0 success, 1 errors in the input, 2 usage errors.\n";

static void print_usage(const char *prog)
{
	printf(usage_text, prog, prog, prog, prog, prog);
}

struct command {
	const char *name;
	int (*run)(struct cli *cli, int argc, char **argv);
};

static const struct command commands[] = {
	{ "conf", cmd_conf },
	{ "dump", cmd_dump },
	{ "explain", cmd_explain },
};

int main(int argc, char **argv)
{
	struct cli cli = { .prog = "kbrowse" };
	int i;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		int used;

		if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
			print_usage(cli.prog);
			return EXIT_OK;
		}
		if (strcmp(arg, "-V") == 0 || strcmp(arg, "--version") == 0) {
			printf("kbrowse %s\n", PACKAGE_VERSION);
			return EXIT_OK;
		}
		used = cli_common_option(&cli, argc, argv, i);
		if (used < 0)
			return EXIT_USAGE;
		if (!used)
			break;
		i += used - 1;
	}
	if (i < argc) {
		for (size_t c = 0; c < sizeof(commands) / sizeof(commands[0]); c++)
			if (strcmp(argv[i], commands[c].name) == 0)
				return commands[c].run(&cli, argc - i, argv + i);
		if (argv[i][0] == '-')
			return usage_error(&cli, "unknown option '%s'", argv[i]);
	}
	/* No subcommand: the browser (ui/, the one place main reaches into it). */
	return browser_main(&cli, argc - i, argv + i);
}
