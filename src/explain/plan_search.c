// SPDX-License-Identifier: GPL-2.0
/*
 * The search for the fewest user changes that reach the goals.
 *
 * PicoSAT answers with a candidate (the encoding keeps every user value
 * it can, so the first answer is already close); a counter over the
 * changed values then asks for fewer until there are none.  Each
 * candidate is applied to a copy of the configuration and computed by
 * the model: only what the model confirms is a plan.  A candidate the
 * model refutes is excluded and the solver asked again (a
 * counterexample-guided loop: the encoding only proposes).  A verified
 * plan is then pruned (each step dropped in turn and the plan tried
 * again), and the solver asked for up to two more plans of the same
 * size that differ in what they change.
 */
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "util.h"

#define CANDIDATES_MAX 40

/* --- trying a plan with the exact evaluator --------------------------------- */

void plan_apply(struct config *cfg, const struct plan_change *changes, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		const struct plan_change *c = &changes[i];

		if (c->choose) {
			config_set_user_tri(cfg, c->sym, TRI_YES);
			config_choice_prefer(cfg, c->sym);
		} else if (type_is_bool_or_tristate(c->sym->type)) {
			config_set_user_tri(cfg, c->sym, c->value[0] == 'y' ? TRI_YES :
					    c->value[0] == 'm' ? TRI_MOD : TRI_NO);
		} else {
			config_set_user_str(cfg, c->sym, c->value);
		}
	}
}

/*
 * The goal "visible": the prompt is shown, and no select fixes the value
 * it shows ("fixed": conf does not ask such a prompt).
 */
const char *plan_visibility_text(struct config *cfg, const struct symbol *sym)
{
	tristate vis = config_visibility(cfg, sym);

	if (vis == TRI_NO)
		return "hidden";
	if (!symbol_is_choice_member(sym) && config_rev_dep(cfg, sym) >= vis)
		return "fixed";
	return EXPLAIN_VISIBLE;
}

bool plan_goals_hold(struct config *cfg, const struct plan_goal *goals,
		     unsigned ngoals)
{
	for (unsigned i = 0; i < ngoals; i++) {
		const char *now = strcmp(goals[i].want, EXPLAIN_VISIBLE) == 0
			? plan_visibility_text(cfg, goals[i].sym)
			: config_str(cfg, goals[i].sym);

		if (strcmp(now, goals[i].want) != 0)
			return false;
	}
	return true;
}

struct trial {
	explain_fresh_fn *fresh;
	void *ctx;
	const struct plan_goal *goals;
	unsigned ngoals;
	unsigned tried;
	/* Refuse plans where a select goes past unmet dependencies anew. */
	struct config *before;
	bool clean;
	bool unmet;
};

static void note_unmet(void *ctx, struct config *cfg, const struct symbol *sym)
{
	struct trial *t = ctx;

	(void)cfg;
	if (config_dir_dep(t->before, sym) >= config_rev_dep(t->before, sym))
		t->unmet = true;
}

/* changes without the one at skip (-1: all of them), on a fresh copy. */
static struct config *apply_copy(struct trial *t, const struct plan_change *changes,
				 unsigned n, int skip)
{
	struct config *copy = t->fresh(t->ctx);

	if (t->clean)
		config_on_unmet(copy, note_unmet, t);
	for (unsigned i = 0; i < n; i++)
		if ((int)i != skip)
			plan_apply(copy, &changes[i], 1);
	t->tried++;
	return copy;
}

static bool works(struct trial *t, const struct plan_change *changes, unsigned n,
		  int skip)
{
	struct config *copy;
	bool ok;

	t->unmet = false;
	copy = apply_copy(t, changes, n, skip);
	ok = plan_goals_hold(copy, t->goals, t->ngoals) && !t->unmet;

	config_free(copy);
	return ok;
}

/* --- reading the solver's answer --------------------------------------------- */

static bool lit_true(struct plan_enc *enc, int lit)
{
	return picosat_deref(enc->ps, lit) > 0;
}

static const char *var_value(struct plan_enc *enc, const struct plan_var *v)
{
	if (v->choose)
		return "y";
	if (v->dom) {
		for (unsigned i = 0; i < v->dom->n; i++)
			if (lit_true(enc, v->user_text[i]))
				return v->dom->texts[i];
		return NULL;
	}
	return lit_true(enc, v->user.y) ? "y" : lit_true(enc, v->user.m) ? "m" : "n";
}

