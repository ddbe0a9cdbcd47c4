// SPDX-License-Identifier: GPL-2.0
/*
 * The reverse view: every place in the tree that reads a symbol (its
 * `depends on`, select, imply, default, range, prompt condition, menu
 * condition), found with one walk of the menu tree and kept by symbol.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "util.h"

const char *reverse_kind_name(enum reverse_kind kind)
{
	static const char *const names[] = {
		[REV_DEPENDS] = "depends",
		[REV_DEPENDS_INHERITED] = "depends-inherited",
		[REV_SELECTS] = "select", [REV_IMPLIES] = "imply",
		[REV_SELECT_COND] = "select-condition",
		[REV_DEFAULT] = "default", [REV_RANGE] = "range",
		[REV_PROMPT] = "prompt-condition",
		[REV_VISIBLE_IF] = "visible-if",
		[REV_MENU_DEPENDS] = "menu-depends",
	};
	return names[kind];
}

struct reverse_index {
	unsigned *start;		/* by symbol index, nsymbols + 1 */
	struct reverse_use *uses;
};

struct collector {
	const struct kconfig *kc;
	struct reverse_use *uses;
	unsigned *owner;		/* symbol index of each use */
	size_t count, cap;
	unsigned *stamp;		/* by symbol index: last use it was added to */
	unsigned current;
	/* Symbols already added as direct dependencies of this entry. */
	unsigned *direct;
	unsigned direct_stamp;
	/*
	 * The properties of symbols with many (a symbol defined 100,000
	 * times), sorted by their node and then list order, so that each
	 * definition finds its own without walking all of them.
	 */
	struct node_prop *by_node;
	size_t nby_node;
};

struct node_prop {
	const struct menu_node *node;
	const struct property *prop;
	size_t seq;
};

/* More properties than this: looked up in by_node, not walked per node. */
#define MANY_PROPS 64

/*
 * The array at old, of used elements of size bytes, moved to a new one
 * of cap: a zeroed array that large comes with its pages in place
 * (xcalloc()), where realloc() would leave each to fault when first
 * touched (the uses of Linux run to megabytes).
 */
static void *grow_array(void *old, size_t used, size_t cap, size_t size)
{
	void *p = xcalloc(cap, size);

	if (used)
		memcpy(p, old, used * size);
	free(old);
	return p;
}

static void push(struct collector *c, const struct symbol *target,
		 const struct reverse_use *use)
{
	if (!target || explain_is_literal(target) || !target->name)
		return;
	if (c->stamp[target->index] == c->current)
		return;
	c->stamp[target->index] = c->current;
	if (c->count == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 4096;

		c->uses = grow_array(c->uses, c->count, cap, sizeof(*c->uses));
		c->owner = grow_array(c->owner, c->count, cap, sizeof(*c->owner));
		c->cap = cap;
	}
	c->uses[c->count] = *use;
	c->owner[c->count++] = target->index;
}

/* What push_one() and push_one_inherited() push to, and as what. */
struct push_ctx {
	struct collector *c;
	const struct reverse_use *use;
};

static void push_one(void *ctx, const struct symbol *sym)
{
	const struct push_ctx *p = ctx;

	push(p->c, sym, p->use);
}

static void push_expr(struct collector *c, const struct expr *e,
		      const struct reverse_use *use)
{
	struct push_ctx p = { c, use };

	expr_for_each_symbol(e, push_one, &p);
}

/* Each use gets a new stamp, so a symbol is listed once per use. */
static struct reverse_use *begin(struct collector *c, struct reverse_use *use,
				 enum reverse_kind kind,
				 const struct menu_node *node,
				 const struct property *prop, struct location loc)
{
	c->current++;
	use->kind = kind;
	use->node = node;
	use->user = node->kind == MENU_CONFIG || node->kind == MENU_MENUCONFIG ||
		    node->kind == MENU_CHOICE ? node->sym : NULL;
	use->prop = prop;
	use->loc = loc;
	return use;
}

static void mark_one(void *ctx, const struct symbol *sym)
{
	struct collector *c = ctx;

	if (!(sym->flags & SYMBOL_CONST))
		c->direct[sym->index] = c->direct_stamp;
}

/* One not in the entry's own dependencies (a literal push() skips). */
static void push_one_inherited(void *ctx, const struct symbol *sym)
{
	const struct push_ctx *p = ctx;

	if (p->c->direct[sym->index] != p->c->direct_stamp)
		push(p->c, sym, p->use);
}

/* Inherited dependencies: the symbols of dep not in the entry's own. */
static void push_inherited(struct collector *c, const struct expr *e,
			   const struct reverse_use *use)
{
	struct push_ctx p = { c, use };

	expr_for_each_symbol(e, push_one_inherited, &p);
}

static void collect_prop(struct collector *c, const struct menu_node *node,
			 const struct property *prop)
{
	struct reverse_use use;

	switch (prop->type) {
	case P_DEFAULT:
		begin(c, &use, REV_DEFAULT, node, prop, prop->loc);
		push_expr(c, prop->expr, &use);
		push_expr(c, prop->cond, &use);
		break;
	case P_RANGE:
		begin(c, &use, REV_RANGE, node, prop, prop->loc);
		push(c, prop->range_min, &use);
		push(c, prop->range_max, &use);
		push_expr(c, prop->cond, &use);
		break;
	case P_SELECT:
	case P_IMPLY:
		begin(c, &use, prop->type == P_SELECT ? REV_SELECTS : REV_IMPLIES,
		      node, prop, prop->loc);
		push(c, prop->target, &use);
		begin(c, &use, REV_SELECT_COND, node, prop, prop->loc);
		push_expr(c, prop->cond, &use);
		break;
	default:
		begin(c, &use, REV_PROMPT, node, prop, prop->loc);
		push_expr(c, prop->cond, &use);
		break;
	}
}

