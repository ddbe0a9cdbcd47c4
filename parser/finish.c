// SPDX-License-Identifier: GPL-2.0
/*
 * Finishing a parsed tree, before any value is computed:
 *
 *  - every entry's dependency (menu_node.dep) is its own `depends on`
 *    ANDed with everything that encloses it (menus, choices, ifs);
 *  - every property's condition (property.visible) is its `if` ANDed
 *    with the entry's dependency, and for prompts with the `visible if`
 *    of the enclosing menus;
 *  - per symbol: the direct dependency (dir_dep), the OR of whoever
 *    selects it (rev_dep) and implies it (implied);
 *  - choice members learn their choice;
 *  - the structural checks of the kernel's tools: warnings about types,
 *    defaults, selects and ranges, errors about choices and about
 *    dependency loops.
 *
 * The rules are those of the kernel's menu finalization, so that values
 * computed from these expressions are the kernel's.  One rewrite matters
 * for values: a bare `m` in a dependency means "m, if modules are
 * enabled", i.e. `m && MODULES`.  The kernel also simplifies the
 * expressions; the simplifications keep their value, so we keep the
 * expressions as written (they read better in explanations).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "finish.h"
#include "util.h"

struct finisher {
	struct kconfig *kc;
	struct symbol *modules;		/* modules_sym, or n when none */
	unsigned char *warned;		/* by symbol index: checks done */
	/*
	 * How many menus around the entries finish_children() is at have a
	 * `visible if`: none, for nearly every entry, spares the walk up.
	 */
	unsigned visible_ifs_above;
	/*
	 * Every choice entry in menu order, found by find_choices(): the
	 * loop check marks what is inside them without a walk of the whole
	 * tree, and the tree keeps the list (kconfig.choice_nodes).
	 */
	struct menu_node **choices;
	size_t nchoices, choices_cap;
	/*
	 * The index of the symbol of every entry, in menu order, each once
	 * (finish_children() lists them): the loop check starts a walk from
	 * each, and reads this dense array instead of the whole tree again.
	 */
	unsigned *walk_starts;
	size_t nwalk_starts, walk_starts_cap;
	/*
	 * Where the structural checks report.  Since Linux 6.11's rules the
	 * choices are found during finish_children()'s walk (early_choices)
	 * instead of a walk of their own before it, so a check may run
	 * before a later choice types one of its members or makes it a
	 * member: the checks report into a list of their own (checks),
	 * note each symbol whose unset type or choice they read
	 * (WARNED_READ_UNSET), and if a choice then sets one of those
	 * (checks_stale) they are made again once every choice is known.
	 * Otherwise their list is the one a walk after every choice makes.
	 */
	struct diag_list *diags;
	bool early_choices;
	bool checks_stale;
	struct diag_list checks;
};

/*
 * fin->warned[]: the symbol's checks are done; it is in walk_starts; a
 * check read its type while unknown, or its choice while none.
 */
enum { WARNED_CHECKED = 1, WARNED_LISTED = 2, WARNED_READ_UNSET = 4 };

/* A check reads sym's type: unknown, a choice found later may set it. */
static enum symbol_type seen_type(struct finisher *fin,
				  const struct symbol *sym)
{
	if (sym->type == S_UNKNOWN && fin->early_choices)
		fin->warned[sym->index] |= WARNED_READ_UNSET;
	return sym->type;
}

/* A check reads sym's choice: none yet, a choice found later may set it. */
static const struct menu_node *seen_choice(struct finisher *fin,
					   const struct symbol *sym)
{
	if (!sym->choice && fin->early_choices)
		fin->warned[sym->index] |= WARNED_READ_UNSET;
	return sym->choice;
}

/* A choice sets sym's type or choice: a check that read it is stale. */
static void setting_unset(struct finisher *fin, const struct symbol *sym)
{
	if (fin->warned[sym->index] & WARNED_READ_UNSET)
		fin->checks_stale = true;
}

/* --- building the conditions ------------------------------------------ */

static struct expr *rewrite_mod_in(struct finisher *fin, struct expr *e);

/*
 * `m` in a dependency evaluates to n when modules are disabled, so it
 * becomes `m && MODULES`.  Subtrees without `m` are shared, not copied
 * (and, as their nodes say so, not walked).  Inline: the test is all a
 * condition without `m` (nearly every one) costs.
 */
static inline struct expr *rewrite_mod(struct finisher *fin, struct expr *e)
{
	return e && e->mentions_mod ? rewrite_mod_in(fin, e) : e;
}

/* rewrite_mod() of an expression that holds `m`. */
static struct expr *rewrite_mod_in(struct finisher *fin, struct expr *e)
{
	struct arena *arena = &fin->kc->arena;
	struct expr *left, *right;

	switch (e->op) {
	case E_SYMBOL:
		if (e->sym != fin->kc->sym_mod)
			return e;
		return expr_and(arena, e, expr_symbol(arena, fin->modules));
	case E_NOT:
		left = rewrite_mod(fin, e->left);
		return left == e->left ? e : expr_not(arena, left);
	case E_AND:
	case E_OR:
		left = rewrite_mod(fin, e->left);
		right = rewrite_mod(fin, e->right);
		if (left == e->left && right == e->right)
			return e;
		return e->op == E_AND ? expr_and(arena, left, right)
				      : expr_or(arena, left, right);
	default:
		return e;
	}
}

/* Is the node a config, menuconfig or choice entry (one with a symbol)? */
static bool node_has_symbol(const struct menu_node *node)
{
	return node->sym && node->kind != MENU_ROOT;
}

/*
 * The prompt of a symbol is also hidden by the `visible if` of every
 * menu around it (not the prompt of a menu itself: its own `visible if`
 * is checked where the menu is shown).
 */
static struct expr *enclosing_visibility(struct finisher *fin,
					 const struct menu_node *node,
					 struct expr *cond)
{
	const struct menu_node *up;

	for (up = node->parent; up; up = up->parent)
		if (up->visible_if)
			cond = expr_and(&fin->kc->arena, cond, up->visible_if);
	return cond;
}

/*
 * The term an entry adds to the rev_dep or implied of what it selects or
 * implies: `sym && condition`.  Selects without their own `if` share
 * the entry's condition, so they share one term (built once, and walked
 * and evaluated once, being one node).
 */
struct reverse_term {
	struct expr *sym_expr;		/* the entry's symbol, built once */
	const struct expr *cond;	/* the last term's condition */
	struct expr *term;
};

static struct expr *reverse_term(struct finisher *fin,
				 struct reverse_term *last,
				 struct symbol *from, struct expr *cond)
{
	struct arena *arena = &fin->kc->arena;

	if (last->term && last->cond == cond)
		return last->term;
	if (!last->sym_expr)
		last->sym_expr = expr_symbol(arena, from);
	last->cond = cond;
	last->term = expr_and(arena, last->sym_expr, cond);
	return last->term;
}

