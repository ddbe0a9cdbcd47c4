// SPDX-License-Identifier: GPL-2.0
/*
 * Dialects: which rules a tree is read by, from what the tree shows
 * (a table of small trees made in a temporary directory), and what
 * --dialect and $KBROWSE_DIALECT override.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "conf_modes.h"
#include "config.h"
#include "config_io.h"
#include "dialect.h"
#include "explain.h"
#include "kconfig.h"
#include "lexer.h"
#include "unit.h"

/* How the kernel's conf writes, whatever the environment holds. */
static const struct config_io_options kernel_io = { .prefix = "CONFIG_" };

struct detect_case {
	const char *makefile;	/* NULL: no Makefile */
	const char *dirs;	/* directories to make, ' '-separated */
	const char *files;	/* empty files to make, ' '-separated */
	const char *expected;
};

static const struct detect_case detect_cases[] = {
	{ "VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 3\n", "scripts/kconfig", "", "linux-6.11" },
	{ "VERSION = 6\nPATCHLEVEL = 11\n", "scripts/kconfig", "", "linux-6.11" },
	{ "VERSION = 6\nPATCHLEVEL = 10\n", "scripts/kconfig", "", "linux-6.2" },
	{ "VERSION = 6\nPATCHLEVEL = 2\n", "scripts/kconfig", "", "linux-6.2" },
	{ "# SPDX\nVERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\n", "scripts/kconfig", "", "linux-4.18" },
	{ "VERSION = 5\nPATCHLEVEL = 15\n", "scripts/kconfig", "", "linux-4.18" },
	{ "VERSION = 4\nPATCHLEVEL = 18\n", "scripts/kconfig", "", "linux-4.18" },
	{ "VERSION = 4\nPATCHLEVEL = 17\n", "scripts/kconfig", "", "linux-4.17" },
	{ "VERSION = 3\nPATCHLEVEL = 10\n", "scripts/kconfig", "", "linux-4.17" },
	{ "VERSION = 6\nPATCHLEVEL = 17\n", "scripts/kconfig", "", "linux-6.11" },
	{ "VERSION = 6\nPATCHLEVEL = 18\n", "scripts/kconfig", "", "linux-6.18" },
	{ "VERSION = 6\nPATCHLEVEL = 19\n", "scripts/kconfig", "", "linux-6.18" },
	{ "VERSION = 7\nPATCHLEVEL = 0\n", "scripts/kconfig", "", "linux-7.0" },
	/* newer than any row: the newest rules, never a refusal */
	{ "VERSION = 7\nPATCHLEVEL = 4\n", "scripts/kconfig", "", "linux-7.0" },
	{ "VERSION = 8\nPATCHLEVEL = 1\n", "scripts/kconfig", "", "linux-7.0" },
	{ "VERSION = 2024\nPATCHLEVEL = 10\n", "scripts/kconfig", "", "u-boot" },
	{ "export BR2_VERSION := 2024.02\n", "support/kconfig", "", "buildroot" },
	{ NULL, "scripts/kconfig", "scripts/kconfig/kconfiglib.py", "kconfiglib" },
	{ NULL, "tools sched", "tools/configure.sh sched/Kconfig", "kconfig-frontends" },
	{ NULL, "tools", "tools/configure.sh", "linux-7.0" },
	/* Zephyr by its top file, ESP-IDF by its tool, any kconfiglib.py copy */
	{ NULL, "", "Kconfig Kconfig.zephyr", "kconfiglib" },
	{ NULL, "tools components", "Kconfig tools/idf.py", "kconfiglib" },
	{ NULL, "", "Kconfig kconfiglib.py", "kconfiglib" },
	{ NULL, "tools/kconfig_new", "Kconfig tools/kconfig_new/kconfiglib.py", "kconfiglib" },
	/* A Zephyr tree's Makefile (it has one for docs) does not make it Linux. */
	{ "VERSION = 3\nPATCHLEVEL = 7\n", "scripts/kconfig", "Kconfig.zephyr", "kconfiglib" },
	/* A Makefile with versions but no kconfig copy: not a kernel. */
	{ "VERSION = 6\nPATCHLEVEL = 1\n", "", "", "linux-7.0" },
	{ NULL, "", "", "linux-7.0" },
};

static void make_each(const char *dir, const char *list, bool files)
{
	char *copy = strdup(list), *save = NULL, *word;

	for (word = strtok_r(copy, " ", &save); word;
	     word = strtok_r(NULL, " ", &save)) {
		char path[1024], *slash;

		snprintf(path, sizeof(path), "%s/%s", dir, word);
		/* every parent first */
		for (slash = path + strlen(dir) + 1; (slash = strchr(slash, '/'));
		     slash++) {
			*slash = '\0';
			mkdir(path, 0755);
			*slash = '/';
		}
		if (files) {
			FILE *f = fopen(path, "w");

			assert_non_null(f);
			fclose(f);
		} else {
			mkdir(path, 0755);
		}
	}
	free(copy);
}

