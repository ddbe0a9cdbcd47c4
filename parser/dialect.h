/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kconfig dialects: what differs between the generations of the kernel's
 * kconfig and the forks other projects carry, described as data in one
 * table (dialect.c).  The parser, the value model, the .config writer,
 * the conf modes and the explainer ask the tree's dialect; nothing else
 * compares version numbers.
 */
#ifndef KBROWSE_DIALECT_H
#define KBROWSE_DIALECT_H

#include <stdbool.h>
#include <stddef.h>

/* How the .config header reads. */
enum dialect_header {
	HEADER_MAINMENU,	/* "# Automatically generated ...\n# <mainmenu>" */
	HEADER_MAINMENU_EXPANDED,	/* the same, $VAR in the mainmenu prompt expanded */
	/*
	 * Kconfiglib's write_config(): $KCONFIG_CONFIG_HEADER as it is
	 * (Kconfiglib reads it when the tree is loaded), else no header.
	 */
	HEADER_KCONFIGLIB,
	/*
	 * Linux 2.6's writer as the forks of it keep it (BusyBox):
	 * "# Automatically generated make config: don't edit", then
	 * "# <header_version_label>: $KERNELVERSION" and the time of
	 * writing (ctime of $SOURCE_DATE_EPOCH or now; none when
	 * $KCONFIG_NOTIMESTAMP is set).
	 */
	HEADER_VERSION_DATE,
};

/*
 * What a call of a preprocessor function this program does not have
 * stands for: the value of the first entry whose suffix ends the
 * function's name ("" ends every name).
 */
struct dialect_stand_in {
	const char *suffix;
	const char *value;
};

struct kconfig_dialect {
	const char *name;		/* "linux-6.11", for --dialect */
	const char *summary;		/* one line: which rules these are */

	/*
	 * Choices as before Linux 6.11: a choice is a bool or tristate
	 * symbol of its own whose value its members depend on; a tristate
	 * choice in m mode lets each tristate member be m or n; `optional`
	 * choices may have no member set; a user's n for the default member
	 * does not move the choice; a hidden choice writes nothing;
	 * defaults on members and prompts outside the choice are warnings.
	 * False: the 6.11 rules (bool members only, exactly one y).
	 */
	bool legacy_choices;
	/* The macro language of 4.18: $(...) references, := and = lines. */
	bool macro_language;
	/* `option env="VAR"` gives a symbol its value from the environment. */
	bool option_env;
	/*
	 * $VAR in `source` and prompts names an `option env` symbol (before
	 * 4.18, and Buildroot), not only an environment variable.
	 */
	bool dollar_var_symbols;
	/* Symbols given `option env` are not written to .config. */
	bool env_symbols_unwritten;
	/* "# end of MENU" after each visible menu in .config. */
	bool end_of_menu_lines;
	/*
	 * Bytes a bare word (a symbol name, an unquoted source path or
	 * default) may hold besides letters, digits and '_' ("-" in Linux;
	 * U-Boot and Buildroot also take '/' and '.').
	 */
	const char *bare_word_extra;
	/*
	 * A `source` naming a file that does not exist is an error; false:
	 * it is skipped with a note, as forks that patched that out do.
	 */
	bool missing_source_error;
	/*
	 * An int or hex symbol that gets no value (no user value, no active
	 * default) is empty ("CONFIG_X="), as in Kconfiglib and before Linux
	 * 6.2; false: 0 and 0x0, as since.
	 */
	bool empty_numbers;
	/*
	 * Kconfiglib (as Linux 4.x): a tristate outside a choice whose value
	 * comes out m is y when an `imply` from a y symbol reaches it, also
	 * over the user's m; Linux 6.1 and later keep the m.
	 */
	bool imply_y_lifts_m;
	/*
	 * Kconfiglib: no "# end of" line for a menu with no entries in it
	 * (its walk never enters it); the C kconfig writes one.
	 */
	bool no_end_of_empty_menus;
	/*
	 * Kconfiglib: `m` in `visible if` means "m if modules are on"
	 * (m && MODULES), as in every other condition; the C kconfig leaves
	 * it m there.
	 */
	bool mod_in_visible_if;
	/*
	 * Kconfiglib: a bare word where a prompt's text goes is that text
	 * (`menu Wi-Fi`, `bool enable`), with a style warning.
	 */
	bool bare_prompts;
	/*
	 * ESP-IDF's Kconfiglib fork: `help` on a menu or a comment is kept
	 * (with a warning: Kconfiglib 14.1 itself fails there).
	 */
	bool help_on_menus;
	/*
	 * Zephyr's Kconfiglib: `configdefault NAME` followed by `default`
	 * lines adds defaults to NAME without weakening its dependencies.
	 */
	bool configdefault;
	/*
	 * Kconfiglib: a user value outside the symbol's active range is
	 * ignored (the defaults decide); the C kconfig moves it to the
	 * nearer bound.
	 */
	bool out_of_range_user_ignored;
	/*
	 * Kconfiglib: an entry in a choice that depends on the entry before
	 * it is nested under that entry and is no member of the choice.
	 */
	bool choice_members_nest;
	/*
	 * Kconfiglib: the modules symbol is the one called MODULES, with or
	 * without `option modules` (which it ignores elsewhere).
	 */
	bool modules_by_name;
	/*
	 * Kconfiglib: a named choice is never found by its name from outside
	 * the Kconfig text (a .config line names the config of that name):
	 * its choices are not in its symbol table.  The C kconfig before 6.11
	 * takes whichever of the two was made last.
	 */
	bool choice_names_apart;
	/* Kconfiglib: $VAR and ${VAR} expanded inside quoted strings. */
	bool string_env_expansion;
	/* Kconfiglib: a backslash at the end of a line continues it. */
	bool line_continuation;
	/*
	 * `imply` counts only where the implied symbol's dependencies are
	 * not n (4.19 and older: a symbol implied past n dependencies is
	 * not written, nor in Kconfiglib; Linux 6.1 writes it as n).
	 */
	bool implied_needs_deps;
	/*
	 * String values go between quotes as they are, with no backslash
	 * escapes, when written and when read back (U-Boot's conf).
	 */
	bool raw_strings;
	/*
	 * A bare word is a prompt too (`bool n` has the prompt "n"), as
	 * in 4.19's grammar and older.
	 */
	bool bare_word_prompts;
	/*
	 * A bool or tristate whose active default gives n is still written
	 * ("# CONFIG_X is not set"), as Linux 4.11's conf does; 4.17's
	 * writes it only when the default gives m or y.
	 */
	bool default_n_written;
	/*
	 * `transitional` (Linux 6.18): a symbol with only a type (and help)
	 * whose .config value is read and feeds the defaults that name it,
	 * but which has no prompt and is never written.  False: the word is
	 * no keyword ("unknown statement").
	 */
	bool transitional;
	/*
	 * A symbol whose value comes from a `default OLD` where OLD is a
	 * transitional symbol with a .config value counts as set by the
	 * user (conf does not ask it as NEW, listnewconfig leaves it out):
	 * Linux 7.0's conf.
	 */
	bool transitional_default_sets;
	/* `depends on X if Y`, which means X || (Y = n) (Linux 7.0). */
	bool conditional_depends;
	/*
	 * A file sourced a second time anywhere in the tree is an error
	 * ("Repeated inclusion of F", with a note on the first), not only
	 * one sourced from inside itself.
	 */
	bool repeated_include_error;
	/*
	 * $KCONFIG_WARN_CHANGED_INPUT: conf warns on stderr of the .config
	 * values it changed ("warning: user-provided values changed by
	 * Kconfig:") when it writes .config or a defconfig.
	 */
	bool warn_changed_input;
	/* The symbol prefix in .config when $CONFIG_ is unset; NULL: "CONFIG_". */
	const char *config_prefix;
	/*
	 * Calls of functions that are neither built in nor defined in the
	 * tree, such as the ones Zephyr writes in Python for Kconfiglib
	 * ($(dt_has_compat,...)): NULL, they give "" without a word, as in
	 * the kernel; else each name is warned about once and every call
	 * gives its stand-in (a table ending with the suffix ""), and the
	 * values computed from them say so in explain.
	 */
	const struct dialect_stand_in *unknown_functions;
	/* The environment variable naming the .config file. */
	const char *config_var;
	enum dialect_header header;