/* Is the change a value the user already gave (nothing to do)? */
static bool same_as_user(struct plan_enc *enc, const struct plan_var *v,
			 const char *value)
{
	if (v->choose || !config_has_user(enc->cfg, v->sym))
		return false;
	if (v->dom)
		return config_user_str(enc->cfg, v->sym) &&
		       strcmp(config_user_str(enc->cfg, v->sym), value) == 0;
	return strcmp(tri_text(config_user_tri(enc->cfg, v->sym)), value) == 0;
}

/*
 * Steps in the order the tree computes them (what a prompt needs comes
 * first), the goals' own steps last (a range bound may be widened by an
 * earlier step, and that order does not follow range bounds).
 */
static void sort_changes(struct plan_enc *enc, struct plan_change *c, unsigned n,
			 const struct plan_goal *goals, unsigned ngoals)
{
	const struct kconfig *kc = enc->kc;
	unsigned *pos = xcalloc(kc->nsymbols + 1, sizeof(*pos));

	for (size_t i = 0; i < kc->nsymbols; i++)
		pos[i] = (unsigned)kc->ncalc_order + (unsigned)i;
	for (size_t i = 0; i < kc->ncalc_order; i++)
		pos[kc->calc_order[i]->index] = (unsigned)i;
	for (unsigned g = 0; g < ngoals; g++)
		pos[goals[g].sym->index] = (unsigned)(kc->ncalc_order + kc->nsymbols + g);
	for (unsigned i = 1; i < n; i++)
		for (unsigned j = i; j > 0 && pos[c[j - 1].sym->index] > pos[c[j].sym->index]; j--) {
			struct plan_change tmp = c[j];

			c[j] = c[j - 1];
			c[j - 1] = tmp;
		}
	free(pos);
}

static unsigned read_changes(struct plan_enc *enc, const struct plan_goal *goals,
			     unsigned ngoals, struct plan_change **out)
{
	struct plan_change *c = xcalloc(enc->nvars + 1, sizeof(*c));
	unsigned n = 0;

	for (unsigned i = 0; i < enc->nvars; i++) {
		const struct plan_var *v = &enc->vars[i];
		const char *value;

		if (lit_true(enc, v->keep))
			continue;
		value = var_value(enc, v);
		if (!value || same_as_user(enc, v, value))
			continue;
		c[n].sym = v->sym;
		c[n].value = value;
		c[n++].choose = v->choose;
	}
	sort_changes(enc, c, n, goals, ngoals);
	*out = c;
	return n;
}

static unsigned count_changed(struct plan_enc *enc)
{
	unsigned n = 0;

	for (unsigned i = 0; i < enc->nvars; i++)
		n += !lit_true(enc, enc->vars[i].keep);
	return n;
}

/* --- asking ---------------------------------------------------------------------- */

struct search {
	struct plan_enc *enc;
	struct plan_goal *goals;
	unsigned ngoals;
	int *atleast;		/* atleast[j]: j or more values change */
	unsigned bound;
	bool clean;		/* assume enc->clean */
};

static int solve(struct search *s, int at_most)
{
	struct plan_enc *enc = s->enc;
	for (unsigned i = 0; i < enc->nfacts; i++)
		picosat_assume(enc->ps, enc->facts[i].lit);
	for (unsigned i = 0; i < s->ngoals; i++)
		picosat_assume(enc->ps, s->goals[i].lit);
	if (s->clean)
		picosat_assume(enc->ps, enc->clean);
	if (at_most >= 0 && (unsigned)at_most < s->bound)
		picosat_assume(enc->ps, -s->atleast[at_most + 1]);
	return picosat_sat(enc->ps, -1);
}

/*
 * A sequential counter over the changed values, up to bound + 1.  The
 * members of a choice count as one: at most one of them is picked, and a
 * counter per member made a choice of 100,000 members 100,000 rows.
 */
static void build_counter(struct search *s, unsigned bound)
{
	struct plan_enc *enc = s->enc;
	unsigned width = bound + 2, nunits = 0;
	int *prev = xcalloc(width, sizeof(int)), *cur = xcalloc(width, sizeof(int));
	int *units = xcalloc(enc->nvars + enc->nchoice_units + 1, sizeof(int));

	for (unsigned i = 0; i < enc->nvars; i++)
		if (!enc->vars[i].choose)
			units[nunits++] = -enc->vars[i].keep;
	for (unsigned i = 0; i < enc->nchoice_units; i++)
		units[nunits++] = enc->choice_units[i];
	for (unsigned j = 1; j < width; j++)
		prev[j] = -enc->t;
	for (unsigned i = 0; i < nunits; i++) {
		int x = units[i];

		for (unsigned j = 1; j < width; j++) {
			int c[3];

			cur[j] = plan_enc_var(enc);
			c[0] = -prev[j];
			c[1] = cur[j];
			plan_enc_clause(enc, c, 2);
			c[0] = -x;
			c[1] = j == 1 ? cur[j] : -prev[j - 1];
			c[2] = cur[j];
			plan_enc_clause(enc, c, j == 1 ? 2 : 3);
		}
		memcpy(prev, cur, width * sizeof(int));
	}
	s->atleast = prev;
	s->bound = bound;
	free(cur);
	free(units);
}

