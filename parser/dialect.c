// SPDX-License-Identifier: GPL-2.0
/*
 * The table of Kconfig dialects, and how a tree's dialect is recognised.
 *
 * A generation is named after the first kernel release whose rules it
 * describes.  What each row says was checked against that tree's own
 * conf where the tests can get the tree (Linux 6.12 for linux-6.11,
 * the kernel's own kconfig tests of mainline for linux-6.18 and
 * linux-7.0: tests/dialects/mainline/,
 * Linux 6.1 for linux-4.18, U-Boot's and Buildroot's own conf for
 * theirs, Linux 4.11's conf from Debian's kconfig-frontends for its row:
 * tests/dialects/); the other rows follow the kconfig sources of those
 * releases (linux-4.17: Buildroot's copy of 4.17) and are marked so in
 * their summary.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dialect.h"

static const struct kconfig_dialect linux_7_0 = {
	.name = "linux-7.0",
	.summary = "Linux 7.0 and later: `depends on X if Y`, each file sourced once, KCONFIG_WARN_CHANGED_INPUT",
	.transitional = true,
	.transitional_default_sets = true,
	.conditional_depends = true,
	.repeated_include_error = true,
	.warn_changed_input = true,
	.macro_language = true,
	.end_of_menu_lines = true,
	.bare_word_extra = "-",
	.missing_source_error = true,
	.config_var = "KCONFIG_CONFIG",
	.header = HEADER_MAINMENU,
};

static const struct kconfig_dialect linux_6_18 = {
	.name = "linux-6.18",
	.summary = "Linux 6.18 and 6.19: `transitional` symbols (read from .config, never written)",
	.transitional = true,
	.macro_language = true,
	.end_of_menu_lines = true,
	.bare_word_extra = "-",
	.missing_source_error = true,
	.config_var = "KCONFIG_CONFIG",
	.header = HEADER_MAINMENU,
};

static const struct kconfig_dialect linux_6_11 = {
	.name = "linux-6.11",
	.summary = "Linux 6.11 to 6.17: bool choices with exactly one member y",
	.macro_language = true,
	.end_of_menu_lines = true,
	.bare_word_extra = "-",
	.missing_source_error = true,
	.config_var = "KCONFIG_CONFIG",
	.header = HEADER_MAINMENU,
};

static const struct kconfig_dialect linux_6_2 = {
	.name = "linux-6.2",
	.summary = "Linux 6.2 to 6.10: tristate and optional choices, the choice as a symbol (not checked against conf)",
	.legacy_choices = true,
	.macro_language = true,
	.end_of_menu_lines = true,
	.bare_word_extra = "-",
	.missing_source_error = true,
	.config_var = "KCONFIG_CONFIG",
	.header = HEADER_MAINMENU,
};

static const struct kconfig_dialect linux_4_18 = {
	.name = "linux-4.18",
	.summary = "Linux 4.18 to 6.1: tristate and optional choices, the choice as a symbol, empty int and hex",
	.legacy_choices = true,
	.empty_numbers = true,
	.macro_language = true,
	.end_of_menu_lines = true,
	.bare_word_extra = "-",
	.missing_source_error = true,
	.config_var = "KCONFIG_CONFIG",
	.header = HEADER_MAINMENU,
};

static const struct kconfig_dialect linux_4_17 = {
	.name = "linux-4.17",
	.summary = "Linux 4.17 and older: option env and $VAR, tristate and optional choices, bare-word prompts",
	.legacy_choices = true,
	.empty_numbers = true,
	.implied_needs_deps = true,
	.bare_word_prompts = true,
	.option_env = true,
	.dollar_var_symbols = true,
	.env_symbols_unwritten = true,
	.bare_word_extra = "-/.",
	.missing_source_error = true,
	.config_var = "KCONFIG_CONFIG",
	.header = HEADER_MAINMENU_EXPANDED,
};

static const struct kconfig_dialect kconfig_frontends = {
	.name = "kconfig-frontends",
	.summary = "kconfig-frontends (kconfig of Linux 4.11, NuttX trees): the rules of linux-4.17, and a default n still writes the symbol",
	.legacy_choices = true,
	.empty_numbers = true,
	.implied_needs_deps = true,
	.bare_word_prompts = true,
	.default_n_written = true,
	.option_env = true,
	.dollar_var_symbols = true,
	.env_symbols_unwritten = true,
	.bare_word_extra = "-/.",
	.missing_source_error = true,
	.config_var = "KCONFIG_CONFIG",
	.header = HEADER_MAINMENU_EXPANDED,
};

static const struct kconfig_dialect u_boot = {
	.name = "u-boot",
	.summary = "U-Boot (kconfig of Linux 4.19): bare words with / and ., optional choices, strings without escapes",
	.legacy_choices = true,
	.empty_numbers = true,
	.implied_needs_deps = true,
	.bare_word_prompts = true,
	.raw_strings = true,
	.macro_language = true,
	.bare_word_extra = "-/.",
	.missing_source_error = true,
	.config_var = "KCONFIG_CONFIG",
	.header = HEADER_MAINMENU,
};

static const struct kconfig_dialect buildroot = {
	.name = "buildroot",
	.summary = "Buildroot (kconfig of Linux 4.17): option env symbols in $VAR, BR2_CONFIG, no CONFIG_ prefix",
	.legacy_choices = true,
	.empty_numbers = true,
	.implied_needs_deps = true,
	.bare_word_prompts = true,
	.option_env = true,
	.dollar_var_symbols = true,
	.env_symbols_unwritten = true,
	.bare_word_extra = "-/.",
	.missing_source_error = true,
	.config_prefix = "",
	.config_var = "BR2_CONFIG",
	.header = HEADER_MAINMENU_EXPANDED,
};

/*
 * Zephyr's devicetree functions (scripts/kconfig/kconfigfunctions.py)
 * without a devicetree: the numbers ones (names ending in _int, _hex)
 * give 0, the others n, which is what they answer for hardware that is
 * absent.  So expressions still parse (an empty one would not) and the
 * tree loads with the devicetree's features off.
 */
