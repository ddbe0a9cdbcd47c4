// SPDX-License-Identifier: GPL-2.0
/*
 * How to change a value: the fewest user values that give a symbol the
 * wanted value, or the proof that none do (explain --to, the browser's
 * `p`, conf --want).
 *
 * The planner evaluates nothing itself.  The solver (plan_encode.c,
 * plan_search.c) proposes user values from a formula of the tree; the
 * model (src/model/) computes each proposal on a copy of the
 * configuration, and only what it confirms becomes a plan.  This file
 * turns the solver's answers into steps (prerequisites first, each
 * with the intermediate goal it serves), counts what else changes and
 * flags what is drastic, and prints plans as text.
 */
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "finish.h"
#include "plan.h"
#include "util.h"

/* More than this many other values changing makes a plan drastic. */
#define DRASTIC_VALUES 50

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

/* Why want cannot even be asked for (NULL: it is a value of sym). */
static const char *not_a_value(struct explainer *ex, const struct symbol *sym,
			       const char *want)
{
	if (strcmp(want, EXPLAIN_VISIBLE) == 0)
		return NULL;
	if (type_is_bool_or_tristate(sym->type)) {
		if (!(strlen(want) == 1 && strchr("ymn", want[0])))
			return arena_printf(&ex->arena, "%s is not a value for %s",
					    want, sym->name);
		if (want[0] == 'm' && sym->type == S_BOOLEAN)
			return "a bool cannot be m";
		return NULL;
	}
	if (sym->type == S_UNKNOWN || !(sym->flags & SYMBOL_DEFINED))
		return arena_printf(&ex->arena, "%s is not defined in this tree", sym->name);
	if (!symbol_text_valid(sym->type, want))
		return arena_printf(&ex->arena, "%s is not a valid %s value", want,
				    symbol_type_name(sym->type));
	return NULL;
}

static void blocked(struct explainer *ex, struct change_plan *plan,
		    const char *why)
{
	struct change_step *s = arena_new(&ex->arena, struct change_step);

	s->kind = STEP_BLOCKED;
	s->sym = plan->goal;
	s->why = why;
	plan->steps = s;
	plan->nsteps = 1;
}

/* --- effects ---------------------------------------------------------------- */

/* What else changes on copy, and whether that is drastic. */
static void count_effects(struct explainer *ex, struct change_plan *plan,
			  struct config *copy)
{
	struct kconfig *kc = ex->kc;
	unsigned count = 0, cap = 0;

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
		if (strcmp(e->before, e->after) != 0)
			plan->nvalues++;
		if (strcmp(sym->name, "64BIT") == 0 && strcmp(before, "y") == 0 &&
		    strcmp(after, "n") == 0)
			plan->drastic = "turns 64BIT off (a 32-bit kernel)";
	}
	plan->neffects = count;
	if (!plan->drastic && plan->nvalues > DRASTIC_VALUES)
		plan->drastic = arena_printf(&ex->arena, "changes %u other values",
					     plan->nvalues);
}

static void fill_plan(struct explainer *ex, struct change_plan *plan,
		      const struct plan_change *c, unsigned n,
		      explain_fresh_fn *fresh, void *fresh_ctx)
{
	struct config *copy = fresh(fresh_ctx);

	plan->steps = arena_alloc(&ex->arena, (n + 1) * sizeof(*plan->steps));
	plan->nsteps = n;
	for (unsigned i = 0; i < n; i++) {
		struct change_step *s = &plan->steps[i];

		memset(s, 0, sizeof(*s));
		s->kind = c[i].choose ? STEP_CHOOSE : STEP_SET;
		s->sym = c[i].sym;
		s->value = c[i].value;
		s->now = arena_strdup(&ex->arena, config_str(ex->cfg, c[i].sym));
		s->visible_now = config_visibility(ex->cfg, c[i].sym) != TRI_NO;
		s->depth = c[i].sym == plan->goal ? 0 : 1;
		s->why = c[i].why;
		if (c[i].sym->first_node)
			s->loc = c[i].sym->first_node->loc;
	}
	plan_apply(copy, c, n);
	plan->result = arena_strdup(&ex->arena, plan->visible
		? plan_visibility_text(copy, plan->goal) : config_str(copy, plan->goal));
	plan->verified = strcmp(plan->result, plan->want) == 0;
	plan->feasible = plan->verified;
	count_effects(ex, plan, copy);
	config_free(copy);
}

