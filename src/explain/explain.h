/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Why a symbol has its value: a derivation as data, not text.
 *
 * explain_symbol() retraces the steps the evaluator took (the kernel's
 * sym_calc_value order: a visible prompt's user value, else the first
 * active default, raised by imply up to the dependencies, then raised by
 * select, m read as y where modules are off, clamped to the first active
 * range) and records which step decided the value, where that step was
 * written, and the value of every part of every condition on the way.
 * The renderers (explain_text.c, explain_json.c) only print this data;
 * the browser's explain pane reads the same structures.
 *
 * Everything an explanation points to lives in the explainer's arena and
 * stays valid until explainer_reset() or explainer_free().
 */
#ifndef KBROWSE_EXPLAIN_H
#define KBROWSE_EXPLAIN_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "config.h"
#include "strbuf.h"
#include "user_lines.h"

/* --- evaluated expressions ------------------------------------------------ */

/*
 * An expression with the value of each of its parts: the same shape as
 * the struct expr it was built from.  64 bytes: `explain --all` of Linux
 * keeps some 55,000 while the values are fixed.
 */
struct xexpr {
	const struct expr *expr;	/* NULL: no condition (always y) */
	tristate value;
	/* The terms of its chain of && (1: not a chain), counted while evaluating. */
	unsigned terms;
	/* As in struct expr, by expr->op: */
	union {
		struct {
			struct xexpr *left, *right;	/* E_NOT: left; E_AND, E_OR: both */
		};
		struct {
			/* E_SYMBOL: the symbol's value; comparisons: both sides' values. */
			const char *lval, *rval;
		};
	};
	/*
	 * xexpr_valued_condition()'s answer, found while evaluating: the
	 * text renderer asks it of every condition it shows.
	 */
	const struct symbol *valued;
	/*
	 * The expression as text with its values, without spans, once the
	 * text renderer has made it (while the explainer's values are
	 * fixed: see explainer_fix_values()); NULL until then.
	 */
	const char *text;
	/*
	 * The same for its line as a condition: the text, its value, any
	 * note after it and the newline (print_cond_line()).
	 */
	const char *cond_text;
	unsigned text_len, cond_text_len;
};

/* --- the parts of a derivation --------------------------------------------- */

enum origin_kind {
	ORIGIN_USER,		/* a line of .config (or a value set in the browser) */
	ORIGIN_DEFAULT,		/* a `default` (or def_bool ...) line */
	ORIGIN_SELECT,		/* raised by `select` */
	ORIGIN_IMPLY,		/* raised by `imply` */
	ORIGIN_CHOICE,		/* a choice member's value: the choice's decision */
	ORIGIN_NONE,		/* nothing applied: n, 0, 0x0 or "" */
};

const char *origin_kind_name(enum origin_kind kind);	/* "user", ... */

/* Why a user value from .config was not (fully) used. */
enum unused_reason {
	UNUSED_NOTHING,		/* it was used as given */
	UNUSED_NO_PROMPT,	/* the symbol has no prompt: users cannot set it */
	UNUSED_DEPS_UNMET,	/* the entry's `depends on` is n */
	UNUSED_PROMPT_HIDDEN,	/* the prompt's `if` or a menu's `visible if` is n */
	UNUSED_LIMITED,		/* above what the prompt allows (y asked, m allowed) */
	UNUSED_SELECTED,	/* a `select` forces a higher value */
	UNUSED_RANGE,		/* outside the active range: clamped */
	UNUSED_MODULES,		/* m, but modules are off (or the symbol is bool): y */
	UNUSED_CHOICE_OTHER,	/* the choice picked another member */
	UNUSED_CHOICE_ALL_NO,	/* every visible member said n: the choice needs one */
	UNUSED_INVALID,		/* the line's value is not valid for the type */
};

const char *unused_reason_name(enum unused_reason reason);	/* "no-prompt", ... */

