// SPDX-License-Identifier: GPL-2.0
/*
 * The expression memo kept from one configuration to the next.
 *
 * The memo (symbol_value.c's eval_binary()) remembers the value of each
 * && and || node for one epoch.  When configurations of one tree are
 * computed one after the other in one struct config (config_base.c),
 * most values stay as they were, and so do most remembered nodes: a new
 * epoch per file threw away what every recomputed reader could have
 * read again.  Instead, the epoch in which the last configuration was
 * complete is brought back (config_memo_revive()), and whenever a symbol
 * comes out with another value every && / || node above it takes its
 * new value (config_memo_changed()), before any reader evaluates it
 * again: a reader comes after what it reads in the order the values are
 * computed again.  The walk up stops at the nodes that come out as they
 * were (`A && B` with A n whatever B is), and only the symbols that read
 * a node that changed are computed again: most readers of a value that
 * changes read it under a condition that does not.
 *
 * The index says which nodes lie above which symbol: every && / || of
 * the tree's expressions (properties, dependencies, selects, menus)
 * with the nodes directly above it (through `!`), and every symbol with
 * the nodes that read it directly (as an operand or in a comparison).
 * Nodes shared by many expressions (an entry's dependencies are in each
 * condition inside it) are one node with many nodes above.  It also says
 * which symbols read each node as a whole expression, and which read
 * each symbol other than through a node (config_visit_reads(), the walk
 * the reader index is built from).  A node the
 * index does not reach is marked so (expr.memo_indexed false): its
 * entries are noted as they are stored and dropped when the epoch is
 * brought back.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config_internal.h"
#include "memo_index.h"
#include "util.h"

struct memo_index {
	size_t nnodes;
	const struct expr **node;	/* by id */
	/* By id: the nodes directly above, up[up_start[id] .. up_start[id+1]). */
	unsigned *up_start, *up;
	size_t nsyms;
	/* By symbol index: the nodes reading it directly, likewise. */
	unsigned *sym_start, *sym_up;
	/*
	 * By id: the symbols whose computation reads the node as a whole
	 * expression (config_visit_reads(), through `!`): root[root_start[id]
	 * .. root_start[id+1]).  By symbol index: the symbols that read it
	 * other than through a node (an expression of that one symbol, a
	 * comparison, a range's bound, a choice), likewise.
	 */
	unsigned *root_start, *root;
	unsigned *direct_start, *direct;
	/*
	 * By id: no value reads the node, through the nodes above it or
	 * whole (the conditions of selects, of menus: the values read copies
	 * of them or nothing).  Such a node is only dropped, not looked at.
	 */
	unsigned char *inert;
};

/* Entries outside the index stored since the epoch was last brought back. */
#define UNINDEXED_KEPT 65536

struct memo_keep {
	const struct expr **unindexed;
	size_t nunindexed, cap;
	bool overflow;			/* more than UNINDEXED_KEPT: no revival */
	/*
	 * By node id: the walk (config_memo_changed()) whose stack holds it,
	 * so that it is on the stack at most once.
	 */
	unsigned *seen;
	unsigned walk;
	unsigned *stack;
};

/* --- building ------------------------------------------------------------- */

struct edge {
	unsigned from, to;
};

struct edges {
	struct edge *e;
	size_t n, cap;
};

struct builder {
	const struct expr **slots;	/* node -> id + 1, open addressing */
	unsigned *ids;
	size_t mask;
	const struct expr **node;
	size_t nnodes, node_cap;
	struct edges up, sym;
	struct edges root, direct;	/* (node or symbol, reader) */
};

static void edge_add(struct edges *list, unsigned from, unsigned to)
{
	if (list->n == list->cap) {
		list->cap = list->cap ? list->cap * 2 : 4096;
		list->e = xrealloc(list->e, list->cap * sizeof(*list->e));
	}
	list->e[list->n++] = (struct edge){ from, to };
}

static size_t slot_of(const struct builder *b, const struct expr *e)
{
	size_t i = (size_t)(((uintptr_t)e >> 4) * 0x9E3779B97F4A7C15ull >> 32) & b->mask;

	while (b->slots[i] && b->slots[i] != e)
		i = (i + 1) & b->mask;
	return i;
}

