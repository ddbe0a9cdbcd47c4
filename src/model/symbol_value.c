// SPDX-License-Identifier: GPL-2.0
/*
 * Computing the value of a symbol, as the kernel's tools do.
 *
 * A bool or tristate symbol takes, in this order of precedence:
 *   - if its prompt is visible and the user gave a value: that value,
 *     limited by the visibility;
 *   - otherwise its first default whose condition holds, limited by that
 *     condition, raised by `imply` (but not above its dependencies);
 *   - and in both cases at least what `select` forces.
 * An int, hex or string symbol takes the user value when its prompt is
 * visible, else its first active default, then is clamped to its first
 * active range.  Choice members take their value from their choice
 * (choice.c).  m stands for y when modules are disabled (and for bool).
 *
 * Values are computed on demand and cached (V_VALID); invalidation
 * follows the reader index built in config.c.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config_internal.h"
#include "util.h"
#include "menu_shape.h"
#include "memo_index.h"

static enum symbol_type acting_type(const struct config *cfg,
				    const struct symbol *sym)
{
	if (sym->type == S_TRISTATE && cfg->modules_val == TRI_NO)
		return S_BOOLEAN;
	return sym->type;
}

/* --- expressions ----------------------------------------------------------- */

enum number_kind { NUM_TEXT, NUM_SIGNED, NUM_UNSIGNED };

union number {
	long long s;
	unsigned long long u;
};

/*
 * How a comparison reads one side: bool values as 0/1/2, int in decimal,
 * hex in hex, anything else (strings, literals) as a C number when the
 * whole text is one.  Texts that are not numbers compare as text.
 */
static enum number_kind read_number(const char *text, enum symbol_type type,
				    union number *num)
{
	enum number_kind kind = NUM_SIGNED;
	char *end;

	if (type == S_BOOLEAN || type == S_TRISTATE) {
		num->s = strcmp(text, "n") == 0 ? 0 :
			 strcmp(text, "m") == 0 ? 1 :
			 strcmp(text, "y") == 0 ? 2 : -1;
		return NUM_SIGNED;
	}
	errno = 0;
	if (type == S_INT) {
		num->s = strtoll(text, &end, 10);
	} else if (type == S_HEX) {
		num->u = strtoull(text, &end, 16);
		kind = NUM_UNSIGNED;
	} else {
		num->s = strtoll(text, &end, 0);
	}
	if (errno || *end || end == text || !isxdigit((unsigned char)end[-1]))
		return NUM_TEXT;
	return kind;
}

int config_compare_text(const char *ta, enum symbol_type a,
			const char *tb, enum symbol_type b)
{
	enum number_kind ka = NUM_TEXT, kb = NUM_TEXT;
	union number na = { 0 }, nb = { 0 };

	if (a != S_STRING || b != S_STRING) {
		ka = read_number(ta, a, &na);
		kb = read_number(tb, b, &nb);
	}
	if (ka == NUM_TEXT || kb == NUM_TEXT)
		return strcmp(ta, tb);
	if (ka == NUM_UNSIGNED || kb == NUM_UNSIGNED)
		return (na.u > nb.u) - (na.u < nb.u);
	return (na.s > nb.s) - (na.s < nb.s);
}

static int compare_symbols(struct config *cfg, const struct symbol *a,
			   const struct symbol *b)
{
	return config_compare_text(config_str(cfg, a), a->type,
				   config_str(cfg, b), b->type);
}

static tristate eval_node(struct config *cfg, const struct expr *e);
static inline tristate eval(struct config *cfg, const struct expr *e);

/*
 * && and || nodes are remembered: an entry's dependency is a subtree of
 * the condition of each of its properties and of every entry inside it.
 * A chain of one operator (`a || b || c ...`: the rev_dep of a symbol
 * selected from thousands of places) is walked down its left spine in a
 * loop, not by recursion; operands are evaluated left to right, as the
 * kernel does.
 */
static tristate eval_binary(struct config *cfg, const struct expr *e)
{
	const struct expr *local[32], **spine = local;
	size_t n = 0, cap = ARRAY_SIZE(local);
	struct expr_memo *slot;
	tristate value;

	for (;;) {
		slot = config_memo_slot(cfg, e);
		if (slot->expr == e && slot->epoch == cfg->epoch) {
			value = slot->value;
			break;
		}
		if (n == cap) {
			cap *= 2;
			if (spine == local) {
				spine = xmalloc(cap * sizeof(*spine));
				memcpy(spine, local, sizeof(local));
			} else {
				spine = xrealloc(spine, cap * sizeof(*spine));
			}
		}
		spine[n++] = e;
		if (e->left->op != e->op) {
			value = eval(cfg, e->left);
			break;
		}
		e = e->left;
	}
	while (n > 0) {
		e = spine[--n];
		if (e->op == E_AND)
			value = tri_and(value, eval(cfg, e->right));
		else
			value = tri_or(value, eval(cfg, e->right));
		/* The recursion may have reused the slot: take it back. */
		slot = config_memo_slot(cfg, e);
		slot->expr = e;
		slot->epoch = cfg->epoch;
		slot->value = value;
		if (!e->memo_indexed && cfg->memo_keep)
			config_memo_note_unindexed(cfg, e);
	}
	if (spine != local)
		free(spine);
	return value;
}

