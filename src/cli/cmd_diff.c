// SPDX-License-Identifier: GPL-2.0
/*
 * `kbrowse diff [--json] OLD NEW` and `kbrowse diff --apply FRAGMENT
 * [BASE]`: which values differ between two .config files of one tree, or
 * what merging a fragment over a .config would change (as
 * scripts/kconfig/merge_config.sh merges: later lines win, then
 * olddefconfig), grouped by root cause.  The tree is loaded once; each
 * file is read into a configuration of its own (src/explain/diff.h).
 *
 * `kbrowse diff --from-tree OLD_SRCTREE OLD.config`, run in the new
 * tree: OLD.config read into the old tree (with its own dialect and the
 * variables that name it, kernel_env_enter()) and into the new one, as
 * olddefconfig reads it there, and the two configurations compared by
 * symbol name.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "config_io.h"
#include "diff.h"
#include "file_read.h"
#include "old_tree.h"
#include "session_diff.h"
#include "util.h"

#define MAX_FRAGMENTS 64
/*
 * Lines of one file a diff reads: every name the tree lacks is kept,
 * with its line, until the end (a real .config has some 12,000 lines;
 * 3 million names took 870 MB).
 */
#define DIFF_MAX_LINES 500000

struct diff_run {
	bool json;
	const char *files[2];		/* OLD NEW, or BASE */
	int nfiles;
	const char *fragments[MAX_FRAGMENTS];
	int nfragments;
	const char *from_tree;		/* --from-tree OLD_SRCTREE, as given */
	char from_tree_abs[PATH_MAX];	/* the same, absolute (before any chdir) */
};

/* A file read for one side, with the configuration it went into. */
struct side_text {
	const char *name;
	char *text;
	size_t len;
};

static void diff_usage(const char *prog)
{
	printf("Usage: %1$s diff [OPTIONS] OLD NEW\n"
	       "       %1$s diff [OPTIONS] --apply FRAGMENT [BASE]\n"
	       "       %1$s diff [OPTIONS] --from-tree OLD_SRCTREE OLD.config\n"
	       "List every symbol whose value differs between the .config files OLD and\n"
	       "NEW of one tree (a value conf writes differently, or writes in one file\n"
	       "only), grouped by root cause: each user value that changed, and under\n"
	       "it the values that followed from it (select, depends on, defaults,\n"
	       "choices), each with the line that decided it in NEW and in OLD.  '-' is\n"
	       "a value not written to that .config.  With --apply: what merging\n"
	       "FRAGMENT over BASE (default $KCONFIG_CONFIG, else .config) would change,\n"
	       "as scripts/kconfig/merge_config.sh and olddefconfig do, and what became\n"
	       "of each value of the fragment.  With --from-tree, run in a new tree:\n"
	       "what olddefconfig there does to OLD.config, a .config of the tree\n"
	       "OLD_SRCTREE (each tree read by its own Kconfig rules): the values that\n"
	       "change with the line deciding each in both trees, the options removed\n"
	       "(with a likely new name: a new symbol of the same prompt or help), the\n"
	       "new options with the default each gets.\n"
	       "\n"
	       "Options:\n"
	       "  -C, --srctree DIR   the source tree (see '%1$s --help')\n"
	       "      --no-cache      run every $(shell,...) again\n"
	       "      --no-shell      run no command of the tree\n"
	       "      --dialect NAME  the Kconfig rules to use (see '%1$s --help')\n"
	       "      --kconfig FILE  the top Kconfig file (default Kconfig)\n"
	       "      --json          one JSON object instead of text\n"
	       "      --apply FRAGMENT\n"
	       "                      merge FRAGMENT over BASE (may be given again:\n"
	       "                      later fragments win)\n"
	       "      --from-tree OLD_SRCTREE\n"
	       "                      OLD.config belongs to the tree OLD_SRCTREE\n"
	       "                      (--dialect and --kconfig name the new tree's)\n"
	       "  -h, --help          show this help and exit\n"
	       "Options with a value also take it as --kconfig=FILE, --apply=FRAGMENT,\n"
	       "--from-tree=OLD_SRCTREE.\n"
	       "\n"
	       "Exit status: 0 when the files were read (whether or not they differ),\n"
	       "1 errors in the input (a file that cannot be read, errors in the tree),\n"
	       "2 usage errors.\n",
	       prog);
}

static int add_fragment(struct cli *cli, struct diff_run *run, const char *name)
{
	if (run->nfragments == MAX_FRAGMENTS)
		return usage_error(cli, "diff: at most %d fragments", MAX_FRAGMENTS);
	run->fragments[run->nfragments++] = name;
	return 0;
}

