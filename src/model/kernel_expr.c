// SPDX-License-Identifier: GPL-2.0
/*
 * Expressions in the form the kernel's tools print them.
 *
 * The kernel simplifies every dependency while finishing the tree (A=n
 * becomes !A for a bool, duplicates merge, y and n fold away) and prints
 * symbols with their values ("A [=y] && !B [=n]").  Values do not depend
 * on this (the rewrites keep meaning; parser/finish.c keeps expressions
 * as written), but conf's "unmet direct dependencies" warning shows the
 * simplified text, so it is rebuilt here, level by level as the kernel
 * builds it, only when such a warning is printed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_expr_internal.h"
#include "util.h"

/* --- building ----------------------------------------------------------- */

struct expr *kform_sym(struct kform *k, struct symbol *sym)
{
	return expr_symbol(&k->arena, sym);
}

struct expr *kform_binary(struct kform *k, enum expr_op op, struct expr *l,
			   struct expr *r)
{
	struct expr *e = arena_new(&k->arena, struct expr);

	e->op = op;
	e->left = l;
	e->right = r;
	return e;
}

struct expr *kform_and(struct kform *k, struct expr *a, struct expr *b)
{
	return expr_and(&k->arena, a, b);
}

static bool is_const_sym(const struct expr *e, const struct symbol *sym)
{
	return e && e->op == E_SYMBOL && e->sym == sym;
}

bool kform_is_yes(struct kform *k, const struct expr *e)
{
	return !e || is_const_sym(e, k->kc->sym_yes);
}

/* --- equality and elimination ------------------------------------------------ */

/* expr && n -> n, expr && y -> expr, expr || n -> expr, expr || y -> y */
static struct expr *fold_yn(struct kform *k, struct expr *e)
{
	struct expr *l, *r;
	struct symbol *y = k->kc->sym_yes, *n = k->kc->sym_no;

	if (!e || (e->op != E_AND && e->op != E_OR))
		return e;
	l = fold_yn(k, e->left);
	r = fold_yn(k, e->right);
	if (e->op == E_AND) {
		if (is_const_sym(l, n)) return l;
		if (is_const_sym(l, y)) return r;
		if (is_const_sym(r, n)) return r;
		if (is_const_sym(r, y)) return l;
	} else {
		if (is_const_sym(l, n)) return r;
		if (is_const_sym(l, y)) return l;
		if (is_const_sym(r, n)) return l;
		if (is_const_sym(r, y)) return r;
	}
	return e;
}

typedef void operand_pair_fn(struct kform *k, enum expr_op op,
			     struct expr **a, struct expr **b);

/*
 * Every operand of one && (or ||) chain against every operand of the
 * other, each pair given to leaf; the chains are built again around what
 * it leaves in their places.
 */
static void each_operand_pair(struct kform *k, enum expr_op op,
			      struct expr **a, struct expr **b,
			      operand_pair_fn *leaf)
{
	struct expr *l, *r;

	if ((*a)->op == op) {
		l = (*a)->left;
		r = (*a)->right;
		each_operand_pair(k, op, &l, b, leaf);
		each_operand_pair(k, op, &r, b, leaf);
		*a = kform_binary(k, op, l, r);
		return;
	}
	if ((*b)->op == op) {
		l = (*b)->left;
		r = (*b)->right;
		each_operand_pair(k, op, a, &l, leaf);
		each_operand_pair(k, op, a, &r, leaf);
		*b = kform_binary(k, op, l, r);
		return;
	}
	leaf(k, op, a, b);
}

/* Equal operands become y (n) on both sides, to be folded away. */
static void cancel_equal(struct kform *k, enum expr_op op, struct expr **a,
			 struct expr **b)
{
	if ((*a)->op == E_SYMBOL && (*b)->op == E_SYMBOL &&
	    (*a)->sym == (*b)->sym &&
	    ((*a)->sym == k->kc->sym_yes || (*a)->sym == k->kc->sym_no))
		return;
	if (!kform_same_expr(k, *a, *b))
		return;
	k->changes++;
	*a = *b = kform_sym(k, op == E_OR ? k->kc->sym_no : k->kc->sym_yes);
}