/* eval() of everything but a symbol already computed. */
static tristate eval_node(struct config *cfg, const struct expr *e)
{
	int order;

	switch (e->op) {
	case E_SYMBOL:
		config_calc(cfg, e->sym);
		return operand_symval(cfg, e)->tri;
	case E_NOT:
		return tri_not(eval(cfg, e->left));
	case E_AND:
	case E_OR:
		return eval_binary(cfg, e);
	default:
		break;
	}
	order = compare_symbols(cfg, e->lsym, e->rsym);
	return expr_compare_holds(e->op, order) ? TRI_YES : TRI_NO;
}

/*
 * Most operands are symbols whose value is known: that case is inline,
 * without a call (and without the registers the rest would save).
 */
static inline tristate eval(struct config *cfg, const struct expr *e)
{
	if (!e)
		return TRI_YES;
	if (e->op == E_SYMBOL) {
		const struct symval *v = operand_symval(cfg, e);

		if (v->flags & V_VALID)
			return v->tri;
	} else if (e->op == E_AND || e->op == E_OR) {
		/* A remembered && or || (eval_binary()): no call either. */
		const struct expr_memo *slot = config_memo_slot(cfg, e);

		if (slot->expr == e && slot->epoch == cfg->epoch)
			return slot->value;
	}
	return eval_node(cfg, e);
}

/* --- the parts of a value ----------------------------------------------------- */

static bool is_prompt(const struct property *prop)
{
	return (prop->type == P_PROMPT || prop->type == P_MENU) && prop->text;
}

/*
 * The best of the symbol's prompt conditions; m is y unless tristate.
 * Legacy choices: a tristate member whose prompt is m is hidden while
 * its choice is y (one member must then be y, not m).
 */
static tristate prompt_visibility(struct config *cfg, const struct symbol *sym)
{
	const struct property *prop;
	tristate vis = TRI_NO;
	const struct symbol *choice = NULL;

	if (symbol_is_choice_member(sym) && sym->type == S_TRISTATE &&
	    legacy_choices(cfg))
		choice = sym->choice->sym;
	for (prop = sym->props; prop; prop = prop->next) {
		tristate t;

		if (!is_prompt(prop))
			continue;
		t = eval(cfg, prop->visible);
		if (choice && t == TRI_MOD && symval(cfg, choice)->tri == TRI_YES)
			t = TRI_NO;
		vis = tri_or(vis, t);
	}
	if (vis == TRI_MOD &&
	    (sym->type != S_TRISTATE || cfg->modules_val == TRI_NO))
		vis = TRI_YES;
	return vis;
}

tristate config_calc_prompt_visibility(struct config *cfg,
				       const struct symbol *sym)
{
	return symval(cfg, sym)->visible = prompt_visibility(cfg, sym);
}

/* The kernel stores this one even for symbols not yet computed. */
tristate config_member_visibility(struct config *cfg, const struct symbol *sym)
{
	struct symval *v = symval(cfg, sym);

	if (!(v->flags & V_VALID))
		v->visible = prompt_visibility(cfg, sym);
	return v->visible;
}

static tristate dependency_value(struct config *cfg, const struct symbol *sym,
				 const struct expr *e, tristate none)
{
	tristate t = e ? eval(cfg, e) : none;

	if (t == TRI_MOD && acting_type(cfg, sym) == S_BOOLEAN)
		t = TRI_YES;
	return t;
}

static void calc_visibility(struct config *cfg, const struct symbol *sym,
			    struct symval *v)
{
	v->visible = prompt_visibility(cfg, sym);
	/* A choice member's dependencies are in its prompt. */
	if (symbol_is_choice_member(sym))
		return;
	v->dir_dep = dependency_value(cfg, sym, sym->dir_dep, TRI_YES);
	v->rev_dep = dependency_value(cfg, sym, sym->rev_dep, TRI_NO);
	v->implied = dependency_value(cfg, sym, sym->implied, TRI_NO);
	if (v->dir_dep == TRI_NO && cfg->kc->dialect->implied_needs_deps)
		v->implied = TRI_NO;
}

static const struct property *first_active(struct config *cfg,
					   const struct symbol *sym,
					   enum prop_type type)
{
	const struct property *prop;

