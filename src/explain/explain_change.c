// SPDX-License-Identifier: GPL-2.0
/*
 * How to change a value: which symbols must change first, and what
 * blocks them, down to symbols a person can set.
 *
 * The planner works backwards from the goal over the same conditions the
 * evaluator reads: a prompt must be visible before a value can be given;
 * a symbol without a prompt gets its value from a default (whose
 * condition must hold, and the earlier defaults' must not), a select or
 * an imply; a value can only go down once everything selecting it above
 * that goes down.  Where there are alternatives (an || to make true, a
 * default or a select) the first one that is not blocked is taken.
 * Each requirement is recorded as a step, prerequisites first.
 *
 * The plan is then tried on a fresh copy of the configuration with the
 * checked setters a configurator uses, which says whether it works and
 * which other values and prompts change (what stops being selected or
 * visible when something is turned off).
 */
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "util.h"

/* A change to the planned values, so a failed alternative can be undone. */
struct undo {
	unsigned index;
	unsigned char tri;
	const char *text;
};

struct planner {
	struct explainer *ex;
	struct config *cfg;
	int max_depth;
	struct change_step *steps;
	unsigned nsteps, cap;
	/* By symbol index: planned tristate + 1 (0: none), planned text. */
	unsigned char *planned;
	const char **planned_text;
	unsigned char *active;		/* on the current path: cycles stop here */
	struct undo *undo;
	unsigned nundo, undo_cap;
	unsigned blocked;		/* STEP_BLOCKED steps in the plan */
	/*
	 * Target "visible": raising what selects this symbol would show its
	 * prompt with the value fixed (-*-): avoided while another way exists.
	 */
	const struct symbol *keep_changeable;
};

/* --- bookkeeping ------------------------------------------------------------- */

static void *grow(struct explainer *ex, void *old, unsigned count,
		  unsigned *cap, size_t size)
{
	void *bigger;

	if (count < *cap)
		return old;
	*cap = *cap ? *cap * 2 : 16;
	bigger = arena_alloc(&ex->arena, *cap * size);
	if (count)
		memcpy(bigger, old, count * size);
	return bigger;
}

static struct change_step *add_step(struct planner *p, enum step_kind kind,
				    const struct symbol *sym, int depth)
{
	struct change_step *s;

	p->steps = grow(p->ex, p->steps, p->nsteps, &p->cap, sizeof(*p->steps));
	s = &p->steps[p->nsteps++];
	memset(s, 0, sizeof(*s));
	s->kind = kind;
	s->sym = sym;
	s->depth = depth;
	if (sym && !(sym->flags & SYMBOL_CONST)) {
		s->now = config_str(p->cfg, sym);
		s->visible_now = config_visibility(p->cfg, sym) != TRI_NO;
	}
	if (kind == STEP_BLOCKED)
		p->blocked++;
	return s;
}

static void plan_value(struct planner *p, const struct symbol *sym,
		       tristate tri, const char *text)
{
	struct undo *u;

	p->undo = grow(p->ex, p->undo, p->nundo, &p->undo_cap, sizeof(*p->undo));
	u = &p->undo[p->nundo++];
	u->index = sym->index;
	u->tri = p->planned[sym->index];
	u->text = p->planned_text[sym->index];
	p->planned[sym->index] = (unsigned char)(tri + 1);
	p->planned_text[sym->index] = text;
}

struct mark {
	unsigned nsteps, nundo, blocked;
};

static struct mark save(const struct planner *p)
{
	return (struct mark){ p->nsteps, p->nundo, p->blocked };
}

static void restore(struct planner *p, struct mark m)
{
	while (p->nundo > m.nundo) {
		struct undo *u = &p->undo[--p->nundo];

		p->planned[u->index] = u->tri;
		p->planned_text[u->index] = u->text;
	}
	p->nsteps = m.nsteps;
	p->blocked = m.blocked;
}

/* The value a symbol has once the steps planned so far are taken. */
static tristate tri_now(struct planner *p, const struct symbol *sym)
{
	if (p->planned[sym->index])
		return (tristate)(p->planned[sym->index] - 1);
	return config_tri(p->cfg, sym);
}

static const char *text_now(struct planner *p, const struct symbol *sym)
{
	if (p->planned_text[sym->index])
		return p->planned_text[sym->index];
	if (p->planned[sym->index] && type_is_bool_or_tristate(sym->type))
		return tri_text((tristate)(p->planned[sym->index] - 1));
	return config_str(p->cfg, sym);
}

/* A y/m/n side of a comparison: its planned or current tristate. */
static bool tri_side(struct planner *p, const struct symbol *sym, tristate *t)
{
	if (symbol_is_tristate_const(sym) ||
	    (!(sym->flags & SYMBOL_CONST) && type_is_bool_or_tristate(sym->type))) {
		*t = tri_now(p, sym);
		return true;
	}
	return false;
}

/*
 * Comparisons of y/m/n values follow the planned values (n < m < y, as
 * the evaluator reads them); others are left to the trial of the plan.
 */
static tristate compare_planned(struct planner *p, const struct expr *e)
{
	tristate a, b;
	bool holds;

	if (!p->planned[e->lsym->index] && !p->planned[e->rsym->index])
		return config_expr(p->cfg, e);
	if (!tri_side(p, e->lsym, &a) || !tri_side(p, e->rsym, &b))
		return config_expr(p->cfg, e);
	switch (e->op) {
	case E_EQUAL: holds = a == b; break;
	case E_UNEQUAL: holds = a != b; break;
	case E_LTH: holds = a < b; break;
	case E_LEQ: holds = a <= b; break;
	case E_GTH: holds = a > b; break;
	default: holds = a >= b; break;
	}
	return holds ? TRI_YES : TRI_NO;
}

