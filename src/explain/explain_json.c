// SPDX-License-Identifier: GPL-2.0
/*
 * An explanation as one JSON object on one line (the `explain --json`
 * contract in the manual page, JSON OUTPUT): symbol, type, value,
 * origin {kind, location}, then the defaults, selects, implies, bounds
 * and conditions in full.  Built with jansson, written by json_out.c.
 */
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "json_out.h"
#include "shell.h"
#include "util.h"

void json_put_location(struct explainer *ex, json_t *o, const char *key,
		       struct location loc)
{
	json_put_text(o, key, loc.line > 0 ? location_text(ex, loc) : NULL);
}

static void put_bool(json_t *o, const char *key, bool value)
{
	json_put(o, key, json_boolean(value));
}

static json_t *plain_expr(struct explainer *ex, const struct expr *e)
{
	return json_text(explain_scratch_expr(ex, e, NULL));
}

/* The operands of the outermost && or || chain, each with its value. */
static void add_terms(struct explainer *ex, const struct xexpr *x,
		      enum expr_op op, json_t *terms)
{
	json_t *t;

	if (x->expr && x->expr->op == op) {
		add_terms(ex, x->left, op, terms);
		add_terms(ex, x->right, op, terms);
		return;
	}
	t = json_new_object();
	json_put(t, "expr", plain_expr(ex, x->expr));
	json_put_text(t, "value", tri_text(x->value));
	json_append(terms, t);
}

static void add_symbol(void *ctx, const struct symbol *sym, const char *value)
{
	json_t *s;

	if (!sym || explain_is_literal(sym) || !sym->name)
		return;
	s = json_new_object();
	json_put_text(s, "symbol", sym->name);
	json_put_text(s, "value", value);
	json_append(ctx, s);
}

/* "false_terms": the terms of a failing chain of && that are n. */
static json_t *false_terms_json(struct explainer *ex, const struct xexpr *x)
{
	const struct xexpr *terms[16];
	unsigned n = xexpr_false_terms(x, terms, 16);
	json_t *list;

	if (!n)
		return NULL;
	list = json_new_array();
	for (unsigned i = 0; i < n; i++) {
		json_t *t = json_new_object();

		json_put(t, "expr", plain_expr(ex, terms[i]->expr));
		json_put_text(t, "annotated", explain_scratch_expr(ex, terms[i]->expr, terms[i]));
		json_append(list, t);
	}
	return list;
}

/*
 * A line whose $(...) were expanded: "as_written", and "shell_runs",
 * the commands that ran for it with their answers.
 */
static void put_as_written(struct explainer *ex, const struct property *prop,
			   json_t *o)
{
	const struct shell_run *runs[8];
	json_t *list;
	unsigned n;

	if (!prop || !prop->raw)
		return;
	json_put_text(o, "as_written", prop->raw);
	n = explain_prop_runs(ex, prop, runs, 8);
	list = json_new_array();
	for (unsigned i = 0; i < n; i++) {
		json_t *r = json_new_object();
		char *missing = kconfig_shell_missing_tool(ex->kc, runs[i]->command);

		json_put_text(r, "command", runs[i]->command);
		json_put_text(r, "answer", runs[i]->answer);
		json_put_location(ex, r, "location", runs[i]->origin);
		json_put_text(r, "missing", missing);
		free(missing);
		json_append(list, r);
	}
	json_put(o, "shell_runs", list);
}

static json_t *xexpr_json(struct explainer *ex, const struct xexpr *x)
{
	json_t *o, *terms, *symbols;

	if (!x || !x->expr)
		return json_null();
	o = json_new_object();
	terms = json_new_array();
	symbols = json_new_array();
	json_put(o, "expr", plain_expr(ex, x->expr));
	json_put_text(o, "annotated", explain_scratch_expr(ex, x->expr, x));
	json_put_text(o, "value", tri_text(x->value));
	add_terms(ex, x, x->expr->op == E_OR ? E_OR : E_AND, terms);
	json_put(o, "terms", terms);
	xexpr_each_operand(x, add_symbol, symbols);
	json_put(o, "symbols", symbols);
	terms = false_terms_json(ex, x);
	if (terms)
		json_put(o, "false_terms", terms);
	return o;
}

