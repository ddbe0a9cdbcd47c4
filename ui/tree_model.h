/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The menu tree as a configurator shows it.
 *
 * The entries are those of the kernel's finished menu tree, in its shape
 * (src/model/menu_shape.c: entries that follow a symbol and depend on it
 * nested under it, `if` blocks and symbols without a prompt keeping no
 * children), built once per tree and pointing into the parsed nodes.
 * What the browser adds is how a page lists them, as menuconfig does:
 * menus, menuconfigs and choices are pages of their own ("--->"), the
 * entries under any other entry are listed indented below it on the same
 * page, and an entry that is not shown hides the entries under it.
 */
#ifndef KBROWSE_UI_TREE_MODEL_H
#define KBROWSE_UI_TREE_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include "config.h"
#include "kconfig.h"
#include "menu_shape.h"

struct entry {
	const struct menu_node *node;
	struct entry *parent;		/* NULL for the root */
	struct entry *children;		/* first child */
	struct entry *next;
	unsigned index;			/* position in tree_model.all */
};

struct tree_model {
	struct entry *root;
	struct entry **all;		/* every entry, depth-first order */
	size_t count;
	struct entry *entries;		/* the storage behind all */
	const struct kernel_menu *km;	/* the shape the entries follow */
	/* Menus whose entries are not added yet, by index (NULL: none). */
	unsigned char *unbuilt;
	/* The main menu's title as .config's header has it ($VAR expanded) */
	char *title;
};

/* Every entry of cfg's tree, in the kernel's finished shape. */
struct tree_model *tree_model_build(struct config *cfg);
/*
 * For the first screen: the main menu's page, the entries of each menu
 * added when first asked for (tree_model_children()), the rest, with
 * the menu shape below them, by tree_model_complete().  Until then all[]
 * holds entries without a node (at the places of those not added).
 */
struct tree_model *tree_model_build_first(struct config *cfg);
/* entry's first child, its menu's entries added first if they were left out. */
struct entry *tree_model_children(struct tree_model *model, struct entry *entry);
/* Add every entry left out (once; then a no-op). */
void tree_model_complete(struct tree_model *model);
void tree_model_free(struct tree_model *model);

/* Is the entry shown as its own page ("--->"): menus, menuconfigs, choices? */
bool entry_is_menu(const struct entry *entry);
/* The entry that shows node, or NULL. */
struct entry *tree_model_find(const struct tree_model *model,
			      const struct menu_node *node);
/* The menu page an entry is listed on (its nearest menu-like ancestor). */
struct entry *entry_page(const struct entry *entry);
/* How deep an entry is indented on its page (0: not nested). */
int entry_depth(const struct entry *entry);

/*
 * Is the entry visible in cfg (menuconfig's menu_is_visible: a hidden
 * prompt still shows while its symbol is not n and an entry under it is
 * visible)?  The root always is.
 */
bool entry_is_visible(struct config *cfg, const struct entry *entry);
/*
 * Is it listed on its page: visible, or any entry but an `if` when
 * show_hidden (the browser's "show invisible entries")?
 */
bool entry_is_listed(struct config *cfg, const struct entry *entry,
		     bool show_hidden);

typedef void tree_list_fn(void *ctx, struct entry *entry, int depth);
/*
 * The lines of a page in order: each listed entry under page, and after
 * each one that is not a page of its own, the entries listed under it,
 * one level deeper.  The entries under an entry that is not listed are
 * not either (as in menuconfig).
 */
void tree_model_list_page(struct config *cfg, const struct entry *page,
			  bool show_hidden, tree_list_fn *fn, void *ctx);

#endif