enum default_status {
	DEFAULT_TAKEN,		/* the first active one: it gave the value */
	DEFAULT_INACTIVE,	/* its condition was n */
	DEFAULT_SHADOWED,	/* active, but an earlier one was taken first */
	DEFAULT_UNUSED,		/* the first active one, but a user value won */
	/*
	 * A choice's first active one, but the choice picks no member
	 * (legacy choices: a tristate choice in m mode, or the choice n).
	 */
	DEFAULT_NO_PICK,
};

const char *default_status_name(enum default_status status);

/* One `default` line of the symbol (or of a choice). */
struct xdefault {
	const struct property *prop;
	enum default_status status;
	tristate active;		/* the whole condition: `if` && dependencies */
	struct xexpr *cond;		/* the `if` as written; NULL when none */
	struct xexpr *deps;		/* the entry's dependencies; NULL when none */
	struct xexpr *value;		/* the value expression, evaluated */
	const char *value_text;		/* what this default would give */
};

/* One `select` or `imply` of the symbol, by another symbol. */
struct xreverse {
	const struct property *prop;	/* in the selecting symbol's entry */
	const struct symbol *from;
	const char *from_value;
	struct xexpr *cond;		/* `if` as written; NULL when none */
	struct xexpr *deps;		/* the selecting entry's dependencies */
	tristate value;			/* from && cond && deps: what it forces */
};

/* One `select` or `imply` that the symbol itself writes: what it gives. */
struct xforward {
	const struct property *prop;	/* in this symbol's entry */
	const struct symbol *to;	/* the symbol selected or implied */
	const char *to_value;		/* its value now */
	struct xexpr *cond;		/* `if` as written; NULL when none */
	tristate value;			/* this symbol && cond && deps: what it gives */
};

/*
 * Where a dependency comes from: the entry's own `depends on`, or the
 * `if`, `menu` or `choice` around it (dependencies are shown with the
 * block that adds them).
 */
struct xdepsource {
	const struct menu_node *node;	/* the entry, or the enclosing block */
	struct xexpr *expr;		/* its `depends on` (an if: its condition) */
};

/* A prompt and whether it is shown. */
struct xprompt {
	const struct property *prop;
	tristate visible;
	struct xexpr *cond;		/* `if` as written; NULL when none */
	struct xexpr *deps;		/* the entry's dependencies; NULL when none */
	/* The innermost enclosing menu whose `visible if` is n, if any. */
	const struct menu_node *hidden_by;
	struct xexpr *visible_if;	/* hidden_by's `visible if`, evaluated */
};

enum bound_kind {
	BOUND_VISIBILITY,	/* the user value is limited to the prompt's visibility */
	BOUND_DEPENDS,		/* imply is capped by the direct dependencies */
	BOUND_SELECT,		/* select raises the value to at least this */
	BOUND_MODULES,		/* m becomes y: modules off, or a bool */
	BOUND_RANGE,		/* int/hex: the first active range */
};

const char *bound_kind_name(enum bound_kind kind);

struct xbound {
	enum bound_kind kind;
	bool applied;		/* it changed the value */
	/* BOUND_SELECT not applied: select alone gives the same value. */
	bool also_enough;
	const char *limit;	/* the limit: "m", "y", "2..512" */
	const char *before;	/* the value before the bound, when applied */
	struct location loc;	/* where the limit is written (line 0: nowhere) */
	const struct property *prop;	/* BOUND_RANGE: the range */
	struct xexpr *cond;	/* BOUND_RANGE: its condition; DEPENDS: dir_dep */
};


const char *choice_rule_name(enum choice_rule rule);	/* "user", ... */
/* The rule in words, the one wording every renderer uses. */
const char *choice_rule_text(enum choice_rule rule);