static void default_fill(void *ctx, const void *item, json_t *o)
{
	struct explainer *ex = ctx;
	const struct xdefault *d = item;

	json_put_text(o, "location", location_text(ex, d->prop->loc));
	json_put_text(o, "text", property_text(ex, d->prop));
	json_put_text(o, "value", d->value_text);
	json_put_text(o, "status", default_status_name(d->status));
	json_put_text(o, "active", tri_text(d->active));
	put_as_written(ex, d->prop, o);
	json_put(o, "if", xexpr_json(ex, d->cond));
	json_put(o, "depends", xexpr_json(ex, d->deps));
}

static json_t *defaults_json(struct explainer *ex, const struct xdefault *defs,
			     unsigned n)
{
	return JSON_ARRAY_OF(defs, n, default_fill, ex);
}

/*
 * A select or imply between two symbols, seen from either end: the
 * other symbol and its value, the property, the tristate it gives
 * (under the key verb), its condition, and the dependencies when known.
 */
static void prop_link_fill(struct explainer *ex, json_t *o, const struct symbol *other,
			   const char *value, const struct property *prop,
			   const char *verb, tristate gives,
			   const struct xexpr *cond, const struct xexpr *deps,
			   bool with_deps)
{
	json_put_text(o, "symbol", other->name);
	json_put_text(o, "value", value);
	json_put_location(ex, o, "location", prop->loc);
	json_put_text(o, "text", property_text(ex, prop));
	json_put_text(o, verb, tri_text(gives));
	json_put(o, "if", xexpr_json(ex, cond));
	if (with_deps)
		json_put(o, "depends", xexpr_json(ex, deps));
}

static void reverse_prop_fill(void *ctx, const void *item, json_t *o)
{
	const struct xreverse *r = item;

	prop_link_fill(ctx, o, r->from, r->from_value, r->prop, "forces", r->value,
		       r->cond, r->deps, true);
}

static void forward_prop_fill(void *ctx, const void *item, json_t *o)
{
	const struct xforward *f = item;

	prop_link_fill(ctx, o, f->to, f->to_value, f->prop, "gives", f->value,
		       f->cond, NULL, false);
}

/* Each definition's menus, as menuconfig's "Location:" lists them. */
static json_t *menu_locations_json(struct explainer *ex, const struct symbol *sym)
{
	const struct menu_node *path[64];
	json_t *all = json_new_array();

	for (const struct menu_node *node = sym->first_node; node; node = node->next_def) {
		unsigned n = explain_menu_path(ex, node, path, 64);
		json_t *one = json_new_array();

		for (unsigned i = 0; i < n; i++) {
			const struct symbol *s = path[i]->kind != MENU_CHOICE ? path[i]->sym : NULL;
			json_t *o = json_new_object();

			json_put_text(o, "prompt", path[i]->prompt->text);
			json_put_text(o, "symbol", s ? s->name : NULL);
			json_put_text(o, "value", s && s->name ? config_str(ex->cfg, s) : NULL);
			json_append(one, o);
		}
		json_append(all, one);
	}
	return all;
}

/* One cause: kind, location, and what its property says. */
static json_t *cause_json(struct explainer *ex, const struct explanation *x,
			  const struct xcause *cause)
{
	json_t *o = json_new_object();

	json_put_text(o, "kind", origin_kind_name(cause->kind));
	json_put_location(ex, o, "location", cause->loc);
	if (cause->prop)
		json_put_text(o, "text", property_text(ex, cause->prop));
	put_as_written(ex, cause->prop, o);
	for (unsigned i = 0; i < x->ndefaults; i++)
		if (x->defaults[i].prop == cause->prop) {
			json_put(o, "if", xexpr_json(ex, x->defaults[i].cond));
			json_put(o, "depends", xexpr_json(ex, x->defaults[i].deps));
		}
	if (cause->value_from)
		json_put_text(o, "value_from", cause->value_from->name);
	if (cause->nby) {
		json_t *by = json_new_array();

		for (unsigned i = 0; i < cause->nby; i++) {
			const struct xreverse *r = cause->by[i];
			json_t *b = json_new_object();

			json_put_text(b, "symbol", r->from->name);
			json_put_text(b, "value", r->from_value);
			json_put_location(ex, b, "location", r->prop->loc);
			json_append(by, b);
		}
		json_put(o, "by", by);
	}
	return o;
}

