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
	/* A `source` naming a file that does not exist is an error. */
	bool missing_source_error;
	/* Kconfiglib: $VAR and ${VAR} expanded inside quoted strings. */
	bool string_env_expansion;
	/* Kconfiglib: a backslash at the end of a line continues it. */
	bool line_continuation;
	/*
	 * An int or hex symbol with no value is empty ("CONFIG_X="), as
	 * before Linux 6.2; since then it is 0 or 0x0.
	 */
	bool empty_numbers;
	/*
	 * `imply` counts only where the implied symbol's dependencies are
	 * not n (4.19 and older: a symbol implied past n dependencies is
	 * not written; Linux 6.1 writes it as n).
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
	/* The symbol prefix in .config when $CONFIG_ is unset; NULL: "CONFIG_". */
	const char *config_prefix;
	/* The environment variable naming the .config file. */
	const char *config_var;
	enum dialect_header header;
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

#endif
