/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of the value model share: the per-symbol value record,
 * the index built once per tree, and struct config itself.
 */
#ifndef KBROWSE_CONFIG_INTERNAL_H
#define KBROWSE_CONFIG_INTERNAL_H

#ifndef KBROWSE_MODEL
#error "config_internal.h is the model's own: use config.h"
#endif

#include <stdint.h>

#include "config.h"

/* symval.flags */
enum {
	V_VALID = 1 << 0,	/* tri/str/visible/... are computed */
	V_WRITE = 1 << 1,	/* conf would write it (SYMBOL_WRITE) */
	V_USER = 1 << 2,	/* has a user value */
	V_CHOICE_VALID = 1 << 3,	/* choice symbol: `selected` is computed */
	V_USER_PATH = 1 << 4,	/* the value started from the user value */
	V_BUSY = 1 << 5,	/* being computed (config_calc() is under way) */
	/*
	 * Linux 7.0: the value came from `default OLD`, OLD transitional
	 * with a .config value, so conf counts it as set (not NEW).
	 */
	V_SET_BY_TRANSITIONAL = 1 << 6,
};

/*
 * Nested computations (config_calc() within config_calc()): every
 * CALC_WARM_DEPTH levels, what the symbol being computed reads is
 * computed first (see warm_up()); past the second depth a computation is
 * refused, far below what the C stack holds.
 */
#define CALC_WARM_DEPTH	200
#define CALC_DEPTH_MAX	2000

/* Everything one configuration knows about one symbol. */
struct symval {
	tristate tri;
	tristate visible;
	tristate dir_dep, rev_dep, implied;
	tristate user_tri;
	unsigned char flags;
	/* Choice member: priority stamp (higher first, 0 = parse order). */
	int prio;
	/* Choice symbol: index + 1 of the member that is y, 0 for none. */
	unsigned selected;
	/* Legacy choice symbol: index + 1 of the member the user set to y. */
	unsigned user_member;
	const char *str;	/* int, hex, string: the value */
	const char *user_str;	/* int, hex, string: the user value */
	/* Why (struct value_origin): recorded by config_calc(). */
	unsigned char causes;
	tristate base, from_default;
	/* Choice symbol: the rule that picked `selected` (enum choice_rule). */
	unsigned char choice_rule;
	const struct property *choice_via;	/* ... and the default it took */
	const struct property *default_prop;
	const struct property *range_prop;
	const char *unclamped;
};

/* A choice as the value code walks it. */
struct choice_info {
	const struct menu_node *node;
	/* Members in the order they were written (first choice wins). */
	const struct symbol **members;
	unsigned nmembers;
	/* Every symbol entry under the choice, in menu order. */
	const struct symbol **entries;
	unsigned nentries;
};

/* Derived once per tree, shared by the configurations of that tree. */
struct config_model {
	int refs;
	struct kconfig *kc;
	/*
	 * Readers of symbol i: readers[reader_start[i] .. reader_start[i+1]).
	 * Built the first time a computed value must be invalidated (batch
	 * runs compute everything once and never need it).
	 */
	unsigned *reader_start;
	unsigned *readers;
	/*
	 * By symbol index: a position in which each symbol comes after
	 * everything it reads along the reader index (config_base.c; built
	 * when first needed, NULL with rank_cyclic set if there is none).
	 */
	unsigned *rank;
	unsigned *rank_order;	/* the symbols by rank */
	/*
	 * The reader index without the edges the rank leaves out (a symbol
	 * reading itself, a choice its own members): by symbol, the readers
	 * whose rank is above it.  config_base.c walks these for each value
	 * that changed.
	 */
	unsigned *ranked_start, *ranked;
	bool rank_cyclic;
	struct choice_info *choices;
	unsigned nchoices;
	/* By symbol index: position in choices (choice symbols), or -1. */
	int *choice_index;
	/* By symbol index: position among its choice's members. */
	unsigned *member_pos;
	/* The tree in the kernel's finished shape (built when first needed). */
	struct kernel_menu *kmenu;
	/* kernel_table_order() of the tree (built when first needed). */
	const struct symbol **table_order;
	size_t table_count;
	/* Which memo entries read which symbol (memo_index.c; when first needed). */
	struct memo_index *memo_index;
};

/* A remembered value of an && / || subexpression (see eval()). */
struct expr_memo {
	const struct expr *expr;
	unsigned epoch;
	tristate value;
};

