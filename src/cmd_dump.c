// SPDX-License-Identifier: GPL-2.0
/*
 * `kbrowse dump [--symbols] [KCONFIG]`: the parsed tree printed back as
 * Kconfig, or only the names of its symbols (for shell completion).
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static void dump_usage(const char *prog)
{
	printf("Usage: %s dump [OPTIONS] [KCONFIG]\n"
	       "Print the parsed tree back as Kconfig: sourced files inlined where\n"
	       "they are sourced, macros expanded.\n"
	       "\n"
	       "Options:\n"
	       "  -C, --srctree DIR   the source tree (see '%s --help')\n"
	       "      --no-cache      run every $(shell,...) again\n"
	       "      --symbols       print only the names of the symbols defined in\n"
	       "                      the tree, one per line (for shell completion)\n"
	       "  -h, --help          show this help and exit\n",
	       prog, prog);
}

/* The symbols explain accepts: named, defined by a config line. */
static void print_symbol_names(const struct kconfig *kc)
{
	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];

		if (sym->name && !(sym->flags & SYMBOL_CONST) &&
		    (sym->flags & SYMBOL_DEFINED))
			puts(sym->name);
	}
}

int cmd_dump(struct cli *cli, int argc, char **argv)
{
	struct kconfig *kc;
	bool symbols = false;

	for (int i = 1; i < argc; i++) {
		int used = cli_common_option(cli, argc, argv, i);

		if (used < 0)
			return EXIT_USAGE;
		if (used) {
			i += used - 1;
			continue;
		}
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			dump_usage(cli->prog);
			return EXIT_OK;
		}
		if (strcmp(argv[i], "--symbols") == 0) {
			symbols = true;
			continue;
		}
		if (argv[i][0] == '-' && argv[i][1])
			return usage_error(cli, "dump: unknown option '%s'", argv[i]);
		if (cli->kconfig)
			return usage_error(cli, "dump: only one KCONFIG file, not '%s'", argv[i]);
		cli->kconfig = argv[i];
	}
	cli_resolve_tree(cli);
	/* Names only: help texts are checked but not kept. */
	cli->opts.skip_help = symbols;
	kc = cli_load(cli);
	if (!kc)
		return EXIT_INPUT;
	if (symbols)
		print_symbol_names(kc);
	else
		kconfig_dump(kc, stdout);
	kconfig_free(kc);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("kbrowse: dump");
		return EXIT_INPUT;
	}
	return EXIT_OK;
}