/* The condition of each property written in this entry. */
static void finish_props(struct finisher *fin, struct menu_node *node)
{
	struct arena *arena = &fin->kc->arena;
	bool has_symbol = node_has_symbol(node);
	struct reverse_term last = { 0 };
	struct property *prop;

	prop = has_symbol ? node->props : node->prompt;
	for (; prop && prop->node == node; prop = has_symbol ? prop->next : NULL) {
		struct expr *cond = prop->cond, **slot;

		if (has_symbol && fin->visible_ifs_above &&
		    (prop->type == P_PROMPT || prop->type == P_MENU))
			cond = enclosing_visibility(fin, node, cond);
		prop->visible = expr_and(arena, node->dep,
					 rewrite_mod(fin, cond));
		if (!prop->target)
			continue;
		if (prop->type == P_SELECT)
			slot = &prop->target->rev_dep;
		else if (prop->type == P_IMPLY)
			slot = &prop->target->implied;
		else
			continue;
		*slot = expr_or(arena, *slot, reverse_term(fin, &last, node->sym,
							   prop->visible));
	}
}

static void check_entry(struct finisher *fin, struct menu_node *node);
static void find_choice(struct finisher *fin, struct menu_node *node);

/* The loop check's walk starts from sym, after those listed before it. */
static void list_walk_start(struct finisher *fin, const struct symbol *sym)
{
	if (fin->warned[sym->index] & WARNED_LISTED)
		return;
	fin->warned[sym->index] |= WARNED_LISTED;
	if (fin->nwalk_starts == fin->walk_starts_cap) {
		fin->walk_starts_cap = fin->walk_starts_cap
				       ? fin->walk_starts_cap * 2 : 1024;
		fin->walk_starts = xrealloc(fin->walk_starts,
					    fin->walk_starts_cap *
					    sizeof(*fin->walk_starts));
	}
	fin->walk_starts[fin->nwalk_starts++] = sym->index;
}

static void finish_children(struct finisher *fin, struct menu_node *parent);

/*
 * What follows an entry's own conditions, in menu order: it is listed
 * as a start of the loop check, its children are finished, and its
 * symbol gets the entry's dependency and, at its first entry ended
 * (children first: the order of the kernel's structural checks), the
 * checks of check_entry().  The checks read only what finding the
 * choices decides (members, their types: before this walk under the
 * older rules, during it since 6.11's, see struct finisher), nothing
 * finishing builds, and nothing else here reports: their warnings and
 * their order are those of a walk of their own after this one.
 */
static void end_entry(struct finisher *fin, struct menu_node *parent,
		      struct menu_node *node)
{
	bool has_symbol = node_has_symbol(node);

	if (has_symbol)
		list_walk_start(fin, node->sym);
	if (fin->early_choices && node->kind == MENU_CHOICE)
		find_choice(fin, node);
	/*
	 * Most entries have no children: no call for them, and no read of
	 * their `visible if` (only the entries below see it).
	 */
	if (node->children) {
		bool visible_if = node->visible_if != NULL;

		fin->visible_ifs_above += visible_if;
		finish_children(fin, node);
		fin->visible_ifs_above -= visible_if;
	}
	if (!has_symbol)
		return;
	/*
	 * A symbol depends on the entries that define it, except entries
	 * written directly in a choice: a choice member's dependencies are
	 * in its prompt.  A choice marks its members before its entries
	 * are finished, and a choice found later marks a symbol as its
	 * own member, never parent's: the test is that of a walk after
	 * every choice.  Only configdefault (its dialect's) sets
	 * defaults_only: no read of it otherwise.
	 */
	if (!node->children &&
	    !(parent->kind == MENU_CHOICE && node->sym->choice == parent) &&
	    !(fin->kc->dialect->configdefault && node->defaults_only))
		node->sym->dir_dep = expr_or(&fin->kc->arena,
					     node->sym->dir_dep, node->dep);
	check_entry(fin, node);
}

/*
 * Dependencies flow down the tree.  As in the kernel, all children of a
 * node get their conditions before any grandchild does (this only
 * decides the order of the terms ORed into rev_dep and dir_dep): the
 * first loop, then end_entry() of each child in menu order.  The
 * entries before the first one with children (most of a menu, often
 * all of it) are ended in the first loop, while they are still in the
 * cache: nothing comes between in menu order, so the order is the same.
 */
static void finish_children(struct finisher *fin, struct menu_node *parent)
{
	struct arena *arena = &fin->kc->arena;
	struct menu_node *node, *rest = NULL;

	/*
	 * Before Linux 6.11 the entries of a choice depend on the choice
	 * symbol itself (which holds the choice's own dependencies).
	 */
	struct expr *outer = parent->dep;
	bool legacy_choice = parent->kind == MENU_CHOICE && parent->sym &&
			     fin->kc->dialect->legacy_choices;

	if (legacy_choice)
		outer = expr_symbol(arena, parent->sym);
	for (node = parent->children; node; node = node->next) {
		node->dep = expr_and(arena, outer,
				     rewrite_mod(fin, node->depends));
		if (fin->kc->dialect->mod_in_visible_if)
			node->visible_if = rewrite_mod(fin, node->visible_if);
		finish_props(fin, node);
		if (!rest && node->children)
			rest = node;
		if (!rest)
			end_entry(fin, parent, node);
	}
	for (node = rest; node; node = node->next)
		end_entry(fin, parent, node);
}

/* --- choices ------------------------------------------------------------ */

/* Is sym a term of the && chain e, as sym, sym=y, sym=m or sym!=n? */
static bool requires_symbol(const struct kconfig *kc, const struct expr *e,
			    const struct symbol *sym)
{
	if (!e)
		return false;
	switch (e->op) {
	case E_AND:
		return requires_symbol(kc, e->left, sym) ||
		       requires_symbol(kc, e->right, sym);
	case E_SYMBOL:
		return e->sym == sym;
	case E_EQUAL:
		return e->lsym == sym &&
		       (e->rsym == kc->sym_yes || e->rsym == kc->sym_mod);
	case E_UNEQUAL:
		return e->lsym == sym && e->rsym == kc->sym_no;
	default:
		return false;
	}
}

/*
 * Before 6.11 the kernel nested the entries that follow a symbol and
 * depend on it under that symbol before it looked for choice values, so
 * an entry right after a member that depends on it (U-Boot's board
 * files: `config TARGET_X` then `source board/x/Kconfig` holding
 * `if TARGET_X ... endif`) is no member of the choice.
 */
static bool nests_under_member(const struct kconfig *kc,
			       const struct menu_node *node,
			       const struct symbol *member)
{
	if (!member || !kc->dialect->legacy_choices)
		return false;
	return requires_symbol(kc, node->depends, member) ||
	       (node->prompt && requires_symbol(kc, node->prompt->cond, member));
}

/*
 * Is this entry under a choice one of its members, for the checks and
 * the loop walk?  Every entry with a symbol, but under the older rules
 * not those nested under a member (nests_under_member()).
 */
static bool counts_as_member(const struct kconfig *kc,
			     const struct menu_node *node)
{
	return node->sym &&
	       (!kc->dialect->legacy_choices || node->sym->choice);
}

/*
 * The node members record as their choice.  Before 6.11 a named choice
 * written in several blocks is one choice: the members of every block
 * record its first one.
 */
static struct menu_node *choice_home(const struct kconfig *kc,
				     struct menu_node *choice)
{
	if (kc->dialect->legacy_choices && choice->sym &&
	    choice->sym->first_node)
		return choice->sym->first_node;
	return choice;
}

/* The entries of a choice, through the `if` blocks inside it. */
static void mark_members(struct finisher *fin, struct menu_node *choice,
			 struct menu_node *parent)
{
	struct menu_node *node;
	const struct symbol *last_member = NULL;

