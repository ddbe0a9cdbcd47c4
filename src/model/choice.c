// SPDX-License-Identifier: GPL-2.0
/*
 * Choices (Linux 6.12 semantics): exactly one visible member is y.
 *
 * Which one: the visible member the user set to y (when several, the
 * one given a value last, in the priority order the .config lines
 * built); else the choice's first active default, unless the user set
 * that one to n; else the first visible member the user said nothing
 * about; else the visible member with the lowest priority.
 */
#include <stdlib.h>

#include "config_internal.h"

const struct choice_info *config_choice_of(const struct config *cfg,
					   const struct symbol *choice_sym)
{
	int at = cfg->model->choice_index[choice_sym->index];

	return at < 0 ? NULL : &cfg->model->choices[at];
}

/* Does member a come before member b in the priority order? */
static bool before(const struct config *cfg, const struct symbol *a,
		   const struct symbol *b)
{
	int pa = symval(cfg, a)->prio, pb = symval(cfg, b)->prio;

	if (pa != pb)
		return pa > pb;
	return cfg->model->member_pos[a->index] <
	       cfg->model->member_pos[b->index];
}

static bool said(const struct config *cfg, const struct symbol *sym,
		 tristate value)
{
	const struct symval *v = symval(cfg, sym);

	return (v->flags & V_USER) && v->user_tri == value;
}

/*
 * The member the choice takes when no member was set to y: the first
 * active default naming a visible member (*via gets that default), else
 * the first visible entry (*via NULL).  A default naming a symbol that
 * is not in the choice is passed over, as conf does (it warns).
 */
static const struct symbol *default_member(struct config *cfg,
					   const struct choice_info *info,
					   const struct property **via)
{
	const struct property *prop;

	*via = NULL;
	for (prop = info->node->sym->props; prop; prop = prop->next) {
		const struct symbol *target;

		if (prop->type != P_DEFAULT || !prop->expr ||
		    prop->expr->op != E_SYMBOL ||
		    config_expr(cfg, prop->visible) == TRI_NO)
			continue;
		target = prop->expr->sym;
		if (target->choice == info->node &&
		    config_member_visibility(cfg, target) != TRI_NO) {
			*via = prop;
			return target;
		}
	}
	for (unsigned i = 0; i < info->nentries; i++)
		if (config_member_visibility(cfg, info->entries[i]) != TRI_NO)
			return info->entries[i];
	return NULL;
}

/* The member that is y, and in v the rule that picked it. */
static const struct symbol *pick(struct config *cfg,
				 const struct choice_info *info, struct symval *v)
{
	const struct symbol *best = NULL;
	const struct property *via;

	for (unsigned i = 0; i < info->nmembers; i++) {
		const struct symbol *m = info->members[i];

		if (config_member_visibility(cfg, m) != TRI_NO &&
		    said(cfg, m, TRI_YES) && (!best || before(cfg, m, best)))
			best = m;
	}
	v->choice_rule = CHOICE_RULE_USER;
	if (best)
		return best;

	best = default_member(cfg, info, &via);
	if (best && !said(cfg, best, TRI_NO)) {
		v->choice_rule = via ? CHOICE_RULE_DEFAULT : CHOICE_RULE_FIRST_VISIBLE;
		v->choice_via = via;
		return best;
	}
	v->choice_rule = CHOICE_RULE_FIRST_UNSET;

	for (unsigned i = 0; i < info->nentries; i++) {
		const struct symbol *sym = info->entries[i];

		if (config_member_visibility(cfg, sym) != TRI_NO &&
		    !(symval(cfg, sym)->flags & V_USER))
			return sym;
	}

	/* Everything visible was set to n: the least preferred one. */
	v->choice_rule = CHOICE_RULE_LAST_RESORT;
	best = NULL;
	for (unsigned i = 0; i < info->nmembers; i++) {
		const struct symbol *m = info->members[i];

		if (config_member_visibility(cfg, m) != TRI_NO &&
		    (!best || before(cfg, best, m)))
			best = m;
	}
	if (!best)
		v->choice_rule = CHOICE_RULE_NONE;
	return best;
}

void config_calc_choice(struct config *cfg, const struct symbol *choice_sym)
{
	struct symval *v = symval(cfg, choice_sym);
	const struct choice_info *info = config_choice_of(cfg, choice_sym);
	const struct symbol *sel;

	if (v->flags & V_CHOICE_VALID)
		return;
	v->flags |= V_CHOICE_VALID;
	v->selected = 0;
	v->choice_rule = CHOICE_RULE_NONE;
	if (!info)
		return;
	sel = pick(cfg, info, v);
	v->selected = sel ? sel->index + 1 : 0;
}

struct symbol *config_choice_selection(struct config *cfg,
				       const struct menu_node *choice)
{
	struct symval *v;

	if (!choice->sym)
		return NULL;
	config_settle(cfg);
	config_calc_choice(cfg, choice->sym);
	v = symval(cfg, choice->sym);
	if (!v->selected)
		return NULL;
	return cfg->kc->symbols[v->selected - 1];
}

struct symbol *config_choice_default(struct config *cfg,
				     const struct menu_node *choice)
{
	const struct choice_info *info;
	const struct property *via;
	const struct symbol *sym;

	if (!choice->sym)
		return NULL;
	info = config_choice_of(cfg, choice->sym);
	if (!info)
		return NULL;
	config_settle(cfg);
	sym = default_member(cfg, info, &via);
	return sym ? cfg->kc->symbols[sym->index] : NULL;
}

enum choice_rule config_choice_rule(struct config *cfg,
				    const struct menu_node *choice,
				    const struct property **via)
{
	const struct symval *v;

	*via = NULL;
	if (!config_choice_selection(cfg, choice))
		return CHOICE_RULE_NONE;
	v = symval(cfg, choice->sym);
	if (v->choice_rule == CHOICE_RULE_DEFAULT)
		*via = v->choice_via;
	return v->choice_rule;
}