static int by_node_then_seq(const void *a, const void *b)
{
	const struct node_prop *x = a, *y = b;

	if (x->node != y->node)
		return (uintptr_t)x->node < (uintptr_t)y->node ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static size_t count_props(const struct symbol *sym, size_t most)
{
	size_t n = 0;

	for (const struct property *p = sym->props; p && n <= most; p = p->next)
		n++;
	return n;
}

/* by_node: every property of the symbols with more than MANY_PROPS. */
static void index_many_props(struct collector *c)
{
	const struct kconfig *kc = c->kc;
	size_t n = 0, cap = 0;

	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];

		if (count_props(sym, MANY_PROPS) <= MANY_PROPS)
			continue;
		for (const struct property *p = sym->props; p; p = p->next) {
			if (n == cap) {
				cap = cap ? cap * 2 : 1024;
				c->by_node = xrealloc(c->by_node, cap * sizeof(*c->by_node));
			}
			c->by_node[n] = (struct node_prop){ p->node, p, n };
			n++;
		}
	}
	if (n)
		qsort(c->by_node, n, sizeof(*c->by_node), by_node_then_seq);
	c->nby_node = n;
}

/* Each property of node's symbol that node defines, in the symbol's order. */
static void collect_props(struct collector *c, const struct menu_node *node)
{
	size_t lo = 0, hi = c->nby_node;

	if (count_props(node->sym, MANY_PROPS) <= MANY_PROPS) {
		for (const struct property *p = node->sym->props; p; p = p->next)
			if (p->node == node)
				collect_prop(c, node, p);
		return;
	}
	/* The first entry of node in by_node. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if ((uintptr_t)c->by_node[mid].node < (uintptr_t)node)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < c->nby_node && c->by_node[lo].node == node; lo++)
		collect_prop(c, node, c->by_node[lo].prop);
}

static void collect_node(struct collector *c, const struct menu_node *node)
{
	struct reverse_use use;
	bool entry = node->sym && node->kind != MENU_ROOT;

	if (node->kind == MENU_ROOT)
		return;
	begin(c, &use, entry ? REV_DEPENDS : REV_MENU_DEPENDS, node, NULL,
	      node->loc);
	push_expr(c, node->depends, &use);
	if (node->visible_if) {
		begin(c, &use, REV_VISIBLE_IF, node, NULL, node->loc);
		push_expr(c, node->visible_if, &use);
	}
	if (entry) {
		c->direct_stamp++;
		expr_for_each_symbol(node->depends, mark_one, c);
		begin(c, &use, REV_DEPENDS_INHERITED, node, NULL, node->loc);
		push_inherited(c, node->dep, &use);
		collect_props(c, node);
	} else if (node->prompt && node->prompt->cond) {
		collect_prop(c, node, node->prompt);
	}
}

/*
 * The uses grouped by symbol in place, each group in the order it was
 * collected (tree order): slot[i] is where use i goes (a permutation),
 * followed one cycle at a time, each use moved once.  No second array:
 * Linux's 74,000 uses are 3.5 MB, which a copy would take afresh.
 */
static void move_to_slots(struct reverse_use *uses, unsigned *slot, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		struct reverse_use carried;
		size_t to = slot[i];

		if (to == i)
			continue;
		carried = uses[i];
		while (to != i) {
			struct reverse_use displaced = uses[to];
			size_t next = slot[to];

			uses[to] = carried;
			slot[to] = (unsigned)to;
			carried = displaced;
			to = next;
		}
		uses[i] = carried;
		slot[i] = (unsigned)i;
	}
}

static struct reverse_index *build_index(const struct kconfig *kc)
{
	struct collector c = { .kc = kc };
	struct reverse_index *index = xcalloc(1, sizeof(*index));
	unsigned *fill;

	c.stamp = xcalloc(kc->nsymbols + 1, sizeof(unsigned));
	c.direct = xcalloc(kc->nsymbols + 1, sizeof(unsigned));
	index->start = xcalloc(kc->nsymbols + 1, sizeof(unsigned));
	fill = xcalloc(kc->nsymbols + 1, sizeof(unsigned));
	/* Linux has about four uses a symbol: room for them from the start. */
	c.cap = 4 * (size_t)kc->nsymbols + 4096;
	c.uses = grow_array(NULL, 0, c.cap, sizeof(*c.uses));
	c.owner = grow_array(NULL, 0, c.cap, sizeof(*c.owner));
	index_many_props(&c);
	for (const struct menu_node *n = &kc->root; n; n = menu_next(&kc->root, n))
		collect_node(&c, n);
	for (size_t i = 0; i < c.count; i++)
		index->start[c.owner[i] + 1]++;
	for (size_t i = 0; i < kc->nsymbols; i++)
		index->start[i + 1] += index->start[i];
	/* Each use's owner becomes its slot. */
	for (size_t i = 0; i < c.count; i++) {
		unsigned s = c.owner[i];

		c.owner[i] = index->start[s] + fill[s]++;
	}
	move_to_slots(c.uses, c.owner, c.count);
	index->uses = c.uses;
	free(fill);
	free(c.owner);
	free(c.stamp);
	free(c.direct);
	free(c.by_node);
	return index;
}

const struct reverse_use *explain_reverse(struct explainer *ex,
					  const struct symbol *sym,
					  unsigned *count)
{
	struct reverse_index *index;

	if (!ex->reverse)
		ex->reverse = build_index(ex->kc);
	index = ex->reverse;
	*count = index->start[sym->index + 1] - index->start[sym->index];
	return index->uses + index->start[sym->index];
}

void reverse_index_free(struct reverse_index *index)
{
	if (!index)
		return;
	free(index->start);
	free(index->uses);
	free(index);
}
