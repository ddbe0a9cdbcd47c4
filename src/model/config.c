// SPDX-License-Identifier: GPL-2.0
/*
 * A configuration's life: creation, the index of who reads whom (built
 * once per tree), user values and the checked setters a configurator
 * uses.
 */
#include <stdlib.h>
#include <string.h>

#include "config_internal.h"
#include "util.h"
#include "huge_pages.h"
#include "menu_shape.h"
#include "symbol_order.h"
#include "memo_index.h"
#include "finish.h"

/* --- choices ----------------------------------------------------------------- */

struct sym_list {
	const struct symbol **items;
	unsigned count, cap;
};

static void list_add(struct sym_list *list, const struct symbol *sym)
{
	if (list->count == list->cap) {
		list->cap = list->cap ? list->cap * 2 : 8;
		list->items = xrealloc(list->items, list->cap * sizeof(*list->items));
	}
	list->items[list->count++] = sym;
}

static void collect_entries(const struct menu_node *choice,
			    const struct menu_node *parent,
			    struct sym_list *members, struct sym_list *entries,
			    unsigned char *seen)
{
	const struct menu_node *node;

	for (node = parent->children; node; node = node->next) {
		const struct symbol *sym = node->sym;

		if (sym) {
			list_add(entries, sym);
			if (sym->choice == choice && !seen[sym->index]) {
				seen[sym->index] = 1;
				list_add(members, sym);
			}
		}
		collect_entries(choice, node, members, entries, seen);
	}
}

static void build_choices(struct config_model *model)
{
	struct kconfig *kc = model->kc;
	unsigned char *seen = xcalloc(kc->nsymbols, 1);
	unsigned count = 0;

	/* kconfig_finish() listed the choice entries in menu order. */
	for (size_t i = 0; i < kc->nchoice_nodes; i++)
		if (kc->choice_nodes[i]->sym)
			count++;
	model->choices = xcalloc(count, sizeof(*model->choices));
	for (size_t n = 0; n < kc->nchoice_nodes; n++) {
		const struct menu_node *node = kc->choice_nodes[n];
		struct sym_list members = { 0 }, entries = { 0 };
		struct choice_info *info;

		if (!node->sym ||
		    model->choice_index[node->sym->index] >= 0)
			continue;
		collect_entries(node, node, &members, &entries, seen);
		/* Older kernels: a named choice's later blocks add members. */
		for (const struct menu_node *more = node->next_def;
		     more && kc->dialect->legacy_choices; more = more->next_def)
			collect_entries(node, more, &members, &entries, seen);
		info = &model->choices[model->nchoices];
		model->choice_index[node->sym->index] = (int)model->nchoices++;
		info->node = node;
		info->members = members.items;
		info->nmembers = members.count;
		info->entries = entries.items;
		info->nentries = entries.count;
		for (unsigned i = 0; i < members.count; i++)
			model->member_pos[members.items[i]->index] = i;
	}
	free(seen);
}

/* --- the reader index ---------------------------------------------------------- */

struct edge_builder {
	struct config_model *model;
	unsigned *pairs;	/* source, reader, source, reader, ... */
	size_t count, cap;
	unsigned *mark;		/* by source: reader + 1 of the last edge */
	unsigned reader;
};

/* expr_symbol_fn: b's reader reads source. */
static void add_source(void *ctx, const struct symbol *source)
{
	struct edge_builder *b = ctx;

	if (!source || (source->flags & SYMBOL_CONST) ||
	    b->mark[source->index] == b->reader + 1)
		return;
	b->mark[source->index] = b->reader + 1;
	if (b->count + 2 > b->cap) {
		b->cap = b->cap ? b->cap * 2 : 1 << 16;
		b->pairs = xrealloc(b->pairs, b->cap * sizeof(*b->pairs));
	}
	b->pairs[b->count++] = source->index;
	b->pairs[b->count++] = b->reader;
}