void kform_eliminate_equal(struct kform *k, struct expr **a, struct expr **b)
{
	if (!*a || !*b)
		return;
	if ((*a)->op == E_AND || (*a)->op == E_OR)
		each_operand_pair(k, (*a)->op, a, b, cancel_equal);
	if ((*a)->op != (*b)->op && ((*b)->op == E_AND || (*b)->op == E_OR))
		each_operand_pair(k, (*b)->op, a, b, cancel_equal);
	*a = fold_yn(k, *a);
	*b = fold_yn(k, *b);
}

bool kform_same_expr(struct kform *k, struct expr *a, struct expr *b)
{
	int saved;
	bool same;

	if (!a || !b)
		return kform_is_yes(k, a) && kform_is_yes(k, b);
	if (a->op != b->op)
		return false;
	switch (a->op) {
	case E_SYMBOL:
		return a->sym == b->sym;
	case E_NOT:
		return kform_same_expr(k, a->left, b->left);
	case E_AND:
	case E_OR:
		saved = k->changes;
		kform_eliminate_equal(k, &a, &b);
		same = a->op == E_SYMBOL && b->op == E_SYMBOL && a->sym == b->sym;
		k->changes = saved;
		return same;
	default:
		return a->lsym == b->lsym && a->rsym == b->rsym;
	}
}

/* --- joining two operands of || or && ------------------------------------- */

/* The symbol a simple operand tests: A, !A, A=x, A!=x (and !(A=x) on the left). */
static struct symbol *tested_symbol(const struct expr *e, bool left_side)
{
	switch (e->op) {
	case E_SYMBOL:
	case E_EQUAL:
	case E_UNEQUAL:
		return e->op == E_SYMBOL ? e->sym : e->lsym;
	case E_NOT:
		if (e->left->op == E_SYMBOL)
			return e->left->sym;
		if (left_side &&
		    (e->left->op == E_EQUAL || e->left->op == E_UNEQUAL))
			return e->left->lsym;
		return NULL;
	default:
		return NULL;
	}
}

static bool cmp_with(const struct expr *e, enum expr_op op, const struct symbol *c)
{
	return e->op == op && e->rsym == c;
}

struct expr *kform_compare(struct kform *k, enum expr_op op,
			    struct symbol *l, struct symbol *r)
{
	return expr_compare(&k->arena, op, l, r);
}

static struct expr *join_or(struct kform *k, struct expr *a, struct expr *b)
{
	struct symbol *y = k->kc->sym_yes, *m = k->kc->sym_mod, *n = k->kc->sym_no;
	struct symbol *sym;

	if (kform_same_expr(k, a, b))
		return a;
	sym = tested_symbol(a, true);
	if (!sym || sym != tested_symbol(b, false))
		return NULL;
	if (sym->type != S_BOOLEAN && sym->type != S_TRISTATE)
		return NULL;
	if (sym->type == S_TRISTATE && a->op == E_EQUAL && b->op == E_EQUAL) {
		if ((a->rsym == y && b->rsym == m) || (a->rsym == m && b->rsym == y))
			return kform_compare(k, E_UNEQUAL, sym, n);
		if ((a->rsym == y && b->rsym == n) || (a->rsym == n && b->rsym == y))
			return kform_compare(k, E_UNEQUAL, sym, m);
		if ((a->rsym == m && b->rsym == n) || (a->rsym == n && b->rsym == m))
			return kform_compare(k, E_UNEQUAL, sym, y);
	}
	if (sym->type == S_BOOLEAN &&
	    ((a->op == E_NOT && a->left->op == E_SYMBOL && b->op == E_SYMBOL) ||
	     (b->op == E_NOT && b->left->op == E_SYMBOL && a->op == E_SYMBOL)))
		return kform_sym(k, y);
	return NULL;
}

