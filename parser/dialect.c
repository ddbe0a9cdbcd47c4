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
#include "kconfig_copy.h"
#include "util.h"

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

/* ---- the rows of the lineages and forks found by their copy of kconfig ---- */

/*
 * Linux 5.x's writer, as barebox carries it (5.13's scripts/kconfig):
 * checked against barebox's own conf.
 */
static const struct kconfig_dialect linux_5 = {
	.name = "linux-5.x",
	.summary = "Linux 5.x (barebox's copy of 5.13): as linux-4.18, but \"# end of\" only after a menu with entries in it",
	.legacy_choices = true,
	.empty_numbers = true,
	.macro_language = true,
	.end_of_menu_lines = true,
	.end_of_menu_needs_children = true,
	.bare_word_extra = "-",
	.missing_source_error = true,
	.config_var = "KCONFIG_CONFIG",
	.header = HEADER_MAINMENU,
};

/*
 * Linux 2.6's writer and grammar (not checked against a 2.6 conf: its
 * rules are BusyBox's, which is checked, less BusyBox's patch).
 */
static const struct kconfig_dialect linux_2_6 = {
	.name = "linux-2.6",
	.summary = "Linux 2.6: the rules of linux-4.17, a default n still writes the symbol, the \"Linux kernel version\" header with the date (not checked against conf)",
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
	.header = HEADER_VERSION_DATE,
	.header_version_label = "Linux kernel version",
	.hex_visible_prefixed = true,
};

/* BusyBox: Linux 2.6's kconfig, patched to write every symbol. */
static const struct kconfig_dialect busybox = {
	.name = "busybox",
	.summary = "BusyBox (kconfig of Linux 2.6, patched): every symbol written, unmet dependencies too; the \"Busybox version\" header; Config.in",
	.legacy_choices = true,
	.empty_numbers = true,
	.implied_needs_deps = true,
	.bare_word_prompts = true,
	.default_n_written = true,
	.bare_word_extra = "-/.",
	.missing_source_error = true,
	.config_var = "KCONFIG_CONFIG",
	.header = HEADER_VERSION_DATE,
	.header_version_label = "Busybox version",
	.write_every_symbol = true,
	.hex_visible_prefixed = true,
	.top_file = "Config.in",
};

/* ---- end of the rows found by a tree's copy ---- */

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
	&kconfiglib,
	/* found by their copy of kconfig (kconfig_copy.c) */
	&linux_5, &linux_2_6, &busybox,
	NULL,
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
	char *path = xmalloc(len);

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

	for (size_t i = 0; i < ARRAY_SIZE(marks); i++) {
		if (tree_has(srctree, marks[i])) {
			snprintf(why, why_size, "%s", marks[i]);
			return &kconfiglib;
		}
	}
	return NULL;
}

/*
 * A Linux tree by its Makefile: "VERSION = 2" to 99 (BusyBox's is 1,
 * U-Boot's and barebox's are years) and a scripts/kconfig.  The Makefile's version decides the generation
 * for Linux only; its copy of kconfig refines where the version does
 * not tell (5.x's end-of-menu rule).
 */
static const struct kconfig_dialect *linux_tree(const char *srctree,
						char *why, size_t why_size)
{
	int version = makefile_number(srctree, "VERSION");
	int patchlevel = makefile_number(srctree, "PATCHLEVEL");
	size_t n = ARRAY_SIZE(linux_generations);
	const struct kconfig_dialect *found = NULL;
	struct kconfig_copy copy;

	if (version < 2 || version > 99 || patchlevel < 0 ||
	    !tree_has(srctree, "scripts/kconfig"))
		return NULL;
	snprintf(why, why_size, "Makefile: Linux %d.%d", version, patchlevel);
	/* Never refused: a newer kernel gets the newest rules, and is told so. */
	if (version > linux_generations[0].version ||
	    (version == linux_generations[0].version &&
	     patchlevel > linux_generations[0].patchlevel))
		snprintf(why, why_size, "Makefile: Linux %d.%d, newer than kbrowse knows",
			 version, patchlevel);
	for (size_t i = 0; i < n && !found; i++) {
		int v = linux_generations[i].version;
		int p = linux_generations[i].patchlevel;

		if (version > v || (version == v && patchlevel >= p))
			found = linux_generations[i].dialect;
	}
	if (found == &linux_4_18 && kconfig_copy_scan(srctree, &copy) &&
	    copy.end_of_lines && !copy.end_of_every_menu) {
		snprintf(why, why_size, "Makefile: Linux %d.%d, end of menus from %s",
			 version, patchlevel, copy.writer);
		found = &linux_5;
	}
	/* 2.6's writer: the "Linux kernel version" header with the date */
	if (found == &linux_4_17 && kconfig_copy_scan(srctree, &copy) &&
	    copy.version_label[0] && !copy.writes_every_symbol) {
		snprintf(why, why_size, "Makefile: Linux %d.%d, header from %s",
			 version, patchlevel, copy.writer);
		found = &linux_2_6;
	}
	return found;
}