static void add_expr_sources(void *ctx, unsigned reader, const struct expr *e)
{
	struct edge_builder *b = ctx;

	b->reader = reader;
	expr_for_each_symbol(e, add_source, b);
}

static void add_symbol_source(void *ctx, unsigned reader, const struct symbol *source)
{
	struct edge_builder *b = ctx;

	b->reader = reader;
	add_source(b, source);
}

static void visit_prompts(const struct read_visitor *rv, unsigned reader,
			  const struct symbol *sym)
{
	const struct property *prop;

	for (prop = sym->props; prop; prop = prop->next)
		if (prop->type == P_PROMPT || prop->type == P_MENU)
			rv->expr(rv->ctx, reader, prop->visible);
}

void config_visit_reads(const struct symbol *sym, const struct read_visitor *rv)
{
	const struct property *prop;
	unsigned reader = sym->index;

	rv->expr(rv->ctx, reader, sym->dir_dep);
	rv->expr(rv->ctx, reader, sym->rev_dep);
	rv->expr(rv->ctx, reader, sym->implied);
	for (prop = sym->props; prop; prop = prop->next) {
		switch (prop->type) {
		case P_SELECT:
		case P_IMPLY:
			break;	/* they act on their target */
		case P_RANGE:
			rv->expr(rv->ctx, reader, prop->visible);
			rv->symbol(rv->ctx, reader, prop->range_min);
			rv->symbol(rv->ctx, reader, prop->range_max);
			break;
		case P_DEFAULT:
			rv->expr(rv->ctx, reader, prop->visible);
			rv->expr(rv->ctx, reader, prop->expr);
			/* A choice reads the visibility of its default. */
			if ((sym->flags & SYMBOL_CHOICE) && prop->expr &&
			    prop->expr->op == E_SYMBOL)
				visit_prompts(rv, reader, prop->expr->sym);
			break;
		default:
			rv->expr(rv->ctx, reader, prop->visible);
			break;
		}
	}
	if (symbol_is_choice_member(sym)) {
		/* A member's value is its choice's decision ... */
		rv->symbol(rv->ctx, reader, sym->choice->sym);
		/* ... which reads every member's visibility. */
		visit_prompts(rv, sym->choice->sym->index, sym);
	}
}

void config_model_build_readers(struct config_model *model)
{
	struct kconfig *kc = model->kc;
	struct edge_builder b = { .model = model };
	size_t n = kc->nsymbols;

	struct read_visitor rv = { add_expr_sources, add_symbol_source, &b };

	b.mark = xcalloc(n, sizeof(*b.mark));
	for (size_t i = 0; i < n; i++) {
		const struct symbol *sym = kc->symbols[i];

		if (!(sym->flags & SYMBOL_CONST) && sym->type != S_UNKNOWN)
			config_visit_reads(sym, &rv);
		/* Choice members add edges for their choice: reset marks. */
		if (symbol_is_choice_member(sym))
			b.mark[sym->choice->sym->index] = 0;
	}
	model->reader_start = xcalloc(n + 1, sizeof(unsigned));
	model->readers = xcalloc(b.count / 2, sizeof(unsigned));
	for (size_t i = 0; i < b.count; i += 2)
		model->reader_start[b.pairs[i] + 1]++;
	for (size_t i = 0; i < n; i++)
		model->reader_start[i + 1] += model->reader_start[i];
	{
		unsigned *fill = xcalloc(n, sizeof(unsigned));

		for (size_t i = 0; i < b.count; i += 2) {
			unsigned src = b.pairs[i];

			model->readers[model->reader_start[src] + fill[src]++] =
				b.pairs[i + 1];
		}
		free(fill);
	}
	free(b.pairs);
	free(b.mark);
}

struct config_model *config_model_build(struct kconfig *kc)
{
	struct config_model *model = xcalloc(1, sizeof(*model));

