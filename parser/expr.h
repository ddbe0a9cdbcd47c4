/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Expression trees, as written in `depends on`, `if`, `default`, ...
 *
 * Comparisons take two symbols, as in the kernel's grammar: literals such
 * as 12 or "foo" are symbols too (see symbol.h).  The parser builds these
 * trees; src/ gives them values.
 */
#ifndef KBROWSE_EXPR_H
#define KBROWSE_EXPR_H

#include <stdbool.h>
#include <stdio.h>

#include "arena.h"
#include "symbol.h"

enum expr_op {
	E_SYMBOL,		/* sym */
	E_NOT,			/* !left */
	E_AND,			/* left && right */
	E_OR,			/* left || right */
	E_EQUAL,		/* lsym = rsym */
	E_UNEQUAL,		/* lsym != rsym */
	E_LTH,			/* lsym < rsym */
	E_LEQ,			/* lsym <= rsym */
	E_GTH,			/* lsym > rsym */
	E_GEQ,			/* lsym >= rsym */
};

struct expr {
	enum expr_op op;
	/*
	 * Set by kconfig_finish()'s dependency-loop check on a subtree it
	 * walked without meeting a loop: no later walk can meet one there
	 * (entries share their enclosing dependencies, so this spares most
	 * of the walk).  Added for speed; it sits in padding.
	 */
	bool loop_free;
	/*
	 * Set by the model's memo index (src/model/memo_index.c) on the
	 * && and || nodes it reaches from the tree: their remembered values
	 * are invalidated from the symbols below them, so they may outlive
	 * one configuration; other nodes' may not.  In padding too.
	 */
	bool memo_indexed;
	/*
	 * Set when the node is built: the subtree holds the constant m, which
	 * kconfig_finish() rewrites to `m && MODULES`.  The rest (nearly every
	 * dependency) it passes over without a walk.  Added for speed, in
	 * padding too.
	 */
	bool mentions_mod;
	union {
		struct {				/* E_SYMBOL */
			struct symbol *sym;
			/*
			 * sym->index, in the room the node has anyway: the
			 * loop check looks up its state of the symbol
			 * without a read of the symbol (a cache miss each,
			 * as the tree no longer fits the cache).
			 */
			unsigned sym_index;
		};
		struct {
			struct expr *left, *right;	/* E_NOT uses left */
		};
		struct {
			struct symbol *lsym, *rsym;	/* comparisons */
		};
	};
};

static inline bool expr_is_compare(enum expr_op op)
{
	return op >= E_EQUAL;
}

/* Does a comparison hold, its operands ordered as order (<0, 0, >0) says? */
static inline bool expr_compare_holds(enum expr_op op, int order)
{
	switch (op) {
	case E_EQUAL: return order == 0;
	case E_UNEQUAL: return order != 0;
	case E_LTH: return order < 0;
	case E_LEQ: return order <= 0;
	case E_GTH: return order > 0;
	case E_GEQ: return order >= 0;
	default: return false;
	}
}

/*
 * The constructors are inline: parsing and finishing a tree build a
 * hundred thousand nodes, each a bump of the arena's pointer.
 */
static inline struct expr *expr_symbol(struct arena *arena, struct symbol *sym)
{
	struct expr *e = arena_new(arena, struct expr);

	e->op = E_SYMBOL;
	e->sym = sym;
	e->sym_index = sym->index;
	e->mentions_mod = sym->flags & SYMBOL_MOD;
	return e;
}

static inline struct expr *expr_not(struct arena *arena, struct expr *operand)
{
	struct expr *e = arena_new(arena, struct expr);

	e->op = E_NOT;
	e->left = operand;
	e->mentions_mod = operand->mentions_mod;
	return e;
}

static inline struct expr *expr_compare(struct arena *arena, enum expr_op op,
					struct symbol *lsym,
					struct symbol *rsym)
{
	struct expr *e = arena_new(arena, struct expr);

	e->op = op;
	e->lsym = lsym;
	e->rsym = rsym;
	return e;
}

/* a op b, both operands set (expr_and() and expr_or() are the callers). */
static inline struct expr *expr_binary(struct arena *arena, enum expr_op op,
				       struct expr *a, struct expr *b)
{
	struct expr *e = arena_new(arena, struct expr);

	e->op = op;
	e->left = a;
	e->right = b;
	/* | rather than ||: both are loaded anyway, and no branch. */
	e->mentions_mod = a->mentions_mod | b->mentions_mod;
	return e;
}

/*
 * Both treat NULL as "no condition" (always true): and(NULL, e) == e.
 * Inline: finishing the tree makes a hundred thousand, most of them with
 * an operand NULL, which needs no call.
 */
static inline struct expr *expr_and(struct arena *arena, struct expr *a,
				    struct expr *b)
{
	return !a ? b : !b ? a : expr_binary(arena, E_AND, a, b);
}

static inline struct expr *expr_or(struct arena *arena, struct expr *a,
				   struct expr *b)
{
	return !a ? b : !b ? a : expr_binary(arena, E_OR, a, b);
}

/* The operator as written in Kconfig: "&&", "!=", ... */
const char *expr_op_text(enum expr_op op);
/*
 * expr_print()'s rules, for a printer that writes more than the text (the
 * explainer's values): an operator's binding strength, weakest first, as
 * in the kernel's grammar (a `!` binds 4), and whether op needs
 * parentheses under an operator of strength outer (0 at the top).
 */
int expr_precedence(enum expr_op op);
bool expr_needs_parens(enum expr_op op, int outer);

/* Does sym appear anywhere in e? */
bool expr_mentions(const struct expr *e, const struct symbol *sym);

/*
 * Print e as Kconfig text with the fewest parentheses that keep its
 * meaning: "A && (B || !C)".  Constant string symbols are quoted.
 */
/* Call fn for each symbol (constants too) e reads, left to right. */
typedef void expr_symbol_fn(void *ctx, const struct symbol *sym);
void expr_for_each_symbol(const struct expr *e, expr_symbol_fn *fn, void *ctx);

/*
 * The one expression printer: Kconfig text with the fewest parentheses,
 * constants quoted so that they read back the same (", \ and $( escaped).
 * Text goes to write(); operand(), if set, is called after each symbol
 * or comparison side is printed, in reading order (explanations add the
 * value there: "A [=y] && !B [=n]").
 */
struct expr_printer {
	void (*write)(void *ctx, const char *text, size_t len);
	void (*operand)(void *ctx, const struct symbol *sym);
	void *ctx;
};

void expr_print(const struct expr *e, const struct expr_printer *p);
/* One symbol or constant as expr_print() writes an operand. */
void symbol_print(const struct symbol *sym, const struct expr_printer *p);
void expr_fprint(const struct expr *e, FILE *out);
/* Same into a heap string the caller frees. */
char *expr_to_string(const struct expr *e);

#endif
