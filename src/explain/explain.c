// SPDX-License-Identifier: GPL-2.0
/*
 * Why a symbol has its value (see explain.h).
 *
 * The evaluator (src/model/symbol_value.c, the kernel's sym_calc_value)
 * records what decided each value while it computes it: which causes
 * each suffice, the default it took, the value before select and before
 * the range (config_origin()).  Nothing here decides a value again: this
 * file annotates that record with the lines it came from, the value of
 * every part of every condition, and the symbols to follow.
 */
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "util.h"
#include "menu_shape.h"

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
		[DEFAULT_NO_PICK] = "no-pick",
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

const char *choice_rule_text(enum choice_rule rule)
{
	switch (rule) {
	case CHOICE_RULE_NONE: return "no member is visible";
	case CHOICE_RULE_USER: return "it was set to y";
	case CHOICE_RULE_DEFAULT: return "the choice's default names it";
	case CHOICE_RULE_FIRST_VISIBLE: return "no default applies: the first visible entry is taken";
	case CHOICE_RULE_FIRST_UNSET: return "the default was set to n: the first member without a value is taken";
	case CHOICE_RULE_LAST_RESORT: return "every visible member was set to n: the last preferred one is taken";
	case CHOICE_RULE_MOD: return "the choice is m (a tristate choice in m mode): no member is picked, each tristate member is m or n by itself";
	case CHOICE_RULE_CHOICE_OFF: return "the choice itself is n, so none of its members is set";
	}
	return "";
}

const char *choice_rule_name(enum choice_rule rule)
{
	static const char *const names[] = {
		[CHOICE_RULE_NONE] = "none", [CHOICE_RULE_USER] = "user",
		[CHOICE_RULE_DEFAULT] = "default",
		[CHOICE_RULE_FIRST_VISIBLE] = "first-visible",
		[CHOICE_RULE_FIRST_UNSET] = "first-unset",
		[CHOICE_RULE_LAST_RESORT] = "last-resort",
		[CHOICE_RULE_MOD] = "choice-is-m",
		[CHOICE_RULE_CHOICE_OFF] = "choice-is-n",
	};
	return names[rule];
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
	arena_init(&ex->memo_arena);
	return ex;
}

/*
 * Who selects and implies each symbol, indexed on the first explanation
 * that lists them: the browser's first screen (and a .config loaded
 * again, which makes a new explainer) does not wait for it.
 */
static void index_targets(struct explainer *ex)
{
	if (ex->sel_start)
		return;
	index_reverse(ex, P_SELECT, &ex->sel_start, &ex->sel_props);
	index_reverse(ex, P_IMPLY, &ex->imp_start, &ex->imp_props);
}

void explainer_track_edits(struct explainer *ex, explain_edited_fn *fn, void *ctx)
{
	ex->edited = fn;
	ex->edited_ctx = ctx;
}

/* The line that gave sym its user value: line 0 when set in this session. */
static struct location user_location(struct explainer *ex, const struct symbol *sym,
				     bool *this_session, const char **was)
{
	struct location loc = user_lines_find(ex->lines, sym);
	const char *before = NULL;

	*this_session = ex->edited && ex->edited(ex->edited_ctx, sym, &before);
	if (was)
		*was = before;
	return *this_session ? (struct location){ 0 } : loc;
}

void explainer_fix_values(struct explainer *ex)
{
	ex->values_fixed = true;
}

void explainer_reset(struct explainer *ex)
{
	/* Its pages kept: the next explanations are made in the same memory. */
	arena_reuse(&ex->arena);
	/* An explanation made next may have a released one's address. */
	ex->because_of = NULL;
}