	model->refs = 1;
	model->kc = kc;
	model->choice_index = xcalloc(kc->nsymbols, sizeof(int));
	for (size_t i = 0; i < kc->nsymbols; i++)
		model->choice_index[i] = -1;
	model->member_pos = xcalloc(kc->nsymbols, sizeof(unsigned));
	build_choices(model);
	return model;
}

void config_model_put(struct config_model *model)
{
	if (!model || --model->refs > 0)
		return;
	for (unsigned i = 0; i < model->nchoices; i++) {
		free(model->choices[i].members);
		free(model->choices[i].entries);
	}
	free(model->choices);
	free(model->choice_index);
	free(model->member_pos);
	free(model->reader_start);
	free(model->readers);
	free(model->rank);
	free(model->rank_order);
	free(model->ranked_start);
	free(model->ranked);
	free(model->table_order);
	kernel_menu_free(model->kmenu);
	memo_index_free(model->memo_index);
	free(model);
}

/* --- lifecycle ------------------------------------------------------------- */

static struct config *config_alloc(struct kconfig *kc, struct config_model *model)
{
	struct config *cfg = xcalloc(1, sizeof(*cfg));

	cfg->kc = kc;
	cfg->model = model;
	cfg->vals = huge_calloc(kc->nsymbols, sizeof(*cfg->vals));
	cfg->work = xcalloc(kc->nsymbols + 1, sizeof(*cfg->work));
	cfg->user_maybe = xcalloc(kc->nsymbols / 64 + 1, sizeof(uint64_t));
	cfg->memo_mask = 1023;
	cfg->memo_shift = 64 - 10;
	while (cfg->memo_mask + 1 < 4 * kc->nsymbols) {
		cfg->memo_mask = cfg->memo_mask * 2 + 1;
		cfg->memo_shift--;
	}
	cfg->memo = huge_calloc(cfg->memo_mask + 1, sizeof(*cfg->memo));
	cfg->epoch = cfg->epoch_last = 1;
	arena_init(&cfg->string_arena);
	intern_init(&cfg->strings, &cfg->string_arena);
	return cfg;
}

struct config *config_new(struct kconfig *kc)
{
	return config_alloc(kc, config_model_build(kc));
}

struct config *config_new_sibling(struct config *other)
{
	other->model->refs++;
	return config_alloc(other->kc, other->model);
}

static void reset_state(struct config *cfg);

/* No user state is left: no symbol may have one. */
static void forget_users(struct config *cfg)
{
	memset(cfg->user_maybe, 0, (cfg->kc->nsymbols / 64 + 1) * sizeof(uint64_t));
}

void config_reset(struct config *cfg)
{
	memset(cfg->vals, 0, cfg->kc->nsymbols * sizeof(*cfg->vals));
	cfg->maybe_valid = false;
	forget_users(cfg);
	reset_state(cfg);
}

/*
 * Every field calc_symbol() and config_calc_choice() set before any read
 * is left; flags (validity first), user values, choice preferences and
 * what they leave unset for some symbols (a member's dependencies) are
 * cleared.
 */
void config_reset_computed_kept(struct config *cfg)
{
	if (legacy_choices(cfg)) {
		config_reset(cfg);
		return;
	}
	for (size_t i = 0; i < cfg->kc->nsymbols; i++) {
		struct symval *v = &cfg->vals[i];

		v->flags = 0;
		symval_clear_user(v);
		v->dir_dep = v->rev_dep = v->implied = TRI_NO;
		v->selected = 0;
		v->choice_rule = 0;
		v->choice_via = NULL;
	}
	cfg->maybe_valid = false;
	forget_users(cfg);
	reset_state(cfg);
}