static struct expr *join_and(struct kform *k, struct expr *a, struct expr *b)
{
	struct symbol *y = k->kc->sym_yes, *m = k->kc->sym_mod, *n = k->kc->sym_no;
	struct symbol *sym, *c;

	if (kform_same_expr(k, a, b))
		return a;
	sym = tested_symbol(a, true);
	if (!sym || sym != tested_symbol(b, false))
		return NULL;
	if (sym->type != S_BOOLEAN && sym->type != S_TRISTATE)
		return NULL;
	if ((a->op == E_SYMBOL && cmp_with(b, E_EQUAL, y)) ||
	    (b->op == E_SYMBOL && cmp_with(a, E_EQUAL, y)))
		return kform_compare(k, E_EQUAL, sym, y);
	if ((a->op == E_SYMBOL && cmp_with(b, E_UNEQUAL, n)) ||
	    (b->op == E_SYMBOL && cmp_with(a, E_UNEQUAL, n)))
		return kform_sym(k, sym);
	if ((a->op == E_SYMBOL && cmp_with(b, E_UNEQUAL, m)) ||
	    (b->op == E_SYMBOL && cmp_with(a, E_UNEQUAL, m)))
		return kform_compare(k, E_EQUAL, sym, y);
	if (sym->type != S_TRISTATE)
		return NULL;
	if (a->op == E_EQUAL && b->op == E_UNEQUAL) {
		c = a->rsym;
		if ((b->rsym->flags & SYMBOL_CONST) && (c->flags & SYMBOL_CONST))
			return c != b->rsym ? kform_compare(k, E_EQUAL, sym, c)
					    : kform_sym(k, n);
	}
	if (a->op == E_UNEQUAL && b->op == E_EQUAL) {
		c = b->rsym;
		if ((a->rsym->flags & SYMBOL_CONST) && (c->flags & SYMBOL_CONST))
			return c != a->rsym ? kform_compare(k, E_EQUAL, sym, c)
					    : kform_sym(k, n);
	}
	if (a->op == E_UNEQUAL && b->op == E_UNEQUAL) {
		if ((a->rsym == y && b->rsym == n) || (a->rsym == n && b->rsym == y))
			return kform_compare(k, E_EQUAL, sym, m);
		if ((a->rsym == y && b->rsym == m) || (a->rsym == m && b->rsym == y))
			return kform_compare(k, E_EQUAL, sym, n);
		if ((a->rsym == m && b->rsym == n) || (a->rsym == n && b->rsym == m))
			return kform_compare(k, E_EQUAL, sym, y);
	}
	return NULL;
}

/* Two operands that join into one: the join in b's place, y (n) in a's. */
static void join_operands(struct kform *k, enum expr_op op, struct expr **a,
			  struct expr **b)
{
	struct expr *joined;

	joined = op == E_OR ? join_or(k, *a, *b) : join_and(k, *a, *b);
	if (!joined)
		return;
	*a = kform_sym(k, op == E_OR ? k->kc->sym_no : k->kc->sym_yes);
	*b = joined;
	k->changes++;
}

static size_t reduced_slot(const struct expr **slots, size_t mask,
			   const struct expr *e)
{
	size_t i = ((uintptr_t)e >> 3) * 0x9E3779B97F4A7C15ull >> 20 & mask;

	while (slots[i] && slots[i] != e)
		i = (i + 1) & mask;
	return i;
}

static bool is_reduced(const struct kform *k, const struct expr *e)
{
	return k->reduced && k->reduced[reduced_slot(k->reduced, k->reduced_mask, e)];
}

static void note_reduced(struct kform *k, const struct expr *e)
{
	size_t i = reduced_slot(k->reduced, k->reduced_mask, e);

	if (k->reduced[i])
		return;
	k->reduced[i] = e;
	if (++k->nreduced * 2 > k->reduced_mask) {
		size_t mask = k->reduced_mask * 2 + 1;
		const struct expr **slots = xcalloc(mask + 1, sizeof(*slots));

		for (i = 0; i <= k->reduced_mask; i++)
			if (k->reduced[i])
				slots[reduced_slot(slots, mask, k->reduced[i])] =
					k->reduced[i];
		free(k->reduced);
		k->reduced = slots;
		k->reduced_mask = mask;
	}
}