	for (node = parent->children; node; node = node->next) {
		struct symbol *sym = node->sym;

		if (nests_under_member(fin->kc, node, last_member))
			continue;
		last_member = NULL;
		if (node->kind == MENU_IF) {
			mark_members(fin, choice, node);
			continue;
		}
		if (node->kind != MENU_CONFIG && node->kind != MENU_MENUCONFIG)
			continue;
		if (!node->children)
			last_member = sym;
		if (!sym->choice) {
			/* A symbol in two choices belongs to the first. */
			setting_unset(fin, sym);
			sym->choice = choice_home(fin->kc, choice);
			sym->flags |= SYMBOL_CHOICEVAL;
		}
		/* Older kernels typed members from their choice. */
		if (sym->type == S_UNKNOWN) {
			setting_unset(fin, sym);
			sym->type = choice->sym->type;
		}
	}
}

/*
 * Kconfiglib's test of an implicit submenu: does e, an AND of terms, have
 * one that requires sym (sym, sym=y, sym=m, sym!=n, either way round)?
 */
static bool kconfiglib_requires(const struct kconfig *kc,
				const struct expr *e, const struct symbol *sym)
{
	const struct symbol *other;

	if (!e)
		return false;
	switch (e->op) {
	case E_SYMBOL:
		return e->sym == sym;
	case E_AND:
		return kconfiglib_requires(kc, e->left, sym) ||
		       kconfiglib_requires(kc, e->right, sym);
	case E_EQUAL:
	case E_UNEQUAL:
		if (e->lsym != sym && e->rsym != sym)
			return false;
		other = e->lsym == sym ? e->rsym : e->lsym;
		if (e->op == E_EQUAL)
			return other == kc->sym_yes || other == kc->sym_mod;
		return other == kc->sym_no;
	default:
		return false;
	}
}

/* The condition Kconfiglib looks at: the prompt's if any, else the entry's. */
static bool entry_requires(const struct kconfig *kc, const struct menu_node *node,
			   const struct symbol *sym)
{
	if (kconfiglib_requires(kc, node->depends, sym))
		return true;
	return node->kind != MENU_IF && node->prompt &&
	       kconfiglib_requires(kc, node->prompt->cond, sym);
}

/*
 * The members of a choice as Kconfiglib finds them: an entry that
 * requires the entry before it (or one that entry is nested under) goes
 * in an implicit submenu of it and is no member, as are the entries of
 * an `if` block that does so; the others are.  open[] holds the chain
 * of entries the next one may nest under.
 */
static void mark_members_nesting(struct finisher *fin, struct menu_node *choice,
				 struct menu_node *parent)
{
	const struct symbol *open[64];
	size_t nopen = 0;
	struct menu_node *node;

	for (node = parent->children; node; node = node->next) {
		while (nopen && !entry_requires(fin->kc, node, open[nopen - 1]))
			nopen--;
		if (node->kind == MENU_IF) {
			if (!nopen)
				mark_members_nesting(fin, choice, node);
			continue;
		}
		if (node->kind != MENU_CONFIG && node->kind != MENU_MENUCONFIG) {
			nopen = 0;
			continue;
		}
		if (!nopen && !node->sym->choice) {
			setting_unset(fin, node->sym);
			node->sym->choice = choice;
			node->sym->flags |= SYMBOL_CHOICEVAL;
		}
		if (node->sym->type == S_UNKNOWN) {
			setting_unset(fin, node->sym);
			node->sym->type = choice->sym->type;
		}
		if (nopen == ARRAY_SIZE(open))
			nopen--;	/* absurdly deep: nest under the last */
		open[nopen++] = node->sym;
	}
}

static void note_choice(struct finisher *fin, struct menu_node *choice)
{
	if (fin->nchoices == fin->choices_cap) {
		fin->choices_cap = fin->choices_cap ? fin->choices_cap * 2 : 64;
		fin->choices = xrealloc(fin->choices, fin->choices_cap *
						      sizeof(*fin->choices));
	}
	fin->choices[fin->nchoices++] = choice;
}

/* A choice entry, met in menu order: listed, typed, its members marked. */
static void find_choice(struct finisher *fin, struct menu_node *node)
{
	const struct menu_node *entry = node->children;

	note_choice(fin, node);
	if (!node->sym)
		return;
	/* Legacy choices take the type of their first typed entry. */
	for (; entry && fin->kc->dialect->legacy_choices &&
	       node->sym->type == S_UNKNOWN; entry = entry->next)
		if (entry->sym && entry->sym->type != S_UNKNOWN)
			node->sym->type = entry->sym->type;
	if (node->sym->type == S_UNKNOWN) {
		setting_unset(fin, node->sym);
		node->sym->type = S_BOOLEAN;
	}
	if (fin->kc->dialect->choice_members_nest)
		mark_members_nesting(fin, node, node);
	else
		mark_members(fin, node, node);
}

/* Every choice, in a walk of its own (before 6.11's rules: see finisher). */
static void find_choices(struct finisher *fin, struct menu_node *parent)
{
	struct menu_node *node;

	for (node = parent->children; node; node = node->next) {
		if (node->kind == MENU_CHOICE)
			find_choice(fin, node);
		if (node->children)
			find_choices(fin, node);
	}
}

/*
 * The choice rules before Linux 6.11, once every condition is built:
 * a bool member of a tristate choice is there only when the choice is
 * y (its selects keep the condition they had, as in those kernels), and
 * a choice that is not `optional` is at least m wherever its prompt is
 * visible (the kernel wrote that as a reverse dependency).
 */
static void legacy_members(struct finisher *fin, struct menu_node *choice,
			   struct menu_node *parent, struct expr *only_if_y)
{
	struct arena *arena = &fin->kc->arena;
	struct menu_node *node;
	struct property *prop;

	for (node = parent->children; node; node = node->next) {
		if (node->kind == MENU_IF) {
			legacy_members(fin, choice, node, only_if_y);
			continue;
		}
		if ((node->kind != MENU_CONFIG && node->kind != MENU_MENUCONFIG) ||
		    node->sym->choice != choice_home(fin->kc, choice) ||
		    node->sym->type == S_TRISTATE)
			continue;
		node->dep = expr_and(arena, only_if_y, node->dep);
		node_for_each_prop(node, prop)
			prop->visible = expr_and(arena, only_if_y,
						 prop->visible);
	}
}

static void finish_legacy_choices(struct finisher *fin, struct menu_node *parent)
{
	struct arena *arena = &fin->kc->arena;
	struct menu_node *node;

	for (node = parent->children; node; node = node->next) {
		struct symbol *sym = node->sym;

		if (node->kind == MENU_CHOICE && sym) {
			if (sym->type == S_TRISTATE)
				legacy_members(fin, node, node,
					       expr_compare(arena, E_EQUAL, sym,
							    fin->kc->sym_yes));
			if (!(sym->flags & SYMBOL_OPTIONAL) && node->prompt)
				sym->rev_dep = expr_or(arena, sym->rev_dep,
					expr_and(arena, node->prompt->visible,
						 expr_symbol(arena, fin->kc->sym_mod)));
		}
		finish_legacy_choices(fin, node);
	}
}

/* The node that encloses an entry once `if` blocks are flattened away. */
static const struct menu_node *outer_parent(const struct menu_node *node)
{
	const struct menu_node *up = node->parent;

	while (up && up->kind == MENU_IF)
		up = up->parent;
	return up;
}

