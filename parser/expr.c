// SPDX-License-Identifier: GPL-2.0
/*
 * Building and printing expression trees.
 */
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "expr.h"
#include "symbol.h"

struct expr *expr_symbol(struct arena *arena, struct symbol *sym)
{
	struct expr *e = arena_new(arena, struct expr);

	e->op = E_SYMBOL;
	e->sym = sym;
	return e;
}

struct expr *expr_not(struct arena *arena, struct expr *operand)
{
	struct expr *e = arena_new(arena, struct expr);

	e->op = E_NOT;
	e->left = operand;
	return e;
}

struct expr *expr_compare(struct arena *arena, enum expr_op op,
			  struct symbol *lsym, struct symbol *rsym)
{
	struct expr *e = arena_new(arena, struct expr);

	e->op = op;
	e->lsym = lsym;
	e->rsym = rsym;
	return e;
}

static struct expr *expr_binary(struct arena *arena, enum expr_op op,
				struct expr *a, struct expr *b)
{
	struct expr *e;

	if (!a)
		return b;
	if (!b)
		return a;
	e = arena_new(arena, struct expr);
	e->op = op;
	e->left = a;
	e->right = b;
	return e;
}

struct expr *expr_and(struct arena *arena, struct expr *a, struct expr *b)
{
	return expr_binary(arena, E_AND, a, b);
}

struct expr *expr_or(struct arena *arena, struct expr *a, struct expr *b)
{
	return expr_binary(arena, E_OR, a, b);
}

const char *expr_op_text(enum expr_op op)
{
	switch (op) {
	case E_SYMBOL: return "";
	case E_NOT: return "!";
	case E_AND: return "&&";
	case E_OR: return "||";
	case E_EQUAL: return "=";
	case E_UNEQUAL: return "!=";
	case E_LTH: return "<";
	case E_LEQ: return "<=";
	case E_GTH: return ">";
	case E_GEQ: return ">=";
	}
	return "?";
}

bool expr_mentions(const struct expr *e, const struct symbol *sym)
{
	if (!e)
		return false;
	switch (e->op) {
	case E_SYMBOL:
		return e->sym == sym;
	case E_NOT:
		return expr_mentions(e->left, sym);
	case E_AND:
	case E_OR:
		return expr_mentions(e->left, sym) ||
		       expr_mentions(e->right, sym);
	default:
		return e->lsym == sym || e->rsym == sym;
	}
}

/* Binding strength, weakest first, as in the kernel's grammar. */
static int expr_precedence(enum expr_op op)
{
	switch (op) {
	case E_OR: return 1;
	case E_AND: return 2;
	case E_NOT: return 4;
	case E_SYMBOL: return 5;
	default: return 3;	/* comparisons */
	}
}

static void symbol_fprint(const struct symbol *sym, FILE *out)
{
	const char *s;

	if (!sym->name) {
		fputs("<choice>", out);
		return;
	}
	if (!(sym->flags & SYMBOL_CONST) || symbol_is_tristate_const(sym)) {
		fputs(sym->name, out);
		return;
	}
	putc('"', out);
	for (s = sym->name; *s; s++) {
		/* Unescaped, "$(" would be expanded when read back. */
		if (*s == '"' || *s == '\\' || (s[0] == '$' && s[1] == '('))
			putc('\\', out);
		putc(*s, out);
	}
	putc('"', out);
}

static void expr_fprint_prec(const struct expr *e, int outer, FILE *out)
{
	int prec = expr_precedence(e->op);
	/* Under `!`, anything but a symbol or another `!` gets parentheses. */
	bool paren = prec < outer || (outer == 4 && prec < 4);

	if (paren)
		putc('(', out);
	switch (e->op) {
	case E_SYMBOL:
		symbol_fprint(e->sym, out);
		break;
	case E_NOT:
		putc('!', out);
		expr_fprint_prec(e->left, 4, out);
		break;
	case E_AND:
	case E_OR:
		expr_fprint_prec(e->left, prec, out);
		fprintf(out, " %s ", expr_op_text(e->op));
		/* Right operand one level tighter: a || (b || c) keeps its shape. */
		expr_fprint_prec(e->right, prec + 1, out);
		break;
	default:
		symbol_fprint(e->lsym, out);
		fprintf(out, " %s ", expr_op_text(e->op));
		symbol_fprint(e->rsym, out);
		break;
	}
	if (paren)
		putc(')', out);
}

void expr_fprint(const struct expr *e, FILE *out)
{
	if (e)
		expr_fprint_prec(e, 0, out);
	else
		fputs("y", out);
}

char *expr_to_string(const struct expr *e)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	if (!out)
		abort();
	expr_fprint(e, out);
	fclose(out);
	return buf;
}
