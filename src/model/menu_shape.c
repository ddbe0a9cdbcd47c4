// SPDX-License-Identifier: GPL-2.0
/*
 * The menu tree as the kernel rearranges it.
 *
 * After computing dependencies the kernel reshapes the menu tree: the
 * entries that follow a symbol and depend on it become its children (the
 * indented "submenus" of menuconfig), and the children of `if` blocks and
 * of symbols without a prompt are lifted back out.  Which entries are
 * shown, and what `listnewconfig` walks, follow that shape.  The parsed
 * tree stays as written; this is a view of it.
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "kernel_expr_internal.h"
#include "menu_shape.h"

struct kernel_menu {
	size_t count;
	const struct menu_node **nodes;	/* by position; nodes[0] is the root */
	int *parent, *child, *next;	/* positions, -1 for none */
	struct kform k;
	/*
	 * Menus not finished yet (by position): a menu's own entries are
	 * put in shape when something first looks inside it, so that the
	 * browser's first screen pays only for the pages it shows.
	 */
	unsigned char *pending;
	size_t npending;
	bool lazy;		/* else every menu is finished at once */
};

/* A node's position is its place as written (menu_node.serial). */
static int position_of(const struct kernel_menu *km, const struct menu_node *node)
{
	return node && node->serial < km->count ? (int)node->serial : -1;
}

/* The condition the kernel looks at for an entry: its prompt's, else its own. */
static struct expr *entry_condition(struct kform *k, const struct menu_node *node)
{
	if (node->prompt)
		return kform_prop_visible(k, node->prompt);
	return kform_node_dep(k, node);
}

/* Is sym a term of the && chain, as sym, sym=y, sym=m or sym!=n? */
static bool requires(struct kform *k, const struct expr *e, const struct symbol *sym)
{
	if (!e)
		return false;
	switch (e->op) {
	case E_AND:
		return requires(k, e->left, sym) || requires(k, e->right, sym);
	case E_SYMBOL:
		return e->sym == sym;
	case E_EQUAL:
		return e->lsym == sym &&
		       (e->rsym == k->kc->sym_yes || e->rsym == k->kc->sym_mod);
	case E_UNEQUAL:
		return e->lsym == sym && e->rsym == k->kc->sym_no;
	default:
		return false;
	}
}

/*
 * The kernel's expr_trans_compare(e, type, n): "e is not n" (or "is n")
 * spelled with explicit comparisons, for the superset test below.
 */
static struct expr *compare_to_n(struct kform *k, struct expr *e, bool unequal)
{
	struct symbol *n = k->kc->sym_no, *y = k->kc->sym_yes;
	struct expr *l, *r;

	if (!e) {
		e = kform_sym(k, n);
		return unequal ? kform_binary(k, E_NOT, e, NULL) : e;
	}
	switch (e->op) {
	case E_AND:
	case E_OR:
		l = compare_to_n(k, e->left, false);
		r = compare_to_n(k, e->right, false);
		e = kform_binary(k, e->op == E_AND ? E_OR : E_AND, l, r);
		return unequal ? kform_binary(k, E_NOT, e, NULL) : e;
	case E_NOT:
		return compare_to_n(k, e->left, !unequal);
	case E_SYMBOL:
		return kform_compare(k, unequal ? E_UNEQUAL : E_EQUAL, e->sym, n);
	default:
		(void)y;
		return unequal ? e : kform_binary(k, E_NOT, e, NULL);
	}
}

static struct expr *superset_form(struct kform *k, struct expr *e)
{
	return kform_eliminate_dups(k, kform_transform(k, compare_to_n(k, e, true)));
}

static void finalize(struct kernel_menu *km, int pos, bool inside_choice);

/*
 * A menu with a prompt of its own keeps its entries below it whatever
 * its finishing does (the entries move only among themselves), and the
 * list it is in does not depend on them: it is finished later, when
 * first looked into (settle()).  Anything else is finished now.
 */
static inline void finalize_or_defer(struct kernel_menu *km, int pos, bool inside_choice)
{
	const struct menu_node *node = km->nodes[pos];

	if (km->lazy && km->child[pos] >= 0 && node->prompt && node->prompt->text) {
		km->pending[pos] = 1;
		km->npending++;
		return;
	}
	finalize(km, pos, inside_choice);
}

