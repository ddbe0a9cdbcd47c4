// SPDX-License-Identifier: GPL-2.0
/*
 * `kbrowse dump [--symbols] [KCONFIG]`: the parsed tree printed back as
 * Kconfig, or only the names of its symbols (for shell completion).
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "dump.h"

struct dump_args {
	const char *prog;
	bool symbols;
};

static void dump_usage(const char *prog)
{
	printf("Usage: %s dump [OPTIONS] [KCONFIG]\n"
	       "Print the parsed tree back as Kconfig: sourced files inlined where\n"
	       "they are sourced, macros expanded.\n"
	       "\n"
	       "Options:\n"
	       "  -C, --srctree DIR   the source tree (see '%s --help')\n"
	       "      --no-cache      run every $(shell,...) again\n"
	       "      --no-shell      run no command of the tree\n"
	       "      --dialect NAME  the Kconfig rules to use (see '%s --help')\n"
	       "      --symbols       print only the names of the symbols defined in\n"
	       "                      the tree, one per line (for shell completion)\n"
	       "  -h, --help          show this help and exit\n",
	       prog, prog, prog);
}

static enum cli_arg dump_option(void *ctx, const char *arg)
{
	struct dump_args *args = ctx;

	if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
		dump_usage(args->prog);
		return CLI_ARG_EXIT;
	}
	if (strcmp(arg, "--symbols") == 0) {
		args->symbols = true;
		return CLI_ARG_USED;
	}
	return CLI_ARG_UNKNOWN;
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
	struct dump_args args = { .prog = cli->prog };
	int status = cli_tree_args(cli, "dump", argc, argv, 1, dump_option, &args);
	struct session *s;
	unsigned long escaped;

	if (status)
		return status < 0 ? EXIT_OK : status;
	/* Names only: help texts are checked but not kept. */
	cli->opts.skip_help = args.symbols;
	s = cli_open_session(cli, true);
	if (!s)
		return EXIT_INPUT;
	if (args.symbols)
		print_symbol_names(s->kc);
	else
		kconfig_dump(s->kc, stdout);
	session_close(s);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("kbrowse: dump");
		return EXIT_INPUT;
	}
	/*
	 * A Kconfig string cannot hold an escaped control character (the
	 * lexer reads \e as e), and written raw it would act on the
	 * terminal: stdout wrote it escaped (main()); dump says so and
	 * exits 1, since its output then no longer reads back as the same
	 * tree.
	 */
	escaped = cli->stdout_escaped;
	if (escaped) {
		fprintf(stderr, "%s: dump: %lu control character%s written as "
			"\\x.. or \\u.... escapes: this output does not read "
			"back as the same tree\n", cli->prog, escaped,
			escaped == 1 ? "" : "s");
		return EXIT_INPUT;
	}
	return EXIT_OK;
}