static void grow(struct builder *b)
{
	const struct expr **old = b->slots;
	unsigned *old_ids = b->ids;
	size_t old_mask = b->mask;

	b->mask = b->mask * 2 + 1;
	b->slots = xcalloc(b->mask + 1, sizeof(*b->slots));
	b->ids = xcalloc(b->mask + 1, sizeof(*b->ids));
	for (size_t i = 0; i <= old_mask; i++)
		if (old[i]) {
			size_t j = slot_of(b, old[i]);

			b->slots[j] = old[i];
			b->ids[j] = old_ids[i];
		}
	free(old);
	free(old_ids);
}

/* The node's id; *fresh when it was met for the first time. */
static unsigned node_id(struct builder *b, const struct expr *e, bool *fresh)
{
	size_t i = slot_of(b, e);

	*fresh = !b->slots[i];
	if (!*fresh)
		return b->ids[i];
	if ((b->nnodes + 1) * 2 > b->mask) {
		grow(b);
		i = slot_of(b, e);
	}
	if (b->nnodes == b->node_cap) {
		b->node_cap = b->node_cap ? b->node_cap * 2 : 4096;
		b->node = xrealloc(b->node, b->node_cap * sizeof(*b->node));
	}
	b->slots[i] = e;
	b->ids[i] = (unsigned)b->nnodes;
	b->node[b->nnodes] = e;
	((struct expr *)e)->memo_indexed = true;
	return (unsigned)b->nnodes++;
}

/*
 * e and what it holds, above the node `above` (-1: none).  Long chains
 * of one operator lean left (`a || b || c ...`): the left side is
 * followed in the loop, the right side by recursion.
 */
static void walk(struct builder *b, const struct expr *e, long above)
{
	while (e) {
		bool fresh;
		unsigned id;

		switch (e->op) {
		case E_SYMBOL:
			if (above >= 0)
				edge_add(&b->sym, e->sym->index, (unsigned)above);
			return;
		case E_NOT:
			e = e->left;
			continue;
		case E_AND:
		case E_OR:
			id = node_id(b, e, &fresh);
			if (above >= 0)
				edge_add(&b->up, id, (unsigned)above);
			if (!fresh)
				return;
			walk(b, e->right, id);
			above = id;
			e = e->left;
			continue;
		default:	/* a comparison */
			if (above >= 0) {
				edge_add(&b->sym, e->lsym->index, (unsigned)above);
				edge_add(&b->sym, e->rsym->index, (unsigned)above);
			}
			return;
		}
	}
}

static void walk_menu(struct builder *b, const struct menu_node *node)
{
	for (; node; node = node->next) {
		walk(b, node->depends, -1);
		walk(b, node->plain_depends, -1);
		walk(b, node->visible_if, -1);
		walk_menu(b, node->children);
	}
}

static void walk_tree(struct builder *b, struct kconfig *kc)
{
	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];

		for (const struct property *prop = sym->props; prop; prop = prop->next) {
			walk(b, prop->visible, -1);
			walk(b, prop->expr, -1);
			walk(b, prop->cond, -1);
		}
		walk(b, sym->dir_dep, -1);
		walk(b, sym->rev_dep, -1);
		walk(b, sym->implied, -1);
	}
	walk(b, kc->root.visible_if, -1);
	walk_menu(b, kc->root.children);
}

/* A symbol's computation reads e (config_visit_reads()). */
static void add_root(void *ctx, unsigned reader, const struct expr *e)
{
	struct builder *b = ctx;
	bool fresh;
	unsigned id;

	while (e && e->op == E_NOT)
		e = e->left;
	if (!e)
		return;
	switch (e->op) {
	case E_SYMBOL:
		if (!(e->sym->flags & SYMBOL_CONST))
			edge_add(&b->direct, e->sym->index, reader);
		return;
	case E_AND:
	case E_OR:
		/* Every expression a value reads was walked: the node is known. */
		id = node_id(b, e, &fresh);
		if (fresh) {
			walk(b, e->right, id);
			walk(b, e->left, id);
		}
		edge_add(&b->root, id, reader);
		return;
	default:	/* a comparison */
		if (!(e->lsym->flags & SYMBOL_CONST))
			edge_add(&b->direct, e->lsym->index, reader);
		if (!(e->rsym->flags & SYMBOL_CONST))
			edge_add(&b->direct, e->rsym->index, reader);
		return;
	}
}