	for (prop = sym->props; prop; prop = prop->next)
		if (prop->type == type && eval(cfg, prop->visible) != TRI_NO)
			return prop;
	return NULL;
}

static void report_unmet(struct config *cfg, const struct symbol *sym)
{
	if (cfg->on_unmet)
		cfg->on_unmet(cfg->unmet_ctx, cfg, sym);
}

/*
 * Every step that alone reaches final: select and the user's or the
 * default's value are not exclusive (turn one off and the other holds).
 */
static unsigned bool_causes(const struct symval *v, tristate final)
{
	unsigned causes = 0;
	bool user_path = v->flags & V_USER_PATH;

	if (final == TRI_NO)
		return user_path ? CAUSE_USER : v->default_prop ? CAUSE_DEFAULT : 0;
	if (v->rev_dep >= final)
		causes |= CAUSE_SELECT;
	if (user_path && v->base >= final)
		causes |= CAUSE_USER;
	if (!user_path && v->default_prop && v->from_default >= final)
		causes |= CAUSE_DEFAULT;
	if (!user_path && tri_and(v->implied, v->dir_dep) >= final)
		causes |= CAUSE_IMPLY;
	return causes;
}

static tristate bool_value(struct config *cfg, const struct symbol *sym,
			   struct symval *v)
{
	const struct property *prop;
	tristate t = TRI_NO, final;

	/*
	 * A member takes its choice's pick; with legacy choices only when
	 * its prompt is y, else (a choice in m mode, or hidden) it is
	 * computed as any other symbol, from its user value or default.
	 */
	if (symbol_is_choice_member(sym) &&
	    (!legacy_choices(cfg) || v->visible == TRI_YES)) {
		const struct symbol *choice = sym->choice->sym;

		config_calc_choice(cfg, choice);
		v->causes = CAUSE_CHOICE;
		return v->visible != TRI_NO &&
		       symval(cfg, choice)->selected == sym->index + 1
			? TRI_YES : TRI_NO;
	}
	if ((sym->flags & SYMBOL_TRANSITIONAL) && (v->flags & V_USER)) {
		/* never visible, yet its .config value is used as it is */
		v->flags |= V_USER_PATH;
		t = v->user_tri;
	} else if (v->visible != TRI_NO && (v->flags & V_USER)) {
		v->flags |= V_USER_PATH;
		t = tri_and(v->user_tri, v->visible);
	} else {
		if (v->rev_dep != TRI_NO)
			v->flags |= V_WRITE;
		if (!(sym->flags & SYMBOL_CHOICE)) {
			prop = first_active(cfg, sym, P_DEFAULT);
			if (prop) {
				t = tri_and(eval(cfg, prop->expr),
					    eval(cfg, prop->visible));
				v->default_prop = prop;
				v->from_default = t;
				if (t != TRI_NO ||
				    cfg->kc->dialect->default_n_written)
					v->flags |= V_WRITE;
			}
			if (v->implied != TRI_NO) {
				v->flags |= V_WRITE;
				t = tri_and(tri_or(t, v->implied), v->dir_dep);
			}
		}
	}
	if (v->dir_dep < v->rev_dep)
		report_unmet(cfg, sym);
	v->base = t;
	final = tri_or(t, v->rev_dep);
	v->causes = bool_causes(v, final);
	return final;
}

static bool outside_range(struct config *cfg, const struct symbol *sym,
			  const char *text);

static const char *text_value(struct config *cfg, const struct symbol *sym,
			      struct symval *v)
{
	const struct property *prop;
	const struct symbol *from;

	/* (A user value set as a tristate has no text: it is ignored.) */
	if ((v->visible != TRI_NO || (sym->flags & SYMBOL_TRANSITIONAL)) &&
	    (v->flags & V_USER) && v->user_str &&
	    !(cfg->kc->dialect->out_of_range_user_ignored &&
	      outside_range(cfg, sym, v->user_str))) {
		v->flags |= V_USER_PATH;
		v->causes = CAUSE_USER;
		return v->user_str;
	}
	prop = first_active(cfg, sym, P_DEFAULT);
	if (!prop || !prop->expr || prop->expr->op != E_SYMBOL)
		return v->str;
	from = prop->expr->sym;
	v->flags |= V_WRITE;
	v->default_prop = prop;
	v->causes = CAUSE_DEFAULT;
	config_calc(cfg, from);
	return config_raw_str(cfg, from);
}

static int number_base(enum symbol_type type, int otherwise)
{
	return type == S_INT ? 10 : type == S_HEX ? 16 : otherwise;
}

static long long bound_value(struct config *cfg, const struct symbol *bound,
			     int base)
{
	config_calc(cfg, bound);
	return strtoll(config_raw_str(cfg, bound), NULL,
		       number_base(bound->type, base));
}