static void test_detect(void **state)
{
	(void)state;
	unsetenv("KBROWSE_DIALECT");
	for (size_t i = 0; i < sizeof(detect_cases) / sizeof(detect_cases[0]); i++) {
		const struct detect_case *c = &detect_cases[i];
		char dir[] = "/tmp/kbrowse-dialect.XXXXXX", cmd[1100], why[64];
		const struct kconfig_dialect *d;

		assert_non_null(mkdtemp(dir));
		if (c->makefile) {
			char path[1100];
			FILE *f;

			snprintf(path, sizeof(path), "%s/Makefile", dir);
			f = fopen(path, "w");
			assert_non_null(f);
			fputs(c->makefile, f);
			fclose(f);
		}
		make_each(dir, c->dirs, false);
		make_each(dir, c->files, true);
		d = dialect_detect(dir, why, sizeof(why));
		if (strcmp(d->name, c->expected) != 0)
			fail_msg("case %zu: %s (%s), expected %s", i, d->name, why,
				 c->expected);
		/* a kernel newer than the table says so in the header */
		if (c->makefile && (strstr(c->makefile, "VERSION = 8") ||
				    strstr(c->makefile, "PATCHLEVEL = 4\n")))
			assert_non_null(strstr(why, "newer than kbrowse knows"));
		else
			assert_null(strstr(why, "newer"));
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		assert_int_equal(system(cmd), 0);
	}
}

/*
 * Detection by the tree's own copy of kconfig: small copies whose
 * sources hold only the marks kconfig_copy.c looks for, in the shape
 * each generation's conf_write() has them.
 */
struct copy_case {
	const char *makefile;	/* NULL: no Makefile */
	const char *confdata;	/* scripts/kconfig/confdata.c */
	const char *lexer;	/* scripts/kconfig/lexer.l, or NULL */
	bool preprocess;	/* scripts/kconfig/preprocess.c */
	const char *setting;	/* .kbrowse-dialect, or NULL */
	const char *expected;
	const char *why;	/* a part of the reason given */
};

#define WRITER_26(label, write_test) \
	"int conf_write(const char *name)\n{\n" \
	"\tfprintf(out, \"#\\n# Automatically generated make config: don't edit\\n\"\n" \
	"\t\t\"# " label ": %s\\n\", v);\n\tsym_calc_value(sym);\n" \
	write_test "}\n"
#define WRITE_TEST "\tif (!(sym->flags & SYMBOL_WRITE))\n\t\tgoto next;\n"
#define WRITER_5 \
	"int conf_write(const char *name)\n{\n\tsym_calc_value(sym);\n" WRITE_TEST \
	"\telse while ((menu = menu->parent)) {\n" \
	"\t\tfprintf(out, \"# end of %s\\n\", str);\n\t}\n}\n"
#define WRITER_61 \
	"int conf_write(const char *name)\n{\n\tsym_calc_value(sym);\n" WRITE_TEST \
	"end_check:\n\tfprintf(out, \"# end of %s\\n\", menu_get_prompt(menu));\n}\n"

static const struct copy_case copy_cases[] = {
	/* barebox: a year in its Makefile, 5.13's writer */
	{ "VERSION = 2026\nPATCHLEVEL = 06\n", WRITER_5, NULL, true, NULL,
	  "linux-5.x", "scripts/kconfig/confdata.c" },
	/* U-Boot: a year, 4.19's writer (no end of menus) */
	{ "VERSION = 2023\nPATCHLEVEL = 01\n",
	  "int conf_write(const char *name)\n{\n\tsym_calc_value(sym);\n" WRITE_TEST "}\n",
	  NULL, true, NULL, "u-boot", "confdata.c" },
	/* BusyBox: the SYMBOL_WRITE test commented out */
	{ "VERSION = 1\nPATCHLEVEL = 37\n",
	  WRITER_26("Busybox version", "/* bbox:\n" WRITE_TEST "*/\n\tsym->flags &= ~SYMBOL_WRITE;\n"),
	  NULL, false, NULL, "busybox", "confdata.c" },
	/* a fork of 2.6 that kept the test */
	{ NULL, WRITER_26("Linux kernel version", WRITE_TEST), NULL, false, NULL,
	  "linux-2.6", "confdata.c" },
	/* 6.1's writer in a project that is not Linux */
	{ "VERSION = 2025\n", WRITER_61, NULL, true, NULL, "linux-4.18", "confdata.c" },
	/* Linux 5.x by its Makefile, its writer's rule from its copy */
	{ "VERSION = 5\nPATCHLEVEL = 13\n", WRITER_5, NULL, true, NULL,
	  "linux-5.x", "Makefile: Linux 5.13, end of menus from scripts/kconfig/confdata.c" },
	/* Linux 2.6 by its Makefile, its header from its writer */
	{ "VERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 32\n",
	  WRITER_26("Linux kernel version", WRITE_TEST), NULL, false, NULL,
	  "linux-2.6", "Makefile: Linux 2.6, header from" },
	/* the tree's own setting comes before everything it shows */
	{ "VERSION = 2026\n", WRITER_5, NULL, true, "# rules\n buildroot \n", "buildroot",
	  ".kbrowse-dialect" },
	/* a copy whose lexer goes on without a missing file */
	{ "VERSION = 2026\n", WRITER_5,
	  "\tif (!yyin) {\n\t\tfprintf(stderr, \"%s:%d: can't open file \\\"%s\\\" (skipped)\\n\");\n\t\treturn;\n\t}\n}\n"
	  "void zconf_initscan(void)\n{\n\texit(1);\n}\n",
	  true, NULL, "linux-5.x", "a missing source skipped" },
	/* file names without quotes, in a 5.x copy that took them */
	{ "VERSION = 2026\n", WRITER_5, "\t({n}|[/.])+\t{\n", true, NULL,
	  "linux-5.x", "file names without quotes" },
};

