// SPDX-License-Identifier: GPL-2.0
/*
 * The tree as a formula for PicoSAT, under the current configuration.
 *
 * Each bool or tristate value is two literals (at least m, y); each int,
 * hex or string value one literal per candidate value (what its defaults
 * and range bounds can give, what it is compared with, the current and
 * the wanted value).  A symbol is encoded when something asks for it,
 * its definition written later from a queue, so only the cone of the
 * goals is encoded, and no walk recurses along a dependency chain.
 *
 * The definitions restate the rules of src/model/symbol_value.c and
 * choice.c (user value under a visible prompt, else the first active
 * default raised by imply within the dependencies, at least what selects
 * force; a choice's pick; the first active range clamps a number).  They
 * only propose: every plan is verified by the model itself
 * (plan_search.c), which decides every value.
 *
 * The user values a plan may change are variables (struct plan_var:
 * one "keep" literal each); what nobody can change is an assumption
 * (struct plan_fact), so that an unsatisfiable core names it.
 */
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "util.h"

#define DOMAIN_MAX 48

int plan_enc_var(struct plan_enc *enc)
{
	return picosat_inc_max_var(enc->ps);
}

void plan_enc_clause(struct plan_enc *enc, const int *lits, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		picosat_add(enc->ps, lits[i]);
	picosat_add(enc->ps, 0);
}

static void clause2(struct plan_enc *enc, int a, int b)
{
	int c[2] = { a, b };

	plan_enc_clause(enc, c, 2);
}

/* --- gates, with the constants folded ------------------------------------ */

static int lit_and(struct plan_enc *enc, const int *in, unsigned n)
{
	int *kept = xmalloc((n + 1) * sizeof(*kept));
	unsigned k = 0;
	int x;

	for (unsigned i = 0; i < n; i++) {
		if (in[i] == -enc->t) {
			free(kept);
			return -enc->t;
		}
		if (in[i] == enc->t)
			continue;
		kept[k++] = in[i];
	}
	if (k == 0 || k == 1) {
		x = k ? kept[0] : enc->t;
		free(kept);
		return x;
	}
	x = plan_enc_var(enc);
	for (unsigned i = 0; i < k; i++)
		clause2(enc, -x, kept[i]);
	for (unsigned i = 0; i < k; i++)
		picosat_add(enc->ps, -kept[i]);
	picosat_add(enc->ps, x);
	picosat_add(enc->ps, 0);
	free(kept);
	return x;
}

static int lit_or(struct plan_enc *enc, const int *in, unsigned n)
{
	int *neg = xmalloc((n + 1) * sizeof(*neg));
	int x;

	for (unsigned i = 0; i < n; i++)
		neg[i] = -in[i];
	x = -lit_and(enc, neg, n);
	free(neg);
	return x;
}

static int and2(struct plan_enc *enc, int a, int b)
{
	int l[2] = { a, b };

	if (a == b)
		return a;
	if (a == -b)
		return -enc->t;
	return lit_and(enc, l, 2);
}

static int or2(struct plan_enc *enc, int a, int b)
{
	return -and2(enc, -a, -b);
}

static int ite(struct plan_enc *enc, int c, int a, int b)
{
	if (c == enc->t || a == b)
		return a;
	if (c == -enc->t)
		return b;
	return or2(enc, and2(enc, c, a), and2(enc, -c, b));
}

static void equal(struct plan_enc *enc, int a, int b)
{
	clause2(enc, -a, b);
	clause2(enc, a, -b);
}

static struct tri_lits tri_const(struct plan_enc *enc, tristate v)
{
	return (struct tri_lits){ v >= TRI_MOD ? enc->t : -enc->t,
				  v == TRI_YES ? enc->t : -enc->t };
}

static struct tri_lits tri_and2(struct plan_enc *enc, struct tri_lits a,
				struct tri_lits b)
{
	return (struct tri_lits){ and2(enc, a.m, b.m), and2(enc, a.y, b.y) };
}

static struct tri_lits tri_or2(struct plan_enc *enc, struct tri_lits a,
			       struct tri_lits b)
{
	return (struct tri_lits){ or2(enc, a.m, b.m), or2(enc, a.y, b.y) };
}

static struct tri_lits tri_ite(struct plan_enc *enc, int c, struct tri_lits a,
			       struct tri_lits b)
{
	return (struct tri_lits){ ite(enc, c, a.m, b.m), ite(enc, c, a.y, b.y) };
}

/* m stands for y where the symbol acts as a bool (lit as_bool). */
static struct tri_lits lift(struct plan_enc *enc, struct tri_lits a, int as_bool)
{
	return (struct tri_lits){ a.m, or2(enc, a.y, and2(enc, a.m, as_bool)) };
}

static struct tri_lits new_tri(struct plan_enc *enc)
{
	struct tri_lits t = { plan_enc_var(enc), plan_enc_var(enc) };

	clause2(enc, -t.y, t.m);
	return t;
}

/* --- symbols -------------------------------------------------------------- */

static bool is_prompt(const struct property *prop)
{
	return (prop->type == P_PROMPT || prop->type == P_MENU) && prop->text;
}

static bool has_prompt(const struct symbol *sym)
{
	for (const struct property *p = sym->props; p; p = p->next)
		if (is_prompt(p))
			return true;
	return false;
}

static bool is_text_type(const struct symbol *sym)
{
	return sym->type == S_INT || sym->type == S_HEX || sym->type == S_STRING;
}

/* Constants, numbers and names no entry defines: their text never moves. */
static bool is_constant(const struct symbol *sym)
{
	return (sym->flags & SYMBOL_CONST) || !(sym->flags & SYMBOL_DEFINED) ||
	       sym->type == S_UNKNOWN;
}