struct xchoice {
	const struct menu_node *node;	/* the `choice` entry */
	const char *prompt;
	const struct symbol *selection;	/* the member that is y, or NULL */
	enum choice_rule rule;
	const struct property *default_prop;	/* CHOICE_RULE_DEFAULT */
	struct location decided_at;	/* the line of the rule (a .config line for USER) */
	struct xdefault *defaults;	/* the choice's default lines */
	unsigned ndefaults;
	/* CHOICE_RULE_USER: the member was picked in this session. */
	bool this_session;
};

/* The user value read from .config. */
struct xuser {
	bool present;			/* config_has_user() */
	const char *value;		/* as given */
	struct location loc;		/* the .config line (line 0: unknown) */
	bool used;			/* it decided the value (perhaps limited) */
	enum unused_reason reason;	/* why not, or why only partly */
	/*
	 * Not used, but the same as the value: a line a configurator wrote
	 * back (a prompt-less symbol's computed value), not the user's choice.
	 */
	bool echoed;
	/* A line for the symbol that the reader refused (UNUSED_INVALID). */
	struct location ignored_loc;
	const char *ignored_text;
	/*
	 * Set in this session (the browser, a plan applied), not read from
	 * .config: loc is then line 0, and was / was_loc say what the user
	 * value was before (was NULL: .config gave it none).
	 */
	bool this_session;
	const char *was;
	struct location was_loc;
	/*
	 * The .config was merged from several inputs and its sources file
	 * says which line of which input set this value, over which earlier
	 * ones, and whether the .config kept what it asked for
	 * (config_sources.h); NULL: no record, or set in this session.
	 */
	const struct config_source *source;
};

/* One cause of a value. */
struct xcause {
	enum origin_kind kind;
	struct location loc;	/* file:line that decided (line 0: none) */
	const struct property *prop;	/* DEFAULT, SELECT, IMPLY (first) */
	const struct symbol *value_from;	/* `default OTHER_SYMBOL` */
	/* SELECT / IMPLY: the active selectors that force this value. */
	const struct xreverse **by;
	unsigned nby;
};

struct explanation {
	const struct symbol *sym;
	bool defined;			/* has a config entry */
	enum symbol_type type;		/* as it acts now (tristate is bool without modules) */
	const char *value;
	tristate tri;
	bool written;			/* conf writes it to .config */
	/* ... only because this tree's conf writes every symbol (BusyBox) */
	bool written_every;
	bool changeable;		/* a person could change it now */

	tristate visible;
	struct xprompt *prompts;
	unsigned nprompts;
	tristate dir_dep, rev_dep, implied;
	struct xexpr *depends;		/* dir_dep, evaluated; NULL when none */
	struct xdepsource *dep_sources;	/* each definition's, innermost first */
	unsigned ndep_sources;

	/*
	 * What decided the value, as the evaluator recorded it: origin is
	 * the hardest cause (select before the user value before a default
	 * before imply), also the others that would each give the same
	 * value on their own.
	 */
	struct xcause origin;
	struct xcause *also;
	unsigned nalso;

	struct xuser user;
	struct xdefault *defaults;
	unsigned ndefaults;
	struct xreverse *selects;	/* who selects it */
	unsigned nselects;
	struct xreverse *implies;	/* who implies it */
	unsigned nimplies;
	struct xforward *fwd_selects;	/* what it selects */
	unsigned nfwd_selects;
	struct xforward *fwd_implies;	/* what it implies */
	unsigned nfwd_implies;
	struct xbound *bounds;
	unsigned nbounds;
	struct xchoice *choice;		/* choice members and choices */
	/* Selected above what its dependencies allow (conf warns about it). */
	bool unmet_deps;

	/* The symbols that decided (for following the why-chain). */
	const struct symbol **because;
	unsigned nbecause;

