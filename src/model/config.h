/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Values: one configuration of a loaded Kconfig tree.
 *
 * A struct config holds what the user set (the values read from a
 * .config, or chosen in the browser) and computes every other value the
 * way the kernel's tools do: visibility, dependencies, select and imply,
 * defaults (the first active one wins), ranges, choices.  Values are
 * computed on demand and cached; a change invalidates only the values
 * that depend on it, through an index of who reads whom.  Values live in
 * arrays indexed by symbol.index, so several configurations can share
 * one tree (for example to compare two .config files).
 */
#ifndef KBROWSE_CONFIG_H
#define KBROWSE_CONFIG_H

#include <stdbool.h>
#include "kconfig.h"

typedef unsigned char tristate;
enum {
	TRI_NO = 0,
	TRI_MOD = 1,
	TRI_YES = 2,
};

static inline tristate tri_and(tristate a, tristate b) { return a < b ? a : b; }
static inline tristate tri_or(tristate a, tristate b) { return a > b ? a : b; }
static inline tristate tri_not(tristate a) { return (tristate)(TRI_YES - a); }
static inline char tri_char(tristate t) { return "nmy"[t]; }
static inline const char *tri_text(tristate t) { return t == TRI_YES ? "y" : t == TRI_MOD ? "m" : "n"; }

struct config;

struct config *config_new(struct kconfig *kc);
/* A configuration of the same tree, sharing the index built for it. */
struct config *config_new_sibling(struct config *other);
/*
 * cfg as config_new() or config_new_sibling() gave it: no value, user
 * value or string left, its memory and the tree's index kept (for runs
 * that evaluate many configurations of one tree one after another).
 */
void config_reset(struct config *cfg);
/*
 * config_reset() without clearing what was computed, only marking it
 * not computed (and every user value gone): cheaper, for a configuration
 * whose values are then taken from a base (config_bases_apply()) or
 * computed again.  What a value's computation does not set itself is
 * cleared as config_reset() clears it (legacy choices: config_reset()).
 */
void config_reset_computed_kept(struct config *cfg);
/*
 * kernel_table_order() of cfg's tree, built once for it and its
 * siblings: owned by the configuration, not to be freed.
 */
const struct symbol **config_table_order(struct config *cfg, size_t *count);
void config_free(struct config *cfg);
struct kconfig *config_tree(const struct config *cfg);

/* --- computed values ----------------------------------------------------- */

/* The tristate value (n for int, hex, string and undefined symbols). */
tristate config_tri(struct config *cfg, const struct symbol *sym);
/*
 * The value as text, as .config would hold it: "y"/"m"/"n" for bool and
 * tristate, the number or string otherwise, the name for undefined and
 * constant symbols.
 */
const char *config_str(struct config *cfg, const struct symbol *sym);
/* The type as it acts now: tristate is bool while modules are disabled. */
enum symbol_type config_type(struct config *cfg, const struct symbol *sym);

/* The best visibility of the symbol's prompts (n: no prompt shown). */
tristate config_visibility(struct config *cfg, const struct symbol *sym);
/* The values of dir_dep, rev_dep (select) and implied (imply). */
tristate config_dir_dep(struct config *cfg, const struct symbol *sym);
tristate config_rev_dep(struct config *cfg, const struct symbol *sym);
tristate config_implied(struct config *cfg, const struct symbol *sym);
/* Would conf write the symbol to .config (the kernel's SYMBOL_WRITE)? */
bool config_written(struct config *cfg, const struct symbol *sym);
/*
 * config_written() of the symbols with these indices, into written[]
 * (n of them), when each of them and modules_sym is computed already:
 * 0 when not written, else 1 + its tristate value (config_tri(): what
 * a bool or tristate writes).  False, written[] meaningless, otherwise
 * (ask one by one then).
 */
bool config_written_list(struct config *cfg, const unsigned *index, size_t n,
			 unsigned char *written);
/* Can the user change the value (visible above what selects force)? */
bool config_changeable(struct config *cfg, const struct symbol *sym);

tristate config_expr(struct config *cfg, const struct expr *e);
/*
 * Is a menu entry shown (menu_is_visible in the kernel)?  An entry whose
 * prompt is hidden still is while its symbol is not n and one of the
 * entries the kernel nests under it is shown.
 */
bool config_node_visible(struct config *cfg, const struct menu_node *node);
/* The tree in the shape the kernel gives it (menu_shape.h), built once. */
struct kernel_menu;
const struct kernel_menu *config_kernel_menu(struct config *cfg);
/*
 * The same, built lazy when this is the first to ask: each menu put in
 * shape when first looked into (the browser's first screen).
 */