void explainer_free(struct explainer *ex)
{
	if (!ex)
		return;
	arena_release(&ex->arena);
	reverse_index_free(ex->reverse);
	free(ex->because_mark);
	strbuf_release(&ex->scratch);
	strbuf_release(&ex->print_buf);
	free(ex->memo);
	free(ex->leaves);
	arena_release(&ex->memo_arena);
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

/* Does sym have a mark (a symbol of the tree when the marks were made)? */
static bool marked(const struct explainer *ex, const struct symbol *sym)
{
	return sym->index < ex->because_nmarks && ex->kc->symbols[sym->index] == sym;
}

/*
 * The marks of x's because[] (explanations may be built in turns: the
 * marks follow the one being added to, its list marked again).
 */
static const unsigned *because_marks(struct explainer *ex, const struct explanation *x)
{
	if (!ex->because_mark) {
		ex->because_nmarks = ex->kc->nsymbols;
		ex->because_mark = xcalloc(ex->because_nmarks + 1, sizeof(*ex->because_mark));
	}
	if (ex->because_of != x) {
		ex->because_of = x;
		ex->because_serial++;
		for (unsigned i = 0; i < x->nbecause; i++) {
			const struct symbol *sym = x->because[i];

			if (marked(ex, sym))
				ex->because_mark[sym->index] = ex->because_serial;
		}
	}
	return ex->because_mark;
}

/* The symbols that decided, without repeats; sym itself is left out. */
static void add_because(struct explainer *ex, struct explanation *x,
			const struct symbol *sym)
{
	const struct symbol **grown;
	const unsigned *marks;

	if (!sym || sym == x->sym || explain_is_literal(sym) || !sym->name)
		return;
	marks = because_marks(ex, x);
	if (marked(ex, sym)) {
		if (marks[sym->index] == ex->because_serial)
			return;
		ex->because_mark[sym->index] = ex->because_serial;
	} else {
		for (unsigned i = 0; i < x->nbecause; i++)
			if (x->because[i] == sym)
				return;
	}
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

/*
 * The default lines of sym, each evaluated; `taken` is the one the
 * evaluator (or the choice) took, NULL for none.
 */
static void explain_defaults_of(struct explainer *ex, const struct symbol *sym,
				const struct property *taken_prop,
				struct xdefault **out, unsigned *count)
{
	const struct property *prop;
	unsigned n = 0;

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
		if (type_is_bool_or_tristate(sym->type) || (sym->flags & SYMBOL_CHOICE))
			d->value_text = prop->expr && prop->expr->op == E_SYMBOL &&
					(sym->flags & SYMBOL_CHOICE)
				? prop->expr->sym->name
				: tri_text(d->value ? d->value->value : TRI_NO);
		else if (prop->expr && prop->expr->op == E_SYMBOL)
			d->value_text = config_str(ex->cfg, prop->expr->sym);
		else
			d->value_text = "";
		if (prop == taken_prop)
			d->status = DEFAULT_TAKEN;
		else
			d->status = d->active == TRI_NO ? DEFAULT_INACTIVE
							: DEFAULT_SHADOWED;
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

const struct menu_node *explain_menu_parent(struct explainer *ex,
					    const struct menu_node *node)
{
	return kernel_menu_parent(config_kernel_menu(ex->cfg), node);
}

unsigned explain_menu_path(struct explainer *ex, const struct menu_node *node,
			   const struct menu_node **path, unsigned max)
{
	const struct kernel_menu *km = config_kernel_menu(ex->cfg);
	unsigned n = 0;

	for (const struct menu_node *p = kernel_menu_parent(km, node);
	     p && p->kind != MENU_ROOT && n < max; p = kernel_menu_parent(km, p))
		if (p->prompt && p->prompt->text)
			path[n++] = p;
	for (unsigned i = 0; i < n / 2; i++) {
		const struct menu_node *t = path[i];

		path[i] = path[n - 1 - i];
		path[n - 1 - i] = t;
	}
	return n;
}

/* The symbol's own `select` (or `imply`) lines and what each gives now. */
static void explain_forward_props(struct explainer *ex, struct explanation *x,
				  enum prop_type type, struct xforward **out,
				  unsigned *count)
{
	const struct symbol *sym = x->sym;
	unsigned n = 0;

	*count = 0;
	*out = NULL;
	for (const struct property *p = sym->props; p; p = p->next)
		if (p->type == type && p->target && p->sym == sym)
			n++;
	if (!n)
		return;
	*out = ARENA_ARRAY(ex, struct xforward, n);
	for (const struct property *p = sym->props; p; p = p->next) {
		struct xforward *f;
		struct xexpr *deps;

		if (p->type != type || !p->target || p->sym != sym)
			continue;
		f = &(*out)[(*count)++];
		f->prop = p;
		f->to = p->target;
		f->to_value = config_str(ex->cfg, p->target);
		f->cond = maybe_expr(ex, p->cond, true);
		deps = p->node ? maybe_expr(ex, p->node->dep, false) : NULL;
		f->value = tri_and(config_tri(ex->cfg, sym),
				   prop_active(ex, p, f->cond, deps));
	}
}

/* The active selectors (or impliers) that force at least `level`. */
static void set_cause_by(struct explainer *ex, struct explanation *x,
			 struct xcause *cause, const struct xreverse *list,
			 unsigned n, tristate level)
{
	unsigned count = 0;

	cause->by = ARENA_ARRAY(ex, const struct xreverse *, n);
	for (unsigned i = 0; i < n; i++)
		if (list[i].value != TRI_NO && forced(x, list[i].value) >= level) {
			cause->by[count++] = &list[i];
			add_because(ex, x, list[i].from);
		}
	cause->nby = count;
	if (count) {
		cause->prop = cause->by[0]->prop;
		cause->loc = cause->by[0]->prop->loc;
	}
}

/* --- the user value ------------------------------------------------------------ */

static void explain_user(struct explainer *ex, struct explanation *x)
{
	const struct symbol *sym = x->sym;
	struct xuser *u = &x->user;

	u->present = config_has_user(ex->cfg, sym);
	if (u->present) {
		u->value = type_is_bool_or_tristate(sym->type) ? tri_text(config_user_tri(ex->cfg, sym))
						  : config_user_str(ex->cfg, sym);
		u->loc = user_location(ex, sym, &u->this_session, &u->was);
		if (u->this_session && u->was)
			u->was_loc = user_lines_find(ex->lines, sym);
		u->used = true;
	}
	if (!u->this_session)
		u->source = user_lines_source(ex->lines, sym);
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

/*
 * A line for a symbol nobody can set now that says what the symbol is
 * anyway: conf (and kbrowse) write such lines themselves, so it is no
 * choice of the user's and not worth a warning.
 */
static void mark_echoed(struct explanation *x)
{
	struct xuser *u = &x->user;

	u->echoed = u->present && !u->used &&
		    (u->reason == UNUSED_NO_PROMPT || u->reason == UNUSED_DEPS_UNMET ||
		     u->reason == UNUSED_PROMPT_HIDDEN) &&
		    strcmp(u->value, x->value) == 0;
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

/* --- the causes the evaluator recorded ------------------------------------------ */

static void cause_default(struct explainer *ex, struct explanation *x,
			  struct xcause *cause, const struct xdefault *d)
{
	cause->kind = ORIGIN_DEFAULT;
	cause->prop = d->prop;
	cause->loc = d->prop->loc;
	add_because_expr(ex, x, d->prop->cond);
	add_because_expr(ex, x, d->prop->expr);
	if (d->prop->node)
		add_because_expr(ex, x, d->prop->node->dep);
	if (d->prop->expr && d->prop->expr->op == E_SYMBOL &&
	    !type_is_bool_or_tristate(x->sym->type) && !explain_is_literal(d->prop->expr->sym))
		cause->value_from = d->prop->expr->sym;
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

/* Hardest first: what cannot be overridden before what can. */
static const unsigned cause_order[] = {
	CAUSE_SELECT, CAUSE_USER, CAUSE_DEFAULT, CAUSE_IMPLY,
};

static void fill_cause(struct explainer *ex, struct explanation *x,
		       struct xcause *cause, unsigned which, tristate final)
{
	struct xdefault *take = taken_default(x);

	switch (which) {
	case CAUSE_SELECT:
		cause->kind = ORIGIN_SELECT;
		set_cause_by(ex, x, cause, x->selects, x->nselects, final);
		break;
	case CAUSE_USER:
		cause->kind = ORIGIN_USER;
		cause->loc = x->user.loc;
		break;
	case CAUSE_DEFAULT:
		if (take)
			cause_default(ex, x, cause, take);
		break;
	case CAUSE_IMPLY:
		cause->kind = ORIGIN_IMPLY;
		set_cause_by(ex, x, cause, x->implies, x->nimplies, final);
		break;
	}
}

/* origin and also from the recorded causes (final: before m becomes y). */
static void explain_causes(struct explainer *ex, struct explanation *x,
			   unsigned causes, tristate final)
{
	unsigned n = 0;

	for (unsigned i = 0; i < ARRAY_SIZE(cause_order); i++)
		if (causes & cause_order[i])
			n++;
	x->origin.kind = ORIGIN_NONE;
	if (!n) {
		because_inactive(ex, x);
		return;
	}
	x->also = n > 1 ? ARENA_ARRAY(ex, struct xcause, n - 1) : NULL;
	for (unsigned i = 0, k = 0; i < ARRAY_SIZE(cause_order); i++) {
		if (!(causes & cause_order[i]))
			continue;
		fill_cause(ex, x, k ? &x->also[k - 1] : &x->origin, cause_order[i],
			   final);
		k++;
	}
	x->nalso = n - 1;
}

/* --- bool and tristate ------------------------------------------------------------ */

static void explain_tristate(struct explainer *ex, struct explanation *x,
			     const struct value_origin *o)
{
	tristate final = tri_or(o->base, x->rev_dep);
	struct xbound *b;

	if (o->user_path) {
		tristate wanted = config_user_tri(ex->cfg, x->sym);

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
		if (x->implied != TRI_NO && o->base < tri_or(o->from_default, x->implied)) {
			b = add_bound(ex, x, BOUND_DEPENDS);
			b->applied = true;
			b->limit = tri_text(x->dir_dep);
			b->before = tri_text(tri_or(o->from_default, x->implied));
			b->cond = x->depends;
			if (x->sym->first_node)
				b->loc = x->sym->first_node->loc;
			add_because_expr(ex, x, x->sym->dir_dep);
		}
	}
	x->unmet_deps = x->dir_dep < x->rev_dep;
	if (x->rev_dep != TRI_NO) {
		b = add_bound(ex, x, BOUND_SELECT);
		b->limit = tri_text(x->rev_dep);
		b->applied = x->rev_dep > o->base;
		b->also_enough = !b->applied && (o->causes & CAUSE_SELECT);
		b->before = tri_text(o->base);
		if (x->nselects)
			b->loc = x->selects[0].prop->loc;
	}
	explain_causes(ex, x, o->causes, final);
	if (o->user_path && !(o->causes & CAUSE_USER))
		user_partly_used(x, UNUSED_SELECTED);

	if (final == TRI_MOD && x->type == S_BOOLEAN) {
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
}

/* --- int, hex and string ----------------------------------------------------------- */

/* A range bound as the evaluator reads it. */
static const char *bound_text(struct explainer *ex, const struct symbol *bound)
{
	if (!(bound->flags & SYMBOL_CONST) && type_is_bool_or_tristate(bound->type))
		return "n";	/* the kernel keeps "n" as the text of a bool */
	return config_str(ex->cfg, bound);
}

/* The range the evaluator applied, and whether it moved the value. */
static void explain_range(struct explainer *ex, struct explanation *x,
			  const struct value_origin *o)
{
	const struct property *range = o->range_prop;
	struct xbound *b;

	if (!range)
		return;
	b = add_bound(ex, x, BOUND_RANGE);
	b->prop = range;
	b->loc = range->loc;
	b->limit = arena_printf(&ex->arena, "%s..%s", bound_text(ex, range->range_min),
				bound_text(ex, range->range_max));
	b->applied = (o->causes & CAUSE_RANGE) != 0;
	b->before = o->unclamped;
	b->cond = maybe_expr(ex, range->cond, true);
	if (b->applied) {
		add_because(ex, x, range->range_min);
		add_because(ex, x, range->range_max);
		if (x->origin.kind == ORIGIN_USER)
			user_partly_used(x, UNUSED_RANGE);
	}
}

static void explain_text_value(struct explainer *ex, struct explanation *x,
			       const struct value_origin *o)
{
	if (!o->user_path && x->user.present) {
		user_not_used(x, hidden_reason(x));
		because_hidden(ex, x);
	}
	explain_causes(ex, x, o->causes & (CAUSE_USER | CAUSE_DEFAULT), TRI_NO);
	explain_range(ex, x, o);
}

/* --- choices ----------------------------------------------------------------------- */

struct xchoice *explain_choice(struct explainer *ex, const struct menu_node *node)
{
	struct xchoice *c = arena_new(&ex->arena, struct xchoice);
	struct config *cfg = ex->cfg;
	const struct property *via;

	c->node = node;
	c->prompt = node->prompt && node->prompt->text ? node->prompt->text : NULL;
	c->decided_at = node->loc;
	if (!node->sym)
		return c;
	c->selection = config_choice_selection(cfg, node);
	c->rule = config_choice_rule(cfg, node, &via);
	explain_defaults_of(ex, node->sym, via, &c->defaults, &c->ndefaults);
	/*
	 * The default that would have picked, had nothing else: it lost to
	 * no member (m or n choice) or to the user's pick, not to an
	 * earlier default.
	 */
	if (c->rule == CHOICE_RULE_MOD || c->rule == CHOICE_RULE_CHOICE_OFF ||
	    c->rule == CHOICE_RULE_USER)
		for (unsigned i = 0; i < c->ndefaults; i++)
			if (c->defaults[i].status == DEFAULT_SHADOWED) {
				c->defaults[i].status = c->rule == CHOICE_RULE_USER
					? DEFAULT_UNUSED : DEFAULT_NO_PICK;
				break;
			}
	switch (c->rule) {
	case CHOICE_RULE_USER:
		c->decided_at = user_location(ex, c->selection, &c->this_session, NULL);
		break;
	case CHOICE_RULE_DEFAULT:
		c->default_prop = via;
		c->decided_at = via->loc;
		break;
	default:
		break;
	}
	return c;
}

static void explain_member(struct explainer *ex, struct explanation *x)
{
	struct xchoice *c = explain_choice(ex, x->sym->choice);
	bool said_yes = x->user.present &&
			config_user_tri(ex->cfg, x->sym) == TRI_YES;

	x->choice = c;
	if (x->visible == TRI_NO) {
		x->origin.kind = ORIGIN_NONE;
		user_not_used(x, hidden_reason(x));
		because_hidden(ex, x);
	} else if (c->selection == x->sym) {
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
		x->origin.kind = ORIGIN_CHOICE;
		x->origin.loc = c->decided_at;
		add_because(ex, x, c->selection);
		if (said_yes)
			user_not_used(x, UNUSED_CHOICE_OTHER);
	}
}

/* --- the whole explanation ---------------------------------------------------------- */

/* Without the user value, the first active default would apply. */
static void mark_unused_default(struct explanation *x)
{
	for (unsigned i = 0; i < x->ndefaults; i++)
		if (x->defaults[i].active != TRI_NO) {
			x->defaults[i].status = DEFAULT_UNUSED;
			return;
		}
}

/*
 * The rules mainline added after 6.12: whether the symbol is transitional,
 * its conditional dependencies, and a value taken over from a
 * transitional symbol (a renamed option).
 */
static void explain_mainline_rules(struct explainer *ex, struct explanation *x)
{
	const struct symbol *sym = x->sym, *old;
	const struct property *prop = x->origin.prop;
	const struct menu_node *node;
	const struct cond_depends *cd;
	unsigned n = 0;

	if (sym->flags & SYMBOL_TRANSITIONAL)
		for (node = sym->first_node; node; node = node->next_def)
			if (node->transitional_loc.file)
				x->transitional_loc = node->transitional_loc;
	for (node = sym->first_node; node; node = node->next_def)
		for (cd = node->cond_depends; cd; cd = cd->next)
			n++;
	if (n) {
		x->cond_deps = ARENA_ARRAY(ex, struct xconddep, n);
		for (node = sym->first_node; node; node = node->next_def)
			for (cd = node->cond_depends; cd; cd = cd->next) {
				struct xconddep *d = &x->cond_deps[x->ncond_deps++];

				d->line = cd;
				d->dep = explain_expr(ex, cd->dep, false);
				d->cond = explain_expr(ex, cd->cond, true);
			}
	}
	if (x->origin.kind != ORIGIN_DEFAULT || !prop || !prop->expr ||
	    prop->expr->op != E_SYMBOL)
		return;
	old = prop->expr->sym;
	if (!(old->flags & SYMBOL_TRANSITIONAL) || !config_has_user(ex->cfg, old))
		return;
	x->via_transitional.sym = old;
	x->via_transitional.value = config_str(ex->cfg, old);
	x->via_transitional.loc = user_lines_find(ex->lines, old);
	x->via_transitional.counts_as_set = config_set_by_transitional(ex->cfg, sym);
}

struct explanation *explain_symbol(struct explainer *ex, const struct symbol *sym)
{
	struct config *cfg = ex->cfg;
	struct explanation *x = arena_new(&ex->arena, struct explanation);
	struct value_origin o;

	x->sym = sym;
	x->defined = sym->flags & SYMBOL_DEFINED;
	x->type = config_type(cfg, sym);
	x->value = config_str(cfg, sym);
	x->tri = config_tri(cfg, sym);
	x->origin.kind = ORIGIN_NONE;
	if ((sym->flags & SYMBOL_CONST) || sym->type == S_UNKNOWN) {
		/* An undefined name acts as n in conditions (its text is its name). */
		if (!explain_is_literal(sym))
			x->value = tri_text(x->tri);
		return x;
	}

	x->written = config_written(cfg, sym);
	/* A writer that writes every entry's symbol (dialect.h) */
	if (!x->written && ex->kc->dialect->write_every_symbol &&
	    sym->first_node && !(sym->flags & SYMBOL_CHOICE))
		x->written = x->written_every = true;
	x->changeable = config_changeable(cfg, sym);
	x->visible = config_visibility(cfg, sym);
	explain_prompts(ex, x);
	explain_dep_sources(ex, x);
	explain_user(ex, x);
	explain_forward_props(ex, x, P_SELECT, &x->fwd_selects, &x->nfwd_selects);
	explain_forward_props(ex, x, P_IMPLY, &x->fwd_implies, &x->nfwd_implies);

	if (sym->flags & SYMBOL_CHOICE) {
		x->choice = explain_choice(ex, sym->first_node);
		x->origin.kind = ORIGIN_CHOICE;
		x->origin.loc = x->choice->decided_at;
		return x;
	}
	config_origin(cfg, sym, &o);
	if (symbol_is_choice_member(sym)) {
		/*
		 * Legacy choices: a member not decided by its choice (the
		 * choice is m, or hidden) has a value of its own, explained
		 * as any symbol's, with its choice said beside it.
		 */
		if (o.causes & CAUSE_CHOICE) {
			explain_member(ex, x);
			return x;
		}
		x->choice = explain_choice(ex, sym->choice);
	}
	x->dir_dep = config_dir_dep(cfg, sym);
	x->rev_dep = config_rev_dep(cfg, sym);
	x->implied = config_implied(cfg, sym);
	x->depends = maybe_expr(ex, sym->dir_dep, false);
	explain_defaults_of(ex, sym, o.default_prop, &x->defaults, &x->ndefaults);
	if (o.user_path)
		mark_unused_default(x);
	index_targets(ex);
	explain_reverse_props(ex, x, ex->sel_start, ex->sel_props,
			      &x->selects, &x->nselects);
	explain_reverse_props(ex, x, ex->imp_start, ex->imp_props,
			      &x->implies, &x->nimplies);

	if (type_is_bool_or_tristate(sym->type))
		explain_tristate(ex, x, &o);
	else
		explain_text_value(ex, x, &o);
	mark_echoed(x);
	explain_mainline_rules(ex, x);
	return x;
}