static const struct dialect_stand_in kconfiglib_stand_ins[] = {
	{ "_int", "0" },
	{ "_hex", "0x0" },
	{ "", "n" },
};

static const struct kconfig_dialect kconfiglib = {
	.name = "kconfiglib",
	.summary = "Kconfiglib 14.1 (Zephyr, ESP-IDF): $VAR in strings, continued lines, named choices apart, the project's Python functions stood in for",
	.legacy_choices = true,
	.macro_language = true,
	/* Kconfiglib keeps `option env` (ESP-IDF uses it) and never writes it */
	.option_env = true,
	.env_symbols_unwritten = true,
	.end_of_menu_lines = true,
	/* its words are [A-Za-z0-9_$/.-]: `default partitions.csv` (ESP-IDF) */
	.bare_word_extra = "-/.",
	.missing_source_error = true,
	.empty_numbers = true,
	.implied_needs_deps = true,
	.imply_y_lifts_m = true,
	.no_end_of_empty_menus = true,
	.mod_in_visible_if = true,
	.bare_prompts = true,
	.help_on_menus = true,
	.configdefault = true,
	.out_of_range_user_ignored = true,
	.choice_members_nest = true,
	.modules_by_name = true,
	.choice_names_apart = true,
	.string_env_expansion = true,
	.line_continuation = true,
	.unknown_functions = kconfiglib_stand_ins,
	.config_var = "KCONFIG_CONFIG",
	.header = HEADER_KCONFIGLIB,
};

static const struct kconfig_dialect *const dialects[] = {
	&linux_7_0, &linux_6_18, &linux_6_11, &linux_6_2, &linux_4_18, &linux_4_17, &kconfig_frontends,
	&u_boot, &buildroot,
	&kconfiglib, NULL,
};

/* Linux generations, newest first: the first whose release is reached. */
static const struct {
	int version, patchlevel;
	const struct kconfig_dialect *dialect;
} linux_generations[] = {
	{ 7, 0, &linux_7_0 },
	{ 6, 18, &linux_6_18 },
	{ 6, 11, &linux_6_11 },
	{ 6, 2, &linux_6_2 },
	{ 4, 18, &linux_4_18 },
	{ 0, 0, &linux_4_17 },
};

const struct kconfig_dialect *const *dialect_all(void)
{
	return dialects;
}

const struct kconfig_dialect *dialect_default(void)
{
	return &linux_7_0;
}

const struct kconfig_dialect *dialect_find(const char *name)
{
	for (size_t i = 0; dialects[i]; i++)
		if (strcmp(dialects[i]->name, name) == 0)
			return dialects[i];
	return NULL;
}

