// SPDX-License-Identifier: GPL-2.0
/*
 * kbrowse: a terminal browser for Kconfig trees.  This file only picks
 * the subcommand; each lives in a file of its own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buildconf.h"
#include "browser.h"
#include "startup_keys.h"
#include "cli.h"
#include "text_escape.h"
#include "examples.h"
#include "file_read.h"
#include "huge_pages.h"

static const char usage_text[] =
"Usage: %1$s [OPTIONS] [KCONFIG]          browse a Kconfig tree\n"
"       %1$s explain [OPTIONS] SYMBOL...  why each symbol has its value\n"
"       %1$s diff [OPTIONS] OLD NEW       why values differ, by root cause\n"
"       %1$s diff [OPTIONS] --apply FRAGMENT [BASE]\n"
"                                     what merging a fragment would change\n"
"       %1$s diff [OPTIONS] --from-tree OLD_SRCTREE OLD.config\n"
"                                     what olddefconfig here does to a .config\n"
"                                     of an older tree, and why\n"
"       %1$s conf [OPTIONS] MODE [KCONFIG]\n"
"                                     batch modes of scripts/kconfig/conf\n"
"       %1$s conf --want FRAGMENT [--want FRAGMENT...] [--dry-run] [KCONFIG]\n"
"                                     a .config meeting every goal line, or why not\n"
"       %1$s merge [OPTIONS] BASE FRAGMENT...\n"
"                                     merge_config.sh and olddefconfig, and why\n"
"                                     each requested value that was lost\n"
"       %1$s survey [OPTIONS] --write-configs DIR | --stale | SYMBOL...\n"
"                                     every defconfig of every architecture at\n"
"                                     once, each architecture parsed once\n"
"       %1$s dump [OPTIONS] [KCONFIG]     print the parsed tree as Kconfig\n"
"       %1$s learn [COMMAND]              lessons on the teaching tree, checked\n"
"       %1$s lsp [OPTIONS]                a language server (LSP) on stdin and stdout\n"
"       %1$s mcp [OPTIONS]                an MCP server, for agents, on stdin and stdout\n"
"       %1$s --write-examples DIR         write the teaching tree to DIR\n"
"       %1$s --help | --version\n"
"'%1$s COMMAND --help' shows the options of one command.  KCONFIG is the\n"
"top Kconfig file, default Kconfig in the source tree.\n"
"\n"
"Options of the browser and of every command:\n"
"  -C, --srctree DIR   the source tree (default: $srctree, else the top of\n"
"                      the tree the current directory is in, else the\n"
"                      built-in teaching tree)\n"
"  NAME=VALUE          set NAME, as on make's command line (ARCH=arm64,\n"
"                      LLVM=1, CROSS_COMPILE=..., O=DIR: .config and build\n"
"                      files in DIR); anywhere among the arguments\n"
"      --no-cache      run every $(shell,...) again instead of using the\n"
"                      cache in $XDG_CACHE_HOME/kbrowse\n"
"      --no-shell      run no command of the tree: each $(shell,...) gives\n"
"                      nothing (for trees you do not trust)\n"
"      --write-examples DIR\n"
"                      write the built-in teaching tree to DIR as files\n"
"                      (files already there are left alone) and exit\n"
"      --dialect NAME  the Kconfig rules to use instead of the detected ones:\n"
"                      linux-7.0, linux-6.18, linux-6.11, linux-6.2,\n"
"                      linux-5.x, linux-4.18, linux-4.17, linux-2.6,\n"
"                      kconfig-frontends, u-boot, buildroot, busybox,\n"
"                      kconfiglib\n"
"  -h, --help          show this help and exit\n"
"  -V, --version       show the version and exit\n"
"\n"
"Options of the browser:\n"
"      --diff OTHER    open on the changes view: the symbols whose values\n"
"                      differ between the .config OTHER and the one loaded,\n"
"                      by root cause (as 'diff OTHER .config')\n"
"\n"
"explain options:\n"
"      --json          one JSON object per symbol instead of text\n"
"      --depth N       follow the reasons N levels deep (1 to 1000, default 1)\n"
"      --to VALUE      what would give the symbol VALUE, tried on a copy\n"
"      --reverse       list every place that uses the symbol\n"
"      --no-help       leave out the help text\n"
"      --all           explain every symbol of the tree\n"
"      --kconfig FILE  the top Kconfig file (default Kconfig)\n"
"\n"
"diff options:\n"
"      --json          one JSON object instead of text\n"
"      --apply FRAGMENT\n"
"                      merge FRAGMENT over BASE (default $KCONFIG_CONFIG,\n"
"                      else .config) as merge_config.sh and olddefconfig do\n"
"      --from-tree OLD_SRCTREE\n"
"                      OLD.config belongs to the tree OLD_SRCTREE: compare it\n"
"                      read there with what olddefconfig makes of it here\n"
"      --kconfig FILE  the top Kconfig file (default Kconfig)\n"
"  (diff exits 0 when both files were read, whether or not they differ)\n"
"\n"
"conf MODE, one of:\n"
"  --olddefconfig --alldefconfig --allnoconfig --allyesconfig --allmodconfig\n"
"  --randconfig --defconfig=FILE --savedefconfig=FILE --listnewconfig\n"
"  --helpnewconfig --yes2modconfig --mod2yesconfig --mod2noconfig\n"
"  --oldconfig --oldaskconfig (conf's questions, answered on stdin)\n"
"  --syncconfig (conf's default: .config and the build files)\n"
"  (-s, --silent: no messages.)\n"
"\n"
"merge options (and merge_config.sh's -m -n -y -r -s -Q -O DIR):\n"
"      --strict        exit 1 when a requested value did not survive\n"
"      --json          the report as JSON\n"
"      --format=github the report as GitHub Actions annotations\n"
"      --alldefconfig  alldefconfig with KCONFIG_ALLCONFIG, not olddefconfig\n"
"\n"
"survey options:\n"
"      --write-configs DIR  each configuration's .config in DIR/ARCH/NAME.config\n"
"      --stale         the defconfigs whose savedefconfig differs, and why\n"
"      --arches LIST   only these architectures (arch/ directory names)\n"
"      --configs GLOB  only the defconfig files whose name matches GLOB\n"
"  -j N                N worker processes (default: the number of CPUs)\n"
"      --json          one JSON object instead of text\n"
"\n"
"learn COMMAND, one of (default show):\n"
"  show check hint list reset, goto N, glossary [TERM]\n"
"  (check exits with 1 while the exercise is not done)\n"
"\n"
"dump options:\n"
"      --symbols       print only the names of the symbols, one per line\n"
"\n"
"Environment:\n"
"  srctree             the source tree, when -C is not given\n"
"  KCONFIG_CONFIG      the configuration file (default .config)\n"
"  KBUILD_OUTPUT       the output directory, as O=DIR\n"
"  ARCH SRCARCH SUBARCH KERNELVERSION CC LD CC_VERSION_TEXT CROSS_COMPILE\n"
"  LLVM LLVM_IAS CLANG_FLAGS RUSTC RUSTC_VERSION_TEXT KBUILD_DEFCONFIG NM\n"
"                      as for the kernel's make; derived in a kernel tree\n"
"                      when unset, as its top-level Makefile does\n"
"  KCONFIG_ALLCONFIG KCONFIG_DEFCONFIG_LIST KCONFIG_OVERWRITECONFIG\n"
"  KCONFIG_SEED KCONFIG_PROBABILITY KCONFIG_WERROR\n"
"  KCONFIG_WARN_UNKNOWN_SYMBOLS KCONFIG_AUTOCONFIG KCONFIG_AUTOHEADER\n"
"  KCONFIG_RUSTCCFG KCONFIG_WARN_CHANGED_INPUT KCONFIG_NOSILENTUPDATE\n"
"  CONFIG_\n"
"                      as for scripts/kconfig/conf\n"
"  XDG_CACHE_HOME      the cache's parent directory (default ~/.cache)\n"
"  KBROWSE_NO_CACHE    if set and not 0, the same as --no-cache\n"
"  KBROWSE_NO_SHELL    if set and not 0, the same as --no-shell\n"
"  KBROWSE_SHELL_TIMEOUT\n"
"                      seconds a $(shell,...) may run in batch modes\n"
"                      (default 60, 0: no limit)\n"
"  KBROWSE_SHELL_JOBS  $(shell,...) commands run at once (default: the\n"
"                      processors and two more; 1: one after another)\n"
"  KBROWSE_DIALECT     the same as --dialect\n"
"  KCONFIG_CONFIG_HEADER\n"
"                      kconfiglib rules: the .config's header, as it is\n"
"  SOURCE_DATE_EPOCH KCONFIG_NOTIMESTAMP\n"
"                      busybox, linux-2.6 rules: the header's time, none\n"
"  NO_COLOR            if set, the browser draws without colour\n"
"  XDG_CONFIG_HOME     where the browser remembers its outline mode\n"
"                      (XDG_CONFIG_HOME/kbrowse/state, default ~/.config)\n"
"  VISUAL EDITOR       the editor the browser's e key opens at file:line\n"
"  KBROWSE_TIMING KBROWSE_EXIT_AFTER_FIRST_SCREEN\n"
"  KBROWSE_REPLAY KBROWSE_REPLAY_LOG\n"
"                      for benchmarks (see the manual page)\n"
"\n"
"Exit status: 0 success, 1 errors in the input, 2 usage errors.\n";

static void print_usage(const char *prog)
{
	printf(usage_text, prog);
}

struct command {
	const char *name;
	int (*run)(struct cli *cli, int argc, char **argv);
	/*
	 * Its stdout is written as it is, not escaped: conf's modes, whose
	 * every byte is conf's (the oracle writes .config strings raw).
	 */
	bool raw_stdout;
};

