/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every subcommand shares: finding the source tree and the top
 * Kconfig file, and loading it.
 */
#ifndef KBROWSE_CLI_H
#define KBROWSE_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include "kconfig.h"
#include "session.h"
#include "util.h"

struct cli {
	const char *prog;
	const char *srctree;		/* -C / --srctree, else $srctree */
	const char *objdir;		/* O=DIR among the arguments */
	const char *kconfig;		/* KCONFIG argument, default "Kconfig" */
	bool builtin_examples;		/* no tree found: the teaching tree */
	bool no_cache;			/* --no-cache: rerun every $(shell,...) */
	bool no_shell;			/* --no-shell: run no command of the tree */
	bool keep_info;			/* $(info,...) kept as notes, not printed */
	/* Found by cli_resolve_tree() above the current directory, or NULL. */
	const char *found_top;
	/* With the teaching tree: a directory above with a Kconfig, or NULL. */
	const char *hint_dir;
	struct kconfig_options opts;
	/* opts.shell_cache_dir's text (cli_resolve_tree()); "" when off. */
	char shell_cache_dir[4096];
	/* Open a tree with errors (the language server shows them). */
	bool keep_tree_errors;
	/* Characters escaped on stdout so far (main() installs the stream). */
	unsigned long stdout_escaped;
};

/*
 * Handle an option every subcommand takes (-C DIR, --srctree DIR,
 * --no-cache, --no-shell, --dialect NAME, and NAME=VALUE: see cli_assignment()).
 * Returns the number of argv entries used (0: not such an option,
 * -1: usage error, already reported).
 */
int cli_common_option(struct cli *cli, int argc, char **argv, int i);

/*
 * --dialect NAME or $KBROWSE_DIALECT (from names which): the Kconfig rules
 * to use instead of the detected ones.  False after a usage error.
 */
bool cli_set_dialect(struct cli *cli, const char *name, const char *from);

/*
 * NAME=VALUE as make takes it on its command line: NAME (letters, digits,
 * '_', not starting with a digit) is set to VALUE in the environment,
 * over any value it had.  O=DIR also sets cli->objdir.  False (nothing
 * done) when arg is not of that form.
 */
bool cli_assignment(struct cli *cli, const char *arg);

/*
 * Decide where the tree is (-C, $srctree, else the top of the
 * tree the current directory is in (cli_find_top(): kbrowse then works
 * there, as make does), else the built-in teaching tree), go to the
 * object tree (O=, $KBUILD_OUTPUT) if there is one, and fill opts.
 * Exits with EXIT_USAGE if the object tree cannot be made.
 */
void cli_resolve_tree(struct cli *cli);

/*
 * An older tree (dir: absolute) loaded beside the current one, with the
 * variables that name it (srctree, KERNELVERSION...) and its own dialect,
 * for `diff --from-tree` and `merge --from-tree`: the tree only, no
 * .config.  NULL after errors in it (said on stderr, cmd naming the
 * subcommand; as_given is dir as the user wrote it).
 */
struct session *cli_open_old_tree(struct cli *cli, const char *cmd,
				  const char *dir, const char *as_given);

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
/*
 * The .config's header names another ARCH ("# Linux/x86_64 ...") than
 * the tree's title in this run: a warning for explain (arch_mismatch.c).
 */
bool cli_arch_mismatch(const struct session *s, char *buf, size_t size);
/* How cli_find_top() recognised a top directory. */
enum cli_top_rule {
	CLI_TOP_NONE,		/* no top here or above */
	CLI_TOP_MAKEFILE,	/* Kconfig beside a kernel-style Makefile */
	CLI_TOP_TOOLS,		/* beside scripts/kconfig/ or support/kconfig/ */
	CLI_TOP_MAINMENU,	/* its top file has a `mainmenu` line */
};

/*
 * Walk up from the absolute directory start to '/' and stop at the first
 * directory that is the top of a Kconfig tree (the rules are in cli.c).
 * On success top gets that directory and *file the name of its top file
 * ("Kconfig", or "Config.in" for Buildroot).  Either way, hint (if not
 * NULL) gets the highest directory seen that holds a Kconfig, or "".
 */
enum cli_top_rule cli_find_top(const char *start, char *top, size_t size,
			       const char **file, char *hint,
			       size_t hint_size);

/* The line saying that the built-in teaching tree is used, and why. */
void cli_say_builtin(const struct cli *cli);

int usage_error(const struct cli *cli, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

int cmd_dump(struct cli *cli, int argc, char **argv);
int cmd_conf(struct cli *cli, int argc, char **argv);
/* conf --want FRAGMENT... (conf_want.c) */
int cmd_conf_want(struct cli *cli, int argc, char **argv);
int cmd_explain(struct cli *cli, int argc, char **argv);
int cmd_diff(struct cli *cli, int argc, char **argv);
int cmd_learn(struct cli *cli, int argc, char **argv);
int cmd_merge(struct cli *cli, int argc, char **argv);
/* The language and agent servers (cmd_lsp.c, built with main.c). */
int cmd_lsp(struct cli *cli, int argc, char **argv);
int cmd_mcp(struct cli *cli, int argc, char **argv);
/* survey: every defconfig of every architecture (cmd_survey.c) */
int cmd_survey(struct cli *cli, int argc, char **argv);

#endif