/*
 * Is text outside the symbol's first active range?  (Kconfiglib then
 * ignores a user value and falls back on the defaults.)
 */
static bool outside_range(struct config *cfg, const struct symbol *sym,
			  const char *text)
{
	const struct property *prop;
	int base;
	long long value;

	if (sym->type != S_INT && sym->type != S_HEX)
		return false;
	base = number_base(sym->type, 10);
	prop = first_active(cfg, sym, P_RANGE);
	if (!prop || !prop->range_min || !prop->range_max)
		return false;
	value = strtoll(text, NULL, base);
	return value < bound_value(cfg, prop->range_min, base) ||
	       value > bound_value(cfg, prop->range_max, base);
}

/* Outside its first active range, a number takes the nearer bound. */
static void clamp_to_range(struct config *cfg, const struct symbol *sym,
			   struct symval *v)
{
	const struct property *prop;
	int base;
	long long value;

	if (sym->type != S_INT && sym->type != S_HEX)
		return;
	base = number_base(sym->type, 10);
	prop = first_active(cfg, sym, P_RANGE);
	if (!prop || !prop->range_min || !prop->range_max)
		return;
	v->range_prop = prop;
	v->unclamped = v->str;
	value = strtoll(v->str, NULL, base);
	if (value < bound_value(cfg, prop->range_min, base))
		v->str = config_raw_str(cfg, prop->range_min);
	else if (value > bound_value(cfg, prop->range_max, base))
		v->str = config_raw_str(cfg, prop->range_max);
	if (v->str != v->unclamped)
		v->causes |= CAUSE_RANGE;
}

/* The value of a symbol that gets none (the dialect's empty_numbers). */
static const char *empty_value(const struct config *cfg, enum symbol_type type)
{
	return config_empty_str(cfg, type);
}

const char *config_empty_str(const struct config *cfg, enum symbol_type type)
{
	bool empty_numbers = cfg->kc->dialect->empty_numbers;

	switch (type) {
	case S_INT: return empty_numbers ? "" : "0";
	case S_HEX: return empty_numbers ? "" : "0x0";
	case S_STRING: return "";
	default: return "n";
	}
}

/*
 * Values needed by the one being computed are computed first, by
 * recursion, as in the kernel.  A chain of dependencies thousands long
 * would overflow the C stack: when the recursion gets deep
 * (CALC_WARM_DEPTH), what the symbol being computed reads is computed
 * first, from the far end, each value needing only values already known,
 * so that the recursion stays shallow.  Two passes do it:
 *
 *  - every value that comes before the symbols being computed in the
 *    tree's calc_order (the loop check's order, parser/finish.c), in that
 *    order: dependencies, selects, implies, prompts and defaults, and the
 *    choices' rules;
 *  - then a walk (with a stack of its own) over what the symbol reads,
 *    range bounds included, which that order does not cover (the
 *    kernel's loop check does not follow them either), each computed
 *    after what it reads.
 *
 * In a tree without loops a value does not depend on the order in which
 * values are computed, only on the values it reads, so the result is the
 * kernel's.  What is still too deep is refused (config_too_deep()).
 */
static void warm_up_in_order(struct config *cfg)
{
	const struct kconfig *kc = cfg->kc;

	for (size_t i = 0; i < kc->ncalc_order; i++) {
		const struct symbol *sym = kc->calc_order[i];
		unsigned char flags = symval(cfg, sym)->flags;

		if (flags & V_BUSY)
			break;
		if (!(flags & V_VALID))
			config_calc(cfg, sym);
	}
}

/* The walk over what a symbol reads, depth first, post-order. */
struct read_walk {
	struct config *cfg;
	unsigned char *seen;		/* by symbol index */
	struct read_step {
		const struct symbol *sym;
		bool reads_pushed;	/* its reads are done when it comes up */
	} *stack;
	size_t depth, cap;
};

static void walk_push(struct read_walk *w, const struct symbol *sym,
		      bool reads_pushed)
{
	if (w->depth == w->cap) {
		w->cap = w->cap ? w->cap * 2 : 256;
		w->stack = xrealloc(w->stack, w->cap * sizeof(*w->stack));
	}
	w->stack[w->depth].sym = sym;
	w->stack[w->depth++].reads_pushed = reads_pushed;
}

/* A symbol still to compute: not known, not being computed (a loop). */
static void push_read(void *ctx, const struct symbol *sym)
{
	struct read_walk *w = ctx;

	if (!sym || (sym->flags & SYMBOL_CONST) || w->seen[sym->index] ||
	    (symval(w->cfg, sym)->flags & (V_VALID | V_BUSY)))
		return;
	walk_push(w, sym, false);
}

