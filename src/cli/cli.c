// SPDX-License-Identifier: GPL-2.0
/*
 * Finding the tree, the way make and git find theirs.
 *
 * Source tree: -C DIR / --srctree DIR, else $srctree.  kbrowse then works
 * in the current directory, as the kernel's conf does when make starts it
 * (srctree exported, the object tree as its current directory).
 *
 * Otherwise kbrowse looks for the top of the tree it was started in, as
 * git looks for .git: from the current directory up to '/', the first
 * directory that is a top wins (the nearest, so that a tree inside another
 * is its own).  A directory is a top if its top file (Kconfig, or
 * Config.in for Buildroot when there is no Kconfig) exists and
 *   1. Kconfig is next to a Makefile with "VERSION =" and "PATCHLEVEL ="
 *      lines (Linux, U-Boot: kernel_env_is_kernel_tree()); or
 *   2. it is next to a scripts/kconfig/ or support/kconfig/ directory
 *      (Linux, U-Boot, Zephyr, Buildroot, projects with their own copy of
 *      kconfig); or
 *   3. the file has a `mainmenu` line (only a top file names the menu;
 *      the files it sources do not).
 * Found above the current directory, kbrowse goes there and says so on
 * stderr: from drivers/net it reads the Kconfig tree and the .config at
 * the top, as `make -C ../.. menuconfig` would.  A KCONFIG argument that
 * exists from the current directory is opened as named, as conf opens it,
 * and nothing is looked for.  No top anywhere: the current directory if it
 * holds the top file (as before), else the built-in teaching tree, with a
 * line saying how to point at a tree (-C DIR), naming the highest
 * directory above with a Kconfig if there is one.
 *
 * Object tree, as the kernel's Makefile has it: O=DIR among the arguments,
 * else $KBUILD_OUTPUT (not when $srctree came from the environment: then
 * kbrowse runs as conf under make, already in the object tree).  A
 * relative DIR is taken from the directory kbrowse works in before it (the
 * top found, or the current directory), as `make -C TOP O=DIR` does; it is
 * created if missing.  kbrowse works there: .config ($KCONFIG_CONFIG),
 * include/config/ and $(shell,...) commands are in the object tree, and
 * srctree is ".", ".." or the absolute source tree, as make sets it.
 *
 * NAME=VALUE arguments, anywhere among the others, set NAME in the
 * environment over its old value, as make's command line does:
 * `kbrowse ARCH=arm64`, `kbrowse conf --olddefconfig O=/tmp/out LLVM=1`.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "examples.h"
#include "file_read.h"
#include "kernel_env.h"

int usage_error(const struct cli *cli, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", cli->prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help' for more information.\n", cli->prog);
	return EXIT_USAGE;
}

bool cli_assignment(struct cli *cli, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char name[256];
	size_t len, i;

	if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof(name))
		return false;
	len = (size_t)(eq - arg);
	for (i = 0; i < len; i++) {
		char c = arg[i];

		if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (i > 0 && c >= '0' && c <= '9')))
			return false;
	}
	memcpy(name, arg, len);
	name[len] = '\0';
	setenv(name, eq + 1, 1);
	/* make takes O from its command line only, never the environment. */
	if (strcmp(name, "O") == 0)
		cli->objdir = eq + 1;
	return true;
}

bool cli_set_dialect(struct cli *cli, const char *name, const char *from)
{
	const struct kconfig_dialect *const *all = dialect_all();
	char names[256] = "";

	cli->opts.dialect = dialect_find(name);
	cli->opts.dialect_why = from;
	if (cli->opts.dialect)
		return true;
	for (size_t i = 0; all[i]; i++) {
		strncat(names, i ? ", " : "", sizeof(names) - strlen(names) - 1);
		strncat(names, all[i]->name, sizeof(names) - strlen(names) - 1);
	}
	usage_error(cli, "%s: unknown dialect '%s' (known: %s)", from, name, names);
	return false;
}

