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

static void add_symbol(json_t *symbols, const struct symbol *sym, const char *value)
{
	json_t *s;

	if (!sym || explain_is_literal(sym) || !sym->name)
		return;
	s = json_new_object();
	json_put_text(s, "symbol", sym->name);
	json_put_text(s, "value", value);
	json_append(symbols, s);
}

static void add_symbols(const struct xexpr *x, json_t *symbols)
{
	const struct expr *e = x->expr;

	if (!e)
		return;
	switch (e->op) {
	case E_SYMBOL:
		add_symbol(symbols, e->sym, x->lval);
		break;
	case E_NOT:
		add_symbols(x->left, symbols);
		break;
	case E_AND:
	case E_OR:
		add_symbols(x->left, symbols);
		add_symbols(x->right, symbols);
		break;
	default:
		add_symbol(symbols, e->lsym, x->lval);
		add_symbol(symbols, e->rsym, x->rval);
		break;
	}
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
	add_symbols(x, symbols);
	json_put(o, "symbols", symbols);
	return o;
}

static json_t *defaults_json(struct explainer *ex, const struct xdefault *defs,
			     unsigned n)
{
	json_t *list = json_new_array();

	for (unsigned i = 0; i < n; i++) {
		const struct xdefault *d = &defs[i];
		json_t *o = json_new_object();

		json_put_text(o, "location", location_text(ex, d->prop->loc));
		json_put_text(o, "text", property_text(ex, d->prop));
		json_put_text(o, "value", d->value_text);
		json_put_text(o, "status", default_status_name(d->status));
		json_put_text(o, "active", tri_text(d->active));
		json_put(o, "if", xexpr_json(ex, d->cond));
		json_put(o, "depends", xexpr_json(ex, d->deps));
		json_append(list, o);
	}
	return list;
}

static json_t *reverse_props_json(struct explainer *ex, const struct xreverse *list,
				  unsigned n)
{
	json_t *a = json_new_array();

	for (unsigned i = 0; i < n; i++) {
		const struct xreverse *r = &list[i];
		json_t *o = json_new_object();

		json_put_text(o, "symbol", r->from->name);
		json_put_text(o, "value", r->from_value);
		json_put_location(ex, o, "location", r->prop->loc);
		json_put_text(o, "text", property_text(ex, r->prop));
		json_put_text(o, "forces", tri_text(r->value));
		json_put(o, "if", xexpr_json(ex, r->cond));
		json_put(o, "depends", xexpr_json(ex, r->deps));
		json_append(a, o);
	}
	return a;
}

static json_t *forward_props_json(struct explainer *ex, const struct xforward *list,
				  unsigned n)
{
	json_t *a = json_new_array();

	for (unsigned i = 0; i < n; i++) {
		const struct xforward *f = &list[i];
		json_t *o = json_new_object();

		json_put_text(o, "symbol", f->to->name);
		json_put_text(o, "value", f->to_value);
		json_put_location(ex, o, "location", f->prop->loc);
		json_put_text(o, "text", property_text(ex, f->prop));
		json_put_text(o, "gives", tri_text(f->value));
		json_put(o, "if", xexpr_json(ex, f->cond));
		json_append(a, o);
	}
	return a;
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
	if (u->ignored_text) {
		json_put_location(ex, o, "ignored_location", u->ignored_loc);
		json_put_text(o, "ignored_value", u->ignored_text);
	}
	return o;
}

static json_t *prompts_json(struct explainer *ex, const struct explanation *x)
{
	json_t *a = json_new_array();

	for (unsigned i = 0; i < x->nprompts; i++) {
		const struct xprompt *p = &x->prompts[i];
		json_t *o = json_new_object();

		json_put_text(o, "text", p->prop->text);
		json_put_location(ex, o, "location", p->prop->loc);
		json_put_text(o, "visible", tri_text(p->visible));
		json_put(o, "if", xexpr_json(ex, p->cond));
		json_put(o, "depends", xexpr_json(ex, p->deps));
		if (p->hidden_by) {
			json_put_location(ex, o, "hidden_by", p->hidden_by->loc);
			json_put(o, "visible_if", xexpr_json(ex, p->visible_if));
		}
		json_append(a, o);
	}
	return a;
}