static void push_members(struct read_walk *w, const struct menu_node *parent)
{
	const struct menu_node *node;

	for (node = parent->children; node; node = node->next) {
		if (node->sym)
			push_read(w, node->sym);
		push_members(w, node);
	}
}

/*
 * Everything computing sym may read: its dependencies, who selects and
 * implies it, its prompts' and defaults' conditions, its defaults'
 * values, its range bounds, its choice or its members.  More than it
 * reads only costs time: these are computed, not changed.
 */
static void push_reads(struct read_walk *w, const struct symbol *sym)
{
	const struct property *prop;

	expr_for_each_symbol(sym->dir_dep, push_read, w);
	expr_for_each_symbol(sym->rev_dep, push_read, w);
	expr_for_each_symbol(sym->implied, push_read, w);
	for (prop = sym->props; prop; prop = prop->next) {
		if (prop->type == P_SELECT || prop->type == P_IMPLY)
			continue;	/* read by the target, as its rev_dep */
		expr_for_each_symbol(prop->visible, push_read, w);
		if (prop->type == P_DEFAULT)
			expr_for_each_symbol(prop->expr, push_read, w);
		if (prop->type == P_RANGE) {
			push_read(w, prop->range_min);
			push_read(w, prop->range_max);
		}
	}
	if (sym->choice && sym->choice->sym)
		push_read(w, sym->choice->sym);
	if ((sym->flags & SYMBOL_CHOICE) && sym->first_node)
		push_members(w, sym->first_node);
}

static void warm_up_reads(struct config *cfg, const struct symbol *start)
{
	struct read_walk w = { .cfg = cfg };

	w.seen = xcalloc(cfg->kc->nsymbols + 1, 1);
	walk_push(&w, start, false);
	while (w.depth) {
		struct read_step step = w.stack[--w.depth];

		if (step.reads_pushed) {
			if (step.sym != start)
				config_calc(cfg, step.sym);
			continue;
		}
		if (w.seen[step.sym->index])
			continue;
		w.seen[step.sym->index] = 1;
		walk_push(&w, step.sym, true);
		push_reads(&w, step.sym);
	}
	free(w.stack);
	free(w.seen);
}

static void warm_up(struct config *cfg, const struct symbol *sym)
{
	unsigned base = cfg->warm_base;

	/* The values computed here may go CALC_WARM_DEPTH deeper again. */
	cfg->warm_base = cfg->calc_depth;
	/* Once from the top: it walks the whole order. */
	if (!cfg->warming && base == 0) {
		cfg->warming = true;
		warm_up_in_order(cfg);
		cfg->warming = false;
	}
	if (!(symval(cfg, sym)->flags & V_VALID))
		warm_up_reads(cfg, sym);
	cfg->warm_base = base;
}

static void calc_symbol(struct config *cfg, const struct symbol *sym,
			struct symval *v);

void config_calc(struct config *cfg, const struct symbol *sym)
{
	struct symval *v = symval(cfg, sym);

	if (v->flags & V_VALID)
		return;
	if (cfg->calc_depth >= cfg->warm_base + CALC_WARM_DEPTH) {
		warm_up(cfg, sym);
		if (v->flags & V_VALID)
			return;
	}
	v->flags |= V_VALID;
	cfg->maybe_valid = true;
	if (sym->flags & SYMBOL_CONST) {
		v->tri = sym == cfg->kc->sym_yes ? TRI_YES :
			 sym == cfg->kc->sym_mod ? TRI_MOD : TRI_NO;
		return;
	}
	if (sym->type == S_UNKNOWN) {
		v->tri = TRI_NO;
		return;
	}
	if (cfg->calc_depth >= CALC_DEPTH_MAX) {
		/* What a recursive evaluation sees, and an error to report. */
		v->tri = TRI_NO;
		v->str = empty_value(cfg, sym->type);
		if (!cfg->too_deep)
			cfg->too_deep = sym;
		return;
	}
	cfg->calc_depth++;
	v->flags |= V_BUSY;
	calc_symbol(cfg, sym, v);
	v->flags &= ~V_BUSY;
	cfg->calc_depth--;
}

const struct symbol *config_too_deep(const struct config *cfg)
{
	return cfg->too_deep;
}

/*
 * Linux 7.0's conf counts a symbol whose value came from `default OLD`,
 * OLD a transitional symbol the .config sets, as set by the user: it is
 * not asked as NEW.  The value itself is the default's either way.
 */