static void write_file(const char *dir, const char *name, const char *text)
{
	char path[1100];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void test_detect_copy(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(copy_cases) / sizeof(copy_cases[0]); i++) {
		const struct copy_case *c = &copy_cases[i];
		char dir[] = "/tmp/kbrowse-dialect.XXXXXX", cmd[1100], why[128];
		struct kconfig_dialect room;
		const struct kconfig_dialect *d;

		assert_non_null(mkdtemp(dir));
		make_each(dir, "scripts/kconfig", false);
		if (c->makefile)
			write_file(dir, "Makefile", c->makefile);
		write_file(dir, "scripts/kconfig/confdata.c", c->confdata);
		if (c->lexer)
			write_file(dir, "scripts/kconfig/lexer.l", c->lexer);
		if (c->preprocess)
			write_file(dir, "scripts/kconfig/preprocess.c", "");
		write_file(dir, "scripts/kconfig/expr.h", "#define SYMBOL_CHOICEVAL 0x0020\n");
		if (c->setting)
			write_file(dir, ".kbrowse-dialect", c->setting);
		d = dialect_detect_tree(dir, &room, why, sizeof(why));
		if (strcmp(d->name, c->expected) != 0 || !strstr(why, c->why))
			fail_msg("copy case %zu: %s (%s), expected %s (%s)", i,
				 d->name, why, c->expected, c->why);
		if (strstr(c->why, "missing source"))
			assert_false(d->missing_source_error);
		if (strstr(c->why, "without quotes"))
			assert_non_null(strchr(d->bare_word_extra, '/'));
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		assert_int_equal(system(cmd), 0);
	}
}