/*
 * The rules a copy of kconfig shows (kconfig_copy.c), for trees that are
 * not Linux: the generation by what its writer and lexer do, then the
 * forks' patches.
 */
static const struct kconfig_dialect *copy_rules(const struct kconfig_copy *copy)
{
	if (!copy->macro_language) {
		if (copy->writes_every_symbol)
			return &busybox;
		if (copy->version_label[0])
			return &linux_2_6;
		return &linux_4_17;
	}
	if (!copy->end_of_lines)
		/* 4.18 and 4.19: U-Boot's copy is the one such fork tested */
		return &u_boot;
	if (!copy->end_of_every_menu)
		return &linux_5;
	return copy->legacy_choices ? &linux_4_18 : &linux_6_11;
}

/*
 * The first word of srctree/.kbrowse-dialect (a tree's own setting, for
 * trees whose copy of kconfig says too little), into name; false when
 * there is no such file.
 */
bool dialect_tree_setting(const char *srctree, char *name, size_t size,
			  int *line_no)
{
	char *path = tree_path(srctree, DIALECT_SETTING_FILE);
	FILE *f = fopen(path, "r");
	char line[128];

	free(path);
	if (!f)
		return false;
	name[0] = '\0';
	for (int n = 1; fgets(line, sizeof(line), f); n++) {
		char *word = line + strspn(line, " \t");

		if (line_no)
			*line_no = n;
		if (*word == '#' || *word == '\n' || *word == '\0')
			continue;
		word[strcspn(word, " \t\r\n")] = '\0';
		snprintf(name, size, "%s", word);
		break;
	}
	fclose(f);
	return true;
}

const struct kconfig_dialect *dialect_detect(const char *srctree,
					     char *why, size_t why_size)
{
	const struct kconfig_dialect *found;
	struct kconfig_copy copy;
	char scratch[1], setting[64];

	if (!why) {
		why = scratch;
		why_size = sizeof(scratch);
	}
	if (dialect_tree_setting(srctree, setting, sizeof(setting), NULL) &&
	    (found = dialect_find(setting))) {
		snprintf(why, why_size, "%s", DIALECT_SETTING_FILE);
		return found;
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
	if ((found = linux_tree(srctree, why, why_size)))
		return found;
	if (kconfig_copy_scan(srctree, &copy) && copy.has_writer) {
		snprintf(why, why_size, "from %s", copy.writer);
		return copy_rules(&copy);
	}
	/* No copy to read: U-Boot numbers its releases by year. */
	if (makefile_number(srctree, "VERSION") >= 2000 &&
	    tree_has(srctree, "scripts/kconfig")) {
		snprintf(why, why_size, "Makefile: U-Boot %d.%02d",
			 makefile_number(srctree, "VERSION"),
			 makefile_number(srctree, "PATCHLEVEL"));
		return &u_boot;
	}
	snprintf(why, why_size, "default");
	return dialect_default();
}

/* Append ", TEXT" to why, as far as it fits. */
static void add_why(char *why, size_t why_size, const char *text)
{
	size_t len = strlen(why);

	if (len + 2 < why_size)
		snprintf(why + len, why_size - len, ", %s", text);
}

const struct kconfig_dialect *dialect_detect_tree(const char *srctree,
						  struct kconfig_dialect *room,
						  char *why, size_t why_size)
{
	const struct kconfig_dialect *row = dialect_detect(srctree, why, why_size);
	struct kconfig_copy copy;
	bool skip, words;

	/* A tree's setting file or Linux itself: the row as it is. */
	if (!why || strcmp(why, DIALECT_SETTING_FILE) == 0 ||
	    strncmp(why, "Makefile: Linux", 15) == 0 ||
	    !kconfig_copy_scan(srctree, &copy))
		return row;
	skip = copy.missing_source_skipped && row->missing_source_error;
	words = copy.slash_dot_words && !strchr(row->bare_word_extra, '/');
	if (!skip && !words)
		return row;
	*room = *row;
	if (skip) {
		room->missing_source_error = false;
		add_why(why, why_size, "a missing source skipped");
	}
	if (words) {
		room->bare_word_extra = "-/.";
		add_why(why, why_size, "file names without quotes");
	}
	return room;
}
