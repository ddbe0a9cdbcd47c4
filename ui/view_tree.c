// SPDX-License-Identifier: GPL-2.0
/*
 * The tree view, in two modes.  Pages: one menu page at a time, as
 * menuconfig shows it.  Each line is an entry with its value ("[*]",
 * "<M>", "(X)", "(12)") and its prompt; menus, menuconfigs and choices
 * open as pages of their own ("--->"), entries nested under a plain
 * config are indented under it.  Outline: the whole menu tree at once,
 * each entry with entries under it expanded or collapsed, drawn with
 * guide lines ("├─", "└─", "│"; "|-", "`-", "|" where the locale has
 * no line drawing).
 */
#include "buildconf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "dialog.h"
#include "shell.h"
#include "util.h"
#include "view_source.h"
#include "view_tree.h"

/* An entry's expansion in the outline: as by default, or as the user set it. */
enum fold { FOLD_DEFAULT, FOLD_OPEN, FOLD_CLOSED };

struct tree_state {
	struct entry *page;		/* the menu whose entries are listed */
	struct entry *selected;		/* the entry under the cursor */
	bool outline;			/* the whole tree, not one page */
	unsigned char *fold;		/* enum fold, by entry->index */
};

/*
 * An outline line's kind: bit d set when the guide at level d goes on
 * below the line (a later sibling at that level follows).  Deeper
 * levels than the bits hold are drawn without guides.
 */
#define GUIDE_LEVELS 30

const char *entry_label(const struct entry *entry)
{
	const struct menu_node *node = entry->node;

	if (node->prompt && node->prompt->text)
		return node->prompt->text;
	if (node->sym && node->sym->name)
		return node->sym->name;
	return node->kind == MENU_CHOICE ? "<choice>" : "";
}

bool entry_visible(struct browser *br, const struct entry *entry)
{
	return entry_is_visible(br->s->cfg, entry);
}

/* A menu's entries may not be in the tree yet: asked for through the model. */
static bool has_shown_child(struct browser *br, const struct entry *entry)
{
	for (const struct entry *c = tree_model_children(br->model, (struct entry *)entry);
	     c; c = c->next)
		if (entry_is_listed(br->s->cfg, c, br->show_hidden))
			return true;
	return false;
}

static void add_line(void *view, struct entry *entry, int depth)
{
	view_add(view, entry, 0, depth);
}

/* Can the entry be expanded in the outline (are entries listed under it)? */
static bool foldable(struct browser *br, const struct entry *entry)
{
	return has_shown_child(br, entry);
}

/* Menus start collapsed; entries nested under a plain config, expanded. */
static bool is_open(const struct tree_state *st, const struct entry *entry)
{
	switch (st->fold[entry->index]) {
	case FOLD_OPEN: return true;
	case FOLD_CLOSED: return false;
	default: return entry->parent == NULL || !entry_is_menu(entry);
	}
}

static struct entry *next_listed(struct browser *br, struct entry *e)
{
	while (e && !entry_is_listed(br->s->cfg, e, br->show_hidden))
		e = e->next;
	return e;
}

static void outline_list(struct view *view, const struct entry *parent,
			 int depth, int guides)
{
	struct browser *br = view->br;
	const struct tree_state *st = view->priv;
	struct entry *e = next_listed(br, parent->children);

	while (e) {
		struct entry *after = next_listed(br, e->next);
		int kind = guides;

		if (after && depth < GUIDE_LEVELS)
			kind |= 1 << depth;
		view_add(view, e, kind, depth);
		if (is_open(st, e))
			outline_list(view, e, depth + 1, kind);
		e = after;
	}
}

static void tree_open(struct view *view)
{
	struct tree_state *st = view->priv;
	size_t keep = view->lineno;

	if (!st->page)
		st->page = view->br->model->root;
	if (!st->fold)
		st->fold = xcalloc(view->br->model->count, 1);
	view_clear(view);
	if (st->outline)
		outline_list(view, view->br->model->root, 0, 0);
	else
		tree_model_list_page(view->br->s->cfg, st->page, view->br->show_hidden,
				     add_line, view);
	for (size_t i = 0; i < view->nlines; i++)
		if (view->lines[i].data == st->selected)
			keep = i;
	view_select(view, keep);
}

/* --- the value column ------------------------------------------------------ */