/* A missing source, where the dialect says so, is a note, not an error. */
static void test_missing_source_skipped(void **state)
{
	struct kconfig_dialect skipping = *dialect_find("linux-5.x");
	struct kconfig_options opts = { 0 };
	struct kconfig *kc;
	char dir[] = "/tmp/kbrowse-dialect.XXXXXX", path[1100], cmd[1100];

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/Kconfig", dir);
	write_file(dir, "Kconfig", "config A\n\tbool \"a\"\nsource \"gone/Kconfig\"\n"
		   "config B\n\tbool \"b\"\n");
	skipping.missing_source_error = false;
	opts.dialect = &skipping;
	opts.srctree = dir;
	kc = kconfig_new(&opts);
	kconfig_parse_file(kc, "Kconfig");
	assert_int_equal(kc->diags.errors, 0);
	assert_non_null(symbol_find(kc, "B"));
	kconfig_free(kc);
	opts.dialect = dialect_find("linux-5.x");
	kc = kconfig_new(&opts);
	kconfig_parse_file(kc, "Kconfig");
	assert_int_equal(kc->diags.errors, 1);
	kconfig_free(kc);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

/*
 * $KBROWSE_DIALECT is the command line's (cli.c): detection reads the
 * tree only, so that two trees loaded by one process (diff --from-tree)
 * each get their own rules.
 */
static void test_override(void **state)
{
	char why[64];
	const struct kconfig_dialect *d;

	(void)state;
	setenv("KBROWSE_DIALECT", "buildroot", 1);
	d = dialect_detect("/nonexistent", why, sizeof(why));
	assert_string_equal(d->name, "linux-7.0");
	unsetenv("KBROWSE_DIALECT");
}

/* Every dialect is complete and findable by its name. */
static void test_table(void **state)
{
	const struct kconfig_dialect *const *all = dialect_all();
	size_t n = 0;

	(void)state;
	for (; all[n]; n++) {
		assert_ptr_equal(dialect_find(all[n]->name), all[n]);
		assert_non_null(all[n]->summary);
		assert_non_null(all[n]->config_var);
		assert_non_null(all[n]->bare_word_extra);
		/*
		 * a generation has the macro language or option env, never
		 * neither, but Linux 2.6's forks (BusyBox) predate both
		 */
		assert_true(all[n]->macro_language || all[n]->option_env ||
			    all[n]->header == HEADER_VERSION_DATE);
		if (all[n]->header == HEADER_VERSION_DATE)
			assert_non_null(all[n]->header_version_label);
	}
	assert_true(n >= 6);
	assert_null(dialect_find("linux"));
	assert_ptr_equal(dialect_default(), dialect_find("linux-7.0"));
	assert_false(dialect_find("linux-6.11")->legacy_choices);
	assert_true(dialect_find("linux-4.18")->legacy_choices);
}

/*
 * Legacy choices (linux-4.18), case by case on one tree: each expected
 * .config body is what Linux 6.1's own conf wrote for the same tree,
 * mode and input (header and blank "#" lines left out).
 */
static const char legacy_tree[] =
	"config MODULES\n"
	"\tbool \"modules\"\n"
	"\tdefault y\n"
	"\tmodules\n"
	"config CMDLINE\n"
	"\tstring \"cmdline\"\n"
	"\tdefault \"\"\n"
	"choice\n"
	"\tprompt \"tristate choice\"\n"
	"\tdefault TA\n"
	"config TA\n"
	"\ttristate \"A\"\n"
	"config TB\n"
	"\ttristate \"B\"\n"
	"config TC\n"
	"\tbool \"C\"\n"
	"\tselect SEL\n"
	"endchoice\n"
	"config SEL\n"
	"\ttristate\n"
	"choice\n"
	"\tprompt \"bool choice\"\n"
	"\tdefault BA\n"
	"config BA\n"
	"\tbool \"BA\"\n"
	"config BB\n"
	"\tbool \"BB\"\n"
	"\tselect SEL2\n"
	"endchoice\n"
	"config SEL2\n"
	"\ttristate\n"
	"choice\n"
	"\tprompt \"optional choice\"\n"
	"\toptional\n"
	"config OA\n"
	"\tbool \"OA\"\n"
	"config OB\n"
	"\tbool \"OB\"\n"
	"endchoice\n"
	"choice\n"
	"\tprompt \"hidden choice\"\n"
	"\tdepends on CMDLINE != \"\"\n"
	"config HA\n"
	"\tbool \"HA\"\n"
	"config HB\n"
	"\tbool \"HB\"\n"
	"endchoice\n";

struct legacy_case {
	const char *mode;	/* all*config, or olddefconfig with input */
	const char *input;
	const char *expected;
};

static const struct legacy_case legacy_cases[] = {
	{ "allnoconfig", NULL,
	  "# CONFIG_MODULES is not set|CONFIG_CMDLINE=\"\"|CONFIG_TA=y|# CONFIG_TB is not set|"
	  "# CONFIG_TC is not set|CONFIG_BA=y|# CONFIG_BB is not set|" },
	{ "allyesconfig", NULL,
	  "CONFIG_MODULES=y|CONFIG_CMDLINE=\"\"|CONFIG_TA=y|# CONFIG_TB is not set|"
	  "# CONFIG_TC is not set|CONFIG_BA=y|# CONFIG_BB is not set|CONFIG_OA=y|"
	  "# CONFIG_OB is not set|" },
	/* The tristate choice is m: each tristate member m, the bool one gone. */
	{ "allmodconfig", NULL,
	  "CONFIG_MODULES=y|CONFIG_CMDLINE=\"\"|CONFIG_TA=m|CONFIG_TB=m|CONFIG_BA=y|"
	  "# CONFIG_BB is not set|CONFIG_OA=y|# CONFIG_OB is not set|" },
	/* Not optional: at least m; optional: n; hidden: nothing written. */
	{ "alldefconfig", NULL,
	  "CONFIG_MODULES=y|CONFIG_CMDLINE=\"\"|# CONFIG_TA is not set|"
	  "# CONFIG_TB is not set|CONFIG_BA=y|# CONFIG_BB is not set|" },
	/* The user's n for the default member BA does not move the choice. */
	{ "olddefconfig", "# CONFIG_BA is not set\nCONFIG_TB=m\nCONFIG_OB=y\n",
	  "CONFIG_MODULES=y|CONFIG_CMDLINE=\"\"|# CONFIG_TA is not set|CONFIG_TB=m|"
	  "CONFIG_BA=y|# CONFIG_BB is not set|# CONFIG_OA is not set|CONFIG_OB=y|" },
	/* Members that select. */
	{ "olddefconfig", "CONFIG_MODULES=y\nCONFIG_BB=y\nCONFIG_TC=y\n",
	  "CONFIG_MODULES=y|CONFIG_CMDLINE=\"\"|# CONFIG_TA is not set|"
	  "# CONFIG_TB is not set|CONFIG_TC=y|CONFIG_SEL=y|# CONFIG_BA is not set|"
	  "CONFIG_BB=y|CONFIG_SEL2=y|" },
	/* The hidden choice shown: its default member. */
	{ "olddefconfig", "CONFIG_CMDLINE=\"x\"\n",
	  "CONFIG_MODULES=y|CONFIG_CMDLINE=\"x\"|# CONFIG_TA is not set|"
	  "# CONFIG_TB is not set|CONFIG_BA=y|# CONFIG_BB is not set|CONFIG_HA=y|"
	  "# CONFIG_HB is not set|" },
};

/* The .config body as "line|line|", without the header and "#" lines. */
static char *written_body(struct config *cfg)
{
	char *text = NULL, *body, *line, *save = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	assert_int_equal(config_write_stream(cfg, out, &kernel_io), 0);
	fclose(out);
	body = calloc(1, len + 2);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (strcmp(line, "#") == 0 || strncmp(line, "# Automatically", 15) == 0 ||
		    strcmp(line, "# Main menu") == 0)
			continue;
		strcat(body, line);
		strcat(body, "|");
	}
	free(text);
	return body;
}

