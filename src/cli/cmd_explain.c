// SPDX-License-Identifier: GPL-2.0
/*
 * `kbrowse explain [--json] [--depth N] [--to VALUE|visible] [--reverse] [--all]
 * [--no-help] [--kconfig FILE] SYMBOL...`:
 * why each symbol has its value, with the .config read as conf reads it
 * ($KCONFIG_CONFIG, default .config, when it exists).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "huge_pages.h"
#include "config_io.h"
#include "explain.h"
#include "util.h"

struct explain_run {
	bool json, reverse, all, no_help;
	int depth;
	const char *to;
	struct session *s;
};

static double seconds(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void explain_one(struct explainer *ex, struct explain_run *run,
			const struct symbol *sym)
{
	const struct explanation *x = explain_symbol(ex, sym);
	const struct change_plan *plan = NULL;
	/* --depth counts the symbol itself: the chain has one level less. */
	const struct explain_print_options opts = {
		.depth = run->depth - 1, .reverse = run->reverse,
		.no_help = run->no_help,
	};

	if (run->to)
		plan = explain_change(ex, sym, run->to, run->depth > 8 ? run->depth : 8,
				      session_fresh_config, run->s);
	if (run->json) {
		explain_print_json_chain(ex, x, plan, &opts, stdout);
	} else {
		explain_print_text(ex, x, &opts, stdout);
		if (plan)
			explain_print_plan_text(ex, plan, stdout);
	}
	/*
	 * The explanation is printed: the next one is made in the same
	 * memory (explainer_reset() keeps its pages), not in fresh pages,
	 * which the kernel must zero: --all's explanations of Linux take
	 * 12 MB one after another, a few hundred bytes each.  After each
	 * one, so that the memory stays in the cache and each clearing is a
	 * few short stores (every 64 KiB instead, glibc's memset() clears
	 * with `rep stosb`, which callgrind counts a byte at a time: 11.8 M
	 * instructions where these take 1.4 M).
	 */
	explainer_reset(ex);
}

static void explain_usage(const char *prog)
{
	printf("Usage: %s explain [OPTIONS] SYMBOL...\n"
	       "Print why each SYMBOL (with or without CONFIG_) has its value under\n"
	       "$KCONFIG_CONFIG (default .config), read as scripts/kconfig/conf reads it.\n"
	       "\n"
	       "Options:\n"
	       "  -C, --srctree DIR   the source tree (see '%s --help')\n"
	       "      --no-cache      run every $(shell,...) again\n"
	       "      --no-shell      run no command of the tree\n"
	       "      --dialect NAME  the Kconfig rules to use (see '%s --help')\n"
	       "      --kconfig FILE  the top Kconfig file (default Kconfig)\n"
	       "      --json          one JSON object per symbol instead of text\n"
	       "      --depth N       follow the reasons N levels deep (1 to 1000,\n"
	       "                      default 1)\n"
	       "      --to VALUE      what would give the symbol VALUE (y, m, n, a\n"
	       "                      number, a string), or with 'visible' show its\n"
	       "                      hidden prompt; tried on a copy\n"
	       "      --reverse       list every place that uses the symbol\n"
	       "      --no-help       leave out the help text\n"
	       "      --all           explain every symbol of the tree\n"
	       "      --              the words after it are symbols\n"
	       "  -h, --help          show this help and exit\n"
	       "Options with a value also take it as --depth=N, --to=VALUE,\n"
	       "--kconfig=FILE.\n"
	       "\n"
	       "Exit status: 0 success, 1 errors in the input (an unknown symbol),\n"
	       "2 usage errors.\n",
	       prog, prog, prog);
}

static int parse_depth(struct cli *cli, const char *text, int *depth)
{
	char *end;
	long value;

	errno = 0;
	value = strtol(text, &end, 10);
	if (errno || *end || end == text || value < 1 || value > 1000)
		return usage_error(cli, "explain: --depth needs a number from 1 to 1000, not '%s'",
				   text);
	*depth = (int)value;
	return 0;
}

/*
 * Options; the symbols stay in argv (names[] gets their positions).
 * Returns -1 after printing the usage for --help.
 */
static int parse_args(struct cli *cli, struct explain_run *run, int argc,
		      char **argv, char **names, int *nnames)
{
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		int used = cli_common_option(cli, argc, argv, i);

		if (used < 0)
			return EXIT_USAGE;
		if (used) {
			i += used - 1;
		} else if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
			explain_usage(cli->prog);
			return -1;
		} else if (strcmp(arg, "--json") == 0) {
			run->json = true;
		} else if (strcmp(arg, "--reverse") == 0) {
			run->reverse = true;
		} else if (strcmp(arg, "--all") == 0) {
			run->all = true;
		} else if (strcmp(arg, "--no-help") == 0) {
			run->no_help = true;
		} else if (strcmp(arg, "--depth") == 0 || strcmp(arg, "--to") == 0 ||
			   strcmp(arg, "--kconfig") == 0) {
			if (i + 1 >= argc)
				return usage_error(cli, "explain: option '%s' needs a value", arg);
			if (arg[2] == 'd' && parse_depth(cli, argv[i + 1], &run->depth))
				return EXIT_USAGE;
			if (arg[2] == 't')
				run->to = argv[i + 1];
			if (arg[2] == 'k')
				cli->kconfig = argv[i + 1];
			i++;
		} else if (strncmp(arg, "--depth=", 8) == 0) {
			if (parse_depth(cli, arg + 8, &run->depth))
				return EXIT_USAGE;
		} else if (strncmp(arg, "--to=", 5) == 0) {
			run->to = arg + 5;
		} else if (strncmp(arg, "--kconfig=", 10) == 0) {
			cli->kconfig = arg + 10;
		} else if (strcmp(arg, "--") == 0) {
			while (++i < argc)
				names[(*nnames)++] = argv[i];
		} else if (arg[0] == '-' && arg[1]) {
			return usage_error(cli, "explain: unknown option '%s'", arg);
		} else {
			names[(*nnames)++] = argv[i];
		}
	}
	if (!*nnames && !run->all)
		return usage_error(cli, "explain: which symbol? (kbrowse explain SYMBOL...)");
	return 0;
}

