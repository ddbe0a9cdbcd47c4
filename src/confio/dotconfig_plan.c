// SPDX-License-Identifier: GPL-2.0
/*
 * What the .config writer walks, listed once per tree.
 *
 * conf writes the menu tree in order: each menu and comment with a
 * prompt as a "# title" block when visible, each symbol at its first
 * entry (at every entry in BusyBox's writer) when it is to be written,
 * "# end of title" after the entries of a visible menu (by the
 * dialect's rules).  Which entry is a symbol's first, which menus can
 * end with such a line and the order of it all are the same for every
 * configuration of a tree: the plan lists them, so that each file only
 * asks the values (config_write.c; survey writes hundreds of files of
 * one tree, each walking 19,000 menu nodes before).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dotconfig_plan.h"
#include "util.h"

static bool is_symbol_entry(const struct menu_node *node)
{
	return node->sym && node->kind != MENU_ROOT && node->kind != MENU_IF;
}

/*
 * Does the menu hold any entry, once `if` blocks are opened up (as
 * Kconfiglib's menu tree has them)?
 */
static bool has_entries(const struct menu_node *menu)
{
	for (const struct menu_node *child = menu->children; child;
	     child = child->next)
		if (child->kind != MENU_IF || has_entries(child))
			return true;
	return false;
}

/* Can the node's "# end of" line follow its entries, by the dialect? */
static bool can_end_menu(const struct kconfig_dialect *dialect,
			 const struct menu_node *node)
{
	if (!node->prompt ||
	    node->prompt->type != P_MENU || !dialect->end_of_menu_lines)
		return false;
	if (dialect->no_end_of_empty_menus && !has_entries(node))
		return false;
	/* 5.x's writer prints it on its way up from the menu's entries */
	return !dialect->end_of_menu_needs_children || node->children;
}

static inline size_t add(struct dotconfig_plan *plan, enum plan_kind kind,
			 const struct menu_node *node, unsigned title)
{
	if (plan->n == plan->cap) {
		plan->cap = plan->cap ? plan->cap * 2 : 1024;
		plan->items = xrealloc(plan->items, plan->cap * sizeof(*plan->items));
	}
	plan->items[plan->n] = (struct plan_item){ .kind = kind, .title = title,
						   .node = node };
	return plan->n++;
}

/*
 * A symbol's line: its index listed for the written flags, its name's
 * length (the symbol table's, no strlen()).
 */
static void add_symbol(struct dotconfig_plan *plan, const struct menu_node *node)
{
	size_t at = add(plan, PLAN_SYMBOL, node, 0);	/* items may move */
	struct plan_item *item = &plan->items[at];

	if (plan->nsymbols % 1024 == 0)
		plan->symbols = xrealloc(plan->symbols,
					 (plan->nsymbols + 1024) * sizeof(*plan->symbols));
	item->slot = (unsigned)plan->nsymbols;
	item->name_len = node->sym->name_len;
	plan->symbols[plan->nsymbols++] = node->sym->index;
}

/*
 * The entries under parent, in menu order, each before its own entries.
 * The loop calls itself only for entries with children: nearly all of
 * the 19,000 entries of Linux's tree are leaves.
 */
static void plan_children(struct dotconfig_plan *plan, unsigned char *listed,
			  const struct menu_node *parent)
{
	const struct kconfig_dialect *dialect = plan->kc->dialect;

	for (const struct menu_node *node = parent->children; node; node = node->next) {
		const struct symbol *sym = node->sym;
		bool symbol_entry = is_symbol_entry(node);
		size_t title = 0;

		/* A node without a prompt is never visible: no title to write. */
		if (!symbol_entry && node->prompt)
			title = add(plan, PLAN_TITLE, node, 0);
		else if (symbol_entry && !(sym->flags & SYMBOL_CHOICE) &&
			 (dialect->write_every_symbol || !listed[sym->index])) {
			listed[sym->index] = 1;
			add_symbol(plan, node);
		}
		if (node->children)
			plan_children(plan, listed, node);
		if (!symbol_entry && can_end_menu(dialect, node))
			add(plan, PLAN_END, node, (unsigned)title);
	}
}

struct dotconfig_plan *dotconfig_plan_build(const struct kconfig *kc)
{
	struct dotconfig_plan *plan = xcalloc(1, sizeof(*plan));
	unsigned char *listed = xcalloc(kc->nsymbols + 1, 1);

	plan->kc = kc;
	plan_children(plan, listed, &kc->root);
	free(listed);
	return plan;
}

void dotconfig_plan_free(struct dotconfig_plan *plan)
{
	if (!plan)
		return;
	free(plan->items);
	free(plan->symbols);
	free(plan);
}
