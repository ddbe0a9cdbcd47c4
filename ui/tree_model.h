/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The menu tree as a configurator shows it.
 *
 * The parsed tree keeps entries where they were written; menuconfig
 * shows them differently: `if` blocks vanish into their parent, and the
 * entries right after a config symbol that depend on it are nested under
 * it (the submenu of a `menuconfig`, or an indented group under a plain
 * `config`).  This is that presentation, built once per tree, pointing
 * into the parsed nodes.
 */
#ifndef KBROWSE_UI_TREE_MODEL_H
#define KBROWSE_UI_TREE_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include "kconfig.h"

struct entry {
	const struct menu_node *node;
	struct entry *parent;		/* as shown; NULL for the root */
	struct entry *children;		/* first child as shown */
	struct entry *next;
	unsigned index;			/* position in tree_model.all */
};

struct tree_model {
	struct entry *root;
	struct entry **all;		/* every entry, depth-first order */
	size_t count;
};

struct tree_model *tree_model_build(const struct kconfig *kc);
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

#endif