int cli_common_option(struct cli *cli, int argc, char **argv, int i)
{
	const char *arg = argv[i];

	if (strcmp(arg, "-C") == 0 || strcmp(arg, "--srctree") == 0) {
		if (i + 1 >= argc) {
			usage_error(cli, "option '%s' needs a directory", arg);
			return -1;
		}
		cli->srctree = argv[i + 1];
		return 2;
	}
	if (strcmp(arg, "--no-cache") == 0) {
		cli->no_cache = true;
		return 1;
	}
	if (strcmp(arg, "--no-shell") == 0) {
		cli->no_shell = true;
		return 1;
	}
	if (strcmp(arg, "--dialect") == 0 || strncmp(arg, "--dialect=", 10) == 0) {
		const char *name = arg[9] == '=' ? arg + 10 : NULL;

		if (!name && i + 1 >= argc) {
			usage_error(cli, "option '--dialect' needs a name");
			return -1;
		}
		if (!name)
			name = argv[i + 1];
		if (!cli_set_dialect(cli, name, "--dialect"))
			return -1;
		return arg[9] == '=' ? 1 : 2;
	}
	if (strncmp(arg, "--srctree=", 10) == 0) {
		cli->srctree = arg + 10;
		return 1;
	}
	if (strncmp(arg, "-C", 2) == 0 && arg[2]) {
		cli->srctree = arg + 2;
		return 1;
	}
	if (arg[0] != '-' && cli_assignment(cli, arg))
		return 1;
	return 0;
}

static bool file_exists(const char *dir, const char *name)
{
	char path[4096];
	struct stat st;

	if (dir)
		snprintf(path, sizeof(path), "%s/%s", dir, name);
	else
		snprintf(path, sizeof(path), "%s", name);
	return stat(path, &st) == 0;
}

