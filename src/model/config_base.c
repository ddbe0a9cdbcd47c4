// SPDX-License-Identifier: GPL-2.0
/*
 * Many configurations of one tree evaluated one after the other (survey:
 * every defconfig of an architecture) share most of their values.  A
 * base is one of them computed in full; each later one takes the base's
 * values and computes again only what its own user values change:
 * first the symbols whose user state differs, then, in an order where
 * every symbol comes after what it reads (the rank), the readers of
 * each value that came out different, and so on.  A value whose inputs
 * all came out as in the base is the base's, without computing it.
 *
 * Every tristate reads whether modules are enabled: a configuration
 * whose MODULES differs from its base's would lose every value.  So
 * there is one base per MODULES user value met (unset, n, m or y): the
 * first configuration of each, computed in full and copied.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config_internal.h"
#include "config_base.h"
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
	struct config *base[BASE_KINDS];
	/* By kind: the symbols with a user state in that base. */
	unsigned *base_users[BASE_KINDS];
	size_t nbase_users[BASE_KINDS];
	size_t cap;			/* symbols the arrays below hold */
	struct user_state *users;	/* the file's user states */
	unsigned *changed;		/* symbols whose user state differs */
	unsigned char *differs;		/* by symbol: listed in changed */
	uint64_t *pending;		/* by rank: to compute again */
	unsigned keep_kind;		/* kind + 1 of the base to keep next */
	size_t scan;			/* word of pending to look at first */
};

struct config_bases *config_bases_new(void)
{
	return xcalloc(1, sizeof(struct config_bases));
}