struct reads_ctx {
	bool moves;
};

static void note_read(void *ctx, const struct symbol *sym)
{
	struct reads_ctx *r = ctx;

	if (!is_constant(sym))
		r->moves = true;
}

/*
 * No prompt and nothing it reads can move: its value is fixed for this
 * tree (PAHOLE_VERSION: a $(shell) answer).  Such a symbol is a fact.
 */
static bool is_fixed(const struct symbol *sym)
{
	struct reads_ctx r = { false };

	if (is_constant(sym) || has_prompt(sym) || symbol_is_choice_member(sym) ||
	    (sym->flags & SYMBOL_CHOICE))
		return false;
	expr_for_each_symbol(sym->dir_dep, note_read, &r);
	expr_for_each_symbol(sym->rev_dep, note_read, &r);
	expr_for_each_symbol(sym->implied, note_read, &r);
	for (const struct property *p = sym->props; p && !r.moves; p = p->next) {
		expr_for_each_symbol(p->visible, note_read, &r);
		if (p->type == P_DEFAULT)
			expr_for_each_symbol(p->expr, note_read, &r);
		if (p->type == P_RANGE) {
			note_read(&r, p->range_min);
			note_read(&r, p->range_max);
		}
	}
	return !r.moves;
}

static struct plan_fact *add_fact(struct plan_enc *enc, enum fact_kind kind)
{
	struct plan_fact *f;

	if (enc->nfacts == enc->facts_cap) {
		enc->facts_cap = enc->facts_cap ? enc->facts_cap * 2 : 64;
		enc->facts = xrealloc(enc->facts, enc->facts_cap * sizeof(*enc->facts));
	}
	f = &enc->facts[enc->nfacts++];
	memset(f, 0, sizeof(*f));
	f->kind = kind;
	f->lit = plan_enc_var(enc);
	f->where = enc->reading;
	f->reader = enc->reader;
	return f;
}

static void enqueue(struct plan_enc *enc, const struct symbol *sym)
{
	if (enc->state[sym->index] & 1)
		return;
	enc->state[sym->index] |= 1;
	if (enc->nqueue == enc->queue_cap) {
		enc->queue_cap = enc->queue_cap ? enc->queue_cap * 2 : 256;
		enc->queue = xrealloc(enc->queue, enc->queue_cap * sizeof(*enc->queue));
	}
	enc->queue[enc->nqueue++] = sym->index;
}

/* The y/m/n value of a symbol as an expression operand reads it. */
static struct tri_lits sym_tri(struct plan_enc *enc, const struct symbol *sym)
{
	struct tri_lits *v = &enc->val[sym->index];

	if (sym->flags & SYMBOL_CONST)
		return tri_const(enc, sym == enc->kc->sym_yes ? TRI_YES :
				 sym == enc->kc->sym_mod ? TRI_MOD : TRI_NO);
	if (!type_is_bool_or_tristate(sym->type) && (sym->flags & SYMBOL_DEFINED))
		return tri_const(enc, TRI_NO);
	if (v->m)
		return *v;
	*v = new_tri(enc);
	if (!(sym->flags & SYMBOL_DEFINED) || sym->type == S_UNKNOWN) {
		struct plan_fact *f = add_fact(enc, FACT_UNDEFINED);

		f->sym = sym;
		clause2(enc, -f->lit, -v->m);
		return *v;
	}
	if (is_fixed(sym)) {
		struct plan_fact *f = add_fact(enc, FACT_FIXED);
		tristate now = config_tri(enc->cfg, sym);

		f->sym = sym;
		clause2(enc, -f->lit, now >= TRI_MOD ? v->m : -v->m);
		clause2(enc, -f->lit, now == TRI_YES ? v->y : -v->y);
		enc->state[sym->index] |= 1;
		return *v;
	}
	enqueue(enc, sym);
	return *v;
}

/* --- candidate values of int, hex and string symbols ---------------------- */

static int text_index(const struct text_domain *d, const char *text)
{
	for (unsigned i = 0; i < d->n; i++)
		if (strcmp(d->texts[i], text) == 0)
			return (int)i;
	return -1;
}

static void domain_add(struct plan_enc *enc, struct text_domain *d,
		       const char *text)
{
	if (!text || text_index(d, text) >= 0)
		return;
	if (d->n == DOMAIN_MAX) {
		enc->approximate = true;
		return;
	}
	if (d->n == d->cap) {
		d->cap = d->cap ? d->cap * 2 : 8;
		d->texts = xrealloc(d->texts, d->cap * sizeof(*d->texts));
		d->lits = xrealloc(d->lits, d->cap * sizeof(*d->lits));
	}
	d->lits[d->n] = 0;
	d->texts[d->n++] = text;
}

static struct text_domain *domain_of(struct plan_enc *enc, const struct symbol *sym);

/* The texts a default's value or a range bound can have. */
static void domain_add_source(struct plan_enc *enc, struct text_domain *d,
			      const struct symbol *src)
{
	if (is_constant(src)) {
		domain_add(enc, d, src->name);
	} else if (type_is_bool_or_tristate(src->type)) {
		domain_add(enc, d, "n");	/* the text of every bool */
	} else {
		struct text_domain *from = domain_of(enc, src);

		for (unsigned i = 0; from && i < from->n; i++)
			domain_add(enc, d, from->texts[i]);
	}
}

static const char *number_text(struct plan_enc *enc, const struct symbol *sym,
			       long long n)
{
	if (sym->type == S_HEX)
		return arena_printf(&enc->ex->arena, "0x%llx", (unsigned long long)n);
	return arena_printf(&enc->ex->arena, "%lld", n);
}

