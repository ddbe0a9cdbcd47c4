// SPDX-License-Identifier: GPL-2.0
/*
 * The search view: every entry whose name, prompt or help contains the
 * text typed so far (case ignored), best matches first: the exact name,
 * then names starting with it, names containing it, prompts, help.
 * The list follows each key; Enter jumps to the selected entry.
 */
#include "buildconf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "util.h"

enum rank {
	RANK_NAME_EXACT,
	RANK_NAME_PREFIX,
	RANK_NAME,
	RANK_PROMPT,
	RANK_HELP,
	RANK_NONE,
};

struct hit {
	struct entry *entry;
	enum rank rank;
};

struct search_state {
	char *query;
	struct hit *hits;
	size_t nhits, cap;
};

static enum rank rank_entry(const struct entry *entry, const char *query)
{
	const struct menu_node *node = entry->node;
	const char *name = node->sym ? node->sym->name : NULL;
	size_t qlen = strlen(query);

	if (name && strcasecmp(name, query) == 0)
		return RANK_NAME_EXACT;
	if (name && strncasecmp(name, query, qlen) == 0)
		return RANK_NAME_PREFIX;
	if (name && strcasestr(name, query))
		return RANK_NAME;
	if (node->prompt && node->prompt->text && strcasestr(node->prompt->text, query))
		return RANK_PROMPT;
	if (node->help && strcasestr(node->help, query))
		return RANK_HELP;
	return RANK_NONE;
}

/* One result per symbol: its first entry (a symbol may be defined twice). */
static bool is_first_entry(const struct entry *entry)
{
	const struct symbol *sym = entry->node->sym;

	return !sym || sym->first_node == entry->node;
}

static int compare_hits(const void *a, const void *b)
{
	const struct hit *x = a, *y = b;

	if (x->rank != y->rank)
		return (int)x->rank - (int)y->rank;
	return x->entry->index < y->entry->index ? -1 : x->entry->index > y->entry->index;
}

static void add_hit(struct search_state *st, struct entry *entry, enum rank rank)
{
	if (st->nhits == st->cap) {
		st->cap = st->cap ? st->cap * 2 : 256;
		st->hits = xrealloc(st->hits, st->cap * sizeof(*st->hits));
	}
	st->hits[st->nhits++] = (struct hit){ .entry = entry, .rank = rank };
}

static void search_open(struct view *view)
{
	struct search_state *st = view->priv;
	const struct tree_model *model = view->br->model;

	st->nhits = 0;
	view_clear(view);
	if (!st->query || !st->query[0]) {
		view_select(view, 0);
		return;
	}
	for (size_t i = 0; i < model->count; i++) {
		struct entry *entry = model->all[i];
		enum rank rank;

		if (entry->node->kind == MENU_ROOT || !is_first_entry(entry))
			continue;
		rank = rank_entry(entry, st->query);
		if (rank != RANK_NONE)
			add_hit(st, entry, rank);
	}
	if (st->nhits)
		qsort(st->hits, st->nhits, sizeof(*st->hits), compare_hits);
	for (size_t i = 0; i < st->nhits; i++)
		view_add(view, st->hits[i].entry, (int)st->hits[i].rank, 0);
	view_select(view, 0);
}

static void search_draw(struct view *view, const struct view_line *line, int row,
			bool selected)
{
	struct browser *br = view->br;
	const struct entry *entry = line->data;
	const struct menu_node *node = entry->node;
	enum ui_style style = entry_visible(br, entry) ? STYLE_NORMAL : STYLE_HIDDEN;
	char where[256];
	int col;

	if (selected) {
		style = br->focus == view ? STYLE_CURSOR : STYLE_CURSOR_IDLE;
		view_fill(view, row, 0, style);
	}
	col = view_put(view, row, 0, node->sym && node->sym->name ? node->sym->name :
		       node->kind == MENU_MENU ? "menu" : node->kind == MENU_CHOICE ?
		       "choice" : "comment", selected ? style : STYLE_VALUE);
	col = col < 24 ? 24 : col + 2;
	if (node->prompt && node->prompt->text)
		col = view_put(view, row, col, node->prompt->text, style) + 2;
	snprintf(where, sizeof(where), "%s:%d", location_file(node->loc), node->loc.line);
	view_put(view, row, col, where, selected ? style : STYLE_DIM);
}

static void jump_to_selected(struct view *view)
{
	const struct view_line *line = view_current(view);

	if (line)
		browser_jump(view->br, (struct entry *)line->data);
}

static enum request search_request(struct view *view, enum request req)
{
	switch (req) {
	case REQ_ENTER:
	case REQ_OPEN:
		jump_to_selected(view);
		return REQ_NONE;
	case REQ_BACK:
		browser_show(view->br, VIEW_TREE);
		return REQ_NONE;
	default:
		return req;
	}
}

static void search_title(struct view *view, char *buf, size_t size)
{
	struct search_state *st = view->priv;

	snprintf(buf, size, "Search \"%s\": %zu match%s (names, prompts, help)",
		 st->query ? st->query : "", st->nhits, st->nhits == 1 ? "" : "es");
}

static void search_select(struct view *view)
{
	const struct view_line *line = view_current(view);

	if (line)
		browser_explain(view->br, (struct entry *)line->data);
}

static void search_done(struct view *view)
{
	struct search_state *st = view->priv;

	free(st->query);
	free(st->hits);
}

void search_set_query(struct view *view, const char *query)
{
	struct search_state *st = view->priv;

	free(st->query);
	st->query = xstrdup(query);
	search_open(view);
}

struct entry *search_selected(struct view *view)
{
	const struct view_line *line = view_current(view);

	return line ? (struct entry *)line->data : NULL;
}

const struct view_ops search_view_ops = {
	.name = "search",
	.priv_size = sizeof(struct search_state),
	.open = search_open,
	.draw = search_draw,
	.request = search_request,
	.title = search_title,
	.select = search_select,
	.done = search_done,
};