void config_bases_free(struct config_bases *bases)
{
	if (!bases)
		return;
	for (unsigned i = 0; i < BASE_KINDS; i++) {
		config_free(bases->base[i]);
		free(bases->base_users[i]);
	}
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
	model->rank = xcalloc(n ? n : 1, sizeof(unsigned));
	for (size_t i = 0; i < n; i++)
		for (unsigned r = model->reader_start[i];
		     r < model->reader_start[i + 1]; r++)
			if (ordering_edge(model, i, model->readers[r]))
				indegree[model->readers[r]]++;
	for (size_t i = 0; i < n; i++)
		if (!indegree[i])
			ready[done++] = (unsigned)i;
	while (head < done) {
		unsigned i = ready[head];

		model->rank[i] = (unsigned)head++;
		for (unsigned r = model->reader_start[i];
		     r < model->reader_start[i + 1]; r++)
			if (ordering_edge(model, i, model->readers[r]) &&
			    --indegree[model->readers[r]] == 0)
				ready[done++] = model->readers[r];
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

/* --- bases ----------------------------------------------------------------- */

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

static const char *kept_str(struct config *base, const char *text)
{
	return text ? intern(&base->strings, text) : NULL;
}

/*
 * cfg, computed in full, copied as the base of its kind: its strings
 * (the user values among them live in cfg's arena, gone at its next
 * reset) interned again in the base's own.
 */
void config_bases_keep(struct config_bases *bases, struct config *cfg)
{
	unsigned kind = bases->keep_kind;
	struct config *base;
	size_t n = cfg->kc->nsymbols, nusers = 0;

	if (!kind--)
		return;
	bases->keep_kind = 0;
	if (bases->base[kind] || cfg->too_deep)
		return;
	compute_all(cfg);
	base = config_new_sibling(cfg);
	memcpy(base->vals, cfg->vals, n * sizeof(*cfg->vals));
	bases->base_users[kind] = xcalloc(n + 1, sizeof(unsigned));
	for (size_t i = 0; i < n; i++) {
		struct symval *v = &base->vals[i];

		if (has_user_state(v))
			bases->base_users[kind][nusers++] = (unsigned)i;
		v->user_str = kept_str(base, v->user_str);
		v->str = kept_str(base, v->str);
		v->unclamped = kept_str(base, v->unclamped);
	}
	bases->nbase_users[kind] = nusers;
	base->modules_val = cfg->modules_val;
	base->stale_modules = cfg->stale_modules;
	base->prio_high = cfg->prio_high;
	base->prio_low = cfg->prio_low;
	bases->base[kind] = base;
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static bool same_user(const struct symval *a, const struct symval *b)
{
	return (a->flags & V_USER) == (b->flags & V_USER) &&
	       a->user_tri == b->user_tri && a->prio == b->prio &&
	       a->user_member == b->user_member &&
	       same_str(a->user_str, b->user_str);
}

static void note_changed(struct config_bases *bases, size_t *count,
			 const struct symval *v, const struct symval *b,
			 unsigned i)
{
	if (!bases->differs[i] && !same_user(v, b)) {
		bases->differs[i] = 1;
		bases->changed[(*count)++] = i;
	}
}

/*
 * cfg's values become the base's, its user values stay its own; the
 * symbols whose user state differs are listed in bases->changed (and
 * marked in bases->differs).
 */
static size_t graft(struct config_bases *bases, struct config *cfg,
		    unsigned kind)
{
	const struct config *base = bases->base[kind];
	const unsigned *base_users = bases->base_users[kind];
	size_t n = cfg->kc->nsymbols, nusers = 0, count = 0;

	for (size_t i = 0; i < n; i++) {
		const struct symval *v = &cfg->vals[i];

		if (has_user_state(v))
			bases->users[nusers++] = (struct user_state){
				.index = (unsigned)i, .has = v->flags & V_USER,
				.tri = v->user_tri, .str = v->user_str,
				.prio = v->prio, .member = v->user_member };
	}
	memcpy(cfg->vals, base->vals, n * sizeof(*cfg->vals));
	for (size_t k = 0; k < bases->nbase_users[kind]; k++) {
		struct symval *v = &cfg->vals[base_users[k]];

		v->flags &= (unsigned char)~V_USER;
		v->user_tri = TRI_NO;
		v->user_str = NULL;
		v->prio = 0;
		v->user_member = 0;
	}
	for (size_t k = 0; k < nusers; k++) {
		const struct user_state *u = &bases->users[k];
		struct symval *v = &cfg->vals[u->index];

		v->flags = (unsigned char)((v->flags & ~V_USER) | u->has);
		v->user_tri = u->tri;
		v->user_str = u->str;
		v->prio = u->prio;
		v->user_member = u->member;
	}
	for (size_t k = 0; k < bases->nbase_users[kind]; k++)
		note_changed(bases, &count, &cfg->vals[base_users[k]],
			     &base->vals[base_users[k]], base_users[k]);
	for (size_t k = 0; k < nusers; k++)
		note_changed(bases, &count, &cfg->vals[bases->users[k].index],
			     &base->vals[bases->users[k].index], bases->users[k].index);
	cfg->modules_val = base->modules_val;
	cfg->stale_modules = base->stale_modules;
	/* The memo's slots are cfg's own, filled under values now replaced. */
	cfg->epoch++;
	return count;
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
	for (unsigned r = model->reader_start[sym->index];
	     r < model->reader_start[sym->index + 1]; r++)
		if (ordering_edge(model, sym->index, model->readers[r]))
			queue_push(bases, model, model->readers[r]);
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
	bases->changed = xrealloc(bases->changed, n * sizeof(unsigned));
	free(bases->differs);
	bases->differs = xcalloc(n, 1);
	free(bases->pending);
	bases->pending = xcalloc(n / 64 + 1, sizeof(uint64_t));
}

bool config_bases_apply(struct config_bases *bases, struct config *cfg)
{
	struct config_model *model = cfg->model;
	unsigned kind = base_kind(cfg);
	/* Linux 7.0: a default from a transitional symbol reads its user state. */
	bool user_read = cfg->kc->dialect->transitional_default_sets;
	size_t n = cfg->kc->nsymbols, words = n / 64 + 1, count;
	long next;

	/* Legacy choices keep more state per choice than a base can give. */
	if (legacy_choices(cfg) || kind >= BASE_KINDS || cfg->calc_count || !n)
		return false;
	if (!model->rank && !model->rank_cyclic)
		build_rank(model);
	if (!model->rank)
		return false;
	make_room(bases, n);
	if (!bases->base[kind]) {
		/* The first of its kind is computed in full, then kept. */
		bases->keep_kind = kind + 1;
		return false;
	}
	if (bases->base[kind]->too_deep)
		return false;
	count = graft(bases, cfg, kind);
	bases->scan = 0;
	for (size_t i = 0; i < count; i++)
		queue_push(bases, model, bases->changed[i]);
	push_choices(bases, cfg);
	while ((next = queue_pop(bases, model, words)) >= 0) {
		unsigned i = (unsigned)next;

		if (!recompute(bases, cfg, cfg->kc->symbols[i],
			       user_read && bases->differs[i])) {
			/* MODULES came out different: everything again. */
			memset(bases->pending, 0, words * sizeof(uint64_t));
			config_invalidate_all(cfg);
			break;
		}
	}
	for (size_t i = 0; i < count; i++)
		bases->differs[bases->changed[i]] = 0;
	return true;
}