static struct text_domain *domain_of(struct plan_enc *enc, const struct symbol *sym)
{
	struct text_domain *d = enc->dom[sym->index];

	if (d)
		return d;
	if (enc->state[sym->index] & 4)
		return NULL;	/* a loop through defaults: stop here */
	enc->state[sym->index] |= 4;
	d = xcalloc(1, sizeof(*d));
	domain_add(enc, d, arena_strdup(&enc->ex->arena, config_str(enc->cfg, sym)));
	if (config_has_user(enc->cfg, sym) && config_user_str(enc->cfg, sym))
		domain_add(enc, d, arena_strdup(&enc->ex->arena,
						config_user_str(enc->cfg, sym)));
	domain_add(enc, d, config_empty_str(enc->cfg, sym->type));
	for (unsigned i = 0; i < enc->ncompared[sym->index]; i++) {
		const char *c = enc->compared[sym->index][i];
		int base = sym->type == S_HEX ? 16 : 10;
		char *end;
		long long n = strtoll(c, &end, base);

		domain_add(enc, d, c);
		if (sym->type != S_STRING && *c && !*end) {
			domain_add(enc, d, number_text(enc, sym, n + 1));
			domain_add(enc, d, number_text(enc, sym, n - 1));
		}
	}
	for (const struct property *p = sym->props; p; p = p->next) {
		if (p->type == P_DEFAULT && p->expr && p->expr->op == E_SYMBOL)
			domain_add_source(enc, d, p->expr->sym);
		if (p->type == P_RANGE && p->range_min && p->range_max) {
			domain_add_source(enc, d, p->range_min);
			domain_add_source(enc, d, p->range_max);
		}
	}
	enc->dom[sym->index] = d;
	enc->state[sym->index] &= (unsigned char)~4;
	return d;
}

static bool is_named(const struct plan_enc *enc, const struct symbol *sym,
		     const char *text)
{
	for (unsigned i = 0; i < enc->ncompared[sym->index]; i++)
		if (strcmp(enc->compared[sym->index][i], text) == 0)
			return true;
	return false;
}

/* One literal per candidate, exactly one true. */
static void domain_lits(struct plan_enc *enc, struct text_domain *d)
{
	if (d->n && d->lits[0])
		return;
	for (unsigned i = 0; i < d->n; i++)
		d->lits[i] = plan_enc_var(enc);
	plan_enc_clause(enc, d->lits, d->n);
	for (unsigned i = 0; i < d->n; i++)
		for (unsigned j = i + 1; j < d->n; j++)
			clause2(enc, -d->lits[i], -d->lits[j]);
}

/* A comparison operand: its possible texts, each with when it holds. */
struct term {
	const char *const *texts;
	const int *lits;
	unsigned n;
	enum symbol_type type;
	const char *one_text;
	int one_lit;
	const char *tri_texts[3];
	int tri_lits[3];
};

static void sym_term(struct plan_enc *enc, const struct symbol *sym, struct term *t)
{
	t->type = sym->type;
	if (is_constant(sym)) {
		t->one_text = config_str(enc->cfg, sym);
		t->one_lit = enc->t;
		t->texts = &t->one_text;
		t->lits = &t->one_lit;
		t->n = 1;
	} else if (type_is_bool_or_tristate(sym->type)) {
		struct tri_lits v = sym_tri(enc, sym);

		t->tri_texts[0] = "n";
		t->tri_texts[1] = "m";
		t->tri_texts[2] = "y";
		t->tri_lits[0] = -v.m;
		t->tri_lits[1] = and2(enc, v.m, -v.y);
		t->tri_lits[2] = v.y;
		t->texts = t->tri_texts;
		t->lits = t->tri_lits;
		t->n = 3;
	} else {
		struct text_domain *d = domain_of(enc, sym);

		domain_lits(enc, d);
		if (is_fixed(sym) && !(enc->state[sym->index] & 1)) {
			struct plan_fact *f = add_fact(enc, FACT_FIXED);
			int now = text_index(d, config_str(enc->cfg, sym));

			f->sym = sym;
			if (now >= 0)
				clause2(enc, -f->lit, d->lits[now]);
			enc->state[sym->index] |= 1;
		} else {
			enqueue(enc, sym);
		}
		t->texts = d->texts;
		t->lits = d->lits;
		t->n = d->n;
	}
}

static int encode_compare(struct plan_enc *enc, const struct expr *e)
{
	struct term a = { 0 }, b = { 0 };
	int *cases;
	unsigned n = 0;
	int x;

	if (is_constant(e->lsym) && is_constant(e->rsym)) {
		struct plan_fact *f = add_fact(enc, FACT_COMPARE);
		int c = plan_enc_var(enc);

		f->cmp = e;
		f->holds = config_expr(enc->cfg, e) != TRI_NO;
		clause2(enc, -f->lit, f->holds ? c : -c);
		return c;
	}
	sym_term(enc, e->lsym, &a);
	sym_term(enc, e->rsym, &b);
	cases = xmalloc((a.n * b.n + 1) * sizeof(*cases));
	for (unsigned i = 0; i < a.n; i++)
		for (unsigned j = 0; j < b.n; j++)
			if (expr_compare_holds(e->op, config_compare_text(a.texts[i], a.type,
								     b.texts[j], b.type)))
				cases[n++] = and2(enc, a.lits[i], b.lits[j]);
	x = lit_or(enc, cases, n);
	free(cases);
	return x;
}

/* --- expressions ---------------------------------------------------------- */

static struct tri_lits encode_expr(struct plan_enc *enc, const struct expr *e);