static void note_set_by_transitional(struct config *cfg, struct symval *v)
{
	const struct property *prop = v->default_prop;
	const struct symbol *from;

	v->flags &= ~V_SET_BY_TRANSITIONAL;
	if (!cfg->kc->dialect->transitional_default_sets || !prop ||
	    (v->flags & V_USER) || !prop->expr || prop->expr->op != E_SYMBOL)
		return;
	from = prop->expr->sym;
	if ((from->flags & SYMBOL_TRANSITIONAL) &&
	    (symval(cfg, from)->flags & V_USER))
		v->flags |= V_SET_BY_TRANSITIONAL;
}

static void calc_symbol(struct config *cfg, const struct symbol *sym,
			struct symval *v)
{
	cfg->calc_count++;
	v->flags &= ~(V_WRITE | V_USER_PATH);
	v->causes = 0;
	v->base = v->from_default = TRI_NO;
	v->default_prop = v->range_prop = NULL;
	v->unclamped = NULL;
	calc_visibility(cfg, sym, v);
	if (v->visible != TRI_NO)
		v->flags |= V_WRITE;
	/* What a recursive evaluation sees, as in the kernel. */
	v->tri = TRI_NO;
	if ((sym->flags & SYMBOL_CHOICE) && legacy_choices(cfg)) {
		v->selected = 0;
		v->flags |= V_CHOICE_VALID;
	}
	v->str = empty_value(cfg, sym->type);

	switch (acting_type(cfg, sym)) {
	case S_BOOLEAN:
	case S_TRISTATE:
		v->tri = bool_value(cfg, sym, v);
		if (v->tri == TRI_MOD && acting_type(cfg, sym) == S_BOOLEAN)
			v->tri = TRI_YES;
		if (v->tri == TRI_MOD && v->implied == TRI_YES &&
		    cfg->kc->dialect->imply_y_lifts_m &&
		    !symbol_is_choice_member(sym)) {
			v->tri = TRI_YES;
			v->causes = CAUSE_IMPLY;
		}
		break;
	case S_INT:
	case S_HEX:
	case S_STRING:
		v->str = text_value(cfg, sym, v);
		break;
	default:
		break;
	}
	note_set_by_transitional(cfg, v);
	clamp_to_range(cfg, sym, v);
	if ((sym->flags & SYMBOL_CHOICE) && legacy_choices(cfg))
		config_calc_legacy_choice(cfg, sym, v);
	if (sym->flags & SYMBOL_CHOICE)
		v->flags &= ~V_WRITE;
	/* Before 4.18, `option env` symbols stay out of every output file. */
	if ((sym->flags & SYMBOL_ENV) && cfg->kc->dialect->env_symbols_unwritten)
		v->flags &= ~V_WRITE;
}

const char *config_raw_str(struct config *cfg, const struct symbol *sym)
{
	struct symval *v = symval(cfg, sym);

	if ((sym->flags & SYMBOL_CONST) || sym->type == S_UNKNOWN)
		return sym->name ? sym->name : "";
	switch (sym->type) {
	case S_INT:
	case S_HEX:
	case S_STRING:
		return v->str ? v->str : empty_value(cfg, sym->type);
	default:
		/* The kernel keeps "n" as the text of every bool. */
		return "n";
	}
}

/* --- invalidation ---------------------------------------------------------- */

void config_invalidate_all(struct config *cfg)
{
	config_new_epoch(cfg);
	cfg->stale_modules = false;
	if (!cfg->maybe_valid)
		return;
	for (size_t i = 0; i < cfg->kc->nsymbols; i++)
		cfg->vals[i].flags &= ~(V_VALID | V_CHOICE_VALID);
	cfg->maybe_valid = false;
}

/*
 * A value that is not computed has no computed readers (computing a
 * reader computes what it reads), so the walk stops at such values.
 */
void config_invalidate(struct config *cfg, const struct symbol *sym)
{
	struct config_model *model = cfg->model;
	size_t top = 0;

	/* A file read onto a base: config_bases_apply() follows the readers. */
	if (cfg->base_read ||
	    !(symval(cfg, sym)->flags & (V_VALID | V_CHOICE_VALID)))
		return;
	if (sym == cfg->kc->modules_sym) {
		/* Every tristate reads whether modules are enabled. */
		config_invalidate_all(cfg);
		return;
	}
	if (!model->reader_start)
		config_model_build_readers(model);
	config_new_epoch(cfg);
	/*
	 * A value is marked invalid when it is pushed, so that each symbol
	 * is pushed at most once and the stack (nsymbols long) cannot
	 * overflow however many paths lead to it.
	 */
	symval(cfg, sym)->flags &= ~(V_VALID | V_CHOICE_VALID);
	cfg->work[top++] = sym->index;
	while (top) {
		unsigned i = cfg->work[--top];

		if (cfg->kc->modules_sym && i == cfg->kc->modules_sym->index) {
			config_invalidate_all(cfg);
			return;
		}
		for (unsigned r = model->reader_start[i];
		     r < model->reader_start[i + 1]; r++) {
			unsigned reader = model->readers[r];
			struct symval *v = &cfg->vals[reader];

			if (v->flags & (V_VALID | V_CHOICE_VALID)) {
				v->flags &= ~(V_VALID | V_CHOICE_VALID);
				cfg->work[top++] = reader;
			}
		}
	}
}

