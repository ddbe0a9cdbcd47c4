// SPDX-License-Identifier: GPL-2.0
/*
 * Why a symbol has its value: the derivation (see explain.h).
 *
 * The steps below retrace symbol_value.c (itself the kernel's
 * sym_calc_value()) from the values the evaluator exposes: visibility,
 * the user value, the first active default, imply capped by the
 * dependencies, select, m promoted to y, the range.  The step that
 * produced the final value is the origin; when the retraced value and
 * the evaluator's differ, the explanation says it is not consistent
 * (and the kernel conformance test counts it as a failure).
 */
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "util.h"

const char *origin_kind_name(enum origin_kind kind)
{
	static const char *const names[] = {
		[ORIGIN_USER] = "user", [ORIGIN_DEFAULT] = "default",
		[ORIGIN_SELECT] = "select", [ORIGIN_IMPLY] = "imply",
		[ORIGIN_CHOICE] = "choice", [ORIGIN_NONE] = "none",
	};
	return names[kind];
}

const char *unused_reason_name(enum unused_reason reason)
{
	static const char *const names[] = {
		[UNUSED_NOTHING] = "used", [UNUSED_NO_PROMPT] = "no-prompt",
		[UNUSED_DEPS_UNMET] = "deps-unmet",
		[UNUSED_PROMPT_HIDDEN] = "prompt-hidden",
		[UNUSED_LIMITED] = "limited", [UNUSED_SELECTED] = "selected",
		[UNUSED_RANGE] = "out-of-range", [UNUSED_MODULES] = "modules-off",
		[UNUSED_CHOICE_OTHER] = "choice-other",
		[UNUSED_CHOICE_ALL_NO] = "choice-all-no",
		[UNUSED_INVALID] = "invalid",
	};
	return names[reason];
}

const char *default_status_name(enum default_status status)
{
	static const char *const names[] = {
		[DEFAULT_TAKEN] = "taken", [DEFAULT_INACTIVE] = "inactive",
		[DEFAULT_SHADOWED] = "shadowed", [DEFAULT_UNUSED] = "unused",
	};
	return names[status];
}

const char *bound_kind_name(enum bound_kind kind)
{
	static const char *const names[] = {
		[BOUND_VISIBILITY] = "visibility", [BOUND_DEPENDS] = "depends",
		[BOUND_SELECT] = "select", [BOUND_MODULES] = "modules",
		[BOUND_RANGE] = "range",
	};
	return names[kind];
}

const char *choice_rule_name(enum choice_rule rule)
{
	static const char *const names[] = {
		[CHOICE_RULE_NONE] = "none", [CHOICE_RULE_USER] = "user",
		[CHOICE_RULE_DEFAULT] = "default",
		[CHOICE_RULE_FIRST_VISIBLE] = "first-visible",
		[CHOICE_RULE_FIRST_UNSET] = "first-unset",
		[CHOICE_RULE_LAST_RESORT] = "last-resort",
	};
	return names[rule];
}

static const char *tri_text(tristate t)
{
	return t == TRI_YES ? "y" : t == TRI_MOD ? "m" : "n";
}

static bool is_tri_type(enum symbol_type type)
{
	return type == S_BOOLEAN || type == S_TRISTATE;
}

static bool is_choice_member(const struct symbol *sym)
{
	return sym->choice && sym->choice->sym;
}

/* --- the explainer ---------------------------------------------------------- */