static void add_direct(void *ctx, unsigned reader, const struct symbol *sym)
{
	struct builder *b = ctx;

	if (sym && !(sym->flags & SYMBOL_CONST))
		edge_add(&b->direct, sym->index, reader);
}

/* Who reads each node as a whole, and each symbol otherwise. */
static void walk_readers(struct builder *b, struct kconfig *kc)
{
	struct read_visitor rv = { add_root, add_direct, b };

	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];

		if (!(sym->flags & SYMBOL_CONST) && sym->type != S_UNKNOWN)
			config_visit_reads(sym, &rv);
	}
}

/* The edges as ranges by their `from`: start[n + 1], to[]. */
static void to_ranges(const struct edges *list, size_t n, unsigned **start,
		      unsigned **to)
{
	unsigned *pos;

	*start = xcalloc(n + 1, sizeof(**start));
	*to = xmalloc((list->n ? list->n : 1) * sizeof(**to));
	for (size_t i = 0; i < list->n; i++)
		(*start)[list->e[i].from + 1]++;
	for (size_t i = 0; i < n; i++)
		(*start)[i + 1] += (*start)[i];
	pos = xmalloc((n + 1) * sizeof(*pos));
	memcpy(pos, *start, (n + 1) * sizeof(*pos));
	for (size_t i = 0; i < list->n; i++)
		(*to)[pos[list->e[i].from]++] = list->e[i].to;
	free(pos);
}

/*
 * Which nodes no value reads: from the top down (the reverse of a
 * topological order along the up edges, Kahn's), a node no symbol reads
 * whole whose nodes above are all inert.
 */
static unsigned char *inert_nodes(const struct memo_index *ix)
{
	size_t n = ix->nnodes, head = 0, done = 0;
	unsigned *below = xcalloc(n + 1, sizeof(unsigned));
	unsigned *order = xmalloc((n + 1) * sizeof(unsigned));
	unsigned char *inert = xcalloc(n + 1, 1);

	for (size_t i = 0; i < ix->up_start[n]; i++)
		below[ix->up[i]]++;
	for (size_t id = 0; id < n; id++)
		if (!below[id])
			order[done++] = (unsigned)id;
	while (head < done) {
		unsigned id = order[head++];

		for (unsigned u = ix->up_start[id]; u < ix->up_start[id + 1]; u++)
			if (--below[ix->up[u]] == 0)
				order[done++] = ix->up[u];
	}
	/* (Expressions have no loops: every node is in the order.) */
	while (done > 0) {
		unsigned id = order[--done];
		bool read = ix->root_start[id] != ix->root_start[id + 1];

		for (unsigned u = ix->up_start[id]; !read && u < ix->up_start[id + 1]; u++)
			read = !inert[ix->up[u]];
		inert[id] = !read;
	}
	free(below);
	free(order);
	return inert;
}

struct memo_index *memo_index_build(struct kconfig *kc)
{
	struct builder b = { .mask = 4095 };
	struct memo_index *ix = xcalloc(1, sizeof(*ix));

	b.slots = xcalloc(b.mask + 1, sizeof(*b.slots));
	b.ids = xcalloc(b.mask + 1, sizeof(*b.ids));
	walk_tree(&b, kc);
	walk_readers(&b, kc);
	ix->nnodes = b.nnodes;
	ix->node = b.node;
	ix->nsyms = kc->nsymbols;
	to_ranges(&b.up, ix->nnodes, &ix->up_start, &ix->up);
	to_ranges(&b.sym, ix->nsyms, &ix->sym_start, &ix->sym_up);
	to_ranges(&b.root, ix->nnodes, &ix->root_start, &ix->root);
	ix->inert = inert_nodes(ix);
	to_ranges(&b.direct, ix->nsyms, &ix->direct_start, &ix->direct);
	free(b.slots);
	free(b.ids);
	free(b.up.e);
	free(b.sym.e);
	free(b.root.e);
	free(b.direct.e);
	return ix;
}