/* --- the solver ---------------------------------------------------------------- */

static void solve_plan(struct explainer *ex, struct change_plan *plan,
		       explain_fresh_fn *fresh, void *fresh_ctx)
{
	struct plan_enc enc;
	struct plan_goal goal = { .sym = plan->goal, .want = plan->want };
	struct plan_result res;
	struct change_plan *at = plan;

	plan_enc_init(&enc, ex);
	goal.lit = plan_enc_goal(&enc, goal.sym, goal.want);
	plan_search(&enc, &goal, 1, fresh, fresh_ctx, &res);
	plan->candidates = res.candidates;
	if (res.impossible || (res.no_plan && res.nfailed)) {
		plan->impossible = res.impossible;
		plan->proof = plan_proof_lines(&enc, &goal, 1, &res, &plan->nproof);
		if (!plan->nproof && res.impossible)
			plan->proof = NULL;
	}
	for (unsigned i = 0; i < res.nplans; i++) {
		if (i) {
			at->next = arena_new(&ex->arena, struct change_plan);
			*at->next = (struct change_plan){
				.goal = plan->goal, .want = plan->want, .now = plan->now,
				.visible = plan->visible,
			};
			at = at->next;
		}
		fill_plan(ex, at, res.plans[i], res.nchanges[i], fresh, fresh_ctx);
		free(res.plans[i]);
	}
	free((void *)res.failed);
	plan_enc_free(&enc);
}

struct change_plan *explain_change(struct explainer *ex, const struct symbol *sym,
				   const char *want, int max_depth,
				   explain_fresh_fn *fresh, void *fresh_ctx)
{
	struct change_plan *plan = arena_new(&ex->arena, struct change_plan);
	const char *why;

	(void)max_depth;
	plan->goal = sym;
	plan->visible = strcmp(want, EXPLAIN_VISIBLE) == 0;
	plan->want = want = plan->visible ? EXPLAIN_VISIBLE : normal_want(sym, want);
	plan->now = plan->visible ? plan_visibility_text(ex->cfg, sym) : config_str(ex->cfg, sym);
	/* A prompt shown with its value fixed by a select is shown: nothing to plan. */
	plan->already = strcmp(plan->now, want) == 0 ||
			(plan->visible && strcmp(plan->now, "hidden") != 0);
	plan->feasible = plan->already;
	if (plan->already)
		return plan;
	why = not_a_value(ex, sym, want);
	if (why) {
		blocked(ex, plan, why);
		plan->impossible = true;
		return plan;
	}
	if (fresh)
		solve_plan(ex, plan, fresh, fresh_ctx);
	return plan;
}

void explain_want(struct explainer *ex, const struct want_goal *goals,
		  unsigned ngoals, explain_fresh_fn *fresh, void *fresh_ctx,
		  struct want_result *out)
{
	struct plan_enc enc;
	struct plan_goal *g = xcalloc(ngoals + 1, sizeof(*g));
	struct plan_result res;

	memset(out, 0, sizeof(*out));
	plan_enc_init(&enc, ex);
	for (unsigned i = 0; i < ngoals; i++) {
		g[i].sym = goals[i].sym;
		g[i].want = normal_want(goals[i].sym, goals[i].want);
		g[i].loc = goals[i].loc;
		plan_enc_candidate(&enc, g[i].sym, g[i].want);
	}
	for (unsigned i = 0; i < ngoals; i++)
		g[i].lit = plan_enc_goal(&enc, g[i].sym, g[i].want);
	plan_search(&enc, g, ngoals, fresh, fresh_ctx, &res);
	if (res.nfailed)
		out->proof = plan_proof_lines(&enc, g, ngoals, &res, &out->nproof);
	out->impossible = res.impossible;
	if (res.nplans) {
		unsigned n = res.nchanges[0];

		out->met = true;
		out->n = n;
		out->syms = arena_alloc(&ex->arena, (n + 1) * sizeof(*out->syms));
		out->values = arena_alloc(&ex->arena, (n + 1) * sizeof(*out->values));
		out->choose = arena_alloc(&ex->arena, (n + 1) * sizeof(*out->choose));
		for (unsigned i = 0; i < n; i++) {
			out->syms[i] = res.plans[0][i].sym;
			out->values[i] = res.plans[0][i].value;
			out->choose[i] = res.plans[0][i].choose;
		}
	}
	for (unsigned i = 0; i < res.nplans; i++)
		free(res.plans[i]);
	free((void *)res.failed);
	free(g);
	plan_enc_free(&enc);
}

