// SPDX-License-Identifier: GPL-2.0
/*
 * `kbrowse survey`: questions about every configuration of a kernel
 * tree at once (every arch/ARCH/configs/ *defconfig), each
 * architecture's Kconfig parsed once (survey.h).  This file is the
 * command line: the options, the tree, then survey_run() and the report.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "kernel_env.h"
#include "survey.h"
#include "util.h"

#define MAX_SYMBOLS 256

struct survey_args {
	struct survey_request rq;
	const char *arches;		/* --arches LIST */
	const char *glob;		/* --configs GLOB */
	bool json;
	bool stale;
	const char *from_tree;		/* --from-tree OLD_TREE, as given */
	char from_tree_abs[PATH_MAX];
	const char *outdir;		/* as given */
	char outdir_abs[PATH_MAX];
	char *symbols[MAX_SYMBOLS];
	unsigned nsymbols;
};

static void survey_usage(const char *prog)
{
	printf("Usage: %1$s survey [OPTIONS] --write-configs DIR\n"
	       "       %1$s survey [OPTIONS] SYMBOL...\n"
	       "       %1$s survey [OPTIONS] --stale\n"
	       "       %1$s survey [OPTIONS] --from-tree OLD_TREE\n"
	       "Every defconfig of every architecture of a kernel tree (the files\n"
	       "arch/ARCH/configs/*defconfig), each evaluated as `make ARCH=ARCH NAME`\n"
	       "evaluates it, with each architecture's Kconfig parsed once and the\n"
	       "architectures spread over worker processes.\n"
	       "\n"
	       "  --write-configs DIR  write each configuration's .config, as conf\n"
	       "                       writes it, to DIR/ARCH/NAME.config\n"
	       "  SYMBOL...            each symbol's value in every configuration and\n"
	       "                       the line that decided it, grouped by value and\n"
	       "                       root cause\n"
	       "  --stale              the configurations whose savedefconfig differs\n"
	       "                       from the file, and their lines conf does not keep\n"
	       "  --from-tree OLD_TREE what a change of the Kconfig files does to every\n"
	       "                       configuration: each defconfig of this tree read\n"
	       "                       by conf --defconfig in OLD_TREE and in this tree,\n"
	       "                       the values compared by symbol name (as diff\n"
	       "                       --from-tree), the root changes grouped across\n"
	       "                       configurations\n"
	       "\n"
	       "Options:\n"
	       "  --arches LIST        only these architectures (comma-separated\n"
	       "                       arch/ directory names)\n"
	       "  --configs GLOB       only the defconfig files whose name under\n"
	       "                       configs/ matches GLOB (\"*_defconfig\", \"85xx/*\")\n"
	       "  -j N                 N worker processes (default: the number of CPUs)\n"
	       "  --json               one JSON object on stdout, for scripts\n"
	       "  -C, --srctree DIR, --no-cache, --no-shell, --dialect NAME\n"
	       "                       as for every subcommand (see '%1$s --help')\n"
	       "  -h, --help           show this help and exit\n"
	       "\n"
	       "Exit status: 0 when every configuration was evaluated, 1 when one\n"
	       "could not be (a tree with errors, a file that cannot be read or\n"
	       "written), 2 usage errors.  With --from-tree, as diff(1): 0 when no\n"
	       "value changes in any configuration, 1 when one does, 2 usage errors\n"
	       "or a configuration that could not be compared.\n", prog);
}

static unsigned default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 && n < 1024 ? (unsigned)n : 1;
}

static int parse_jobs(struct cli *cli, struct survey_args *a, const char *text)
{
	char *end;
	long n = strtol(text, &end, 10);

	if (!*text || *end || n < 1 || n > 1024)
		return usage_error(cli, "-j needs a number from 1 to 1024, not '%s'",
				   text);
	a->rq.jobs = (unsigned)n;
	return 0;
}