/* The operands of a chain of one operator, without recursing down it. */
static struct tri_lits encode_chain(struct plan_enc *enc, const struct expr *e)
{
	const struct expr **stack = NULL;
	unsigned n = 0, cap = 0, nops = 0;
	int *ms = NULL, *ys = NULL;
	struct tri_lits r;
	enum expr_op op = e->op;

	stack = xmalloc(16 * sizeof(*stack));
	cap = 16;
	stack[n++] = e;
	while (n) {
		const struct expr *x = stack[--n];

		if (x->op == op) {
			if (n + 2 > cap) {
				cap *= 2;
				stack = xrealloc(stack, cap * sizeof(*stack));
			}
			stack[n++] = x->right;
			stack[n++] = x->left;
			continue;
		}
		r = encode_expr(enc, x);
		ms = xrealloc(ms, (nops + 1) * sizeof(*ms));
		ys = xrealloc(ys, (nops + 1) * sizeof(*ys));
		ms[nops] = r.m;
		ys[nops++] = r.y;
	}
	if (op == E_AND)
		r = (struct tri_lits){ lit_and(enc, ms, nops), lit_and(enc, ys, nops) };
	else
		r = (struct tri_lits){ lit_or(enc, ms, nops), lit_or(enc, ys, nops) };
	free(stack);
	free(ms);
	free(ys);
	return r;
}

static struct tri_lits encode_expr(struct plan_enc *enc, const struct expr *e)
{
	struct tri_lits a;
	int c;

	if (!e)
		return tri_const(enc, TRI_YES);
	switch (e->op) {
	case E_SYMBOL:
		return sym_tri(enc, e->sym);
	case E_NOT:
		a = encode_expr(enc, e->left);
		return (struct tri_lits){ -a.y, -a.m };
	case E_AND:
	case E_OR:
		return encode_chain(enc, e);
	default:
		c = encode_compare(enc, e);
		return (struct tri_lits){ c, c };
	}
}

static struct tri_lits prop_expr(struct plan_enc *enc, const struct symbol *sym,
				 const struct property *prop, const struct expr *e)
{
	enc->reading = prop;
	enc->reader = sym;
	return encode_expr(enc, e);
}

/* --- the user values a plan may change ------------------------------------- */

static struct plan_var *new_var(struct plan_enc *enc, const struct symbol *sym)
{
	struct plan_var *v;

	if (enc->nvars == enc->vars_cap) {
		enc->vars_cap = enc->vars_cap ? enc->vars_cap * 2 : 64;
		enc->vars = xrealloc(enc->vars, enc->vars_cap * sizeof(*enc->vars));
	}
	v = &enc->vars[enc->nvars++];
	memset(v, 0, sizeof(*v));
	v->sym = sym;
	v->keep = plan_enc_var(enc);
	enc->var_of[sym->index] = (int)enc->nvars;
	/* The solver decides these first, keeping: a first answer near the fewest. */
	picosat_set_default_phase_lit(enc->ps, v->keep, 1);
	picosat_set_more_important_lit(enc->ps, v->keep);
	return v;
}

/* --- definitions ------------------------------------------------------------ */

static int modules_on(struct plan_enc *enc)
{
	if (!enc->kc->modules_sym)
		return -enc->t;
	return sym_tri(enc, enc->kc->modules_sym).y;
}

static struct tri_lits visibility(struct plan_enc *enc, const struct symbol *sym)
{
	struct tri_lits vis = tri_const(enc, TRI_NO);
	int as_bool = sym->type == S_TRISTATE ? -modules_on(enc) : enc->t;

	for (const struct property *p = sym->props; p; p = p->next)
		if (is_prompt(p))
			vis = tri_or2(enc, vis, prop_expr(enc, sym, p, p->visible));
	return lift(enc, vis, as_bool);
}

/* The first active default's value (n when none), as the model takes it. */
static struct tri_lits bool_default(struct plan_enc *enc, const struct symbol *sym)
{
	const struct property *defs[256];
	unsigned n = 0;
	struct tri_lits r = tri_const(enc, TRI_NO);

	for (const struct property *p = sym->props; p; p = p->next)
		if (p->type == P_DEFAULT && n < 256)
			defs[n++] = p;
		else if (p->type == P_DEFAULT)
			enc->approximate = true;	/* the rest are left out */
	while (n--) {
		struct tri_lits cond = prop_expr(enc, sym, defs[n], defs[n]->visible);
		struct tri_lits value = prop_expr(enc, sym, defs[n], defs[n]->expr);

		r = tri_ite(enc, cond.m, tri_and2(enc, value, cond), r);
	}
	return r;
}