/*
 * "origin": the deciding cause, with "also": every other cause that
 * alone gives the same value.
 */
static json_t *origin_json(struct explainer *ex, const struct explanation *x)
{
	json_t *o = cause_json(ex, x, &x->origin);
	json_t *also = json_new_array();

	if (x->choice && x->origin.kind != ORIGIN_NONE) {
		json_put_text(o, "choice_rule", choice_rule_name(x->choice->rule));
		json_put_text(o, "choice_selection", x->choice->selection ?
			      x->choice->selection->name : NULL);
	}
	for (unsigned i = 0; i < x->nalso; i++)
		json_append(also, cause_json(ex, x, &x->also[i]));
	json_put(o, "also", also);
	return o;
}

/*
 * The inputs of a merged .config behind the user value: the line that set
 * it, the earlier ones it replaced, whether the .config kept it.
 */
static json_t *source_json(struct explainer *ex, const struct config_source *src)
{
	json_t *o = json_new_object(), *over = json_new_array();

	json_put_location(ex, o, "set_by", src->set);
	for (unsigned i = 0; i < src->nover; i++)
		json_append(over, json_text(location_text(ex, src->over[i])));
	json_put(o, "over", over);
	json_put_text(o, "request", src->request);
	put_bool(o, "kept", src->kept);
	return o;
}

static json_t *user_json(struct explainer *ex, const struct explanation *x)
{
	const struct xuser *u = &x->user;
	json_t *o;

	if (!u->present && !u->ignored_text)
		return json_null();
	o = json_new_object();
	json_put_text(o, "value", u->present ? u->value : NULL);
	json_put_location(ex, o, "location", u->loc);
	put_bool(o, "set_in_session", u->this_session);
	if (u->this_session) {
		json_put_text(o, "was", u->was);
		json_put_location(ex, o, "was_location", u->was_loc);
	}
	put_bool(o, "used", u->present && u->used);
	json_put_text(o, "reason", unused_reason_name(u->reason));
	put_bool(o, "echoed", u->echoed);
	if (u->source)
		json_put(o, "source", source_json(ex, u->source));
	if (u->ignored_text) {
		json_put_location(ex, o, "ignored_location", u->ignored_loc);
		json_put_text(o, "ignored_value", u->ignored_text);
	}
	return o;
}

static void prompt_fill(void *ctx, const void *item, json_t *o)
{
	struct explainer *ex = ctx;
	const struct xprompt *p = item;

	json_put_text(o, "text", p->prop->text);
	json_put_location(ex, o, "location", p->prop->loc);
	json_put_text(o, "visible", tri_text(p->visible));
	put_as_written(ex, p->prop, o);
	json_put(o, "if", xexpr_json(ex, p->cond));
	json_put(o, "depends", xexpr_json(ex, p->deps));
	if (p->hidden_by) {
		json_put_location(ex, o, "hidden_by", p->hidden_by->loc);
		json_put(o, "visible_if", xexpr_json(ex, p->visible_if));
	}
}

static void dep_source_fill(void *ctx, const void *item, json_t *o)
{
	static const char *const kinds[] = {
		[MENU_ROOT] = "root", [MENU_CONFIG] = "config",
		[MENU_MENUCONFIG] = "menuconfig", [MENU_CHOICE] = "choice",
		[MENU_MENU] = "menu", [MENU_COMMENT] = "comment", [MENU_IF] = "if",
	};
	struct explainer *ex = ctx;
	const struct xdepsource *d = item;

	json_put_text(o, "block", kinds[d->node->kind]);
	json_put_location(ex, o, "location", d->node->loc);
	json_put(o, "expr", xexpr_json(ex, d->expr));
}

