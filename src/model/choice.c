// SPDX-License-Identifier: GPL-2.0
/*
 * Choices (Linux 6.11+ semantics): exactly one visible member is y.
 *
 * Which one: the visible member the user set to y (when several, the
 * one given a value last, in the priority order the .config lines
 * built); else the choice's first active default, unless the user set
 * that one to n; else the first visible member the user said nothing
 * about; else the visible member with the lowest priority.
 *
 * Legacy choices (the dialect's legacy_choices, Linux before 6.11): the
 * choice is a bool or tristate symbol of its own, computed in
 * symbol_value.c like any other (its user value, at least m where it is
 * visible unless `optional`); its members depend on it.  Only when it is
 * y does it pick a member: the one the .config set to y last, if
 * visible; else its first active default naming a visible member; else
 * its first visible member.  A user's n for the default member does not
 * count.  When it is m, each tristate member is m or n by itself; when
 * it is n, no member is written.
 */
#include <stdlib.h>

#include "config_internal.h"

const struct choice_info *config_choice_of(const struct config *cfg,
					   const struct symbol *choice_sym)
{
	int at = cfg->model->choice_index[choice_sym->index];

	return at < 0 ? NULL : &cfg->model->choices[at];
}

const struct symbol *const *config_choice_entries(const struct config *cfg,
						  const struct symbol *choice_sym,
						  unsigned *count)
{
	const struct choice_info *info = config_choice_of(cfg, choice_sym);

	*count = info ? info->nentries : 0;
	return info ? info->entries : NULL;
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
 * The first active default naming a visible symbol; with members_only,
 * one of this choice's members (a default naming a symbol that is not in
 * the choice is passed over, as conf does: it warns).
 */
static const struct property *active_default(struct config *cfg,
					     const struct choice_info *info,
					     bool members_only)
{
	const struct property *prop;

	for (prop = info->node->sym->props; prop; prop = prop->next) {
		const struct symbol *target;

		if (prop->type != P_DEFAULT || !prop->expr ||
		    prop->expr->op != E_SYMBOL ||
		    config_expr(cfg, prop->visible) == TRI_NO)
			continue;
		target = prop->expr->sym;
		if ((!members_only || target->choice == info->node) &&
		    config_member_visibility(cfg, target) != TRI_NO)
			return prop;
	}
	return NULL;
}

/*
 * The member the choice takes when no member was set to y: the first
 * active default naming a visible member (*via gets that default), else
 * the first visible entry (*via NULL).
 */