/* An expression's value with the planned values in it. */
static tristate eval_planned(struct planner *p, const struct expr *e)
{
	if (!e)
		return TRI_YES;
	switch (e->op) {
	case E_SYMBOL:
		if (!p->planned[e->sym->index])
			return config_tri(p->cfg, e->sym);
		return (tristate)(p->planned[e->sym->index] - 1);
	case E_NOT:
		return tri_not(eval_planned(p, e->left));
	case E_AND:
		return tri_and(eval_planned(p, e->left), eval_planned(p, e->right));
	case E_OR:
		return tri_or(eval_planned(p, e->left), eval_planned(p, e->right));
	default:
		return compare_planned(p, e);
	}
}

static struct change_step *blocked(struct planner *p, const struct symbol *sym,
				   int depth, const char *why)
{
	struct change_step *s = add_step(p, STEP_BLOCKED, sym, depth);

	s->why = why;
	return s;
}

/* --- requirements -------------------------------------------------------------- */

static void need_tri(struct planner *p, const struct symbol *sym, tristate lo,
		     tristate hi, int depth, const char *why, struct location loc);
static void need_text(struct planner *p, const struct symbol *sym,
		      const char *value, int depth, const char *why,
		      struct location loc);

/* e must evaluate within [lo, hi]. */
static void need_expr(struct planner *p, const struct expr *e, tristate lo,
		      tristate hi, int depth, const char *why, struct location loc);

/* Try each operand in turn; keep the first that is not blocked. */
static void need_any(struct planner *p, const struct expr *const *ops,
		     unsigned n, tristate lo, tristate hi, int depth,
		     const char *why, struct location loc)
{
	struct mark start = save(p);

	for (unsigned i = 0; i < n; i++) {
		tristate v = eval_planned(p, ops[i]);

		if (v >= lo && v <= hi)
			return;		/* already holds */
	}
	for (unsigned i = 0; i < n; i++) {
		need_expr(p, ops[i], lo, hi, depth, why, loc);
		if (p->blocked == start.blocked)
			return;
		restore(p, start);
	}
	/* Every alternative is blocked: show what blocks the first one. */
	if (n)
		need_expr(p, ops[0], lo, hi, depth, why, loc);
}

/* The operands of an && or || chain. */
static unsigned flatten(const struct expr *e, enum expr_op op,
			const struct expr **out, unsigned n, unsigned max)
{
	if (e->op == op) {
		n = flatten(e->left, op, out, n, max);
		return flatten(e->right, op, out, n, max);
	}
	if (n < max)
		out[n++] = e;
	return n;
}

static bool is_number_literal(const struct symbol *sym)
{
	return explain_is_literal(sym) && !symbol_is_tristate_const(sym) &&
	       sym->name && ((sym->name[0] >= '0' && sym->name[0] <= '9') ||
			     sym->name[0] == '-');
}

/* A comparison: solved when it reads `bool-symbol op y/m/n` or `number op N`. */
static void need_compare(struct planner *p, const struct expr *e, bool want_true,
			 int depth, const char *why, struct location loc)
{
	const struct symbol *sym = e->lsym, *other = e->rsym;
	enum expr_op op = e->op;
	struct change_step *s;

	if (explain_is_literal(sym) && !explain_is_literal(other)) {
		const struct symbol *t = sym;

		sym = other;
		other = t;
		op = op == E_LTH ? E_GTH : op == E_GTH ? E_LTH :
		     op == E_LEQ ? E_GEQ : op == E_GEQ ? E_LEQ : op;
	}
	if (!want_true) {
		static const enum expr_op negated[] = {
			[E_EQUAL] = E_UNEQUAL, [E_UNEQUAL] = E_EQUAL,
			[E_LTH] = E_GEQ, [E_GEQ] = E_LTH,
			[E_LEQ] = E_GTH, [E_GTH] = E_LEQ,
		};
		op = negated[op];
	}
	if (!explain_is_literal(sym) && type_is_bool_or_tristate(sym->type) &&
	    symbol_is_tristate_const(other)) {
		tristate v = other == p->ex->kc->sym_yes ? TRI_YES :
			     other == p->ex->kc->sym_mod ? TRI_MOD : TRI_NO;

		switch (op) {
		case E_EQUAL: need_tri(p, sym, v, v, depth, why, loc); return;
		case E_UNEQUAL:
			if (v == TRI_NO)
				need_tri(p, sym, TRI_MOD, TRI_YES, depth, why, loc);
			else if (v == TRI_YES)
				need_tri(p, sym, TRI_NO, TRI_MOD, depth, why, loc);
			else
				need_tri(p, sym, TRI_YES, TRI_YES, depth, why, loc);
			return;
		default:
			break;
		}
	}
	if (!explain_is_literal(sym) && (sym->type == S_INT || sym->type == S_HEX) &&
	    is_number_literal(other) && op != E_UNEQUAL) {
		long long n = strtoll(other->name, NULL, sym->type == S_HEX ? 16 : 10);
		long long want = op == E_LTH ? n - 1 : op == E_GTH ? n + 1 : n;
		const char *text = sym->type == S_HEX
			? arena_printf(&p->ex->arena, "0x%llx", want)
			: arena_printf(&p->ex->arena, "%lld", want);

		need_text(p, sym, text, depth, why, loc);
		return;
	}
	if (!explain_is_literal(sym) && sym->type == S_STRING && op == E_EQUAL &&
	    explain_is_literal(other)) {
		need_text(p, sym, other->name, depth, why, loc);
		return;
	}
	s = add_step(p, STEP_NEED_EXPR, NULL, depth);
	s->expr = e;
	s->value = want_true ? "y" : "n";
	s->why = why;
	s->loc = loc;
	/* Not solved: counted as blocking, the trial will tell. */
	p->blocked++;
}