static void check_member(struct finisher *fin, struct menu_node *node)
{
	struct diag_list *diags = fin->diags;
	struct symbol *sym = node->sym;
	struct property *prop;
	/* Legacy choices: any type, and these are only warnings. */
	bool legacy = fin->kc->dialect->legacy_choices;
	enum diag_severity severity = legacy ? DIAG_WARNING : DIAG_ERROR;

	if (!node->prompt)
		diag_add(diags, severity, node->loc,
			 "choice member '%s' must have a prompt", sym->name);
	if (seen_type(fin, sym) != S_BOOLEAN && !legacy)
		diag_add(diags, DIAG_ERROR, node->loc,
			 "choice member '%s' must be bool, not %s", sym->name,
			 symbol_type_name(sym->type));
	for (prop = sym->props; prop; prop = prop->next) {
		if (prop->type == P_DEFAULT)
			diag_add(diags, severity, prop->loc,
				 "defaults for choice values not supported "
				 "('%s' is in the choice at %s:%d)", sym->name,
				 location_file(node->parent->loc),
				 node->parent->loc.line);
		if (prop->type == P_PROMPT && prop->node != node &&
		    prop->node && outer_parent(prop->node) != outer_parent(node))
			diag_add(diags, severity, prop->loc,
				 "choice value '%s' has a prompt outside its "
				 "choice group", sym->name);
	}
}

static void check_choice(struct finisher *fin, struct menu_node *choice,
			 struct menu_node *parent)
{
	struct menu_node *node;

	for (node = parent->children; node; node = node->next) {
		if ((node->kind == MENU_CONFIG || node->kind == MENU_MENUCONFIG) &&
		    counts_as_member(fin->kc, node))
			check_member(fin, node);
		if (node->children)
			check_choice(fin, choice, node);
	}
}

/* --- the kernel's structural warnings ----------------------------------- */

bool symbol_text_valid(enum symbol_type type, const char *text)
{
	const unsigned char *s = (const unsigned char *)text;

	switch (type) {
	case S_STRING:
		return true;
	case S_INT:
		if (*s == '-')
			s++;
		if (!isdigit(*s))
			return false;
		if (*s == '0' && s[1])
			return false;	/* no leading zeros */
		while (*s)
			if (!isdigit(*s++))
				return false;
		return true;
	case S_HEX:
		if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
			s += 2;
		if (!*s)
			return false;
		while (*s)
			if (!isxdigit(*s++))
				return false;
		return true;
	case S_BOOLEAN:
	case S_TRISTATE:
		return strchr("yYmMnN", *s) && *s;
	default:
		return false;
	}
}

/* A range bound or numeric default: a number, or an int/hex symbol. */
static bool number_ok(struct finisher *fin, const struct symbol *sym,
		      const struct symbol *bound)
{
	enum symbol_type type;

	if (!bound)
		return false;
	type = seen_type(fin, bound);
	if (type == S_INT || type == S_HEX)
		return true;
	return type == S_UNKNOWN && bound->name &&
	       symbol_text_valid(seen_type(fin, sym), bound->name);
}

static const char *sym_label(const struct symbol *sym)
{
	return sym->name ? sym->name : "<choice>";
}

static void check_default(struct finisher *fin, struct symbol *sym,
			  struct property *prop)
{
	struct diag_list *diags = fin->diags;
	enum symbol_type type = seen_type(fin, sym);
	const struct menu_node *choice;
	struct symbol *target;

	if (!prop->expr)
		return;
	if (prop->expr->op != E_SYMBOL) {
		if (type == S_STRING || type == S_INT || type == S_HEX)
			diag_add(diags, DIAG_WARNING, prop->loc,
				 "default for config symbol '%s' must be a "
				 "single symbol", sym_label(sym));
		return;
	}
	target = prop->expr->sym;
	if ((type == S_INT || type == S_HEX) && !number_ok(fin, sym, target))
		diag_add(diags, DIAG_WARNING, prop->loc,
			 "'%s': number is invalid", sym_label(sym));
	if ((sym->flags & SYMBOL_CHOICE) &&
	    (!(choice = seen_choice(fin, target)) || choice->sym != sym))
		diag_add(diags, DIAG_WARNING, prop->loc,
			 "choice default symbol '%s' is not contained in the "
			 "choice", sym_label(target));
}

static void check_props(struct finisher *fin, struct symbol *sym)
{
	struct diag_list *diags = fin->diags;
	enum symbol_type type = seen_type(fin, sym);
	struct property *prop;

	for (prop = sym->props; prop; prop = prop->next) {
		const char *use = prop->type == P_SELECT ? "select" : "imply";

		switch (prop->type) {
		case P_DEFAULT:
			check_default(fin, sym, prop);
			break;
		case P_SELECT:
		case P_IMPLY:
			if (!prop->target)
				break;
			if (!type_is_bool_or_tristate(type))
				diag_add(diags, DIAG_WARNING, prop->loc,
					 "config symbol '%s' uses %s, but is "
					 "not bool or tristate",
					 sym_label(sym), use);
			else if (seen_type(fin, prop->target) != S_UNKNOWN &&
				 !type_is_bool_or_tristate(prop->target->type))
				diag_add(diags, DIAG_WARNING, prop->loc,
					 "'%s' has wrong type. '%s' only accept "
					 "arguments of bool and tristate type",
					 sym_label(prop->target), use);
			break;
		case P_RANGE:
			if (type != S_INT && type != S_HEX)
				diag_add(diags, DIAG_WARNING, prop->loc,
					 "range is only allowed for int or hex "
					 "symbols");
			if (!number_ok(fin, sym, prop->range_min) ||
			    !number_ok(fin, sym, prop->range_max))
				diag_add(diags, DIAG_WARNING, prop->loc,
					 "range is invalid");
			break;
		default:
			break;
		}
	}
}

/* The checks of a symbol, at the first of its entries finish_children() ends. */
static void check_entry(struct finisher *fin, struct menu_node *node)
{
	struct symbol *sym = node->sym;

	if (fin->warned[sym->index] & WARNED_CHECKED)
		return;
	fin->warned[sym->index] |= WARNED_CHECKED;
	if (seen_type(fin, sym) == S_UNKNOWN)
		diag_add(fin->diags, DIAG_WARNING, node->loc,
			 "config symbol '%s' defined without type",
			 sym_label(sym));
	check_props(fin, sym);
	if (node->kind == MENU_CHOICE)
		check_choice(fin, node, node);
}

/* The checks in a walk of their own, entries after their children. */
static void check_symbols(struct finisher *fin, struct menu_node *parent)
{
	struct menu_node *node;

	for (node = parent->children; node; node = node->next) {
		if (node->children)
			check_symbols(fin, node);
		if (node_has_symbol(node))
			check_entry(fin, node);
	}
}

/*
 * Once every choice is known: the checks' warnings made during
 * finish_children() are the tree's, unless a choice found after a check
 * set what it read; then they are made again (see struct finisher).
 */
static void keep_checks(struct finisher *fin)
{
	struct kconfig *kc = fin->kc;
	const struct diag *diag;

	fin->early_choices = false;
	fin->diags = &kc->diags;
	if (!fin->checks_stale) {
		for (diag = fin->checks.first; diag; diag = diag->next)
			diag_add_text(&kc->diags, diag->severity, diag->loc,
				      diag->message);
	} else {
		for (size_t i = 0; i < kc->nsymbols; i++)
			fin->warned[i] &= ~WARNED_CHECKED;
		check_symbols(fin, &kc->root);
	}
	diag_release(&fin->checks);
}