static void bool_value(struct browser *br, const struct symbol *sym,
		       char *buf, size_t size)
{
	tristate t = config_tri(br->s->cfg, sym);
	char c = t == TRI_YES ? '*' : t == TRI_MOD ? 'M' : ' ';

	if (sym->choice && sym->choice->sym)
		snprintf(buf, size, "(%c)", t == TRI_YES ? 'X' : ' ');
	else if (!config_changeable(br->s->cfg, sym))
		snprintf(buf, size, "-%c-", c);
	else if (config_type(br->s->cfg, sym) == S_TRISTATE)
		/* {M}: a select forces at least m; < > otherwise. */
		snprintf(buf, size, config_rev_dep(br->s->cfg, sym) == TRI_MOD ?
			 "{%c}" : "<%c>", c);
	else
		snprintf(buf, size, "[%c]", c);
}

static void entry_value(struct browser *br, const struct entry *entry,
			char *buf, size_t size)
{
	const struct symbol *sym = entry->node->sym;

	buf[0] = '\0';
	if (!sym || entry->node->kind == MENU_CHOICE)
		return;
	switch (sym->type) {
	case S_BOOLEAN:
	case S_TRISTATE:
		bool_value(br, sym, buf, size);
		break;
	/* As menuconfig: "(%s)", strings without quotes, "" as "()". */
	case S_STRING:
	case S_INT:
	case S_HEX:
		snprintf(buf, size, "(%s)", config_str(br->s->cfg, sym));
		break;
	default:
		break;
	}
}

/* The prompt with what follows it: "(selection)", "--->", "(NEW)". */
static void entry_text(struct browser *br, const struct entry *entry,
		       char *buf, size_t size)
{
	const struct menu_node *node = entry->node;
	const struct symbol *sym = node->sym;
	const char *label = entry_label(entry);
	const struct tree_state *st = br->views[VIEW_TREE].priv;
	/* In the outline, the expansion mark says what "--->" says on a page. */
	const char *arrow = entry_is_menu(entry) && !st->outline ?
		(has_shown_child(br, entry) ? "  --->" : "  ----") : "";
	bool is_new = sym && sym->name && node->kind != MENU_CHOICE &&
		      !config_has_user(br->s->cfg, sym) && config_changeable(br->s->cfg, sym);
	const char *name = br->show_names && sym && sym->name &&
			   node->prompt ? sym->name : NULL;

	if (node->kind == MENU_COMMENT) {
		snprintf(buf, size, "*** %s ***", label);
	} else if (node->kind == MENU_CHOICE) {
		const struct symbol *pick = config_choice_selection(br->s->cfg, node);
		const char *pick_label = pick && pick->first_node &&
			pick->first_node->prompt ? pick->first_node->prompt->text :
			pick ? pick->name : NULL;

		if (pick_label)
			snprintf(buf, size, "%s (%s)%s", label, pick_label, arrow);
		else
			snprintf(buf, size, "%s%s", label, arrow);
	} else {
		snprintf(buf, size, "%s%s%s%s%s", label, is_new ? " (NEW)" : "", arrow,
			 name ? "  " : "", name ? name : "");
	}
}

/*
 * Was a command on one of the symbol's own lines not run (--no-shell,
 * Ctrl-C at the start, a time limit)?  Its value may not be conf's.
 */
static bool computed_without_command(const struct browser *br,
				     const struct symbol *sym)
{
	const struct kconfig *kc = br->s->kc;
	size_t nskipped;

	kconfig_shell_skipped(kc, &nskipped);
	if (!sym || !nskipped)
		return false;
	for (const struct property *p = sym->props; p; p = p->next)
		if (kconfig_shell_skipped_at(kc, p->loc))
			return true;
	return false;
}

static enum ui_style entry_style(struct browser *br, const struct entry *entry)
{
	if (!entry_visible(br, entry))
		return STYLE_HIDDEN;
	if (entry->node->kind == MENU_COMMENT)
		return STYLE_COMMENT;
	if (entry_is_menu(entry))
		return STYLE_MENU;
	return STYLE_NORMAL;
}

/* "│  " or "   " for each level above, then "├─ " or "└─ ". */
static int draw_guides(struct view *view, const struct view_line *line, int row,
		       enum ui_style style)
{
	bool utf8 = text_is_utf8(view->br->text);
	int col = 0;

	for (int d = 0; d <= line->depth; d++) {
		bool more = d < GUIDE_LEVELS && (line->kind & (1 << d));
		const char *piece;

		if (d < line->depth)
			piece = more ? (utf8 ? "\u2502  " : "|  ") : "   ";
		else
			piece = more ? (utf8 ? "\u251c\u2500 " : "|- ")
				     : (utf8 ? "\u2514\u2500 " : "`- ");
		col = view_put(view, row, col, piece, style);
	}
	return col;
}