static const struct command commands[] = {
	{ "conf", cmd_conf, true },
	{ "diff", cmd_diff, false },
	{ "dump", cmd_dump, false },
	{ "explain", cmd_explain, false },
	{ "learn", cmd_learn, false },
	/* The protocol owns stdout: its bytes go out as they are. */
	{ "lsp", cmd_lsp, true },
	{ "mcp", cmd_mcp, true },
	{ "merge", cmd_merge, false },
	{ "survey", cmd_survey, false },
};

/*
 * A batch command, its stdout escaped (text or JSON alike: json_out.h
 * writes ASCII), so that no command can let a tree's control
 * characters reach the terminal; a failed write is an error.
 */
static int run_command(struct cli *cli, const struct command *c, int argc, char **argv)
{
	int status;

	if (!c->raw_stdout)
		text_escape_stdout(&cli->stdout_escaped);
	status = c->run(cli, argc, argv);
	if (text_escape_stdout_end() != 0 ||
	    (c->raw_stdout && (fflush(stdout) != 0 || ferror(stdout)))) {
		fprintf(stderr, "%s: %s: writing the output failed\n", cli->prog, c->name);
		return EXIT_INPUT;
	}
	return status;
}

/* The browser's own options: --diff OTHER. */
struct browse_args {
	const char *diff_name;
	bool diff_next;		/* the next word is --diff's file */
};