static void need_expr(struct planner *p, const struct expr *e, tristate lo,
		      tristate hi, int depth, const char *why, struct location loc)
{
	const struct expr *ops[64];
	tristate v = eval_planned(p, e);
	unsigned n;

	if (v >= lo && v <= hi)
		return;
	if (!e) {
		blocked(p, NULL, depth, arena_printf(&p->ex->arena,
			"%s has no condition: it always applies", why ? why : "it"));
		return;
	}
	switch (e->op) {
	case E_SYMBOL:
		if (explain_is_literal(e->sym)) {
			blocked(p, NULL, depth, arena_printf(&p->ex->arena,
				"the constant %s can never be %s", e->sym->name,
				tri_text(lo > v ? lo : hi)));
			return;
		}
		need_tri(p, e->sym, lo, hi, depth, why, loc);
		return;
	case E_NOT:
		need_expr(p, e->left, tri_not(hi), tri_not(lo), depth, why, loc);
		return;
	case E_AND:
	case E_OR:
		n = flatten(e, e->op, ops, 0, 64);
		/* Raising && and lowering || need every operand. */
		if ((e->op == E_AND) == (lo > v)) {
			for (unsigned i = 0; i < n; i++)
				need_expr(p, ops[i], lo, hi, depth, why, loc);
			return;
		}
		need_any(p, ops, n, lo, hi, depth, why, loc);
		return;
	default:
		need_compare(p, e, lo > TRI_NO, depth, why, loc);
		return;
	}
}

/* --- one symbol ------------------------------------------------------------------ */

static const struct property *first_prompt(const struct symbol *sym)
{
	for (const struct property *prop = sym->props; prop; prop = prop->next)
		if ((prop->type == P_PROMPT || prop->type == P_MENU) && prop->text)
			return prop;
	return NULL;
}

static const char *why_text(struct planner *p, const struct symbol *sym,
			    const struct property *prop)
{
	if (prop)
		return arena_printf(&p->ex->arena, "%s: %s", sym->name,
				    property_text(p->ex, prop));
	return sym->name;
}

/* Make the prompt visible enough to accept `level`. */
static void need_prompt(struct planner *p, const struct symbol *sym,
			const struct property *prompt, tristate level, int depth)
{
	need_expr(p, prompt->visible, level, TRI_YES, depth + 1,
		  arena_printf(&p->ex->arena, "the prompt of %s", sym->name),
		  prompt->loc);
	/* m needs modules. */
	if (level == TRI_MOD && p->ex->kc->modules_sym &&
	    p->ex->kc->modules_sym != sym)
		need_tri(p, p->ex->kc->modules_sym, TRI_YES, TRI_YES, depth + 1,
			 "m needs modules", prompt->loc);
}

static void choose_member(struct planner *p, const struct symbol *sym,
			  int depth, const char *why, struct location loc)
{
	const struct property *prompt = first_prompt(sym);
	const struct menu_node *choice = sym->choice;
	struct change_step *s;

	if (prompt)
		need_prompt(p, sym, prompt, TRI_YES, depth);
	s = add_step(p, STEP_CHOOSE, sym, depth);
	s->value = "y";
	s->why = why;
	s->loc = loc;
	for (const struct menu_node *n = choice->children; n; n = menu_next(choice, n))
		if (n->sym && n->sym->choice == choice && n->sym != sym)
			plan_value(p, n->sym, TRI_NO, NULL);
	plan_value(p, sym, TRI_YES, NULL);
}

/* A member goes to n when another is chosen: the choice's default, else the first visible. */
static void unchoose_member(struct planner *p, const struct symbol *sym,
			    int depth, const char *why, struct location loc)
{
	const struct menu_node *choice = sym->choice;
	const struct symbol *other = NULL;

	for (const struct menu_node *n = choice->children; n && !other;
	     n = menu_next(choice, n))
		if (n->sym && n->sym->choice == choice && n->sym != sym &&
		    config_visibility(p->cfg, n->sym) != TRI_NO)
			other = n->sym;
	if (!other) {
		blocked(p, sym, depth, arena_printf(&p->ex->arena,
			"%s is the only visible member of its choice", sym->name));
		return;
	}
	choose_member(p, other, depth, why, loc);
}