/* Index the select and imply properties by their target. */
static void index_reverse(struct explainer *ex, enum prop_type type,
			  unsigned **start_out, const struct property ***props_out)
{
	struct kconfig *kc = ex->kc;
	unsigned *start = xcalloc(kc->nsymbols + 1, sizeof(*start));
	unsigned *fill = xcalloc(kc->nsymbols, sizeof(*fill));
	const struct property **props;

	for (size_t i = 0; i < kc->nsymbols; i++)
		for (const struct property *p = kc->symbols[i]->props; p; p = p->next)
			if (p->type == type && p->target && p->sym == kc->symbols[i])
				start[p->target->index + 1]++;
	for (size_t i = 0; i < kc->nsymbols; i++)
		start[i + 1] += start[i];
	props = xcalloc(start[kc->nsymbols], sizeof(*props));
	for (size_t i = 0; i < kc->nsymbols; i++)
		for (const struct property *p = kc->symbols[i]->props; p; p = p->next)
			if (p->type == type && p->target && p->sym == kc->symbols[i]) {
				unsigned t = p->target->index;

				props[start[t] + fill[t]++] = p;
			}
	free(fill);
	*start_out = start;
	*props_out = props;
}

struct explainer *explainer_new(struct config *cfg, const struct user_lines *lines)
{
	struct explainer *ex = xcalloc(1, sizeof(*ex));

	ex->cfg = cfg;
	ex->kc = config_tree(cfg);
	ex->lines = lines;
	arena_init(&ex->arena);
	index_reverse(ex, P_SELECT, &ex->sel_start, &ex->sel_props);
	index_reverse(ex, P_IMPLY, &ex->imp_start, &ex->imp_props);
	return ex;
}

void explainer_reset(struct explainer *ex)
{
	arena_release(&ex->arena);
}

void explainer_free(struct explainer *ex)
{
	if (!ex)
		return;
	arena_release(&ex->arena);
	reverse_index_free(ex->reverse);
	free(ex->scratch.text);
	free(ex->json.text);
	free(ex->sel_start);
	free(ex->sel_props);
	free(ex->imp_start);
	free(ex->imp_props);
	free(ex);
}

/* --- small builders ---------------------------------------------------------- */

#define ARENA_ARRAY(ex, type, n) \
	((type *)arena_alloc(&(ex)->arena, sizeof(type) * ((n) ? (n) : 1)))

static struct xexpr *maybe_expr(struct explainer *ex, const struct expr *e,
				bool cond)
{
	return e ? explain_expr(ex, e, cond) : NULL;
}

/*
 * A property's whole condition (property.visible) is its `if` ANDed with
 * its entry's dependencies: the two parts are evaluated already.
 */
static tristate prop_active(struct explainer *ex, const struct property *prop,
			    const struct xexpr *cond, const struct xexpr *deps)
{
	if (!prop->node)
		return config_expr(ex->cfg, prop->visible);
	return tri_and(cond ? cond->value : TRI_YES, deps ? deps->value : TRI_YES);
}

static struct xbound *add_bound(struct explainer *ex, struct explanation *x,
				enum bound_kind kind)
{
	/* At most one of each kind: the array is sized for all of them. */
	struct xbound *b;

	if (!x->bounds)
		x->bounds = ARENA_ARRAY(ex, struct xbound, 5);
	b = &x->bounds[x->nbounds++];
	b->kind = kind;
	return b;
}

/* The symbols that decided, without repeats; sym itself is left out. */
static void add_because(struct explainer *ex, struct explanation *x,
			const struct symbol *sym)
{
	const struct symbol **grown;

	if (!sym || sym == x->sym || explain_is_literal(sym) || !sym->name)
		return;
	for (unsigned i = 0; i < x->nbecause; i++)
		if (x->because[i] == sym)
			return;
	if ((x->nbecause & (x->nbecause - 1)) == 0) {
		grown = ARENA_ARRAY(ex, const struct symbol *, x->nbecause * 2 + 1);
		if (x->nbecause)
			memcpy(grown, x->because, x->nbecause * sizeof(*grown));
		x->because = grown;
	}
	x->because[x->nbecause++] = sym;
}