/*
 * Exclude this exact set of changes with these values.  The clause is
 * read whole from the answer before any of it is added: adding a literal
 * ends the solver's satisfied state, and with it the answer.
 */
static void exclude_exactly(struct plan_enc *enc)
{
	size_t cap = 16, n = 0;
	int *lits = xmalloc(cap * sizeof(*lits));

	for (unsigned i = 0; i < enc->nvars; i++) {
		const struct plan_var *v = &enc->vars[i];
		unsigned ndom = v->dom ? v->dom->n : 0;

		if (n + ndom + 3 > cap) {
			cap = 2 * (n + ndom + 3);
			lits = xrealloc(lits, cap * sizeof(*lits));
		}
		if (lit_true(enc, v->keep)) {
			lits[n++] = -v->keep;
			continue;
		}
		lits[n++] = v->keep;
		if (v->dom) {
			for (unsigned k = 0; k < ndom; k++)
				if (lit_true(enc, v->user_text[k]))
					lits[n++] = -v->user_text[k];
		} else if (!v->choose) {
			lits[n++] = lit_true(enc, v->user.m) ? -v->user.m : v->user.m;
			lits[n++] = lit_true(enc, v->user.y) ? -v->user.y : v->user.y;
		}
	}
	for (size_t i = 0; i < n; i++)
		picosat_add(enc->ps, lits[i]);
	picosat_add(enc->ps, 0);
	free(lits);
}

/* Later plans must keep one of the values this plan changes. */
static void exclude_set(struct plan_enc *enc, const struct plan_change *c, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		picosat_add(enc->ps, enc->vars[enc->var_of[c[i].sym->index] - 1].keep);
	picosat_add(enc->ps, 0);
}

/* --- pruning and reading well ------------------------------------------------- */

struct reads_list {
	const struct symbol **syms;
	unsigned n;
};

static void add_read(void *ctx, const struct symbol *sym)
{
	struct reads_list *r = ctx;

	if ((sym->flags & SYMBOL_CONST) || !(sym->flags & SYMBOL_DEFINED) || r->n >= 4096)
		return;
	for (unsigned i = 0; i < r->n; i++)
		if (r->syms[i] == sym)
			return;
	r->syms[r->n++] = sym;
}

/* What the goal reads directly: the intermediate goals a step serves. */
static void direct_reads(const struct symbol *goal, struct reads_list *r)
{
	expr_for_each_symbol(goal->dir_dep, add_read, r);
	for (const struct property *p = goal->props; p; p = p->next) {
		expr_for_each_symbol(p->visible, add_read, r);
		if (p->type == P_DEFAULT)
			expr_for_each_symbol(p->expr, add_read, r);
	}
	expr_for_each_symbol(goal->rev_dep, add_read, r);
	expr_for_each_symbol(goal->implied, add_read, r);
	if (goal->choice && goal->choice->sym)
		for (const struct property *p = goal->choice->sym->props; p; p = p->next)
			expr_for_each_symbol(p->visible, add_read, r);
}

static bool in_reads(const struct reads_list *r, const struct symbol *sym)
{
	for (unsigned i = 0; i < r->n; i++)
		if (r->syms[i] == sym)
			return true;
	return false;
}

/* The first symbol of reads that the step moves: "X must become v". */
static const char *moved_read(struct plan_enc *enc, const struct reads_list *reads,
			      struct config *full, struct config *without,
			      const struct symbol *skip)
{
	for (unsigned i = 0; i < reads->n; i++) {
		const struct symbol *x = reads->syms[i];
		const char *after = config_str(full, x);

		if (x != skip && strcmp(after, config_str(without, x)) != 0 &&
		    strcmp(after, config_str(enc->cfg, x)) != 0)
			return arena_printf(&enc->ex->arena, "%s must become %s",
					    x->name, after);
	}
	return NULL;
}

