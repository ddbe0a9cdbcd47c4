// SPDX-License-Identifier: GPL-2.0
/*
 * `kbrowse conf`: the modes of the kernel's scripts/kconfig/conf, with
 * its options, environment, messages, files and exit statuses, so that
 * either can be used in its place.  The line-oriented questions of
 * --oldaskconfig, --oldconfig and --syncconfig are in conf_ask.c.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>

#include "autoconf.h"
#include "conf_ask.h"
#include "conf_modes.h"
#include "conf_sources.h"
#include "kernel_env.h"
#include "kernel_expr.h"
#include "config.h"
#include "config_base.h"
#include "config_io.h"
#include "file_read.h"
#include "file_replace.h"
#include "session.h"
#include "util.h"
#include "kernel_help.h"
#include "menu_shape.h"
#include "symbol_order.h"

enum conf_mode {
	MODE_OLDASKCONFIG,
	MODE_SYNCCONFIG,
	MODE_OLDCONFIG,
	MODE_ALLNOCONFIG,
	MODE_ALLYESCONFIG,
	MODE_ALLMODCONFIG,
	MODE_ALLDEFCONFIG,
	MODE_RANDCONFIG,
	MODE_DEFCONFIG,
	MODE_SAVEDEFCONFIG,
	MODE_LISTNEWCONFIG,
	MODE_HELPNEWCONFIG,
	MODE_OLDDEFCONFIG,
	MODE_YES2MODCONFIG,
	MODE_MOD2YESCONFIG,
	MODE_MOD2NOCONFIG,
};

struct conf_run {
	enum conf_mode mode;
	bool silent;
	bool sync;		/* --syncconfig: the build files always written */
	const char *mode_file;		/* --defconfig / --savedefconfig FILE */
	const char *prog;
	struct kconfig *kc;
	struct config *cfg;
	struct config_io_options io;
	struct diag_list read_diags;	/* warnings about .config lines */
	int unmet_warnings;
	/*
	 * conf's "changed" flag: whether the configuration differs from the
	 * .config read.  When it does not, conf computes every value again
	 * while writing (and prints its warnings again).
	 */
	bool changed;
	bool read_failed;	/* an input is there but could not be read */
	/* KCONFIG_NOSILENTUPDATE with nothing to update: .config stays. */
	bool no_dotconfig_write;
	const char *allconfig;	/* the KCONFIG_ALLCONFIG file read, or NULL */
	/* Count the unmet-dependency warnings without printing them (survey). */
	bool quiet_unmet;
};

static const struct option conf_options[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "silent", no_argument, NULL, 's' },
	{ "oldaskconfig", no_argument, NULL, 256 + MODE_OLDASKCONFIG },
	{ "oldconfig", no_argument, NULL, 256 + MODE_OLDCONFIG },
	{ "syncconfig", no_argument, NULL, 256 + MODE_SYNCCONFIG },
	{ "defconfig", required_argument, NULL, 256 + MODE_DEFCONFIG },
	{ "savedefconfig", required_argument, NULL, 256 + MODE_SAVEDEFCONFIG },
	{ "allnoconfig", no_argument, NULL, 256 + MODE_ALLNOCONFIG },
	{ "allyesconfig", no_argument, NULL, 256 + MODE_ALLYESCONFIG },
	{ "allmodconfig", no_argument, NULL, 256 + MODE_ALLMODCONFIG },
	{ "alldefconfig", no_argument, NULL, 256 + MODE_ALLDEFCONFIG },
	{ "randconfig", no_argument, NULL, 256 + MODE_RANDCONFIG },
	{ "listnewconfig", no_argument, NULL, 256 + MODE_LISTNEWCONFIG },
	{ "helpnewconfig", no_argument, NULL, 256 + MODE_HELPNEWCONFIG },
	{ "olddefconfig", no_argument, NULL, 256 + MODE_OLDDEFCONFIG },
	{ "yes2modconfig", no_argument, NULL, 256 + MODE_YES2MODCONFIG },
	{ "mod2yesconfig", no_argument, NULL, 256 + MODE_MOD2YESCONFIG },
	{ "mod2noconfig", no_argument, NULL, 256 + MODE_MOD2NOCONFIG },
	{ NULL, 0, NULL, 0 }
};