/* Raise a symbol without a prompt (or with a hidden one): default, select, imply. */
static void raise_hidden(struct planner *p, const struct symbol *sym,
			 tristate lo, int depth)
{
	struct explainer *ex = p->ex;
	struct mark start = save(p);

	for (const struct property *d = sym->props; d; d = d->next) {
		struct mark before;

		if (d->type != P_DEFAULT || !d->expr)
			continue;
		if (eval_planned(p, d->expr) < lo && !(d->expr->op == E_SYMBOL &&
		    !explain_is_literal(d->expr->sym)))
			continue;
		before = save(p);
		need_expr(p, d->visible, lo, TRI_YES, depth + 1, why_text(p, sym, d), d->loc);
		need_expr(p, d->expr, lo, TRI_YES, depth + 1, why_text(p, sym, d), d->loc);
		/* Then earlier defaults giving less must not apply. */
		for (const struct property *e = sym->props; e != d; e = e->next)
			if (e->type == P_DEFAULT && eval_planned(p, e->expr) < lo)
				need_expr(p, e->visible, TRI_NO, TRI_NO, depth + 1,
					  why_text(p, sym, e), e->loc);
		if (p->blocked == before.blocked)
			return;
		restore(p, before);
	}
	for (unsigned i = ex->sel_start[sym->index]; i < ex->sel_start[sym->index + 1]; i++) {
		const struct property *s = ex->sel_props[i];
		struct mark before = save(p);

		need_expr(p, s->visible, lo, TRI_YES, depth + 1, why_text(p, s->sym, s), s->loc);
		need_tri(p, s->sym, lo, TRI_YES, depth + 1, why_text(p, s->sym, s), s->loc);
		if (p->blocked == before.blocked)
			return;
		restore(p, before);
	}
	for (unsigned i = ex->imp_start[sym->index]; i < ex->imp_start[sym->index + 1]; i++) {
		const struct property *s = ex->imp_props[i];
		struct mark before = save(p);

		need_expr(p, sym->dir_dep, lo, TRI_YES, depth + 1,
			  arena_printf(&ex->arena, "imply cannot go above the dependencies of %s",
				       sym->name), s->loc);
		need_expr(p, s->visible, lo, TRI_YES, depth + 1, why_text(p, s->sym, s), s->loc);
		need_tri(p, s->sym, lo, TRI_YES, depth + 1, why_text(p, s->sym, s), s->loc);
		if (p->blocked == before.blocked)
			return;
		restore(p, before);
	}
	restore(p, start);
	if (sym->flags & SYMBOL_TRANSITIONAL) {
		/* a plan never writes an old name back */
		blocked(p, sym, depth, arena_printf(&ex->arena,
			"%s is transitional: an old name that only a .config from before the rename sets; set the option whose default reads it instead",
			sym->name));
		return;
	}
	blocked(p, sym, depth, arena_printf(&ex->arena,
		"%s has no prompt %s, and no default, select or imply can make it %s",
		sym->name, first_prompt(sym) ? "that can be shown" : "to set it",
		tri_text(lo)));
}

/* Lower a symbol: whatever selects it above hi first. */
static void lower_selectors(struct planner *p, const struct symbol *sym,
			    tristate hi, int depth)
{
	struct explainer *ex = p->ex;

	for (unsigned i = ex->sel_start[sym->index]; i < ex->sel_start[sym->index + 1]; i++) {
		const struct property *s = ex->sel_props[i];
		struct mark before;

		if (tri_and(tri_now(p, s->sym), eval_planned(p, s->visible)) <= hi)
			continue;
		before = save(p);
		need_tri(p, s->sym, TRI_NO, hi, depth + 1, why_text(p, s->sym, s), s->loc);
		if (p->blocked == before.blocked)
			continue;
		restore(p, before);
		need_expr(p, s->visible, TRI_NO, hi, depth + 1, why_text(p, s->sym, s), s->loc);
		if (p->blocked != before.blocked) {
			/* Name the selector that holds the value up, then why. */
			restore(p, before);
			blocked(p, s->sym, depth + 1, arena_printf(&ex->arena,
				"%s [=%s] selects %s (%s) and cannot be turned off:",
				s->sym->name, tri_text(tri_now(p, s->sym)), sym->name,
				location_text(ex, s->loc)));
			need_tri(p, s->sym, TRI_NO, hi, depth + 2, why_text(p, s->sym, s), s->loc);
		}
	}
}

static void lower_hidden(struct planner *p, const struct symbol *sym,
			 tristate hi, int depth)
{
	struct explainer *ex = p->ex;

	for (const struct property *d = sym->props; d; d = d->next)
		if (d->type == P_DEFAULT && eval_planned(p, d->expr) > hi &&
		    eval_planned(p, d->visible) != TRI_NO)
			need_expr(p, d->visible, TRI_NO, TRI_NO, depth + 1,
				  why_text(p, sym, d), d->loc);
	for (unsigned i = ex->imp_start[sym->index]; i < ex->imp_start[sym->index + 1]; i++) {
		const struct property *s = ex->imp_props[i];

		if (tri_and(tri_now(p, s->sym), eval_planned(p, s->visible)) > hi)
			need_tri(p, s->sym, TRI_NO, hi, depth + 1, why_text(p, s->sym, s), s->loc);
	}
}

static void change_tri(struct planner *p, const struct symbol *sym,
		       tristate want, tristate cur, int depth, const char *why,
		       struct location loc);

/*
 * Give sym the value through its prompt: one of its prompts must be shown
 * (the first that can be; m needs modules), then the user sets it.
 */
static void set_by_prompt(struct planner *p, const struct symbol *sym,
			  tristate want, int depth, const char *why,
			  struct location loc)
{
	tristate level = want == TRI_NO ? TRI_MOD : want;
	struct mark start = save(p);
	const struct property *first = NULL;
	bool shown = false;
	struct change_step *s;

	for (const struct property *prop = sym->props; prop && !shown; prop = prop->next) {
		if (!((prop->type == P_PROMPT || prop->type == P_MENU) && prop->text))
			continue;
		if (!first)
			first = prop;
		need_prompt(p, sym, prop, level, depth);
		shown = p->blocked == start.blocked;
		if (!shown)
			restore(p, start);
	}
	/* No prompt can be shown: say what blocks the first. */
	if (!shown && first)
		need_prompt(p, sym, first, level, depth);
	s = add_step(p, STEP_SET, sym, depth);
	s->value = tri_text(want);
	s->why = why;
	s->loc = loc;
}