/* --- dependency loops ----------------------------------------------------
 *
 * A symbol's value is computed from the symbols in its dependencies,
 * reverse dependencies (select, imply), property conditions and default
 * values; a loop in that graph has no value, and the kernel refuses the
 * tree.  The walk and what counts as an edge follow the kernel's checker,
 * so that exactly the trees it rejects are rejected; the report locates
 * every step of the loop.
 */

enum edge_kind {
	EDGE_NONE,		/* a choice member on the way to its choice */
	EDGE_DIR_DEP,
	EDGE_REV_DEP,
	EDGE_IMPLIED,
	EDGE_PROP_COND,		/* a property's condition */
	EDGE_DEFAULT_VALUE,	/* a default's value */
};

/*
 * What a frame of the walk is doing.  The walk keeps its own stack
 * (lc->stack), so a chain of 100,000 dependencies costs memory, not the
 * C stack; the same frames say, when a loop is met, which edge each
 * step followed.
 */
enum frame_role {
	ROLE_SYMBOL,		/* a symbol's edges; it is active meanwhile */
	ROLE_CHOICE_EDGES,	/* a choice's own edges */
	ROLE_MEMBERS,		/* a choice's entries, one after another */
	ROLE_MEMBER_EDGES,	/* one entry's edges, seen from its choice */
	ROLE_REDIRECT,		/* a choice member, on the way to its choice */
};

struct loop_frame {
	struct symbol *sym;
	struct property *prop;
	enum edge_kind kind;
	enum frame_role role;
	/* Which edge comes next: 0-2 dir_dep, rev_dep, implied; 3 props. */
	unsigned char stage;
	bool prop_value_next;	/* prop's condition is done, its value is next */
	/* The walk of the current edge: lc->pending[pending_start ..). */
	size_t pending_start;
	unsigned in_choice_met;	/* lc->in_choice_met when it was pushed */
	/* ROLE_MEMBERS: the entries left, lc->leaves[leaf_pos .. leaf_end). */
	size_t leaf_start, leaf_pos, leaf_end;
};

/*
 * What is left of the edges being walked, innermost last (see
 * next_symbol()): expression nodes still to enter, the symbols of a
 * comparison still to hand out, and under the operands of each node
 * entered a note to mark the node once they are done.
 */
enum pending_kind { PENDING_ENTER, PENDING_SYMBOL, PENDING_LEAVE };

struct pending {
	union {
		struct expr *e;		/* PENDING_ENTER, PENDING_LEAVE */
		struct symbol *sym;	/* PENDING_SYMBOL */
	};
	/* PENDING_LEAVE: lc->in_choice_met when the node was entered. */
	unsigned in_choice_met;
	unsigned char kind;
};

/*
 * LOOP_IN_CHOICE: the symbol has an entry inside a choice, so visiting
 * the choice can make it active again even when it is done.  A bit of
 * the same byte, so that the walk reads one byte per symbol it meets.
 */
enum { LOOP_ACTIVE = 1, LOOP_DONE = 2, LOOP_ORDERED = 4, LOOP_IN_CHOICE = 8 };

struct loop_check {
	struct finisher *fin;
	unsigned char *state;		/* by symbol index */
	struct loop_frame *stack;
	size_t depth, cap;
	struct pending *pending;
	size_t npending, pending_cap;
	/*
	 * How many symbols with an entry in a choice the walk of the
	 * current edge met so far: a subtree is marked only when none was
	 * met inside it (saved and restored around each frame).
	 */
	unsigned in_choice_met;
	struct symbol **leaves;
	size_t nleaves, leaves_cap;
	/* Symbols in the order their walk ended (kconfig.calc_order). */
	struct symbol **order;
	size_t norder;
};

static inline struct loop_frame *push_frame(struct loop_check *lc,
					    struct symbol *sym,
					    enum frame_role role)
{
	struct loop_frame *frame;

	if (lc->depth == lc->cap) {
		lc->cap = lc->cap ? lc->cap * 2 : 64;
		lc->stack = xrealloc(lc->stack, lc->cap * sizeof(*lc->stack));
	}
	frame = &lc->stack[lc->depth++];
	frame->sym = sym;
	frame->prop = NULL;
	frame->kind = EDGE_NONE;
	frame->role = role;
	frame->stage = 0;
	frame->prop_value_next = false;
	frame->pending_start = lc->npending;
	frame->in_choice_met = lc->in_choice_met;
	frame->leaf_start = frame->leaf_pos = frame->leaf_end = lc->nleaves;
	return frame;
}

static void push_leaf(struct loop_check *lc, struct symbol *sym)
{
	if (lc->nleaves == lc->leaves_cap) {
		lc->leaves_cap = lc->leaves_cap ? lc->leaves_cap * 2 : 256;
		lc->leaves = xrealloc(lc->leaves,
				      lc->leaves_cap * sizeof(*lc->leaves));
	}
	lc->leaves[lc->nleaves++] = sym;
}

/* Room for n more pending entries. */
static inline void reserve_pending(struct loop_check *lc, size_t n)
{
	if (lc->npending + n > lc->pending_cap) {
		lc->pending_cap = lc->pending_cap ? lc->pending_cap * 2 : 256;
		lc->pending = xrealloc(lc->pending,
				       lc->pending_cap * sizeof(*lc->pending));
	}
}

/* e, neither NULL nor marked, to be entered (no room check). */
static inline void push_enter(struct loop_check *lc, struct expr *e)
{
	struct pending *p = &lc->pending[lc->npending++];

	p->e = e;
	p->kind = PENDING_ENTER;
}

static inline void push_pending_symbol(struct loop_check *lc,
				       struct symbol *sym)
{
	struct pending *p = &lc->pending[lc->npending++];

	p->sym = sym;
	p->kind = PENDING_SYMBOL;
}

/*
 * Is sym done, off the stack and outside every choice?  Then meeting it
 * does nothing, now or later: it is not pushed.
 */
static inline bool settled_index(const struct loop_check *lc, unsigned index)
{
	return (lc->state[index] &
		(LOOP_ACTIVE | LOOP_DONE | LOOP_IN_CHOICE)) == LOOP_DONE;
}

static inline bool settled_symbol(const struct loop_check *lc,
				  const struct symbol *sym)
{
	return settled_index(lc, sym->index);
}

/* An operand of a node entered, unless it is marked or settled. */
static inline void push_operand(struct loop_check *lc, struct expr *e)
{
	if (e->loop_free ||
	    (e->op == E_SYMBOL && settled_index(lc, e->sym_index)))
		return;
	push_enter(lc, e);
}

/*
 * Enter e: a note to leave it, then its operands that may do something,
 * the left one on top.  When none may, e is marked at once.
 */
static void enter_operands(struct loop_check *lc, struct expr *e)
{
	struct pending *leave;
	size_t leave_at;

	reserve_pending(lc, 3);
	leave_at = lc->npending++;
	leave = &lc->pending[leave_at];
	leave->e = e;
	leave->in_choice_met = lc->in_choice_met;
	leave->kind = PENDING_LEAVE;
	switch (e->op) {
	case E_NOT:
		push_operand(lc, e->left);
		break;
	case E_AND:
	case E_OR:
		push_operand(lc, e->right);
		push_operand(lc, e->left);
		break;
	default:
		if (!settled_symbol(lc, e->rsym))
			push_pending_symbol(lc, e->rsym);
		if (!settled_symbol(lc, e->lsym))
			push_pending_symbol(lc, e->lsym);
		break;
	}
	if (lc->npending == leave_at + 1) {
		lc->npending = leave_at;
		e->loop_free = true;
	}
}