static void conf_usage(const char *prog)
{
	printf("Usage: %s conf [OPTIONS] MODE [KCONFIG]\n"
	       "The batch modes of the kernel's scripts/kconfig/conf: run in the same\n"
	       "directory with the same environment, they write the same files.\n"
	       "\n"
	       "Options:\n"
	       "  -C, --srctree DIR       the source tree (see '%s --help')\n"
	       "      --no-cache          run every $(shell,...) again\n"
	       "      --no-shell          run no command of the tree\n"
	       "      --dialect NAME      the Kconfig rules to use (see '%s --help')\n"
	       "  -s, --silent            do not print conf's messages\n"
	       "  -h, --help              print this message and exit\n"
	       "\n"
	       "MODE, one of:\n"
	       "  --listnewconfig         list the symbols that are new to .config\n"
	       "  --helpnewconfig         list them with their help texts\n"
	       "  --olddefconfig          read .config, give new symbols their default\n"
	       "  --want FRAGMENT         write .config meeting FRAGMENT's goal lines with\n"
	       "                          the fewest changes (repeatable; --dry-run: print)\n"
	       "  --defconfig=FILE        new config from the minimal config FILE\n"
	       "  --savedefconfig=FILE    write the minimal config of .config to FILE\n"
	       "  --allnoconfig           new config where all options are answered with no\n"
	       "  --allyesconfig          new config where all options are answered with yes\n"
	       "  --allmodconfig          new config where all options are answered with mod\n"
	       "  --alldefconfig          new config with all symbols set to default\n"
	       "  --randconfig            new config with random answers (KCONFIG_SEED,\n"
	       "                          KCONFIG_PROBABILITY)\n"
	       "  --yes2modconfig         change answers from yes to mod if possible\n"
	       "  --mod2yesconfig         change answers from mod to yes if possible\n"
	       "  --mod2noconfig          change answers from mod to no if possible\n"
	       "  --oldaskconfig          ask every question, line by line (the default)\n"
	       "  --oldconfig             ask only the questions new to .config\n"
	       "  --syncconfig            as --oldconfig, then write include/config/auto.conf,\n"
	       "                          include/generated/autoconf.h and rustc_cfg\n"
	       "\n"
	       "Environment: KCONFIG_CONFIG KCONFIG_ALLCONFIG KCONFIG_SEED\n"
	       "KCONFIG_PROBABILITY KCONFIG_OVERWRITECONFIG KCONFIG_WERROR\n"
	       "KCONFIG_WARN_UNKNOWN_SYMBOLS KCONFIG_DEFCONFIG_LIST KCONFIG_AUTOCONFIG\n"
	       "KCONFIG_AUTOHEADER KCONFIG_RUSTCCFG KCONFIG_WARN_CHANGED_INPUT\n"
	       "KCONFIG_NOSILENTUPDATE CONFIG_,\n"
	       "as for conf.\n",
	       prog, prog, prog);
}

/* conf's messages: "#\n# text arg\n#" on stdout, unless -s. */
static void message(const struct conf_run *run, const char *text, const char *arg)
{
	if (run->silent)
		return;
	printf("#\n# %s%s\n#\n", text, arg);
}

/*
 * Read a file into user values; -1 if it cannot be opened.  A file that
 * is there but cannot be read (permission, a directory, /dev/zero, too
 * large) is an error, not a missing file: the run stops (read_input()).
 */
static int read_file(struct conf_run *run, const char *name)
{
	char why[128];
	int ret;

	diag_release(&run->read_diags);
	ret = config_read(run->cfg, name, &run->io, &run->read_diags);
	fflush(stderr);
	if (ret == -2) {
		fprintf(stderr, "%s conf: %s: %s\n", run->prog, name,
			file_read_error(errno, FILE_READ_MAX, "a .config",
					why, sizeof(why)));
		run->read_failed = true;
		ret = -1;
	}
	return ret;
}

