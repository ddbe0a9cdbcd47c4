/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The menu tree: one node per entry written in the Kconfig files, in the
 * order written, with `source` inlined.  `if` blocks stay in the tree as
 * MENU_IF nodes (so that `dump` can print them back); code that walks the
 * tree for values treats them as transparent.
 */
#ifndef KBROWSE_MENU_H
#define KBROWSE_MENU_H

#include <stdbool.h>

#include "location.h"

struct symbol;
struct property;
struct expr;

enum menu_kind {
	MENU_ROOT,		/* the whole tree; its prompt is `mainmenu` */
	MENU_CONFIG,
	MENU_MENUCONFIG,
	MENU_CHOICE,
	MENU_MENU,
	MENU_COMMENT,
	MENU_IF,
};

/*
 * A `depends on X if Y` line (Linux 7.0), as written: the entry's
 * `depends` holds what the kernel makes of it, X || (Y = n).
 */
struct cond_depends {
	struct cond_depends *next;
	struct expr *dep;		/* X */
	struct expr *cond;		/* Y */
	struct location loc;
};

struct menu_node {
	enum menu_kind kind;
	/*
	 * The entry's place in the tree as written, depth first (menu_next()
	 * order), the root 0: arrays kept per entry are indexed by it.  The
	 * parser makes entries in that order, so it is their count so far.
	 */
	unsigned serial;
	struct menu_node *parent;
	struct menu_node *next;		/* next sibling */
	struct menu_node *children;	/* first child */
	struct menu_node **children_tail;

	struct symbol *sym;		/* config, menuconfig, choice */
	struct property *prompt;	/* NULL when the entry has none */
	struct expr *depends;		/* `depends on` lines ANDed; MENU_IF: its expr */
	struct expr *visible_if;	/* `visible if` lines ANDed (menus) */
	struct cond_depends *cond_depends;	/* in the order written */
	/* With cond_depends: the other `depends on` lines ANDed (dump). */
	struct expr *plain_depends;
	/* The `transitional` line (SYMBOL_TRANSITIONAL), file NULL if none. */
	struct location transitional_loc;
	const char *help;		/* help text as the kernel keeps it, or NULL */
	struct location help_loc;	/* the `help` line */
	struct location loc;		/* the `config`/`menu`/... line */
	struct location end_loc;	/* `endmenu`, `endchoice`, `endif` */

	/*
	 * Filled in by kconfig_finish(): `depends` && every enclosing
	 * menu's, choice's and if's dependency.
	 */
	struct expr *dep;

	struct menu_node *next_def;	/* next entry of the same symbol */
	/*
	 * The first property this entry wrote into sym->props; the entry's
	 * properties follow each other there (node_for_each_prop), so a
	 * symbol defined 100,000 times is not walked once per entry.
	 */
	struct property *props;
	/*
	 * `configdefault` (Zephyr's Kconfiglib): an entry that only adds
	 * defaults, each also conditional on the symbol's dependencies,
	 * and adds no dependency of its own.
	 */
	bool defaults_only;
	/* Where the help text starts in help_loc's file, as a byte offset. */
	unsigned help_offset;
};

/* The properties a symbol's entry wrote, in the order written. */
#define node_for_each_prop(node, prop) \
	for ((prop) = (node)->props; (prop) && (prop)->node == (node); \
	     (prop) = (prop)->next)

/*
 * Depth-first, pre-order successor of node within root; NULL at the end.
 * Inline: finishing the tree and computing values walk it several times.
 */
static inline struct menu_node *menu_next(const struct menu_node *root,
					  const struct menu_node *node)
{
	if (node->children)
		return node->children;
	while (node && node != root) {
		if (node->next)
			return node->next;
		node = node->parent;
	}
	return NULL;
}

#endif