const struct kernel_menu *config_kernel_menu_lazy(struct config *cfg);

/* The first range whose condition holds; NULL if none. */
const struct property *config_active_default(struct config *cfg,
					     const struct symbol *sym);
const struct property *config_active_range(struct config *cfg,
					   const struct symbol *sym);
/*
 * The value the symbol would have without a user value (the kernel's
 * sym_get_string_default, which savedefconfig compares with).
 */
const char *config_default_str(struct config *cfg, const struct symbol *sym);

/*
 * How a comparison orders two values given as text with the types of
 * their symbols (<0, 0, >0): the rule every `<`, `=`... reads, for the
 * planner, which compares candidate values that are not computed yet.
 */
int config_compare_text(const char *ta, enum symbol_type a,
			const char *tb, enum symbol_type b);
/* The text of an int, hex or string symbol that gets no value. */
const char *config_empty_str(const struct config *cfg, enum symbol_type type);

/* --- why: what decided each value, recorded as it was computed ------------ */

/*
 * The steps of the kernel's computation that can give a value.  A value
 * often has more than one: a symbol that is selected to y and whose
 * default is y too would stay y without either one.
 */
enum value_cause {
	CAUSE_USER = 1 << 0,	/* the user value (a .config line, an edit) */
	CAUSE_DEFAULT = 1 << 1,	/* the first active default */
	CAUSE_IMPLY = 1 << 2,	/* raised by imply, within the dependencies */
	CAUSE_SELECT = 1 << 3,	/* raised by select */
	CAUSE_CHOICE = 1 << 4,	/* a choice member: the choice's pick */
	CAUSE_RANGE = 1 << 5,	/* int, hex: clamped to the active range */
};

struct value_origin {
	/* Each cause that alone gives the value; 0: nothing applied. */
	unsigned causes;
	/* The user value was the starting point (visible prompt, user value). */
	bool user_path;
	/* bool, tristate: before select (user or default and imply). */
	tristate base;
	/* What the first active default gave, limited by its condition. */
	tristate from_default;
	const struct property *default_prop;	/* first active default, or NULL */
	const struct property *range_prop;	/* first active range, or NULL */
	const char *unclamped;	/* int, hex: the value before the range */
};

/* What the evaluator found while computing sym's value. */
void config_origin(struct config *cfg, const struct symbol *sym,
		   struct value_origin *out);

/* How a choice picked its member (choice.c; the dialect's rules). */
enum choice_rule {
	CHOICE_RULE_NONE,	/* no member is visible */
	CHOICE_RULE_USER,	/* the (latest) visible member set to y */
	CHOICE_RULE_DEFAULT,	/* the choice's first active `default` */
	CHOICE_RULE_FIRST_VISIBLE,	/* no usable default: the first visible entry */
	CHOICE_RULE_FIRST_UNSET,	/* the default was set to n: first member not set */
	CHOICE_RULE_LAST_RESORT,	/* every visible member set to n */
	/*
	 * Legacy choices (before Linux 6.11): the tristate choice is m, so
	 * no member is picked: each tristate member is m or n by itself.
	 */
	CHOICE_RULE_MOD,
	/* Legacy choices: the choice itself is n (hidden, or `optional`). */
	CHOICE_RULE_CHOICE_OFF,
};

/* --- choices --------------------------------------------------------------- */

/*
 * Which rule picked the choice's member, and for CHOICE_RULE_DEFAULT the
 * default line that named it (*via; NULL otherwise).
 */
enum choice_rule config_choice_rule(struct config *cfg,
				    const struct menu_node *choice,
				    const struct property **via);

/* The member that is y in a choice (node->kind == MENU_CHOICE), or NULL. */
struct symbol *config_choice_selection(struct config *cfg,
				       const struct menu_node *choice);
/* The member the choice picks when nothing is said about it, or NULL. */
struct symbol *config_choice_default(struct config *cfg,
				     const struct menu_node *choice);

/* --- user values ------------------------------------------------------------- */

bool config_has_user(const struct config *cfg, const struct symbol *sym);
/*
 * The first symbol index from `from` on whose user value may be set, or
 * the symbol count: every symbol with a user value is among those it
 * gives (most often only those), so a walk over the user values need not
 * read every symbol.
 */
size_t config_next_user(const struct config *cfg, size_t from);
/*
 * conf's sym_has_value(): a user value, or (Linux 7.0) a value from
 * `default OLD` where the .config sets the transitional symbol OLD,
 * which conf then counts as the user's.  What decides whether conf asks
 * a symbol as NEW.
 */
