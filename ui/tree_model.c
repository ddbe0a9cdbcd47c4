// SPDX-License-Identifier: GPL-2.0
/*
 * The menu tree as shown: `if` blocks flattened, dependent entries
 * nested under the symbol they follow (menuconfig's rule: an entry that
 * depends on the symbol written just before it belongs to it).
 */
#include "buildconf.h"

#include <stdlib.h>
#include <string.h>

#include "tree_model.h"
#include "util.h"

struct builder {
	struct tree_model *model;
	size_t cap;
};

static struct entry *new_entry(struct builder *b, const struct menu_node *node,
			       struct entry *parent)
{
	struct entry *entry = xcalloc(1, sizeof(*entry));

	entry->node = node;
	entry->parent = parent;
	if (b->model->count == b->cap) {
		b->cap = b->cap ? b->cap * 2 : 256;
		b->model->all = realloc(b->model->all, b->cap * sizeof(*b->model->all));
		if (!b->model->all)
			abort();
	}
	b->model->all[b->model->count++] = entry;
	return entry;
}

/* Does dep require sym to be at least m (the kernel's expr_depends_symbol)? */
static bool depends_on_symbol(const struct expr *dep, const struct symbol *sym)
{
	if (!dep)
		return false;
	switch (dep->op) {
	case E_AND:
		return depends_on_symbol(dep->left, sym) ||
		       depends_on_symbol(dep->right, sym);
	case E_SYMBOL:
		return dep->sym == sym;
	case E_EQUAL:
		return dep->lsym == sym && dep->rsym->name &&
		       (dep->rsym->flags & SYMBOL_CONST) &&
		       (!strcmp(dep->rsym->name, "y") || !strcmp(dep->rsym->name, "m"));
	case E_UNEQUAL:
		return dep->lsym == sym && dep->rsym->name &&
		       (dep->rsym->flags & SYMBOL_CONST) && !strcmp(dep->rsym->name, "n");
	default:
		return false;
	}
}

static const struct expr *entry_dep(const struct entry *entry)
{
	const struct menu_node *node = entry->node;

	return node->prompt && node->prompt->visible ? node->prompt->visible
						     : node->dep;
}

static bool is_symbol_entry(const struct entry *entry)
{
	return entry->node->kind == MENU_CONFIG ||
	       entry->node->kind == MENU_MENUCONFIG;
}

static void append_child(struct entry *parent, struct entry *child,
			 struct entry ***tail)
{
	child->parent = parent;
	child->next = NULL;
	**tail = child;
	*tail = &child->next;
}

/* Entries for the nodes of a list, `if` blocks flattened into it. */
static void add_list(struct builder *b, struct entry *parent,
		     const struct menu_node *first, struct entry ***tail);

static void add_node(struct builder *b, struct entry *parent,
		     const struct menu_node *node, struct entry ***tail)
{
	struct entry *entry;
	struct entry **child_tail;

	if (node->kind == MENU_IF) {
		add_list(b, parent, node->children, tail);
		return;
	}
	entry = new_entry(b, node, parent);
	append_child(parent, entry, tail);
	child_tail = &entry->children;
	add_list(b, entry, node->children, &child_tail);
}

static void add_list(struct builder *b, struct entry *parent,
		     const struct menu_node *first, struct entry ***tail)
{
	for (const struct menu_node *node = first; node; node = node->next)
		add_node(b, parent, node, tail);
}

/*
 * Move the entries after sym_entry that depend on its symbol under it;
 * each of them may take its own followers first.
 */
static void nest_followers(struct entry *sym_entry)
{
	const struct symbol *sym = sym_entry->node->sym;
	struct entry *last = NULL, *follower;
	struct entry **tail = &sym_entry->children;

	for (follower = sym_entry->next;
	     follower && depends_on_symbol(entry_dep(follower), sym);
	     follower = follower->next) {
		if (is_symbol_entry(follower))
			nest_followers(follower);
		last = follower;
	}
	if (!last)
		return;
	while (*tail)
		tail = &(*tail)->next;
	*tail = sym_entry->next;
	sym_entry->next = last->next;
	last->next = NULL;
	for (struct entry *e = *tail; e; e = e->next)
		e->parent = sym_entry;
}

static void nest_all(struct entry *parent)
{
	bool in_choice = parent->node->kind == MENU_CHOICE;

	for (struct entry *e = parent->children; e; e = e->next) {
		if (!in_choice && is_symbol_entry(e) && e->node->sym)
			nest_followers(e);
		nest_all(e);
	}
}

/* Renumber in depth-first order of the shown tree. */
static void order_all(struct tree_model *model, struct entry *entry, size_t *pos)
{
	entry->index = (unsigned)*pos;
	model->all[(*pos)++] = entry;
	for (struct entry *child = entry->children; child; child = child->next)
		order_all(model, child, pos);
}

struct tree_model *tree_model_build(const struct kconfig *kc)
{
	struct tree_model *model = xcalloc(1, sizeof(*model));
	struct builder b = { .model = model };
	struct entry **tail;
	size_t pos = 0;

	model->root = new_entry(&b, &kc->root, NULL);
	tail = &model->root->children;
	add_list(&b, model->root, kc->root.children, &tail);
	nest_all(model->root);
	order_all(model, model->root, &pos);
	return model;
}

void tree_model_free(struct tree_model *model)
{
	if (!model)
		return;
	for (size_t i = 0; i < model->count; i++)
		free(model->all[i]);
	free(model->all);
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
		return true;
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