void config_settle(struct config *cfg)
{
	const struct symbol *modules = cfg->kc->modules_sym;
	unsigned long before;
	tristate old;

	if (!modules) {
		cfg->modules_val = TRI_NO;
		return;
	}
	if (symval(cfg, modules)->flags & V_VALID)
		return;
	/* Computed with the previous modules_val, as in the kernel. */
	before = cfg->calc_count;
	old = cfg->modules_val;
	config_calc(cfg, modules);
	cfg->modules_val = symval(cfg, modules)->tri;
	/* Values computed on the way used the old modules_val. */
	if (cfg->calc_count - before > 1 && cfg->modules_val != old)
		cfg->stale_modules = true;
}

bool config_all_computed(struct config *cfg)
{
	const struct symbol *modules = cfg->kc->modules_sym;
	size_t count;
	const struct symbol **order;

	if (cfg->all_computed)
		return true;
	order = config_table_order(cfg, &count);
	if (modules && !(symval(cfg, modules)->flags & V_VALID))
		return false;
	for (size_t i = 0; i < count; i++)
		if (!(symval(cfg, order[i])->flags & V_VALID))
			return false;
	return true;
}

bool config_recompute_is_noop(const struct config *cfg)
{
	return !cfg->stale_modules;
}

/* --- queries -------------------------------------------------------------- */

static inline struct symval *settled(struct config *cfg,
				     const struct symbol *sym)
{
	const struct symbol *modules = cfg->kc->modules_sym;
	struct symval *v = symval(cfg, sym);

	/* Most queries find both computed: no call then. */
	if ((v->flags & V_VALID) && modules &&
	    (symval(cfg, modules)->flags & V_VALID))
		return v;
	config_settle(cfg);
	config_calc(cfg, sym);
	return v;
}

tristate config_tri(struct config *cfg, const struct symbol *sym)
{
	return settled(cfg, sym)->tri;
}

const char *config_str(struct config *cfg, const struct symbol *sym)
{
	struct symval *v = settled(cfg, sym);

	if (type_is_bool_or_tristate(sym->type))
		return v->tri == TRI_YES ? "y" : v->tri == TRI_MOD ? "m" : "n";
	return config_raw_str(cfg, sym);
}

enum symbol_type config_type(struct config *cfg, const struct symbol *sym)
{
	config_settle(cfg);
	return acting_type(cfg, sym);
}

tristate config_visibility(struct config *cfg, const struct symbol *sym)
{
	return settled(cfg, sym)->visible;
}

tristate config_dir_dep(struct config *cfg, const struct symbol *sym)
{
	return settled(cfg, sym)->dir_dep;
}

tristate config_rev_dep(struct config *cfg, const struct symbol *sym)
{
	return settled(cfg, sym)->rev_dep;
}

tristate config_implied(struct config *cfg, const struct symbol *sym)
{
	return settled(cfg, sym)->implied;
}

void config_origin(struct config *cfg, const struct symbol *sym,
		   struct value_origin *out)
{
	const struct symval *v = settled(cfg, sym);

	out->causes = v->causes;
	out->user_path = v->flags & V_USER_PATH;
	out->base = v->base;
	out->from_default = v->from_default;
	out->default_prop = v->default_prop;
	out->range_prop = v->range_prop;
	out->unclamped = v->unclamped;
}

bool config_has_value(struct config *cfg, const struct symbol *sym)
{
	return config_has_user(cfg, sym) ||
	       (settled(cfg, sym)->flags & V_SET_BY_TRANSITIONAL);
}

bool config_set_by_transitional(struct config *cfg, const struct symbol *sym)
{
	return settled(cfg, sym)->flags & V_SET_BY_TRANSITIONAL;
}

bool config_written(struct config *cfg, const struct symbol *sym)
{
	return settled(cfg, sym)->flags & V_WRITE;
}

/*
 * One pass over the listed values instead of a call each: the .config
 * writer asks this for every symbol line of the tree (18,000 a file in
 * survey).  Only when every listed value and modules' is computed, so
 * that asking them one by one would compute nothing either.
 */
