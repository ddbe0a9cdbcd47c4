// SPDX-License-Identifier: GPL-2.0
/*
 * Building and printing expression trees.
 */
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "expr.h"
#include "strbuf.h"
#include "symbol.h"

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

void expr_for_each_symbol(const struct expr *e, expr_symbol_fn *fn, void *ctx)
{
	while (e) {
		switch (e->op) {
		case E_SYMBOL:
			fn(ctx, e->sym);
			return;
		case E_NOT:
			e = e->left;
			continue;
		case E_AND:
		case E_OR:
			expr_for_each_symbol(e->left, fn, ctx);
			e = e->right;
			continue;
		default:
			fn(ctx, e->lsym);
			fn(ctx, e->rsym);
			return;
		}
	}
}

int expr_precedence(enum expr_op op)
{
	switch (op) {
	case E_OR: return 1;
	case E_AND: return 2;
	case E_NOT: return 4;
	case E_SYMBOL: return 5;
	default: return 3;	/* comparisons */
	}
}

bool expr_needs_parens(enum expr_op op, int outer)
{
	int prec = expr_precedence(op);

	/* Under `!`, anything but a symbol or another `!` gets parentheses. */
	return prec < outer || (outer == 4 && prec < 4);
}

static void print_text(const struct expr_printer *p, const char *text)
{
	p->write(p->ctx, text, strlen(text));
}

void symbol_print(const struct symbol *sym, const struct expr_printer *p)
{
	const char *s, *run;

	if (!sym->name) {
		print_text(p, "<choice>");
		return;
	}
	if (!(sym->flags & SYMBOL_CONST) || symbol_is_tristate_const(sym)) {
		print_text(p, sym->name);
		return;
	}
	print_text(p, "\"");
	for (s = run = sym->name; *s; s++) {
		/* Unescaped, "$(" would be expanded when read back. */
		if (*s == '"' || *s == '\\' || (s[0] == '$' && s[1] == '(')) {
			p->write(p->ctx, run, (size_t)(s - run));
			print_text(p, "\\");
			run = s;
		}
	}
	p->write(p->ctx, run, (size_t)(s - run));
	print_text(p, "\"");
}

static void print_operand(const struct symbol *sym, const struct expr_printer *p)
{
	symbol_print(sym, p);
	if (p->operand)
		p->operand(p->ctx, sym);
}

static void print_prec(const struct expr *e, int outer, const struct expr_printer *p)
{
	int prec = expr_precedence(e->op);
	bool paren = expr_needs_parens(e->op, outer);

	if (paren)
		print_text(p, "(");
	switch (e->op) {
	case E_SYMBOL:
		print_operand(e->sym, p);
		break;
	case E_NOT:
		print_text(p, "!");
		print_prec(e->left, 4, p);
		break;
	case E_AND:
	case E_OR:
		print_prec(e->left, prec, p);
		print_text(p, e->op == E_AND ? " && " : " || ");
		/* Right operand one level tighter: a || (b || c) keeps its shape. */
		print_prec(e->right, prec + 1, p);
		break;
	default:
		print_operand(e->lsym, p);
		print_text(p, " ");
		print_text(p, expr_op_text(e->op));
		print_text(p, " ");
		print_operand(e->rsym, p);
		break;
	}
	if (paren)
		print_text(p, ")");
}

void expr_print(const struct expr *e, const struct expr_printer *p)
{
	if (e)
		print_prec(e, 0, p);
	else
		print_text(p, "y");
}

static void write_file(void *ctx, const char *text, size_t len)
{
	fwrite(text, 1, len, ctx);
}

void expr_fprint(const struct expr *e, FILE *out)
{
	expr_print(e, &(struct expr_printer){ .write = write_file, .ctx = out });
}

static void write_strbuf(void *ctx, const char *text, size_t len)
{
	strbuf_add(ctx, text, len);
}

char *expr_to_string(const struct expr *e)
{
	struct strbuf buf = { 0 };

	expr_print(e, &(struct expr_printer){ .write = write_strbuf, .ctx = &buf });
	return strbuf_take(&buf);
}