static void add_because_expr(struct explainer *ex, struct explanation *x,
			     const struct expr *e)
{
	if (!e)
		return;
	switch (e->op) {
	case E_SYMBOL:
		add_because(ex, x, e->sym);
		break;
	case E_NOT:
		add_because_expr(ex, x, e->left);
		break;
	case E_AND:
	case E_OR:
		add_because_expr(ex, x, e->left);
		add_because_expr(ex, x, e->right);
		break;
	default:
		add_because(ex, x, e->lsym);
		add_because(ex, x, e->rsym);
		break;
	}
}

/* --- the parts every symbol has ------------------------------------------------ */

static const struct menu_node *hidden_by_menu(struct explainer *ex,
					      const struct menu_node *node)
{
	const struct menu_node *up;

	for (up = node->parent; up; up = up->parent)
		if (up->visible_if && config_expr(ex->cfg, up->visible_if) == TRI_NO)
			return up;
	return NULL;
}

static void explain_prompts(struct explainer *ex, struct explanation *x)
{
	const struct property *prop;
	unsigned n = 0;

	for (prop = x->sym->props; prop; prop = prop->next)
		if ((prop->type == P_PROMPT || prop->type == P_MENU) && prop->text)
			n++;
	if (!n)
		return;
	x->prompts = ARENA_ARRAY(ex, struct xprompt, n);
	for (prop = x->sym->props; prop; prop = prop->next) {
		struct xprompt *p;

		if (!((prop->type == P_PROMPT || prop->type == P_MENU) && prop->text))
			continue;
		p = &x->prompts[x->nprompts++];
		p->prop = prop;
		p->visible = config_expr(ex->cfg, prop->visible);
		p->cond = maybe_expr(ex, prop->cond, true);
		p->deps = prop->node ? maybe_expr(ex, prop->node->dep, false) : NULL;
		p->hidden_by = prop->node ? hidden_by_menu(ex, prop->node) : NULL;
		if (p->hidden_by)
			p->visible_if = explain_expr(ex, p->hidden_by->visible_if, false);
	}
}

static void explain_dep_sources(struct explainer *ex, struct explanation *x)
{
	const struct menu_node *def, *up;
	unsigned n = 0;

	for (def = x->sym->first_node; def; def = def->next_def)
		for (up = def; up && up->kind != MENU_ROOT; up = up->parent)
			if (up->depends)
				n++;
	if (!n)
		return;
	x->dep_sources = ARENA_ARRAY(ex, struct xdepsource, n);
	for (def = x->sym->first_node; def; def = def->next_def)
		for (up = def; up && up->kind != MENU_ROOT; up = up->parent) {
			struct xdepsource *d;

			if (!up->depends)
				continue;
			d = &x->dep_sources[x->ndep_sources++];
			d->node = up;
			d->expr = explain_expr(ex, up->depends, true);
		}
}

static void explain_defaults_of(struct explainer *ex, const struct symbol *sym,
				struct xdefault **out, unsigned *count)
{
	const struct property *prop;
	unsigned n = 0;
	bool taken = false;

	for (prop = sym->props; prop; prop = prop->next)
		if (prop->type == P_DEFAULT)
			n++;
	*count = 0;
	*out = NULL;
	if (!n)
		return;
	*out = ARENA_ARRAY(ex, struct xdefault, n);
	for (prop = sym->props; prop; prop = prop->next) {
		struct xdefault *d;

		if (prop->type != P_DEFAULT)
			continue;
		d = &(*out)[(*count)++];
		d->prop = prop;
		d->cond = maybe_expr(ex, prop->cond, true);
		d->deps = prop->node ? maybe_expr(ex, prop->node->dep, false) : NULL;
		d->active = prop_active(ex, prop, d->cond, d->deps);
		d->value = maybe_expr(ex, prop->expr, false);
		if (is_tri_type(sym->type) || (sym->flags & SYMBOL_CHOICE))
			d->value_text = prop->expr && prop->expr->op == E_SYMBOL &&
					(sym->flags & SYMBOL_CHOICE)
				? prop->expr->sym->name
				: tri_text(d->value ? d->value->value : TRI_NO);
		else if (prop->expr && prop->expr->op == E_SYMBOL)
			d->value_text = config_str(ex->cfg, prop->expr->sym);
		else
			d->value_text = "";
		if (d->active == TRI_NO) {
			d->status = DEFAULT_INACTIVE;
		} else if (!taken) {
			d->status = DEFAULT_TAKEN;
			taken = true;
		} else {
			d->status = DEFAULT_SHADOWED;
		}
	}
}