static void test_legacy_choices(void **state)
{
	struct kconfig_options opts = unit_options();
	const struct unit_file files[] = { { "Kconfig", legacy_tree }, { NULL, NULL } };

	(void)state;
	unit_files = files;
	opts.kconfig = "Kconfig";
	opts.dialect = dialect_find("linux-4.18");
	for (size_t i = 0; i < sizeof(legacy_cases) / sizeof(legacy_cases[0]); i++) {
		const struct legacy_case *c = &legacy_cases[i];
		struct kconfig *kc = kconfig_load(&opts);
		struct config *cfg;
		struct config_io_options io = { .prefix = "CONFIG_" };
		char *got;

		assert_int_equal(kc->diags.errors, 0);
		cfg = config_new(kc);
		if (c->input)
			config_read_text(cfg, ".config", c->input, strlen(c->input),
					 &io, NULL);
		if (strcmp(c->mode, "allnoconfig") == 0)
			conf_answer_all(cfg, CONF_ANSWER_NO);
		else if (strcmp(c->mode, "allyesconfig") == 0)
			conf_answer_all(cfg, CONF_ANSWER_YES);
		else if (strcmp(c->mode, "allmodconfig") == 0)
			conf_answer_all(cfg, CONF_ANSWER_MOD);
		else if (strcmp(c->mode, "alldefconfig") == 0)
			conf_answer_all(cfg, CONF_ANSWER_DEFAULT);
		got = written_body(cfg);
		if (strcmp(got, c->expected) != 0)
			fail_msg("case %zu (%s):\n  want %s\n  got  %s", i, c->mode,
				 c->expected, got);
		free(got);
		config_free(cfg);
		kconfig_free(kc);
	}
	unit_files = NULL;
}

/*
 * Entries written in a choice right after a member they depend on were
 * nested under it, not members (Linux 6.1's MIPS CPU choice): no warning
 * about their defaults, no dependency loop through the choice, and the
 * values 6.1's conf wrote for this tree.
 */
static const char nested_tree[] =
	"config SMP\n"
	"\tbool \"smp\"\n"
	"\tdefault y\n"
	"choice\n"
	"\tprompt \"cpu\"\n"
	"\tdefault CPU_A\n"
	"config CPU_B\n"
	"\tbool \"B\"\n"
	"\tselect DIEI if !ENH\n"
	"config ENH\n"
	"\tbool \"enh\"\n"
	"\tdefault n\n"
	"\tdepends on CPU_B\n"
	"config WORK\n"
	"\tbool \"work\"\n"
	"\tdefault y if SMP\n"
	"\tdepends on CPU_B\n"
	"config CPU_A\n"
	"\tbool \"A\"\n"
	"endchoice\n"
	"config DIEI\n"
	"\tbool\n";

/*
 * `depends on X if Y` (Linux 7.0) is X || (Y = n), Y taken apart as the
 * kernel does: a tristate Y at m is not n, so X applies; !B, B && C and
 * a comparison each compare with n in their own way.
 */
static const char conditional_tree[] =
	"config MODULES\n\tbool \"modules\"\n\tmodules\n\tdefault y\n"
	"config X\n\ttristate \"x\"\n"
	"config B\n\ttristate \"b\"\n"
	"config C\n\tbool \"c\"\n"
	"config IF_B\n\ttristate \"1\"\n\tdepends on X if B\n\tdefault y\n"
	"config IF_NOT_B\n\ttristate \"2\"\n\tdepends on X if !B\n\tdefault y\n"
	"config IF_B_AND_C\n\ttristate \"3\"\n\tdepends on X if B && C\n\tdefault y\n"
	"config IF_B_OR_C\n\ttristate \"4\"\n\tdepends on X if B || C\n\tdefault y\n"
	"config IF_B_IS_M\n\ttristate \"5\"\n\tdepends on X if B = m\n\tdefault y\n"
	"config OPTIONAL\n\ttristate \"6\"\n\tdepends on B if B\n\tdefault y\n";

static void test_conditional_depends(void **state)
{
	struct kconfig_options opts = unit_options();
	const struct unit_file files[] = { { "Kconfig", conditional_tree }, { NULL, NULL } };
	static const char *const inputs[] = {
		"# CONFIG_X is not set\nCONFIG_B=m\n# CONFIG_C is not set\n",
		"# CONFIG_X is not set\n# CONFIG_B is not set\nCONFIG_C=y\n",
		"CONFIG_X=m\nCONFIG_B=y\nCONFIG_C=y\n",
	};
	/* IF_B IF_NOT_B IF_B_AND_C IF_B_OR_C IF_B_IS_M OPTIONAL */
	static const char *const expected[] = {
		"n y y n n m", "y n y n y y", "m y m m y y",
	};
	static const char *const names[] = {
		"IF_B", "IF_NOT_B", "IF_B_AND_C", "IF_B_OR_C", "IF_B_IS_M", "OPTIONAL",
	};

	(void)state;
	unit_files = files;
	opts.kconfig = "Kconfig";
	opts.dialect = dialect_find("linux-7.0");
	for (size_t i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++) {
		struct config_io_options io = { .prefix = "CONFIG_" };
		struct kconfig *kc = kconfig_load(&opts);
		struct config *cfg;
		char got[64] = "";

		assert_int_equal(kc->diags.errors, 0);
		cfg = config_new(kc);
		config_read_text(cfg, ".config", inputs[i], strlen(inputs[i]), &io, NULL);
		for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
			const char *v = config_str(cfg, symbol_find(kc, names[k]));

			strcat(got, k ? " " : "");
			strcat(got, v);
		}
		if (strcmp(got, expected[i]) != 0)
			fail_msg("input %zu: %s, expected %s", i, got, expected[i]);
		config_free(cfg);
		kconfig_free(kc);
	}
	/* Before 7.0 the `if` is a syntax error. */
	opts.dialect = dialect_find("linux-6.18");
	{
		struct kconfig *kc = kconfig_load(&opts);

		assert_true(kc->diags.errors > 0);
		kconfig_free(kc);
	}
	unit_files = NULL;
}

