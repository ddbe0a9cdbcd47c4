// SPDX-License-Identifier: GPL-2.0
/*
 * The menu tree as shown.  Its shape is the kernel's finished menu tree,
 * taken as it is from the model (config_kernel_menu()): this file adds no
 * nesting rule of its own, only entries that link to each other and how
 * a page lists them.
 */
#include "buildconf.h"

#include <stdlib.h>

#include "config_io.h"
#include "tree_model.h"
#include "util.h"
#include "menu_shape.h"

struct builder {
	struct tree_model *model;
	const struct kernel_menu *km;
	size_t capacity;
};

/* The entry of node and, depth-first after it, of everything under it. */
static struct entry *add_subtree(struct builder *b, const struct menu_node *node,
				 struct entry *parent)
{
	struct tree_model *model = b->model;
	struct entry *entry, **tail;

	if (model->count == b->capacity)
		abort();	/* the shape holds each parsed node once */
	entry = &model->entries[model->count];
	entry->node = node;
	entry->parent = parent;
	entry->index = (unsigned)model->count;
	model->all[model->count++] = entry;
	tail = &entry->children;
	for (const struct menu_node *child = kernel_menu_child(b->km, node); child;
	     child = kernel_menu_next(b->km, child)) {
		*tail = add_subtree(b, child, entry);
		tail = &(*tail)->next;
	}
	return entry;
}

struct tree_model *tree_model_build(struct config *cfg)
{
	struct kconfig *kc = config_tree(cfg);
	struct tree_model *model = xcalloc(1, sizeof(*model));
	struct builder b = { .model = model, .km = config_kernel_menu(cfg) };

	for (const struct menu_node *node = &kc->root; node;
	     node = menu_next(&kc->root, node))
		b.capacity++;
	model->entries = xcalloc(b.capacity, sizeof(*model->entries));
	model->all = xcalloc(b.capacity, sizeof(*model->all));
	model->root = add_subtree(&b, &kc->root, NULL);
	model->title = config_title_text(cfg);
	return model;
}

void tree_model_free(struct tree_model *model)
{
	if (!model)
		return;
	free(model->entries);
	free(model->all);
	free(model->title);
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
