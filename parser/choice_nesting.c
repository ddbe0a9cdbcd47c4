// SPDX-License-Identifier: GPL-2.0
/*
 * Which entries of a choice are its members, before Linux 6.11.
 *
 * Those kernels decided membership after building the menu tree: an entry
 * written in a choice right after a member that it depends on became a
 * child of that member (the automatic submenu), and only the entries left
 * directly in the choice (or in the `if` blocks inside it) were members.
 * Linux 6.1's MIPS CPU choice has such entries (LOONGSON3_ENHANCEMENT,
 * "depends on CPU_LOONGSON64"): ordinary options shown under the CPU,
 * not further CPUs to choose from.  Since 6.11 every config written in a
 * choice is a member, and those entries moved out of it.
 *
 * The kernel nests a follower of a symbol when the follower's condition
 * (its prompt's, else its entry's) needs the symbol as an && term, or
 * holds every && term of the symbol's own prompt condition.  Conditions
 * here are as written, not simplified, so these tests compare terms.
 */
#include "choice_nesting.h"

static bool same_expr(const struct expr *a, const struct expr *b)
{
	if (a == b)
		return true;
	if (!a || !b || a->op != b->op)
		return false;
	switch (a->op) {
	case E_SYMBOL:
		return a->sym == b->sym;
	case E_NOT:
		return same_expr(a->left, b->left);
	case E_AND:
	case E_OR:
		return same_expr(a->left, b->left) && same_expr(a->right, b->right);
	default:
		return a->lsym == b->lsym && a->rsym == b->rsym;
	}
}

/* Is sym an && term of e, as sym, sym=y, sym=m or sym!=n? */
static bool needs_symbol(const struct kconfig *kc, const struct expr *e,
			 const struct symbol *sym)
{
	if (!e)
		return false;
	switch (e->op) {
	case E_AND:
		return needs_symbol(kc, e->left, sym) ||
		       needs_symbol(kc, e->right, sym);
	case E_SYMBOL:
		return e->sym == sym;
	case E_EQUAL:
		return e->lsym == sym &&
		       (e->rsym == kc->sym_yes || e->rsym == kc->sym_mod);
	case E_UNEQUAL:
		return e->lsym == sym && e->rsym == kc->sym_no;
	default:
		return false;
	}
}

/* Is the term an && term of e? */
static bool has_term(const struct expr *e, const struct expr *term)
{
	if (!e)
		return false;
	if (same_expr(e, term))
		return true;
	return e->op == E_AND &&
	       (has_term(e->left, term) || has_term(e->right, term));
}

/* Does e hold every && term of base? */
static bool has_all_terms(const struct expr *e, const struct expr *base)
{
	if (!base)
		return true;
	if (base->op == E_AND)
		return has_all_terms(e, base->left) &&
		       has_all_terms(e, base->right);
	return has_term(e, base);
}

static const struct expr *entry_condition(const struct menu_node *node)
{
	return node->prompt ? node->prompt->visible : node->dep;
}

static bool nests_under(const struct kconfig *kc,
			const struct menu_node *follower,
			const struct menu_node *owner)
{
	const struct expr *cond = entry_condition(follower);

	if (!expr_mentions(cond, owner->sym))
		return false;
	return needs_symbol(kc, cond, owner->sym) ||
	       has_all_terms(cond, owner->prompt ? owner->prompt->visible : NULL);
}

static void leave_choice(struct menu_node *node, const struct menu_node *choice)
{
	struct menu_node *child;

	if (node->sym && node->kind != MENU_CHOICE &&
	    node->sym->choice == choice) {
		node->sym->choice = NULL;
		node->sym->flags &= ~SYMBOL_CHOICEVAL;
	}
	for (child = node->children; child; child = child->next)
		leave_choice(child, choice);
}

/*
 * The followers node adopts (and those they adopt in turn) leave the
 * choice; returns the first sibling after them.
 */
static struct menu_node *adopt(const struct kconfig *kc, struct menu_node *node,
			       const struct menu_node *choice)
{
	struct menu_node *follower = node->next;

	if (!node->sym || node->kind == MENU_IF || node->children)
		return follower;
	while (follower && nests_under(kc, follower, node)) {
		leave_choice(follower, choice);
		follower = adopt(kc, follower, choice);
	}
	return follower;
}

void legacy_choice_unnest(struct kconfig *kc, struct menu_node *parent,
			  const struct menu_node *choice)
{
	struct menu_node *node = parent->children;

	while (node)
		node = adopt(kc, node, choice);
}