static void test_nested_in_choice(void **state)
{
	struct kconfig_options opts = unit_options();
	const struct unit_file files[] = { { "Kconfig", nested_tree }, { NULL, NULL } };
	static const char *const inputs[] = { NULL, "CONFIG_CPU_B=y\n" };
	static const char *const expected[] = {
		"CONFIG_SMP=y|# CONFIG_CPU_B is not set|CONFIG_CPU_A=y|",
		"CONFIG_SMP=y|CONFIG_CPU_B=y|# CONFIG_ENH is not set|CONFIG_WORK=y|"
		"# CONFIG_CPU_A is not set|CONFIG_DIEI=y|",
	};

	(void)state;
	unit_files = files;
	opts.kconfig = "Kconfig";
	opts.dialect = dialect_find("linux-4.18");
	for (size_t i = 0; i < 2; i++) {
		struct kconfig *kc = kconfig_load(&opts);
		struct config_io_options io = { .prefix = "CONFIG_" };
		struct config *cfg;
		char *got;

		assert_int_equal(kc->diags.errors, 0);
		assert_int_equal(kc->diags.warnings, 0);
		assert_true(symbol_find(kc, "CPU_B")->flags & SYMBOL_CHOICEVAL);
		assert_false(symbol_find(kc, "ENH")->flags & SYMBOL_CHOICEVAL);
		assert_null(symbol_find(kc, "WORK")->choice);
		cfg = config_new(kc);
		if (inputs[i])
			config_read_text(cfg, ".config", inputs[i], strlen(inputs[i]),
					 &io, NULL);
		else
			conf_answer_all(cfg, CONF_ANSWER_DEFAULT);
		got = written_body(cfg);
		assert_string_equal(got, expected[i]);
		free(got);
		config_free(cfg);
		kconfig_free(kc);
	}
	/* The 6.11 rules: every entry in the choice is a member. */
	opts.dialect = dialect_find("linux-6.11");
	{
		struct kconfig *kc = kconfig_load(&opts);

		assert_true(symbol_find(kc, "ENH")->flags & SYMBOL_CHOICEVAL);
		kconfig_free(kc);
	}
	unit_files = NULL;
}

/*
 * A tristate choice in m mode picks no member: its default holds but is
 * not taken, and no earlier default shadows it.
 */
static void test_explain_no_pick(void **state)
{
	struct kconfig_options opts = unit_options();
	const struct unit_file files[] = { { "Kconfig", legacy_tree }, { NULL, NULL } };
	struct kconfig *kc;
	struct config *cfg;
	struct explainer *ex;
	const struct xchoice *c;

	(void)state;
	unit_files = files;
	opts.kconfig = "Kconfig";
	opts.dialect = dialect_find("linux-4.18");
	kc = kconfig_load(&opts);
	cfg = config_new(kc);
	conf_answer_all(cfg, CONF_ANSWER_MOD);
	ex = explainer_new(cfg, NULL);
	c = explain_choice(ex, symbol_find(kc, "TA")->choice);
	assert_int_equal(c->rule, CHOICE_RULE_MOD);
	assert_int_equal(c->ndefaults, 1);
	assert_int_equal(c->defaults[0].status, DEFAULT_NO_PICK);
	assert_string_equal(default_status_name(c->defaults[0].status), "no-pick");
	explainer_free(ex);
	config_free(cfg);
	kconfig_free(kc);
	unit_files = NULL;
}

/*
 * savedefconfig before 6.11 keeps the default member of an `optional`
 * choice (6.1's conf on this tree and .config wrote CONFIG_OA=y alone).
 */
static void test_savedefconfig_optional(void **state)
{
	static const char tree[] =
		"choice\n\tprompt \"opt\"\n\toptional\n\tdefault OA\n"
		"config OA\n\tbool \"OA\"\nconfig OB\n\tbool \"OB\"\nendchoice\n"
		"choice\n\tprompt \"plain\"\n\tdefault PA\n"
		"config PA\n\tbool \"PA\"\nconfig PB\n\tbool \"PB\"\nendchoice\n";
	static const char input[] = "CONFIG_OA=y\n# CONFIG_OB is not set\n"
				    "CONFIG_PA=y\n# CONFIG_PB is not set\n";
	struct kconfig_options opts = unit_options();
	const struct unit_file files[] = { { "Kconfig", tree }, { NULL, NULL } };
	struct config_io_options io = { .prefix = "CONFIG_" };
	struct kconfig *kc;
	struct config *cfg;
	char *text = NULL;
	size_t len = 0;
	FILE *out;

	(void)state;
	unit_files = files;
	opts.kconfig = "Kconfig";
	opts.dialect = dialect_find("linux-4.18");
	kc = kconfig_load(&opts);
	cfg = config_new(kc);
	config_read_text(cfg, ".config", input, strlen(input), &io, NULL);
	out = open_memstream(&text, &len);
	assert_non_null(out);
	assert_int_equal(config_write_defconfig_stream(cfg, out, &kernel_io), 0);
	fclose(out);
	assert_string_equal(text, "CONFIG_OA=y\n");
	free(text);
	config_free(cfg);
	kconfig_free(kc);
	unit_files = NULL;
}