static struct xdefault *taken_default(struct explanation *x)
{
	for (unsigned i = 0; i < x->ndefaults; i++)
		if (x->defaults[i].status == DEFAULT_TAKEN)
			return &x->defaults[i];
	return NULL;
}

/* What a select or imply forces: m counts as y for a bool. */
static tristate forced(const struct explanation *x, tristate t)
{
	return t == TRI_MOD && x->type == S_BOOLEAN ? TRI_YES : t;
}

static void explain_reverse_props(struct explainer *ex, struct explanation *x,
				  const unsigned *start,
				  const struct property **props,
				  struct xreverse **out, unsigned *count)
{
	unsigned from = start[x->sym->index], to = start[x->sym->index + 1];

	*count = 0;
	*out = NULL;
	if (from == to)
		return;
	*out = ARENA_ARRAY(ex, struct xreverse, to - from);
	for (unsigned i = from; i < to; i++) {
		const struct property *prop = props[i];
		struct xreverse *r = &(*out)[(*count)++];

		r->prop = prop;
		r->from = prop->sym;
		r->from_value = config_str(ex->cfg, prop->sym);
		r->cond = maybe_expr(ex, prop->cond, true);
		r->deps = prop->node ? maybe_expr(ex, prop->node->dep, false) : NULL;
		r->value = tri_and(config_tri(ex->cfg, prop->sym),
				   prop_active(ex, prop, r->cond, r->deps));
	}
}

/* The active selectors (or impliers) that force at least `level`. */
static void set_origin_by(struct explainer *ex, struct explanation *x,
			  const struct xreverse *list, unsigned n,
			  tristate level)
{
	unsigned count = 0;

	x->origin.by = ARENA_ARRAY(ex, const struct xreverse *, n);
	for (unsigned i = 0; i < n; i++)
		if (list[i].value != TRI_NO && forced(x, list[i].value) >= level) {
			x->origin.by[count++] = &list[i];
			add_because(ex, x, list[i].from);
		}
	x->origin.nby = count;
	if (count) {
		x->origin.prop = x->origin.by[0]->prop;
		x->origin.loc = x->origin.by[0]->prop->loc;
	}
}

/* --- the user value ------------------------------------------------------------ */

static void explain_user(struct explainer *ex, struct explanation *x)
{
	const struct symbol *sym = x->sym;
	struct xuser *u = &x->user;

	u->present = config_has_user(ex->cfg, sym);
	if (u->present) {
		u->value = is_tri_type(sym->type) ? tri_text(config_user_tri(ex->cfg, sym))
						  : config_user_str(ex->cfg, sym);
		u->loc = user_lines_find(ex->lines, sym);
		u->used = true;
	}
	u->ignored_text = user_lines_refused(ex->lines, sym, &u->ignored_loc);
	if (!u->present && u->ignored_text)
		u->reason = UNUSED_INVALID;
}

/* Why nobody can set the symbol now. */
static enum unused_reason hidden_reason(const struct explanation *x)
{
	bool deps_met = false;

	if (!x->nprompts)
		return UNUSED_NO_PROMPT;
	for (unsigned i = 0; i < x->nprompts; i++)
		if (!x->prompts[i].deps || x->prompts[i].deps->value != TRI_NO)
			deps_met = true;
	return deps_met ? UNUSED_PROMPT_HIDDEN : UNUSED_DEPS_UNMET;
}

