/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Symbols and their properties, as written in Kconfig: the model of the
 * language, not of values.  Values live in src/ (struct config), indexed
 * by symbol.index, so one parsed tree can carry several configurations.
 */
#ifndef KBROWSE_SYMBOL_H
#define KBROWSE_SYMBOL_H

#include <stdbool.h>
#include <stddef.h>
#include "location.h"

struct expr;
struct menu_node;
struct kconfig;

enum symbol_type {
	S_UNKNOWN,
	S_BOOLEAN,
	S_TRISTATE,
	S_INT,
	S_HEX,
	S_STRING,
};

/* symbol.flags */
enum {
	SYMBOL_CONST = 1 << 0,		/* y, m, n and quoted literals */
	SYMBOL_CHOICE = 1 << 1,		/* the nameless symbol of a choice */
	SYMBOL_CHOICEVAL = 1 << 2,	/* defined inside a choice */
	SYMBOL_DEFINED = 1 << 3,	/* has at least one config entry */
	SYMBOL_ALLNOCONFIG_Y = 1 << 4,	/* `option allnoconfig_y` (old kernels) */
	SYMBOL_ENV = 1 << 5,		/* `option env=` (old kernels) */
	SYMBOL_OPTIONAL = 1 << 6,	/* an `optional` choice (legacy choices) */
	/*
	 * `transitional` (Linux 6.18): an old name kept so that a .config
	 * that still sets it feeds the new symbol's default; never shown,
	 * never written.
	 */
	SYMBOL_TRANSITIONAL = 1 << 7,
	/* The constant m alone: expressions note whether they hold it (expr.h). */
	SYMBOL_MOD = 1 << 8,
};

enum prop_type {
	P_PROMPT,	/* prompt "text" [if cond] (also `bool "text"`) */
	P_MENU,		/* prompt of a menu or menuconfig */
	P_COMMENT,	/* text of a comment */
	P_DEFAULT,	/* default expr [if cond] (also def_bool, def_tristate) */
	P_SELECT,	/* select SYM [if cond] */
	P_IMPLY,	/* imply SYM [if cond] */
	P_RANGE,	/* range MIN MAX [if cond] */
};

struct property {
	struct property *next;		/* next property of the same symbol */
	enum prop_type type;
	struct symbol *sym;		/* owner; NULL for menu and comment prompts */
	struct menu_node *node;		/* the entry it was written in */
	struct location loc;		/* the line it was written on */

	const char *text;		/* P_PROMPT, P_MENU, P_COMMENT (expanded) */
	struct expr *expr;		/* P_DEFAULT: the value */
	struct symbol *target;		/* P_SELECT, P_IMPLY */
	struct symbol *range_min;	/* P_RANGE */
	struct symbol *range_max;

	struct expr *cond;		/* `if` condition as written; NULL if none */
	/*
	 * The word the line began with, to quote it as written: "default",
	 * "def_bool", "bool", "prompt"...; NULL for lines the parser made.
	 */
	const char *keyword;
	/*
	 * The line as written, when a $(...) on it was expanded (the other
	 * fields hold the expanded text); NULL otherwise.
	 */
	const char *raw;
	/*
	 * The condition that really applies: cond && the entry's `depends on`
	 * && everything enclosing it.  Filled in by kconfig_finish().
	 */
	struct expr *visible;
};

struct symbol {
	const char *name;		/* in the arena; NULL for a choice */
	enum symbol_type type;
	unsigned flags;
	unsigned index;			/* position in kconfig.symbols */
	/* hash_bytes() of the name, kept for the table (fills a hole). */
	unsigned name_hash;
	/*
	 * strlen(name), kept for speed: a lookup compares lengths before
	 * bytes, and the kernel's table order needs no strlen().
	 */
	unsigned name_len;

	struct property *props;		/* every property, in definition order */
	struct property **props_tail;
	struct menu_node *first_node;	/* config entries, linked by next_def */
	struct menu_node **nodes_tail;

	/* Filled in by kconfig_finish(): */
	struct menu_node *choice;	/* SYMBOL_CHOICEVAL: the enclosing choice */
	struct expr *dir_dep;		/* OR of the dependencies of every entry */
	struct expr *rev_dep;		/* OR of selecting symbols && conditions */
	struct expr *implied;		/* OR of implying symbols && conditions */

	const char *env_name;		/* SYMBOL_ENV: the variable */
};

const char *symbol_type_name(enum symbol_type type);	/* "bool", ... */

/*
 * A slot of the symbol table (kconfig.sym_slots).  A lookup probes slots
 * in a row and compares the hash and the length here, in one cache line,
 * and reads only the symbol whose name it may be: a chain of symbols
 * cost a cache miss on each symbol it passed.
 */
struct symbol_slot {
	unsigned hash;		/* hash_bytes() of the name */
	/* name_len << 1, | 1 for a quoted constant: the name space's part
	 * that never changes (SYMBOL_CONST is set when a symbol is made). */
	unsigned key;
	struct symbol *sym;	/* NULL: an empty slot */
};

/*
 * The symbol table.  Names of non-constant and constant (quoted) symbols
 * are separate namespaces, as in the kernel, except that "y", "m" and
 * "n" always give the three tristate constants.
 */
struct symbol *symbol_get(struct kconfig *kc, const char *name, bool is_const);
/* The same for a name that is not NUL-terminated. */
struct symbol *symbol_get_n(struct kconfig *kc, const char *name, size_t len,
			    bool is_const);
struct symbol *symbol_find(const struct kconfig *kc, const char *name);
/*
 * The choice called name, made at its first use: under the rules before
 * Linux 6.11 (legacy_choices) named choices have a namespace of their
 * own, and symbol_get() never answers with one.
 */
struct symbol *symbol_get_named_choice(struct kconfig *kc, const char *name,
				       size_t len);
/* A new nameless choice symbol. */
struct symbol *symbol_new_choice(struct kconfig *kc);
/* Create the table with y, m and n in it; release frees what it holds. */
void symbol_table_init(struct kconfig *kc);
void symbol_table_release(struct kconfig *kc);
/* Add a property of the given type to sym (NULL for menus/comments). */
struct property *property_new(struct kconfig *kc, struct symbol *sym,
			      enum prop_type type, struct location loc);

/* bool and tristate: the types whose values are n, m, y. */
static inline bool type_is_bool_or_tristate(enum symbol_type type)
{
	return type == S_BOOLEAN || type == S_TRISTATE;
}

/* symbol_is_choice_member(): in kconfig.h, inline (it needs menu.h). */
/* The first non-empty prompt text, and help text, of sym's entries; or NULL
 * (what matches a symbol across two trees, where its name changed). */
const char *symbol_prompt_text(const struct symbol *sym);
const char *symbol_help_text(const struct symbol *sym);

static inline bool symbol_is_tristate_const(const struct symbol *sym)
{
	/* y, m and n: the only constants with one-letter names. */
	return (sym->flags & SYMBOL_CONST) && sym->name && sym->name[0] &&
	       !sym->name[1] && (sym->name[0] == 'y' || sym->name[0] == 'm' ||
				 sym->name[0] == 'n');
}

#endif
