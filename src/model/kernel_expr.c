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

#include "config_internal.h"
#include "kernel_expr.h"

/* Remembered dependencies of entries (each is built from its parent's). */
struct dep_memo {
	const struct menu_node *node;
	struct expr *dep;
};

struct kform {
	struct config *cfg;	/* for printing values; may be NULL */
	struct kconfig *kc;
	struct arena arena;
	int changes;		/* the kernel's trans_count */
	struct dep_memo *memo;	/* open addressing; NULL: none kept */
	size_t memo_mask;
};

/* --- the kernel's symbol table order ---------------------------------------- */

#define KERNEL_HASH_BUCKETS 16384u

static unsigned kernel_name_hash(const char *name)
{
	unsigned hash = 2166136261u;

	for (; *name; name++)
		hash = (hash ^ (unsigned)(int)*name) * 0x01000193u;
	return hash;
}

const struct symbol **kernel_table_order(const struct kconfig *kc, size_t *count)
{
	unsigned *bucket = calloc(kc->nsymbols + 1, sizeof(*bucket));
	size_t *start = calloc(KERNEL_HASH_BUCKETS + 1, sizeof(*start));
	const struct symbol **order = calloc(kc->nsymbols + 1, sizeof(*order));
	size_t n = 0;

	if (!bucket || !start || !order)
		abort();
	/* A counting sort by bucket; newest first inside each bucket. */
	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];

		bucket[i] = sym->name
			? kernel_name_hash(sym->name) % KERNEL_HASH_BUCKETS : 0;
		/* y, m and n live outside the kernel's table. */
		if (sym != kc->sym_yes && sym != kc->sym_mod && sym != kc->sym_no) {
			start[bucket[i] + 1]++;
			n++;
		}
	}
	for (size_t b = 0; b < KERNEL_HASH_BUCKETS; b++)
		start[b + 1] += start[b];
	for (size_t i = kc->nsymbols; i-- > 0;) {
		const struct symbol *sym = kc->symbols[i];

		if (sym != kc->sym_yes && sym != kc->sym_mod && sym != kc->sym_no)
			order[start[bucket[i]]++] = sym;
	}
	free(bucket);
	free(start);
	*count = n;
	return order;
}

/* --- building ----------------------------------------------------------- */

static struct expr *sym_expr(struct kform *k, struct symbol *sym)
{
	return expr_symbol(&k->arena, sym);
}

static struct expr *binary(struct kform *k, enum expr_op op, struct expr *l,
			   struct expr *r)
{
	struct expr *e = arena_new(&k->arena, struct expr);

	e->op = op;
	e->left = l;
	e->right = r;
	return e;
}

static struct expr *and_of(struct kform *k, struct expr *a, struct expr *b)
{
	return expr_and(&k->arena, a, b);
}

static bool is_const_sym(const struct expr *e, const struct symbol *sym)
{
	return e && e->op == E_SYMBOL && e->sym == sym;
}

static bool is_yes(struct kform *k, const struct expr *e)
{
	return !e || is_const_sym(e, k->kc->sym_yes);
}

/* --- equality and elimination ------------------------------------------------ */

static bool same_expr(struct kform *k, struct expr *a, struct expr *b);

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

/*
 * Every operand of one && (or ||) chain against every operand of the
 * other: equal pairs become y (n) on both sides, to be folded away.
 */
static void cancel_equal(struct kform *k, enum expr_op op, struct expr **a,
			 struct expr **b)
{
	struct expr *l, *r;

	if ((*a)->op == op) {
		l = (*a)->left;
		r = (*a)->right;
		cancel_equal(k, op, &l, b);
		cancel_equal(k, op, &r, b);
		*a = binary(k, op, l, r);
		return;
	}
	if ((*b)->op == op) {
		l = (*b)->left;
		r = (*b)->right;
		cancel_equal(k, op, a, &l);
		cancel_equal(k, op, a, &r);
		*b = binary(k, op, l, r);
		return;
	}
	if ((*a)->op == E_SYMBOL && (*b)->op == E_SYMBOL &&
	    (*a)->sym == (*b)->sym &&
	    ((*a)->sym == k->kc->sym_yes || (*a)->sym == k->kc->sym_no))
		return;
	if (!same_expr(k, *a, *b))
		return;
	k->changes++;
	*a = *b = sym_expr(k, op == E_OR ? k->kc->sym_no : k->kc->sym_yes);
}