/* The configuration conf starts from: .config, else KCONFIG_DEFCONFIG_LIST. */
static int read_existing(struct conf_run *run)
{
	const char *name = getenv(run->kc->dialect->config_var);
	const char *list;
	char *copy, *word, *save = NULL;
	int ret = -1;

	if (read_file(run, name ? name : ".config") == 0)
		return 0;
	run->changed = true;
	list = kernel_env_defconfig_list();
	if (!list)
		return -1;
	copy = xstrdup(list);
	for (word = strtok_r(copy, " \t\n\v\f\r", &save); word;
	     word = strtok_r(NULL, " \t\n\v\f\r", &save)) {
		FILE *probe = config_open_input(word, run->io.srctree);

		if (!probe)
			continue;
		fclose(probe);
		/* conf says so before it reads (and warns). */
		message(run, "using defaults found in ", word);
		ret = read_file(run, word);
		break;
	}
	free(copy);
	return ret;
}

/* KCONFIG_ALLCONFIG: values all*config must keep. */
static int read_allconfig(struct conf_run *run)
{
	const char *name = getenv("KCONFIG_ALLCONFIG");
	const char *fallback;

	if (!name)
		return 0;
	if (strcmp(name, "") != 0 && strcmp(name, "1") != 0) {
		if (read_file(run, name) != 0) {
			fprintf(stderr, "*** Can't read seed configuration \"%s\"!\n",
				name);
			return -1;
		}
		run->allconfig = name;
		return 0;
	}
	switch (run->mode) {
	case MODE_ALLNOCONFIG: fallback = "allno.config"; break;
	case MODE_ALLYESCONFIG: fallback = "allyes.config"; break;
	case MODE_ALLMODCONFIG: fallback = "allmod.config"; break;
	case MODE_ALLDEFCONFIG: fallback = "alldef.config"; break;
	default: fallback = "allrandom.config"; break;
	}
	if (read_file(run, fallback) == 0) {
		run->allconfig = fallback;
	} else if (read_file(run, "all.config") == 0) {
		run->allconfig = "all.config";
	} else {
		fprintf(stderr, "*** KCONFIG_ALLCONFIG set, but no \"%s\" or "
			"\"all.config\" file found\n", fallback);
		return -1;
	}
	return 0;
}

/* --- randconfig ----------------------------------------------------------- */

struct probabilities {
	int bool_yes, tri_yes, tri_mod;
};

static void seed_random(void)
{
	const char *env = getenv("KCONFIG_SEED");
	unsigned int seed = 0;
	bool have = false;

	if (env && *env) {
		char *end;

		seed = (unsigned int)strtol(env, &end, 0);
		have = *end == '\0';
	}
	if (!have) {
		struct timeval now;

		gettimeofday(&now, NULL);
		seed = (unsigned int)((now.tv_sec + 1) * (now.tv_usec + 1));
	}
	printf("KCONFIG_SEED=0x%X\n", seed);
	srand(seed);
}

static int read_probabilities(struct probabilities *p)
{
	const char *env = getenv("KCONFIG_PROBABILITY");
	int given[3], n = 0;

	p->bool_yes = 50;
	p->tri_yes = 33;
	p->tri_mod = 33;
	while (env && *env) {
		char *end;
		long v = strtol(env, &end, 10);

		if (v < 0 || v > 100) {
			fprintf(stderr, "KCONFIG_PROBABILITY: Numerical result "
				"out of range\n");
			return -1;
		}
		given[n++] = (int)v;
		env = *end == ':' ? end + 1 : end;
		if (n >= 3)
			break;
	}
	switch (n) {
	case 1:
		p->bool_yes = given[0];
		p->tri_mod = p->bool_yes / 2;
		p->tri_yes = p->bool_yes - p->tri_mod;
		break;
	case 2:
		p->tri_yes = given[0];
		p->tri_mod = given[1];
		p->bool_yes = p->tri_yes + p->tri_mod;
		break;
	case 3:
		p->bool_yes = given[0];
		p->tri_yes = given[1];
		p->tri_mod = given[2];
		break;
	}
	return 0;
}

/* Each choice member without a value may become the preferred y. */
static void randomize_choice(struct config *cfg, const struct menu_node *choice)
{
	unsigned nentries, left = 0;
	const struct symbol *const *entries =
		config_choice_entries(cfg, choice->sym, &nentries);

	for (unsigned i = 0; i < nentries; i++)
		if (!config_has_user(cfg, entries[i]))
			left++;
	for (; left > 0; left--) {
		int x = rand() % (int)left;

		for (unsigned i = 0; i < nentries; i++) {
			const struct symbol *sym = entries[i];

			if (!config_has_user(cfg, sym))
				x--;
			if (x < 0) {
				config_set_user_tri(cfg, sym, TRI_YES);
				config_choice_demote(cfg, sym);
				break;
			}
		}
	}
}