/*
 * What step i is for: another step's symbol that reads it ("for
 * PAGE_SIZE_256KB"), a value such a symbol or the goal reads that it
 * moves ("HAVE_PAGE_SIZE_256KB must become y, for PAGE_SIZE_256KB"), or
 * nothing when the goal reads it directly.
 */
static const char *step_purpose(struct plan_enc *enc, const struct plan_change *c,
				unsigned n, unsigned i, struct config *full,
				struct config *without, const struct reads_list *goal_reads)
{
	const char *why = NULL;

	if (in_reads(goal_reads, c[i].sym))
		return NULL;
	for (unsigned j = 0; j < n && !why; j++) {
		struct reads_list r = { xcalloc(4096, sizeof(*r.syms)), 0 };
		const char *moved;

		/* Only a step whose own outcome needs step i. */
		if (j == i || !in_reads(goal_reads, c[j].sym) ||
		    (strcmp(config_str(full, c[j].sym), config_str(without, c[j].sym)) == 0 &&
		     (config_visibility(full, c[j].sym) != TRI_NO) ==
		     (config_visibility(without, c[j].sym) != TRI_NO)))
			goto next;
		direct_reads(c[j].sym, &r);
		if (in_reads(&r, c[i].sym))
			why = arena_printf(&enc->ex->arena, "for %s", c[j].sym->name);
		else if ((moved = moved_read(enc, &r, full, without, c[i].sym)))
			why = arena_printf(&enc->ex->arena, "%s, for %s", moved,
					   c[j].sym->name);
next:
		free(r.syms);
	}
	return why ? why : moved_read(enc, goal_reads, full, without, c[i].sym);
}

static unsigned values_changed(struct plan_enc *enc, struct config *copy)
{
	unsigned n = 0;

	for (size_t i = 0; i < enc->kc->nsymbols; i++) {
		const struct symbol *sym = enc->kc->symbols[i];

		if (sym->name && (sym->flags & SYMBOL_DEFINED) &&
		    !(sym->flags & SYMBOL_CONST) &&
		    strcmp(config_str(enc->cfg, sym), config_str(copy, sym)) != 0)
			n++;
	}
	return n;
}

static bool reads_directly(const struct reads_list *reads, const struct trial *t,
			   const struct symbol *sym)
{
	for (unsigned g = 0; g < t->ngoals; g++)
		if (t->goals[g].sym == sym)
			return true;
	for (unsigned i = 0; i < reads->n; i++)
		if (reads->syms[i] == sym)
			return true;
	return false;
}

/*
 * Which of several plans as short reads best: steps on what the goal
 * reads directly (CONTIG_ALLOC reads CMA) before steps further away,
 * then the fewest other values changed.
 */
static unsigned prune(struct plan_enc *enc, struct trial *t,
		      struct plan_change *c, unsigned n, unsigned long *score)
{
	struct reads_list reads = { 0 };
	struct config *full;

	for (unsigned i = 0; i < n;) {
		if (n > 1 && works(t, c, n, (int)i)) {
			memmove(&c[i], &c[i + 1], (n - i - 1) * sizeof(*c));
			n--;
		} else {
			i++;
		}
	}
	/* Raise no more than needed: m where m is enough (but the goal's own y). */
	for (unsigned i = 0; i < n; i++) {
		bool is_goal = false;

		for (unsigned g = 0; g < t->ngoals; g++)
			is_goal |= t->goals[g].sym == c[i].sym;
		if (c[i].choose || c[i].sym->type != S_TRISTATE || strcmp(c[i].value, "y") ||
		    is_goal)
			continue;
		c[i].value = "m";
		if (!works(t, c, n, -1))
			c[i].value = "y";
	}
	/* A number the tree names (N <= 16: 16) reads better than one beside it. */
	for (unsigned i = 0; i < n; i++) {
		const char *was = c[i].value;

		if (c[i].choose || type_is_bool_or_tristate(c[i].sym->type))
			continue;
		for (unsigned k = 0; k < enc->ncompared[c[i].sym->index]; k++) {
			const char *named = enc->compared[c[i].sym->index][k];

			if (strcmp(named, was) == 0)
				break;
			c[i].value = named;
			if (works(t, c, n, -1))
				break;
			c[i].value = was;
		}
	}
	reads.syms = xcalloc(4096, sizeof(*reads.syms));
	for (unsigned g = 0; g < t->ngoals; g++)
		direct_reads(t->goals[g].sym, &reads);
	full = apply_copy(t, c, n, -1);
	*score = values_changed(enc, full);
	for (unsigned i = 0; i < n; i++)
		if (!reads_directly(&reads, t, c[i].sym))
			*score += 100000;
	for (unsigned i = 0; i < n && t->ngoals == 1; i++) {
		struct config *without;

		if (c[i].sym == t->goals[0].sym)
			continue;
		without = apply_copy(t, c, n, (int)i);
		c[i].why = step_purpose(enc, c, n, i, full, without, &reads);
		config_free(without);
	}
	config_free(full);
	free(reads.syms);
	return n;
}

