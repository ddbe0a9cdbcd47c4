/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tree view (view_tree.c): the menu pages or the outline, with the
 * value of each entry; where it is, for the history of jumps.
 */
#ifndef KBROWSE_UI_VIEW_TREE_H
#define KBROWSE_UI_VIEW_TREE_H

#include <stdbool.h>

#include "tree_model.h"

struct browser;

/* A place in the tree, for the history of jumps. */
struct place {
	struct entry *page;
	struct entry *selected;
	bool show_hidden;	/* a jump may have turned [all] on */
};

/* The prompt as shown, or the symbol's name when there is no prompt. */
const char *entry_label(const struct entry *entry);
/* Is the entry shown (visible in this configuration)? */
bool entry_visible(struct browser *br, const struct entry *entry);
/* The tree's current page and cursor, for history. */
struct place tree_place(struct browser *br);
void tree_goto(struct browser *br, struct place place);
/* Outline mode (the whole tree, expandable) or menu pages. */
bool tree_outline(struct browser *br);
void tree_set_outline(struct browser *br, bool outline);
/* The entry under the tree's cursor, or NULL. */
struct entry *tree_selected(struct browser *br);

#endif