/* 0 to go on, EXIT_USAGE (reported), -1 after --help. */
static int parse_args(struct cli *cli, struct diff_run *run, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		int used = cli_common_option(cli, argc, argv, i);

		if (used < 0)
			return EXIT_USAGE;
		if (used) {
			i += used - 1;
		} else if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
			diff_usage(cli->prog);
			return -1;
		} else if (strcmp(arg, "--json") == 0) {
			run->json = true;
		} else if (strcmp(arg, "--apply") == 0 || strcmp(arg, "--kconfig") == 0) {
			if (i + 1 >= argc)
				return usage_error(cli, "diff: option '%s' needs a value", arg);
			if (arg[2] == 'k')
				cli->kconfig = argv[i + 1];
			else if (add_fragment(cli, run, argv[i + 1]))
				return EXIT_USAGE;
			i++;
		} else if (strcmp(arg, "--from-tree") == 0) {
			if (i + 1 >= argc)
				return usage_error(cli, "diff: option '%s' needs a value", arg);
			run->from_tree = argv[++i];
		} else if (strncmp(arg, "--from-tree=", 12) == 0) {
			run->from_tree = arg + 12;
		} else if (strncmp(arg, "--apply=", 8) == 0) {
			if (add_fragment(cli, run, arg + 8))
				return EXIT_USAGE;
		} else if (strncmp(arg, "--kconfig=", 10) == 0) {
			cli->kconfig = arg + 10;
		} else if (arg[0] == '-' && arg[1]) {
			return usage_error(cli, "diff: unknown option '%s'", arg);
		} else if (run->nfiles < 2) {
			run->files[run->nfiles++] = arg;
		} else {
			return usage_error(cli, "diff: too many files ('%s')", arg);
		}
	}
	if (run->from_tree && run->nfragments)
		return usage_error(cli, "diff: --from-tree and --apply do not go together");
	if (run->from_tree && !*run->from_tree)
		return usage_error(cli, "diff: --from-tree needs a directory");
	if (run->from_tree && run->nfiles != 1)
		return usage_error(cli, "diff: --from-tree takes one .config (kbrowse diff --from-tree OLD_SRCTREE OLD.config)");
	if (run->nfragments && run->nfiles > 1)
		return usage_error(cli, "diff: --apply takes one BASE, not two files");
	if (!run->nfragments && !run->from_tree && run->nfiles != 2)
		return usage_error(cli, "diff: two .config files are needed (kbrowse diff OLD NEW)");
	return 0;
}

static size_t count_lines(const char *text, size_t len)
{
	size_t n = len && text[len - 1] != '\n';

	for (const char *p = text, *end = text + len;
	     (p = memchr(p, '\n', (size_t)(end - p))); p++)
		n++;
	return n;
}

/* Read a whole file as named (before the tree is looked for, which may chdir). */
static bool read_named(struct cli *cli, struct side_text *t, const char *name,
		       const char *srctree)
{
	FILE *f = srctree ? config_open_input(name, srctree) : fopen(name, "r");
	int err = 0;

	t->name = name;
	t->text = f ? file_read_stream(f, FILE_READ_MAX, &t->len, &err) : NULL;
	if (!f)
		err = errno;
	if (f)
		fclose(f);
	if (!t->text) {
		char why[128];

		fprintf(stderr, "%s: diff: %s: %s\n", cli->prog, name,
			file_read_error(err, FILE_READ_MAX, "a .config", why, sizeof(why)));
		return false;
	}
	if (count_lines(t->text, t->len) > DIFF_MAX_LINES) {
		fprintf(stderr, "%s: diff: %s: more than %d lines, the limit for a diff\n",
			cli->prog, name, DIFF_MAX_LINES);
		free(t->text);
		t->text = NULL;
		return false;
	}
	return true;
}

static int run_diff(struct cli *cli, struct diff_run *run, struct session *s,
		    struct side_text *texts, int ntexts)
{
	struct diff_file *files = xcalloc((size_t)ntexts, sizeof(*files));

	(void)cli;
	for (int i = 0; i < ntexts; i++)
		files[i] = (struct diff_file){ texts[i].name, texts[i].text, texts[i].len };
	session_diff_texts(s, files, (unsigned)ntexts, run->nfragments > 0, run->json,
			   stdout, stderr);
	free(files);
	return EXIT_OK;
}