static void define_bool(struct plan_enc *enc, const struct symbol *sym)
{
	int as_bool = sym->type == S_TRISTATE ? -modules_on(enc) : enc->t;
	struct tri_lits vis = visibility(enc, sym), dir, rev, imp, base, dflt;
	struct tri_lits none = tri_const(enc, TRI_NO), fin;
	struct tri_lits user_value = none;
	int has_user = config_has_user(enc->cfg, sym) ? enc->t : -enc->t;

	enc->vis[sym->index] = vis;
	dir = lift(enc, sym->dir_dep ? prop_expr(enc, sym, NULL, sym->dir_dep)
				     : tri_const(enc, TRI_YES), as_bool);
	rev = lift(enc, sym->rev_dep ? prop_expr(enc, sym, NULL, sym->rev_dep) : none,
		   as_bool);
	imp = lift(enc, sym->implied ? prop_expr(enc, sym, NULL, sym->implied) : none,
		   as_bool);
	enc->rev[sym->index] = rev;
	if (config_dir_dep(enc->cfg, sym) >= config_rev_dep(enc->cfg, sym)) {
		int c[3] = { -enc->clean, -rev.m, dir.m };

		plan_enc_clause(enc, c, 3);
		c[1] = -rev.y;
		c[2] = dir.y;
		plan_enc_clause(enc, c, 3);
	}
	if (enc->kc->dialect->implied_needs_deps)
		imp = (struct tri_lits){ and2(enc, imp.m, dir.m), and2(enc, imp.y, dir.m) };
	if (config_has_user(enc->cfg, sym))
		user_value = tri_const(enc, config_user_tri(enc->cfg, sym));
	if (has_prompt(sym)) {
		struct plan_var *v = new_var(enc, sym);

		v->user = new_tri(enc);
		if (sym->type == S_BOOLEAN)
			clause2(enc, -v->user.m, v->user.y);
		has_user = or2(enc, has_user, -v->keep);
		user_value = tri_ite(enc, v->keep, user_value, v->user);
	}
	dflt = bool_default(enc, sym);
	/* Imply raises the default, within the dependencies. */
	dflt = (struct tri_lits){
		ite(enc, imp.m, dir.m, dflt.m),
		ite(enc, imp.m, and2(enc, dir.y, or2(enc, dflt.y, imp.y)), dflt.y),
	};
	base = tri_ite(enc, and2(enc, vis.m, has_user),
		       tri_and2(enc, user_value, vis), dflt);
	fin = lift(enc, tri_or2(enc, base, rev), as_bool);
	if (enc->kc->dialect->imply_y_lifts_m)
		fin.y = or2(enc, fin.y, and2(enc, fin.m, imp.y));
	equal(enc, enc->val[sym->index].m, fin.m);
	equal(enc, enc->val[sym->index].y, fin.y);
}

/*
 * A choice's members, in order, each once (entries nested under a member
 * are not).  at[index] is the member's position + 1: a look-up per
 * default and per repeated entry, not a search (a choice may have
 * 100,000 members).
 */
struct member_list {
	const struct symbol **syms;
	unsigned n, cap;
	unsigned *at;
};

static void choice_members(const struct menu_node *choice,
			   const struct menu_node *parent, struct member_list *m)
{
	for (const struct menu_node *c = parent->children; c; c = c->next) {
		if (c->sym && c->sym->choice == choice && !m->at[c->sym->index]) {
			if (m->n == m->cap) {
				m->cap = m->cap ? 2 * m->cap : 64;
				m->syms = xrealloc(m->syms, m->cap * sizeof(*m->syms));
			}
			m->syms[m->n++] = c->sym;
			m->at[c->sym->index] = m->n;
		}
		choice_members(choice, c, m);
	}
}

/* Ordered alternatives: the first whose guard holds gives the member. */
struct pick_list {
	int *guard;
	int *member;	/* index into members; -1: go on below */
	unsigned n, cap;
};

static void pick_add(struct pick_list *l, int guard, int member)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->guard = xrealloc(l->guard, l->cap * sizeof(*l->guard));
		l->member = xrealloc(l->member, l->cap * sizeof(*l->member));
	}
	l->guard[l->n] = guard;
	l->member[l->n++] = member;
}

static void pick_free(struct pick_list *l)
{
	free(l->guard);
	free(l->member);
}

/* The literals that select one member (any of them holding). */
struct sel_list {
	int *lits;
	unsigned n, cap;
};

static void sel_add(struct sel_list *s, int lit)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 4;
		s->lits = xrealloc(s->lits, s->cap * sizeof(*s->lits));
	}
	s->lits[s->n++] = lit;
}

/*
 * The plan picks at most one member: a ladder of "one of the first i is
 * picked", three clauses a member (pairwise exclusion grew with the
 * square of the members).
 */
static void at_most_one(struct plan_enc *enc, const int *lits, unsigned n)
{
	int prefix = 0;

	for (unsigned i = 0; i < n; i++) {
		int next = plan_enc_var(enc);

		clause2(enc, -lits[i], next);
		if (prefix) {
			clause2(enc, -prefix, next);
			clause2(enc, -prefix, -lits[i]);
		}
		prefix = next;
	}
}

/* "A member of this choice is picked": one unit of the plan's size. */
static void note_choice_unit(struct plan_enc *enc, int any_pick)
{
	if (enc->nchoice_units == enc->choice_units_cap) {
		enc->choice_units_cap = enc->choice_units_cap ? 2 * enc->choice_units_cap : 16;
		enc->choice_units = xrealloc(enc->choice_units,
					     enc->choice_units_cap * sizeof(int));
	}
	enc->choice_units[enc->nchoice_units++] = any_pick;
}

static bool user_said(struct plan_enc *enc, const struct symbol *sym, tristate v)
{
	return config_has_user(enc->cfg, sym) && config_user_tri(enc->cfg, sym) == v;
}

/*
 * The choice's pick (choice.c): the member the plan picks, else a visible
 * member the user set to y (the one picked now first), else the first
 * active default naming a visible member, else the first visible member,
 * unless the user set that one to n: then the first visible member the
 * user said nothing about, else the last visible.  Every list is walked
 * once: the formula grows with the members, not with their square.
 */