	/* Linux 6.18: its `transitional` line (file NULL: not transitional). */
	struct location transitional_loc;
	/*
	 * The default that decided is `default OLD`, OLD a transitional
	 * symbol the .config sets (a renamed option): OLD, its value and
	 * line; counts_as_set: Linux 7.0's conf then counts this symbol as
	 * set (it is not asked as NEW).  sym NULL otherwise.
	 */
	struct {
		const struct symbol *sym;
		const char *value;
		struct location loc;
		bool counts_as_set;
	} via_transitional;
	/* Its entries' `depends on X if Y` lines (Linux 7.0), evaluated. */
	struct xconddep {
		const struct cond_depends *line;
		struct xexpr *dep, *cond;
	} *cond_deps;
	unsigned ncond_deps;
};

/* --- the explainer ---------------------------------------------------------- */

struct reverse_index;

/*
 * Was sym's user value set since the .config was read?  When it was,
 * *was gets the user value it had then (NULL: none).  The session
 * answers (src/session); without one, every user value is the file's.
 */
typedef bool explain_edited_fn(void *ctx, const struct symbol *sym,
			       const char **was);

struct explainer {
	struct config *cfg;
	struct kconfig *kc;
	struct arena arena;
	const struct user_lines *lines;		/* where user values came from; may be NULL */
	/*
	 * Who selects / implies each symbol (built on first use, NULL
	 * before): the props of
	 * target i are sel_props[sel_start[i] .. sel_start[i + 1]).
	 */
	unsigned *sel_start, *imp_start;
	const struct property **sel_props, **imp_props;
	struct reverse_index *reverse;		/* built on first use */
	/*
	 * Which symbols the explanation being built already lists in its
	 * because[]: by symbol index, the serial of that explanation (a
	 * symbol defined 100,000 times named 100,000 causes, each looked
	 * for in the list).
	 */
	unsigned *because_mark;
	size_t because_nmarks;
	unsigned because_serial;
	const struct explanation *because_of;
	struct strbuf scratch;
	/* explain_print_text()'s buffer, kept from one explanation to the next */
	struct strbuf print_buf;
	/*
	 * Set by explainer_fix_values(): the configuration will not change
	 * while this explainer lives, so each expression is evaluated once
	 * (memo, explain_memo.c) and its text made once (xexpr.text).  What
	 * the memo keeps is in memo_arena, which explainer_reset() keeps.
	 */
	bool values_fixed;
	struct memo_entry *memo;
	size_t memo_cap, memo_used;
	struct arena memo_arena;
	/*
	 * While the values are fixed, a symbol standing alone in an
	 * expression is one xexpr wherever it stands, evaluated once (two:
	 * as a condition and not): leaves[2 * index + cond], NULL until
	 * made, nleaves entries (the symbols there were when it was made).
	 */
	struct xexpr **leaves;
	size_t nleaves;
	explain_edited_fn *edited;	/* NULL: nothing was edited */
	void *edited_ctx;
};

struct explainer *explainer_new(struct config *cfg, const struct user_lines *lines);
void explainer_free(struct explainer *ex);
/* Ask fn which user values were set in this session (see explain_edited_fn). */
void explainer_track_edits(struct explainer *ex, explain_edited_fn *fn, void *ctx);
/* Release every explanation made so far (their memory is reused). */
void explainer_reset(struct explainer *ex);
/*
 * Promise that ex's configuration will not change from now on (a batch
 * command explaining many symbols): explanations then share the
 * evaluated expressions and their texts.
 */
void explainer_fix_values(struct explainer *ex);
/*
 * With the values fixed, room made at once for explaining about nsymbols
 * symbols (`explain --all`: every symbol of the tree), instead of the
 * memo growing to it by doubling (each step a new table, rehashed).
 */
void explainer_expect_symbols(struct explainer *ex, size_t nsymbols);

/* Explain a symbol (config entry or a name only referenced). */
struct explanation *explain_symbol(struct explainer *ex, const struct symbol *sym);
/* Explain a choice: which member is y and why. */
struct xchoice *explain_choice(struct explainer *ex, const struct menu_node *choice);

/*
 * Is sym a value written in the Kconfig text rather than a symbol: y, m,
 * n, a quoted string, or a number (which the kernel, and so the parser,
 * keeps as an undefined symbol named "12")?
 */