/*
 * The old tree, loaded beside the new one with the variables that name
 * it (srctree, KERNELVERSION...) and its own dialect.  NULL after errors
 * in it (counted on stderr).
 */
struct session *cli_open_old_tree(struct cli *cli, const char *cmd,
				  const char *dir, const char *as_given)
{
	int errors;
	struct session *old = old_tree_open(&cli->opts, dir, &errors);

	if (!old && !errors)
		fprintf(stderr, "%s: %s: %s: %s\n", cli->prog, cmd, as_given,
			strerror(errno));
	else if (!old)
		fprintf(stderr, "%s: %d error%s in the old tree, %s\n", cli->prog,
			errors, errors == 1 ? "" : "s", as_given);
	return old;
}

/* What olddefconfig in the new tree (s) does to a .config of the old one. */
static int run_from_tree(struct cli *cli, struct diff_run *run, struct session *s,
			 const struct side_text *t)
{
	struct session *old = cli_open_old_tree(cli, "diff", run->from_tree_abs,
						run->from_tree);
	struct config *old_cfg, *new_cfg;
	struct user_lines *old_lines, *new_lines;
	struct explainer *old_ex, *new_ex;
	struct diff_file file = { t->name, t->text, t->len };
	struct diff_input old_in, new_in;
	struct diff_result *d;
	char cwd[PATH_MAX];

	if (!old)
		return EXIT_INPUT;
	old_cfg = config_new(old->kc);
	new_cfg = config_new(s->kc);
	/* conf's warnings are the new tree's (what olddefconfig would say). */
	config_read_text(old_cfg, t->name, t->text, t->len, &old->io, NULL);
	session_diff_read(s, new_cfg, &file, stderr);
	old_lines = session_diff_lines(old, old_cfg, &file, stderr);
	new_lines = session_diff_lines(s, new_cfg, &file, stderr);
	old_ex = explainer_new(old_cfg, old_lines);
	new_ex = explainer_new(new_cfg, new_lines);
	old_in = (struct diff_input){ old_ex, &file, 1 };
	new_in = (struct diff_input){ new_ex, &file, 1 };
	d = diff_configs(&old_in, &new_in, s->io.prefix, false);
	d->old_tree = run->from_tree;
	d->new_tree = s->io.srctree && strcmp(s->io.srctree, ".") != 0 ? s->io.srctree
		    : getcwd(cwd, sizeof(cwd)) ? cwd : ".";
	if (run->json)
		diff_print_json(new_ex, d, stdout);
	else
		diff_print_text(new_ex, d, stdout);
	diff_free(d);
	explainer_free(old_ex);
	explainer_free(new_ex);
	user_lines_free(old_lines);
	user_lines_free(new_lines);
	config_free(new_cfg);
	config_free(old_cfg);
	session_close(old);
	return EXIT_OK;
}

int cmd_diff(struct cli *cli, int argc, char **argv)
{
	struct diff_run run = { 0 };
	struct side_text texts[MAX_FRAGMENTS + 2] = { 0 };
	int ntexts = 0, status;
	struct session *s = NULL;

	status = parse_args(cli, &run, argc, argv);
	if (status)
		return status < 0 ? EXIT_OK : status;
	/* Files named on the command line are read from here, before any chdir. */
	status = EXIT_INPUT;
	ntexts = run.nfragments ? 1 + run.nfragments : run.nfiles;
	if (run.from_tree && !realpath(run.from_tree, run.from_tree_abs)) {
		fprintf(stderr, "%s: diff: %s: %s\n", cli->prog, run.from_tree,
			strerror(errno));
		goto out;
	}
	for (int i = 0; i < run.nfiles; i++)
		if (!read_named(cli, &texts[i], run.files[i], NULL))
			goto out;
	for (int i = 0; i < run.nfragments; i++)
		if (!read_named(cli, &texts[1 + i], run.fragments[i], NULL))
			goto out;
	s = cli_open_session(cli, true);
	if (!s)
		goto out;
	if (run.nfragments && !run.nfiles) {
		const char *base = getenv("KCONFIG_CONFIG");

		if (!read_named(cli, &texts[0], base && *base ? base : ".config",
				s->io.srctree ? s->io.srctree : "."))
			goto out;
	}
	if (run.from_tree)
		status = run_from_tree(cli, &run, s, &texts[0]);
	else
		status = run_diff(cli, &run, s, texts, ntexts);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("kbrowse: diff");
		status = EXIT_INPUT;
	}
out:
	for (int i = 0; i < ntexts; i++)
		free(texts[i].text);
	session_close(s);
	return status;
}