void config_reset_run(struct config *cfg)
{
	/*
	 * The memo is not cleared: its slots carry the epoch they were
	 * filled in, and a new epoch makes every one of them stale.
	 */
	config_new_epoch(cfg);
	cfg->base_read = false;
	cfg->prio_high = cfg->prio_low = 0;
	cfg->read_unknown = 0;
	cfg->calc_count = 0;
	cfg->on_unmet = NULL;
	cfg->unmet_ctx = NULL;
	cfg->calc_depth = cfg->warm_base = 0;
	cfg->warming = false;
	cfg->too_deep = NULL;
}

static void reset_state(struct config *cfg)
{
	intern_release(&cfg->strings);
	arena_release(&cfg->string_arena);
	cfg->modules_val = TRI_NO;
	cfg->stale_modules = false;
	config_reset_run(cfg);
	arena_init(&cfg->string_arena);
	intern_init(&cfg->strings, &cfg->string_arena);
}

const struct symbol **config_table_order(struct config *cfg, size_t *count)
{
	struct config_model *model = cfg->model;

	if (!model->table_order)
		model->table_order = kernel_table_order(cfg->kc, &model->table_count);
	*count = model->table_count;
	return model->table_order;
}

void config_free(struct config *cfg)
{
	if (!cfg)
		return;
	config_model_put(cfg->model);
	intern_release(&cfg->strings);
	arena_release(&cfg->string_arena);
	huge_free(cfg->vals, cfg->kc->nsymbols, sizeof(*cfg->vals));
	free(cfg->work);
	huge_free(cfg->memo, cfg->memo_mask + 1, sizeof(*cfg->memo));
	free(cfg->user_marks);
	free(cfg->user_maybe);
	config_memo_keep_free(cfg);
	free(cfg);
}

unsigned config_read_unknown_count(const struct config *cfg)
{
	return cfg->read_unknown;
}

struct kconfig *config_tree(const struct config *cfg)
{
	return cfg->kc;
}

static void clear_user_value(struct symval *v)
{
	v->flags &= ~V_USER;
	v->user_tri = TRI_NO;
	v->user_str = NULL;
}

/*
 * Every user value cleared, for a read: those of the symbols that may
 * have one (none in a new configuration, whose values it then leaves
 * unread), or under legacy choices every symbol's.
 */
static void clear_users(struct config *cfg)
{
	size_t words = cfg->kc->nsymbols / 64 + 1;

	if (legacy_choices(cfg)) {
		for (size_t i = 0; i < cfg->kc->nsymbols; i++)
			clear_user_value(&cfg->vals[i]);
		return;
	}
	for (size_t w = 0; w < words; w++) {
		uint64_t bits = cfg->user_maybe[w];

		cfg->user_maybe[w] = 0;
		for (; bits; bits &= bits - 1)
			clear_user_value(&cfg->vals[w * 64 + (unsigned)__builtin_ctzll(bits)]);
	}
}

void config_read_begin(struct config *cfg)
{
	cfg->read_unknown = 0;
	/*
	 * config_bases_next() left no user state, and keeps the values;
	 * unless a user state was set since (the read replaces it): then
	 * as any read, and config_bases_apply() computes the file in full.
	 */
	if (cfg->base_read && cfg->user_sets == cfg->base_read_sets) {
		config_choices_read_begin(cfg);
		return;
	}
	cfg->base_read = false;
	clear_users(cfg);
	config_invalidate_all(cfg);
	config_choices_read_begin(cfg);
}

void config_count_unknown(struct config *cfg)
{
	cfg->read_unknown++;
}

struct arena *config_arena(struct config *cfg)
{
	return &cfg->string_arena;
}

const struct kernel_menu *config_kernel_menu(struct config *cfg)
{
	if (!cfg->model->kmenu)
		cfg->model->kmenu = kernel_menu_build(cfg->kc, false);
	return cfg->model->kmenu;
}

const struct kernel_menu *config_kernel_menu_lazy(struct config *cfg)
{
	if (!cfg->model->kmenu)
		cfg->model->kmenu = kernel_menu_build(cfg->kc, true);
	return cfg->model->kmenu;
}

