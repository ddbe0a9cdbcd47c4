/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every subcommand shares: finding the source tree and the top
 * Kconfig file, and loading it.
 */
#ifndef KBROWSE_CLI_H
#define KBROWSE_CLI_H

#include <stdbool.h>
#include "kconfig.h"

/* Exit statuses of the command-line contract (design.md). */
enum {
	EXIT_OK = 0,
	EXIT_INPUT = 1,		/* errors in the input */
	EXIT_USAGE = 2,		/* errors in how kbrowse was called */
};

struct cli {
	const char *prog;
	const char *srctree;		/* -C / --srctree, else $srctree */
	const char *kconfig;		/* KCONFIG argument, default "Kconfig" */
	bool builtin_examples;		/* no tree found: the teaching tree */
	bool no_cache;			/* --no-cache: rerun every $(shell,...) */
	struct kconfig_options opts;
};

/*
 * Handle an option every subcommand takes (-C DIR, --srctree DIR,
 * --no-cache).
 * Returns the number of argv entries used (0: not such an option,
 * -1: usage error, already reported).
 */
int cli_common_option(struct cli *cli, int argc, char **argv, int i);

/*
 * Decide where the tree is (design.md: -C, $srctree, a Kconfig in the
 * current directory, else the built-in teaching tree) and fill opts.
 */
void cli_resolve_tree(struct cli *cli);

/* Load the tree, print diagnostics to stderr; NULL after errors. */
struct kconfig *cli_load(struct cli *cli);

int usage_error(const struct cli *cli, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

int cmd_dump(struct cli *cli, int argc, char **argv);
int cmd_conf(struct cli *cli, int argc, char **argv);
int cmd_explain(struct cli *cli, int argc, char **argv);

#endif