static void define_choice(struct plan_enc *enc, const struct menu_node *choice)
{
	struct member_list m = { .at = xcalloc(enc->kc->nsymbols + 1, sizeof(unsigned)) };
	struct pick_list l = { 0 }, low = { 0 };
	struct sel_list *sel;
	int *vis, *picks;
	const struct symbol *now = config_choice_selection(enc->cfg, choice);
	int earlier = -enc->t, fall_through, low_earlier;
	unsigned n;

	choice_members(choice, choice, &m);
	n = m.n;
	vis = xcalloc(n + 1, sizeof(*vis));
	picks = xcalloc(n + 1, sizeof(*picks));
	sel = xcalloc(n + 1, sizeof(*sel));
	if (enc->kc->dialect->legacy_choices)
		enc->approximate = true;
	for (unsigned i = 0; i < n; i++) {
		const struct symbol *member = m.syms[i];
		struct plan_var *v = new_var(enc, member);

		v->choose = true;
		picks[i] = -v->keep;
		enc->vis[member->index] = visibility(enc, member);
		vis[i] = enc->vis[member->index].m;
		enc->rev[member->index] = tri_const(enc, TRI_NO);
	}
	at_most_one(enc, picks, n);
	note_choice_unit(enc, lit_or(enc, picks, n));
	/*
	 * The member the plan picks: at most one is, so its guard is the
	 * first that holds among theirs (no chain of "none earlier").
	 */
	for (unsigned i = 0; i < n; i++) {
		picks[i] = and2(enc, picks[i], vis[i]);
		sel_add(&sel[i], picks[i]);
	}
	earlier = lit_or(enc, picks, n);
	if (now && m.at[now->index] && user_said(enc, now, TRI_YES))
		pick_add(&l, vis[m.at[now->index] - 1], (int)m.at[now->index] - 1);
	for (unsigned i = 0; i < n; i++)
		if (m.syms[i] != now && user_said(enc, m.syms[i], TRI_YES))
			pick_add(&l, vis[i], (int)i);
	for (const struct property *p = choice->sym->props; p; p = p->next) {
		unsigned i;

		if (p->type != P_DEFAULT || !p->expr || p->expr->op != E_SYMBOL ||
		    !m.at[p->expr->sym->index])
			continue;
		i = m.at[p->expr->sym->index] - 1;
		pick_add(&l, and2(enc, prop_expr(enc, choice->sym, p, p->visible).m, vis[i]),
			 user_said(enc, m.syms[i], TRI_NO) ? -1 : (int)i);
	}
	for (unsigned i = 0; i < n; i++)
		pick_add(&l, vis[i], user_said(enc, m.syms[i], TRI_NO) ? -1 : (int)i);
	/* Then the first guard that holds decides. */
	fall_through = -enc->t;
	for (unsigned k = 0; k < l.n; k++) {
		int first = and2(enc, l.guard[k], -earlier);

		if (l.member[k] < 0)
			fall_through = or2(enc, fall_through, first);
		else
			sel_add(&sel[l.member[k]], first);
		earlier = or2(enc, earlier, l.guard[k]);
	}
	for (unsigned i = 0; i < n; i++)
		if (!config_has_user(enc->cfg, m.syms[i]))
			pick_add(&low, vis[i], (int)i);
	for (unsigned i = n; i-- > 0;)
		pick_add(&low, vis[i], (int)i);
	low_earlier = -enc->t;
	for (unsigned k = 0; k < low.n; k++) {
		int first = and2(enc, and2(enc, low.guard[k], -low_earlier), fall_through);

		sel_add(&sel[low.member[k]], first);
		low_earlier = or2(enc, low_earlier, low.guard[k]);
	}
	for (unsigned i = 0; i < n; i++) {
		struct tri_lits *v = &enc->val[m.syms[i]->index];
		int on = and2(enc, vis[i], lit_or(enc, sel[i].lits, sel[i].n));

		if (!v->m) {	/* nothing read it yet: no literals of its own */
			v->m = v->y = on;
		} else {
			equal(enc, v->m, on);
			equal(enc, v->y, on);
		}
		enc->state[m.syms[i]->index] |= 3;
		free(sel[i].lits);
	}
	pick_free(&l);
	pick_free(&low);
	free(sel);
	free(picks);
	free(vis);
	free(m.syms);
	free(m.at);
}

static void define_member(struct plan_enc *enc, const struct symbol *sym)
{
	const struct symbol *csym = sym->choice->sym;

	if (!csym || enc->choice_done[csym->index])
		return;
	enc->choice_done[csym->index] = 1;
	define_choice(enc, sym->choice);
}

/* Clamp text to [lo, hi] as the model does: the nearer bound's text. */
static const char *clamp_text(const struct symbol *sym, const char *text,
			      const struct symbol *min, const char *lo,
			      const struct symbol *max, const char *hi)
{
	int base = sym->type == S_HEX ? 16 : 10;
	long long v = strtoll(text, NULL, base);
	int lb = min->type == S_INT ? 10 : min->type == S_HEX ? 16 : base;
	int hb = max->type == S_INT ? 10 : max->type == S_HEX ? 16 : base;

	if (v < strtoll(lo, NULL, lb))
		return lo;
	if (v > strtoll(hi, NULL, hb))
		return hi;
	return text;
}

/* cases[i] collects the literals under which the value is texts[i]. */
struct text_cases {
	int **lits;
	unsigned *n;
};

static void case_add(struct plan_enc *enc, struct text_cases *c,
		     const struct text_domain *d, const char *text, int lit)
{
	int i = text_index(d, text);

	if (i < 0) {
		enc->approximate = true;
		return;
	}
	c->lits[i] = xrealloc(c->lits[i], (c->n[i] + 1) * sizeof(int));
	c->lits[i][c->n[i]++] = lit;
}

static void cases_init(struct text_cases *c, unsigned n)
{
	c->lits = xcalloc(n + 1, sizeof(*c->lits));
	c->n = xcalloc(n + 1, sizeof(*c->n));
}

