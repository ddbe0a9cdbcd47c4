/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside src/model: expressions rebuilt in the kernel's simplified form
 * (the kform_* functions of kernel_expr.c), shared by what prints them
 * as the kernel's tools do: the unmet-dependency warning (kernel_expr.c),
 * the finished menu shape (menu_shape.c) and the help screen
 * (kernel_help.c).
 */
#ifndef KBROWSE_KERNEL_EXPR_INTERNAL_H
#define KBROWSE_KERNEL_EXPR_INTERNAL_H

#include <stdio.h>

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
	/*
	 * Expressions kform_eliminate_dups() returned (open addressing; NULL:
	 * none kept).  Its result is its own fixed point and no expression is
	 * changed once built, so such an expression met again, as the
	 * remembered dependency of a parent inside a child's, is returned as
	 * it is instead of being reduced again (pairs of its operands
	 * compared again: quadratic in the length of the chain).
	 */
	const struct expr **reduced;
	size_t reduced_mask, nreduced;
};

struct expr *kform_sym(struct kform *k, struct symbol *sym);
struct expr *kform_binary(struct kform *k, enum expr_op op, struct expr *l,
			   struct expr *r);
struct expr *kform_and(struct kform *k, struct expr *a, struct expr *b);
bool kform_is_yes(struct kform *k, const struct expr *e);
void kform_eliminate_equal(struct kform *k, struct expr **a, struct expr **b);
bool kform_same_expr(struct kform *k, struct expr *a, struct expr *b);
struct expr *kform_compare(struct kform *k, enum expr_op op,
			    struct symbol *l, struct symbol *r);
struct expr *kform_eliminate_dups(struct kform *k, struct expr *e);
struct expr *kform_transform(struct kform *k, struct expr *e);
struct expr *kform_node_dep(struct kform *k, const struct menu_node *node);
struct expr *kform_prop_visible(struct kform *k, const struct property *prop);
/* The kernel's reverse dependency of target for select (or imply) lines. */
void kform_collect_reverse(struct kform *k, const struct menu_node *parent,
			   const struct symbol *target, enum prop_type type,
			   struct expr **rev);
void kform_print_symbol(struct kform *k, FILE *out, const struct symbol *sym);
void kform_print_expr(struct kform *k, FILE *out, const struct expr *e,
		       enum expr_op prev, bool top);
void kform_print_selectors(struct kform *k, FILE *out, const struct expr *e,
			    tristate level, const char **title);

#endif