/* Whether sym selects the symbol whose prompt is to stay changeable. */
static bool selects_goal(struct planner *p, const struct symbol *sym)
{
	const struct symbol *goal = p->keep_changeable;
	struct explainer *ex = p->ex;

	if (!goal)
		return false;
	for (unsigned i = ex->sel_start[goal->index]; i < ex->sel_start[goal->index + 1]; i++)
		if (ex->sel_props[i]->sym == sym)
			return true;
	return false;
}

static void need_tri(struct planner *p, const struct symbol *sym, tristate lo,
		     tristate hi, int depth, const char *why, struct location loc)
{
	tristate cur = tri_now(p, sym);
	tristate want = lo > cur ? lo : hi;

	if (cur >= lo && cur <= hi)
		return;
	if (p->planned[sym->index]) {
		blocked(p, sym, depth, arena_printf(&p->ex->arena,
			"%s is needed at %s and, by an earlier step, at %s",
			sym->name, tri_text(want), tri_text(cur)));
		return;
	}
	if ((sym->flags & SYMBOL_CONST) || sym->type == S_UNKNOWN) {
		blocked(p, sym, depth, arena_printf(&p->ex->arena,
			"%s is not defined in this tree: it is always n", sym->name));
		return;
	}
	if (!type_is_bool_or_tristate(sym->type)) {
		blocked(p, sym, depth, arena_printf(&p->ex->arena,
			"%s is %s, not bool or tristate", sym->name,
			symbol_type_name(sym->type)));
		return;
	}
	if (depth > p->max_depth) {
		blocked(p, sym, depth, "too many steps away (raise --depth)");
		return;
	}
	if (p->active[sym->index]) {
		blocked(p, sym, depth, arena_printf(&p->ex->arena,
			"%s depends on itself through these steps", sym->name));
		return;
	}
	if (lo > cur && selects_goal(p, sym)) {
		blocked(p, sym, depth, arena_printf(&p->ex->arena,
			"%s selects %s: its value would be fixed", sym->name,
			p->keep_changeable->name));
		return;
	}
	p->active[sym->index] = 1;
	if (want == TRI_MOD && sym->type == S_BOOLEAN)
		want = lo > cur ? TRI_YES : TRI_NO;
	/*
	 * Going up to "at least m": y first, which later requirements of
	 * "y" also accept; m when y is blocked.
	 */
	if (lo > cur && hi > lo && sym->type == S_TRISTATE) {
		struct mark before = save(p);

		change_tri(p, sym, hi, cur, depth, why, loc);
		if (p->blocked != before.blocked) {
			restore(p, before);
			change_tri(p, sym, want, cur, depth, why, loc);
		}
	} else {
		change_tri(p, sym, want, cur, depth, why, loc);
	}
	p->active[sym->index] = 0;
}

/* Plan sym's change from cur to want. */
static void change_tri(struct planner *p, const struct symbol *sym,
		       tristate want, tristate cur, int depth, const char *why,
		       struct location loc)
{
	const struct property *prompt;

	if (symbol_is_choice_member(sym)) {
		if (want == TRI_NO)
			unchoose_member(p, sym, depth, why, loc);
		else
			choose_member(p, sym, depth, why, loc);
		return;
	}
	if (want < cur)
		lower_selectors(p, sym, want, depth);
	prompt = first_prompt(sym);
	if (prompt && config_visibility(p->cfg, sym) == TRI_NO) {
		/*
		 * A hidden prompt: show it and give the value (a shown prompt
		 * takes the user's value over the defaults), else leave it
		 * hidden and move what gives its value now.
		 */
		struct mark before = save(p);

		set_by_prompt(p, sym, want, depth, why, loc);
		if (p->blocked != before.blocked) {
			restore(p, before);
			if (want < cur)
				lower_hidden(p, sym, want, depth);
			else
				raise_hidden(p, sym, want, depth);
			if (p->blocked != before.blocked) {
				/* Neither works: show what blocks the prompt. */
				restore(p, before);
				set_by_prompt(p, sym, want, depth, why, loc);
			}
		}
	} else if (prompt) {
		set_by_prompt(p, sym, want, depth, why, loc);
	} else if (want > cur) {
		raise_hidden(p, sym, want, depth);
	} else {
		lower_hidden(p, sym, want, depth);
	}
	plan_value(p, sym, want, NULL);
}

/* A number outside the active range cannot be had: the range clamps it. */
static bool outside_range(struct planner *p, const struct symbol *sym,
			  const char *value, int depth)
{
	const struct property *range;
	int base = sym->type == S_HEX ? 16 : 10;
	long long v, lo, hi;

	if (sym->type != S_INT && sym->type != S_HEX)
		return false;
	range = config_active_range(p->cfg, sym);
	if (!range || !range->range_min || !range->range_max)
		return false;
	v = strtoll(value, NULL, base);
	lo = strtoll(config_str(p->cfg, range->range_min), NULL, base);
	hi = strtoll(config_str(p->cfg, range->range_max), NULL, base);
	if (v >= lo && v <= hi)
		return false;
	blocked(p, sym, depth, arena_printf(&p->ex->arena,
		"%s is outside the range of %s: %s (%s)", value, sym->name,
		property_text(p->ex, range), location_text(p->ex, range->loc)));
	return true;
}