static void user_not_used(struct explanation *x, enum unused_reason reason)
{
	if (!x->user.present)
		return;
	x->user.used = false;
	x->user.reason = reason;
}

static void user_partly_used(struct explanation *x, enum unused_reason reason)
{
	if (x->user.present && x->user.reason == UNUSED_NOTHING)
		x->user.reason = reason;
}

static void because_hidden(struct explainer *ex, struct explanation *x)
{
	for (unsigned i = 0; i < x->nprompts; i++) {
		const struct xprompt *p = &x->prompts[i];

		if (p->deps && p->deps->value == TRI_NO)
			add_because_expr(ex, x, p->deps->expr);
		else if (p->cond && p->cond->value == TRI_NO)
			add_because_expr(ex, x, p->cond->expr);
		else if (p->visible_if)
			add_because_expr(ex, x, p->visible_if->expr);
	}
}

/* --- bool and tristate ------------------------------------------------------------ */

static void origin_default(struct explainer *ex, struct explanation *x,
			   const struct xdefault *d)
{
	x->origin.kind = ORIGIN_DEFAULT;
	x->origin.prop = d->prop;
	x->origin.loc = d->prop->loc;
	add_because_expr(ex, x, d->prop->cond);
	add_because_expr(ex, x, d->prop->expr);
	if (d->prop->node)
		add_because_expr(ex, x, d->prop->node->dep);
}

/* When nothing gave a value: the conditions that were n. */
static void because_inactive(struct explainer *ex, struct explanation *x)
{
	for (unsigned i = 0; i < x->ndefaults; i++)
		if (x->defaults[i].status == DEFAULT_INACTIVE) {
			add_because_expr(ex, x, x->defaults[i].prop->cond);
			if (x->defaults[i].prop->node)
				add_because_expr(ex, x, x->defaults[i].prop->node->dep);
		}
}

static void explain_tristate(struct explainer *ex, struct explanation *x)
{
	struct xdefault *take = taken_default(x);
	bool user_path = x->visible != TRI_NO && x->user.present;
	tristate base = TRI_NO, from_default = TRI_NO, from_imply = TRI_NO;
	tristate final;
	struct xbound *b;

	if (user_path) {
		tristate wanted = config_user_tri(ex->cfg, x->sym);

		base = tri_and(wanted, x->visible);
		if (take)
			take->status = DEFAULT_UNUSED;
		if (x->visible == TRI_MOD) {
			b = add_bound(ex, x, BOUND_VISIBILITY);
			b->limit = "m";
			b->applied = wanted > x->visible;
			b->before = tri_text(wanted);
			if (b->applied) {
				user_partly_used(x, UNUSED_LIMITED);
				because_hidden(ex, x);
			}
		}
	} else {
		if (x->user.present) {
			user_not_used(x, hidden_reason(x));
			because_hidden(ex, x);
		}
		if (take)
			from_default = tri_and(take->value ? take->value->value : TRI_NO,
					       take->active);
		base = from_default;
		if (x->implied != TRI_NO) {
			tristate raw = tri_or(from_default, x->implied);

			base = tri_and(raw, x->dir_dep);
			from_imply = tri_and(x->implied, x->dir_dep);
			if (base < raw) {
				b = add_bound(ex, x, BOUND_DEPENDS);
				b->applied = true;
				b->limit = tri_text(x->dir_dep);
				b->before = tri_text(raw);
				b->cond = x->depends;
				if (x->sym->first_node)
					b->loc = x->sym->first_node->loc;
				add_because_expr(ex, x, x->sym->dir_dep);
			}
		}
	}
	final = tri_or(base, x->rev_dep);
	x->unmet_deps = x->dir_dep < x->rev_dep;
	if (x->rev_dep != TRI_NO) {
		b = add_bound(ex, x, BOUND_SELECT);
		b->limit = tri_text(x->rev_dep);
		b->applied = x->rev_dep > base;
		b->before = tri_text(base);
		if (x->nselects)
			b->loc = x->selects[0].prop->loc;
	}

	/* The first step, in the kernel's order, that reaches the value. */
	if (user_path && base >= final) {
		x->origin.kind = ORIGIN_USER;
		x->origin.loc = x->user.loc;
	} else if (!user_path && take && from_default >= final) {
		origin_default(ex, x, take);
	} else if (!user_path && x->implied != TRI_NO && from_imply >= final &&
		   final != TRI_NO) {
		x->origin.kind = ORIGIN_IMPLY;
		set_origin_by(ex, x, x->implies, x->nimplies, final);
	} else if (x->rev_dep != TRI_NO && x->rev_dep >= final) {
		x->origin.kind = ORIGIN_SELECT;
		set_origin_by(ex, x, x->selects, x->nselects, final);
		if (user_path)
			user_partly_used(x, UNUSED_SELECTED);
	} else if (take) {
		origin_default(ex, x, take);
	} else {
		x->origin.kind = ORIGIN_NONE;
		because_inactive(ex, x);
	}

	if (final == TRI_MOD && x->type == S_BOOLEAN) {
		final = TRI_YES;
		b = add_bound(ex, x, BOUND_MODULES);
		b->applied = true;
		b->limit = "y";
		b->before = "m";
		if (ex->kc->modules_sym && x->sym->type == S_TRISTATE) {
			if (ex->kc->modules_sym->first_node)
				b->loc = ex->kc->modules_sym->first_node->loc;
			add_because(ex, x, ex->kc->modules_sym);
		}
		if (x->origin.kind == ORIGIN_USER)
			user_partly_used(x, UNUSED_MODULES);
	}
	x->consistent = final == x->tri;
}