static void tree_draw(struct view *view, const struct view_line *line, int row,
		      bool selected)
{
	struct browser *br = view->br;
	const struct tree_state *st = view->priv;
	const struct entry *entry = line->data;
	enum ui_style style = entry_style(br, entry);
	enum ui_style value_style = style == STYLE_NORMAL ? STYLE_VALUE : style;
	char value[256], text[1024];
	int col = 0;

	if (selected) {
		style = value_style = br->focus == view ? STYLE_CURSOR : STYLE_CURSOR_IDLE;
		view_fill(view, row, 0, style);
	}
	entry_value(br, entry, value, sizeof(value));
	entry_text(br, entry, text, sizeof(text));
	/* Without a dim attribute, invisible entries say so in words. */
	if (br->no_dim && !entry_visible(br, entry))
		strncat(text, "  [invisible]", sizeof(text) - strlen(text) - 1);
	/* While probes run, every such value waits for one (session_probes.c). */
	if (computed_without_command(br, entry->node->sym))
		strncat(text, br->s->probes ? "  [probe running]" : "  [command not run]",
			sizeof(text) - strlen(text) - 1);
	if (st->outline) {
		const char *mark = !foldable(br, entry) ? "  " :
				   is_open(st, entry) ? "- " : "+ ";

		col = draw_guides(view, line, row, selected ? style : STYLE_NORMAL);
		col = view_put(view, row, col, mark, selected ? style : STYLE_MENU);
		if (value[0])
			col = view_put(view, row, col, value, value_style) + 1;
		view_put(view, row, col, text, style);
		return;
	}
	col = view_put(view, row, 0, value, value_style);
	col = (col < 4 ? 4 : col + 1) + 2 * line->depth;
	view_put(view, row, col, text, style);
}

/* --- requests ------------------------------------------------------------ */

static struct entry *selected_entry(struct view *view)
{
	const struct view_line *line = view_current(view);

	return line ? (struct entry *)line->data : NULL;
}

static void open_page(struct view *view, struct entry *page, struct entry *selected)
{
	struct tree_state *st = view->priv;

	st->page = page;
	st->selected = selected;
	view->lineno = 0;
	view->offset = 0;
	tree_open(view);
	if (!view->nlines)
		browser_message(view->br, "nothing here is visible now (z shows invisible entries)");
}

/* After a change: everything that shows values follows; say what it is now. */
static void changed(struct browser *br, const struct symbol *sym)
{
	const char *q = sym->type == S_STRING ? "\"" : "";

	br->modified = true;
	browser_values_changed(br);
	browser_message(br, "%s = %s%s%s", sym->name, q, config_str(br->s->cfg, sym), q);
}

/* n -> m -> y -> n, skipping what the dependencies do not allow. */
static void cycle_value(struct browser *br, const struct symbol *sym)
{
	tristate now = config_tri(br->s->cfg, sym);

	for (int step = 1; step < 3; step++) {
		tristate next = (tristate)((now + step) % 3);

		if (config_set_tri(br->s->cfg, sym, next)) {
			changed(br, sym);
			return;
		}
	}
	browser_message(br, "%s cannot be changed here: see why below",
			sym->name ? sym->name : "this entry");
}

static void set_value(struct browser *br, const struct symbol *sym, tristate value)
{
	if (!sym || !type_is_bool_or_tristate((sym)->type)) {
		browser_message(br, "only bool and tristate entries take y, m or n");
		return;
	}
	if (config_tri(br->s->cfg, sym) == value)
		return;
	if (config_set_tri(br->s->cfg, sym, value))
		changed(br, sym);
	else
		browser_message(br, "%s cannot be %c: see why below", sym->name,
				tri_char(value));
}

/* Space, or Enter on a value: change it the way its type allows. */
static void change_entry(struct view *view, struct entry *entry)
{
	struct browser *br = view->br;
	const struct symbol *sym = entry->node->sym;

	if (!sym || entry->node->kind == MENU_CHOICE)
		return;
	if (sym->choice && sym->choice->sym) {
		if (config_set_choice(br->s->cfg, sym))
			changed(br, sym);
		else
			browser_message(br, "%s cannot be chosen now", sym->name);
	} else if (type_is_bool_or_tristate((sym)->type)) {
		cycle_value(br, sym);
	} else if (sym->type != S_UNKNOWN) {
		if (config_visibility(br->s->cfg, sym) == TRI_NO)
			browser_message(br, "%s cannot be set: it has no visible prompt",
					sym->name);
		else if (dialog_edit_value(br, sym))
			changed(br, sym);
	}
}