/* lits[i] = (value is texts[i]); the cases are exclusive. */
static int *cases_finish(struct plan_enc *enc, struct text_cases *c, unsigned n)
{
	int *out = xmalloc((n + 1) * sizeof(*out));

	for (unsigned i = 0; i < n; i++) {
		out[i] = lit_or(enc, c->lits[i], c->n[i]);
		free(c->lits[i]);
	}
	free(c->lits);
	free(c->n);
	return out;
}

static void define_text(struct plan_enc *enc, const struct symbol *sym)
{
	struct text_domain *d = domain_of(enc, sym);
	struct tri_lits vis;
	int has_user = -enc->t, up, earlier = -enc->t;
	struct text_cases pre_cases, fin_cases;
	int *pre;
	int now_user = -1;

	domain_lits(enc, d);
	vis = visibility(enc, sym);
	enc->vis[sym->index] = vis;
	enc->rev[sym->index] = tri_const(enc, TRI_NO);
	cases_init(&pre_cases, d->n);
	if (config_has_user(enc->cfg, sym) && config_user_str(enc->cfg, sym)) {
		now_user = text_index(d, config_user_str(enc->cfg, sym));
		has_user = enc->t;
	}
	if (enc->kc->dialect->out_of_range_user_ignored)
		enc->approximate = true;
	if (has_prompt(sym)) {
		struct plan_var *v = new_var(enc, sym);

		v->dom = d;
		v->user_text = xmalloc((d->n + 1) * sizeof(int));
		for (unsigned i = 0; i < d->n; i++) {
			v->user_text[i] = plan_enc_var(enc);
			/* Rather a value the tree names than one beside it. */
			picosat_set_default_phase_lit(enc->ps, v->user_text[i],
						      is_named(enc, sym, d->texts[i]) ? 1 : -1);
		}
		picosat_add(enc->ps, v->keep);
		for (unsigned i = 0; i < d->n; i++)
			picosat_add(enc->ps, v->user_text[i]);
		picosat_add(enc->ps, 0);
		for (unsigned i = 0; i < d->n; i++)
			for (unsigned j = i + 1; j < d->n; j++)
				clause2(enc, -v->user_text[i], -v->user_text[j]);
		up = and2(enc, vis.m, or2(enc, has_user, -v->keep));
		if (now_user >= 0)
			case_add(enc, &pre_cases, d, d->texts[now_user],
				 and2(enc, up, v->keep));
		for (unsigned i = 0; i < d->n; i++)
			case_add(enc, &pre_cases, d, d->texts[i],
				 and2(enc, up, and2(enc, -v->keep, v->user_text[i])));
	} else {
		up = and2(enc, vis.m, has_user);
		if (now_user >= 0)
			case_add(enc, &pre_cases, d, d->texts[now_user], up);
	}
	for (const struct property *p = sym->props; p; p = p->next) {
		int act, cond;

		if (p->type != P_DEFAULT)
			continue;
		cond = prop_expr(enc, sym, p, p->visible).m;
		act = and2(enc, and2(enc, cond, -earlier), -up);
		earlier = or2(enc, earlier, cond);
		if (!p->expr || p->expr->op != E_SYMBOL) {
			case_add(enc, &pre_cases, d, config_empty_str(enc->cfg, sym->type), act);
		} else if (type_is_bool_or_tristate(p->expr->sym->type) &&
			   !is_constant(p->expr->sym)) {
			case_add(enc, &pre_cases, d, "n", act);
		} else {
			struct term t = { 0 };

			sym_term(enc, p->expr->sym, &t);
			for (unsigned i = 0; i < t.n; i++)
				case_add(enc, &pre_cases, d, t.texts[i], and2(enc, act, t.lits[i]));
		}
	}
	case_add(enc, &pre_cases, d, config_empty_str(enc->cfg, sym->type),
		 and2(enc, -up, -earlier));
	pre = cases_finish(enc, &pre_cases, d->n);
	/* The first active range clamps. */
	cases_init(&fin_cases, d->n);
	earlier = -enc->t;
	for (const struct property *p = sym->props; p; p = p->next) {
		struct term lo = { 0 }, hi = { 0 };
		int act, cond;

		if (p->type != P_RANGE || !p->range_min || !p->range_max ||
		    sym->type == S_STRING)
			continue;
		cond = prop_expr(enc, sym, p, p->visible).m;
		act = and2(enc, cond, -earlier);
		earlier = or2(enc, earlier, cond);
		sym_term(enc, p->range_min, &lo);
		sym_term(enc, p->range_max, &hi);
		for (unsigned i = 0; i < d->n; i++)
			for (unsigned a = 0; a < lo.n; a++)
				for (unsigned b = 0; b < hi.n; b++) {
					int lits[4] = { act, pre[i], lo.lits[a], hi.lits[b] };

					case_add(enc, &fin_cases, d,
						 clamp_text(sym, d->texts[i], p->range_min,
							    lo.texts[a], p->range_max,
							    hi.texts[b]),
						 lit_and(enc, lits, 4));
				}
	}
	for (unsigned i = 0; i < d->n; i++)
		case_add(enc, &fin_cases, d, d->texts[i], and2(enc, -earlier, pre[i]));
	free(pre);
	pre = cases_finish(enc, &fin_cases, d->n);
	for (unsigned i = 0; i < d->n; i++)
		equal(enc, d->lits[i], pre[i]);
	free(pre);
}

static void define_symbol(struct plan_enc *enc, const struct symbol *sym)
{
	if (enc->state[sym->index] & 2)
		return;
	enc->state[sym->index] |= 2;
	if (symbol_is_choice_member(sym))
		define_member(enc, sym);
	else if (sym->flags & SYMBOL_CHOICE)
		enc->approximate = true;
	else if (type_is_bool_or_tristate(sym->type))
		define_bool(enc, sym);
	else if (is_text_type(sym))
		define_text(enc, sym);
}