static void bound_fill(void *ctx, const void *item, json_t *o)
{
	struct explainer *ex = ctx;
	const struct xbound *b = item;

	json_put_text(o, "kind", bound_kind_name(b->kind));
	json_put_text(o, "limit", b->limit);
	put_bool(o, "applied", b->applied);
	if (b->kind == BOUND_SELECT)
		put_bool(o, "also_enough", b->also_enough);
	json_put_text(o, "before", b->before);
	json_put_location(ex, o, "location", b->loc);
	if (b->prop)
		json_put_text(o, "text", property_text(ex, b->prop));
	if (b->kind == BOUND_RANGE && b->prop)
		json_put_text(o, "annotated", range_text_values(ex, b->prop));
	if (b->kind == BOUND_RANGE)
		json_put(o, "if", xexpr_json(ex, b->cond));
}

static json_t *choice_json(struct explainer *ex, const struct xchoice *c)
{
	json_t *o = json_new_object();

	json_put_text(o, "location", location_text(ex, c->node->loc));
	json_put_text(o, "prompt", c->prompt);
	json_put_text(o, "selection", c->selection ? c->selection->name : NULL);
	json_put_text(o, "rule", choice_rule_name(c->rule));
	json_put_location(ex, o, "decided_at", c->decided_at);
	put_bool(o, "decided_in_session", c->this_session);
	json_put(o, "defaults", defaults_json(ex, c->defaults, c->ndefaults));
	return o;
}

static json_t *reverse_json(struct explainer *ex, const struct explanation *x)
{
	unsigned n;
	const struct reverse_use *uses = explain_reverse(ex, x->sym, &n);
	json_t *a = json_new_array();

	for (unsigned i = 0; i < n; i++) {
		const struct reverse_use *u = &uses[i];
		json_t *o = json_new_object();

		json_put_text(o, "kind", reverse_kind_name(u->kind));
		json_put_text(o, "symbol", u->user ? u->user->name : NULL);
		json_put_location(ex, o, "location", u->loc);
		if (u->prop)
			json_put_text(o, "text", property_text(ex, u->prop));
		else if (!u->user && u->node->prompt)
			json_put_text(o, "menu", u->node->prompt->text);
		json_append(a, o);
	}
	return a;
}

static const char *step_kind_name(enum step_kind kind)
{
	static const char *const kinds[] = {
		[STEP_SET] = "set", [STEP_CHOOSE] = "choose",
		[STEP_BLOCKED] = "blocked",
	};

	return kinds[kind];
}

static void plan_step_fill(void *ctx, const void *item, json_t *o)
{
	struct explainer *ex = ctx;
	const struct change_step *s = item;

	json_put_text(o, "action", step_kind_name(s->kind));
	json_put_text(o, "symbol", s->sym && s->sym->name ? s->sym->name : NULL);
	json_put_text(o, "value", s->value);
	json_put_text(o, "now", s->now);
	put_bool(o, "visible_now", s->visible_now);
	json_put(o, "depth", json_integer(s->depth));
	json_put_text(o, "why", s->why);
	json_put_location(ex, o, "location", s->loc);
	put_bool(o, "refused", s->refused);
}

static json_t *plan_steps_json(struct explainer *ex, const struct change_plan *plan)
{
	return JSON_ARRAY_OF(plan->steps, plan->nsteps, plan_step_fill, ex);
}

/* Another plan of the same size: its steps, as action, symbol and value. */
static json_t *alternative_json(const struct change_plan *plan)
{
	json_t *steps = json_new_array();

	for (unsigned i = 0; i < plan->nsteps; i++) {
		json_t *s = json_new_object();

		json_put_text(s, "action", step_kind_name(plan->steps[i].kind));
		json_put_text(s, "symbol", plan->steps[i].sym->name);
		json_put_text(s, "value", plan->steps[i].value);
		json_append(steps, s);
	}
	return steps;
}