static const struct symbol *default_member(struct config *cfg,
					   const struct choice_info *info,
					   const struct property **via)
{
	*via = active_default(cfg, info, true);
	if (*via)
		return (*via)->expr->sym;
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

/* The default member by the legacy rules: visibilities as stored. */
static const struct symbol *legacy_default(struct config *cfg,
					   const struct choice_info *info,
					   const struct property **via)
{
	*via = active_default(cfg, info, false);
	if (*via)
		return (*via)->expr->sym;
	for (unsigned i = 0; i < info->nmembers; i++)
		if (symval(cfg, info->members[i])->visible != TRI_NO)
			return info->members[i];
	return NULL;
}

void config_calc_legacy_choice(struct config *cfg,
			       const struct symbol *choice_sym, struct symval *v)
{
	const struct choice_info *info = config_choice_of(cfg, choice_sym);
	const struct symbol *sel = NULL;
	const struct property *via = NULL;
	bool all_said = true;

	v->flags |= V_CHOICE_VALID;
	v->selected = 0;
	v->choice_via = NULL;
	v->choice_rule = v->tri == TRI_MOD ? CHOICE_RULE_MOD : CHOICE_RULE_CHOICE_OFF;
	if (!info || v->tri != TRI_YES)
		return;
	/*
	 * A visible member the user said nothing about makes the choice
	 * new again: its own user value is dropped, as conf does.
	 */
	for (unsigned i = 0; i < info->nmembers; i++) {
		const struct symbol *m = info->members[i];

		if (config_calc_prompt_visibility(cfg, m) != TRI_NO &&
		    !(symval(cfg, m)->flags & V_USER))
			all_said = false;
	}
	if (!all_said)
		v->flags &= ~V_USER;
	if (v->user_member) {
		sel = cfg->kc->symbols[v->user_member - 1];
		if (symval(cfg, sel)->visible == TRI_NO)
			sel = NULL;
	}
	if (sel) {
		v->choice_rule = CHOICE_RULE_USER;
	} else {
		sel = legacy_default(cfg, info, &via);
		v->choice_rule = via ? CHOICE_RULE_DEFAULT : CHOICE_RULE_FIRST_VISIBLE;
		v->choice_via = via;
	}
	if (!sel) {
		v->choice_rule = CHOICE_RULE_NONE;
		v->tri = TRI_NO;
		return;
	}
	v->selected = sel->index + 1;
}

void config_choices_read_begin(struct config *cfg)
{
	if (!legacy_choices(cfg))
		return;
	for (unsigned i = 0; i < cfg->model->nchoices; i++) {
		struct symval *v = symval(cfg, cfg->model->choices[i].node->sym);

		v->flags |= V_USER;
		v->user_tri = TRI_NO;
		v->user_member = 0;
	}
}

const char *config_choice_member_read(struct config *cfg,
				      const struct symbol *member)
{
	const struct symval *mv = symval(cfg, member);
	struct symval *cv;
	const char *warning = NULL;

	if (!symbol_is_choice_member(member))
		return NULL;
	config_choice_prefer(cfg, member);
	if (!legacy_choices(cfg) || !(mv->flags & V_USER))
		return NULL;
	cv = symval(cfg, member->choice->sym);
	if (mv->user_tri == TRI_MOD && cv->user_tri == TRI_YES) {
		warning = "creates inconsistent choice state";
		cv->flags &= ~V_USER;
	} else if (mv->user_tri == TRI_YES) {
		if (cv->user_tri != TRI_NO)
			warning = "changes choice state";
		cv->user_member = member->index + 1;
	}
	cv->user_tri = tri_or(cv->user_tri, mv->user_tri);
	config_invalidate(cfg, member->choice->sym);
	return warning;
}

void config_legacy_choice_answer(struct config *cfg, const struct symbol *member)
{
	const struct choice_info *info;
	struct symval *cv;

	if (!legacy_choices(cfg) || !symbol_is_choice_member(member))
		return;
	info = config_choice_of(cfg, member->choice->sym);
	/*
	 * Every visible member counts as answered, its own value kept.  The
	 * visibilities first: computing them computes the choice, which
	 * forgets its answer while a member is unanswered.
	 */
	for (unsigned i = 0; info && i < info->nmembers; i++)
		config_visibility(cfg, info->members[i]);
	for (unsigned i = 0; info && i < info->nmembers; i++) {
		struct symval *mv = symval(cfg, info->members[i]);

		if (mv->visible != TRI_NO)
			mv->flags |= V_USER;
	}
	cv = symval(cfg, member->choice->sym);
	cv->flags |= V_USER;
	cv->user_member = member->index + 1;
	for (unsigned i = 0; info && i < info->nmembers; i++)
		config_invalidate(cfg, info->members[i]);
	config_invalidate(cfg, member->choice->sym);
}

void config_calc_choice(struct config *cfg, const struct symbol *choice_sym)
{
	struct symval *v = symval(cfg, choice_sym);
	const struct choice_info *info = config_choice_of(cfg, choice_sym);
	const struct symbol *sel;

	if (legacy_choices(cfg)) {
		config_calc(cfg, choice_sym);
		return;
	}
	if (v->flags & V_CHOICE_VALID)
		return;
	v->flags |= V_CHOICE_VALID;
	cfg->maybe_valid = true;
	v->selected = 0;
	v->choice_rule = CHOICE_RULE_NONE;
	v->choice_via = NULL;
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
	if (legacy_choices(cfg))
		sym = legacy_default(cfg, info, &via);
	else
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
		return legacy_choices(cfg) && choice->sym ?
		       symval(cfg, choice->sym)->choice_rule : CHOICE_RULE_NONE;
	v = symval(cfg, choice->sym);
	if (v->choice_rule == CHOICE_RULE_DEFAULT)
		*via = v->choice_via;
	return v->choice_rule;
}