/* Repeat until nothing joins any more, as the kernel does. */
struct expr *kform_eliminate_dups(struct kform *k, struct expr *e)
{
	int saved = k->changes;

	if (!e || is_reduced(k, e))
		return e;
	do {
		k->changes = 0;
		if (e->op == E_AND || e->op == E_OR) {
			struct expr *l = kform_eliminate_dups(k, e->left);
			struct expr *r = kform_eliminate_dups(k, e->right);

			each_operand_pair(k, e->op, &l, &r, join_operands);
			e = kform_binary(k, e->op, l, r);
		}
		e = fold_yn(k, e);
	} while (k->changes);
	k->changes = saved;
	if (k->reduced)
		note_reduced(k, e);
	return e;
}

/* --- rewriting --------------------------------------------------------------- */

static struct expr *rewrite_mod(struct kform *k, struct expr *e)
{
	struct symbol *modules = k->kc->modules_sym ? k->kc->modules_sym
						    : k->kc->sym_no;

	if (!e)
		return NULL;
	switch (e->op) {
	case E_NOT:
		return kform_binary(k, E_NOT, rewrite_mod(k, e->left), NULL);
	case E_AND:
	case E_OR:
		return kform_binary(k, e->op, rewrite_mod(k, e->left),
			      rewrite_mod(k, e->right));
	case E_SYMBOL:
		if (e->sym == k->kc->sym_mod)
			return kform_and(k, e, kform_sym(k, modules));
		return e;
	default:
		return e;
	}
}

static enum expr_op negated_compare(enum expr_op op)
{
	switch (op) {
	case E_EQUAL: return E_UNEQUAL;
	case E_UNEQUAL: return E_EQUAL;
	case E_LEQ: return E_GTH;
	case E_GEQ: return E_LTH;
	case E_LTH: return E_GEQ;
	default: return E_LEQ;	/* E_GTH */
	}
}

/* The kernel's expr_transform: bool comparisons and negations rewritten. */
struct expr *kform_transform(struct kform *k, struct expr *e)
{
	struct symbol *y = k->kc->sym_yes, *m = k->kc->sym_mod, *n = k->kc->sym_no;
	struct expr *inner;

	if (!e)
		return NULL;
	if (e->op == E_NOT || e->op == E_AND || e->op == E_OR)
		e = kform_binary(k, e->op, kform_transform(k, e->left),
			   e->op == E_NOT ? NULL : kform_transform(k, e->right));
	switch (e->op) {
	case E_EQUAL:
		if (e->lsym->type != S_BOOLEAN)
			return e;
		if (e->rsym == n)
			return kform_binary(k, E_NOT, kform_sym(k, e->lsym), NULL);
		if (e->rsym == m)
			return kform_sym(k, n);
		if (e->rsym == y)
			return kform_sym(k, e->lsym);
		return e;
	case E_UNEQUAL:
		if (e->lsym->type != S_BOOLEAN)
			return e;
		if (e->rsym == n)
			return kform_sym(k, e->lsym);
		if (e->rsym == m)
			return kform_sym(k, y);
		if (e->rsym == y)
			return kform_binary(k, E_NOT, kform_sym(k, e->lsym), NULL);
		return e;
	case E_NOT:
		inner = e->left;
		switch (inner->op) {
		case E_NOT:
			return inner->left;
		case E_AND:
		case E_OR:
			return kform_transform(k, kform_binary(k, inner->op == E_AND ? E_OR : E_AND,
				kform_binary(k, E_NOT, inner->left, NULL),
				kform_binary(k, E_NOT, inner->right, NULL)));
		case E_SYMBOL:
			if (inner->sym == y)
				return kform_sym(k, n);
			if (inner->sym == m)
				return kform_sym(k, m);
			if (inner->sym == n)
				return kform_sym(k, y);
			return e;
		default:
			return kform_compare(k, negated_compare(inner->op), inner->lsym,
				       inner->rsym);
		}
	default:
		return e;
	}
}