/* What explain_all() gathers before it writes: stdout's own buffer's size. */
#define ALL_PIECE (64u << 10)

/*
 * The text of one symbol of --all (no plan) added to batch, which is
 * written whenever it holds a piece: a few hundred writes of 64 KiB
 * instead of a write and a newline for each of thousands of symbols.
 */
static void explain_one_batched(struct explainer *ex, struct explain_run *run,
				const struct symbol *sym, struct strbuf *batch)
{
	const struct explain_print_options opts = {
		.depth = run->depth - 1, .reverse = run->reverse,
		.no_help = run->no_help,
	};

	explain_append_text(ex, explain_symbol(ex, sym), &opts, batch);
	strbuf_addc(batch, '\n');
	if (batch->len >= ALL_PIECE) {
		fwrite(batch->data, 1, batch->len, stdout);
		batch->len = 0;
	}
	/* As explain_one(): the explanation's memory is reused at once. */
	explainer_reset(ex);
}

/* Whether explain_all() writes the text itself, in pieces (no plans, no JSON). */
static bool all_batched(const struct explain_run *run)
{
	return run->all && !run->json && !run->to;
}

static int explain_all(struct explainer *ex, struct explain_run *run,
		       struct kconfig *kc)
{
	bool batched = all_batched(run);
	struct strbuf batch = { 0 };

	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];

		if (!sym->name || (sym->flags & SYMBOL_CONST) ||
		    !(sym->flags & SYMBOL_DEFINED))
			continue;
		if (batched) {
			explain_one_batched(ex, run, sym, &batch);
			continue;
		}
		explain_one(ex, run, sym);
		if (!run->json)
			putchar('\n');
	}
	if (batch.len)
		fwrite(batch.data, 1, batch.len, stdout);
	strbuf_release(&batch);
	return EXIT_OK;
}

int cmd_explain(struct cli *cli, int argc, char **argv)
{
	struct explain_run run = { .depth = 1 };
	char **names = xcalloc((size_t)argc + 1, sizeof(*names));
	int nnames = 0, status = EXIT_OK;
	struct explainer *ex;
	double started = seconds(CLOCK_MONOTONIC), loaded, loaded_cpu;

	/*
	 * `explain --all` writes 20 MB on Linux: in pieces of 64 KiB, not of
	 * stdio's 4 KiB, a few hundred writes instead of thousands.  The
	 * buffer is static: stdout is closed after this returns (main.c), and
	 * glibc ignores the size unless it is given the buffer.
	 */
	static char out_buf[ALL_PIECE];

	status = parse_args(cli, &run, argc, argv, names, &nnames);
	if (status) {
		free(names);
		return status < 0 ? EXIT_OK : status;
	}
	/* Every symbol's text: 20 MB of small blocks, in huge pages. */
	if (run.all)
		(void)huge_pages_for_heap(HUGE_PAGE_SIZE * 16);
	/*
	 * The text of --all gathers its own pieces (explain_all()): stdio
	 * then passes each on as it is, where a buffer would copy it.
	 */
	if (all_batched(&run))
		setvbuf(stdout, NULL, _IONBF, 0);
	else
		setvbuf(stdout, out_buf, _IOFBF, sizeof(out_buf));
	run.s = cli_open_session(cli, false);
	if (!run.s) {
		free(names);
		return EXIT_INPUT;
	}
	ex = run.s->ex;
	{
		char why[512];

		if (cli_arch_mismatch(run.s, why, sizeof(why)))
			fprintf(stderr, "%s: warning: %s\n", cli->prog, why);
	}
	/* Only a plan (--to) tries other values, and on copies: fixed otherwise. */
	if (!run.to)
		explainer_fix_values(ex);
	if (run.all)
		explainer_expect_symbols(ex, run.s->kc->nsymbols);
	loaded = seconds(CLOCK_MONOTONIC);
	loaded_cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
	/* Which rules the values follow, once, before the explanations. */
	if (!run.json)
		printf("Kconfig rules: %s (%s): %s\n\n", run.s->kc->dialect->name,
		       run.s->kc->dialect_why, run.s->kc->dialect->summary);
	if (run.all)
		status = explain_all(ex, &run, run.s->kc);
	for (int i = 0; i < nnames; i++) {
		const struct symbol *sym = session_find_symbol(run.s, names[i]);

		if (!sym) {
			fprintf(stderr, "%s: explain: unknown symbol '%s'\n",
				cli->prog, names[i]);
			status = EXIT_INPUT;
			continue;
		}
		if (i && !run.json)
			putchar('\n');
		explain_one(ex, &run, sym);
	}
	/* For benchmarks: where the time goes (KBROWSE_TIMING=1). */
	if (getenv("KBROWSE_TIMING"))
		fprintf(stderr, "%s: explain: load %.3f s, explain %.3f s (%.3f s of CPU)\n",
			cli->prog, loaded - started, seconds(CLOCK_MONOTONIC) - loaded,
			seconds(CLOCK_PROCESS_CPUTIME_ID) - loaded_cpu);
	if (config_report_too_deep(run.s->cfg, stderr))
		status = EXIT_INPUT;
	session_close(run.s);
	free(names);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("kbrowse: explain");
		return EXIT_INPUT;
	}
	return status;
}