struct config {
	struct config_model *model;
	struct kconfig *kc;
	struct symval *vals;
	/* The value modules_sym had when last computed (the kernel's modules_val). */
	tristate modules_val;
	int prio_high, prio_low;	/* last stamps handed out */
	/* User strings, interned so that computed values may point at them. */
	struct arena string_arena;
	struct intern_table strings;
	unsigned read_unknown;		/* unknown symbols in the last file read */
	unsigned long calc_count;	/* symbols computed so far */
	unsigned long user_sets;	/* user states set or cleared so far */
	/*
	 * From config_bases_next() to config_bases_apply(): the last file's
	 * values and flags stay as they are (no user state left, nothing
	 * invalidated) while a file is read: config_base.c computes again
	 * what its user states change.
	 */
	bool base_read;
	unsigned long base_read_sets;	/* user_sets when it began */
	/*
	 * While base_read: by symbol index, a bit for each symbol whose user
	 * state was set (config_base.c lists the file's users from it).
	 */
	uint64_t *user_marks;
	/*
	 * By symbol index, a bit for each symbol whose user state was set
	 * since the user states were last all cleared: those that may have
	 * one.  Not enough under legacy choices, whose reads give choice
	 * symbols user states of their own: then every symbol may.
	 */
	uint64_t *user_maybe;
	/*
	 * config_all_computed() is known to be true (config_base.c: a file
	 * computed from a base that was): no loop over the table to ask.
	 * Every invalidation begins a new epoch, which clears it.
	 */
	bool all_computed;
	/*
	 * Some value may be marked computed (V_VALID, V_CHOICE_VALID):
	 * false in a new configuration and after every value was marked
	 * not computed, so that config_invalidate_all() of a configuration
	 * that computed nothing (the first read of a new one) reads no value.
	 */
	bool maybe_valid;
	/* Some value was computed with a modules_val that changed since. */
	bool stale_modules;
	config_unmet_fn *on_unmet;
	void *unmet_ctx;
	unsigned *work;			/* scratch stack for invalidation */
	/*
	 * Values of shared subexpressions (an entry's dependencies appear in
	 * every condition of the entry and of the entries inside it), valid
	 * while epoch has not moved: any invalidation moves it.
	 */
	struct expr_memo *memo;
	size_t memo_mask;
	unsigned memo_shift;		/* 64 - log2(memo_mask + 1) */
	unsigned epoch;
	unsigned epoch_last;		/* the highest epoch handed out */
	/* Entries outside the memo index (memo_index.c); NULL: not kept. */
	struct memo_keep *memo_keep;
	unsigned calc_depth;		/* config_calc() calls under way */
	unsigned warm_base;		/* calc_depth where warm_up() last began */
	bool warming;			/* the calc_order pass is under way */
	const struct symbol *too_deep;	/* first symbol past CALC_DEPTH_MAX */
};

/*
 * What computing a symbol reads (config.c): each expression (NULL for
 * none) and each symbol read outside an expression, with the symbol
 * whose computation reads it (a choice reads its members' prompts).
 * The reader index and the memo index's readers are both built from it.
 */
struct read_visitor {
	void (*expr)(void *ctx, unsigned reader, const struct expr *e);
	void (*symbol)(void *ctx, unsigned reader, const struct symbol *sym);
	void *ctx;
};
void config_visit_reads(const struct symbol *sym, const struct read_visitor *rv);

struct config_model *config_model_build(struct kconfig *kc);
void config_model_build_readers(struct config_model *model);
void config_model_put(struct config_model *model);

/* symbol_value.c */
void config_calc(struct config *cfg, const struct symbol *sym);
void config_invalidate(struct config *cfg, const struct symbol *sym);
/* The string the kernel keeps for a computed symbol (curr.val). */
const char *config_raw_str(struct config *cfg, const struct symbol *sym);
/* The prompt visibility, stored even before the symbol is computed. */
tristate config_member_visibility(struct config *cfg, const struct symbol *sym);
/* The prompt visibility computed afresh (and stored). */
tristate config_calc_prompt_visibility(struct config *cfg, const struct symbol *sym);

/* choice.c */
const struct choice_info *config_choice_of(const struct config *cfg,
					   const struct symbol *choice_sym);
void config_calc_choice(struct config *cfg, const struct symbol *choice_sym);
/* Legacy choices: the member a choice symbol whose value is v->tri picks. */
void config_calc_legacy_choice(struct config *cfg,
			       const struct symbol *choice_sym, struct symval *v);

/*
 * A new epoch: every memo slot filled before is stale.  Epochs are
 * never handed out twice, so an epoch brought back by
 * config_memo_revive() finds only its own slots.
 */
static inline void config_new_epoch(struct config *cfg)
{
	cfg->epoch = ++cfg->epoch_last;
	cfg->all_computed = false;
}

/* The memo slot of an && / || node (from the hash's top bits: one shift). */
static inline struct expr_memo *config_memo_slot(const struct config *cfg,
						 const struct expr *e)
{
	uint64_t h = (uint64_t)((uintptr_t)e >> 4) * 0x9E3779B97F4A7C15ull;

	return &cfg->memo[h >> cfg->memo_shift];
}

static inline bool legacy_choices(const struct config *cfg)
{
	return cfg->kc->dialect->legacy_choices;
}

static inline struct symval *symval(const struct config *cfg,
				    const struct symbol *sym)
{
	return &cfg->vals[sym->index];
}

/*
 * The value of an E_SYMBOL operand by the index the node keeps: no read
 * of the symbol, a cache miss per operand where the tree no longer fits
 * the cache.
 */
static inline struct symval *operand_symval(const struct config *cfg,
					    const struct expr *e)
{
	return &cfg->vals[e->sym_index];
}

/* No user value and no choice preference: what a new read starts from. */
static inline void symval_clear_user(struct symval *v)
{
	v->user_tri = TRI_NO;
	v->user_str = NULL;
	v->prio = 0;
	v->user_member = 0;
}

/*
 * The state of one read and its computation cleared, a new epoch begun
 * (config.c's resets, and config_base.c's next file, which keeps the
 * strings and the MODULES value of the one before).
 */
void config_reset_run(struct config *cfg);

#endif