static inline bool explain_is_literal(const struct symbol *sym)
{
	const char *name = sym->name;

	if (sym->flags & SYMBOL_CONST)
		return true;
	if (sym->type != S_UNKNOWN || (sym->flags & SYMBOL_DEFINED) || !name)
		return false;
	if (*name == '-')
		name++;
	return *name >= '0' && *name <= '9';
}

/*
 * Evaluate an expression part by part (cond: `m` means m && MODULES).
 * With the values fixed, the same expression gives the same xexpr, which
 * nobody may change.
 */
struct xexpr *explain_expr(struct explainer *ex, const struct expr *e, bool cond);
/*
 * What is made once per explainer while its values are fixed
 * (explain_memo.c): an object kept under another's address and a kind.
 * memo_get() returns NULL for what was not kept.  What is kept lives in
 * ex->memo_arena, as long as the explainer; a text is kept with its
 * length (memo_text_put() copies it there).
 */
enum memo_kind {
	MEMO_XEXPR,		/* explain_expr(e, false), by e */
	MEMO_XEXPR_COND,	/* explain_expr(e, true), by e */
	MEMO_PROPERTY_TEXT,	/* a property as a Kconfig line, by property */
	MEMO_MENU_PATH_TEXT,	/* the "location:" line, by the entry's menu parent */
};
void *memo_get(struct explainer *ex, const void *at, enum memo_kind kind);
void memo_put(struct explainer *ex, const void *at, enum memo_kind kind, void *value);
struct memo_text {
	size_t len;
	char text[];
};
void memo_text_put(struct explainer *ex, const void *at, enum memo_kind kind,
		   const char *text, size_t len);
/*
 * Each operand of x in the order the printer meets it: a symbol (or
 * constant) with its value, both sides of a comparison.
 */
typedef void xexpr_operand_fn(void *ctx, const struct symbol *sym, const char *value);
void xexpr_each_operand(const struct xexpr *x, xexpr_operand_fn *fn, void *ctx);
/* Append e as Kconfig text, with the values from x when x != NULL. */
void expr_append(struct strbuf *b, const struct expr *e, const struct xexpr *x);
/* The same in the explainer's scratch buffer (valid until the next use). */
const char *explain_scratch_expr(struct explainer *ex, const struct expr *e,
				 const struct xexpr *x);
/* The same into the arena. */
const char *xexpr_string(struct explainer *ex, const struct xexpr *x);
/* The property as a line of Kconfig: "default 12 if PAGE_SIZE_4KB". */
const char *property_text(struct explainer *ex, const struct property *prop);
/*
 * "range NR_CPUS_RANGE_BEGIN [=2] NR_CPUS_RANGE_END [=512]": a range with
 * the value of each bound that is a symbol.
 */
const char *range_text_values(struct explainer *ex, const struct property *range);
/*
 * The $(shell,...) commands that ran on prop's line (or, for a `:=`
 * variable used there, where it was made): up to max of them in runs.
 */
unsigned explain_prop_runs(struct explainer *ex, const struct property *prop,
			   const struct shell_run **runs, unsigned max);
/*
 * The terms of x, a chain of &&, that are n, at most max of them: for a
 * failing condition, which parts fail.  0 unless x is n and has 2 terms
 * or more.
 */
unsigned xexpr_false_terms(const struct xexpr *x, const struct xexpr **terms,
			   unsigned max);
/* Does x read an int, hex or string symbol as a condition (always n)? */
const struct symbol *xexpr_valued_condition(const struct xexpr *x);
/*
 * The menus around a definition in the finished menu tree (what
 * menuconfig's "Location:" lists), the outermost first, those without a
 * prompt left out: at most max into path; returns how many.
 */
unsigned explain_menu_path(struct explainer *ex, const struct menu_node *node,
			   const struct menu_node **path, unsigned max);
