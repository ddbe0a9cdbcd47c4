// SPDX-License-Identifier: GPL-2.0
/*
 * An explanation as one JSON object on one line (the `explain --json`
 * contract in design.md): symbol, type, value, origin {kind, location},
 * then the defaults, selects, implies, bounds and conditions in full.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"

/* The length of a valid UTF-8 sequence at s, or 0. */
static int utf8_length(const unsigned char *s)
{
	int n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 :
		s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : 0;

	if (s[0] > 0xf4)
		return 0;
	for (int i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

/* Text from the tree is bytes: invalid UTF-8 becomes U+FFFD, so the line stays JSON. */
static void json_string(const char *s, struct strbuf *out)
{
	const char *run = s;

	strbuf_addc(out, '"');
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		int len;

		if (c >= 0x80) {
			len = utf8_length((const unsigned char *)s);
			if (len) {
				s += len - 1;
				continue;
			}
			strbuf_add(out, run, (size_t)(s - run));
			strbuf_adds(out, "\\ufffd");
			run = s + 1;
			continue;
		}
		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		strbuf_add(out, run, (size_t)(s - run));
		run = s + 1;
		switch (c) {
		case '"': strbuf_adds(out, "\\\""); break;
		case '\\': strbuf_adds(out, "\\\\"); break;
		case '\n': strbuf_adds(out, "\\n"); break;
		case '\t': strbuf_adds(out, "\\t"); break;
		case '\r': strbuf_adds(out, "\\r"); break;
		default: strbuf_addf(out, "\\u%04x", c); break;
		}
	}
	if (run)
		strbuf_add(out, run, (size_t)(s - run));
	strbuf_addc(out, '"');
}

static void json_key(const char *key, struct strbuf *out)
{
	json_string(key, out);
	strbuf_addc(out, ':');
}

static void json_field(const char *key, const char *value, struct strbuf *out)
{
	strbuf_addc(out, ',');
	json_key(key, out);
	if (value)
		json_string(value, out);
	else
		strbuf_adds(out, "null");
}

static void json_bool(const char *key, bool value, struct strbuf *out)
{
	strbuf_addc(out, ',');
	json_key(key, out);
	strbuf_adds(out, value ? "true" : "false");
}

static void json_location(struct explainer *ex, const char *key,
			  struct location loc, struct strbuf *out)
{
	json_field(key, loc.line > 0 ? location_text(ex, loc) : NULL, out);
}

static void print_plain_expr(struct explainer *ex, const struct expr *e,
			     struct strbuf *out)
{
	json_string(explain_scratch_expr(ex, e, NULL), out);
}

/* The operands of the outermost && or || chain, each with its value. */
static void print_terms(struct explainer *ex, const struct xexpr *x,
			enum expr_op op, struct strbuf *out, bool *first)
{
	if (x->expr && x->expr->op == op) {
		print_terms(ex, x->left, op, out, first);
		print_terms(ex, x->right, op, out, first);
		return;
	}
	if (!*first)
		strbuf_addc(out, ',');
	*first = false;
	strbuf_adds(out, "{\"expr\":");
	print_plain_expr(ex, x->expr, out);
	strbuf_addf(out, ",\"value\":\"%s\"}", tri_text(x->value));
}

static void print_symbols(const struct xexpr *x, struct strbuf *out, bool *first)
{
	const struct expr *e = x->expr;
	const struct symbol *side[2] = { NULL, NULL };
	const char *value[2] = { NULL, NULL };

	if (!e)
		return;
	switch (e->op) {
	case E_SYMBOL:
		side[0] = e->sym;
		value[0] = x->lval;
		break;
	case E_NOT:
		print_symbols(x->left, out, first);
		return;
	case E_AND:
	case E_OR:
		print_symbols(x->left, out, first);
		print_symbols(x->right, out, first);
		return;
	default:
		side[0] = e->lsym;
		value[0] = x->lval;
		side[1] = e->rsym;
		value[1] = x->rval;
		break;
	}
	for (int i = 0; i < 2; i++) {
		if (!side[i] || explain_is_literal(side[i]) || !side[i]->name)
			continue;
		if (!*first)
			strbuf_addc(out, ',');
		*first = false;
		strbuf_adds(out, "{\"symbol\":");
		json_string(side[i]->name, out);
		strbuf_adds(out, ",\"value\":");
		json_string(value[i], out);
		strbuf_addc(out, '}');
	}
}

static void json_xexpr(struct explainer *ex, const char *key,
		       const struct xexpr *x, struct strbuf *out)
{
	bool first = true;

	strbuf_addc(out, ',');
	json_key(key, out);
	if (!x || !x->expr) {
		strbuf_adds(out, "null");
		return;
	}
	strbuf_adds(out, "{\"expr\":");
	print_plain_expr(ex, x->expr, out);
	strbuf_adds(out, ",\"annotated\":");
	json_string(explain_scratch_expr(ex, x->expr, x), out);
	strbuf_addf(out, ",\"value\":\"%s\",\"terms\":[", tri_text(x->value));
	print_terms(ex, x, x->expr->op == E_OR ? E_OR : E_AND, out, &first);
	strbuf_adds(out, "],\"symbols\":[");
	first = true;
	print_symbols(x, out, &first);
	strbuf_adds(out, "]}");
}

static void json_defaults(struct explainer *ex, const struct xdefault *defs,
			  unsigned n, struct strbuf *out)
{
	strbuf_adds(out, ",\"defaults\":[");
	for (unsigned i = 0; i < n; i++) {
		const struct xdefault *d = &defs[i];

		if (i)
			strbuf_addc(out, ',');
		strbuf_adds(out, "{\"location\":");
		json_string(location_text(ex, d->prop->loc), out);
		json_field("text", property_text(ex, d->prop), out);
		json_field("value", d->value_text, out);
		json_field("status", default_status_name(d->status), out);
		json_field("active", tri_text(d->active), out);
		json_xexpr(ex, "if", d->cond, out);
		json_xexpr(ex, "depends", d->deps, out);
		strbuf_addc(out, '}');
	}
	strbuf_addc(out, ']');
}

static void json_reverse_props(struct explainer *ex, const char *key,
			       const struct xreverse *list, unsigned n, struct strbuf *out)
{
	strbuf_addc(out, ',');
	json_key(key, out);
	strbuf_addc(out, '[');
	for (unsigned i = 0; i < n; i++) {
		const struct xreverse *r = &list[i];

		if (i)
			strbuf_addc(out, ',');
		strbuf_adds(out, "{\"symbol\":");
		json_string(r->from->name, out);
		json_field("value", r->from_value, out);
		json_location(ex, "location", r->prop->loc, out);
		json_field("text", property_text(ex, r->prop), out);
		json_field("forces", tri_text(r->value), out);
		json_xexpr(ex, "if", r->cond, out);
		json_xexpr(ex, "depends", r->deps, out);
		strbuf_addc(out, '}');
	}
	strbuf_addc(out, ']');
}

static void json_forward_props(struct explainer *ex, const char *key,
			       const struct xforward *list, unsigned n, struct strbuf *out)
{
	strbuf_addc(out, ',');
	json_key(key, out);
	strbuf_addc(out, '[');
	for (unsigned i = 0; i < n; i++) {
		const struct xforward *f = &list[i];

		if (i)
			strbuf_addc(out, ',');
		strbuf_adds(out, "{\"symbol\":");
		json_string(f->to->name, out);
		json_field("value", f->to_value, out);
		json_location(ex, "location", f->prop->loc, out);
		json_field("text", property_text(ex, f->prop), out);
		json_field("gives", tri_text(f->value), out);
		json_xexpr(ex, "if", f->cond, out);
		strbuf_addc(out, '}');
	}
	strbuf_addc(out, ']');
}

/* Each definition's menus, as menuconfig's "Location:" lists them. */
static void json_menu_locations(struct explainer *ex, const struct symbol *sym,
				struct strbuf *out)
{
	const struct menu_node *path[64];

	strbuf_adds(out, ",\"menu_locations\":[");
	for (const struct menu_node *node = sym->first_node; node; node = node->next_def) {
		unsigned n = explain_menu_path(ex, node, path, 64);

		if (node != sym->first_node)
			strbuf_addc(out, ',');
		strbuf_addc(out, '[');
		for (unsigned i = 0; i < n; i++) {
			const struct symbol *s = path[i]->kind != MENU_CHOICE ? path[i]->sym : NULL;

			if (i)
				strbuf_addc(out, ',');
			strbuf_adds(out, "{\"prompt\":");
			json_string(path[i]->prompt->text, out);
			json_field("symbol", s ? s->name : NULL, out);
			json_field("value", s && s->name ? config_str(ex->cfg, s) : NULL, out);
			strbuf_addc(out, '}');
		}
		strbuf_addc(out, ']');
	}
	strbuf_addc(out, ']');
}

/* One cause's fields, after "kind" (the choice fields are the origin's). */
static void json_cause(struct explainer *ex, const struct explanation *x,
		       const struct xcause *cause, struct strbuf *out)
{
	strbuf_adds(out, "{\"kind\":");
	json_string(origin_kind_name(cause->kind), out);
	json_location(ex, "location", cause->loc, out);
	if (cause->prop)
		json_field("text", property_text(ex, cause->prop), out);
	for (unsigned i = 0; i < x->ndefaults; i++)
		if (x->defaults[i].prop == cause->prop) {
			json_xexpr(ex, "if", x->defaults[i].cond, out);
			json_xexpr(ex, "depends", x->defaults[i].deps, out);
		}
	if (cause->value_from)
		json_field("value_from", cause->value_from->name, out);
	if (cause->nby) {
		strbuf_adds(out, ",\"by\":[");
		for (unsigned i = 0; i < cause->nby; i++) {
			const struct xreverse *r = cause->by[i];

			if (i)
				strbuf_addc(out, ',');
			strbuf_adds(out, "{\"symbol\":");
			json_string(r->from->name, out);
			json_field("value", r->from_value, out);
			json_location(ex, "location", r->prop->loc, out);
			strbuf_addc(out, '}');
		}
		strbuf_addc(out, ']');
	}
}

/*
 * "origin": the deciding cause, with "also": every other cause that
 * alone gives the same value.
 */
static void json_origin(struct explainer *ex, const struct explanation *x,
			struct strbuf *out)
{
	strbuf_adds(out, ",\"origin\":");
	json_cause(ex, x, &x->origin, out);
	if (x->choice && x->origin.kind != ORIGIN_NONE) {
		json_field("choice_rule", choice_rule_name(x->choice->rule), out);
		json_field("choice_selection", x->choice->selection ?
			   x->choice->selection->name : NULL, out);
	}
	strbuf_adds(out, ",\"also\":[");
	for (unsigned i = 0; i < x->nalso; i++) {
		if (i)
			strbuf_addc(out, ',');
		json_cause(ex, x, &x->also[i], out);
		strbuf_addc(out, '}');
	}
	strbuf_adds(out, "]}");
}

static void json_user(struct explainer *ex, const struct explanation *x,
		      struct strbuf *out)
{
	const struct xuser *u = &x->user;

	strbuf_adds(out, ",\"user\":");
	if (!u->present && !u->ignored_text) {
		strbuf_adds(out, "null");
		return;
	}
	strbuf_adds(out, "{\"value\":");
	if (u->present)
		json_string(u->value, out);
	else
		strbuf_adds(out, "null");
	json_location(ex, "location", u->loc, out);
	json_bool("set_in_session", u->this_session, out);
	if (u->this_session) {
		json_field("was", u->was, out);
		json_location(ex, "was_location", u->was_loc, out);
	}
	json_bool("used", u->present && u->used, out);
	json_field("reason", unused_reason_name(u->reason), out);
	json_bool("echoed", u->echoed, out);
	if (u->ignored_text) {
		json_location(ex, "ignored_location", u->ignored_loc, out);
		json_field("ignored_value", u->ignored_text, out);
	}
	strbuf_addc(out, '}');
}

static void json_prompts(struct explainer *ex, const struct explanation *x,
			 struct strbuf *out)
{
	strbuf_adds(out, ",\"prompts\":[");
	for (unsigned i = 0; i < x->nprompts; i++) {
		const struct xprompt *p = &x->prompts[i];

		if (i)
			strbuf_addc(out, ',');
		strbuf_adds(out, "{\"text\":");
		json_string(p->prop->text, out);
		json_location(ex, "location", p->prop->loc, out);
		json_field("visible", tri_text(p->visible), out);
		json_xexpr(ex, "if", p->cond, out);
		json_xexpr(ex, "depends", p->deps, out);
		if (p->hidden_by) {
			json_location(ex, "hidden_by", p->hidden_by->loc, out);
			json_xexpr(ex, "visible_if", p->visible_if, out);
		}
		strbuf_addc(out, '}');
	}
	strbuf_addc(out, ']');
}

static void json_dep_sources(struct explainer *ex, const struct explanation *x,
			     struct strbuf *out)
{
	static const char *const kinds[] = {
		[MENU_ROOT] = "root", [MENU_CONFIG] = "config",
		[MENU_MENUCONFIG] = "menuconfig", [MENU_CHOICE] = "choice",
		[MENU_MENU] = "menu", [MENU_COMMENT] = "comment", [MENU_IF] = "if",
	};

	strbuf_adds(out, ",\"depends_from\":[");
	for (unsigned i = 0; i < x->ndep_sources; i++) {
		const struct xdepsource *d = &x->dep_sources[i];

		if (i)
			strbuf_addc(out, ',');
		strbuf_adds(out, "{\"block\":");
		json_string(kinds[d->node->kind], out);
		json_location(ex, "location", d->node->loc, out);
		json_xexpr(ex, "expr", d->expr, out);
		strbuf_addc(out, '}');
	}
	strbuf_addc(out, ']');
}

static void json_bounds(struct explainer *ex, const struct explanation *x,
			struct strbuf *out)
{
	strbuf_adds(out, ",\"bounds\":[");
	for (unsigned i = 0; i < x->nbounds; i++) {
		const struct xbound *b = &x->bounds[i];

		if (i)
			strbuf_addc(out, ',');
		strbuf_adds(out, "{\"kind\":");
		json_string(bound_kind_name(b->kind), out);
		json_field("limit", b->limit, out);
		json_bool("applied", b->applied, out);
		if (b->kind == BOUND_SELECT)
			json_bool("also_enough", b->also_enough, out);
		json_field("before", b->before, out);
		json_location(ex, "location", b->loc, out);
		if (b->prop)
			json_field("text", property_text(ex, b->prop), out);
		if (b->kind == BOUND_RANGE)
			json_xexpr(ex, "if", b->cond, out);
		strbuf_addc(out, '}');
	}
	strbuf_addc(out, ']');
}

static void json_choice(struct explainer *ex, const struct xchoice *c, struct strbuf *out)
{
	strbuf_adds(out, ",\"choice\":{\"location\":");
	json_string(location_text(ex, c->node->loc), out);
	json_field("prompt", c->prompt, out);
	json_field("selection", c->selection ? c->selection->name : NULL, out);
	json_field("rule", choice_rule_name(c->rule), out);
	json_location(ex, "decided_at", c->decided_at, out);
	json_bool("decided_in_session", c->this_session, out);
	json_defaults(ex, c->defaults, c->ndefaults, out);
	strbuf_addc(out, '}');
}

static void json_reverse(struct explainer *ex, const struct explanation *x,
			 struct strbuf *out)
{
	unsigned n;
	const struct reverse_use *uses = explain_reverse(ex, x->sym, &n);

	strbuf_adds(out, ",\"used_by\":[");
	for (unsigned i = 0; i < n; i++) {
		const struct reverse_use *u = &uses[i];

		if (i)
			strbuf_addc(out, ',');
		strbuf_adds(out, "{\"kind\":");
		json_string(reverse_kind_name(u->kind), out);
		json_field("symbol", u->user ? u->user->name : NULL, out);
		json_location(ex, "location", u->loc, out);
		if (u->prop)
			json_field("text", property_text(ex, u->prop), out);
		else if (!u->user && u->node->prompt)
			json_field("menu", u->node->prompt->text, out);
		strbuf_addc(out, '}');
	}
	strbuf_addc(out, ']');
}

static void json_plan(struct explainer *ex, const struct change_plan *plan,
		      struct strbuf *out)
{
	static const char *const kinds[] = {
		[STEP_SET] = "set", [STEP_CHOOSE] = "choose",
		[STEP_BLOCKED] = "blocked",
	};

	strbuf_adds(out, ",\"change\":{\"want\":");
	json_string(plan->want, out);
	json_field("now", plan->now, out);
	json_bool("already", plan->already, out);
	json_bool("feasible", plan->feasible, out);
	json_bool("impossible", plan->impossible, out);
	json_field("drastic", plan->drastic, out);
	strbuf_adds(out, ",\"proof\":[");
	for (unsigned i = 0; i < plan->nproof; i++) {
		if (i)
			strbuf_addc(out, ',');
		json_string(plan->proof[i], out);
	}
	strbuf_adds(out, "],\"alternatives\":[");
	for (const struct change_plan *p = plan->next; p; p = p->next) {
		if (p != plan->next)
			strbuf_addc(out, ',');
		strbuf_addc(out, '[');
		for (unsigned i = 0; i < p->nsteps; i++) {
			if (i)
				strbuf_addc(out, ',');
			strbuf_adds(out, "{\"action\":");
			json_string(kinds[p->steps[i].kind], out);
			json_field("symbol", p->steps[i].sym->name, out);
			json_field("value", p->steps[i].value, out);
			strbuf_addc(out, '}');
		}
		strbuf_addc(out, ']');
	}
	strbuf_adds(out, "]");
	strbuf_adds(out, ",\"steps\":[");
	for (unsigned i = 0; i < plan->nsteps; i++) {
		const struct change_step *s = &plan->steps[i];

		if (i)
			strbuf_addc(out, ',');
		strbuf_adds(out, "{\"action\":");
		json_string(kinds[s->kind], out);
		json_field("symbol", s->sym && s->sym->name ? s->sym->name : NULL, out);
		json_field("value", s->value, out);
		json_field("now", s->now, out);
		json_bool("visible_now", s->visible_now, out);
		strbuf_addf(out, ",\"depth\":%d", s->depth);
		json_field("why", s->why, out);
		json_location(ex, "location", s->loc, out);
		json_bool("refused", s->refused, out);
		strbuf_addc(out, '}');
	}
	strbuf_adds(out, "]");
	json_bool("verified", plan->verified, out);
	json_field("result", plan->result, out);
	strbuf_adds(out, ",\"effects\":[");
	for (unsigned i = 0; i < plan->neffects; i++) {
		const struct change_effect *e = &plan->effects[i];

		if (i)
			strbuf_addc(out, ',');
		strbuf_adds(out, "{\"symbol\":");
		json_string(e->sym->name, out);
		json_field("before", e->before, out);
		json_field("after", e->after, out);
		json_field("visible_before", tri_text(e->vis_before), out);
		json_field("visible_after", tri_text(e->vis_after), out);
		strbuf_addc(out, '}');
	}
	strbuf_adds(out, "]}");
}

/*
 * Where an object stands in a why-chain: for the symbol asked about, what
 * follows it and what the depth limit left out; for the others, their
 * level and the symbol that named them.
 */
static void json_why_chain(const struct why_chain *chain, unsigned index,
			   struct strbuf *out)
{
	const struct why_link *link = &chain->links[index];

	if (index == 0) {
		strbuf_addf(out, ",\"why_chain\":{\"depth\":%d,\"symbols\":%u,\"levels\":%d",
			  chain->max_level, chain->nlinks - 1, chain->levels);
		json_bool("complete", chain->not_followed == 0, out);
		strbuf_addf(out, ",\"not_followed\":%u}", chain->not_followed);
		return;
	}
	strbuf_adds(out, ",\"why_chain\":{\"of\":");
	json_string(chain->links[0].x->sym->name, out);
	strbuf_addf(out, ",\"level\":%d", link->level);
	json_field("via", link->via ? link->via->name : NULL, out);
	strbuf_addc(out, '}');
}

/* chain: NULL, or the why-chain whose object number index this is. */
static void json_explanation(struct explainer *ex, const struct explanation *x,
			     const struct change_plan *plan, bool reverse,
			     const struct why_chain *chain, unsigned index,
			     struct strbuf *out)
{
	const struct symbol *sym = x->sym;

	strbuf_adds(out, "{\"symbol\":");
	json_string(sym->name, out);
	json_field("type", symbol_type_name(x->type), out);
	json_field("declared_type", symbol_type_name(sym->type), out);
	json_field("value", x->value, out);
	json_bool("defined", x->defined, out);
	if (x->defined) {
		json_field("visible", tri_text(x->visible), out);
		json_bool("written", x->written, out);
		json_bool("changeable", x->changeable, out);
		json_location(ex, "defined_at", sym->first_node ? sym->first_node->loc
					      : (struct location){ 0 }, out);
		json_menu_locations(ex, sym, out);
	}
	json_origin(ex, x, out);
	json_user(ex, x, out);
	if (x->defined) {
		json_prompts(ex, x, out);
		json_xexpr(ex, "depends", x->depends, out);
		json_dep_sources(ex, x, out);
		json_field("dir_dep", tri_text(x->dir_dep), out);
		json_field("rev_dep", tri_text(x->rev_dep), out);
		json_field("implied", tri_text(x->implied), out);
		json_defaults(ex, x->defaults, x->ndefaults, out);
		json_reverse_props(ex, "selected_by", x->selects, x->nselects, out);
		json_reverse_props(ex, "implied_by", x->implies, x->nimplies, out);
		json_forward_props(ex, "selects", x->fwd_selects, x->nfwd_selects, out);
		json_forward_props(ex, "implies", x->fwd_implies, x->nfwd_implies, out);
		json_bounds(ex, x, out);
		json_bool("unmet_deps", x->unmet_deps, out);
		if (x->choice)
			json_choice(ex, x->choice, out);
	}
	strbuf_adds(out, ",\"because\":[");
	for (unsigned i = 0; i < x->nbecause; i++) {
		if (i)
			strbuf_addc(out, ',');
		json_string(x->because[i]->name, out);
	}
	strbuf_addc(out, ']');
	if (chain)
		json_why_chain(chain, index, out);
	if (reverse)
		json_reverse(ex, x, out);
	if (plan)
		json_plan(ex, plan, out);
	strbuf_adds(out, "}\n");
}

/* Built in memory and written at once: stdio per piece costs more than the rest. */
void explain_print_json(struct explainer *ex, const struct explanation *x,
			const struct change_plan *plan, bool reverse, FILE *out)
{
	struct strbuf *b = &ex->json;

	b->len = 0;
	json_explanation(ex, x, plan, reverse, NULL, 0, b);
	fwrite(b->data, 1, b->len, out);
}

void explain_print_json_chain(struct explainer *ex, const struct explanation *x,
			      const struct change_plan *plan,
			      const struct explain_print_options *opts, FILE *out)
{
	struct strbuf *b = &ex->json;
	struct why_chain chain;

	if (opts->depth <= 0) {
		explain_print_json(ex, x, plan, opts->reverse, out);
		return;
	}
	why_chain_walk(ex, x, opts->depth, &chain);
	for (unsigned i = 0; i < chain.nlinks; i++) {
		b->len = 0;
		json_explanation(ex, chain.links[i].x, i ? NULL : plan,
				 opts->reverse, &chain, i, b);
		fwrite(b->data, 1, b->len, out);
	}
	why_chain_release(&chain);
}
