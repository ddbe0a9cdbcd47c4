// SPDX-License-Identifier: GPL-2.0
/*
 * Many configurations of one tree evaluated one after the other (survey:
 * every defconfig of an architecture) share most of their values.  Each
 * takes the values of the one computed just before it (its base, still
 * in the configuration: nothing is copied) and computes again only what
 * its own user values change:
 * first the symbols whose user state differs, then, in an order where
 * every symbol comes after what it reads (the rank), the readers of
 * each value that came out different, and so on (with the memo kept
 * between files, only those that read it other than through an && / ||
 * node, or read a node whose value changed: memo_index.c).  A value whose inputs
 * all came out as in the base is the base's, without computing it.
 *
 * The caller orders the files so that each is like the one before
 * (survey_order.c).  Every tristate reads whether modules are enabled,
 * so a base whose MODULES user value (unset, n, m or y) differs cannot
 * serve: such a file, and the first, is computed in full.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config_internal.h"
#include "config_base.h"
#include "memo_index.h"
#include "util.h"

/* Unset, then n, m, y: the MODULES user values a base can stand for. */
#define BASE_KINDS 4

/* A symbol's user value, and its place among a choice's preferences. */
struct user_state {
	unsigned index;
	unsigned char has;		/* V_USER */
	tristate tri;
	const char *str;
	int prio;
	unsigned member;
};

struct config_bases {
	size_t cap;			/* symbols the arrays below hold */
	struct user_state *users;	/* the file's user states, by index */
	size_t nusers;
	/* The configuration computed last, cfg's values: its user states. */
	struct user_state *prev;
	size_t nprev;
	unsigned prev_kind;		/* its MODULES user value */
	tristate prev_modules_val;
	bool prev_stale_modules;
	bool computed;			/* cfg holds it, as computed */
	bool prev_all;			/* ... every value of the table computed */
	unsigned kept_epoch;		/* cfg's epoch then: changed since? */
	/*
	 * cfg's counts of user states set and of symbols computed then:
	 * anything since would leave a user state the next file's read does
	 * not clear, or a flag its values do not account for.
	 */
	unsigned long kept_user_sets, kept_calc_count;
	unsigned long applied_user_sets;	/* ... and when users were collected */
	bool ready;			/* ... and config_bases_next() kept it */
	bool keep;			/* config_bases_keep() is to note cfg */
	bool no_memo;			/* the memo starts afresh for each file */
	unsigned kind;			/* the file's MODULES user value */
	unsigned *changed;		/* symbols whose user state differs */
	unsigned char *differs;		/* by symbol: listed in changed */
	uint64_t *pending;		/* by rank: to compute again */
	size_t scan;			/* word of pending to look at first */
	struct config_bases_stats stats;
};

struct config_bases *config_bases_new(void)
{
	return xcalloc(1, sizeof(struct config_bases));
}

void config_bases_free(struct config_bases *bases)
{
	if (!bases)
		return;
	free(bases->prev);
	free(bases->users);
	free(bases->changed);
	free(bases->differs);
	free(bases->pending);
	free(bases);
}

/* Which base cfg's MODULES user value calls for. */
static unsigned base_kind(const struct config *cfg)
{
	const struct symbol *modules = cfg->kc->modules_sym;
	const struct symval *v;

	if (!modules)
		return 0;
	v = symval(cfg, modules);
	return (v->flags & V_USER) ? 1 + (unsigned)v->user_tri : 0;
}

/* --- the rank ---------------------------------------------------------------- */

/*
 * Whether reader's value comes after src's.  A symbol reads itself only
 * where the kernel sees it half computed; a choice reads its members'
 * visibility and user values (and names them in its defaults), never
 * their values, which come from its pick.
 */
static bool ordering_edge(const struct config_model *model, size_t src,
			  unsigned reader)
{
	const struct symbol *s = model->kc->symbols[src];
	const struct symbol *r = model->kc->symbols[reader];

	if (src == reader)
		return false;
	return !((r->flags & SYMBOL_CHOICE) && symbol_is_choice_member(s) &&
		 s->choice->sym == r);
}

