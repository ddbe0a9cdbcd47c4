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

void strbuf_add(struct strbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2 + 256;
		b->text = realloc(b->text, b->cap);
		if (!b->text)
			abort();
	}
	memcpy(b->text + b->len, s, n);
	b->len += n;
	b->text[b->len] = '\0';
}

void strbuf_puts(struct strbuf *b, const char *s)
{
	strbuf_add(b, s, strlen(s));
}

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

static void append_name(struct strbuf *b, const struct symbol *sym)
{
	const char *s;

	if (!sym->name) {
		strbuf_puts(b, "<choice>");
		return;
	}
	if (!(sym->flags & SYMBOL_CONST) || symbol_is_tristate_const(sym)) {
		strbuf_puts(b, sym->name);
		return;
	}
	strbuf_putc(b, '"');
	for (s = sym->name; *s; s++) {
		if (*s == '"' || *s == '\\')
			strbuf_putc(b, '\\');
		strbuf_putc(b, *s);
	}
	strbuf_putc(b, '"');
}

/* NAME [=value] for symbols; literals print as written. */
static void append_operand(struct strbuf *b, const struct symbol *sym,
			   const char *value)
{
	append_name(b, sym);
	if (!value || explain_is_literal(sym))
		return;
	strbuf_puts(b, sym->type == S_STRING ? " [=\"" : " [=");
	strbuf_puts(b, value);
	strbuf_puts(b, sym->type == S_STRING ? "\"]" : "]");
}

/* x, when given, has the same shape as e and adds the values. */
static void append_prec(struct strbuf *b, const struct expr *e,
			const struct xexpr *x, int outer)
{
	int prec = precedence(e->op);
	bool paren = prec < outer || (outer == 4 && prec < 4);

	if (paren)
		strbuf_putc(b, '(');
	switch (e->op) {
	case E_SYMBOL:
		append_operand(b, e->sym, x ? x->lval : NULL);
		break;
	case E_NOT:
		strbuf_putc(b, '!');
		append_prec(b, e->left, x ? x->left : NULL, 4);
		break;
	case E_AND:
	case E_OR:
		append_prec(b, e->left, x ? x->left : NULL, prec);
		strbuf_puts(b, e->op == E_AND ? " && " : " || ");
		append_prec(b, e->right, x ? x->right : NULL, prec + 1);
		break;
	default:
		append_operand(b, e->lsym, x ? x->lval : NULL);
		strbuf_putc(b, ' ');
		strbuf_puts(b, expr_op_text(e->op));
		strbuf_putc(b, ' ');
		append_operand(b, e->rsym, x ? x->rval : NULL);
		break;
	}
	if (paren)
		strbuf_putc(b, ')');
}

void expr_append(struct strbuf *b, const struct expr *e, const struct xexpr *x)
{
	if (e)
		append_prec(b, e, x, 0);
	else
		strbuf_putc(b, 'y');
}

const char *explain_scratch_expr(struct explainer *ex, const struct expr *e,
				 const struct xexpr *x)
{
	ex->scratch.len = 0;
	expr_append(&ex->scratch, e, x);
	return ex->scratch.text;
}

void xexpr_fprint(const struct xexpr *x, FILE *out)
{
	struct strbuf b = { 0 };

	expr_append(&b, x ? x->expr : NULL, x);
	fputs(b.text, out);
	free(b.text);
}

static const char *scratch_copy(struct explainer *ex)
{
	return arena_strndup(&ex->arena, ex->scratch.text, ex->scratch.len);
}

const char *xexpr_string(struct explainer *ex, const struct xexpr *x)
{
	explain_scratch_expr(ex, x ? x->expr : NULL, x);
	return scratch_copy(ex);
}

static void append_property(struct strbuf *b, const struct property *prop)
{
	switch (prop->type) {
	case P_PROMPT:
	case P_MENU:
	case P_COMMENT:
		strbuf_puts(b, prop->type == P_COMMENT ? "comment \"" :
			       prop->type == P_MENU ? "menu \"" : "prompt \"");
		strbuf_puts(b, prop->text ? prop->text : "");
		strbuf_putc(b, '"');
		break;
	case P_DEFAULT:
		strbuf_puts(b, "default ");
		expr_append(b, prop->expr, NULL);
		break;
	case P_SELECT:
	case P_IMPLY:
		strbuf_puts(b, prop->type == P_SELECT ? "select " : "imply ");
		append_name(b, prop->target);
		break;
	case P_RANGE:
		strbuf_puts(b, "range ");
		append_name(b, prop->range_min);
		strbuf_putc(b, ' ');
		append_name(b, prop->range_max);
		break;
	}
	if (prop->cond) {
		strbuf_puts(b, " if ");
		expr_append(b, prop->cond, NULL);
	}
}

const char *property_text(struct explainer *ex, const struct property *prop)
{
	ex->scratch.len = 0;
	append_property(&ex->scratch, prop);
	return scratch_copy(ex);
}

const char *location_text(struct explainer *ex, struct location loc)
{
	if (loc.line <= 0)
		return "";
	return arena_printf(&ex->arena, "%s:%d", location_file(loc), loc.line);
}