static void need_text(struct planner *p, const struct symbol *sym,
		      const char *value, int depth, const char *why,
		      struct location loc)
{
	const struct property *prompt = first_prompt(sym);
	struct change_step *s;

	if (strcmp(text_now(p, sym), value) == 0)
		return;
	if (p->planned_text[sym->index]) {
		blocked(p, sym, depth, arena_printf(&p->ex->arena,
			"%s is needed as %s and, by an earlier step, as %s",
			sym->name, value, p->planned_text[sym->index]));
		return;
	}
	if (!symbol_text_valid(sym->type, value)) {
		blocked(p, sym, depth, arena_printf(&p->ex->arena,
			"%s is not a valid %s value", value, symbol_type_name(sym->type)));
		return;
	}
	if (depth > p->max_depth || p->active[sym->index]) {
		blocked(p, sym, depth, "too many steps away, or a loop");
		return;
	}
	if (outside_range(p, sym, value, depth)) {
		p->planned_text[sym->index] = value;
		return;
	}
	p->active[sym->index] = 1;
	if (prompt) {
		need_prompt(p, sym, prompt, TRI_YES, depth);
		s = add_step(p, STEP_SET, sym, depth);
		s->value = value;
		s->why = why;
		s->loc = loc;
	} else {
		/* A default that gives the value: its condition, and no earlier one. */
		const struct property *found = NULL;

		for (const struct property *d = sym->props; d && !found; d = d->next)
			if (d->type == P_DEFAULT && d->expr && d->expr->op == E_SYMBOL &&
			    (strcmp(d->expr->sym->name, value) == 0 ||
			     !explain_is_literal(d->expr->sym)))
				found = d;
		if (!found) {
			blocked(p, sym, depth, arena_printf(&p->ex->arena,
				"%s has no prompt and no default that gives %s",
				sym->name, value));
		} else {
			need_expr(p, found->visible, TRI_MOD, TRI_YES, depth + 1,
				  why_text(p, sym, found), found->loc);
			if (!explain_is_literal(found->expr->sym))
				need_text(p, found->expr->sym, value, depth + 1,
					  why_text(p, sym, found), found->loc);
			/* Then no earlier default may apply. */
			for (const struct property *e = sym->props; e != found; e = e->next)
				if (e->type == P_DEFAULT)
					need_expr(p, e->visible, TRI_NO, TRI_NO, depth + 1,
						  why_text(p, sym, e), e->loc);
		}
	}
	p->planned_text[sym->index] = value;
	p->active[sym->index] = 0;
}

/* Show the first of sym's prompts that can be shown; false when none can. */
static bool show_a_prompt(struct planner *p, const struct symbol *sym)
{
	struct mark start = save(p);

	for (const struct property *prop = sym->props; prop; prop = prop->next) {
		if (!((prop->type == P_PROMPT || prop->type == P_MENU) && prop->text))
			continue;
		need_expr(p, prop->visible, TRI_MOD, TRI_YES, 0,
			  arena_printf(&p->ex->arena, "the prompt of %s", sym->name),
			  prop->loc);
		if (p->blocked == start.blocked)
			return true;
		restore(p, start);
	}
	return false;
}

/*
 * The target "visible": one of sym's prompts must be shown, the first
 * that can be (a prompt shown at m is shown: the evaluator makes it y
 * where m cannot be had).  First without turning on anything that
 * selects sym, which would show the prompt with a value nobody can
 * change (conf does not even ask it); then, if that is the only way,
 * with it.  No value is given: the user sets it after.
 */
static void need_visible(struct planner *p, const struct symbol *sym)
{
	const struct property *first = first_prompt(sym);
	bool shown;

	if (!first) {
		blocked(p, sym, 0, arena_printf(&p->ex->arena,
			"%s has no prompt: it is never shown, its value is computed",
			sym->name));
		return;
	}
	p->keep_changeable = sym;
	shown = show_a_prompt(p, sym);
	p->keep_changeable = NULL;
	if (shown || show_a_prompt(p, sym))
		return;
	/* No prompt can be shown: say what blocks the first. */
	need_expr(p, first->visible, TRI_MOD, TRI_YES, 0,
		  arena_printf(&p->ex->arena, "the prompt of %s", sym->name),
		  first->loc);
}

/* --- trying the plan ---------------------------------------------------------------- */

static bool apply_step(struct config *cfg, const struct change_step *s)
{
	switch (s->kind) {
	case STEP_SET:
		return config_set_string(cfg, s->sym, s->value);
	case STEP_CHOOSE:
		return config_set_choice(cfg, s->sym);
	default:
		return true;
	}
}

/*
 * For the target "visible": whether sym's prompt is shown in cfg, and
 * whether a select fixes the value it shows ("fixed": conf does not ask
 * such a prompt, menuconfig draws it -*-, and nobody can change it).
 */
static const char *visibility_text(struct config *cfg, const struct symbol *sym)
{
	tristate vis = config_visibility(cfg, sym);

	if (vis == TRI_NO)
		return "hidden";
	if (!symbol_is_choice_member(sym) && config_rev_dep(cfg, sym) >= vis)
		return "fixed";
	return EXPLAIN_VISIBLE;
}

static void try_plan(struct explainer *ex, struct change_plan *plan,
		     struct config *copy)
{
	struct kconfig *kc = ex->kc;
	unsigned count = 0, cap = 0;