/* The reader index's ordering edges only (model->ranked_start, ranked). */
static void build_ranked_readers(struct config_model *model)
{
	size_t n = model->kc->nsymbols, count = 0;

	model->ranked_start = xcalloc(n + 1, sizeof(unsigned));
	model->ranked = xmalloc((model->reader_start[n] ? model->reader_start[n] : 1) *
				sizeof(unsigned));
	for (size_t i = 0; i < n; i++) {
		model->ranked_start[i] = (unsigned)count;
		for (unsigned r = model->reader_start[i];
		     r < model->reader_start[i + 1]; r++)
			if (ordering_edge(model, i, model->readers[r]))
				model->ranked[count++] = model->readers[r];
	}
	model->ranked_start[n] = (unsigned)count;
}

/*
 * A topological order of the reader index (Kahn's): a symbol's rank is
 * above the rank of everything it reads.  A loop leaves no such order:
 * then no base is used.
 */
static void build_rank(struct config_model *model)
{
	size_t n = model->kc->nsymbols, done = 0, head = 0;
	unsigned *indegree = xcalloc(n ? n : 1, sizeof(unsigned));
	unsigned *ready = xcalloc(n ? n : 1, sizeof(unsigned));

	if (!model->reader_start)
		config_model_build_readers(model);
	build_ranked_readers(model);
	model->rank = xcalloc(n ? n : 1, sizeof(unsigned));
	for (size_t i = 0; i < n; i++)
		for (unsigned r = model->ranked_start[i]; r < model->ranked_start[i + 1]; r++)
			indegree[model->ranked[r]]++;
	for (size_t i = 0; i < n; i++)
		if (!indegree[i])
			ready[done++] = (unsigned)i;
	while (head < done) {
		unsigned i = ready[head];

		model->rank[i] = (unsigned)head++;
		for (unsigned r = model->ranked_start[i]; r < model->ranked_start[i + 1]; r++)
			if (--indegree[model->ranked[r]] == 0)
				ready[done++] = model->ranked[r];
	}
	if (done < n) {
		model->rank_cyclic = true;
		free(model->rank);
		model->rank = NULL;
		free(ready);
	} else {
		model->rank_order = ready;
	}
	free(indegree);
}

/* --- the symbols to compute again, by rank ---------------------------------- */

static void queue_push(struct config_bases *b, const struct config_model *model,
		       unsigned i)
{
	unsigned rank = model->rank[i];

	b->pending[rank / 64] |= (uint64_t)1 << (rank % 64);
	/* (A choice's entries need not come after it: looked at again.) */
	if (rank / 64 < b->scan)
		b->scan = rank / 64;
}

/* The pending symbol of lowest rank, or -1 for none. */
static long queue_pop(struct config_bases *b, const struct config_model *model,
		      size_t words)
{
	while (b->scan < words && !b->pending[b->scan])
		b->scan++;
	if (b->scan == words)
		return -1;
	{
		uint64_t word = b->pending[b->scan];
		unsigned bit = (unsigned)__builtin_ctzll(word);

		b->pending[b->scan] = word & (word - 1);
		return (long)model->rank_order[b->scan * 64 + bit];
	}
}

/* --- the configuration computed last --------------------------------------- */

/*
 * Every value computed as conf computes them after reading (modules
 * first, then the symbol table in order; everything again if some value
 * saw a stale modules value), so that each equals a full evaluation's.
 */
static void compute_all(struct config *cfg)
{
	size_t count;
	const struct symbol **order = config_table_order(cfg, &count);

	for (int pass = 0; pass < 2; pass++) {
		config_settle(cfg);
		for (size_t i = 0; i < count; i++)
			config_tri(cfg, order[i]);
		if (config_recompute_is_noop(cfg))
			break;
		config_invalidate_all(cfg);
	}
}