/* Entries after a symbol that depend on it become its children. */
static void adopt_followers(struct kernel_menu *km, int pos)
{
	const struct menu_node *node = km->nodes[pos];
	struct symbol *sym = node->sym;
	struct kform *k = &km->k;
	struct expr *base = NULL;
	bool have_base = false;
	int last = -1, m;

	for (m = km->next[pos]; m >= 0; m = km->next[m]) {
		const struct menu_node *follower = km->nodes[m];
		struct expr *dep;

		/*
		 * The simplified condition names no symbol the one as written
		 * does not: most entries are ruled out without building it.
		 */
		if (!expr_mentions(follower->prompt ? follower->prompt->visible
					       : follower->dep, sym))
			break;
		dep = entry_condition(k, follower);
		if (!expr_mentions(dep, sym))
			break;
		if (!requires(k, dep, sym)) {
			/* Or dependencies that are a superset of sym's own. */
			struct expr *rest;

			if (!have_base) {
				base = superset_form(k, node->prompt
					? kform_prop_visible(k, node->prompt) : NULL);
				have_base = true;
			}
			rest = base;

			dep = superset_form(k, dep);
			kform_eliminate_equal(k, &dep, &rest);
			if (!kform_is_yes(k, rest))
				break;
		}
		finalize_or_defer(km, m, false);
		km->parent[m] = pos;
		last = m;
	}
	if (last >= 0) {
		km->child[pos] = km->next[pos];
		km->next[pos] = km->next[last];
		km->next[last] = -1;
	}
}

/* Children of `if` blocks and of symbols without a prompt move back up. */
static void lift_children(struct kernel_menu *km, int pos)
{
	for (int m = km->child[pos]; m >= 0; m = km->next[m]) {
		const struct menu_node *node = km->nodes[m];
		int last;

		if (km->child[m] < 0 || (node->prompt && node->prompt->text))
			continue;
		for (last = km->child[m];; last = km->next[last]) {
			km->parent[last] = pos;
			if (km->next[last] < 0)
				break;
		}
		km->next[last] = km->next[m];
		km->next[m] = km->child[m];
		km->child[m] = -1;
	}
}

static bool is_symbol_entry(const struct menu_node *node)
{
	return node->sym && node->kind != MENU_ROOT && node->kind != MENU_IF;
}

/*
 * Link the entries of the entry at pos as written (nodes[], parent[],
 * next[], child[]), when it is finished: the entries inside a menu left
 * pending are not touched before something looks inside it (a walk of
 * the whole tree misses the cache at every entry).
 */
static void link_children(struct kernel_menu *km, int pos)
{
	int prev = -1;

	for (const struct menu_node *node = km->nodes[pos]->children; node;
	     node = node->next) {
		int m = (int)node->serial;

		km->nodes[m] = node;
		km->parent[m] = pos;
		km->child[m] = node->children ? (int)node->children->serial : -1;
		km->next[m] = -1;
		if (prev >= 0)
			km->next[prev] = m;
		prev = m;
	}
}

static void finalize(struct kernel_menu *km, int pos, bool inside_choice)
{
	const struct menu_node *node = km->nodes[pos];

	link_children(km, pos);
	if (km->child[pos] >= 0) {
		/* Before 6.11 choice members also adopted their followers. */
		bool choice = node->kind == MENU_CHOICE && node->sym &&
			      !km->k.kc->dialect->legacy_choices;

		for (int m = km->child[pos]; m >= 0; m = km->next[m])
			finalize_or_defer(km, m, choice);
	} else if (!inside_choice && is_symbol_entry(node)) {
		adopt_followers(km, pos);
	}
	lift_children(km, pos);
}

/* The conditions were only needed to decide the shape. */
static void release_conditions(struct kernel_menu *km)
{
	free(km->k.memo);
	km->k.memo = NULL;
	free(km->k.reduced);
	km->k.reduced = NULL;
	arena_release(&km->k.arena);
	free(km->pending);
	km->pending = NULL;
}