/* --- the tree's conditions, as the kernel builds them ---------------------------- */

static struct dep_memo *memo_find(struct kform *k, const struct menu_node *node)
{
	size_t i = (((uintptr_t)node >> 4) * 0x9E3779B97F4A7C15ull >> 20) &
		   k->memo_mask;

	while (k->memo[i].node && k->memo[i].node != node)
		i = (i + 1) & k->memo_mask;
	return &k->memo[i];
}

struct expr *kform_node_dep(struct kform *k, const struct menu_node *node)
{
	struct dep_memo *slot = NULL;
	struct expr *parent, *dep;

	if (!node || node->kind == MENU_ROOT)
		return NULL;
	if (k->memo) {
		slot = memo_find(k, node);
		if (slot->node)
			return slot->dep;
	}
	/*
	 * Before 6.11 what a choice holds depends on the choice symbol
	 * itself (whose value bounds its members), not on what the choice
	 * depends on.
	 */
	if (node->parent && node->parent->kind == MENU_CHOICE &&
	    node->parent->sym && k->kc->dialect->legacy_choices)
		parent = kform_sym(k, node->parent->sym);
	else
		parent = kform_node_dep(k, node->parent);
	dep = kform_eliminate_dups(k, kform_and(k, parent,
				kform_transform(k, rewrite_mod(k, node->depends))));
	if (slot) {
		/* The recursion may have filled other slots: look again. */
		slot = memo_find(k, node);
		slot->node = node;
		slot->dep = dep;
	}
	return dep;
}

struct expr *kform_prop_visible(struct kform *k, const struct property *prop)
{
	const struct menu_node *node = prop->node, *up;
	struct expr *cond = prop->cond;

	if ((prop->type == P_PROMPT || prop->type == P_MENU) && node->sym &&
	    node->kind != MENU_ROOT)
		for (up = node->parent; up; up = up->parent)
			if (up->visible_if)
				cond = kform_and(k, cond, up->visible_if);
	return kform_eliminate_dups(k, kform_and(k, kform_node_dep(k, node),
					kform_transform(k, rewrite_mod(k, cond))));
}

static struct expr *dir_dep(struct kform *k, const struct symbol *sym)
{
	const struct menu_node *node;
	struct expr *e = NULL;

	for (node = sym->first_node; node; node = node->next_def)
		if (!node->children && node->parent &&
		    (node->parent->kind != MENU_CHOICE || !sym->choice))
			e = expr_or(&k->arena, e, kform_node_dep(k, node));
	return e;
}

/*
 * The selects (or implies) of target, in the order the kernel ORs them:
 * all children of a node before any grandchild.
 */
void kform_collect_reverse(struct kform *k, const struct menu_node *parent,
			   const struct symbol *target, enum prop_type type,
			   struct expr **rev)
{
	const struct menu_node *node;

	for (node = parent->children; node; node = node->next) {
		const struct property *prop;

		if (!node->sym || node->kind == MENU_ROOT)
			continue;
		for (prop = node->sym->props; prop; prop = prop->next)
			if (prop->node == node && prop->type == type &&
			    prop->target == target)
				*rev = expr_or(&k->arena, *rev,
					       kform_and(k, kform_sym(k, node->sym),
						      kform_prop_visible(k, prop)));
	}
	for (node = parent->children; node; node = node->next)
		kform_collect_reverse(k, node, target, type, rev);
	/*
	 * Before 6.11 a choice that is not `optional` is selected to m
	 * wherever its prompt shows, so that it cannot be n there.
	 */
	if (parent == &k->kc->root && type == P_SELECT && k->kc->dialect->legacy_choices &&
	    (target->flags & SYMBOL_CHOICE) && !(target->flags & SYMBOL_OPTIONAL))
		for (node = target->first_node; node; node = node->next_def)
			if (node->prompt)
				*rev = expr_or(&k->arena, *rev,
					       kform_and(k, kform_prop_visible(k, node->prompt),
							 kform_sym(k, k->kc->sym_mod)));
}