static void go_back(struct view *view)
{
	struct tree_state *st = view->priv;
	struct entry *up = entry_page(st->page);

	if (!up) {
		browser_message(view->br, "this is the main menu (q quits)");
		return;
	}
	open_page(view, up, st->page);
}

/* --- the outline ------------------------------------------------------------ */

static void select_entry(struct view *view, const struct entry *entry)
{
	for (size_t i = 0; i < view->nlines; i++)
		if (view->lines[i].data == entry) {
			view_select(view, i);
			return;
		}
}

static void set_fold(struct view *view, struct entry *entry, bool open)
{
	struct tree_state *st = view->priv;

	st->fold[entry->index] = open ? FOLD_OPEN : FOLD_CLOSED;
	st->selected = entry;
	tree_open(view);
}

/* Every entry under entry expanded, entry too. */
static void expand_all(struct view *view, struct entry *entry)
{
	struct tree_state *st = view->priv;

	st->fold[entry->index] = FOLD_OPEN;
	for (struct entry *c = entry->children; c; c = c->next)
		expand_all(view, c);
}

/* The nearest ancestor that is listed (an `if` is not), or NULL at the top. */
static struct entry *listed_parent(struct browser *br, const struct entry *entry)
{
	struct entry *up = entry->parent;

	while (up && up->parent && !entry_is_listed(br->s->cfg, up, br->show_hidden))
		up = up->parent;
	return up && up->parent ? up : NULL;
}

static void go_parent(struct view *view, struct entry *entry)
{
	struct tree_state *st = view->priv;
	struct entry *up = entry ? listed_parent(view->br, entry) : NULL;

	if (!st->outline) {
		/* Nested under a plain config on this page: that config. */
		if (up && entry_page(entry) == st->page && up != st->page)
			select_entry(view, up);
		else
			go_back(view);
		return;
	}
	if (!up) {
		browser_message(view->br, "this entry is at the top of the tree");
		return;
	}
	select_entry(view, up);
}

/* Show every entry above entry expanded. */
static void reveal(struct view *view, const struct entry *entry)
{
	struct tree_state *st = view->priv;

	for (const struct entry *up = entry->parent; up; up = up->parent)
		if (!is_open(st, up))
			st->fold[up->index] = FOLD_OPEN;
}

static enum request outline_request(struct view *view, struct entry *entry,
				    enum request req)
{
	struct tree_state *st = view->priv;
	bool can_fold = entry && foldable(view->br, entry);

	switch (req) {
	case REQ_ENTER:
		if (entry && (entry_is_menu(entry) || !entry->node->sym)) {
			if (can_fold)
				set_fold(view, entry, !is_open(st, entry));
		} else if (entry) {
			change_entry(view, entry);
		}
		return REQ_NONE;
	case REQ_TOGGLE:
		if (entry && entry->node->sym && entry->node->kind != MENU_CHOICE)
			change_entry(view, entry);
		else if (can_fold)
			set_fold(view, entry, !is_open(st, entry));
		return REQ_NONE;
	case REQ_OPEN:
	case REQ_EXPAND:
		if (can_fold && !is_open(st, entry))
			set_fold(view, entry, true);
		else if (can_fold && req == REQ_OPEN)
			view_move(view, REQ_MOVE_DOWN);
		return REQ_NONE;
	case REQ_BACK:
	case REQ_COLLAPSE:
		if (can_fold && is_open(st, entry))
			set_fold(view, entry, false);
		else
			go_parent(view, entry);
		return REQ_NONE;
	case REQ_EXPAND_ALL:
		if (can_fold) {
			expand_all(view, entry);
			st->selected = entry;
			tree_open(view);
		}
		return REQ_NONE;
	default:
		return req;
	}
}

static enum request tree_request(struct view *view, enum request req)
{
	struct tree_state *st = view->priv;
	struct entry *entry = selected_entry(view);