/* --- int, hex and string ----------------------------------------------------------- */

static int number_base(enum symbol_type type, int otherwise)
{
	return type == S_INT ? 10 : type == S_HEX ? 16 : otherwise;
}

/* A range bound as the evaluator reads it. */
static const char *bound_text(struct explainer *ex, const struct symbol *bound)
{
	if (!(bound->flags & SYMBOL_CONST) && is_tri_type(bound->type))
		return "n";	/* the kernel keeps "n" as the text of a bool */
	return config_str(ex->cfg, bound);
}

static const char *clamp(struct explainer *ex, struct explanation *x,
			 const char *value)
{
	const struct property *range = config_active_range(ex->cfg, x->sym);
	int base = number_base(x->sym->type, 10);
	const char *lo, *hi, *result = value;
	long long v;
	struct xbound *b;

	if ((x->sym->type != S_INT && x->sym->type != S_HEX) || !range ||
	    !range->range_min || !range->range_max)
		return value;
	lo = bound_text(ex, range->range_min);
	hi = bound_text(ex, range->range_max);
	v = strtoll(value, NULL, base);
	if (v < strtoll(lo, NULL, number_base(range->range_min->type, base)))
		result = lo;
	else if (v > strtoll(hi, NULL, number_base(range->range_max->type, base)))
		result = hi;
	b = add_bound(ex, x, BOUND_RANGE);
	b->prop = range;
	b->loc = range->loc;
	b->limit = arena_printf(&ex->arena, "%s..%s", lo, hi);
	b->applied = result != value;
	b->before = value;
	b->cond = maybe_expr(ex, range->cond, true);
	if (b->applied) {
		add_because(ex, x, range->range_min);
		add_because(ex, x, range->range_max);
	}
	return result;
}