/* The menu a definition is in, in the finished menu tree: its path depends on it alone. */
const struct menu_node *explain_menu_parent(struct explainer *ex,
					    const struct menu_node *node);
/* "file:line" in the arena ("" when unknown). */
const char *location_text(struct explainer *ex, struct location loc);
/* The same text appended to b (nothing when unknown). */
void location_append(struct strbuf *b, struct location loc);
/*
 * The inputs behind a merged user value, in the arena: "set by F:L",
 * ", over G:M and H:N" after it for the lines it replaced; "" for NULL.
 */
const char *user_source_text(struct explainer *ex, const struct config_source *src);

/* --- reverse view (reverse_deps.c) ---------------------------------------- */

enum reverse_kind {
	REV_DEPENDS,		/* `depends on` of an entry */
	REV_DEPENDS_INHERITED,	/* an enclosing menu, if or choice's dependency */
	REV_SELECTS,		/* `select SYM` */
	REV_IMPLIES,		/* `imply SYM` */
	REV_SELECT_COND,	/* the `if` of a select or imply */
	REV_DEFAULT,		/* a default's value or condition */
	REV_RANGE,		/* a range's bounds or condition */
	REV_PROMPT,		/* a prompt's `if` */
	REV_VISIBLE_IF,		/* a menu's `visible if` */
	REV_MENU_DEPENDS,	/* `depends on` of a menu or comment */
};

const char *reverse_kind_name(enum reverse_kind kind);

struct reverse_use {
	enum reverse_kind kind;
	const struct symbol *user;	/* the symbol whose entry it is; NULL for menus */
	const struct menu_node *node;	/* the entry */
	const struct property *prop;	/* when it is a property */
	struct location loc;
};

/* Every place that reads sym, in tree order.  *count gets their number. */
const struct reverse_use *explain_reverse(struct explainer *ex,
					  const struct symbol *sym,
					  unsigned *count);
void reverse_index_free(struct reverse_index *index);

/* --- how to change it (explain_change.c) ------------------------------------ */

enum step_kind {
	STEP_SET,		/* the user sets sym to value */
	STEP_CHOOSE,		/* the user picks sym in its choice */
	STEP_BLOCKED,		/* not a value the symbol can have (why says so) */
};

struct change_step {
	enum step_kind kind;
	const struct symbol *sym;
	const char *value;		/* wanted */
	const char *now;		/* current */
	bool visible_now;
	int depth;			/* 0: the goal's own step, 1: a prerequisite */
	const char *why;		/* the intermediate goal it serves, or what blocks */
	struct location loc;		/* the entry of sym */
	bool refused;			/* unused: plans are applied as user values */
};

struct change_effect {
	const struct symbol *sym;
	const char *before, *after;
	tristate vis_before, vis_after;
};

/* The target that asks for the prompt to be shown rather than a value. */
#define EXPLAIN_VISIBLE "visible"

/*
 * A plan: the fewest user values that give the goal its value, found by
 * the solver (plan_search.c) and verified by the model on a copy of the
 * configuration; or the proof that no user values can.
 */
struct change_plan {
	const struct symbol *goal;
	const char *want;		/* a value, or "visible" */
	const char *now;		/* the value now; for "visible": "visible", "hidden"
					 * or "fixed" (shown, a select fixes the value) */
	bool visible;			/* the target is the prompt shown, not a value */
	bool already;			/* the value is already the wanted one */
	bool feasible;			/* a verified plan was found */
	bool impossible;		/* proved: no user values reach it */
	struct change_step *steps;	/* in the order to apply them */
	unsigned nsteps;
	/* After applying the steps to a copy of the configuration: */
	bool verified;			/* the goal got the wanted value */
	const char *result;		/* the value it got (for "visible": as now) */
	struct change_effect *effects;	/* every other value or visibility that changes */
	unsigned neffects;
	unsigned nvalues;		/* effects whose value changes */
	const char *drastic;		/* "turns 64BIT off", "changes 252 values" */
	/* impossible: why, one fact of the solver's core a line. */
	const char **proof;
	unsigned nproof;
	unsigned candidates;		/* solver answers tried with the model */
	struct change_plan *next;	/* another plan with as few steps */
};