/* The same tree under the 6.11 rules: a tristate member is an error. */
static void test_member_types(void **state)
{
	struct kconfig_options opts = unit_options();
	const struct unit_file files[] = { { "Kconfig", legacy_tree }, { NULL, NULL } };
	struct kconfig *kc;

	(void)state;
	unit_files = files;
	opts.kconfig = "Kconfig";
	opts.dialect = dialect_find("linux-6.11");
	kc = kconfig_load(&opts);
	assert_true(kc->diags.errors > 0);
	kconfig_free(kc);
	unit_files = NULL;
}

/*
 * Bare words per dialect: the tokens of one line as "word|word|", with
 * strings in double quotes and the end of the line as '$'.
 */
struct word_case {
	const char *dialect;
	const char *line;
	const char *expected;
	int warnings;
};

static const struct word_case word_cases[] = {
	/* U-Boot and Buildroot (and 4.11's kconfig): '/' and '.' in words */
	{ "u-boot", "source board/firefly/roc-pc-rk3576/Kconfig\n",
	  "source|board/firefly/roc-pc-rk3576/Kconfig|$|", 0 },
	{ "u-boot", "\tdefault kernel.itb if FIT\n", "default|kernel.itb|if|FIT|$|", 0 },
	{ "buildroot", "default ./a.b/../c\n", "default|./a.b/../c|$|", 0 },
	{ "linux-4.17", "source arch/x86/Kconfig\n", "source|arch/x86/Kconfig|$|", 0 },
	/* operators still end a word */
	{ "u-boot", "depends on A.B!=C/D\n", "depends|on|A.B|!=|C/D|$|", 0 },
	/* Linux: '/' and '.' are ignored bytes that split words, with a warning */
	{ "linux-6.11", "default kernel.itb\n", "default|kernel|itb|$|", 1 },
	{ "linux-4.18", "source a/b\n", "source|a|b|$|", 1 },
	/* Before the macro language '$' is text in strings, no word byte outside */
	{ "buildroot", "default \"$(TOPDIR)/dl\"\n", "default|$(TOPDIR)/dl|$|", 0 },
	{ "linux-4.17", "source \"$BR2_BASE_DIR/x\"\n", "source|$BR2_BASE_DIR/x|$|", 0 },
	{ "linux-4.17", "default $X\n", "default|X|$|", 1 },
	{ "linux-6.11", "default \"$(KBROWSE_UNSET_VAR)/dl\"\n", "default|/dl|$|", 0 },
};

static void test_bare_words(void **state)
{
	(void)state;
	unsetenv("KBROWSE_UNSET_VAR");
	for (size_t i = 0; i < sizeof(word_cases) / sizeof(word_cases[0]); i++) {
		const struct word_case *c = &word_cases[i];
		struct kconfig_options opts = unit_options();
		static const struct source_file file = { .name = "Kconfig" };
		struct kconfig *kc;
		struct lexer lx;
		char got[256] = "";

		opts.dialect = dialect_find(c->dialect);
		assert_non_null(opts.dialect);
		kc = kconfig_new(&opts);
		lexer_init(&lx, kc, &file, c->line, strlen(c->line));
		for (lexer_next(&lx); lx.tok.kind != T_EOF; lexer_next(&lx)) {
			if (lx.tok.kind == T_EOL)
				strcat(got, "$");
			else
				strncat(got, lx.tok.text, lx.tok.len);
			strcat(got, "|");
		}
		if (strcmp(got, c->expected) != 0)
			fail_msg("case %zu (%s): got %s, want %s", i, c->dialect,
				 got, c->expected);
		assert_int_equal(kc->diags.warnings, c->warnings);
		lexer_release(&lx);
		kconfig_free(kc);
	}
}

/*
 * U-Boot's conf writes and reads strings as they are between the quotes
 * (raw_strings); Linux escapes '"' and '\\'.  U-Boot's own conf wrote
 * CONFIG_AUTOBOOT_PROMPT="Autoboot in %d seconds\n" for the same value.
 */
struct string_case {
	const char *dialect;
	const char *input;	/* .config text, or NULL */
	const char *expected;	/* the written body */
};