void memo_index_free(struct memo_index *ix)
{
	if (!ix)
		return;
	free(ix->node);
	free(ix->up_start);
	free(ix->up);
	free(ix->sym_start);
	free(ix->sym_up);
	free(ix->root_start);
	free(ix->root);
	free(ix->direct_start);
	free(ix->direct);
	free(ix->inert);
	free(ix);
}

/* --- keeping the memo -------------------------------------------------------- */

void config_memo_keep_begin(struct config *cfg)
{
	struct config_model *model = cfg->model;

	if (cfg->memo_keep)
		return;
	if (!model->memo_index)
		model->memo_index = memo_index_build(cfg->kc);
	cfg->memo_keep = xcalloc(1, sizeof(*cfg->memo_keep));
	cfg->memo_keep->seen = xcalloc(model->memo_index->nnodes + 1, sizeof(unsigned));
	cfg->memo_keep->stack = xmalloc((model->memo_index->nnodes + 1) * sizeof(unsigned));
	/* Entries stored before now were not noted: none may come back. */
	config_new_epoch(cfg);
}

void config_memo_keep_free(struct config *cfg)
{
	struct memo_keep *mk = cfg->memo_keep;

	if (!mk)
		return;
	free(mk->unindexed);
	free(mk->seen);
	free(mk->stack);
	free(mk);
	cfg->memo_keep = NULL;
}

void config_memo_note_unindexed(struct config *cfg, const void *expr)
{
	struct memo_keep *mk = cfg->memo_keep;

	if (mk->overflow)
		return;
	if (mk->nunindexed == UNINDEXED_KEPT) {
		mk->overflow = true;
		return;
	}
	if (mk->nunindexed == mk->cap) {
		mk->cap = mk->cap ? mk->cap * 2 : 256;
		mk->unindexed = xrealloc(mk->unindexed, mk->cap * sizeof(*mk->unindexed));
	}
	mk->unindexed[mk->nunindexed++] = expr;
}

static void drop(struct config *cfg, const struct expr *e)
{
	struct expr_memo *slot = config_memo_slot(cfg, e);

	if (slot->expr == e)
		slot->expr = NULL;
}

bool config_memo_revive(struct config *cfg, unsigned epoch)
{
	struct memo_keep *mk = cfg->memo_keep;
	bool revived = mk && !mk->overflow;

	if (!revived) {
		config_new_epoch(cfg);
	} else {
		for (size_t i = 0; i < mk->nunindexed; i++)
			drop(cfg, mk->unindexed[i]);
		cfg->epoch = epoch;
	}
	if (mk) {
		mk->nunindexed = 0;
		mk->overflow = false;
	}
	return revived;
}

/* Deeper than this, a node missing from the memo is not looked into. */
#define PEEK_DEPTH 16

/*
 * The value of e from the memo and the values computed, computing
 * nothing and storing nothing; false when that is not enough (a symbol
 * not computed, a chain of missing nodes too deep).  With all computed,
 * eval() would give the same value.
 */
static bool peek(struct config *cfg, const struct expr *e, unsigned depth,
		 tristate *out);

static bool peek_symbol(struct config *cfg, const struct symbol *sym)
{
	return symval(cfg, sym)->flags & V_VALID;
}

/*
 * Most operands are computed symbols or remembered nodes: those inline,
 * without a call.
 */
static inline bool peek_operand(struct config *cfg, const struct expr *e,
				unsigned depth, tristate *out)
{
	if (e->op == E_SYMBOL) {
		const struct symval *v = operand_symval(cfg, e);

		*out = v->tri;
		return v->flags & V_VALID;
	}
	if (e->op == E_AND || e->op == E_OR) {
		const struct expr_memo *slot = config_memo_slot(cfg, e);

		if (slot->expr == e && slot->epoch == cfg->epoch) {
			*out = slot->value;
			return true;
		}
	}
	return peek(cfg, e, depth, out);
}

/* An && / || node from its operands (not from its own slot). */
static inline bool node_from_operands(struct config *cfg, const struct expr *e,
				      unsigned depth, tristate *out)
{
	tristate l, r;

	if (!peek_operand(cfg, e->left, depth, &l) ||
	    !peek_operand(cfg, e->right, depth, &r))
		return false;
	*out = e->op == E_AND ? tri_and(l, r) : tri_or(l, r);
	return true;
}