/*
 * Does visiting sym do anything?  Most symbols met are done and off the
 * stack: a visit would return at once, so they are passed over here.
 */
static inline bool needs_visit_index(const struct loop_check *lc,
				     unsigned index)
{
	return (lc->state[index] & (LOOP_ACTIVE | LOOP_DONE)) != LOOP_DONE;
}

/*
 * The next symbol to visit in the edge being walked from
 * lc->pending[base], left to right; NULL when the edge is done.  A
 * symbol is handed out before its own walk, and the note to leave a node
 * comes up after every operand's, so a subtree is left only once every
 * symbol in it was walked without meeting a loop.  It is then marked,
 * unless it holds a symbol with an entry inside a choice: every other
 * symbol in it is done and can never be on the stack again (it becomes
 * active only on its first visit), so a later walk of the subtree would
 * find nothing.
 */
static struct symbol *next_symbol(struct loop_check *lc, size_t base)
{
	while (lc->npending > base) {
		const struct pending *p = &lc->pending[--lc->npending];
		struct symbol *sym;
		unsigned index;

		switch (p->kind) {
		case PENDING_LEAVE:
			if (p->in_choice_met == lc->in_choice_met)
				p->e->loop_free = true;
			continue;
		case PENDING_SYMBOL:
			sym = p->sym;
			index = sym->index;
			break;
		default:
			if (p->e->op != E_SYMBOL) {
				/* Met again since it was pushed: done. */
				if (!p->e->loop_free)
					enter_operands(lc, p->e);
				continue;
			}
			/* The node's copy of the index: no read of the symbol. */
			sym = p->e->sym;
			index = p->e->sym_index;
			break;
		}
		if (lc->state[index] & LOOP_IN_CHOICE)
			lc->in_choice_met++;
		if (needs_visit_index(lc, index))
			return sym;
	}
	return NULL;
}

/* Move to the frame's next property with edges; false when none is left. */
static bool next_prop(struct loop_frame *frame)
{
	struct property *prop = frame->prop ? frame->prop->next
					    : frame->sym->props;

	while (prop && (prop->type == P_SELECT || prop->type == P_IMPLY))
		prop = prop->next;
	if (!prop)
		return false;
	frame->prop = prop;
	frame->kind = EDGE_PROP_COND;
	frame->prop_value_next = prop->type == P_DEFAULT &&
				 !(frame->sym->flags & SYMBOL_CHOICE);
	return true;
}

/* Has the edge anything left to walk (neither empty nor marked)? */
static inline bool live_edge(const struct expr *e)
{
	return e && !e->loop_free;
}

/*
 * How deep settled_edge() looks before it leaves an expression to the
 * walk: the C stack stays small whatever the tree (the walk itself keeps
 * its own stack).
 */
#define SETTLED_SCAN_DEPTH 64

/*
 * Is every symbol in e settled (settled_symbol())?  Then walking e would
 * hand out no symbol, meet no choice and so end having marked every node
 * it entered: this recursion does just that, each node at a few
 * instructions rather than the walk's pending entries.  It marks a node
 * only when its whole subtree is settled, which is the walk's own rule
 * (a settled symbol stays settled: it is done, so never active again,
 * and outside every choice), so whatever it leaves unmarked the walk
 * still finds, in the same order: reports and calc_order are unchanged.
 * Deeper than SETTLED_SCAN_DEPTH it answers false (the walk decides).
 */
static bool settled_edge(struct loop_check *lc, struct expr *e, unsigned depth);

/*
 * settled_edge() of an operand, inline: most operands are symbols or
 * marked, which needs no call.
 */
static inline bool settled_operand(struct loop_check *lc, struct expr *e,
				   unsigned depth)
{
	if (e->loop_free)
		return true;
	if (e->op == E_SYMBOL)
		return settled_index(lc, e->sym_index);
	return depth < SETTLED_SCAN_DEPTH && settled_edge(lc, e, depth + 1);
}

static bool settled_edge(struct loop_check *lc, struct expr *e, unsigned depth)
{
	bool settled;

	switch (e->op) {
	case E_SYMBOL:
		return settled_index(lc, e->sym_index);
	case E_NOT:
		settled = settled_operand(lc, e->left, depth);
		break;
	case E_AND:
	case E_OR:
		/*
		 * The right operand first: chains grow to the left (rev_dep's
		 * `... || X && dep`, whose newest term is likeliest unsettled).
		 */
		settled = settled_operand(lc, e->right, depth) &&
			  settled_operand(lc, e->left, depth);
		break;
	default:
		settled = settled_symbol(lc, e->lsym) &&
			  settled_symbol(lc, e->rsym);
		break;
	}
	if (settled)
		e->loop_free = true;
	return settled;
}

/*
 * Start the frame's next edge that has something left to walk (edges
 * that are empty, marked or settled are passed over); false when none
 * is left.  The symbol's three own edges come first, each tried once.
 */
static bool next_edge(struct loop_check *lc, struct loop_frame *frame)
{
	struct symbol *sym = frame->sym;
	struct expr *edge;

	switch (frame->stage) {
	case 0:
		frame->stage = 1;
		if (live_edge(sym->dir_dep)) {
			frame->kind = EDGE_DIR_DEP;
			edge = sym->dir_dep;
			goto found;
		}
		/* fall through */
	case 1:
		frame->stage = 2;
		if (live_edge(sym->rev_dep)) {
			frame->kind = EDGE_REV_DEP;
			edge = sym->rev_dep;
			goto found;
		}
		/* fall through */
	case 2:
		frame->stage = 3;
		if (live_edge(sym->implied)) {
			frame->kind = EDGE_IMPLIED;
			edge = sym->implied;
			goto found;
		}
		break;
	default:
		break;
	}
	for (;;) {
		if (frame->prop_value_next) {
			frame->prop_value_next = false;
			edge = frame->prop->expr;
			if (live_edge(edge)) {
				frame->kind = EDGE_DEFAULT_VALUE;
				goto found;
			}
		}
		/* next_prop() sets the kind: the property's condition. */
		if (!next_prop(frame))
			return false;
		edge = frame->prop->visible;
		if (live_edge(edge))
			goto found;
	}
found:
	if (settled_edge(lc, edge, 0))
		return next_edge(lc, frame);
	reserve_pending(lc, 1);
	push_enter(lc, edge);
	return true;
}

static void mark_choice_members(struct loop_check *lc,
				struct menu_node *parent, bool active)
{
	struct menu_node *node;

	for (node = parent->children; node; node = node->next) {
		if (counts_as_member(lc->fin->kc, node)) {
			if (active)
				lc->state[node->sym->index] |=
					LOOP_ACTIVE | LOOP_DONE;
			else
				lc->state[node->sym->index] &= ~LOOP_ACTIVE;
		}
		mark_choice_members(lc, node, active);
	}
}