	for (unsigned i = 0; i < plan->nsteps; i++)
		if (!apply_step(copy, &plan->steps[i]))
			plan->steps[i].refused = true;
	if (plan->visible)
		plan->result = visibility_text(copy, plan->goal);
	else
		plan->result = arena_strdup(&ex->arena, config_str(copy, plan->goal));
	plan->verified = strcmp(plan->result, plan->want) == 0;
	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];
		const char *before, *after;
		tristate vb, va;
		struct change_effect *e;

		if (!sym->name || (sym->flags & SYMBOL_CONST) ||
		    !(sym->flags & SYMBOL_DEFINED) || sym == plan->goal)
			continue;
		before = config_str(ex->cfg, sym);
		after = config_str(copy, sym);
		vb = config_visibility(ex->cfg, sym);
		va = config_visibility(copy, sym);
		if (strcmp(before, after) == 0 && (vb != TRI_NO) == (va != TRI_NO))
			continue;
		plan->effects = grow(ex, plan->effects, count, &cap, sizeof(*e));
		e = &plan->effects[count++];
		e->sym = sym;
		e->before = arena_strdup(&ex->arena, before);
		e->after = arena_strdup(&ex->arena, after);
		e->vis_before = vb;
		e->vis_after = va;
	}
	plan->neffects = count;
}

/* "Y", "yes", "M"... as y/m/n for a bool or tristate goal. */
static const char *normal_want(const struct symbol *sym, const char *want)
{
	if (!type_is_bool_or_tristate(sym->type))
		return want;
	switch (want[0]) {
	case 'y': case 'Y': return "y";
	case 'm': case 'M': return "m";
	case 'n': case 'N': return "n";
	default: return want;
	}
}

struct change_plan *explain_change(struct explainer *ex, const struct symbol *sym,
				   const char *want, int max_depth,
				   explain_fresh_fn *fresh, void *fresh_ctx)
{
	struct change_plan *plan = arena_new(&ex->arena, struct change_plan);
	size_t n = ex->kc->nsymbols;
	struct planner p = {
		.ex = ex, .cfg = ex->cfg, .max_depth = max_depth,
		.planned = arena_alloc(&ex->arena, n),
		.planned_text = arena_alloc(&ex->arena, n * sizeof(char *)),
		.active = arena_alloc(&ex->arena, n),
	};
	const struct location nowhere = { 0 };

	plan->goal = sym;
	plan->visible = strcmp(want, EXPLAIN_VISIBLE) == 0;
	plan->want = want = plan->visible ? EXPLAIN_VISIBLE : normal_want(sym, want);
	plan->now = plan->visible ? visibility_text(ex->cfg, sym) : config_str(ex->cfg, sym);
	/* A prompt shown with its value fixed by a select is shown: nothing to plan. */
	plan->already = strcmp(plan->now, want) == 0 ||
			(plan->visible && strcmp(plan->now, "hidden") != 0);
	if (!plan->already) {
		if (plan->visible)
			need_visible(&p, sym);
		else if (type_is_bool_or_tristate(sym->type) && strlen(want) == 1 && strchr("ymn", want[0])) {
			tristate t = want[0] == 'y' ? TRI_YES : want[0] == 'm' ? TRI_MOD : TRI_NO;

			if (t == TRI_MOD && config_type(ex->cfg, sym) == S_BOOLEAN &&
			    sym->type == S_BOOLEAN)
				blocked(&p, sym, 0, "a bool cannot be m");
			else
				need_tri(&p, sym, t, t, 0, NULL, nowhere);
		} else if (type_is_bool_or_tristate(sym->type) || sym->type == S_UNKNOWN) {
			blocked(&p, sym, 0, arena_printf(&ex->arena,
				"%s is not a value for %s", want, sym->name));
		} else {
			need_text(&p, sym, want, 0, NULL, nowhere);
		}
	}
	plan->steps = p.steps;
	plan->nsteps = p.nsteps;
	plan->feasible = p.blocked == 0;
	if (!plan->already && fresh) {
		struct config *copy = fresh(fresh_ctx);

		if (copy) {
			try_plan(ex, plan, copy);
			config_free(copy);
		}
	}
	return plan;
}

/* --- text -------------------------------------------------------------------------- */

/* Names in lines of at most 78 columns, each line indented by two. */
static void print_names(const struct symbol *const *syms, unsigned n,
			struct span_text *out)
{
	unsigned column = 0;

	for (unsigned i = 0; i < n; i++) {
		size_t len = strlen(syms[i]->name);

		if (column && column + 1 + len > 78) {
			strbuf_addc(&out->text, '\n');
			column = 0;
		}
		span_text_add(out, column ? " " : "  ");
		span_text_symbol(out, syms[i]);
		column += (unsigned)len + (column ? 1 : 2);
	}
	if (column)
		strbuf_addc(&out->text, '\n');
}

/*
 * The values that change, then the prompts that only appear or disappear
 * (their values stay: listing them as "n -> n" would say nothing).
 */