static bool is_linked(const struct kernel_menu *km, const struct menu_node *node)
{
	return km->nodes[node->serial] == node;
}

/*
 * Finish what a question about node needs: the pending menu above it (or
 * itself, when self), then the one that finishing leaves pending above
 * it, until none is.  A chain up holds one pending menu at most (the
 * menus inside one are marked when it is finished).  The entries inside
 * a pending menu are not linked yet: from such an entry the walk goes up
 * the tree as written to the first linked entry, which is that menu;
 * from a linked one it follows parent[].
 */
static void __attribute__((noinline)) settle(struct kernel_menu *km,
					      const struct menu_node *node, bool self)
{
	while (km->npending) {
		const struct menu_node *up = node;
		int p;

		while (!is_linked(km, up))
			up = up->parent;
		if (up != node)
			p = (int)up->serial;
		else
			p = self ? (int)node->serial : km->parent[node->serial];
		while (p >= 0 && !km->pending[p])
			p = km->parent[p];
		if (p < 0)
			return;
		km->pending[p] = 0;
		km->npending--;
		finalize(km, p, false);
		if (!km->npending)
			release_conditions(km);
	}
}

struct kernel_menu *kernel_menu_build(struct kconfig *kc, bool lazy)
{
	struct kernel_menu *km = xcalloc(1, sizeof(*km));
	size_t n = kc->nnodes, mask = 1023;

	km->count = n;
	km->nodes = xcalloc(n, sizeof(*km->nodes));
	km->parent = xcalloc(n, sizeof(int));
	km->child = xcalloc(n, sizeof(int));
	km->next = xcalloc(n, sizeof(int));
	while (mask + 1 < 2 * n)
		mask = mask * 2 + 1;
	km->k.kc = kc;
	arena_init(&km->k.arena);
	km->k.memo_mask = mask;
	km->k.memo = xcalloc(km->k.memo_mask + 1, sizeof(*km->k.memo));
	km->k.reduced_mask = mask;
	km->k.reduced = xcalloc(km->k.reduced_mask + 1, sizeof(*km->k.reduced));
	km->lazy = lazy;
	km->pending = lazy ? xcalloc(n, 1) : NULL;
	km->nodes[0] = &kc->root;
	km->parent[0] = -1;
	km->child[0] = kc->root.children ? (int)kc->root.children->serial : -1;
	km->next[0] = -1;
	finalize(km, 0, false);
	if (!km->npending)
		release_conditions(km);
	return km;
}

void kernel_menu_free(struct kernel_menu *km)
{
	if (!km)
		return;
	free(km->nodes);
	free(km->parent);
	free(km->child);
	free(km->next);
	if (km->npending)
		release_conditions(km);
	free(km);
}

static const struct menu_node *at(const struct kernel_menu *km, int pos)
{
	return pos < 0 ? NULL : km->nodes[pos];
}

/*
 * node's position, with what a question about it needs finished.  The
 * shape is decided by the tree alone; finishing a pending part of it
 * when first asked about is a cache of that answer, so the questions
 * take the shape as const.
 */
static inline int settled_position(const struct kernel_menu *km,
			    const struct menu_node *node, bool self)
{
	int pos = position_of(km, node);

	if (pos >= 0 && km->npending)
		settle((struct kernel_menu *)km, node, self);
	return pos;
}

int kernel_menu_position(const struct kernel_menu *km, const struct menu_node *node)
{
	return position_of(km, node);
}

const struct menu_node *kernel_menu_parent(const struct kernel_menu *km,
					   const struct menu_node *node)
{
	int pos = settled_position(km, node, false);

	return pos < 0 ? NULL : at(km, km->parent[pos]);
}

const struct menu_node *kernel_menu_child(const struct kernel_menu *km,
					  const struct menu_node *node)
{
	int pos = settled_position(km, node, true);

	return pos < 0 ? NULL : at(km, km->child[pos]);
}

const struct menu_node *kernel_menu_next(const struct kernel_menu *km,
					 const struct menu_node *node)
{
	int pos = settled_position(km, node, false);

	return pos < 0 ? NULL : at(km, km->next[pos]);
}