/* --- the modes ----------------------------------------------------------- */

/*
 * all*config: every bool/tristate prompt the user said nothing about is
 * answered the same way (choices are left to pick their default, or
 * randomized).  rnd is NULL unless randconfig.
 */
static void answer_prompts(struct config *cfg, enum conf_answer answer,
			   const struct probabilities *rnd)
{
	struct kconfig *kc = config_tree(cfg);
	const struct menu_node *root = &kc->root, *node;
	bool legacy = kc->dialect->legacy_choices;

	/* Nothing to answer: every prompt keeps its default (defconfig). */
	if (!rnd && answer == CONF_ANSWER_DEFAULT && !legacy)
		return;
	for (node = root->children; node; node = menu_next(root, node)) {
		const struct symbol *sym = node->sym;
		tristate value = TRI_NO;

		if (!sym || node->kind == MENU_IF || !node->prompt ||
		    config_has_user(cfg, sym) || !type_is_bool_or_tristate(sym->type))
			continue;
		/*
		 * Legacy choices are symbols like any other: the choice and
		 * its members get the answer too (and for the default answer
		 * the choice keeps the user value it has, unset members n).
		 */
		if (legacy && !rnd && answer == CONF_ANSWER_DEFAULT) {
			if (sym->flags & SYMBOL_CHOICE)
				config_set_user_tri(cfg, sym, config_user_tri(cfg, sym));
			continue;
		}
		if (symbol_is_choice_member(sym) && !(legacy && !rnd))
			continue;
		if ((sym->flags & SYMBOL_CHOICE) && !(legacy && !rnd)) {
			if (rnd)
				randomize_choice(cfg, node);
			continue;
		}
		if (rnd) {
			int roll = rand() % 100;

			if (sym->type == S_TRISTATE) {
				if (roll < rnd->tri_yes)
					value = TRI_YES;
				else if (roll < rnd->tri_yes + rnd->tri_mod)
					value = TRI_MOD;
			} else if (roll < rnd->bool_yes) {
				value = TRI_YES;
			}
		} else {
			switch (answer) {
			case CONF_ANSWER_YES:
				value = TRI_YES;
				break;
			case CONF_ANSWER_MOD:
				value = TRI_MOD;
				break;
			case CONF_ANSWER_NO:
				value = TRI_NO;
				break;
			default:
				continue;
			}
		}
		config_set_user_tri(cfg, sym, value);
	}
}

void conf_answer_all(struct config *cfg, enum conf_answer answer)
{
	answer_prompts(cfg, answer, NULL);
}

static int answer_all(struct conf_run *run)
{
	struct probabilities prob = { 50, 33, 33 };
	enum conf_answer answer = CONF_ANSWER_DEFAULT;

	switch (run->mode) {
	case MODE_RANDCONFIG:
		if (read_probabilities(&prob))
			return -1;
		answer_prompts(run->cfg, CONF_ANSWER_DEFAULT, &prob);
		return 0;
	case MODE_ALLYESCONFIG: answer = CONF_ANSWER_YES; break;
	case MODE_ALLMODCONFIG: answer = CONF_ANSWER_MOD; break;
	case MODE_ALLNOCONFIG: answer = CONF_ANSWER_NO; break;
	default: break;
	}
	answer_prompts(run->cfg, answer, NULL);
	return 0;
}

static void rewrite_tristates(struct conf_run *run, tristate from, tristate to)
{
	for (size_t i = 0; i < run->kc->nsymbols; i++) {
		const struct symbol *sym = run->kc->symbols[i];

		if (config_type(run->cfg, sym) == S_TRISTATE &&
		    config_user_tri(run->cfg, sym) == from &&
		    config_has_user(run->cfg, sym))
			config_set_user_tri(run->cfg, sym, to);
	}
}