static void eliminate_equal(struct kform *k, struct expr **a, struct expr **b)
{
	if (!*a || !*b)
		return;
	if ((*a)->op == E_AND || (*a)->op == E_OR)
		cancel_equal(k, (*a)->op, a, b);
	if ((*a)->op != (*b)->op && ((*b)->op == E_AND || (*b)->op == E_OR))
		cancel_equal(k, (*b)->op, a, b);
	*a = fold_yn(k, *a);
	*b = fold_yn(k, *b);
}

static bool same_expr(struct kform *k, struct expr *a, struct expr *b)
{
	int saved;
	bool same;

	if (!a || !b)
		return is_yes(k, a) && is_yes(k, b);
	if (a->op != b->op)
		return false;
	switch (a->op) {
	case E_SYMBOL:
		return a->sym == b->sym;
	case E_NOT:
		return same_expr(k, a->left, b->left);
	case E_AND:
	case E_OR:
		saved = k->changes;
		eliminate_equal(k, &a, &b);
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

static struct expr *compare(struct kform *k, enum expr_op op,
			    struct symbol *l, struct symbol *r)
{
	return expr_compare(&k->arena, op, l, r);
}

static struct expr *join_or(struct kform *k, struct expr *a, struct expr *b)
{
	struct symbol *y = k->kc->sym_yes, *m = k->kc->sym_mod, *n = k->kc->sym_no;
	struct symbol *sym;

	if (same_expr(k, a, b))
		return a;
	sym = tested_symbol(a, true);
	if (!sym || sym != tested_symbol(b, false))
		return NULL;
	if (sym->type != S_BOOLEAN && sym->type != S_TRISTATE)
		return NULL;
	if (sym->type == S_TRISTATE && a->op == E_EQUAL && b->op == E_EQUAL) {
		if ((a->rsym == y && b->rsym == m) || (a->rsym == m && b->rsym == y))
			return compare(k, E_UNEQUAL, sym, n);
		if ((a->rsym == y && b->rsym == n) || (a->rsym == n && b->rsym == y))
			return compare(k, E_UNEQUAL, sym, m);
		if ((a->rsym == m && b->rsym == n) || (a->rsym == n && b->rsym == m))
			return compare(k, E_UNEQUAL, sym, y);
	}
	if (sym->type == S_BOOLEAN &&
	    ((a->op == E_NOT && a->left->op == E_SYMBOL && b->op == E_SYMBOL) ||
	     (b->op == E_NOT && b->left->op == E_SYMBOL && a->op == E_SYMBOL)))
		return sym_expr(k, y);
	return NULL;
}

static struct expr *join_and(struct kform *k, struct expr *a, struct expr *b)
{
	struct symbol *y = k->kc->sym_yes, *m = k->kc->sym_mod, *n = k->kc->sym_no;
	struct symbol *sym, *c;

	if (same_expr(k, a, b))
		return a;
	sym = tested_symbol(a, true);
	if (!sym || sym != tested_symbol(b, false))
		return NULL;
	if (sym->type != S_BOOLEAN && sym->type != S_TRISTATE)
		return NULL;
	if ((a->op == E_SYMBOL && cmp_with(b, E_EQUAL, y)) ||
	    (b->op == E_SYMBOL && cmp_with(a, E_EQUAL, y)))
		return compare(k, E_EQUAL, sym, y);
	if ((a->op == E_SYMBOL && cmp_with(b, E_UNEQUAL, n)) ||
	    (b->op == E_SYMBOL && cmp_with(a, E_UNEQUAL, n)))
		return sym_expr(k, sym);
	if ((a->op == E_SYMBOL && cmp_with(b, E_UNEQUAL, m)) ||
	    (b->op == E_SYMBOL && cmp_with(a, E_UNEQUAL, m)))
		return compare(k, E_EQUAL, sym, y);
	if (sym->type != S_TRISTATE)
		return NULL;
	if (a->op == E_EQUAL && b->op == E_UNEQUAL) {
		c = a->rsym;
		if ((b->rsym->flags & SYMBOL_CONST) && (c->flags & SYMBOL_CONST))
			return c != b->rsym ? compare(k, E_EQUAL, sym, c)
					    : sym_expr(k, n);
	}
	if (a->op == E_UNEQUAL && b->op == E_EQUAL) {
		c = b->rsym;
		if ((a->rsym->flags & SYMBOL_CONST) && (c->flags & SYMBOL_CONST))
			return c != a->rsym ? compare(k, E_EQUAL, sym, c)
					    : sym_expr(k, n);
	}
	if (a->op == E_UNEQUAL && b->op == E_UNEQUAL) {
		if ((a->rsym == y && b->rsym == n) || (a->rsym == n && b->rsym == y))
			return compare(k, E_EQUAL, sym, m);
		if ((a->rsym == y && b->rsym == m) || (a->rsym == m && b->rsym == y))
			return compare(k, E_EQUAL, sym, n);
		if ((a->rsym == m && b->rsym == n) || (a->rsym == n && b->rsym == m))
			return compare(k, E_EQUAL, sym, y);
	}
	return NULL;
}

static void join_operands(struct kform *k, enum expr_op op, struct expr **a,
			  struct expr **b)
{
	struct expr *l, *r, *joined;

	if ((*a)->op == op) {
		l = (*a)->left;
		r = (*a)->right;
		join_operands(k, op, &l, b);
		join_operands(k, op, &r, b);
		*a = binary(k, op, l, r);
		return;
	}
	if ((*b)->op == op) {
		l = (*b)->left;
		r = (*b)->right;
		join_operands(k, op, a, &l);
		join_operands(k, op, a, &r);
		*b = binary(k, op, l, r);
		return;
	}
	joined = op == E_OR ? join_or(k, *a, *b) : join_and(k, *a, *b);
	if (!joined)
		return;
	*a = sym_expr(k, op == E_OR ? k->kc->sym_no : k->kc->sym_yes);
	*b = joined;
	k->changes++;
}

/* Repeat until nothing joins any more, as the kernel does. */
static struct expr *eliminate_dups(struct kform *k, struct expr *e)
{
	int saved = k->changes;

	if (!e)
		return e;
	do {
		k->changes = 0;
		if (e->op == E_AND || e->op == E_OR) {
			struct expr *l = eliminate_dups(k, e->left);
			struct expr *r = eliminate_dups(k, e->right);

			join_operands(k, e->op, &l, &r);
			e = binary(k, e->op, l, r);
		}
		e = fold_yn(k, e);
	} while (k->changes);
	k->changes = saved;
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
		return binary(k, E_NOT, rewrite_mod(k, e->left), NULL);
	case E_AND:
	case E_OR:
		return binary(k, e->op, rewrite_mod(k, e->left),
			      rewrite_mod(k, e->right));
	case E_SYMBOL:
		if (e->sym == k->kc->sym_mod)
			return and_of(k, e, sym_expr(k, modules));
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
static struct expr *transform(struct kform *k, struct expr *e)
{
	struct symbol *y = k->kc->sym_yes, *m = k->kc->sym_mod, *n = k->kc->sym_no;
	struct expr *inner;

	if (!e)
		return NULL;
	if (e->op == E_NOT || e->op == E_AND || e->op == E_OR)
		e = binary(k, e->op, transform(k, e->left),
			   e->op == E_NOT ? NULL : transform(k, e->right));
	switch (e->op) {
	case E_EQUAL:
		if (e->lsym->type != S_BOOLEAN)
			return e;
		if (e->rsym == n)
			return binary(k, E_NOT, sym_expr(k, e->lsym), NULL);
		if (e->rsym == m)
			return sym_expr(k, n);
		if (e->rsym == y)
			return sym_expr(k, e->lsym);
		return e;
	case E_UNEQUAL:
		if (e->lsym->type != S_BOOLEAN)
			return e;
		if (e->rsym == n)
			return sym_expr(k, e->lsym);
		if (e->rsym == m)
			return sym_expr(k, y);
		if (e->rsym == y)
			return binary(k, E_NOT, sym_expr(k, e->lsym), NULL);
		return e;
	case E_NOT:
		inner = e->left;
		switch (inner->op) {
		case E_NOT:
			return inner->left;
		case E_AND:
		case E_OR:
			return transform(k, binary(k, inner->op == E_AND ? E_OR : E_AND,
				binary(k, E_NOT, inner->left, NULL),
				binary(k, E_NOT, inner->right, NULL)));
		case E_SYMBOL:
			if (inner->sym == y)
				return sym_expr(k, n);
			if (inner->sym == m)
				return sym_expr(k, m);
			if (inner->sym == n)
				return sym_expr(k, y);
			return e;
		default:
			return compare(k, negated_compare(inner->op), inner->lsym,
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

static struct expr *node_dep(struct kform *k, const struct menu_node *node)
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
	parent = node_dep(k, node->parent);
	dep = eliminate_dups(k, and_of(k, parent,
				transform(k, rewrite_mod(k, node->depends))));
	if (slot) {
		/* The recursion may have filled other slots: look again. */
		slot = memo_find(k, node);
		slot->node = node;
		slot->dep = dep;
	}
	return dep;
}

static struct expr *prop_visible(struct kform *k, const struct property *prop)
{
	const struct menu_node *node = prop->node, *up;
	struct expr *cond = prop->cond;

	if ((prop->type == P_PROMPT || prop->type == P_MENU) && node->sym &&
	    node->kind != MENU_ROOT)
		for (up = node->parent; up; up = up->parent)
			if (up->visible_if)
				cond = and_of(k, cond, up->visible_if);
	return eliminate_dups(k, and_of(k, node_dep(k, node),
					transform(k, rewrite_mod(k, cond))));
}

static struct expr *dir_dep(struct kform *k, const struct symbol *sym)
{
	const struct menu_node *node;
	struct expr *e = NULL;

	for (node = sym->first_node; node; node = node->next_def)
		if (!node->children && node->parent &&
		    node->parent->kind != MENU_CHOICE)
			e = expr_or(&k->arena, e, node_dep(k, node));
	return e;
}

/*
 * The selects of sym, in the order the kernel ORs them: all children of a
 * node before any grandchild.
 */
static void collect_selects(struct kform *k, const struct menu_node *parent,
			    const struct symbol *target, struct expr **rev)
{
	const struct menu_node *node;

	for (node = parent->children; node; node = node->next) {
		const struct property *prop;

		if (!node->sym || node->kind == MENU_ROOT)
			continue;
		for (prop = node->sym->props; prop; prop = prop->next)
			if (prop->node == node && prop->type == P_SELECT &&
			    prop->target == target)
				*rev = expr_or(&k->arena, *rev,
					       and_of(k, sym_expr(k, node->sym),
						      prop_visible(k, prop)));
	}
	for (node = parent->children; node; node = node->next)
		collect_selects(k, node, target, rev);
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

static void print_symbol(struct kform *k, FILE *out, const struct symbol *sym)
{
	if (!sym->name) {
		fputs("<choice>", out);
		return;
	}
	fputs(sym->name, out);
	if (sym->type != S_UNKNOWN)
		fprintf(out, " [=%s]", config_str(k->cfg, sym));
}

static void print_expr(struct kform *k, FILE *out, const struct expr *e,
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
		print_symbol(k, out, e->sym);
		break;
	case E_NOT:
		putc('!', out);
		print_expr(k, out, e->left, E_NOT, false);
		break;
	case E_AND:
	case E_OR:
		print_expr(k, out, e->left, e->op, false);
		fputs(e->op == E_AND ? " && " : " || ", out);
		print_expr(k, out, e->right, e->op, false);
		break;
	default:
		print_symbol(k, out, e->lsym);
		fputs(expr_op_text(e->op), out);
		print_symbol(k, out, e->rsym);
		break;
	}
	if (parens)
		putc(')', out);
}

static void print_selectors(struct kform *k, FILE *out, const struct expr *e,
			    tristate level, const char **title)
{
	if (e->op == E_OR) {
		print_selectors(k, out, e->left, level, title);
		print_selectors(k, out, e->right, level, title);
		return;
	}
	if (config_expr(k->cfg, e) != level)
		return;
	if (*title) {
		fputs(*title, out);
		*title = NULL;
	}
	fputs("  - ", out);
	print_expr(k, out, e, E_OR, true);
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
	print_expr(&k, out, dir_dep(&k, sym), E_OR, true);
	putc('\n', out);
	collect_selects(&k, &k.kc->root, sym, &rev);
	if (rev) {
		title = "  Selected by [y]:\n";
		print_selectors(&k, out, rev, TRI_YES, &title);
		title = "  Selected by [m]:\n";
		print_selectors(&k, out, rev, TRI_MOD, &title);
	}
	arena_release(&k.arena);
}

/* --- the menu tree as the kernel rearranges it ------------------------------------
 *
 * After computing dependencies the kernel reshapes the menu tree: the
 * entries that follow a symbol and depend on it become its children (the
 * indented "submenus" of menuconfig), and the children of `if` blocks and
 * of symbols without a prompt are lifted back out.  Which entries are
 * shown, and what `listnewconfig` walks, follow that shape.  The parsed
 * tree stays as written; this is a view of it.
 */

struct kernel_menu {
	size_t count;
	const struct menu_node **nodes;	/* by position; nodes[0] is the root */
	int *parent, *child, *next;	/* positions, -1 for none */
	const struct menu_node **slot_node;	/* node -> position (open hash) */
	int *slot_pos;
	size_t slot_mask;
	struct kform k;
};

static size_t node_hash(const struct kernel_menu *km, const struct menu_node *node)
{
	return (((uintptr_t)node >> 4) * 0x9E3779B97F4A7C15ull >> 20) &
	       km->slot_mask;
}

static int position_of(const struct kernel_menu *km, const struct menu_node *node)
{
	size_t i;

	if (!node)
		return -1;
	for (i = node_hash(km, node); km->slot_node[i]; i = (i + 1) & km->slot_mask)
		if (km->slot_node[i] == node)
			return km->slot_pos[i];
	return -1;
}

static void add_position(struct kernel_menu *km, const struct menu_node *node,
			 int pos)
{
	size_t i = node_hash(km, node);

	while (km->slot_node[i])
		i = (i + 1) & km->slot_mask;
	km->slot_node[i] = node;
	km->slot_pos[i] = pos;
}

/* The condition the kernel looks at for an entry: its prompt's, else its own. */
static struct expr *entry_condition(struct kform *k, const struct menu_node *node)
{
	if (node->prompt)
		return prop_visible(k, node->prompt);
	return node_dep(k, node);
}

static bool mentions(const struct expr *e, const struct symbol *sym)
{
	if (!e)
		return false;
	switch (e->op) {
	case E_SYMBOL:
		return e->sym == sym;
	case E_NOT:
		return mentions(e->left, sym);
	case E_AND:
	case E_OR:
		return mentions(e->left, sym) || mentions(e->right, sym);
	default:
		return e->lsym == sym || e->rsym == sym;
	}
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
		e = sym_expr(k, n);
		return unequal ? binary(k, E_NOT, e, NULL) : e;
	}
	switch (e->op) {
	case E_AND:
	case E_OR:
		l = compare_to_n(k, e->left, false);
		r = compare_to_n(k, e->right, false);
		e = binary(k, e->op == E_AND ? E_OR : E_AND, l, r);
		return unequal ? binary(k, E_NOT, e, NULL) : e;
	case E_NOT:
		return compare_to_n(k, e->left, !unequal);
	case E_SYMBOL:
		return compare(k, unequal ? E_UNEQUAL : E_EQUAL, e->sym, n);
	default:
		(void)y;
		return unequal ? e : binary(k, E_NOT, e, NULL);
	}
}

static struct expr *superset_form(struct kform *k, struct expr *e)
{
	return eliminate_dups(k, transform(k, compare_to_n(k, e, true)));
}

static void finalize(struct kernel_menu *km, int pos, bool inside_choice);

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
		if (!mentions(follower->prompt ? follower->prompt->visible
					       : follower->dep, sym))
			break;
		dep = entry_condition(k, follower);
		if (!mentions(dep, sym))
			break;
		if (!requires(k, dep, sym)) {
			/* Or dependencies that are a superset of sym's own. */
			struct expr *rest;

			if (!have_base) {
				base = superset_form(k, node->prompt
					? prop_visible(k, node->prompt) : NULL);
				have_base = true;
			}
			rest = base;

			dep = superset_form(k, dep);
			eliminate_equal(k, &dep, &rest);
			if (!is_yes(k, rest))
				break;
		}
		finalize(km, m, false);
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

static void finalize(struct kernel_menu *km, int pos, bool inside_choice)
{
	const struct menu_node *node = km->nodes[pos];

	if (km->child[pos] >= 0) {
		bool choice = node->kind == MENU_CHOICE && node->sym;

		for (int m = km->child[pos]; m >= 0; m = km->next[m])
			finalize(km, m, choice);
	} else if (!inside_choice && is_symbol_entry(node)) {
		adopt_followers(km, pos);
	}
	lift_children(km, pos);
}

struct kernel_menu *kernel_menu_build(struct kconfig *kc)
{
	struct kernel_menu *km = calloc(1, sizeof(*km));
	const struct menu_node *node;
	size_t n = 0, i = 0;

	if (!km)
		abort();
	for (node = &kc->root; node; node = menu_next(&kc->root, node))
		n++;
	km->count = n;
	km->nodes = calloc(n, sizeof(*km->nodes));
	km->parent = calloc(n, sizeof(int));
	km->child = calloc(n, sizeof(int));
	km->next = calloc(n, sizeof(int));
	km->slot_mask = 1023;
	while (km->slot_mask + 1 < 2 * n)
		km->slot_mask = km->slot_mask * 2 + 1;
	km->slot_node = calloc(km->slot_mask + 1, sizeof(*km->slot_node));
	km->slot_pos = calloc(km->slot_mask + 1, sizeof(int));
	km->k.kc = kc;
	arena_init(&km->k.arena);
	km->k.memo_mask = km->slot_mask;
	km->k.memo = calloc(km->k.memo_mask + 1, sizeof(*km->k.memo));
	if (!km->nodes || !km->parent || !km->child || !km->next ||
	    !km->slot_node || !km->slot_pos || !km->k.memo)
		abort();
	for (node = &kc->root; node; node = menu_next(&kc->root, node)) {
		km->nodes[i] = node;
		add_position(km, node, (int)i);
		i++;
	}
	for (i = 0; i < n; i++) {
		node = km->nodes[i];
		km->parent[i] = position_of(km, node->parent);
		km->child[i] = position_of(km, node->children);
		km->next[i] = position_of(km, node->next);
	}
	finalize(km, 0, false);
	/* The conditions were only needed to decide the shape. */
	free(km->k.memo);
	km->k.memo = NULL;
	arena_release(&km->k.arena);
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
	free(km->slot_node);
	free(km->slot_pos);
	free(km);
}

static const struct menu_node *at(const struct kernel_menu *km, int pos)
{
	return pos < 0 ? NULL : km->nodes[pos];
}

const struct menu_node *kernel_menu_parent(const struct kernel_menu *km,
					   const struct menu_node *node)
{
	int pos = position_of(km, node);

	return pos < 0 ? NULL : at(km, km->parent[pos]);
}

const struct menu_node *kernel_menu_child(const struct kernel_menu *km,
					  const struct menu_node *node)
{
	int pos = position_of(km, node);

	return pos < 0 ? NULL : at(km, km->child[pos]);
}

const struct menu_node *kernel_menu_next(const struct kernel_menu *km,
					 const struct menu_node *node)
{
	int pos = position_of(km, node);

	return pos < 0 ? NULL : at(km, km->next[pos]);
}

/* --- the help screen --------------------------------------------------------------
 *
 * What conf --helpnewconfig (and menuconfig's help) shows for an entry:
 * the help text, then the symbol, its type and range, each definition
 * with its prompt, dependencies and location in the menus, and who
 * selects or implies it, by value.
 */

static void print_range(struct kform *k, FILE *out, const struct property *prop)
{
	fputs("Range : [", out);
	print_symbol(k, out, prop->range_min);
	putc(' ', out);
	print_symbol(k, out, prop->range_max);
	fputs("]\n", out);
}

static void print_dep_line(struct kform *k, FILE *out, const char *prefix,
			   struct expr *e)
{
	if (is_yes(k, e))
		return;
	fputs(prefix, out);
	print_expr(k, out, e, E_OR, true);
	putc('\n', out);
}

static const char *entry_title(const struct menu_node *node)
{
	if (node->prompt)
		return node->prompt->text;
	return node->sym ? node->sym->name : NULL;
}

static void print_location(struct kform *k, FILE *out,
			   const struct kernel_menu *km,
			   const struct menu_node *node)
{
	const struct menu_node *path[8];
	int depth = 0;

	for (; node && node->kind != MENU_ROOT && depth < 8;
	     node = kernel_menu_parent(km, node))
		path[depth++] = node;
	fputs("  Location:\n", out);
	for (int j = 0; --depth >= 0; j++) {
		node = path[depth];
		fprintf(out, "%*c-> %s", 2 * j + 4, ' ', entry_title(node));
		if (node->sym && node->kind != MENU_ROOT)
			fprintf(out, " (%s [=%s])",
				node->sym->name ? node->sym->name : "<choice>",
				config_str(k->cfg, node->sym));
		putc('\n', out);
	}
}

static void print_prompt_block(struct kform *k, FILE *out,
			       const struct kernel_menu *km,
			       const struct property *prop)
{
	struct expr *dep = node_dep(k, prop->node);
	struct expr *visible = prop_visible(k, prop);

	fprintf(out, "  Prompt: %s\n", prop->text);
	print_dep_line(k, out, "  Depends on: ", dep);
	/* Shown only when it says more than the dependencies. */
	if (!same_expr(k, dep, visible))
		print_dep_line(k, out, "  Visible if: ", visible);
	print_location(k, out, km, prop->node);
}

static void print_targets(FILE *out, struct kform *k, const struct symbol *sym,
			  enum prop_type type, const char *prefix)
{
	const struct property *prop;
	bool first = true;

	for (prop = sym->props; prop; prop = prop->next) {
		if (prop->type != type || !prop->target)
			continue;
		fputs(first ? prefix : " && ", out);
		first = false;
		print_symbol(k, out, prop->target);
	}
	if (!first)
		putc('\n', out);
}

/* Like collect_selects(), for `imply`. */
static void collect_reverse(struct kform *k, const struct menu_node *parent,
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
					       and_of(k, sym_expr(k, node->sym),
						      prop_visible(k, prop)));
	}
	for (node = parent->children; node; node = node->next)
		collect_reverse(k, node, target, type, rev);
}

static void print_reverse(struct kform *k, FILE *out, const struct symbol *sym,
			  enum prop_type type, const char *what)
{
	static const tristate levels[] = { TRI_YES, TRI_MOD, TRI_NO };
	static const char level_char[] = { 'y', 'm', 'n' };
	struct expr *rev = NULL;
	char title[64];
	const char *pending;

	collect_reverse(k, &k->kc->root, sym, type, &rev);
	if (!rev)
		return;
	for (int i = 0; i < 3; i++) {
		snprintf(title, sizeof(title), "%s by [%c]:\n", what, level_char[i]);
		pending = title;
		print_selectors(k, out, rev, levels[i], &pending);
	}
}

void kernel_print_help(struct config *cfg, const struct menu_node *node,
		       const char *prefix, FILE *out)
{
	const struct kernel_menu *km = config_kernel_menu(cfg);
	struct kform k = { .cfg = cfg, .kc = config_tree(cfg) };
	const struct symbol *sym = node->sym;
	const struct menu_node *def;
	const struct property *range;

	arena_init(&k.arena);
	if (node->help) {
		if (sym && sym->name)
			fprintf(out, "%s%s:\n\n", prefix, sym->name);
		fprintf(out, "%s\n", node->help);
	} else {
		fputs("There is no help available for this option.\n", out);
	}
	if (!sym || node->kind == MENU_ROOT)
		goto done;
	if (sym->name) {
		fprintf(out, "Symbol: %s [=%s]\n", sym->name, config_str(cfg, sym));
		fprintf(out, "Type  : %s\n", sym->type == S_INT ? "integer"
			: symbol_type_name(sym->type));
		if (sym->type == S_INT || sym->type == S_HEX) {
			range = config_active_range(cfg, sym);
			if (range && range->range_min && range->range_max)
				print_range(&k, out, range);
		}
	}
	/* Definitions with a prompt first, then the others. */
	for (def = sym->first_node; def; def = def->next_def) {
		if (!def->prompt)
			continue;
		fprintf(out, "Defined at %s:%d\n", location_file(def->loc),
			def->loc.line);
		print_prompt_block(&k, out, km, def->prompt);
	}
	for (def = sym->first_node; def; def = def->next_def) {
		if (def->prompt)
			continue;
		fprintf(out, "Defined at %s:%d\n", location_file(def->loc),
			def->loc.line);
		print_dep_line(&k, out, "  Depends on: ", node_dep(&k, def));
	}
	print_targets(out, &k, sym, P_SELECT, "Selects: ");
	print_reverse(&k, out, sym, P_SELECT, "Selected");
	print_targets(out, &k, sym, P_IMPLY, "Implies: ");
	print_reverse(&k, out, sym, P_IMPLY, "Implied");
	fputs("\n\n", out);
done:
	arena_release(&k.arena);
}