	switch (req) {
	case REQ_SET_YES:
	case REQ_SET_MOD:
	case REQ_SET_NO:
		if (entry)
			set_value(view->br, entry->node->sym,
				  req == REQ_SET_YES ? TRI_YES :
				  req == REQ_SET_MOD ? TRI_MOD : TRI_NO);
		return REQ_NONE;
	case REQ_PARENT:
		go_parent(view, entry);
		return REQ_NONE;
	case REQ_SOURCE:
		if (entry)
			source_show(view->br, entry);
		return REQ_NONE;
	case REQ_EDIT_SOURCE:
		if (entry)
			browser_edit_source(view->br, entry);
		return REQ_NONE;
	default:
		break;
	}
	if (st->outline)
		return outline_request(view, entry, req);
	switch (req) {
	case REQ_ENTER:
		if (entry && entry_is_menu(entry))
			open_page(view, entry, NULL);
		else if (entry)
			change_entry(view, entry);
		return REQ_NONE;
	case REQ_OPEN:
	case REQ_EXPAND:
		if (entry && entry_is_menu(entry))
			open_page(view, entry, NULL);
		return REQ_NONE;
	case REQ_BACK:
	case REQ_COLLAPSE:
		go_back(view);
		return REQ_NONE;
	case REQ_EXPAND_ALL:
		browser_message(view->br, "* expands in the outline (o switches to it)");
		return REQ_NONE;
	case REQ_TOGGLE:
		if (entry && entry->node->sym && entry->node->kind != MENU_CHOICE)
			change_entry(view, entry);
		else if (entry && entry_is_menu(entry))
			open_page(view, entry, NULL);
		return REQ_NONE;
	default:
		return req;
	}
}

/* The main menu by its title as .config's header writes it ($VAR expanded). */
static const char *chain_label(const struct view *view, const struct entry *entry)
{
	if (entry->node->kind == MENU_ROOT && !entry->node->prompt)
		return "Main menu";
	if (entry->node->kind == MENU_ROOT && view->br->model->title)
		return view->br->model->title;
	return entry_label(entry);
}

/*
 * "Toy OS Configuration > Processor type and features > MMU page size":
 * the page's menus, or in the outline every entry above the cursor.
 */
static void tree_title(struct view *view, char *buf, size_t size)
{
	const struct tree_state *st = view->priv;
	const struct entry *chain[64];
	int n = 0;
	size_t len = 0;

	if (st->outline) {
		const struct entry *at = st->selected ? st->selected : st->page;

		for (const struct entry *e = at ? at->parent : NULL; e && n < 64;
		     e = e->parent)
			if (e->node->kind != MENU_IF)
				chain[n++] = e;
		if (!n)
			chain[n++] = view->br->model->root;
	} else {
		for (const struct entry *e = st->page; e && n < 64; e = entry_page(e))
			chain[n++] = e;
	}
	buf[0] = '\0';
	while (n-- > 0 && len < size)
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
					len ? " > " : "", chain_label(view, chain[n]));
}

static void tree_select(struct view *view)
{
	struct tree_state *st = view->priv;
	struct entry *entry = selected_entry(view);

	st->selected = entry;
	browser_explain(view->br, entry ? entry : st->page);
}

static void tree_done(struct view *view)
{
	struct tree_state *st = view->priv;

	free(st->fold);
	st->fold = NULL;
}

struct place tree_place(struct browser *br)
{
	struct tree_state *st = br->views[VIEW_TREE].priv;

	return (struct place){ .page = st->page, .selected = st->selected,
			       .show_hidden = br->show_hidden };
}

void tree_goto(struct browser *br, struct place place)
{
	struct view *view = &br->views[VIEW_TREE];
	struct tree_state *st = view->priv;

	if (!st->outline) {
		open_page(view, place.page, place.selected);
		return;
	}
	if (!st->fold)
		st->fold = xcalloc(br->model->count, 1);
	if (place.selected)
		reveal(view, place.selected);
	st->page = place.page;
	st->selected = place.selected ? place.selected : place.page;
	tree_open(view);
}

bool tree_outline(struct browser *br)
{
	const struct tree_state *st = br->views[VIEW_TREE].priv;

	return st->outline;
}

struct entry *tree_selected(struct browser *br)
{
	return selected_entry(&br->views[VIEW_TREE]);
}

/* The same entry stays under the cursor when the mode changes. */
void tree_set_outline(struct browser *br, bool outline)
{
	struct view *view = &br->views[VIEW_TREE];
	struct tree_state *st = view->priv;
	struct entry *at = st->selected;

	st->outline = outline;
	if (at && !outline)
		st->page = entry_page(at) ? entry_page(at) : br->model->root;
	if (!st->page)
		st->page = br->model->root;
	tree_goto(br, (struct place){ .page = st->page, .selected = at });
}

const struct view_ops tree_view_ops = {
	.name = "tree",
	.flags = VIEW_CURSOR,
	.priv_size = sizeof(struct tree_state),
	.open = tree_open,
	.draw = tree_draw,
	.request = tree_request,
	.title = tree_title,
	.select = tree_select,
	.done = tree_done,
};