	/* ---- the forks' patches (rows found by kconfig_copy.c) ---- */
	/*
	 * Linux 5.x's writer: "# end of MENU" only when it leaves a menu
	 * that has children (an empty `menu` ... `endmenu` gets none);
	 * 6.1's writes one after every visible menu.
	 */
	bool end_of_menu_needs_children;
	/*
	 * BusyBox's writer: every symbol entry in menu order, unmet
	 * dependencies included (n as "# CONFIG_X is not set", a string as
	 * ""), once per entry; an int with no value is 0.
	 */
	bool write_every_symbol;
	/*
	 * Linux 2.6's conf sets each visible hex symbol through
	 * sym_set_string_value(), which puts "0x" before a value without
	 * it (`default 10` is written 0x10); a hidden one is written as is.
	 */
	bool hex_visible_prefixed;
	/* HEADER_VERSION_DATE's label before the version ("Busybox version"). */
	const char *header_version_label;
	/*
	 * The top file the tree's own conf is given when the tree has no
	 * Kconfig (BusyBox's Makefile runs `conf Config.in`); NULL: Kconfig.
	 */
	const char *top_file;
	/* ---- end of the forks' fields ---- */
};

/* The dialect called name, or NULL. */
const struct kconfig_dialect *dialect_find(const char *name);
/* The rules of the newest kernel: what kbrowse uses when nothing says. */
const struct kconfig_dialect *dialect_default(void);
/* Every dialect, for --help and error messages: NULL-terminated. */
const struct kconfig_dialect *const *dialect_all(void);

/*
 * The dialect of the tree at srctree (NULL: the current directory): what
 * the tree shows (a Linux Makefile's VERSION and PATCHLEVEL, a project's
 * own copy of kconfig), else the default.  why (if not NULL) gets a short
 * reason, such as "Makefile: Linux 6.1".  The environment is not read
 * here: $KBROWSE_DIALECT is the command line's (kconfig_options.dialect),
 * so that a process holding two trees (diff --from-tree) detects each
 * one's own rules.
 */
const struct kconfig_dialect *dialect_detect(const char *srctree,
					     char *why, size_t why_size);

/*
 * dialect_detect(), then the patches the tree's copy of kconfig shows
 * that its row lacks (a missing `source` skipped, file names without
 * quotes), applied to a copy of the row in room: the row itself, or
 * room when patched (why then names them).
 */
const struct kconfig_dialect *dialect_detect_tree(const char *srctree,
						  struct kconfig_dialect *room,
						  char *why, size_t why_size);

/*
 * A tree's own setting: the file .kbrowse-dialect at its top, whose
 * first word (lines starting with # are comments) names the dialect.
 * It comes after --dialect and $KBROWSE_DIALECT, before detection.
 */
#define DIALECT_SETTING_FILE ".kbrowse-dialect"
/*
 * The word in srctree's setting file into name ("" if none) and its line
 * into line_no (if not NULL); false: no such file.
 */
bool dialect_tree_setting(const char *srctree, char *name, size_t size,
			  int *line_no);

#endif