/* An option with a value: "--opt VALUE" or "--opt=VALUE"; NULL if not this one. */
static const char *option_value(int argc, char **argv, int *i, const char *opt,
				bool *missing)
{
	size_t n = strlen(opt);

	if (strncmp(argv[*i], opt, n) != 0)
		return NULL;
	if (argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (argv[*i][n])
		return NULL;
	if (*i + 1 >= argc) {
		*missing = true;
		return NULL;
	}
	return argv[++*i];
}

static int parse_option(struct cli *cli, struct survey_args *a, int argc,
			char **argv, int *i)
{
	static const char *const valued[] = {
		"--write-configs", "--arches", "--configs", "--from-tree", "-j",
	};
	const char *arg = argv[*i];
	bool missing = false;

	if (!strcmp(arg, "--json")) {
		a->json = true;
		return 0;
	}
	if (!strcmp(arg, "--stale")) {
		a->stale = true;
		return 0;
	}
	if (!strncmp(arg, "-j", 2) && arg[2] && arg[2] != '=')
		return parse_jobs(cli, a, arg + 2);
	for (size_t k = 0; k < sizeof(valued) / sizeof(valued[0]); k++) {
		const char *v = option_value(argc, argv, i, valued[k], &missing);

		if (missing)
			return usage_error(cli, "option '%s' needs a value", valued[k]);
		if (!v)
			continue;
		switch (k) {
		case 0: a->outdir = v; break;
		case 1: a->arches = v; break;
		case 2: a->glob = v; break;
		case 3: a->from_tree = v; break;
		default: return parse_jobs(cli, a, v);
		}
		return 0;
	}
	return usage_error(cli, "survey: unknown option '%s'", arg);
}

/* 0 to go on, EXIT_USAGE (reported), -1 after --help. */
static int parse_args(struct cli *cli, struct survey_args *a, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		int used = cli_common_option(cli, argc, argv, i);

		if (used < 0)
			return EXIT_USAGE;
		if (used) {
			i += used - 1;
		} else if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			survey_usage(cli->prog);
			return -1;
		} else if (arg[0] == '-') {
			if (parse_option(cli, a, argc, argv, &i))
				return EXIT_USAGE;
		} else if (a->nsymbols == MAX_SYMBOLS) {
			return usage_error(cli, "survey: at most %d symbols", MAX_SYMBOLS);
		} else {
			a->symbols[a->nsymbols++] = (char *)(strncmp(arg, "CONFIG_", 7) ?
							     arg : arg + 7);
		}
	}
	if (!!a->outdir + !!a->nsymbols + a->stale + !!a->from_tree != 1)
		return usage_error(cli, "survey needs one of --write-configs DIR, "
				   "--stale, --from-tree OLD_TREE or SYMBOL...");
	if (a->outdir && !*a->outdir)
		return usage_error(cli, "option '--write-configs' needs a directory");
	if (a->from_tree && !*a->from_tree)
		return usage_error(cli, "option '--from-tree' needs a directory");
	return 0;
}

/* DIR as an absolute name (the tree may be looked for elsewhere), made. */
static int prepare_outdir(struct cli *cli, struct survey_args *a)
{
	if (mkdir(a->outdir, 0777) != 0 && access(a->outdir, W_OK) != 0) {
		fprintf(stderr, "%s: survey: --write-configs: %s: %s\n", cli->prog,
			a->outdir, strerror(errno));
		return EXIT_INPUT;
	}
	if (!realpath(a->outdir, a->outdir_abs)) {
		fprintf(stderr, "%s: survey: --write-configs: %s: %s\n", cli->prog,
			a->outdir, strerror(errno));
		return EXIT_INPUT;
	}
	a->rq.outdir = a->outdir_abs;
	return 0;
}

/*
 * --from-tree's OLD_TREE as an absolute name, before the tree is looked
 * for; a kernel tree, like the one surveyed.
 */