/* conf's check_conf(): the tree in the kernel's shape, shown entries only. */
static void list_new(struct conf_run *run, const struct kernel_menu *km,
		     const struct menu_node *node)
{
	const struct menu_node *child;
	const struct symbol *sym = node->sym;

	if (!config_node_visible(run->cfg, node))
		return;
	if (sym && node->kind != MENU_IF && node->kind != MENU_ROOT &&
	    !config_has_value(run->cfg, sym) && config_changeable(run->cfg, sym) &&
	    run->mode == MODE_HELPNEWCONFIG) {
		fputs("-----\n\n", stdout);
		kernel_print_help(run->cfg, node, run->io.prefix, stdout);
		fputs("\n-----\n", stdout);
	} else if (sym && node->kind != MENU_IF && node->kind != MENU_ROOT &&
	    !config_has_value(run->cfg, sym) && config_changeable(run->cfg, sym) &&
	    sym->name) {
		const char *value = config_str(run->cfg, sym);

		printf("%s%s=", run->io.prefix, sym->name);
		if (sym->type == S_STRING)
			config_write_escaped(stdout, value);
		else
			fputs(value, stdout);
		putchar('\n');
	}
	for (child = kernel_menu_child(km, node); child;
	     child = kernel_menu_next(km, child))
		list_new(run, km, child);
}

/* --- unmet dependencies ---------------------------------------------------- */

static void report_unmet(void *ctx, struct config *cfg, const struct symbol *sym)
{
	struct conf_run *run = ctx;

	run->unmet_warnings++;
	if (!run->quiet_unmet)
		kernel_print_unmet(cfg, sym, stderr);
}

/* --- main --------------------------------------------------------------------- */

static int parse_args(struct conf_run *run, int argc, char **argv,
		      const char **kconfig)
{
	int opt;

	optind = 1;
	opterr = 1;
	while ((opt = getopt_long(argc, argv, "hs", conf_options, NULL)) != -1) {
		switch (opt) {
		case 'h':
			conf_usage(run->prog);
			return 1;
		case 's':
			run->silent = true;
			break;
		case '?':
			break;	/* getopt said why; conf goes on too */
		default:
			run->mode = (enum conf_mode)(opt - 256);
			/* conf leaves out its messages during the build. */
			if (run->mode == MODE_SYNCCONFIG)
				run->silent = run->sync = true;
			if (run->mode == MODE_DEFCONFIG ||
			    run->mode == MODE_SAVEDEFCONFIG)
				run->mode_file = optarg;
			break;
		}
	}
	if (optind < argc)
		*kconfig = argv[optind];
	return 0;
}

/*
 * Where conf forgets every value and computes it again.  That shows only
 * when it prints the unmet-dependency warnings again, or when values had
 * been computed with a stale modules value: otherwise the work is skipped.
 */
static void recompute_all(struct conf_run *run)
{
	/* Warnings kept quiet are not printed again either. */
	bool warnings_again = run->unmet_warnings && !run->quiet_unmet;

	if (warnings_again || !config_recompute_is_noop(run->cfg))
		config_invalidate_all(run->cfg);
}

/* Is sym's value the one the .config gave it, as conf checks after reading? */
static bool matches_user(struct conf_run *run, const struct symbol *sym)
{
	if (type_is_bool_or_tristate(sym->type))
		return config_user_tri(run->cfg, sym) == config_tri(run->cfg, sym);
	return strcmp(config_str(run->cfg, sym), config_user_str(run->cfg, sym)) == 0;
}

/*
 * After reading a .config conf computes every value, in the order of its
 * symbol table (which is the order its warnings come in), and notes
 * whether the result differs from the file.
 */
static void compute_after_read(struct conf_run *run)
{
	size_t count;
	const struct symbol **order = config_table_order(run->cfg, &count);

	config_settle(run->cfg);
	for (size_t i = 0; i < count; i++) {
		const struct symbol *sym = order[i];
		bool user, written;

		config_tri(run->cfg, sym);
		/* --defconfig counts as changed whatever this finds (apply_mode). */
		if ((sym->flags & SYMBOL_CHOICE) || run->mode == MODE_DEFCONFIG)
			continue;
		user = config_has_user(run->cfg, sym);
		written = config_written(run->cfg, sym);
		if (user && written && matches_user(run, sym))
			continue;
		if (!user && !written)
			continue;
		run->changed = true;
	}
	if (config_read_unknown_count(run->cfg) || run->read_diags.warnings)
		run->changed = true;
}