static bool is_file(const char *dir, const char *name)
{
	char path[PATH_MAX + 64];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_dir(const char *dir, const char *name)
{
	char path[PATH_MAX + 64];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Does a line of the file start (after blanks) with the word mainmenu? */
static bool has_mainmenu(const char *dir, const char *name)
{
	char path[PATH_MAX + 64], line[512];
	bool found = false, line_start = true;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = file_open_regular(path);
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		const char *p = line;

		/* The rest of a line longer than the buffer starts no line. */
		if (line_start) {
			p += strspn(p, " \t");
			found = strncmp(p, "mainmenu", 8) == 0 &&
				(p[8] == ' ' || p[8] == '\t');
		}
		line_start = strchr(line, '\n') != NULL;
	}
	fclose(f);
	return found;
}

/* The rules of the comment at the top of this file. */
static enum cli_top_rule top_rule(const char *dir, const char **file)
{
	if (is_file(dir, "Kconfig"))
		*file = "Kconfig";
	else if (is_file(dir, "Config.in"))
		*file = "Config.in";
	else
		return CLI_TOP_NONE;
	if (strcmp(*file, "Kconfig") == 0 && kernel_env_is_kernel_tree(dir))
		return CLI_TOP_MAKEFILE;
	if (is_dir(dir, "scripts/kconfig") || is_dir(dir, "support/kconfig"))
		return CLI_TOP_TOOLS;
	if (has_mainmenu(dir, *file))
		return CLI_TOP_MAINMENU;
	return CLI_TOP_NONE;
}

static void copy_path(char *buf, size_t size, const char *s)
{
	if (size)
		snprintf(buf, size, "%s", s);
}

enum cli_top_rule cli_find_top(const char *start, char *top, size_t size,
			       const char **file, char *hint, size_t hint_size)
{
	char dir[PATH_MAX];
	enum cli_top_rule rule;

	copy_path(top, size, "");
	copy_path(hint, hint ? hint_size : 0, "");
	if (start[0] != '/' || strlen(start) >= sizeof(dir))
		return CLI_TOP_NONE;
	copy_path(dir, sizeof(dir), start);
	for (;;) {
		char *slash;

		rule = top_rule(dir, file);
		if (rule != CLI_TOP_NONE) {
			copy_path(top, size, dir);
			return rule;
		}
		if (hint && is_file(dir, "Kconfig"))
			copy_path(hint, hint_size, dir);
		slash = strrchr(dir, '/');
		if (!slash || strcmp(dir, "/") == 0)
			return CLI_TOP_NONE;
		if (slash == dir)
			slash[1] = '\0';	/* the root itself comes last */
		else
			*slash = '\0';
	}
}

/*
 * -C DIR or $srctree without a KCONFIG argument: the top file the tree
 * has, Kconfig, else Config.in (BusyBox's and Buildroot's), as when the
 * top is found by walking up.  Looked for here, then in DIR, as the
 * parser opens it.
 */
static const char *top_file_in(const char *srctree)
{
	if (is_file(".", "Kconfig") || is_file(srctree, "Kconfig"))
		return "Kconfig";
	if (is_file(".", "Config.in") || is_file(srctree, "Config.in"))
		return "Config.in";
	return "Kconfig";
}

/*
 * No -C, no $srctree: find the top as described at the top of this file
 * and go there.  Fills cli->kconfig when the top file is Config.in.
 */
static void discover_tree(struct cli *cli, bool kconfig_given)
{
	static char top[PATH_MAX], hint[PATH_MAX];
	char cwd[PATH_MAX];
	const char *file = NULL;

	if (!getcwd(cwd, sizeof(cwd))) {
		if (!file_exists(NULL, cli->kconfig))
			cli->builtin_examples = true;
		return;
	}
	if (cli_find_top(cwd, top, sizeof(top), &file, hint, sizeof(hint)) ==
	    CLI_TOP_NONE) {
		/* As before: a Kconfig here is the tree, else the teaching one. */
		if (!file_exists(NULL, cli->kconfig)) {
			cli->builtin_examples = true;
			if (hint[0])
				cli->hint_dir = hint;
		}
		return;
	}
	if (!kconfig_given && strcmp(file, "Kconfig") != 0)
		cli->kconfig = file;
	if (strcmp(top, cwd) == 0)
		return;
	if (chdir(top) != 0) {
		fprintf(stderr, "%s: cannot go to the top of the tree, %s: %s\n",
			cli->prog, top, strerror(errno));
		if (!file_exists(NULL, cli->kconfig))
			cli->builtin_examples = true;
		return;
	}
	cli->found_top = top;
	fprintf(stderr, "%s: using the tree at %s (found above the current "
		"directory; -C DIR names another)\n", cli->prog, top);
}

/* mkdir -p, as the kernel's Makefile makes the output directory. */
static int make_dirs(const char *path)
{
	char buf[PATH_MAX];
	size_t len = strlen(path), i;

	if (len == 0 || len >= sizeof(buf))
		return -1;
	memcpy(buf, path, len + 1);
	for (i = 1; i <= len; i++) {
		if (buf[i] != '/' && buf[i] != '\0')
			continue;
		buf[i] = '\0';
		if (mkdir(buf, 0777) != 0 && errno != EEXIST)
			return -1;
		buf[i] = path[i];
	}
	return is_dir(path, ".") ? 0 : -1;
}

/*
 * O=DIR or $KBUILD_OUTPUT: go to the object tree and express srctree from
 * there as the kernel's Makefile does:
 *	srctree := .			building in the source tree
 *	srctree := ..			in a directory right under it
 *	srctree := $(abs_srctree)	anywhere else
 */
static void enter_objtree(struct cli *cli, bool srctree_from_env)
{
	static char srctree[PATH_MAX];
	char abs_src[PATH_MAX], abs_obj[PATH_MAX], parent[PATH_MAX];
	const char *obj = cli->objdir;
	char *slash;

	if (!obj && !srctree_from_env)
		obj = getenv("KBUILD_OUTPUT");
	if (!obj || !*obj)
		return;
	if (!realpath(cli->srctree ? cli->srctree : ".", abs_src)) {
		fprintf(stderr, "%s: %s: %s\n", cli->prog,
			cli->srctree ? cli->srctree : ".", strerror(errno));
		exit(EXIT_USAGE);
	}
	if (make_dirs(obj) != 0 || !realpath(obj, abs_obj) || chdir(abs_obj) != 0) {
		fprintf(stderr, "%s: failed to create output directory \"%s\": %s\n",
			cli->prog, obj, strerror(errno));
		exit(EXIT_USAGE);
	}
	copy_path(parent, sizeof(parent), abs_obj);
	slash = strrchr(parent, '/');
	if (slash)
		slash[slash == parent] = '\0';
	if (strcmp(abs_src, abs_obj) == 0)
		copy_path(srctree, sizeof(srctree), ".");
	else if (strcmp(abs_src, parent) == 0)
		copy_path(srctree, sizeof(srctree), "..");
	else
		copy_path(srctree, sizeof(srctree), abs_src);
	cli->srctree = srctree;
	if (strcmp(srctree, ".") != 0)
		fprintf(stderr, "%s: source tree %s, object tree %s (.config)\n",
			cli->prog, abs_src, abs_obj);
}

/*
 * The tree's own setting file (dialect.h): a name that is no dialect is
 * an error in that file, not a silent fall back to detection.
 */
static void check_tree_setting(struct cli *cli)
{
	const struct kconfig_dialect *const *all = dialect_all();
	char name[64], names[256] = "";
	int line = 1;

	if (!dialect_tree_setting(cli->srctree, name, sizeof(name), &line) ||
	    dialect_find(name))
		return;
	for (size_t i = 0; all[i]; i++) {
		strncat(names, i ? ", " : "", sizeof(names) - strlen(names) - 1);
		strncat(names, all[i]->name, sizeof(names) - strlen(names) - 1);
	}
	fprintf(stderr, "%s%s%s:%d:1: error: %s '%s' (known: %s)\n",
		cli->srctree ? cli->srctree : "", cli->srctree ? "/" : "",
		DIALECT_SETTING_FILE, line,
		name[0] ? "unknown dialect" : "no dialect named", name, names);
	exit(EXIT_INPUT);
}

/*
 * Where $(shell,...) results are kept: $XDG_CACHE_HOME/kbrowse, else
 * ~/.cache/kbrowse; nowhere with --no-cache, a $KBROWSE_NO_CACHE other
 * than "" and "0", or neither variable usable (nor a name too long).
 */
static const char *shell_cache_dir(struct cli *cli)
{
	const char *off = getenv("KBROWSE_NO_CACHE");
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");
	size_t size = sizeof(cli->shell_cache_dir);
	int len;

	if (cli->no_cache || (off && *off && strcmp(off, "0") != 0))
		return NULL;
	if (xdg && *xdg == '/')
		len = snprintf(cli->shell_cache_dir, size, "%s/kbrowse", xdg);
	else if (home && *home)
		len = snprintf(cli->shell_cache_dir, size, "%s/.cache/kbrowse", home);
	else
		return NULL;
	return len > 0 && (size_t)len < size ? cli->shell_cache_dir : NULL;
}

/*
 * A whole number of at most max in the environment variable name, or
 * -1 when it is unset, empty or not such a number (then ignored, as
 * before).
 */
static long env_count(const char *name, long max)
{
	const char *text = getenv(name);
	char *end;
	long value;

	if (!text || !*text)
		return -1;
	errno = 0;
	value = strtol(text, &end, 10);
	if (errno || *end || value < 0 || value > max)
		return -1;
	return value;
}

/*
 * How many $(shell,...) commands run at once: $KBROWSE_SHELL_JOBS, else
 * the processors online and two more (probes wait on the compiler's
 * files as much as they compute).
 */
static unsigned shell_jobs(void)
{
	long jobs = env_count("KBROWSE_SHELL_JOBS", 64);
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	if (jobs >= 1)
		return (unsigned)jobs;
	return cpus > 0 && cpus < 30 ? (unsigned)cpus + 2 : 32;
}

void cli_resolve_tree(struct cli *cli)
{
	const char *env = getenv("srctree");
	bool kconfig_given = cli->kconfig != NULL;
	bool srctree_from_env = false;
	const char *no_shell = getenv("KBROWSE_NO_SHELL");
	const char *dialect = getenv("KBROWSE_DIALECT");
	long timeout;

	cli->no_shell |= no_shell && *no_shell && strcmp(no_shell, "0") != 0;
	/* Nor the kernel Makefile's `$(CC) --version`, derived below. */
	if (cli->no_shell) {
		setenv("CC_VERSION_TEXT", "", 0);
		setenv("RUSTC_VERSION_TEXT", "", 0);
	}
	if (!cli->opts.dialect && dialect && *dialect &&
	    !cli_set_dialect(cli, dialect, "$KBROWSE_DIALECT"))
		exit(EXIT_USAGE);
	if (!cli->kconfig)
		cli->kconfig = "Kconfig";
	if (!cli->srctree && env && *env) {
		cli->srctree = env;
		srctree_from_env = true;
	}
	if (!cli->srctree && !(kconfig_given && file_exists(NULL, cli->kconfig)))
		discover_tree(cli, kconfig_given);
	else if (cli->srctree && !kconfig_given)
		cli->kconfig = top_file_in(cli->srctree);
	if (cli->builtin_examples && !cli->opts.dialect) {
		cli->opts.dialect = dialect_default();
		cli->opts.dialect_why = "the teaching tree";
	}
	if (cli->builtin_examples)
		cli->opts.builtin_file = example_file_text;
	else
		enter_objtree(cli, srctree_from_env);
	/* $(srctree) is read by Kconfig files, as under the kernel's make. */
	if (cli->srctree)
		setenv("srctree", cli->srctree, 1);
	cli->opts.shell_cache_dir = shell_cache_dir(cli);
	/* On a kernel tree, what `make menuconfig` would have set, if unset. */
	if (!cli->builtin_examples) {
		kernel_env_use_cache(cli->opts.shell_cache_dir);
		kernel_env_derive(cli->srctree ? cli->srctree : ".");
	}
	cli->opts.srctree = cli->srctree;
	cli->opts.kconfig = cli->kconfig;
	if (!cli->opts.dialect && !cli->builtin_examples)
		check_tree_setting(cli);
	/*
	 * $(info,...) is a diagnostic: standard output holds only the
	 * command's result (explain --json stays JSON).  conf modes put it
	 * back on stdout, as conf does (cmd_conf.c).
	 */
	cli->opts.info_out = cli->keep_info ? NULL : stderr;
	cli->opts.shell.no_shell = cli->no_shell;
	cli->opts.shell.notice = isatty(STDERR_FILENO) ? stderr : NULL;
	cli->opts.shell.jobs = shell_jobs();
	timeout = env_count("KBROWSE_SHELL_TIMEOUT", 999999);
	cli->opts.shell.timeout_given = timeout >= 0;
	cli->opts.shell.timeout_s = timeout >= 0 ? (unsigned)timeout : 0;
	cli->opts.diag_echo = stderr;
}

void cli_say_builtin(const struct cli *cli)
{
	if (cli->hint_dir)
		fprintf(stderr, "%s: no Kconfig tree here or above (%s has a "
			"Kconfig: -C %s opens it): using the built-in teaching tree\n",
			cli->prog, cli->hint_dir, cli->hint_dir);
	else
		fprintf(stderr, "%s: no Kconfig here (-C DIR opens a tree "
			"elsewhere): using the built-in teaching tree\n", cli->prog);
}

int cli_tree_args(struct cli *cli, const char *cmd, int argc, char **argv,
		  int first, cli_option_fn *own, void *ctx)
{
	const char *sep = *cmd ? ": " : "";

	for (int i = first; i < argc; i++) {
		int used = cli_common_option(cli, argc, argv, i);

		if (used < 0)
			return EXIT_USAGE;
		if (used) {
			i += used - 1;
			continue;
		}
		switch (own ? own(ctx, argv[i]) : CLI_ARG_UNKNOWN) {
		case CLI_ARG_USED:
			continue;
		case CLI_ARG_EXIT:
			return -1;
		case CLI_ARG_UNKNOWN:
			break;
		}
		if (argv[i][0] == '-' && argv[i][1])
			return usage_error(cli, "%s%sunknown option '%s'", cmd, sep,
					   argv[i]);
		if (cli->kconfig)
			return usage_error(cli, "%s%sonly one KCONFIG file, not '%s'",
					   cmd, sep, argv[i]);
		cli->kconfig = argv[i];
	}
	return EXIT_OK;
}

struct session *cli_open_session(struct cli *cli, bool tree_only)
{
	const char *config = getenv("KCONFIG_CONFIG");
	struct config_io_options io = { 0 };
	struct session *s;
	int errors;

	cli_resolve_tree(cli);
	kernel_env_config_io(&io);
	if (cli->builtin_examples)
		cli_say_builtin(cli);
	s = session_open(&(struct session_options){
			.tree = cli->opts,
			.config_name = config,
			.tree_only = tree_only,
			.defconfig_list = kernel_env_defconfig_list(),
			.warnings = stderr,
			.io = io,
			.keep_errors = cli->keep_tree_errors,
		}, &errors);
	/* No errors in the tree: the .config could not be read (said so). */
	if (!s && errors)
		fprintf(stderr, "%s: %d error%s in %s\n", cli->prog, errors,
			errors == 1 ? "" : "s", cli->kconfig);
	return s;
}
