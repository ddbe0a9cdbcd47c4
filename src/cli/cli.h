/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every subcommand shares: finding the source tree and the top
 * Kconfig file, and loading it.
 */
#ifndef KBROWSE_CLI_H
#define KBROWSE_CLI_H

#include <stdbool.h>
#include "kconfig.h"
#include "session.h"
#include "util.h"

struct cli {
	const char *prog;
	const char *srctree;		/* -C / --srctree, else $srctree */
	const char *kconfig;		/* KCONFIG argument, default "Kconfig" */
	bool builtin_examples;		/* no tree found: the teaching tree */
	bool no_cache;			/* --no-cache: rerun every $(shell,...) */
	bool keep_info;			/* $(info,...) kept as notes, not printed */
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

/* A subcommand's own option: what cli_tree_args() should do with arg. */
enum cli_arg {
	CLI_ARG_UNKNOWN,	/* not one of its options */
	CLI_ARG_USED,
	CLI_ARG_EXIT,		/* handled (--help): stop with EXIT_OK */
};
typedef enum cli_arg cli_option_fn(void *ctx, const char *arg);

/*
 * Parse the arguments of a subcommand that takes the common options, its
 * own flags (own may be NULL) and one KCONFIG (dump, the browser), from
 * argv[first] on.  An exit status: 0 to go on, EXIT_USAGE (reported),
 * or -1 when own asked to stop with success.
 */
int cli_tree_args(struct cli *cli, const char *cmd, int argc, char **argv,
		  int first, cli_option_fn *own, void *ctx);

/*
 * Resolve the tree, load it (diagnostics go to stderr as they are
 * found), and unless tree_only read $KCONFIG_CONFIG into it.  NULL after
 * errors in the tree, with a line that counts them.
 */
struct session *cli_open_session(struct cli *cli, bool tree_only);

int usage_error(const struct cli *cli, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

int cmd_dump(struct cli *cli, int argc, char **argv);
int cmd_conf(struct cli *cli, int argc, char **argv);
int cmd_explain(struct cli *cli, int argc, char **argv);

#endif