static void explain_text_value(struct explainer *ex, struct explanation *x)
{
	struct xdefault *take = taken_default(x);
	const char *value;

	if (x->visible != TRI_NO && x->user.present) {
		value = config_user_str(ex->cfg, x->sym);
		x->origin.kind = ORIGIN_USER;
		x->origin.loc = x->user.loc;
		if (take)
			take->status = DEFAULT_UNUSED;
	} else {
		if (x->user.present) {
			user_not_used(x, hidden_reason(x));
			because_hidden(ex, x);
		}
		value = x->sym->type == S_INT ? "0" : x->sym->type == S_HEX ? "0x0" : "";
		if (take && take->prop->expr && take->prop->expr->op == E_SYMBOL) {
			const struct symbol *from = take->prop->expr->sym;

			value = bound_text(ex, from);
			origin_default(ex, x, take);
			if (!explain_is_literal(from))
				x->origin.value_from = from;
		} else {
			x->origin.kind = ORIGIN_NONE;
			because_inactive(ex, x);
		}
	}
	value = clamp(ex, x, value);
	if (x->nbounds && x->bounds[x->nbounds - 1].applied &&
	    x->origin.kind == ORIGIN_USER)
		user_partly_used(x, UNUSED_RANGE);
	x->consistent = strcmp(value, x->value) == 0;
}

/* --- choices ----------------------------------------------------------------------- */

/* The member the choice falls back to: its first visible entry. */
static const struct symbol *first_visible_entry(struct explainer *ex,
						const struct menu_node *parent)
{
	const struct menu_node *node;

	for (node = parent->children; node; node = node->next) {
		const struct symbol *found;

		if (node->sym && config_visibility(ex->cfg, node->sym) != TRI_NO)
			return node->sym;
		found = first_visible_entry(ex, node);
		if (found)
			return found;
	}
	return NULL;
}

struct xchoice *explain_choice(struct explainer *ex, const struct menu_node *node)
{
	struct xchoice *c = arena_new(&ex->arena, struct xchoice);
	struct config *cfg = ex->cfg;
	const struct symbol *sel, *fallback = NULL;
	const struct property *via = NULL;

	c->node = node;
	c->prompt = node->prompt && node->prompt->text ? node->prompt->text : NULL;
	c->decided_at = node->loc;
	if (!node->sym)
		return c;
	sel = c->selection = config_choice_selection(cfg, node);
	explain_defaults_of(ex, node->sym, &c->defaults, &c->ndefaults);
	/* The default the choice falls back to: active, naming a visible member. */
	for (unsigned i = 0; i < c->ndefaults; i++) {
		struct xdefault *d = &c->defaults[i];

		d->status = d->active == TRI_NO ? DEFAULT_INACTIVE : DEFAULT_SHADOWED;
		if (!via && d->active != TRI_NO && d->prop->expr &&
		    d->prop->expr->op == E_SYMBOL &&
		    config_visibility(cfg, d->prop->expr->sym) != TRI_NO) {
			via = d->prop;
			fallback = d->prop->expr->sym;
			d->status = DEFAULT_UNUSED;
		}
	}
	if (!fallback)
		fallback = first_visible_entry(ex, node);

	if (!sel) {
		c->rule = CHOICE_RULE_NONE;
	} else if (config_has_user(cfg, sel) && config_user_tri(cfg, sel) == TRI_YES) {
		c->rule = CHOICE_RULE_USER;
		c->decided_at = user_lines_find(ex->lines, sel);
	} else if (sel == fallback &&
		   !(config_has_user(cfg, sel) && config_user_tri(cfg, sel) == TRI_NO)) {
		c->rule = via ? CHOICE_RULE_DEFAULT : CHOICE_RULE_FIRST_VISIBLE;
		if (via) {
			c->default_prop = via;
			c->decided_at = via->loc;
			for (unsigned i = 0; i < c->ndefaults; i++)
				if (c->defaults[i].prop == via)
					c->defaults[i].status = DEFAULT_TAKEN;
		}
	} else if (!config_has_user(cfg, sel)) {
		c->rule = CHOICE_RULE_FIRST_UNSET;
	} else {
		c->rule = CHOICE_RULE_LAST_RESORT;
	}
	return c;
}