void config_on_unmet(struct config *cfg, config_unmet_fn *fn, void *ctx)
{
	cfg->on_unmet = fn;
	cfg->unmet_ctx = ctx;
}

/* --- user values ------------------------------------------------------------ */

bool config_has_user(const struct config *cfg, const struct symbol *sym)
{
	return symval(cfg, sym)->flags & V_USER;
}

tristate config_user_tri(const struct config *cfg, const struct symbol *sym)
{
	return symval(cfg, sym)->user_tri;
}

const char *config_user_str(const struct config *cfg, const struct symbol *sym)
{
	return symval(cfg, sym)->user_str;
}

size_t config_next_user(const struct config *cfg, size_t from)
{
	size_t n = cfg->kc->nsymbols, w = from / 64;
	uint64_t bits;

	if (from >= n || legacy_choices(cfg))
		return from < n ? from : n;
	bits = cfg->user_maybe[w] & (~(uint64_t)0 << (from % 64));
	while (!bits) {
		if (++w > n / 64)
			return n;
		bits = cfg->user_maybe[w];
	}
	from = w * 64 + (unsigned)__builtin_ctzll(bits);
	return from < n ? from : n;
}

/*
 * A user state set: counted, noted as one that may be set, and marked
 * while a file is read onto a base.
 */
static void note_user(struct config *cfg, const struct symbol *sym)
{
	uint64_t bit = (uint64_t)1 << (sym->index % 64);

	cfg->user_sets++;
	cfg->user_maybe[sym->index / 64] |= bit;
	if (cfg->base_read)
		cfg->user_marks[sym->index / 64] |= bit;
}

/* A member's user value also counts for the choice's decision. */
static void user_changed(struct config *cfg, const struct symbol *sym)
{
	note_user(cfg, sym);
	config_invalidate(cfg, sym);
	if (symbol_is_choice_member(sym))
		config_invalidate(cfg, sym->choice->sym);
}

void config_set_user_tri(struct config *cfg, const struct symbol *sym,
			 tristate value)
{
	struct symval *v = symval(cfg, sym);

	v->user_tri = value;
	v->flags |= V_USER;
	user_changed(cfg, sym);
}

void config_set_user_str(struct config *cfg, const struct symbol *sym,
			 const char *value)
{
	struct symval *v = symval(cfg, sym);

	v->user_str = intern(&cfg->strings, value);
	v->flags |= V_USER;
	user_changed(cfg, sym);
}

void config_clear_user(struct config *cfg, const struct symbol *sym)
{
	struct symval *v = symval(cfg, sym);

	if (!(v->flags & V_USER))
		return;
	v->flags &= ~V_USER;
	v->user_tri = TRI_NO;
	v->user_str = NULL;
	user_changed(cfg, sym);
}

void config_choice_prefer(struct config *cfg, const struct symbol *member)
{
	if (!symbol_is_choice_member(member))
		return;
	symval(cfg, member)->prio = ++cfg->prio_high;
	note_user(cfg, member);
	config_invalidate(cfg, member->choice->sym);
}

void config_choice_demote(struct config *cfg, const struct symbol *member)
{
	if (!symbol_is_choice_member(member))
		return;
	symval(cfg, member)->prio = --cfg->prio_low;
	note_user(cfg, member);
	config_invalidate(cfg, member->choice->sym);
}

/* --- changes a configurator makes ----------------------------------------- */

static bool tri_allowed(struct config *cfg, const struct symbol *sym,
			tristate value)
{
	enum symbol_type type = config_type(cfg, sym);
	tristate visible = config_visibility(cfg, sym);
	tristate forced = config_rev_dep(cfg, sym);

	if (visible == TRI_NO || !type_is_bool_or_tristate(type))
		return false;
	if (type == S_BOOLEAN && value == TRI_MOD)
		return false;
	if (visible <= forced)
		return false;
	return value >= forced && value <= visible;
}

