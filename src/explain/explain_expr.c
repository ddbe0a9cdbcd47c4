// SPDX-License-Identifier: GPL-2.0
/*
 * Expressions with the value of every part, and the small texts an
 * explanation shows: a property as a Kconfig line, a location.
 */
#include <stdlib.h>
#include <string.h>

#include "copy_text.h"
#include "explain.h"
#include "shell.h"
#include "util.h"

/* Shown as n/m/y: bool, tristate, and undefined names (which act as n). */
static bool shows_tristate(enum symbol_type type)
{
	return type == S_BOOLEAN || type == S_TRISTATE || type == S_UNKNOWN;
}

/* A symbol's value as an explanation shows it beside the name. */
static const char *shown_value(struct explainer *ex, const struct symbol *sym,
			       tristate tri)
{
	if (!(sym->flags & SYMBOL_CONST) && shows_tristate(sym->type))
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

static struct xexpr *evaluate(struct explainer *ex, const struct expr *e, bool cond);

/* A symbol whose value is a number or a string: n when it stands as a condition. */
static const struct symbol *valued_operand(const struct symbol *sym)
{
	if (!(sym->flags & SYMBOL_CONST) &&
	    (sym->type == S_INT || sym->type == S_HEX || sym->type == S_STRING))
		return sym;
	return NULL;
}

/*
 * With the values fixed, the xexpr of a symbol standing alone, shared by
 * every place it stands: all it holds (its value, the value shown, its
 * texts) depends on the symbol and on cond alone.  `explain --all` of
 * Linux 6.12 made 82,000 of them, one for each place, of 8,200 symbols
 * (with cond and without).  NULL for a symbol outside the table (made
 * after it).
 */
static struct xexpr **shared_leaf(struct explainer *ex, const struct symbol *sym,
				  bool cond)
{
	const struct kconfig *kc = ex->kc;

	if (!ex->leaves) {
		ex->nleaves = 2 * kc->nsymbols;
		ex->leaves = xcalloc(ex->nleaves ? ex->nleaves : 1, sizeof(*ex->leaves));
	}
	if (2 * (size_t)sym->index + 1 >= ex->nleaves || kc->symbols[sym->index] != sym)
		return NULL;
	return &ex->leaves[2 * (size_t)sym->index + cond];
}

struct xexpr *explain_expr(struct explainer *ex, const struct expr *e, bool cond)
{
	enum memo_kind kind = cond ? MEMO_XEXPR_COND : MEMO_XEXPR;
	struct xexpr *x;

	/* A symbol alone is found by its index, not in the memo. */
	if (!ex->values_fixed || !e || e->op == E_SYMBOL)
		return evaluate(ex, e, cond);
	x = memo_get(ex, e, kind);
	if (!x) {
		x = evaluate(ex, e, cond);
		memo_put(ex, e, kind, x);
	}
	return x;
}

/* The parts are evaluated here, not looked up: the memo has whole expressions. */
static struct xexpr *evaluate(struct explainer *ex, const struct expr *e, bool cond)
{
	struct xexpr **leaf = ex->values_fixed && e && e->op == E_SYMBOL ?
			      shared_leaf(ex, e->sym, cond) : NULL;
	struct xexpr *x;

	if (leaf && *leaf)
		return *leaf;
	/* What the memo keeps outlives explainer_reset(). */
	x = arena_new(ex->values_fixed ? &ex->memo_arena : &ex->arena, struct xexpr);
	if (leaf)
		*leaf = x;

	x->expr = e;
	x->terms = 1;
	if (!e) {
		x->value = TRI_YES;
		return x;
	}
	switch (e->op) {
	case E_SYMBOL:
		x->value = leaf_value(ex, e->sym, cond);
		x->lval = shown_value(ex, e->sym, x->value);
		x->valued = valued_operand(e->sym);
		break;
	case E_NOT:
		x->left = evaluate(ex, e->left, cond);
		x->value = tri_not(x->left->value);
		x->valued = x->left->valued;
		break;
	case E_AND:
	case E_OR:
		x->left = evaluate(ex, e->left, cond);
		x->right = evaluate(ex, e->right, cond);
		x->value = e->op == E_AND ? tri_and(x->left->value, x->right->value)
					  : tri_or(x->left->value, x->right->value);
		x->valued = x->left->valued ? x->left->valued : x->right->valued;
		if (e->op == E_AND)
			x->terms = x->left->terms + x->right->terms;
		break;
	default:
		x->value = config_expr(ex->cfg, e);
		x->lval = config_str(ex->cfg, e->lsym);
		x->rval = config_str(ex->cfg, e->rsym);
		x->valued = NULL;	/* a comparison reads the value itself */
		break;
	}
	return x;
}

/* --- printing ----------------------------------------------------------------- */

/*
 * The values to print after the operands of x, in the order the printer
 * meets them (x has the same shape as the expression it was built from).
 */
struct operand_values {
	struct strbuf *out;
	const char **values;
	size_t n, next, cap;
	struct span_text *spans;	/* NULL, or the one whose text out is */
};

void xexpr_each_operand(const struct xexpr *x, xexpr_operand_fn *fn, void *ctx)
{
	if (!x || !x->expr)
		return;
	switch (x->expr->op) {
	case E_SYMBOL:
		fn(ctx, x->expr->sym, x->lval);
		break;
	case E_NOT:
		xexpr_each_operand(x->left, fn, ctx);
		break;
	case E_AND:
	case E_OR:
		xexpr_each_operand(x->left, fn, ctx);
		xexpr_each_operand(x->right, fn, ctx);
		break;
	default:
		fn(ctx, x->expr->lsym, x->lval);
		fn(ctx, x->expr->rsym, x->rval);
		break;
	}
}

/* The values in one walk: the caller's small array first, then the heap. */
static void collect_one(void *ctx, const struct symbol *sym, const char *value)
{
	struct operand_values *ov = ctx;

	(void)sym;
	if (ov->n == ov->cap) {
		const char **more = xcalloc(2 * ov->cap, sizeof(*more));

		memcpy(more, ov->values, ov->n * sizeof(*more));
		if (ov->cap > 16)
			free(ov->values);
		ov->values = more;
		ov->cap *= 2;
	}
	ov->values[ov->n++] = value;
}

static void write_strbuf(void *ctx, const char *text, size_t len)
{
	struct operand_values *ov = ctx;

	strbuf_add(ov->out, text, len);
}

/* " [=value]", the value quoted for a string symbol: room made once. */
static void add_bracketed(struct strbuf *b, const struct symbol *sym, const char *value)
{
	size_t len = strlen(value);
	bool quoted = sym->type == S_STRING;
	char *at;

	if (b->cap - b->len <= len + 6)
		strbuf_grow(b, len + 6);
	at = b->data + b->len;
	memcpy(at, " [=", 3);
	at += 3;
	if (quoted)
		*at++ = '"';
	memcpy(at, value, len);
	at += len;
	if (quoted)
		*at++ = '"';
	*at++ = ']';
	b->len = (size_t)(at - b->data);
}

/* NAME [=value] for symbols; literals print as written. */
static void add_value(void *ctx, const struct symbol *sym)
{
	struct operand_values *ov = ctx;
	const char *value = ov->next < ov->n ? ov->values[ov->next] : NULL;

	ov->next++;
	if (explain_is_literal(sym))
		return;
	/* The operand's name was written just now. */
	if (sym->name)
		span_text_mark(ov->spans, strlen(sym->name), XSPAN_SYMBOL, sym);
	if (!value)
		return;
	strbuf_adds(ov->out, " [=");
	span_text_value(ov->spans, sym, value);
	strbuf_addc(ov->out, ']');
}

static void append_expr(struct strbuf *b, const struct expr *e, const struct xexpr *x,
			struct span_text *spans)
{
	const char *small[16];
	struct operand_values ov = {
		.out = b, .values = small, .cap = 16,
		/* Text without spans (the whole of `explain --all`): expr_append(). */
		.spans = spans && !spans->no_spans ? spans : NULL,
	};

	if (!ov.spans) {
		expr_append(b, e, x);
		return;
	}
	xexpr_each_operand(x, collect_one, &ov);
	expr_print(e, &(struct expr_printer){
			.write = write_strbuf,
			.operand = add_value,
			.ctx = &ov,
		});
	if (ov.values != small)
		free(ov.values);
}

/*
 * sym as expr_print() writes an operand, then its value when it has one:
 * for a symbol's name (nearly every operand), room for both made once.
 */
static void append_operand(struct strbuf *b, const struct symbol *sym, const char *value)
{
	size_t name_len, value_len;
	char *at;

	if (!sym->name || ((sym->flags & SYMBOL_CONST) && !symbol_is_tristate_const(sym))) {
		symbol_print(sym, &(struct expr_printer){ .write = write_strbuf,
				 .ctx = &(struct operand_values){ .out = b } });
		if (value && !explain_is_literal(sym))
			add_bracketed(b, sym, value);
		return;
	}
	if (!value || explain_is_literal(sym)) {
		strbuf_adds(b, sym->name);
		return;
	}
	name_len = strlen(sym->name);
	/* Most values are one letter (y, m, n): no call for those. */
	value_len = value[0] && !value[1] ? 1 : strlen(value);
	/* NAME [="value"] */
	if (b->cap - b->len <= name_len + value_len + 6)
		strbuf_grow(b, name_len + value_len + 6);
	at = b->data + b->len;
	copy_text(at, sym->name, name_len);
	at += name_len;
	memcpy(at, " [=", 3);
	at += 3;
	if (sym->type == S_STRING)
		*at++ = '"';
	if (value_len == 1)
		*at = value[0];
	else
		memcpy(at, value, value_len);
	at += value_len;
	if (sym->type == S_STRING)
		*at++ = '"';
	*at++ = ']';
	b->len = (size_t)(at - b->data);
}

/*
 * What append_expr() writes without spans, straight into b: e walked as
 * expr_print() walks it (its rules: expr_needs_parens()), with x, of the
 * same shape, beside it for the values (x NULL: none).
 */
static void append_valued(struct strbuf *b, const struct expr *e,
			  const struct xexpr *x, int outer)
{
	bool paren;

	/* A symbol binds tightest (expr_precedence()): never in parentheses. */
	if (e->op == E_SYMBOL) {
		append_operand(b, e->sym, x ? x->lval : NULL);
		return;
	}
	paren = expr_needs_parens(e->op, outer);

	if (paren)
		strbuf_addc(b, '(');
	switch (e->op) {
	case E_SYMBOL:
		append_operand(b, e->sym, x ? x->lval : NULL);
		break;
	case E_NOT:
		strbuf_addc(b, '!');
		append_valued(b, e->left, x ? x->left : NULL, 4);
		break;
	case E_AND:
	case E_OR:
		append_valued(b, e->left, x ? x->left : NULL, expr_precedence(e->op));
		strbuf_adds(b, e->op == E_AND ? " && " : " || ");
		append_valued(b, e->right, x ? x->right : NULL, expr_precedence(e->op) + 1);
		break;
	default:
		append_operand(b, e->lsym, x ? x->lval : NULL);
		strbuf_addc(b, ' ');
		strbuf_adds(b, expr_op_text(e->op));
		strbuf_addc(b, ' ');
		append_operand(b, e->rsym, x ? x->rval : NULL);
		break;
	}
	if (paren)
		strbuf_addc(b, ')');
}

void expr_append(struct strbuf *b, const struct expr *e, const struct xexpr *x)
{
	if (e)
		append_valued(b, e, x, 0);
	else
		strbuf_addc(b, 'y');
}

void span_text_expr(struct span_text *t, const struct expr *e, const struct xexpr *x)
{
	append_expr(&t->text, e, x, t);
}

const char *explain_scratch_expr(struct explainer *ex, const struct expr *e,
				 const struct xexpr *x)
{
	ex->scratch.len = 0;
	expr_append(&ex->scratch, e, x);
	return strbuf_str(&ex->scratch);
}

static const char *scratch_copy(struct explainer *ex)
{
	return arena_strndup(&ex->arena, strbuf_str(&ex->scratch), ex->scratch.len);
}

const char *xexpr_string(struct explainer *ex, const struct xexpr *x)
{
	explain_scratch_expr(ex, x ? x->expr : NULL, x);
	return scratch_copy(ex);
}

static void append_name(struct strbuf *b, const struct symbol *sym,
			struct span_text *spans)
{
	struct operand_values ov = { .out = b };

	/* A symbol's name is written as it is (symbol_print()'s rule), without a callback. */
	if (sym->name && (!(sym->flags & SYMBOL_CONST) || symbol_is_tristate_const(sym)))
		strbuf_adds(b, sym->name);
	else
		symbol_print(sym, &(struct expr_printer){ .write = write_strbuf, .ctx = &ov });
	if (spans && sym->name && !explain_is_literal(sym))
		span_text_mark(spans, strlen(sym->name), XSPAN_SYMBOL, sym);
}

/* spans: NULL, or the one whose text b is. */
static void append_property(struct strbuf *b, const struct property *prop,
			    struct span_text *spans)
{
	switch (prop->type) {
	case P_PROMPT:
	case P_MENU:
	case P_COMMENT:
		/* As written: `bool "..."` is a prompt on the type's line. */
		if (prop->keyword) {
			strbuf_adds(b, prop->keyword);
			strbuf_adds(b, " \"");
		} else {
			strbuf_adds(b, prop->type == P_COMMENT ? "comment \"" :
				       prop->type == P_MENU ? "menu \"" : "prompt \"");
		}
		strbuf_adds(b, prop->text ? prop->text : "");
		strbuf_addc(b, '"');
		break;
	case P_DEFAULT:
		/* def_bool and its kin declare the type and the default at once. */
		strbuf_adds(b, prop->keyword ? prop->keyword : "default");
		strbuf_addc(b, ' ');
		append_expr(b, prop->expr, NULL, spans);
		break;
	case P_SELECT:
	case P_IMPLY:
		strbuf_adds(b, prop->type == P_SELECT ? "select " : "imply ");
		append_name(b, prop->target, spans);
		break;
	case P_RANGE:
		strbuf_adds(b, "range ");
		append_name(b, prop->range_min, spans);
		strbuf_addc(b, ' ');
		append_name(b, prop->range_max, spans);
		break;
	}
	if (prop->cond) {
		strbuf_adds(b, " if ");
		append_expr(b, prop->cond, NULL, spans);
	}
}

static void append_bound(struct explainer *ex, struct strbuf *b,
			 const struct symbol *bound)
{
	append_name(b, bound, NULL);
	if (explain_is_literal(bound))
		return;
	strbuf_adds(b, " [=");
	strbuf_adds(b, config_str(ex->cfg, bound));
	strbuf_addc(b, ']');
}

const char *range_text_values(struct explainer *ex, const struct property *range)
{
	struct strbuf b = { 0 };
	const char *text;

	strbuf_adds(&b, "range ");
	append_bound(ex, &b, range->range_min);
	strbuf_addc(&b, ' ');
	append_bound(ex, &b, range->range_max);
	text = arena_strndup(&ex->arena, strbuf_str(&b), b.len);
	strbuf_release(&b);
	return text;
}

unsigned explain_prop_runs(struct explainer *ex, const struct property *prop,
			   const struct shell_run **runs, unsigned max)
{
	size_t count;
	const struct shell_run *all = kconfig_shell_runs(ex->kc, &count);
	unsigned n = 0;

	if (!prop->raw)
		return 0;	/* no $(...) on the line, so no command either */
	for (size_t i = 0; i < count && n < max; i++)
		if (all[i].loc.file == prop->loc.file && all[i].loc.line == prop->loc.line)
			runs[n++] = &all[i];
	return n;
}

static void false_terms(const struct xexpr *x, const struct xexpr **terms,
			unsigned max, unsigned *n)
{
	if (x->expr->op == E_AND && x->left && x->right) {
		false_terms(x->left, terms, max, n);
		false_terms(x->right, terms, max, n);
	} else if (x->value == TRI_NO && *n < max) {
		terms[(*n)++] = x;
	}
}

unsigned xexpr_false_terms(const struct xexpr *x, const struct xexpr **terms,
			   unsigned max)
{
	unsigned n = 0;

	if (!x || !x->expr || x->value != TRI_NO || x->terms < 2)
		return 0;
	false_terms(x, terms, max, &n);
	return n;
}

const struct symbol *xexpr_valued_condition(const struct xexpr *x)
{
	return x ? x->valued : NULL;
}

const char *property_text(struct explainer *ex, const struct property *prop)
{
	ex->scratch.len = 0;
	append_property(&ex->scratch, prop, NULL);
	return scratch_copy(ex);
}

void span_text_property(struct span_text *t, const struct property *prop)
{
	append_property(&t->text, prop, t);
}

/*
 * "file:line" into buf, which has room for it and a NUL: written by hand,
 * since an explanation has a dozen locations and `explain --all` a few
 * hundred thousand.  Returns the length.
 */
static size_t format_location(char *buf, const char *file, size_t file_len, int line)
{
	size_t len;

	memcpy(buf, file, file_len);
	buf[file_len] = ':';
	len = file_len + 1 + decimal_put(buf + file_len + 1, (unsigned)line);
	buf[len] = '\0';
	return len;
}

/* The bytes format_location() needs, its NUL included. */
#define LOCATION_ROOM(file_len) ((file_len) + 1 + 11 + 1)

const char *location_text(struct explainer *ex, struct location loc)
{
	const char *file = location_file(loc);
	size_t len;
	char *text;

	if (loc.line <= 0)
		return "";
	len = strlen(file);
	text = arena_alloc(&ex->arena, LOCATION_ROOM(len));
	format_location(text, file, len, loc.line);
	return text;
}

void location_append(struct strbuf *b, struct location loc)
{
	const char *file = location_file(loc);
	size_t len;

	if (loc.line <= 0)
		return;
	len = strlen(file);
	if (b->cap - b->len <= LOCATION_ROOM(len))
		strbuf_grow(b, LOCATION_ROOM(len));
	b->len += format_location(b->data + b->len, file, len, loc.line);
}

const char *user_source_text(struct explainer *ex, const struct config_source *src)
{
	const char *text;

	if (!src)
		return "";
	text = arena_printf(&ex->arena, "set by %s", location_text(ex, src->set));
	for (unsigned i = 0; i < src->nover; i++)
		text = arena_printf(&ex->arena, "%s%s%s", text,
				    !i ? ", over " : i + 1 < src->nover ? ", " : " and ",
				    location_text(ex, src->over[i]));
	return text;
}