/*
 * What must change for sym to get the value `want` ("y", "m", "n", a
 * number or a string), or for its prompt to be shown (`want` is
 * EXPLAIN_VISIBLE: "visible" is never taken as a string value).  fresh
 * gives a new configuration with the same user values as ex->cfg, on
 * which every candidate is verified (NULL: no plan is given).
 * max_depth is not used (the solver's search is complete).
 */
typedef struct config *explain_fresh_fn(void *ctx);
struct change_plan *explain_change(struct explainer *ex, const struct symbol *sym,
				   const char *want, int max_depth,
				   explain_fresh_fn *fresh, void *fresh_ctx);

/*
 * Several goals at once (conf --want): the fewest user changes meeting
 * all of them, verified; or the goals that conflict and why.
 */
struct want_goal {
	const struct symbol *sym;
	const char *want;
	struct location loc;
};

struct want_result {
	bool met;			/* a verified set of changes was found */
	bool impossible;		/* proved */
	const struct symbol **syms;	/* the changes, as user values */
	const char **values;
	bool *choose;
	unsigned n;
	const char **proof;		/* the conflicting goals and facts */
	unsigned nproof;
};

void explain_want(struct explainer *ex, const struct want_goal *goals,
		  unsigned ngoals, explain_fresh_fn *fresh, void *fresh_ctx,
		  struct want_result *out);
/* Give cfg the user values of a result that met its goals. */
void explain_want_apply(struct config *cfg, const struct want_result *res);

/* --- the why-chain (why_chain.c) ------------------------------------------- */

/*
 * One symbol of the why-chain.  Level 0 is the symbol asked about; level
 * n + 1 holds the symbols named in the `because` of level n that no
 * earlier level holds.
 */
struct why_link {
	const struct explanation *x;
	int level;
	const struct symbol *via;	/* whose explanation named it first (level 0: NULL) */
};

struct why_chain {
	struct why_link *links;		/* breadth first; links[0] is the symbol itself */
	unsigned nlinks, cap;
	int max_level;			/* the limit it was walked with */
	int levels;			/* the deepest level it holds */
	/*
	 * Symbols named at level max_level that the limit kept out (each
	 * counted once): 0 when the chain is complete.
	 */
	unsigned not_followed;
};

/*
 * Walk the why-chain of x down to max_level levels (0: x alone).  The
 * explanations live in ex's arena; release the chain before
 * explainer_reset().
 */
void why_chain_walk(struct explainer *ex, const struct explanation *x,
		    int max_level, struct why_chain *chain);
void why_chain_release(struct why_chain *chain);

/* --- renderers --------------------------------------------------------------- */

struct explain_print_options {
	int depth;		/* follow the why-chain this many levels (0: only the symbol) */
	bool reverse;		/* print the reverse view too */
	bool no_help;		/* leave out the help text (text only) */
};

/*
 * The text renderer writes lines, each with a hint of what it is; the
 * command line prints them, the browser's pane shows them styled, with
 * links.  Both get the same lines, so they cannot disagree.
 */
enum explain_style {
	XSTYLE_NORMAL,
	XSTYLE_HEADING,		/* a section's first line, the symbol = value line */
	XSTYLE_DECIDING,	/* what decided the value */
	XSTYLE_DIM,		/* what does not count now (condition n, gives n) */
	XSTYLE_WARNING,
};

/*
 * What a stretch of a line names.  A line is made of spans: the
 * stretches listed, and plain text between them.
 */
enum explain_span_kind {
	XSPAN_SYMBOL,		/* a symbol's name (sym) */
	XSPAN_LOCATION,		/* file:line */
	XSPAN_VALUE,		/* a value (of sym, when it is set) */
};