bool config_has_value(struct config *cfg, const struct symbol *sym);
/* The second case of config_has_value() (explain says so). */
bool config_set_by_transitional(struct config *cfg, const struct symbol *sym);
tristate config_user_tri(const struct config *cfg, const struct symbol *sym);
const char *config_user_str(const struct config *cfg, const struct symbol *sym);

/*
 * Set a user value as a .config line does: no range check (the computed
 * value is clamped instead).  The string is copied.
 */
void config_set_user_tri(struct config *cfg, const struct symbol *sym,
			 tristate value);

/*
 * What reading a .config does to choices beyond the members' own
 * values.  config_choices_read_begin(): before the first line (legacy
 * choices: every choice starts with a user value n and no member).
 * config_choice_member_read(): after a member's line; returns a warning
 * of the kernel's (legacy choices) or NULL.
 */
void config_choices_read_begin(struct config *cfg);
const char *config_choice_member_read(struct config *cfg,
				      const struct symbol *member);
void config_set_user_str(struct config *cfg, const struct symbol *sym,
			 const char *value);
/*
 * Legacy choices: conf's questions picked member (Linux 6.1's
 * sym_set_tristate_value(member, y)): the choice remembers it and every
 * visible member counts as answered, keeping its own user value.  The
 * member's own y is set by the caller.
 */
void config_legacy_choice_answer(struct config *cfg, const struct symbol *member);

void config_clear_user(struct config *cfg, const struct symbol *sym);
/*
 * Choice priority: within a choice, the member given a user value last
 * (prefer) or first (demote) counts when several say y.
 */
void config_choice_prefer(struct config *cfg, const struct symbol *member);
void config_choice_demote(struct config *cfg, const struct symbol *member);

/*
 * Change a value as a person would in a configurator: refused (false)
 * outside what dependencies and selects allow, or when the text is not a
 * valid value in range.  config_set_choice() makes member the choice's y.
 */
bool config_set_tri(struct config *cfg, const struct symbol *sym, tristate value);
bool config_set_string(struct config *cfg, const struct symbol *sym,
		       const char *value);
bool config_set_choice(struct config *cfg, const struct symbol *member);

/*
 * Called when a value is computed while its direct dependencies are
 * below what selects force ("unmet direct dependencies").
 */
typedef void config_unmet_fn(void *ctx, struct config *cfg,
			     const struct symbol *sym);
void config_on_unmet(struct config *cfg, config_unmet_fn *fn, void *ctx);

/* How many lines of the last .config read named no symbol of the tree. */
unsigned config_read_unknown_count(const struct config *cfg);

/*
 * For a .config reader (src/confio): config_read_begin() before the
 * first line (a file replaces every user value: all are cleared, every
 * computed value forgotten, the unknown count reset, and the choices
 * prepared as config_choices_read_begin() says); config_count_unknown()
 * for a line naming no symbol.
 */
void config_read_begin(struct config *cfg);
void config_count_unknown(struct config *cfg);
/* What lives as long as the configuration (the names of files read). */
struct arena *config_arena(struct config *cfg);
/*
 * Every symbol entry under the choice of choice_sym, in menu order, and
 * their count in *count; NULL when choice_sym is no choice.
 */
const struct symbol *const *config_choice_entries(const struct config *cfg,
						  const struct symbol *choice_sym,
						  unsigned *count);

/*
 * Would computing every value again give the same values?  Not when
 * values were computed on the way to modules_sym's own value while it was
 * changing (the kernel keeps those, and so do we, until everything is
 * computed again).
 */
bool config_recompute_is_noop(const struct config *cfg);
/*
 * The first symbol whose value needed a chain of computations deeper
 * than the model allows (CALC_DEPTH_MAX), or NULL.  Its value, and what
 * depends on it, are wrong: front-ends report it as an error.
 */
const struct symbol *config_too_deep(const struct config *cfg);
/* Print that error (file:line:column: error: ...); false when none. */
bool config_report_too_deep(const struct config *cfg, FILE *out);

/* Forget every computed value (the next query recomputes). */
void config_invalidate_all(struct config *cfg);
/*
 * Make sure modules_sym is computed first, as the kernel does before it
 * walks the symbols (conf's modes, after reading).
 */
void config_settle(struct config *cfg);
/*
 * Is every value of config_table_order() computed, and modules_sym's?
 * Then a walk that only asks each of them (conf's computation after
 * reading) computes nothing.
 */
bool config_all_computed(struct config *cfg);

#endif