static bool same_plan(const struct plan_change *a, unsigned na,
		      const struct plan_change *b, unsigned nb)
{
	if (na != nb)
		return false;
	for (unsigned i = 0; i < na; i++)
		if (a[i].sym != b[i].sym || strcmp(a[i].value, b[i].value) != 0)
			return false;
	return true;
}

#define FOUND_MAX 6

struct found {
	struct plan_change *plans[FOUND_MAX];
	unsigned n[FOUND_MAX];
	unsigned long score[FOUND_MAX];
	unsigned count;
};

static void record(struct found *f, struct plan_change *c, unsigned n,
		   unsigned long score)
{
	for (unsigned i = 0; i < f->count; i++)
		if (same_plan(f->plans[i], f->n[i], c, n)) {
			free(c);
			return;
		}
	f->plans[f->count] = c;
	f->n[f->count] = n;
	f->score[f->count++] = score;
}

/* The best three, best first. */
static void keep_best(struct found *f, struct plan_result *out)
{
	while (f->count && out->nplans < 3) {
		unsigned best = 0;

		for (unsigned i = 1; i < f->count; i++)
			if (f->score[i] < f->score[best])
				best = i;
		out->plans[out->nplans] = f->plans[best];
		out->nchanges[out->nplans++] = f->n[best];
		f->plans[best] = f->plans[--f->count];
		f->n[best] = f->n[f->count];
		f->score[best] = f->score[f->count];
	}
	for (unsigned i = 0; i < f->count; i++)
		free(f->plans[i]);
}

static void prove(struct search *s, struct plan_result *out)
{
	const int *core = picosat_mus_assumptions(s->enc->ps, NULL, NULL, 0);
	unsigned n = 0;

	while (core && core[n])
		n++;
	out->failed = xmalloc((n + 1) * sizeof(*core));
	if (core)
		memcpy((int *)out->failed, core, (n + 1) * sizeof(*core));
	else
		((int *)out->failed)[0] = 0;
	out->nfailed = n;
	out->impossible = !s->enc->approximate;
	out->no_plan = s->enc->approximate;
}

void plan_search(struct plan_enc *enc, struct plan_goal *goals, unsigned ngoals,
		 explain_fresh_fn *fresh, void *fresh_ctx, struct plan_result *out)
{
	struct search s = { .enc = enc, .goals = goals, .ngoals = ngoals, .clean = true };
	struct trial t = { fresh, fresh_ctx, goals, ngoals, 0, enc->cfg, true, false };
	unsigned best, k, asked = 0;
	struct found found = { 0 };

	memset(out, 0, sizeof(*out));
	for (unsigned i = 0; i < ngoals; i++)
		if (!goals[i].lit)
			goals[i].lit = -enc->t;
	if (solve(&s, -1) != PICOSAT_SATISFIABLE) {
		/* Only with a select past unmet dependencies, if at all. */
		s.clean = t.clean = false;
		if (solve(&s, -1) != PICOSAT_SATISFIABLE) {
			prove(&s, out);
			return;
		}
	}
	best = count_changed(enc);
	build_counter(&s, best + 4);
	/* Fewer and fewer changes, until the solver finds none. */
	while (best > 0 && solve(&s, (int)best - 1) == PICOSAT_SATISFIABLE)
		best = count_changed(enc);
	for (k = best; k <= s.bound && found.count < FOUND_MAX && asked < CANDIDATES_MAX;
	     asked++) {
		struct plan_change *c;
		unsigned long score;
		unsigned n;

		if (solve(&s, (int)k) != PICOSAT_SATISFIABLE) {
			if (found.count)
				break;
			k++;
			continue;
		}
		n = read_changes(enc, goals, ngoals, &c);
		if (!works(&t, c, n, -1)) {
			exclude_exactly(enc);
			free(c);
			continue;
		}
		exclude_set(enc, c, n);
		n = prune(enc, &t, c, n, &score);
		record(&found, c, n, score);
	}
	keep_best(&found, out);
	if (!out->nplans)
		out->no_plan = true;
	out->candidates = asked;
	free(s.atleast);
}