static int prepare_from_tree(struct cli *cli, struct survey_args *a)
{
	if (!realpath(a->from_tree, a->from_tree_abs)) {
		fprintf(stderr, "%s: survey: --from-tree: %s: %s\n", cli->prog,
			a->from_tree, strerror(errno));
		return EXIT_USAGE;
	}
	if (!kernel_env_is_kernel_tree(a->from_tree_abs)) {
		fprintf(stderr, "%s: survey: --from-tree: %s is not a Linux kernel "
			"tree\n", cli->prog, a->from_tree);
		return EXIT_USAGE;
	}
	a->rq.old_srctree = a->from_tree_abs;
	a->rq.old_given = a->from_tree;
	return 0;
}

/* The tree, as every subcommand finds it; survey needs a kernel's. */
static int resolve_tree(struct cli *cli, struct survey_args *a, char *srctree)
{
	a->rq.user_nm = getenv("NM") != NULL;
	a->rq.user_clang_flags = getenv("CLANG_FLAGS") != NULL;
	cli_resolve_tree(cli);
	if (cli->builtin_examples || !kernel_env_is_kernel_tree(cli->srctree ?
								 cli->srctree : ".")) {
		fprintf(stderr, "%s: survey: needs a Linux kernel tree (-C DIR, or run "
			"it inside one)\n", cli->prog);
		return EXIT_USAGE;
	}
	if (!realpath(cli->srctree ? cli->srctree : ".", srctree)) {
		fprintf(stderr, "%s: survey: %s: %s\n", cli->prog,
			cli->srctree ? cli->srctree : ".", strerror(errno));
		return EXIT_INPUT;
	}
	a->rq.tree = cli->opts;
	a->rq.tree.srctree = srctree;
	a->rq.new_given = cli->srctree ? cli->srctree : ".";
	setenv("srctree", srctree, 1);
	return 0;
}

int cmd_survey(struct cli *cli, int argc, char **argv)
{
	struct survey_args a = { .rq.jobs = default_jobs() };
	struct survey_targets targets;
	struct survey_records records = { 0 };
	static char srctree[PATH_MAX];
	int status = parse_args(cli, &a, argc, argv);

	if (status)
		return status < 0 ? EXIT_OK : status;
	if (a.outdir && (status = prepare_outdir(cli, &a)))
		return status;
	if (a.from_tree && (status = prepare_from_tree(cli, &a)))
		return status;
	if ((status = resolve_tree(cli, &a, srctree)))
		return status;
	if (!survey_targets_find(&targets, srctree, a.arches, a.glob)) {
		survey_targets_free(&targets);
		return EXIT_USAGE;
	}
	a.rq.task = a.outdir ? SURVEY_WRITE_CONFIGS :
		    a.stale ? SURVEY_STALE :
		    a.from_tree ? SURVEY_FROM_TREE : SURVEY_SYMBOLS;
	a.rq.symbols = a.symbols;
	a.rq.nsymbols = a.nsymbols;
	a.rq.progress = isatty(STDERR_FILENO);
	status = survey_run(&a.rq, &targets, &records);
	switch (a.rq.task) {
	case SURVEY_WRITE_CONFIGS:
		status |= survey_report_write(&a.rq, &targets, &records, a.json);
		break;
	case SURVEY_SYMBOLS:
		status |= survey_report_symbols(&a.rq, &records, a.json);
		break;
	case SURVEY_STALE:
		status |= survey_report_stale(&a.rq, &records, a.json);
		break;
	case SURVEY_FROM_TREE: {
		/* diff(1)'s statuses: a worker that failed is trouble, 2. */
		int found = survey_report_from_tree(&a.rq, &targets, &records, a.json);

		survey_records_free(&records);
		survey_targets_free(&targets);
		return status ? EXIT_USAGE : found;
	}
	}
	survey_records_free(&records);
	survey_targets_free(&targets);
	return status ? EXIT_INPUT : EXIT_OK;
}