bool config_set_tri(struct config *cfg, const struct symbol *sym,
		    tristate value)
{
	if (symbol_is_choice_member(sym)) {
		if (value != TRI_YES)
			return false;
		return config_set_choice(cfg, sym);
	}
	if (!tri_allowed(cfg, sym, value))
		return false;
	config_set_user_tri(cfg, sym, value);
	return true;
}

static bool text_allowed(struct config *cfg, const struct symbol *sym,
			 const char *text)
{
	const struct property *range;
	long long value, lo, hi;
	int base = sym->type == S_HEX ? 16 : 10;

	if (!symbol_text_valid(sym->type, text))
		return false;
	if (sym->type == S_STRING)
		return true;
	range = config_active_range(cfg, sym);
	if (!range || !range->range_min || !range->range_max)
		return true;
	value = strtoll(text, NULL, base);
	config_calc(cfg, range->range_min);
	config_calc(cfg, range->range_max);
	lo = strtoll(config_raw_str(cfg, range->range_min), NULL,
		     range->range_min->type == S_INT ? 10 :
		     range->range_min->type == S_HEX ? 16 : base);
	hi = strtoll(config_raw_str(cfg, range->range_max), NULL,
		     range->range_max->type == S_INT ? 10 :
		     range->range_max->type == S_HEX ? 16 : base);
	return value >= lo && value <= hi;
}

bool config_set_string(struct config *cfg, const struct symbol *sym,
		       const char *value)
{
	if (type_is_bool_or_tristate(sym->type)) {
		switch (value[0]) {
		case 'y': case 'Y':
			return config_set_tri(cfg, sym, TRI_YES);
		case 'm': case 'M':
			return config_set_tri(cfg, sym, TRI_MOD);
		case 'n': case 'N':
			return config_set_tri(cfg, sym, TRI_NO);
		}
		return false;
	}
	if (sym->type == S_UNKNOWN || !text_allowed(cfg, sym, value))
		return false;
	if (sym->type == S_HEX &&
	    !(value[0] == '0' && (value[1] == 'x' || value[1] == 'X'))) {
		size_t len = strlen(value);
		char *prefixed = xmalloc(len + 3);

		memcpy(prefixed, "0x", 2);
		memcpy(prefixed + 2, value, len + 1);
		config_set_user_str(cfg, sym, prefixed);
		free(prefixed);
		return true;
	}
	config_set_user_str(cfg, sym, value);
	return true;
}

/*
 * Choosing a member says y to it and n to every other visible member,
 * each becoming the most preferred in turn (the chosen one among them).
 */
bool config_set_choice(struct config *cfg, const struct symbol *member)
{
	const struct choice_info *info;

	if (!symbol_is_choice_member(member))
		return false;
	info = config_choice_of(cfg, member->choice->sym);
	if (!info || config_visibility(cfg, member) == TRI_NO)
		return false;
	for (unsigned i = 0; i < info->nentries; i++) {
		const struct symbol *sym = info->entries[i];

		if (!symbol_is_choice_member(sym) ||
		    config_visibility(cfg, sym) == TRI_NO)
			continue;
		config_set_user_tri(cfg, sym, sym == member ? TRI_YES : TRI_NO);
		config_choice_prefer(cfg, sym);
	}
	return true;
}

bool config_report_too_deep(const struct config *cfg, FILE *out)
{
	const struct symbol *sym = cfg->too_deep;
	struct diag_list diags;

	if (!sym)
		return false;
	diag_init(&diags);
	diags.echo = out;
	diag_add(&diags, DIAG_ERROR,
		 sym->first_node ? sym->first_node->loc : (struct location){0},
		 "dependency chain deeper than %d at symbol %s: its value and "
		 "the values that depend on it are not computed",
		 CALC_DEPTH_MAX, sym->name ? sym->name : "<choice>");
	diag_release(&diags);
	return true;
}