void plan_enc_finish(struct plan_enc *enc)
{
	while (enc->nqueue) {
		unsigned i = enc->queue[--enc->nqueue];

		define_symbol(enc, enc->kc->symbols[i]);
	}
}

/* --- setting up -------------------------------------------------------------- */

static void note_compare(struct plan_enc *enc, const struct symbol *sym,
			 const struct symbol *other)
{
	unsigned n;

	if (is_constant(sym) || !is_text_type(sym) || !is_constant(other) ||
	    !other->name)
		return;
	n = enc->ncompared[sym->index];
	for (unsigned i = 0; i < n; i++)
		if (strcmp(enc->compared[sym->index][i], other->name) == 0)
			return;
	if (n >= 16)
		return;
	enc->compared[sym->index] = xrealloc(enc->compared[sym->index],
					     (n + 1) * sizeof(char *));
	enc->compared[sym->index][n] = other->name;
	enc->ncompared[sym->index] = n + 1;
}

static void scan_compares(struct plan_enc *enc, const struct expr *e)
{
	while (e) {
		if (expr_is_compare(e->op)) {
			note_compare(enc, e->lsym, e->rsym);
			note_compare(enc, e->rsym, e->lsym);
			return;
		}
		if (e->op == E_SYMBOL)
			return;
		if (e->op != E_NOT)
			scan_compares(enc, e->right);
		e = e->left;
	}
}

void plan_enc_init(struct plan_enc *enc, struct explainer *ex)
{
	size_t n = ex->kc->nsymbols + 1;

	memset(enc, 0, sizeof(*enc));
	enc->ex = ex;
	enc->cfg = ex->cfg;
	enc->kc = ex->kc;
	enc->ps = picosat_init();
	enc->t = plan_enc_var(enc);
	picosat_add(enc->ps, enc->t);
	picosat_add(enc->ps, 0);
	enc->clean = plan_enc_var(enc);
	enc->val = xcalloc(n, sizeof(*enc->val));
	enc->vis = xcalloc(n, sizeof(*enc->vis));
	enc->rev = xcalloc(n, sizeof(*enc->rev));
	enc->dom = xcalloc(n, sizeof(*enc->dom));
	enc->state = xcalloc(n, 1);
	enc->var_of = xcalloc(n, sizeof(*enc->var_of));
	enc->choice_done = xcalloc(n, sizeof(*enc->choice_done));
	enc->compared = xcalloc(n, sizeof(*enc->compared));
	enc->ncompared = xcalloc(n, sizeof(*enc->ncompared));
	for (size_t i = 0; i < ex->kc->nsymbols; i++) {
		const struct symbol *sym = ex->kc->symbols[i];

		scan_compares(enc, sym->dir_dep);
		for (const struct property *p = sym->props; p; p = p->next)
			if (p->type == P_PROMPT || p->type == P_DEFAULT)
				scan_compares(enc, p->cond);
	}
}

void plan_enc_free(struct plan_enc *enc)
{
	size_t n = enc->kc->nsymbols + 1;

	picosat_reset(enc->ps);
	for (size_t i = 0; i < n; i++) {
		if (enc->dom[i]) {
			free(enc->dom[i]->texts);
			free(enc->dom[i]->lits);
			free(enc->dom[i]);
		}
		free(enc->compared[i]);
	}
	for (unsigned i = 0; i < enc->nvars; i++)
		free(enc->vars[i].user_text);
	free(enc->vars);
	free(enc->facts);
	free(enc->queue);
	free(enc->val);
	free(enc->vis);
	free(enc->rev);
	free(enc->dom);
	free(enc->state);
	free(enc->var_of);
	free(enc->choice_done);
	free(enc->choice_units);
	free(enc->compared);
	free(enc->ncompared);
}

void plan_enc_candidate(struct plan_enc *enc, const struct symbol *sym,
			const char *text)
{
	struct text_domain *d;

	if (!is_text_type(sym) || is_constant(sym))
		return;
	d = domain_of(enc, sym);
	if (d && !(d->n && d->lits[0]))
		domain_add(enc, d, arena_strdup(&enc->ex->arena, text));
}

int plan_enc_goal(struct plan_enc *enc, const struct symbol *sym,
		  const char *want)
{
	enc->reading = NULL;
	enc->reader = sym;
	if (strcmp(want, EXPLAIN_VISIBLE) == 0) {
		struct tri_lits vis, rev;

		sym_tri(enc, sym);
		if (is_text_type(sym))
			domain_of(enc, sym), enqueue(enc, sym);
		plan_enc_finish(enc);
		vis = enc->vis[sym->index];
		rev = enc->rev[sym->index];
		if (!vis.m)
			return -enc->t;
		if (symbol_is_choice_member(sym))
			return vis.m;
		/* Shown, and not fixed by what selects it (rev below vis). */
		return and2(enc, vis.m, and2(enc, -rev.y, or2(enc, vis.y, -rev.m)));
	}
	if (type_is_bool_or_tristate(sym->type)) {
		struct tri_lits v = sym_tri(enc, sym);

		plan_enc_finish(enc);
		switch (want[0]) {
		case 'y': return v.y;
		case 'm': return and2(enc, v.m, -v.y);
		default: return -v.m;
		}
	}
	if (is_text_type(sym)) {
		struct text_domain *d;
		struct term t = { 0 };

		plan_enc_candidate(enc, sym, want);
		sym_term(enc, sym, &t);
		d = enc->dom[sym->index];
		plan_enc_finish(enc);
		return d && text_index(d, want) >= 0 ? d->lits[text_index(d, want)]
						     : -enc->t;
	}
	return 0;
}