void explain_want_apply(struct config *cfg, const struct want_result *res)
{
	for (unsigned i = 0; i < res->n; i++) {
		struct plan_change c = {
			.sym = res->syms[i], .value = res->values[i], .choose = res->choose[i],
		};

		plan_apply(cfg, &c, 1);
	}
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

static void print_steps(struct explainer *ex, const struct change_plan *plan,
			struct span_text *out)
{
	for (unsigned i = 0; i < plan->nsteps; i++) {
		const struct change_step *s = &plan->steps[i];

		if (s->kind == STEP_BLOCKED) {
			strbuf_addf(&out->text, "  impossible: %s\n", s->why);
			continue;
		}
		if (s->why)
			strbuf_addf(&out->text, "  %s:\n  ", s->why);
		if (s->kind == STEP_SET) {
			span_text_add(out, "  set ");
			span_text_symbol(out, s->sym);
			strbuf_addf(&out->text, "=%s (now %s, prompt %s)", s->value, s->now,
				    s->visible_now ? "visible" : "hidden now");
		} else {
			span_text_add(out, "  choose ");
			span_text_symbol(out, s->sym);
			strbuf_addf(&out->text, " in its choice (now %s, %s)", s->now,
				    s->visible_now ? "visible" : "hidden now");
		}
		if (s->loc.line > 0) {
			span_text_add(out, " (");
			span_text_location(out, ex, s->loc);
			span_text_add(out, ")");
		}
		strbuf_addc(&out->text, '\n');
	}
}

static void print_one_plan(struct explainer *ex, const struct change_plan *plan,
			   struct span_text *out)
{
	const char *name = plan->goal->name;

	print_steps(ex, plan, out);
	if (plan->drastic)
		strbuf_addf(&out->text, "Warning: this plan %s.\n", plan->drastic);
	if (!plan->result)
		return;
	if (plan->visible)
		strbuf_addf(&out->text, "Tried on a copy of this configuration: the prompt of %s is %s\n",
			name, plan->verified ? "shown." : "not shown (the plan is not enough).");
	else
		strbuf_addf(&out->text, "Tried on a copy of this configuration: %s becomes %s%s\n",
			name, plan->result, plan->verified ? "." : " (the plan is not enough).");
	print_effects(plan, out);
}

static void plan_text(struct explainer *ex, const struct change_plan *plan,
		      struct span_text *out)
{
	const char *name = plan->goal->name;
	unsigned others = 0;

	span_text_add(out, "\n");
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
	for (const struct change_plan *p = plan->next; p; p = p->next)
		others++;
	if (plan->visible)
		strbuf_addf(&out->text, "To make the prompt of %s visible (now hidden, %s=%s)",
			name, name, config_str(ex->cfg, plan->goal));
	else
		strbuf_addf(&out->text, "To make %s %s (now %s)", name, plan->want, plan->now);
	if (plan->feasible)
		strbuf_addf(&out->text, ": %u change%s, the fewest%s:\n", plan->nsteps,
			plan->nsteps == 1 ? "" : "s",
			others ? arena_printf(&ex->arena, " (%u other plan%s as short below)",
					      others, others == 1 ? "" : "s") : "");
	else if (plan->impossible)
		span_text_add(out, ": impossible, whatever values are set.\n");
	else
		span_text_add(out, ": no plan found.\n");
	if (plan->nproof)
		span_text_add(out, plan->impossible ? "Because:\n" : "What stands in the way:\n");
	for (unsigned i = 0; i < plan->nproof; i++)
		strbuf_addf(&out->text, "  %s\n", plan->proof[i]);
	print_one_plan(ex, plan, out);
	for (const struct change_plan *p = plan->next; p; p = p->next) {
		span_text_add(out, "Another plan with as few changes:\n");
		print_one_plan(ex, p, out);
	}
}

void explain_render_plan_text(struct explainer *ex, const struct change_plan *plan,
			      explain_line_fn *emit, void *ctx)
{
	struct span_text t = { 0 };
	const char *nl;

	plan_text(ex, plan, &t);
	while (t.text.data && (nl = memchr(t.text.data, '\n', t.text.len))) {
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