static int read_input_files(struct conf_run *run);

static int read_input(struct conf_run *run)
{
	int ret = read_input_files(run);

	return run->read_failed ? -1 : ret;
}

static int read_input_files(struct conf_run *run)
{
	switch (run->mode) {
	case MODE_DEFCONFIG:
		if (read_file(run, run->mode_file) != 0) {
			fprintf(stderr, "***\n*** Can't find default configuration "
				"\"%s\"!\n***\n", run->mode_file);
			return -1;
		}
		compute_after_read(run);
		break;
	case MODE_ALLNOCONFIG:
	case MODE_ALLYESCONFIG:
	case MODE_ALLMODCONFIG:
	case MODE_ALLDEFCONFIG:
	case MODE_RANDCONFIG:
		return read_allconfig(run);
	default:
		if (read_existing(run) == 0)
			compute_after_read(run);
		else
			config_settle(run->cfg);
		break;
	}
	return 0;
}

/*
 * conf starts these modes over from scratch (sym_clear_all_valid):
 * every value is computed again while writing.
 */
static bool mode_starts_over(enum conf_mode mode)
{
	switch (mode) {
	case MODE_ALLNOCONFIG:
	case MODE_ALLYESCONFIG:
	case MODE_ALLMODCONFIG:
	case MODE_ALLDEFCONFIG:
	case MODE_RANDCONFIG:
	case MODE_DEFCONFIG:
	case MODE_YES2MODCONFIG:
	case MODE_MOD2YESCONFIG:
	case MODE_MOD2NOCONFIG:
		return true;
	default:
		return false;
	}
}

static int apply_mode(struct conf_run *run)
{
	if (mode_starts_over(run->mode)) {
		run->changed = true;
		recompute_all(run);
	}
	switch (run->mode) {
	case MODE_ALLNOCONFIG:
	case MODE_ALLYESCONFIG:
	case MODE_ALLMODCONFIG:
	case MODE_ALLDEFCONFIG:
	case MODE_RANDCONFIG:
	case MODE_DEFCONFIG:
		return answer_all(run);
	case MODE_YES2MODCONFIG:
		rewrite_tristates(run, TRI_YES, TRI_MOD);
		break;
	case MODE_MOD2YESCONFIG:
		rewrite_tristates(run, TRI_MOD, TRI_YES);
		break;
	case MODE_MOD2NOCONFIG:
		rewrite_tristates(run, TRI_MOD, TRI_NO);
		break;
	case MODE_LISTNEWCONFIG:
	case MODE_HELPNEWCONFIG:
		list_new(run, config_kernel_menu(run->cfg), &run->kc->root);
		break;
	case MODE_OLDASKCONFIG:
	case MODE_OLDCONFIG:
	case MODE_SYNCCONFIG:
		fflush(stdout);
		return conf_ask(run->cfg, run->mode == MODE_OLDASKCONFIG,
				run->io.prefix, stdin, stdout);
	default:
		break;
	}
	return 0;
}

/* Linux 7.0: with $KCONFIG_WARN_CHANGED_INPUT, the values not kept. */
static void warn_changed_input(struct conf_run *run)
{
	const char *env = getenv("KCONFIG_WARN_CHANGED_INPUT");

	if (run->kc->dialect->warn_changed_input && env && *env)
		config_warn_changed_input(run->cfg, stderr, run->io.prefix);
}

/*
 * --savedefconfig=FILE.  A regular file (or a new one) is replaced whole,
 * so an error leaves the old one; anything else is written in place, as
 * conf does: a device, a pipe, and a symbolic link, whatever it leads
 * to (/dev/stdout leads to a regular file when stdout is redirected to
 * one: renaming over the name would replace the link itself).
 */