static void print_effects(const struct change_plan *plan, struct span_text *out)
{
	const struct symbol **shown = xcalloc(plan->neffects + 1, sizeof(*shown));
	const struct symbol **hidden = xcalloc(plan->neffects + 1, sizeof(*hidden));
	unsigned nvalues = 0, nshown = 0, nhidden = 0;

	for (unsigned i = 0; i < plan->neffects; i++) {
		const struct change_effect *e = &plan->effects[i];

		if (strcmp(e->before, e->after) != 0)
			nvalues++;
		else if (e->vis_after != TRI_NO)
			shown[nshown++] = e->sym;
		else
			hidden[nhidden++] = e->sym;
	}
	if (nvalues)
		strbuf_addf(&out->text, "Other values that change (%u):\n", nvalues);
	for (unsigned i = 0; i < plan->neffects; i++) {
		const struct change_effect *e = &plan->effects[i];

		if (strcmp(e->before, e->after) == 0)
			continue;
		span_text_add(out, "  ");
		span_text_symbol(out, e->sym);
		strbuf_addf(&out->text, "%*s %s -> %s", strlen(e->sym->name) < 32
			    ? (int)(32 - strlen(e->sym->name)) : 0, "", e->before, e->after);
		if ((e->vis_before != TRI_NO) != (e->vis_after != TRI_NO))
			strbuf_addf(&out->text, "  (prompt %s)", e->vis_after != TRI_NO ? "shown" : "hidden");
		strbuf_addc(&out->text, '\n');
	}
	if (nshown) {
		strbuf_addf(&out->text, "Prompts that appear, values unchanged (%u):\n", nshown);
		print_names(shown, nshown, out);
	}
	if (nhidden) {
		strbuf_addf(&out->text, "Prompts that disappear, values unchanged (%u):\n", nhidden);
		print_names(hidden, nhidden, out);
	}
	free(shown);
	free(hidden);
}

static void plan_text(struct explainer *ex, const struct change_plan *plan,
		      struct span_text *out)
{
	const char *name = plan->goal->name;

	strbuf_addc(&out->text, '\n');
	if (plan->already && plan->visible && strcmp(plan->now, "fixed") == 0) {
		strbuf_addf(&out->text, "The prompt of %s is already visible, but a select fixes its value.\n",
			name);
		return;
	}
	if (plan->already) {
		strbuf_addf(&out->text, "%s%s is already %s: nothing to change.\n",
			plan->visible ? "The prompt of " : "", name, plan->want);
		return;
	}
	if (plan->visible)
		strbuf_addf(&out->text, "To make the prompt of %s visible (now hidden, %s=%s):\n",
			name, name, config_str(ex->cfg, plan->goal));
	else
		strbuf_addf(&out->text, "To make %s %s (now %s):\n", name, plan->want, plan->now);
	if (!plan->nsteps)
		span_text_add(out, "  no step found\n");
	for (unsigned i = 0; i < plan->nsteps; i++) {
		const struct change_step *s = &plan->steps[i];
		int indent = 2 + 2 * s->depth;

		strbuf_addf(&out->text, "%*s", indent, "");
		switch (s->kind) {
		case STEP_SET:
			span_text_add(out, "set ");
			span_text_symbol(out, s->sym);
			strbuf_addf(&out->text, "=%s (now %s, prompt %s)",
				    s->value, s->now, s->visible_now ? "visible" : "hidden now");
			break;
		case STEP_CHOOSE:
			span_text_add(out, "choose ");
			span_text_symbol(out, s->sym);
			strbuf_addf(&out->text, " in its choice (now %s, %s)",
				    s->now, s->visible_now ? "visible" : "hidden now");
			break;
		case STEP_BLOCKED:
			strbuf_addf(&out->text, "blocked: %s", s->why);
			break;
		case STEP_NEED_EXPR:
			span_text_add(out, "needs ");
			span_text_expr(out, s->expr, NULL);
			strbuf_addf(&out->text, " to be %s", s->value);
			break;
		}
		if (s->kind != STEP_BLOCKED && s->why)
			strbuf_addf(&out->text, "\n%*s  for %s", indent, "", s->why);
		if (s->loc.line > 0 && s->kind != STEP_BLOCKED) {
			span_text_add(out, " (");
			span_text_location(out, ex, s->loc);
			span_text_add(out, ")");
		}
		if (s->refused)
			strbuf_addf(&out->text, "\n%*s  (refused when tried: hidden or out of range at that point)",
				indent, "");
		strbuf_addc(&out->text, '\n');
	}
	if (!plan->result)
		return;
	if (plan->visible)
		strbuf_addf(&out->text, "Tried on a copy of this configuration: the prompt of %s is %s\n",
			name, plan->verified ? "shown." :
			strcmp(plan->result, "fixed") == 0 ?
			"shown, but a select fixes its value (the plan is not enough)." :
			"still hidden (the plan is not enough).");
	else
		strbuf_addf(&out->text, "Tried on a copy of this configuration: %s becomes %s%s\n",
			name, plan->result, plan->verified ? "." : " (the plan is not enough).");
	print_effects(plan, out);
}

void explain_render_plan_text(struct explainer *ex, const struct change_plan *plan,
			      explain_line_fn *emit, void *ctx)
{
	struct span_text t = { 0 };
	const char *nl;

	plan_text(ex, plan, &t);
	while ((nl = memchr(t.text.data, '\n', t.text.len))) {
		size_t len = (size_t)(nl - t.text.data);
		unsigned nspans = 0;

		while (nspans < t.nspans && t.spans[nspans].start < len)
			nspans++;
		t.text.data[len] = '\0';
		emit(ctx, &(struct explain_line){
			.text = t.text.data, .spans = t.spans, .nspans = nspans,
			.sym = plan->goal,
		});
		span_text_consume(&t, len + 1);
	}
	span_text_release(&t);
}

static void print_plan_line(void *ctx, const struct explain_line *line)
{
	fputs(line->text, ctx);
	putc('\n', ctx);
}

void explain_print_plan_text(struct explainer *ex, const struct change_plan *plan,
			     FILE *out)
{
	explain_render_plan_text(ex, plan, print_plan_line, out);
}
