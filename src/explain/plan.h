/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The solver behind plans (explain --to, conf --want, the browser's `p`),
 * inside src/explain/ only.
 *
 * plan_encode.c turns the part of the tree a goal can read (its cone of
 * influence) into a propositional formula for PicoSAT, under the current
 * configuration: each user value the plan may change is a variable, each
 * value fixed for this tree (an environment comparison, a $(shell)
 * answer, an undefined symbol, a symbol nothing can move) an assumption.
 * plan_search.c asks for the fewest changes, verifies every candidate
 * with the model (the exact evaluator) on a copy of the configuration and
 * feeds what fails back; plan_proof.c says in words why none exists, from
 * the assumptions the solver could not keep.
 */
#ifndef KBROWSE_PLAN_H
#define KBROWSE_PLAN_H

#include <picosat/picosat.h>

#include "explain.h"

/* Two literals for a y/m/n value: "at least m" and "y" (y implies m). */
struct tri_lits {
	int m, y;
};

/* Candidate values of an int, hex or string symbol, one literal each. */
struct text_domain {
	const char **texts;
	int *lits;		/* exactly one holds (0 until encoded) */
	unsigned n, cap;
};

enum fact_kind {
	FACT_FIXED,		/* a symbol no user value can move */
	FACT_COMPARE,		/* a comparison of two constants (macros expanded) */
	FACT_UNDEFINED,		/* a symbol no entry of this tree defines */
};

/* Something fixed for this tree: assumed, named by proofs. */
struct plan_fact {
	int lit;
	enum fact_kind kind;
	const struct symbol *sym;	/* FACT_FIXED, FACT_UNDEFINED */
	const struct expr *cmp;		/* FACT_COMPARE */
	const struct property *where;	/* the line that reads it */
	const struct symbol *reader;	/* whose property that is */
	bool holds;			/* FACT_COMPARE: its value */
};

/* A user value the plan may change. */
struct plan_var {
	const struct symbol *sym;
	int keep;		/* the user value stays as it is */
	bool choose;		/* a choice member: the user picks it */
	struct tri_lits user;	/* bool, tristate: the new user value */
	struct text_domain *dom;	/* int, hex, string: its candidates */
	int *user_text;		/* one literal per candidate of dom */
};

struct plan_goal {
	const struct symbol *sym;
	const char *want;	/* y, m, n, a number, a string, or "visible" */
	int lit;
	struct location loc;	/* conf --want: the goal's line */
};

/* One user value of a plan: what a step sets. */
struct plan_change {
	const struct symbol *sym;
	const char *value;
	bool choose;
	/* What it is for: "X must become v" (NULL: the goal reads it). */
	const char *why;
};

struct plan_enc {
	struct explainer *ex;
	struct config *cfg;
	struct kconfig *kc;
	PicoSAT *ps;
	int t;				/* the literal that is always true */
	struct tri_lits *val;		/* bool, tristate value by symbol index */
	struct tri_lits *vis;		/* prompt visibility, once defined */
	struct tri_lits *rev;		/* what selects force, once defined */
	struct text_domain **dom;	/* int, hex, string candidates */
	unsigned char *state;		/* by index: 1 queued, 2 defined, 4 domain busy */
	int *var_of;			/* index into vars, + 1 */
	int *choice_done;		/* choice symbols encoded */
	/*
	 * Per choice encoded, "the plan picks one of its members": the
	 * counter of changes counts a choice once, not per member (at most
	 * one is picked).
	 */
	int *choice_units;
	unsigned nchoice_units, choice_units_cap;
	unsigned *queue;
	unsigned nqueue, queue_cap;
	struct plan_var *vars;
	unsigned nvars, vars_cap;
	struct plan_fact *facts;
	unsigned nfacts, facts_cap;
	/* Constants each int/hex/string symbol is compared with. */
	const char ***compared;
	unsigned *ncompared;
	/*
	 * Assumed while it can be: no select forces a symbol above its
	 * dependencies where none did (conf's "unmet direct dependencies").
	 */
	int clean;
	/* Something was encoded approximately: no proof of impossibility. */
	bool approximate;
	const struct property *reading;	/* the property being encoded */
	const struct symbol *reader;
};

/* plan_encode.c */
void plan_enc_init(struct plan_enc *enc, struct explainer *ex);
void plan_enc_free(struct plan_enc *enc);
/* The literal "sym has the value want" (encodes its cone); 0: not a value. */
int plan_enc_goal(struct plan_enc *enc, const struct symbol *sym,
		  const char *want);
/* text is a candidate value of sym (before anything reads sym). */
void plan_enc_candidate(struct plan_enc *enc, const struct symbol *sym,
			const char *text);
/* Define everything queued (the cone of what was asked so far). */
void plan_enc_finish(struct plan_enc *enc);
int plan_enc_var(struct plan_enc *enc);
void plan_enc_clause(struct plan_enc *enc, const int *lits, unsigned n);

/* plan_search.c */
struct plan_result {
	bool impossible;		/* proved: no user values reach the goals */
	bool no_plan;			/* not found (approximate encoding, limits) */
	unsigned nplans;
	struct plan_change *plans[3];	/* each verified, minimal, distinct */
	unsigned nchanges[3];
	const int *failed;		/* impossible: the assumptions in the core */
	unsigned nfailed;
	unsigned candidates;		/* tried with the exact evaluator */
};

/* Do the user values `changes` give every goal its value in cfg? */
const char *plan_visibility_text(struct config *cfg, const struct symbol *sym);
bool plan_goals_hold(struct config *cfg, const struct plan_goal *goals,
		     unsigned ngoals);
void plan_apply(struct config *cfg, const struct plan_change *changes,
		unsigned n);
void plan_search(struct plan_enc *enc, struct plan_goal *goals, unsigned ngoals,
		 explain_fresh_fn *fresh, void *fresh_ctx,
		 struct plan_result *out);

/* plan_proof.c: one sentence per fact of the core, or per goal. */
const char **plan_proof_lines(struct plan_enc *enc, const struct plan_goal *goals,
			      unsigned ngoals, const struct plan_result *res,
			      unsigned *count);

#endif