struct explain_span {
	unsigned start, len;		/* bytes of the line's text */
	enum explain_span_kind kind;
	const struct symbol *sym;
};

/*
 * Text being built with its spans (explain_spans.c): every writer of a
 * symbol's name, a location, an expression or a property through it
 * records what it wrote where, so no reader has to guess from the text.
 */
struct span_text {
	struct strbuf text;
	struct explain_span *spans;
	unsigned nspans, cap;
	bool no_spans;		/* the text only: no span is recorded */
};

/*
 * vsnprintf()'s text appended to b, made without it for %s, %c, %d, %u
 * and %% (explain_format.c: the renderer's pieces are mostly those).
 */
void explain_vformat(struct strbuf *b, const char *fmt, va_list ap);
void span_text_add(struct span_text *t, const char *s);
void span_text_symbol(struct span_text *t, const struct symbol *sym);
void span_text_location(struct span_text *t, struct explainer *ex, struct location loc);
/* value as the text shows it: quoted for a string symbol. */
void span_text_value(struct span_text *t, const struct symbol *sym, const char *value);
/* An expression with the values of x (may be NULL), each symbol a span. */
void span_text_expr(struct span_text *t, const struct expr *e, const struct xexpr *x);
/* property_text()'s text, each symbol a span. */
void span_text_property(struct span_text *t, const struct property *prop);
/* Record a span over the last len bytes written. */
void span_text_mark(struct span_text *t, size_t len, enum explain_span_kind kind,
		    const struct symbol *sym);
/* Drop the first n bytes (a line handed on), and the spans in them. */
void span_text_consume(struct span_text *t, size_t n);
void span_text_release(struct span_text *t);

struct explain_line {
	const char *text;		/* one line, without its newline */
	const struct explain_span *spans;	/* in order, not overlapping */
	unsigned nspans;
	enum explain_style style;
	/*
	 * Lines a reader may fold away: every line of a group has the same
	 * fold number (0: none), and the group's first line is its head,
	 * which says what the others are ("and 38 more that give n:").
	 */
	unsigned fold;
	bool fold_head;
	const struct symbol *sym;	/* the symbol being explained */
};

typedef void explain_line_fn(void *ctx, const struct explain_line *line);

void explain_render_text(struct explainer *ex, const struct explanation *x,
			 const struct explain_print_options *opts,
			 explain_line_fn *emit, void *ctx);
/* explain_render_text() to a stream, a newline after each line. */
void explain_print_text(struct explainer *ex, const struct explanation *x,
			const struct explain_print_options *opts, FILE *out);
/*
 * The same text added to the end of out, for a caller that writes many
 * explanations in large pieces (`explain --all`).
 */
void explain_append_text(struct explainer *ex, const struct explanation *x,
			 const struct explain_print_options *opts, struct strbuf *out);
void explain_print_plan_text(struct explainer *ex, const struct change_plan *plan,
			     FILE *out);
/* The plan's lines with their spans (the text explain_print_plan_text() prints). */
void explain_render_plan_text(struct explainer *ex, const struct change_plan *plan,
			      explain_line_fn *emit, void *ctx);
/* Set o's key to loc as "file:line", null when there is no line (jansson's json_t). */
struct json_t;
void json_put_location(struct explainer *ex, struct json_t *o, const char *key,
		       struct location loc);
/* One JSON object on one line (plan may be NULL). */
void explain_print_json(struct explainer *ex, const struct explanation *x,
			const struct change_plan *plan, bool reverse, FILE *out);
/*
 * The same, then one object per symbol of the why-chain down to
 * opts->depth levels.  With a chain, each object has a "why_chain"
 * member: x's says how many symbols and levels follow and how many the
 * depth limit left out; the others their level and who named them.
 */
void explain_print_json_chain(struct explainer *ex, const struct explanation *x,
			      const struct change_plan *plan,
			      const struct explain_print_options *opts, FILE *out);

#endif