/* Every entry under a choice, in menu order (the members' walk). */
static void collect_members(struct loop_check *lc, struct menu_node *parent)
{
	struct menu_node *node;

	for (node = parent->children; node; node = node->next) {
		if (counts_as_member(lc->fin->kc, node))
			push_leaf(lc, node->sym);
		collect_members(lc, node);
	}
}

static void add_to_order(struct loop_check *lc, struct symbol *sym)
{
	if (lc->state[sym->index] & LOOP_ORDERED)
		return;
	lc->state[sym->index] |= LOOP_ORDERED;
	lc->order[lc->norder++] = sym;
}

static void report_loop(struct loop_check *lc, struct symbol *last);

static bool begin_choice_visit(struct loop_check *lc, struct symbol *sym);

/* Start walking from sym; true when that closes a loop (reported). */
static inline bool begin_visit(struct loop_check *lc, struct symbol *sym)
{
	unsigned char *state = &lc->state[sym->index];

	if (*state & LOOP_ACTIVE) {
		report_loop(lc, sym);
		return true;
	}
	if (*state & LOOP_DONE)
		return false;
	if ((sym->flags & SYMBOL_CHOICE) || (sym->choice && sym->choice->sym))
		return begin_choice_visit(lc, sym);
	*state |= LOOP_ACTIVE | LOOP_DONE;
	push_frame(lc, sym, ROLE_SYMBOL);
	return false;
}

/* begin_visit() of a choice or of one of its members (through the choice). */
static bool begin_choice_visit(struct loop_check *lc, struct symbol *sym)
{
	if (sym->choice && sym->choice->sym) {
		push_frame(lc, sym, ROLE_REDIRECT);
		return begin_visit(lc, sym->choice->sym);
	}
	/* A choice: its members are active while it is. */
	mark_choice_members(lc, sym->first_node, true);
	lc->state[sym->index] |= LOOP_ACTIVE | LOOP_DONE;
	push_frame(lc, sym, ROLE_CHOICE_EDGES);
	return false;
}

/* Pop the top frame: what it pushed goes with it. */
static inline void pop_frame(struct loop_check *lc,
			     const struct loop_frame *frame)
{
	lc->nleaves = frame->leaf_start;
	lc->npending = frame->pending_start;
	lc->in_choice_met = frame->in_choice_met;
	lc->depth--;
}

/*
 * A symbol's frame has nothing left to follow.  Inline in the walk: all
 * but a few hundred frames are symbols' (18,600 on Linux's x86).
 */
static inline void end_symbol_frame(struct loop_check *lc,
				    const struct loop_frame *frame)
{
	struct symbol *sym = frame->sym;

	lc->state[sym->index] &= ~LOOP_ACTIVE;
	add_to_order(lc, sym);
	pop_frame(lc, frame);
}

/* A frame has nothing left to follow: undo its marks and pop it. */
static void end_frame(struct loop_check *lc, bool loop_found)
{
	struct loop_frame *frame = &lc->stack[lc->depth - 1];
	struct symbol *sym = frame->sym;

	switch (frame->role) {
	case ROLE_SYMBOL:
		end_symbol_frame(lc, frame);
		return;
	case ROLE_CHOICE_EDGES:
		lc->state[sym->index] &= ~LOOP_ACTIVE;
		if (!loop_found) {
			/* The members' edges next, each seen from the choice. */
			frame->role = ROLE_MEMBERS;
			frame->kind = EDGE_NONE;
			frame->prop = NULL;
			lc->nleaves = frame->leaf_start;
			collect_members(lc, sym->first_node);
			frame->leaf_pos = frame->leaf_start;
			frame->leaf_end = lc->nleaves;
			return;
		}
		mark_choice_members(lc, sym->first_node, false);
		break;
	case ROLE_MEMBERS:
		mark_choice_members(lc, sym->first_node, false);
		add_to_order(lc, sym);
		for (size_t i = frame->leaf_start; i < frame->leaf_end; i++)
			add_to_order(lc, lc->leaves[i]);
		break;
	case ROLE_MEMBER_EDGES:
	case ROLE_REDIRECT:
		break;
	}
	pop_frame(lc, frame);
}

/* The depth-first walk from one symbol, with an explicit stack. */
static void walk_symbol(struct loop_check *lc, struct symbol *start)
{
	bool found = begin_visit(lc, start);

	while (!found && lc->depth > 0) {
		struct loop_frame *frame = &lc->stack[lc->depth - 1];
		struct symbol *next;

		if (frame->role == ROLE_MEMBERS) {
			if (frame->leaf_pos == frame->leaf_end) {
				end_frame(lc, false);
				continue;
			}
			push_frame(lc, lc->leaves[frame->leaf_pos++],
				   ROLE_MEMBER_EDGES);
			continue;
		}
		if (frame->role == ROLE_REDIRECT) {
			end_frame(lc, false);
			continue;
		}
		next = next_symbol(lc, frame->pending_start);
		if (next) {
			found = begin_visit(lc, next);
			continue;
		}
		if (next_edge(lc, frame))
			continue;
		if (frame->role == ROLE_SYMBOL)
			end_symbol_frame(lc, frame);
		else
			end_frame(lc, false);
	}
	/* A loop ends the walk: undo the marks of every open frame. */
	while (lc->depth > 0)
		end_frame(lc, true);
	lc->nleaves = 0;
	lc->npending = 0;
}

/* Where `from` gets a dependency on `to`: the innermost `depends on`/`if`. */
static struct location dep_location(const struct symbol *from,
				    const struct symbol *to)
{
	const struct menu_node *node, *up;

	for (node = from->first_node; node; node = node->next_def)
		for (up = node; up && up->kind != MENU_ROOT; up = up->parent)
			if (expr_mentions(up->depends, to))
				return up->loc;
	return from->first_node ? from->first_node->loc : (struct location){0};
}

/* The select or imply of `by` that reaches `sym`. */
static struct location reverse_location(const struct symbol *sym,
					const struct symbol *by,
					enum prop_type type)
{
	const struct property *prop;

	for (prop = by->props; prop; prop = prop->next)
		if (prop->type == type && prop->target == sym)
			return prop->loc;
	return by->first_node ? by->first_node->loc : (struct location){0};
}

static const char *prop_kind_name(enum prop_type type)
{
	switch (type) {
	case P_PROMPT: return "prompt";
	case P_MENU: return "menu";
	case P_COMMENT: return "comment";
	case P_DEFAULT: return "default";
	case P_SELECT: return "select";
	case P_IMPLY: return "imply";
	case P_RANGE: return "range";
	}
	return "property";
}

