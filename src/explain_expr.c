// SPDX-License-Identifier: GPL-2.0
/*
 * Expressions with the value of every part, and the small texts an
 * explanation shows: a property as a Kconfig line, a location.
 */
#include <stdlib.h>
#include <string.h>

#include "explain.h"

bool explain_is_literal(const struct symbol *sym)
{
	const char *name = sym->name;

	if (sym->flags & SYMBOL_CONST)
		return true;
	if (sym->type != S_UNKNOWN || (sym->flags & SYMBOL_DEFINED) || !name)
		return false;
	if (*name == '-')
		name++;
	return *name >= '0' && *name <= '9';
}

static bool is_tri_type(enum symbol_type type)
{
	return type == S_BOOLEAN || type == S_TRISTATE || type == S_UNKNOWN;
}

/* A symbol's value as an explanation shows it beside the name. */
static const char *shown_value(struct explainer *ex, const struct symbol *sym,
			       tristate tri)
{
	if (!(sym->flags & SYMBOL_CONST) && is_tri_type(sym->type))
		return tri == TRI_YES ? "y" : tri == TRI_MOD ? "m" : "n";
	return config_str(ex->cfg, sym);
}

/*
 * In a condition as written, a bare `m` means "m if modules are on":
 * the tree finisher rewrote it so, and the value must agree.
 */
static tristate leaf_value(struct explainer *ex, const struct symbol *sym,
			   bool cond)
{
	tristate t = config_tri(ex->cfg, sym);

	if (cond && sym == ex->kc->sym_mod)
		t = tri_and(t, ex->kc->modules_sym ?
			       config_tri(ex->cfg, ex->kc->modules_sym) : TRI_NO);
	return t;
}

struct xexpr *explain_expr(struct explainer *ex, const struct expr *e, bool cond)
{
	struct xexpr *x = arena_new(&ex->arena, struct xexpr);

	x->expr = e;
	if (!e) {
		x->value = TRI_YES;
		return x;
	}
	switch (e->op) {
	case E_SYMBOL:
		x->value = leaf_value(ex, e->sym, cond);
		x->lval = shown_value(ex, e->sym, x->value);
		break;
	case E_NOT:
		x->left = explain_expr(ex, e->left, cond);
		x->value = tri_not(x->left->value);
		break;
	case E_AND:
	case E_OR:
		x->left = explain_expr(ex, e->left, cond);
		x->right = explain_expr(ex, e->right, cond);
		x->value = e->op == E_AND ? tri_and(x->left->value, x->right->value)
					  : tri_or(x->left->value, x->right->value);
		break;
	default:
		x->value = config_expr(ex->cfg, e);
		x->lval = config_str(ex->cfg, e->lsym);
		x->rval = config_str(ex->cfg, e->rsym);
		break;
	}
	return x;
}

/* --- printing ----------------------------------------------------------------- */

static int precedence(enum expr_op op)
{
	switch (op) {
	case E_OR: return 1;
	case E_AND: return 2;
	case E_NOT: return 4;
	case E_SYMBOL: return 5;
	default: return 3;
	}
}

static void print_name(const struct symbol *sym, FILE *out)
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
		if (*s == '"' || *s == '\\')
			putc('\\', out);
		putc(*s, out);
	}
	putc('"', out);
}

/* NAME [=value] for symbols; constants print as written. */
static void print_operand(const struct symbol *sym, const char *value, FILE *out)
{
	print_name(sym, out);
	if (!explain_is_literal(sym) && value) {
		if (sym->type == S_STRING)
			fprintf(out, " [=\"%s\"]", value);
		else
			fprintf(out, " [=%s]", value);
	}
}

static void print_prec(const struct xexpr *x, int outer, FILE *out)
{
	const struct expr *e = x->expr;
	int prec = precedence(e->op);
	bool paren = prec < outer || (outer == 4 && prec < 4);

	if (paren)
		putc('(', out);
	switch (e->op) {
	case E_SYMBOL:
		print_operand(e->sym, x->lval, out);
		break;
	case E_NOT:
		putc('!', out);
		print_prec(x->left, 4, out);
		break;
	case E_AND:
	case E_OR:
		print_prec(x->left, prec, out);
		fprintf(out, " %s ", expr_op_text(e->op));
		print_prec(x->right, prec + 1, out);
		break;
	default:
		print_operand(e->lsym, x->lval, out);
		fprintf(out, " %s ", expr_op_text(e->op));
		print_operand(e->rsym, x->rval, out);
		break;
	}
	if (paren)
		putc(')', out);
}

void xexpr_fprint(const struct xexpr *x, FILE *out)
{
	if (x && x->expr)
		print_prec(x, 0, out);
	else
		fputs("y", out);
}

/* Run a printer into a memory stream and keep the text in the arena. */
#define ARENA_PRINT(ex, out, body)					\
	({								\
		char *buf_ = NULL;					\
		size_t len_ = 0;					\
		FILE *out = open_memstream(&buf_, &len_);		\
		const char *text_;					\
		if (!out)						\
			abort();					\
		body;							\
		fclose(out);						\
		text_ = arena_strndup(&(ex)->arena, buf_, len_);	\
		free(buf_);						\
		text_;							\
	})

const char *xexpr_string(struct explainer *ex, const struct xexpr *x)
{
	return ARENA_PRINT(ex, out, xexpr_fprint(x, out));
}

static void print_property(const struct property *prop, FILE *out)
{
	switch (prop->type) {
	case P_PROMPT:
	case P_MENU:
	case P_COMMENT:
		fputs(prop->type == P_COMMENT ? "comment \"" :
		      prop->type == P_MENU ? "menu \"" : "prompt \"", out);
		fputs(prop->text ? prop->text : "", out);
		putc('"', out);
		break;
	case P_DEFAULT:
		fputs("default ", out);
		expr_fprint(prop->expr, out);
		break;
	case P_SELECT:
	case P_IMPLY:
		fputs(prop->type == P_SELECT ? "select " : "imply ", out);
		print_name(prop->target, out);
		break;
	case P_RANGE:
		fputs("range ", out);
		print_name(prop->range_min, out);
		putc(' ', out);
		print_name(prop->range_max, out);
		break;
	}
	if (prop->cond) {
		fputs(" if ", out);
		expr_fprint(prop->cond, out);
	}
}

const char *property_text(struct explainer *ex, const struct property *prop)
{
	return ARENA_PRINT(ex, out, print_property(prop, out));
}

const char *location_text(struct explainer *ex, struct location loc)
{
	if (loc.line <= 0)
		return "";
	return arena_printf(&ex->arena, "%s:%d", location_file(loc), loc.line);
}
