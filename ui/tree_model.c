// SPDX-License-Identifier: GPL-2.0
/*
 * The menu tree as shown.  Its shape is the kernel's finished menu tree,
 * taken as it is from the model (config_kernel_menu()): this file adds no
 * nesting rule of its own, only entries that link to each other and how
 * a page lists them.
 */
#include "buildconf.h"

#include <limits.h>
#include <stdlib.h>

#include "config_io.h"
#include "tree_model.h"
#include "util.h"
#include "menu_shape.h"

/*
 * Each entry has the place of its node in depth-first order
 * (kernel_menu_position()), so that entries added in two passes are in
 * the order one pass gives.  A menu whose entries are left for later is
 * marked in model->unbuilt.
 */
static struct entry *add_subtree(struct tree_model *model, const struct menu_node *node,
				 struct entry *parent, int menus_open)
{
	int pos = kernel_menu_position(model->km, node);
	struct entry *entry, **tail;

	if (pos < 0 || (size_t)pos >= model->count || model->entries[pos].node)
		abort();	/* the shape holds each parsed node once */
	entry = &model->entries[pos];
	entry->node = node;
	entry->parent = parent;
	entry->index = (unsigned)pos;
	if (parent && entry_is_menu(entry) && menus_open-- == 0) {
		model->unbuilt[pos] = 1;
		return entry;
	}
	tail = &entry->children;
	for (const struct menu_node *child = kernel_menu_child(model->km, node); child;
	     child = kernel_menu_next(model->km, child)) {
		*tail = add_subtree(model, child, entry, menus_open);
		tail = &(*tail)->next;
	}
	return entry;
}

/* Every entry: the depth a menu is opened to is unbounded. */
#define ALL_MENUS	INT_MAX

static struct tree_model *model_build(struct config *cfg, int menus_open)
{
	struct kconfig *kc = config_tree(cfg);
	struct tree_model *model = xcalloc(1, sizeof(*model));

	model->km = config_kernel_menu_lazy(cfg);
	model->count = kc->nnodes;
	model->entries = xcalloc(model->count, sizeof(*model->entries));
	model->all = xcalloc(model->count, sizeof(*model->all));
	model->unbuilt = xcalloc(model->count, 1);
	for (size_t i = 0; i < model->count; i++)
		model->all[i] = &model->entries[i];
	model->root = add_subtree(model, &kc->root, NULL, menus_open);
	model->title = config_title_text(cfg);
	if (menus_open == ALL_MENUS)
		tree_model_complete(model);
	return model;
}

struct tree_model *tree_model_build(struct config *cfg)
{
	return model_build(cfg, ALL_MENUS);
}

/* The main menu's page; each menu on it is filled when first looked into. */
struct tree_model *tree_model_build_first(struct config *cfg)
{
	return model_build(cfg, 0);
}

/* The entries of a menu left out so far, the menus among them left out too. */
static void fill_menu(struct tree_model *model, struct entry *entry, int menus_open)
{
	struct entry **tail = &entry->children;

	model->unbuilt[entry->index] = 0;
	for (const struct menu_node *child = kernel_menu_child(model->km, entry->node);
	     child; child = kernel_menu_next(model->km, child)) {
		*tail = add_subtree(model, child, entry, menus_open);
		tail = &(*tail)->next;
	}
}

struct entry *tree_model_children(struct tree_model *model, struct entry *entry)
{
	if (model->unbuilt && model->unbuilt[entry->index])
		fill_menu(model, entry, 0);
	return entry->children;
}

void tree_model_complete(struct tree_model *model)
{
	if (!model->unbuilt)
		return;
	for (size_t i = 0; i < model->count; i++)
		if (model->unbuilt[i])
			fill_menu(model, &model->entries[i], ALL_MENUS);
	/* Every node has its entry now: none was missed or left out. */
	for (size_t i = 0; i < model->count; i++)
		if (!model->entries[i].node)
			abort();
	free(model->unbuilt);
	model->unbuilt = NULL;
}

void tree_model_free(struct tree_model *model)
{
	if (!model)
		return;
	free(model->entries);
	free(model->all);
	free(model->title);
	free(model->unbuilt);
	free(model);
}

bool entry_is_menu(const struct entry *entry)
{
	switch (entry->node->kind) {
	case MENU_ROOT:
	case MENU_MENU:
	case MENU_CHOICE:
		return true;
	case MENU_MENUCONFIG:
		/* Without a prompt it is a plain symbol, as in the kernel. */
		return entry->node->prompt != NULL;
	default:
		return false;
	}
}

struct entry *tree_model_find(const struct tree_model *model,
			      const struct menu_node *node)
{
	for (size_t i = 0; i < model->count; i++)
		if (model->all[i]->node == node)
			return model->all[i];
	return NULL;
}

struct entry *entry_page(const struct entry *entry)
{
	struct entry *up = entry->parent;

	while (up && !entry_is_menu(up))
		up = up->parent;
	return up;
}

int entry_depth(const struct entry *entry)
{
	int depth = 0;

	for (struct entry *up = entry->parent; up && !entry_is_menu(up); up = up->parent)
		depth++;
	return depth;
}

bool entry_is_visible(struct config *cfg, const struct entry *entry)
{
	if (entry->node->kind == MENU_ROOT)
		return true;
	return config_node_visible(cfg, entry->node);
}

bool entry_is_listed(struct config *cfg, const struct entry *entry,
		     bool show_hidden)
{
	/* An `if` has nothing to show: its condition is in its entries'. */
	if (entry->node->kind == MENU_IF)
		return false;
	/* A transitional symbol is an old name, not an option (search finds it). */
	if (entry->node->sym && (entry->node->sym->flags & SYMBOL_TRANSITIONAL))
		return false;
	return show_hidden || entry_is_visible(cfg, entry);
}

static void list_under(struct config *cfg, const struct entry *parent,
		       bool show_hidden, int depth, tree_list_fn *fn, void *ctx)
{
	for (struct entry *e = parent->children; e; e = e->next) {
		if (!entry_is_listed(cfg, e, show_hidden))
			continue;
		fn(ctx, e, depth);
		if (!entry_is_menu(e))
			list_under(cfg, e, show_hidden, depth + 1, fn, ctx);
	}
}

void tree_model_list_page(struct config *cfg, const struct entry *page,
			  bool show_hidden, tree_list_fn *fn, void *ctx)
{
	list_under(cfg, page, show_hidden, 0, fn, ctx);
}
