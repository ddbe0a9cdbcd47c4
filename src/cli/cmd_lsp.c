// SPDX-License-Identifier: GPL-2.0
/*
 * `kbrowse lsp` and `kbrowse mcp`: the tree and its .config opened as
 * every command opens them, then handed to the server (lsp/).  Like
 * main.c, this file sees both the command line and the servers.
 *
 * stdout is the protocol's: before anything is loaded the servers get a
 * stream of their own on it and file descriptor 1 becomes stderr, so
 * that nothing else (a $(shell,...)'s output, a stray printf) can write
 * into a message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <unistd.h>

#include "cli.h"
#include "lsp.h"
#include "util.h"

static void server_usage(const char *prog, const char *cmd)
{
	bool lsp = strcmp(cmd, "lsp") == 0;

	printf("Usage: %s %s [OPTIONS] [KCONFIG]\n"
	       "%s\n"
	       "over stdin and stdout, for the tree and the .config ($KCONFIG_CONFIG,\n"
	       "default .config) that the other commands would use.\n"
	       "\n"
	       "Options:\n"
	       "  -C, --srctree DIR   the source tree (see '%s --help')\n"
	       "      --no-cache      run every $(shell,...) again\n"
	       "      --no-shell      run no command of the tree\n"
	       "      --dialect NAME  the Kconfig rules to use (see '%s --help')\n"
	       "  -h, --help          show this help and exit\n"
	       "\n"
	       "Exit status: 0 after %s, 1 when the input ended first or the\n"
	       "tree has errors, 2 usage errors.\n",
	       prog, cmd,
	       lsp ? "Serve the Language Server Protocol (3.17, Content-Length framing)"
		   : "Serve the Model Context Protocol (JSON-RPC, one message a line)",
	       prog, prog, lsp ? "shutdown and exit" : "the end of the input");
}

static enum cli_arg help_option(void *ctx, const char *arg)
{
	const char *const *names = ctx;

	if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
		server_usage(names[0], names[1]);
		return CLI_ARG_EXIT;
	}
	return CLI_ARG_UNKNOWN;
}

/* The protocol's stream on stdout; fd 1 itself now goes to stderr. */
static FILE *take_stdout(void)
{
	int fd = dup(STDOUT_FILENO);
	FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;

	if (!out) {
		perror("kbrowse: stdout");
		return NULL;
	}
	fflush(stdout);
	dup2(STDERR_FILENO, STDOUT_FILENO);
	return out;
}

static int serve(struct cli *cli, int argc, char **argv, bool lsp)
{
	const char *names[2] = { cli->prog, lsp ? "lsp" : "mcp" };
	int status = cli_tree_args(cli, names[1], argc, argv, 1, help_option, names);
	char root[PATH_MAX];
	struct session *s;
	FILE *out;

	if (status)
		return status < 0 ? EXIT_OK : status;
	if (!(out = take_stdout()))
		return EXIT_INPUT;
	/* $(info,...) would land in the protocol: keep it as notes. */
	cli->keep_info = true;
	cli->opts.shell.keep_stderr = true;
	s = cli_open_session(cli, false);
	if (!s) {
		fclose(out);
		return EXIT_INPUT;
	}
	if (!realpath(s->kc->opts.srctree ? s->kc->opts.srctree : ".", root))
		snprintf(root, sizeof(root), ".");
	const struct lsp_options opts = {
		.prog = cli->prog, .root = root, .teaching_tree = cli->builtin_examples,
	};
	status = lsp ? lsp_serve(s, &opts, stdin, out) : mcp_serve(s, &opts, stdin, out);
	session_close(s);
	fclose(out);
	return status;
}

int cmd_lsp(struct cli *cli, int argc, char **argv)
{
	return serve(cli, argc, argv, true);
}

int cmd_mcp(struct cli *cli, int argc, char **argv)
{
	return serve(cli, argc, argv, false);
}