static bool has_user_state(const struct symval *v)
{
	return (v->flags & V_USER) || v->prio || v->user_member;
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static bool same_state(const struct user_state *a, const struct user_state *b)
{
	return a->has == b->has && a->tri == b->tri && a->prio == b->prio &&
	       a->member == b->member && same_str(a->str, b->str);
}

static void add_user(struct config_bases *bases, const struct config *cfg,
		     size_t i)
{
	const struct symval *v = &cfg->vals[i];

	if (has_user_state(v))
		bases->users[bases->nusers++] = (struct user_state){
			.index = (unsigned)i, .has = v->flags & V_USER,
			.tri = v->user_tri, .str = v->user_str,
			.prio = v->prio, .member = v->user_member };
}

/*
 * The file's user states, by symbol index, into bases->users.  A file
 * read onto a base (marked): only the symbols the read set can have one
 * (config_bases_next() cleared the last file's), so only those are
 * looked at; else every symbol.  The marks are cleared either way.
 */
static void collect_users(struct config_bases *bases, struct config *cfg,
			  bool marked)
{
	size_t n = cfg->kc->nsymbols, words = n / 64 + 1;

	bases->nusers = 0;
	if (!marked) {
		for (size_t i = 0; i < n; i++)
			add_user(bases, cfg, i);
		if (cfg->user_marks)
			memset(cfg->user_marks, 0, words * sizeof(uint64_t));
		return;
	}
	for (size_t w = 0; w < words; w++) {
		uint64_t bits = cfg->user_marks[w];

		cfg->user_marks[w] = 0;
		for (; bits; bits &= bits - 1)
			add_user(bases, cfg, w * 64 + (unsigned)__builtin_ctzll(bits));
	}
}

/*
 * Between files: cfg keeps the values of the configuration computed
 * last, as its base, and loses its user states and what the last
 * computation left (as config_reset_computed_kept() does, but for the
 * value fields and the strings, which those values may point at: the
 * string arena grows by each file's user strings until a reset).  Its
 * flags stay as they are, validity included, through the next read
 * (cfg->base_read): no loop over every symbol to clear and restore them.
 */
void config_bases_next(struct config_bases *bases, struct config *cfg)
{
	bases->ready = false;
	/*
	 * What used cfg since (an explanation, say) may have changed a user
	 * value or invalidated a value: each moves the epoch.  A user state
	 * set (with nothing computed to invalidate) or a value computed
	 * since is counted.
	 */
	if (!bases->computed || legacy_choices(cfg) || cfg->epoch != bases->kept_epoch ||
	    cfg->user_sets != bases->kept_user_sets ||
	    cfg->calc_count != bases->kept_calc_count) {
		bases->computed = false;
		config_reset_computed_kept(cfg);
		return;
	}
	bases->computed = false;
	for (size_t k = 0; k < bases->nprev; k++) {
		struct symval *v = &cfg->vals[bases->prev[k].index];

		v->flags &= (unsigned char)~V_USER;
		symval_clear_user(v);
	}
	config_reset_run(cfg);
	if (!cfg->user_marks)
		cfg->user_marks = xcalloc(cfg->kc->nsymbols / 64 + 1, sizeof(uint64_t));
	cfg->base_read = true;
	cfg->base_read_sets = cfg->user_sets;
	bases->ready = true;
}

/*
 * cfg, computed as conf computes it: noted as the base of the next
 * file (its user states, what config_bases_next() clears).
 */
void config_bases_keep(struct config_bases *bases, struct config *cfg)
{
	if (!bases->keep)
		return;
	bases->keep = false;
	if (cfg->too_deep)
		return;
	/*
	 * The read's computation walked the whole table (conf_modes.c): only
	 * a value that saw a stale modules value calls for a second pass.
	 */
	if (!config_recompute_is_noop(cfg))
		compute_all(cfg);
	/* A user state set since they were collected: bases->users misses it. */
	if (cfg->user_sets != bases->applied_user_sets)
		return;
	memcpy(bases->prev, bases->users, bases->nusers * sizeof(*bases->prev));
	bases->nprev = bases->nusers;
	bases->prev_kind = bases->kind;
	bases->prev_modules_val = cfg->modules_val;
	bases->prev_stale_modules = cfg->stale_modules;
	bases->prev_all = config_all_computed(cfg);
	bases->kept_epoch = cfg->epoch;
	bases->kept_user_sets = cfg->user_sets;
	bases->kept_calc_count = cfg->calc_count;
	bases->computed = true;
}

static void note_changed(struct config_bases *bases, size_t *count, unsigned i)
{
	if (!bases->differs[i]) {
		bases->differs[i] = 1;
		bases->changed[(*count)++] = i;
	}
}

/*
 * cfg's values are the last configuration's (the read kept them, and
 * their flags: cfg->base_read), its user states are the file's; the
 * symbols whose user state differs are listed in bases->changed (and
 * marked in bases->differs).
 */
static size_t graft(struct config_bases *bases, struct config *cfg)
{
	size_t i = 0, j = 0, count = 0;

	/* Both lists in index order. */
	while (i < bases->nusers || j < bases->nprev) {
		const struct user_state *u = i < bases->nusers ? &bases->users[i] : NULL;
		const struct user_state *w = j < bases->nprev ? &bases->prev[j] : NULL;

		if (u && (!w || u->index < w->index)) {
			note_changed(bases, &count, u->index);
			i++;
		} else if (!u || w->index < u->index) {
			note_changed(bases, &count, w->index);
			j++;
		} else {
			if (!same_state(u, w))
				note_changed(bases, &count, u->index);
			i++;
			j++;
		}
	}
	cfg->modules_val = bases->prev_modules_val;
	cfg->stale_modules = bases->prev_stale_modules;
	/*
	 * The memo's slots of the epoch the values were kept in hold for
	 * them again: recompute() drops those above each value that comes
	 * out different.
	 */
	if (config_memo_revive(cfg, bases->kept_epoch))
		bases->stats.memo_kept++;
	return count;
}

/*
 * cfg is to be computed in full although it holds another
 * configuration's values: what a computation leaves unset for some
 * symbols is cleared first, as config_reset_computed_kept() clears it.
 */
static void forget_values(struct config *cfg)
{
	for (size_t i = 0; i < cfg->kc->nsymbols; i++) {
		struct symval *v = &cfg->vals[i];

		v->flags &= V_USER;
		v->dir_dep = v->rev_dep = v->implied = TRI_NO;
		v->selected = 0;
		v->choice_rule = 0;
		v->choice_via = NULL;
	}
	cfg->modules_val = TRI_NO;
	cfg->stale_modules = false;
	config_new_epoch(cfg);
}

/*
 * A choice reads its members' visibility as stored when they are
 * computed: its entries lose their values first (their rank is above
 * the choice's, as they read its pick) and are computed after it.
 */
static void release_entries(struct config_bases *bases, struct config *cfg,
			    const struct symbol *choice)
{
	const struct choice_info *info = config_choice_of(cfg, choice);

	for (unsigned i = 0; info && i < info->nentries; i++) {
		unsigned e = info->entries[i]->index;

		cfg->vals[e].flags &= (unsigned char)~(V_VALID | V_CHOICE_VALID);
		queue_push(bases, cfg->model, e);
	}
}

/* A symbol whose value changed, and where its readers are queued. */
struct reader_push {
	struct config_bases *bases;
	const struct config_model *model;
	unsigned changed;
};

/* config_reader_fn: queued when it comes after the value in rank. */
static void push_reader(void *ctx, unsigned reader)
{
	const struct reader_push *rp = ctx;

	if (ordering_edge(rp->model, rp->changed, reader))
		queue_push(rp->bases, rp->model, reader);
}

/* sym computed again; false when its change reaches every value. */
static bool recompute(struct config_bases *bases, struct config *cfg,
		      const struct symbol *sym, bool user_read)
{
	const struct config_model *model = cfg->model;
	struct symval *v = symval(cfg, sym);
	tristate tri = v->tri;
	unsigned selected = v->selected;
	const char *str = v->str;

	if (sym->flags & SYMBOL_CHOICE)
		release_entries(bases, cfg, sym);
	v->flags &= (unsigned char)~(V_VALID | V_CHOICE_VALID);
	config_calc(cfg, sym);
	if (sym->flags & SYMBOL_CHOICE)
		config_calc_choice(cfg, sym);
	/* What readers read of it: its value, its text, a choice's pick. */
	if (v->tri == tri && v->selected == selected && same_str(v->str, str) &&
	    !user_read)
		return true;
	if (sym == cfg->kc->modules_sym)
		return false;
	bases->stats.changed++;
	/*
	 * Before any reader evaluates them (readers come later in rank), the
	 * memo's nodes above sym take their new values; only the readers of
	 * those that changed are computed again.
	 */
	if (config_memo_changed(cfg, sym, push_reader,
				&(struct reader_push){ bases, model, sym->index }))
		return true;
	for (unsigned r = model->ranked_start[sym->index];
	     r < model->ranked_start[sym->index + 1]; r++)
		queue_push(bases, model, model->ranked[r]);
	return true;
}

/* The choices whose entries' user state differs: a choice reads it. */
static void push_choices(struct config_bases *bases, struct config *cfg)
{
	const struct config_model *model = cfg->model;

	for (unsigned c = 0; c < model->nchoices; c++) {
		const struct choice_info *info = &model->choices[c];

		for (unsigned i = 0; i < info->nentries; i++)
			if (bases->differs[info->entries[i]->index]) {
				queue_push(bases, model, info->node->sym->index);
				break;
			}
	}
}

static void make_room(struct config_bases *bases, size_t n)
{
	if (bases->cap >= n)
		return;
	bases->cap = n;
	bases->users = xrealloc(bases->users, n * sizeof(*bases->users));
	bases->prev = xrealloc(bases->prev, n * sizeof(*bases->prev));
	bases->changed = xrealloc(bases->changed, n * sizeof(unsigned));
	free(bases->differs);
	bases->differs = xcalloc(n, 1);
	free(bases->pending);
	bases->pending = xcalloc(n / 64 + 1, sizeof(uint64_t));
}

/*
 * Can cfg, just read, be computed from a base at all (the rank built
 * when first asked)?  Legacy choices keep more state per choice than a
 * base can give; a value computed while reading was computed from the
 * base's values, not the file's.
 */
static bool ready_for_base(struct config *cfg, struct config_model *model, size_t n)
{
	if (legacy_choices(cfg) || base_kind(cfg) >= BASE_KINDS || cfg->calc_count || !n)
		return false;
	if (!model->rank && !model->rank_cyclic)
		build_rank(model);
	return model->rank != NULL;
}

bool config_bases_apply(struct config_bases *bases, struct config *cfg)
{
	struct config_model *model = cfg->model;
	/* Linux 7.0: a default from a transitional symbol reads its user state. */
	bool user_read = cfg->kc->dialect->transitional_default_sets;
	size_t n = cfg->kc->nsymbols, words = n / 64 + 1, count;
	/* cfg holds the last file's values; the read kept their flags too. */
	bool kept = bases->ready, ready = kept && cfg->base_read;
	bool all = bases->prev_all;
	unsigned epoch;
	long next;

	bases->ready = bases->keep = false;
	cfg->base_read = false;		/* the read is over */
	bases->kind = base_kind(cfg);
	if (!ready_for_base(cfg, model, n)) {
		if (kept)
			forget_values(cfg);
		if (cfg->user_marks)
			memset(cfg->user_marks, 0, words * sizeof(uint64_t));
		return false;
	}
	make_room(bases, n);
	if (!bases->no_memo)
		config_memo_keep_begin(cfg);
	collect_users(bases, cfg, ready);
	bases->applied_user_sets = cfg->user_sets;
	bases->keep = true;
	if (!ready || bases->prev_kind != bases->kind) {
		/* No base, or one whose MODULES differs: every value reads it. */
		if (kept)
			forget_values(cfg);
		bases->stats.full++;
		return false;
	}
	count = graft(bases, cfg);
	epoch = cfg->epoch;
	bases->scan = 0;
	for (size_t i = 0; i < count; i++)
		queue_push(bases, model, bases->changed[i]);
	push_choices(bases, cfg);
	while ((next = queue_pop(bases, model, words)) >= 0) {
		unsigned i = (unsigned)next;

		bases->stats.recomputed++;
		if (!recompute(bases, cfg, cfg->kc->symbols[i],
			       user_read && bases->differs[i])) {
			/* MODULES came out different: everything again. */
			memset(bases->pending, 0, words * sizeof(uint64_t));
			config_invalidate_all(cfg);
			all = false;
			break;
		}
	}
	/*
	 * Every value the base held is still computed (only those computed
	 * again were invalidated, each computed since): as computed as the
	 * base was, unless something invalidated more on the way.
	 */
	cfg->all_computed = all && cfg->epoch == epoch;
	for (size_t i = 0; i < count; i++)
		bases->differs[bases->changed[i]] = 0;
	bases->stats.taken++;
	return true;
}

void config_bases_keep_memo(struct config_bases *bases, bool keep)
{
	bases->no_memo = !keep;
}

unsigned config_bases_weight(struct config *cfg, const struct symbol *sym)
{
	struct config_model *model = cfg->model;

	if (!model->reader_start)
		config_model_build_readers(model);
	return 1 + model->reader_start[sym->index + 1] - model->reader_start[sym->index];
}

const struct config_bases_stats *config_bases_stats(const struct config_bases *bases)
{
	return &bases->stats;
}