static json_t *plan_json(struct explainer *ex, const struct change_plan *plan)
{
	json_t *o = json_new_object();
	json_t *effects = json_new_array();
	json_t *proof, *alternatives;

	json_put_text(o, "want", plan->want);
	json_put_text(o, "now", plan->now);
	put_bool(o, "already", plan->already);
	put_bool(o, "feasible", plan->feasible);
	put_bool(o, "impossible", plan->impossible);
	json_put_text(o, "drastic", plan->drastic);
	proof = json_new_array();
	for (unsigned i = 0; i < plan->nproof; i++)
		json_append(proof, json_text(plan->proof[i]));
	json_put(o, "proof", proof);
	alternatives = json_new_array();
	for (const struct change_plan *p = plan->next; p; p = p->next)
		json_append(alternatives, alternative_json(p));
	json_put(o, "alternatives", alternatives);
	json_put(o, "steps", plan_steps_json(ex, plan));
	put_bool(o, "verified", plan->verified);
	json_put_text(o, "result", plan->result);
	for (unsigned i = 0; i < plan->neffects; i++) {
		const struct change_effect *e = &plan->effects[i];
		json_t *f = json_new_object();

		json_put_text(f, "symbol", e->sym->name);
		json_put_text(f, "before", e->before);
		json_put_text(f, "after", e->after);
		json_put_text(f, "visible_before", tri_text(e->vis_before));
		json_put_text(f, "visible_after", tri_text(e->vis_after));
		json_append(effects, f);
	}
	json_put(o, "effects", effects);
	return o;
}

/*
 * Where an object stands in a why-chain: for the symbol asked about, what
 * follows it and what the depth limit left out; for the others, their
 * level and the symbol that named them.
 */
static json_t *why_chain_json(const struct why_chain *chain, unsigned index)
{
	const struct why_link *link = &chain->links[index];
	json_t *o = json_new_object();

	if (index == 0) {
		json_put(o, "depth", json_integer(chain->max_level));
		json_put(o, "symbols", json_integer(chain->nlinks - 1));
		json_put(o, "levels", json_integer(chain->levels));
		put_bool(o, "complete", chain->not_followed == 0);
		json_put(o, "not_followed", json_integer(chain->not_followed));
		return o;
	}
	json_put_text(o, "of", chain->links[0].x->sym->name);
	json_put(o, "level", json_integer(link->level));
	json_put_text(o, "via", link->via ? link->via->name : NULL);
	return o;
}

/* The members that only a symbol defined in the tree has. */
static void put_definition(struct explainer *ex, const struct explanation *x,
			   json_t *o)
{
	const struct symbol *sym = x->sym;

	json_put_text(o, "visible", tri_text(x->visible));
	put_bool(o, "written", x->written);
	put_bool(o, "changeable", x->changeable);
	json_put_location(ex, o, "defined_at", sym->first_node ? sym->first_node->loc
						 : (struct location){ 0 });
	json_put(o, "menu_locations", menu_locations_json(ex, sym));
}

/*
 * The rules since Linux 6.18, only where they apply (so that other
 * explanations keep their shape): the `transitional` line, the symbol a
 * value came over from, and the `depends on X if Y` lines.
 */
static void put_mainline_rules(struct explainer *ex, const struct explanation *x,
			       json_t *o)
{
	json_t *deps;

	if (x->transitional_loc.file)
		json_put_location(ex, o, "transitional", x->transitional_loc);
	if (x->via_transitional.sym) {
		json_t *from = json_new_object();

		json_put_text(from, "symbol", x->via_transitional.sym->name);
		json_put_text(from, "value", x->via_transitional.value);
		json_put_location(ex, from, "location", x->via_transitional.loc);
		put_bool(from, "counts_as_set", x->via_transitional.counts_as_set);
		json_put(o, "from_transitional", from);
	}
	if (!x->ncond_deps)
		return;
	deps = json_new_array();
	for (unsigned i = 0; i < x->ncond_deps; i++) {
		const struct xconddep *d = &x->cond_deps[i];
		json_t *dep = json_new_object();

		json_put_text(dep, "location", location_text(ex, d->line->loc));
		json_put(dep, "depends_on", xexpr_json(ex, d->dep));
		json_put(dep, "if", xexpr_json(ex, d->cond));
		put_bool(dep, "applies", d->cond->value != TRI_NO);
		json_append(deps, dep);
	}
	json_put(o, "conditional_depends", deps);
}