static int write_defconfig(struct conf_run *run)
{
	struct file_replace r;
	struct stat st;
	bool in_place = lstat(run->mode_file, &st) == 0 && !S_ISREG(st.st_mode);
	FILE *out;
	int failed;

	out = in_place ? fopen(run->mode_file, "w")
		       : file_replace_open(&r, run->mode_file, FILE_REPLACE_NEW, false);
	if (!out)
		goto error;
	/* conf computes everything again for savedefconfig. */
	recompute_all(run);
	failed = config_write_defconfig_stream(run->cfg, out, &run->io);
	warn_changed_input(run);
	if (in_place) {
		if (fclose(out) != 0 || failed)
			goto error;
		return 0;
	}
	if (failed) {
		file_replace_abort(&r);
		goto error;
	}
	if (file_replace_commit(&r) == 0)
		return 0;
error:
	fprintf(stderr, "n*** Error while saving defconfig to: %s\n\n",
		run->mode_file);
	return 1;
}

static int write_output(struct conf_run *run)
{
	const char *name;
	char err[512], *before;
	size_t before_len = 0;

	if (run->mode == MODE_SAVEDEFCONFIG)
		return write_defconfig(run);
	if (run->mode == MODE_LISTNEWCONFIG || run->mode == MODE_HELPNEWCONFIG)
		return 0;

	name = getenv(run->kc->dialect->config_var);
	if (!name)
		name = ".config";
	if (!run->changed)
		recompute_all(run);
	if (run->no_dotconfig_write)
		goto build_files;
	/* The record of a merged .config, kept true (conf_sources.h). */
	before = conf_sources_before(name, &before_len);
	switch (config_write_file(run->cfg, name, &run->io, err, sizeof(err))) {
	case CONFIG_WRITTEN:
		conf_sources_after(&(struct conf_sources_run){
			.config = name, .allconfig = run->allconfig,
			.prefix = run->io.prefix, .srctree = run->io.srctree,
			.prog = run->prog }, before, before_len);
		before = NULL;
		warn_changed_input(run);
		if (err[0])
			fprintf(stderr, "%s conf: warning: %s\n", run->prog, err);
		message(run, "configuration written to ", name);
		break;
	case CONFIG_UNCHANGED:
		warn_changed_input(run);
		message(run, "No change to ", name);
		break;
	default:
		if (err[0])
			fprintf(stderr, "%s\n", err);
		fprintf(stderr, "\n*** Error during writing of the configuration.\n\n");
		free(before);
		return 1;
	}
	free(before);
build_files:
	/*
	 * As conf: the build files, always for --syncconfig, else if the
	 * object tree has none yet (make needs include/config/auto.conf to
	 * exist; errors do not count then).
	 */
	if (autoconf_write(run->cfg, &run->io, run->sync) && run->sync) {
		fprintf(stderr, "\n*** Error during sync of the configuration.\n\n");
		return 1;
	}
	return 0;
}

/*
 * KCONFIG_NOSILENTUPDATE: a build may not change .config by itself.
 * false (said on stderr) when it would have to.
 */
static bool silent_update_allowed(struct conf_run *run)
{
	const char *env = getenv("KCONFIG_NOSILENTUPDATE");

	if (!env || !*env)
		return true;
	if (run->changed) {
		fprintf(stderr, "\n*** The configuration requires explicit update.\n\n");
		return false;
	}
	run->no_dotconfig_write = true;
	return true;
}

static int run_conf(struct conf_run *run)
{
	const char *werror = getenv("KCONFIG_WERROR");

	if (run->mode == MODE_RANDCONFIG)
		seed_random();
	run->cfg = config_new(run->kc);
	config_on_unmet(run->cfg, report_unmet, run);
	kernel_env_config_io(&run->io);
	config_io_for_dialect(&run->io, run->kc->opts.srctree, run->kc->dialect);

	if (read_input(run))
		return 1;
	if (run->read_diags.warnings && werror)
		return 1;
	if (run->sync && !silent_update_allowed(run))
		return 1;
	if (apply_mode(run))
		return 1;
	if (config_report_too_deep(run->cfg, stderr))
		return 1;
	if (run->unmet_warnings && werror)
		return 1;
	return write_output(run);
}

int conf_defconfig_read(struct config *cfg, const char *file,
			struct diag_list *warnings, struct config_bases *bases)
{
	struct conf_run run = {
		.mode = MODE_DEFCONFIG, .prog = "kbrowse", .silent = true,
		.quiet_unmet = true, .mode_file = file, .kc = config_tree(cfg),
		.cfg = cfg,
	};
	int status = 0;