static enum cli_arg browse_option(void *ctx, const char *arg)
{
	struct browse_args *args = ctx;

	if (args->diff_next) {
		args->diff_name = arg;
		args->diff_next = false;
		return CLI_ARG_USED;
	}
	if (strcmp(arg, "--diff") == 0) {
		args->diff_next = true;
		return CLI_ARG_USED;
	}
	if (strncmp(arg, "--diff=", 7) == 0) {
		args->diff_name = arg + 7;
		return CLI_ARG_USED;
	}
	return CLI_ARG_UNKNOWN;
}

/* --diff's file, read from here before the tree is looked for (which may chdir). */
static char *read_diff_file(const struct cli *cli, const char *name, size_t *len)
{
	char why[128];
	int err = 0;
	char *text = file_read(name, FILE_READ_MAX, len, &err);

	if (!text)
		fprintf(stderr, "%s: --diff: %s: %s\n", cli->prog, name,
			file_read_error(err, FILE_READ_MAX, "a .config", why, sizeof(why)));
	return text;
}

/* No subcommand: the browser (ui/; the one place that reaches into it). */
static int browse(struct cli *cli, int argc, char **argv, int first)
{
	struct browse_args args = { 0 };
	int status = cli_tree_args(cli, "", argc, argv, first, browse_option, &args);
	struct startup_keys keys = { 0 };
	struct session *s;
	char *diff_text = NULL;
	size_t diff_len = 0;

	if (status)
		return status;
	/*
	 * The browser's start is waited for: its heap grows in huge pages
	 * (~5 ms less to the first screen of Linux).  Not for the batch
	 * commands, which many run at once and where memory counts more:
	 * a huge page partly used costs some 2 MB of peak RSS.
	 */
	(void)huge_pages_for_heap(HUGE_PAGE_SIZE * 16);
	if (args.diff_next || (args.diff_name && !*args.diff_name))
		return usage_error(cli, "option '--diff' needs a file");
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "%s: the browser needs a terminal on stdin and stdout; "
			"for scripts use 'kbrowse explain', 'kbrowse conf' or "
			"'kbrowse dump'\n", cli->prog);
		return EXIT_USAGE;
	}
	if (args.diff_name && !(diff_text = read_diff_file(cli, args.diff_name, &diff_len)))
		return EXIT_INPUT;
	/* $(info,...) would print over the screen: keep it as notes. */
	cli->keep_info = true;
	/* A slow $(shell,...) at the start: Ctrl-C or Esc skips it. */
	cli->opts.shell.interactive = true;
	/* What a command writes to stderr: warnings, not the terminal. */
	cli->opts.shell.keep_stderr = true;
	/*
	 * The first screen while the probes still run (session_probes.c):
	 * their values provisional, marked, and replaced when all are in.
	 */
	cli->opts.shell.provisional = true;
	/*
	 * Help texts are read once the first screen is drawn (help_text.h):
	 * a Linux tree's 3 MB of them wait until then.
	 */
	cli->opts.skip_help = true;
	cli->opts.defer_help = true;
	/* Keys typed during the load: not echoed, taken after the first screen. */
	startup_keys_hold(&keys);
	cli->opts.shell.typed_keys = &keys.typed;
	s = cli_open_session(cli, false);
	startup_keys_restore(&keys);
	if (!s) {
		strbuf_release(&keys.typed);
		free(diff_text);
		return EXIT_INPUT;
	}
	status = browser_run(s, &(struct browser_options){
			.prog = cli->prog,
			.teaching_tree = cli->builtin_examples,
			.diff_name = args.diff_name,
			.diff_text = diff_text,
			.diff_len = diff_len,
			.typed_keys = keys.typed.data,
			.typed_len = keys.typed.len,
		});
	strbuf_release(&keys.typed);
	session_close(s);
	free(diff_text);
	return status;
}

int main(int argc, char **argv)
{
	struct cli cli = { .prog = "kbrowse" };
	int i;

	/*
	 * Every message on stderr may quote the input (file names, .config
	 * lines, $(info,...)): control characters go out escaped.
	 */
	text_escape_stderr();
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
		if (strcmp(arg, "--write-examples") == 0) {
			if (i + 1 >= argc || i + 2 < argc)
				return usage_error(&cli, "--write-examples takes one "
						   "directory and nothing after it");
			return examples_write(argv[i + 1], cli.prog);
		}
		used = cli_common_option(&cli, argc, argv, i);
		if (used < 0)
			return EXIT_USAGE;
		if (!used)
			break;
		i += used - 1;
	}
	if (i < argc) {
		for (size_t c = 0; c < ARRAY_SIZE(commands); c++)
			if (strcmp(argv[i], commands[c].name) == 0)
				return run_command(&cli, &commands[c], argc - i, argv + i);
		/* The browser's own options go to it (browse_option()). */
		if (argv[i][0] == '-' && strcmp(argv[i], "--diff") != 0 &&
		    strncmp(argv[i], "--diff=", 7) != 0)
			return usage_error(&cli, "unknown option '%s'", argv[i]);
	}
	return browse(&cli, argc, argv, i);
}