bool config_written_list(struct config *cfg, const unsigned *index, size_t n,
			 unsigned char *written)
{
	const struct symbol *modules = cfg->kc->modules_sym;
	/* Held here: a store to written[] could alias cfg->vals otherwise. */
	const struct symval *vals = cfg->vals;
	unsigned char all = V_VALID;

	if (!modules || !(symval(cfg, modules)->flags & V_VALID))
		return false;
	for (size_t i = 0; i < n; i++) {
		unsigned char flags = vals[index[i]].flags;

		all &= flags;
		written[i] = (flags & V_WRITE) ? (unsigned char)(1 + vals[index[i]].tri) : 0;
	}
	return all & V_VALID;
}

bool config_changeable(struct config *cfg, const struct symbol *sym)
{
	struct symval *v = settled(cfg, sym);

	return !(sym->flags & SYMBOL_CHOICE) && v->visible > v->rev_dep;
}

/*
 * Callers may pass expressions of their own, freed and reallocated at
 * the same addresses: those are evaluated without the remembered values
 * (which are for the tree's long-lived expressions).
 */
static tristate eval_uncached(struct config *cfg, const struct expr *e)
{
	if (!e)
		return TRI_YES;
	switch (e->op) {
	case E_NOT:
		return tri_not(eval_uncached(cfg, e->left));
	case E_AND:
		return tri_and(eval_uncached(cfg, e->left),
			       eval_uncached(cfg, e->right));
	case E_OR:
		return tri_or(eval_uncached(cfg, e->left),
			      eval_uncached(cfg, e->right));
	default:
		return eval(cfg, e);	/* a symbol or a comparison */
	}
}

tristate config_expr(struct config *cfg, const struct expr *e)
{
	config_settle(cfg);
	return eval_uncached(cfg, e);
}

const struct property *config_active_default(struct config *cfg,
					     const struct symbol *sym)
{
	config_settle(cfg);
	return first_active(cfg, sym, P_DEFAULT);
}

const struct property *config_active_range(struct config *cfg,
					   const struct symbol *sym)
{
	config_settle(cfg);
	return first_active(cfg, sym, P_RANGE);
}

const char *config_default_str(struct config *cfg, const struct symbol *sym)
{
	struct symval *v = settled(cfg, sym);
	const struct property *prop;
	const char *text = "";
	tristate t = TRI_NO;

	prop = first_active(cfg, sym, P_DEFAULT);
	if (prop && type_is_bool_or_tristate(sym->type)) {
		t = tri_and(eval(cfg, prop->expr), eval(cfg, prop->visible));
	} else if (prop && prop->expr && prop->expr->op == E_SYMBOL) {
		config_calc(cfg, prop->expr->sym);
		text = config_raw_str(cfg, prop->expr->sym);
	}
	t = tri_or(t, v->rev_dep);
	if (t == TRI_MOD && !symbol_is_choice_member(sym) &&
	    (!cfg->kc->modules_sym ||
	     symval(cfg, cfg->kc->modules_sym)->tri == TRI_NO))
		t = TRI_YES;
	if (sym->type == S_BOOLEAN && t == TRI_MOD)
		t = TRI_YES;
	if (t < v->implied)
		t = v->implied;
	switch (sym->type) {
	case S_BOOLEAN:
	case S_TRISTATE:
		return t == TRI_YES ? "y" : t == TRI_MOD ? "m" : "n";
	case S_INT:
	case S_HEX:
		return *text ? text : empty_value(cfg, sym->type);
	default:
		return text;
	}
}

static bool node_prompt_visible(struct config *cfg, const struct menu_node *node)
{
	const struct symbol *sym = node->kind != MENU_ROOT ? node->sym : NULL;
	tristate vis;

	if (sym)
		config_calc(cfg, sym);
	vis = eval(cfg, node->prompt->visible);
	/*
	 * Before 6.11 a tristate member whose prompt is only m is hidden
	 * while its choice is y (as the member's own visibility is).
	 */
	if (vis == TRI_MOD && sym && legacy_choices(cfg) &&
	    symbol_is_choice_member(sym) && sym->type == S_TRISTATE) {
		config_calc(cfg, sym->choice->sym);
		if (symval(cfg, sym->choice->sym)->tri == TRI_YES)
			return false;
	}
	return vis != TRI_NO;
}

bool config_node_visible(struct config *cfg, const struct menu_node *node)
{
	const struct kernel_menu *km;
	const struct menu_node *child;

	if (!node->prompt)
		return false;
	config_settle(cfg);
	if (node->visible_if && eval(cfg, node->visible_if) == TRI_NO)
		return false;
	if (node_prompt_visible(cfg, node))
		return true;
	if (!node->sym || node->kind == MENU_ROOT ||
	    symval(cfg, node->sym)->tri == TRI_NO)
		return false;
	km = config_kernel_menu(cfg);
	for (child = kernel_menu_child(km, node); child;
	     child = kernel_menu_next(km, child))
		if (config_node_visible(cfg, child))
			return true;
	return false;
}