static void put_conditions(struct explainer *ex, const struct explanation *x,
			   json_t *o)
{
	json_put(o, "prompts", JSON_ARRAY_OF(x->prompts, x->nprompts, prompt_fill, ex));
	json_put(o, "depends", xexpr_json(ex, x->depends));
	json_put(o, "depends_from", JSON_ARRAY_OF(x->dep_sources, x->ndep_sources,
						   dep_source_fill, ex));
	json_put_text(o, "dir_dep", tri_text(x->dir_dep));
	json_put_text(o, "rev_dep", tri_text(x->rev_dep));
	json_put_text(o, "implied", tri_text(x->implied));
	json_put(o, "defaults", defaults_json(ex, x->defaults, x->ndefaults));
	json_put(o, "selected_by", JSON_ARRAY_OF(x->selects, x->nselects, reverse_prop_fill, ex));
	json_put(o, "implied_by", JSON_ARRAY_OF(x->implies, x->nimplies, reverse_prop_fill, ex));
	json_put(o, "selects", JSON_ARRAY_OF(x->fwd_selects, x->nfwd_selects, forward_prop_fill, ex));
	json_put(o, "implies", JSON_ARRAY_OF(x->fwd_implies, x->nfwd_implies, forward_prop_fill, ex));
	json_put(o, "bounds", JSON_ARRAY_OF(x->bounds, x->nbounds, bound_fill, ex));
	put_bool(o, "unmet_deps", x->unmet_deps);
	put_mainline_rules(ex, x, o);
	if (x->choice)
		json_put(o, "choice", choice_json(ex, x->choice));
}

/* chain: NULL, or the why-chain whose object number index this is. */
static json_t *explanation_json(struct explainer *ex, const struct explanation *x,
				const struct change_plan *plan, bool reverse,
				const struct why_chain *chain, unsigned index)
{
	json_t *o = json_new_object();
	json_t *because = json_new_array();

	json_put_text(o, "symbol", x->sym->name);
	json_put_text(o, "type", symbol_type_name(x->type));
	json_put_text(o, "declared_type", symbol_type_name(x->sym->type));
	json_put_text(o, "value", x->value);
	put_bool(o, "defined", x->defined);
	if (x->defined)
		put_definition(ex, x, o);
	json_put(o, "origin", origin_json(ex, x));
	json_put(o, "user", user_json(ex, x));
	if (x->defined)
		put_conditions(ex, x, o);
	for (unsigned i = 0; i < x->nbecause; i++)
		json_append(because, json_text(x->because[i]->name));
	json_put(o, "because", because);
	if (chain)
		json_put(o, "why_chain", why_chain_json(chain, index));
	if (reverse)
		json_put(o, "used_by", reverse_json(ex, x));
	if (plan)
		json_put(o, "change", plan_json(ex, plan));
	return o;
}

void explain_print_json(struct explainer *ex, const struct explanation *x,
			const struct change_plan *plan, bool reverse, FILE *out)
{
	json_write_line(explanation_json(ex, x, plan, reverse, NULL, 0), out);
}

void explain_print_json_chain(struct explainer *ex, const struct explanation *x,
			      const struct change_plan *plan,
			      const struct explain_print_options *opts, FILE *out)
{
	struct why_chain chain;

	if (opts->depth <= 0) {
		explain_print_json(ex, x, plan, opts->reverse, out);
		return;
	}
	why_chain_walk(ex, x, opts->depth, &chain);
	for (unsigned i = 0; i < chain.nlinks; i++)
		json_write_line(explanation_json(ex, chain.links[i].x, i ? NULL : plan,
						 opts->reverse, &chain, i), out);
	why_chain_release(&chain);
}