static char *tree_path(const char *srctree, const char *rel)
{
	size_t len = (srctree ? strlen(srctree) : 1) + strlen(rel) + 2;
	char *path = malloc(len);

	if (!path)
		abort();
	snprintf(path, len, "%s/%s", srctree ? srctree : ".", rel);
	return path;
}

static bool tree_has(const char *srctree, const char *rel)
{
	char *path = tree_path(srctree, rel);
	struct stat st;
	bool found = stat(path, &st) == 0;

	free(path);
	return found;
}

/*
 * "NAME = number" among the first lines of the top Makefile, as the
 * kernel's (and U-Boot's) Makefile start.  -1 when there is none.
 */
static int makefile_number(const char *srctree, const char *name)
{
	char *path = tree_path(srctree, "Makefile");
	FILE *f = fopen(path, "r");
	char line[256];
	size_t len = strlen(name);
	int value = -1;

	free(path);
	if (!f)
		return -1;
	for (int n = 0; n < 40 && fgets(line, sizeof(line), f); n++) {
		const char *p = line;

		if (strncmp(p, name, len) != 0)
			continue;
		p += len;
		p += strspn(p, " \t");
		if (*p != '=')
			continue;
		p++;
		p += strspn(p, " \t");
		if (*p >= '0' && *p <= '9')
			value = atoi(p);
		break;
	}
	fclose(f);
	return value;
}

/*
 * Trees read by Kconfiglib rather than by a C kconfig: Zephyr (its top
 * Kconfig.zephyr, and the copy of kconfiglib.py it carries in
 * scripts/kconfig), ESP-IDF (its tools/idf.py; releases before 5.0 and
 * the ESP8266 RTOS SDK carry kconfiglib.py in tools/kconfig_new, later
 * ones install their fork with Python), and any project with a copy of
 * kconfiglib.py at its top.
 */
static const struct kconfig_dialect *kconfiglib_tree(const char *srctree,
						     char *why, size_t why_size)
{
	static const char *const marks[] = {
		"scripts/kconfig/kconfiglib.py", "Kconfig.zephyr",
		"tools/idf.py", "tools/kconfig_new/kconfiglib.py",
		"kconfiglib.py",
	};

	for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++) {
		if (tree_has(srctree, marks[i])) {
			snprintf(why, why_size, "%s", marks[i]);
			return &kconfiglib;
		}
	}
	return NULL;
}

const struct kconfig_dialect *dialect_detect(const char *srctree,
					     char *why, size_t why_size)
{
	const struct kconfig_dialect *found;
	int version, patchlevel;
	char scratch[1];

	if (!why) {
		why = scratch;
		why_size = sizeof(scratch);
	}
	if (tree_has(srctree, "support/kconfig")) {
		snprintf(why, why_size, "support/kconfig");
		return &buildroot;
	}
	/* NuttX: its build runs kconfig-frontends' tools on this tree. */
	if (tree_has(srctree, "tools/configure.sh") &&
	    tree_has(srctree, "sched/Kconfig")) {
		snprintf(why, why_size, "NuttX (tools/configure.sh)");
		return &kconfig_frontends;
	}
	if ((found = kconfiglib_tree(srctree, why, why_size)))
		return found;
	version = makefile_number(srctree, "VERSION");
	patchlevel = makefile_number(srctree, "PATCHLEVEL");
	if (version >= 2000 && tree_has(srctree, "scripts/kconfig")) {
		/* U-Boot numbers its releases by year. */
		snprintf(why, why_size, "Makefile: U-Boot %d.%02d", version,
			 patchlevel);
		return &u_boot;
	}
	if (version > 0 && patchlevel >= 0 &&
	    tree_has(srctree, "scripts/kconfig")) {
		size_t n = sizeof(linux_generations) / sizeof(linux_generations[0]);

		snprintf(why, why_size, "Makefile: Linux %d.%d", version,
			 patchlevel);
		/* Never refused: a newer kernel gets the newest rules, and is told so. */
		if (version > linux_generations[0].version ||
		    (version == linux_generations[0].version &&
		     patchlevel > linux_generations[0].patchlevel))
			snprintf(why, why_size,
				 "Makefile: Linux %d.%d, newer than kbrowse knows",
				 version, patchlevel);
		for (size_t i = 0; i < n; i++) {
			int v = linux_generations[i].version;
			int p = linux_generations[i].patchlevel;

			if (version > v || (version == v && patchlevel >= p))
				return linux_generations[i].dialect;
		}
	}
	snprintf(why, why_size, "default");
	return dialect_default();
}