static json_t *dep_sources_json(struct explainer *ex, const struct explanation *x)
{
	static const char *const kinds[] = {
		[MENU_ROOT] = "root", [MENU_CONFIG] = "config",
		[MENU_MENUCONFIG] = "menuconfig", [MENU_CHOICE] = "choice",
		[MENU_MENU] = "menu", [MENU_COMMENT] = "comment", [MENU_IF] = "if",
	};
	json_t *a = json_new_array();

	for (unsigned i = 0; i < x->ndep_sources; i++) {
		const struct xdepsource *d = &x->dep_sources[i];
		json_t *o = json_new_object();

		json_put_text(o, "block", kinds[d->node->kind]);
		json_put_location(ex, o, "location", d->node->loc);
		json_put(o, "expr", xexpr_json(ex, d->expr));
		json_append(a, o);
	}
	return a;
}

static json_t *bounds_json(struct explainer *ex, const struct explanation *x)
{
	json_t *a = json_new_array();

	for (unsigned i = 0; i < x->nbounds; i++) {
		const struct xbound *b = &x->bounds[i];
		json_t *o = json_new_object();

		json_put_text(o, "kind", bound_kind_name(b->kind));
		json_put_text(o, "limit", b->limit);
		put_bool(o, "applied", b->applied);
		if (b->kind == BOUND_SELECT)
			put_bool(o, "also_enough", b->also_enough);
		json_put_text(o, "before", b->before);
		json_put_location(ex, o, "location", b->loc);
		if (b->prop)
			json_put_text(o, "text", property_text(ex, b->prop));
		if (b->kind == BOUND_RANGE)
			json_put(o, "if", xexpr_json(ex, b->cond));
		json_append(a, o);
	}
	return a;
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

static json_t *plan_steps_json(struct explainer *ex, const struct change_plan *plan)
{
	static const char *const kinds[] = {
		[STEP_SET] = "set", [STEP_CHOOSE] = "choose",
		[STEP_BLOCKED] = "blocked", [STEP_NEED_EXPR] = "condition",
	};
	json_t *a = json_new_array();

	for (unsigned i = 0; i < plan->nsteps; i++) {
		const struct change_step *s = &plan->steps[i];
		json_t *o = json_new_object();

		json_put_text(o, "action", kinds[s->kind]);
		json_put_text(o, "symbol", s->sym && s->sym->name ? s->sym->name : NULL);
		json_put_text(o, "value", s->value);
		json_put_text(o, "now", s->now);
		put_bool(o, "visible_now", s->visible_now);
		json_put(o, "depth", json_integer(s->depth));
		json_put_text(o, "why", s->why);
		json_put_location(ex, o, "location", s->loc);
		put_bool(o, "refused", s->refused);
		json_append(a, o);
	}
	return a;
}

static json_t *plan_json(struct explainer *ex, const struct change_plan *plan)
{
	json_t *o = json_new_object();
	json_t *effects = json_new_array();

	json_put_text(o, "want", plan->want);
	json_put_text(o, "now", plan->now);
	put_bool(o, "already", plan->already);
	put_bool(o, "feasible", plan->feasible);
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

static void put_conditions(struct explainer *ex, const struct explanation *x,
			   json_t *o)
{
	json_put(o, "prompts", prompts_json(ex, x));
	json_put(o, "depends", xexpr_json(ex, x->depends));
	json_put(o, "depends_from", dep_sources_json(ex, x));
	json_put_text(o, "dir_dep", tri_text(x->dir_dep));
	json_put_text(o, "rev_dep", tri_text(x->rev_dep));
	json_put_text(o, "implied", tri_text(x->implied));
	json_put(o, "defaults", defaults_json(ex, x->defaults, x->ndefaults));
	json_put(o, "selected_by", reverse_props_json(ex, x->selects, x->nselects));
	json_put(o, "implied_by", reverse_props_json(ex, x->implies, x->nimplies));
	json_put(o, "selects", forward_props_json(ex, x->fwd_selects, x->nfwd_selects));
	json_put(o, "implies", forward_props_json(ex, x->fwd_implies, x->nfwd_implies));
	json_put(o, "bounds", bounds_json(ex, x));
	put_bool(o, "unmet_deps", x->unmet_deps);
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