static void explain_member(struct explainer *ex, struct explanation *x)
{
	struct xchoice *c = explain_choice(ex, x->sym->choice);
	bool said_yes = x->user.present &&
			config_user_tri(ex->cfg, x->sym) == TRI_YES;
	tristate final;

	x->choice = c;
	if (x->visible == TRI_NO) {
		final = TRI_NO;
		x->origin.kind = ORIGIN_NONE;
		user_not_used(x, hidden_reason(x));
		because_hidden(ex, x);
	} else if (c->selection == x->sym) {
		final = TRI_YES;
		switch (c->rule) {
		case CHOICE_RULE_USER:
			x->origin.kind = ORIGIN_USER;
			x->origin.loc = x->user.loc;
			break;
		case CHOICE_RULE_DEFAULT:
			x->origin.kind = ORIGIN_DEFAULT;
			x->origin.prop = c->default_prop;
			x->origin.loc = c->default_prop->loc;
			add_because_expr(ex, x, c->default_prop->cond);
			break;
		default:
			x->origin.kind = ORIGIN_CHOICE;
			x->origin.loc = c->decided_at;
			/* Picked for being visible: what makes it visible. */
			for (unsigned i = 0; i < x->nprompts; i++) {
				add_because_expr(ex, x, x->prompts[i].prop->cond);
				if (x->prompts[i].prop->node)
					add_because_expr(ex, x, x->prompts[i].prop->node->dep);
			}
			break;
		}
		if (x->user.present && !said_yes)
			user_not_used(x, UNUSED_CHOICE_ALL_NO);
	} else {
		final = TRI_NO;
		x->origin.kind = ORIGIN_CHOICE;
		x->origin.loc = c->decided_at;
		add_because(ex, x, c->selection);
		if (said_yes)
			user_not_used(x, UNUSED_CHOICE_OTHER);
	}
	x->consistent = final == x->tri;
}

/* --- the whole explanation ---------------------------------------------------------- */

struct explanation *explain_symbol(struct explainer *ex, const struct symbol *sym)
{
	struct config *cfg = ex->cfg;
	struct explanation *x = arena_new(&ex->arena, struct explanation);

	x->sym = sym;
	x->defined = sym->flags & SYMBOL_DEFINED;
	x->type = config_type(cfg, sym);
	x->value = config_str(cfg, sym);
	x->tri = config_tri(cfg, sym);
	x->origin.kind = ORIGIN_NONE;
	x->consistent = true;
	if ((sym->flags & SYMBOL_CONST) || sym->type == S_UNKNOWN) {
		/* An undefined name acts as n in conditions (its text is its name). */
		if (!explain_is_literal(sym))
			x->value = tri_text(x->tri);
		return x;
	}

	x->written = config_written(cfg, sym);
	x->changeable = config_changeable(cfg, sym);
	x->visible = config_visibility(cfg, sym);
	explain_prompts(ex, x);
	explain_dep_sources(ex, x);
	explain_user(ex, x);

	if (sym->flags & SYMBOL_CHOICE) {
		x->choice = explain_choice(ex, sym->first_node);
		x->origin.kind = ORIGIN_CHOICE;
		x->origin.loc = x->choice->decided_at;
		return x;
	}
	if (is_choice_member(sym)) {
		explain_member(ex, x);
		return x;
	}
	x->dir_dep = config_dir_dep(cfg, sym);
	x->rev_dep = config_rev_dep(cfg, sym);
	x->implied = config_implied(cfg, sym);
	x->depends = maybe_expr(ex, sym->dir_dep, false);
	explain_defaults_of(ex, sym, &x->defaults, &x->ndefaults);
	explain_reverse_props(ex, x, ex->sel_start, ex->sel_props,
			      &x->selects, &x->nselects);
	explain_reverse_props(ex, x, ex->imp_start, ex->imp_props,
			      &x->implies, &x->nimplies);

	if (is_tri_type(sym->type))
		explain_tristate(ex, x);
	else
		explain_text_value(ex, x);
	return x;
}