static bool peek(struct config *cfg, const struct expr *e, unsigned depth,
		 tristate *out)
{
	tristate t;
	int order;

	if (!e) {
		*out = TRI_YES;
		return true;
	}
	switch (e->op) {
	case E_SYMBOL:
		if (!peek_symbol(cfg, e->sym))
			return false;
		*out = operand_symval(cfg, e)->tri;
		return true;
	case E_NOT:
		if (!peek(cfg, e->left, depth, &t))
			return false;
		*out = tri_not(t);
		return true;
	case E_AND:
	case E_OR: {
		const struct expr_memo *slot = config_memo_slot(cfg, e);

		if (slot->expr == e && slot->epoch == cfg->epoch) {
			*out = slot->value;
			return true;
		}
		return depth < PEEK_DEPTH &&
		       node_from_operands(cfg, e, depth + 1, out);
	}
	default:
		break;
	}
	/* A comparison: config_str() computes nothing when both are computed. */
	if (!peek_symbol(cfg, e->lsym) || !peek_symbol(cfg, e->rsym))
		return false;
	order = config_compare_text(config_str(cfg, e->lsym), e->lsym->type,
				    config_str(cfg, e->rsym), e->rsym->type);
	*out = expr_compare_holds(e->op, order) ? TRI_YES : TRI_NO;
	return true;
}

/* Push node id unless it is on the stack already. */
static void push_node(struct memo_keep *mk, size_t *top, unsigned id)
{
	if (mk->seen[id] != mk->walk) {
		mk->seen[id] = mk->walk;
		mk->stack[(*top)++] = id;
	}
}

/*
 * The node comes out as its slot says: nothing above it changes.  Else
 * its slot takes the new value (or, when it cannot be had without
 * computing, loses it) and what reads it is looked at.
 */
static bool node_unchanged(struct config *cfg, const struct expr *e)
{
	struct expr_memo *slot = config_memo_slot(cfg, e);
	bool had = slot->expr == e && slot->epoch == cfg->epoch;
	tristate value;

	if (!node_from_operands(cfg, e, 0, &value)) {
		if (slot->expr == e)
			slot->expr = NULL;
		return false;
	}
	if (had && slot->value == value)
		return true;
	slot->expr = e;
	slot->epoch = cfg->epoch;
	slot->value = value;
	return false;
}

bool config_memo_changed(struct config *cfg, const struct symbol *sym,
			 config_reader_fn *reader, void *ctx)
{
	const struct memo_index *ix = cfg->model->memo_index;
	struct memo_keep *mk = cfg->memo_keep;
	size_t top = 0;

	if (!mk || sym->index >= ix->nsyms)
		return false;
	for (unsigned r = ix->direct_start[sym->index];
	     r < ix->direct_start[sym->index + 1]; r++)
		reader(ctx, ix->direct[r]);
	/* A fresh mark: a node is on the stack when its mark is this walk's. */
	if (++mk->walk == 0) {
		memset(mk->seen, 0, ix->nnodes * sizeof(*mk->seen));
		mk->walk = 1;
	}
	for (unsigned r = ix->sym_start[sym->index]; r < ix->sym_start[sym->index + 1]; r++)
		push_node(mk, &top, ix->sym_up[r]);
	/*
	 * A node is looked at again whenever a node below it changes after
	 * it was looked at (its mark cleared when it leaves the stack), so
	 * that each ends with its value from the final values below it.
	 */
	while (top) {
		unsigned id = mk->stack[--top];

		mk->seen[id] = 0;
		if (ix->inert[id]) {
			/* Nothing reads it for a value: dropped, and so above. */
			drop(cfg, ix->node[id]);
		} else if (node_unchanged(cfg, ix->node[id])) {
			continue;
		}
		for (unsigned r = ix->root_start[id]; r < ix->root_start[id + 1]; r++)
			reader(ctx, ix->root[r]);
		for (unsigned u = ix->up_start[id]; u < ix->up_start[id + 1]; u++)
			push_node(mk, &top, ix->up[u]);
	}
	return true;
}