static void report_step(struct loop_check *lc, const struct loop_frame *frame,
			const struct symbol *next)
{
	struct diag_list *diags = &lc->fin->kc->diags;
	const struct symbol *sym = frame->sym;
	const char *what = frame->prop ? prop_kind_name(frame->prop->type) : "";

	if (next->flags & SYMBOL_CHOICE) {
		const struct menu_node *choice = next->first_node;

		diag_add(diags, DIAG_NOTE, choice ? choice->loc : (struct location){0},
			 "symbol %s is part of this choice", sym_label(sym));
		return;
	}
	switch (frame->kind) {
	case EDGE_DIR_DEP:
		diag_add(diags, DIAG_NOTE, dep_location(sym, next),
			 "symbol %s depends on %s", sym_label(sym),
			 sym_label(next));
		break;
	case EDGE_REV_DEP:
		diag_add(diags, DIAG_NOTE, reverse_location(sym, next, P_SELECT),
			 "symbol %s is selected by %s", sym_label(sym),
			 sym_label(next));
		break;
	case EDGE_IMPLIED:
		diag_add(diags, DIAG_NOTE, reverse_location(sym, next, P_IMPLY),
			 "symbol %s is implied by %s", sym_label(sym),
			 sym_label(next));
		break;
	case EDGE_DEFAULT_VALUE:
		diag_add(diags, DIAG_NOTE, frame->prop->loc,
			 "symbol %s %s value contains %s", sym_label(sym),
			 what, sym_label(next));
		break;
	case EDGE_PROP_COND:
		diag_add(diags, DIAG_NOTE, frame->prop->loc,
			 "symbol %s %s is visible depending on %s",
			 sym_label(sym), what, sym_label(next));
		break;
	case EDGE_NONE:
		diag_add(diags, DIAG_NOTE,
			 next->first_node ? next->first_node->loc
					  : (struct location){0},
			 "%s %s contains symbol %s",
			 sym->flags & SYMBOL_CHOICE ? "choice" : "symbol",
			 sym_label(sym), sym_label(next));
		break;
	}
}

static void report_loop(struct loop_check *lc, struct symbol *last)
{
	size_t depth = lc->depth, start;

	/* A loop into a choice member goes through its choice. */
	if (last->choice && last->choice->sym) {
		push_frame(lc, last, ROLE_REDIRECT);
		last = last->choice->sym;
	}
	for (start = lc->depth; start > 0; start--)
		if (lc->stack[start - 1].sym == last)
			break;
	if (start == 0) {
		lc->depth = depth;
		return;
	}
	start--;
	diag_add(&lc->fin->kc->diags, DIAG_ERROR,
		 last->first_node ? last->first_node->loc : (struct location){0},
		 "recursive dependency detected for symbol %s (see "
		 "Documentation/kbuild/kconfig-language.rst, \"Kconfig "
		 "recursive dependency limitations\")", sym_label(last));
	for (size_t i = start; i < lc->depth; i++) {
		const struct symbol *next = i + 1 < lc->depth
			? lc->stack[i + 1].sym : last;

		report_step(lc, &lc->stack[i], next);
	}
	lc->depth = depth;
}

/* Every symbol with an entry under parent (a choice): LOOP_IN_CHOICE. */
static void note_in_choice(struct loop_check *lc, struct menu_node *parent)
{
	struct menu_node *node;

	for (node = parent->children; node; node = node->next) {
		if (node->sym)
			lc->state[node->sym->index] |= LOOP_IN_CHOICE;
		note_in_choice(lc, node);
	}
}

static void check_loops(struct finisher *fin)
{
	struct kconfig *kc = fin->kc;
	struct loop_check lc = { .fin = fin };

	lc.state = xcalloc(kc->nsymbols, 1);
	lc.order = arena_alloc(&kc->arena,
			       (kc->nsymbols + 1) * sizeof(*lc.order));
	/* A choice inside another is marked twice: no matter. */
	for (size_t i = 0; i < fin->nchoices; i++)
		note_in_choice(&lc, fin->choices[i]);
	/* A start already walked (most are) costs no read of its symbol. */
	for (size_t i = 0; i < fin->nwalk_starts; i++)
		if (needs_visit_index(&lc, fin->walk_starts[i]))
			walk_symbol(&lc, kc->symbols[fin->walk_starts[i]]);
	kc->calc_order = lc.order;
	kc->ncalc_order = lc.norder;
	free(lc.state);
	free(lc.stack);
	free(lc.leaves);
	free(lc.pending);
}

/*
 * configdefault entries: their defaults hold only where the symbol's own
 * dependencies do (Zephyr's Kconfiglib ANDs them in once every
 * definition is known).
 */
static void finish_configdefaults(struct finisher *fin)
{
	struct menu_node *root = &fin->kc->root, *node;
	struct property *prop;

	for (node = root->children; node; node = menu_next(root, node)) {
		if (!node->defaults_only || !node->sym->dir_dep)
			continue;
		node_for_each_prop(node, prop)
			if (prop->type == P_DEFAULT)
				prop->visible = expr_and(&fin->kc->arena,
							 prop->visible,
							 node->sym->dir_dep);
	}
}

/*
 * A transitional symbol (Linux 6.18) is a type, maybe a help text, and
 * nothing else: conf refuses one with any property, or whose entry has
 * a dependency (its own or an enclosing block's), naming the first such
 * line of each entry.
 */
static void check_transitional(struct kconfig *kc)
{
	const char *msg = "transitional symbols can only have help sections";
	struct menu_node *node;

	for (node = menu_next(&kc->root, &kc->root); node;
	     node = menu_next(&kc->root, node)) {
		const struct property *prop;

		if (!node_has_symbol(node) ||
		    !(node->sym->flags & SYMBOL_TRANSITIONAL))
			continue;
		if (node->dep && !(node->dep->op == E_SYMBOL &&
				   node->dep->sym == kc->sym_yes)) {
			diag_add(&kc->diags, DIAG_ERROR, node->loc, "%s", msg);
			continue;
		}
		prop = node->sym->props;
		if (prop)
			diag_add(&kc->diags, DIAG_ERROR, prop->loc, "%s", msg);
	}
}

/* The list of choice entries, for the tree's users (kconfig.choice_nodes). */
static void keep_choices(struct finisher *fin)
{
	struct kconfig *kc = fin->kc;

	kc->nchoice_nodes = fin->nchoices;
	kc->choice_nodes = arena_alloc(&kc->arena, (fin->nchoices + 1) *
						   sizeof(*kc->choice_nodes));
	if (fin->nchoices)
		memcpy(kc->choice_nodes, fin->choices,
		       fin->nchoices * sizeof(*kc->choice_nodes));
	free(fin->choices);
}

void kconfig_finish(struct kconfig *kc)
{
	struct finisher fin = { .kc = kc };

	if (kc->dialect->modules_by_name) {
		/* Kconfiglib: the symbol called MODULES, whatever says `modules` */
		struct symbol *modules = symbol_find(kc, "MODULES");

		kc->modules_sym = modules && (modules->flags & SYMBOL_DEFINED)
				  ? modules : NULL;
	}
	fin.modules = kc->modules_sym ? kc->modules_sym : kc->sym_no;
	fin.warned = xcalloc(kc->nsymbols + 1, 1);
	/*
	 * Before 6.11's rules the choices are found first: a later block of
	 * a named choice makes entries of an earlier one its members, which
	 * finish_children() must know when it builds their dir_dep.
	 */
	fin.early_choices = !kc->dialect->legacy_choices;
	if (fin.early_choices) {
		diag_init(&fin.checks);
		fin.diags = &fin.checks;
	} else {
		fin.diags = &kc->diags;
		find_choices(&fin, &kc->root);
	}
	kc->root.dep = rewrite_mod(&fin, kc->root.depends);
	fin.visible_ifs_above = kc->root.visible_if != NULL;
	finish_children(&fin, &kc->root);
	if (fin.early_choices)
		keep_checks(&fin);
	if (kc->dialect->configdefault)
		finish_configdefaults(&fin);
	if (kc->dialect->legacy_choices)
		finish_legacy_choices(&fin, &kc->root);
	free(fin.warned);
	check_loops(&fin);
	free(fin.walk_starts);
	keep_choices(&fin);
	if (kc->dialect->transitional)
		check_transitional(kc);
}