	diag_init(&run.read_diags);
	run.read_diags.max_kept = DIAG_CONFIG_KEPT;
	config_on_unmet(run.cfg, report_unmet, &run);
	kernel_env_config_io(&run.io);
	config_io_for_dialect(&run.io, run.kc->opts.srctree, run.kc->dialect);
	/* Errors only on stderr: survey says which configuration failed. */
	if (read_file(&run, file) != 0)
		status = -1;
	else {
		/* The values no user value of FILE can change: a base's. */
		bool from_base = bases && config_bases_apply(bases, run.cfg);

		/*
		 * From a base every value is usually computed already: the
		 * walk would only ask them (--defconfig counts as changed
		 * whatever it finds).
		 */
		if (!from_base || !config_all_computed(run.cfg))
			compute_after_read(&run);
		if (apply_mode(&run))
			status = -1;
		else if (bases)
			config_bases_keep(bases, run.cfg);
	}
	/* The values written are computed now: nothing may call back into run. */
	config_on_unmet(run.cfg, NULL, NULL);
	if (warnings) {
		*warnings = run.read_diags;
		if (!warnings->first)	/* tail pointed into run */
			warnings->tail = &warnings->first;
	} else
		diag_release(&run.read_diags);
	return status;
}

char *conf_savedefconfig_text(struct config *cfg, size_t *len)
{
	struct conf_run run = {
		.mode = MODE_SAVEDEFCONFIG, .prog = "kbrowse", .silent = true,
		.quiet_unmet = true, .kc = config_tree(cfg),
	};
	size_t dotconfig_len;
	char *dotconfig, *text = NULL;
	FILE *out;

	diag_init(&run.read_diags);
	run.read_diags.max_kept = DIAG_CONFIG_KEPT;
	kernel_env_config_io(&run.io);
	config_io_for_dialect(&run.io, run.kc->opts.srctree, run.kc->dialect);
	dotconfig = config_write_text(cfg, &run.io, &dotconfig_len);
	run.cfg = config_new_sibling(cfg);
	config_on_unmet(run.cfg, report_unmet, &run);
	/* As `conf --savedefconfig` on the .config conf wrote. */
	config_read_text(run.cfg, ".config", dotconfig, dotconfig_len, &run.io,
			 &run.read_diags);
	compute_after_read(&run);
	recompute_all(&run);
	out = open_memstream(&text, len);
	if (!out)
		out_of_memory();
	config_write_defconfig_stream(run.cfg, out, &run.io);
	if (fclose(out) != 0)
		out_of_memory();
	config_free(run.cfg);
	diag_release(&run.read_diags);
	free(dotconfig);
	return text;
}

int conf_main(int argc, char **argv, const struct kconfig_options *opts)
{
	struct conf_run run = { .mode = MODE_OLDASKCONFIG, .prog = "kbrowse" };
	struct session_options load = { .tree = *opts, .tree_only = true };
	struct session *session;
	const char *kconfig = NULL;
	int status, errors;

	diag_init(&run.read_diags);
	/* Printed as conf prints them, as they come; few are kept. */
	run.read_diags.sink = config_warning_sink;
	run.read_diags.sink_ctx = stderr;
	run.read_diags.max_kept = DIAG_CONFIG_KEPT;
	/* Only -h stops here: the usage went to stdout, status 0 as for --help. */
	if (parse_args(&run, argc, argv, &kconfig))
		return 0;
	if (kconfig)
		load.tree.kconfig = kconfig;
	/* Help texts are shown by --helpnewconfig and '?': others do not keep them. */
	load.tree.skip_help = run.mode != MODE_HELPNEWCONFIG &&
			      run.mode != MODE_OLDASKCONFIG &&
			      run.mode != MODE_OLDCONFIG && !run.sync;
	/* conf reads its input its own way (read_input): the tree alone. */
	session = session_open(&load, &errors);
	if (!session)
		return 1;
	run.kc = session->kc;
	fflush(stdout);
	status = run_conf(&run);
	fflush(stdout);
	config_free(run.cfg);
	diag_release(&run.read_diags);
	session_close(session);
	return status;
}