/* --- printing ---------------------------------------------------------------- */

/* Does an operand of prev need parentheses (the kernel's expr_compare_type)? */
static bool needs_parens(enum expr_op prev, enum expr_op op)
{
	switch (prev) {
	case E_LEQ: case E_LTH: case E_GEQ: case E_GTH:
		if (op == E_EQUAL || op == E_UNEQUAL)
			return true;
		/* fall through */
	case E_EQUAL: case E_UNEQUAL:
		if (op == E_NOT)
			return true;
		/* fall through */
	case E_NOT:
		if (op == E_AND)
			return true;
		/* fall through */
	case E_AND:
		return op == E_OR;
	default:
		return false;
	}
}

void kform_print_symbol(struct kform *k, FILE *out, const struct symbol *sym)
{
	if (!sym->name) {
		fputs("<choice>", out);
		return;
	}
	fputs(sym->name, out);
	if (sym->type != S_UNKNOWN)
		fprintf(out, " [=%s]", config_str(k->cfg, sym));
}

void kform_print_expr(struct kform *k, FILE *out, const struct expr *e,
		       enum expr_op prev, bool top)
{
	bool parens;

	if (!e) {
		fputs("y", out);
		return;
	}
	parens = !top && needs_parens(prev, e->op);
	if (parens)
		putc('(', out);
	switch (e->op) {
	case E_SYMBOL:
		kform_print_symbol(k, out, e->sym);
		break;
	case E_NOT:
		putc('!', out);
		kform_print_expr(k, out, e->left, E_NOT, false);
		break;
	case E_AND:
	case E_OR:
		kform_print_expr(k, out, e->left, e->op, false);
		fputs(e->op == E_AND ? " && " : " || ", out);
		kform_print_expr(k, out, e->right, e->op, false);
		break;
	default:
		kform_print_symbol(k, out, e->lsym);
		fputs(expr_op_text(e->op), out);
		kform_print_symbol(k, out, e->rsym);
		break;
	}
	if (parens)
		putc(')', out);
}

void kform_print_selectors(struct kform *k, FILE *out, const struct expr *e,
			    tristate level, const char **title)
{
	if (e->op == E_OR) {
		kform_print_selectors(k, out, e->left, level, title);
		kform_print_selectors(k, out, e->right, level, title);
		return;
	}
	if (config_expr(k->cfg, e) != level)
		return;
	if (*title) {
		fputs(*title, out);
		*title = NULL;
	}
	fputs("  - ", out);
	kform_print_expr(k, out, e, E_OR, true);
	putc('\n', out);
}

void kernel_print_unmet(struct config *cfg, const struct symbol *sym, FILE *out)
{
	struct kform k = { .cfg = cfg, .kc = config_tree(cfg) };
	struct expr *rev = NULL;
	const char *title;

	arena_init(&k.arena);
	fprintf(out, "\nWARNING: unmet direct dependencies detected for %s\n",
		sym->name);
	fprintf(out, "  Depends on [%c]: ",
		config_dir_dep(cfg, sym) == TRI_MOD ? 'm' : 'n');
	kform_print_expr(&k, out, dir_dep(&k, sym), E_OR, true);
	putc('\n', out);
	kform_collect_reverse(&k, &k.kc->root, sym, P_SELECT, &rev);
	if (rev) {
		title = "  Selected by [y]:\n";
		kform_print_selectors(&k, out, rev, TRI_YES, &title);
		title = "  Selected by [m]:\n";
		kform_print_selectors(&k, out, rev, TRI_MOD, &title);
	}
	arena_release(&k.arena);
}