static const struct string_case string_cases[] = {
	{ "u-boot", NULL, "CONFIG_S=\"in %d s\\n \"q\"\"|" },
	{ "linux-4.18", NULL, "CONFIG_S=\"in %d s\\\\n \\\"q\\\"\"|" },
	{ "u-boot", "CONFIG_S=\"a\\\"b\\\"\"\n", "CONFIG_S=\"a\\\"b\\\"\"|" },
	{ "linux-4.18", "CONFIG_S=\"a\\\"b\\\"\"\n", "CONFIG_S=\"a\\\"b\\\"\"|" },
	/* no closing quote at the end of the line: refused, the default stays */
	{ "u-boot", "CONFIG_S=\"open\n", "CONFIG_S=\"in %d s\\n \"q\"\"|" },
};

static void test_raw_strings(void **state)
{
	const char *tree = "config S\n\tstring \"s\"\n"
			   "\tdefault \"in %d s\\\\n \\\"q\\\"\"\n";
	const struct unit_file files[] = { { "Kconfig", tree }, { NULL, NULL } };

	(void)state;
	unit_files = files;
	for (size_t i = 0; i < sizeof(string_cases) / sizeof(string_cases[0]); i++) {
		const struct string_case *c = &string_cases[i];
		struct kconfig_options opts = unit_options();
		struct config_io_options io = { .prefix = "CONFIG_" };
		struct kconfig *kc;
		struct config *cfg;
		char *got;

		opts.kconfig = "Kconfig";
		opts.dialect = dialect_find(c->dialect);
		kc = kconfig_load(&opts);
		assert_int_equal(kc->diags.errors, 0);
		cfg = config_new(kc);
		if (c->input)
			config_read_text(cfg, ".config", c->input,
					 strlen(c->input), &io, NULL);
		got = written_body(cfg);
		if (strcmp(got, c->expected) != 0)
			fail_msg("case %zu (%s):\n  want %s\n  got  %s", i,
				 c->dialect, c->expected, got);
		free(got);
		config_free(cfg);
		kconfig_free(kc);
	}
	unit_files = NULL;
}

/*
 * $NAME in a Buildroot `source` names a symbol: an `option env` one gives
 * its variable's value; an unknown name gives nothing (the file is then
 * not found: an error with its location); a symbol without `option env`
 * is empty, with a warning.  Named choices beside configs of that name.
 */
struct source_case {
	const char *dialect;
	const char *kconfig;
	const char *diags;
};

static const struct source_case source_cases[] = {
	{ "buildroot",
	  "config BASE\n\tstring\n\toption env=\"KBROWSE_TEST_BASE\"\n"
	  "source \"$BASE/sub.in\"\n", "" },
	{ "buildroot", "source \"$NO_SUCH_SYMBOL/sub.in\"\n",
	  "Kconfig:1:1: error: can't open file \"/sub.in\": No such file or directory\n" },
	{ "buildroot", "config PLAIN\n\tstring\n\tdefault \"x\"\nsource \"$PLAIN/sub.in\"\n",
	  "Kconfig:4:1: warning: $PLAIN: symbol without 'option env' taken as empty\n"
	  "Kconfig:4:1: error: can't open file \"/sub.in\": No such file or directory\n" },
	{ "linux-4.17", "config MODE\n\tbool \"m\"\nchoice MODE\n\tprompt \"p\"\n"
	  "config A\n\tbool \"a\"\nendchoice\n", "" },
	{ "linux-6.11", "config MODE\n\tbool \"m\"\nchoice MODE\n\tprompt \"p\"\n"
	  "config A\n\tbool \"a\"\nendchoice\n",
	  "Kconfig:3:8: error: 'MODE' cannot name a choice: it is a config symbol\n" },
};

static void test_dollar_source(void **state)
{
	(void)state;
	setenv("KBROWSE_TEST_BASE", ".", 1);
	for (size_t i = 0; i < sizeof(source_cases) / sizeof(source_cases[0]); i++) {
		const struct source_case *c = &source_cases[i];
		const struct unit_file files[] = {
			{ "Kconfig", c->kconfig }, { "./sub.in", "config SUB\n\tbool \"sub\"\n" },
			{ NULL, NULL } };
		struct kconfig_options opts = unit_options();
		struct kconfig *kc;
		char *diags;

		unit_files = files;
		opts.kconfig = "Kconfig";
		opts.dialect = dialect_find(c->dialect);
		kc = kconfig_load(&opts);
		diags = unit_diags(kc);
		if (strcmp(diags, c->diags) != 0)
			fail_msg("case %zu (%s):\n  want %s\n  got  %s", i,
				 c->dialect, c->diags, diags);
		if (i == 0)
			assert_non_null(symbol_find(kc, "SUB"));
		free(diags);
		kconfig_free(kc);
		unit_files = NULL;
	}
	unsetenv("KBROWSE_TEST_BASE");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detect),
		cmocka_unit_test(test_detect_copy),
		cmocka_unit_test(test_missing_source_skipped),
		cmocka_unit_test(test_override),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_legacy_choices),
		cmocka_unit_test(test_member_types),
		cmocka_unit_test(test_bare_words),
		cmocka_unit_test(test_raw_strings),
		cmocka_unit_test(test_dollar_source),
		cmocka_unit_test(test_nested_in_choice),
		cmocka_unit_test(test_conditional_depends),
		cmocka_unit_test(test_explain_no_pick),
		cmocka_unit_test(test_savedefconfig_optional),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
