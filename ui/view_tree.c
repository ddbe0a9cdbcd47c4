// SPDX-License-Identifier: GPL-2.0
/*
 * The tree view: one menu page at a time, as menuconfig shows it.  Each
 * line is an entry with its value ("[*]", "<M>", "(X)", "(12)") and its
 * prompt; menus, menuconfigs and choices open as pages of their own
 * ("--->"), entries nested under a plain config are indented under it.
 */
#include "buildconf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"

struct tree_state {
	struct entry *page;		/* the menu whose entries are listed */
	struct entry *selected;		/* the entry under the cursor */
};

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

static bool has_shown_child(struct browser *br, const struct entry *entry)
{
	for (const struct entry *c = entry->children; c; c = c->next)
		if (entry_is_listed(br->s->cfg, c, br->show_hidden))
			return true;
	return false;
}

static void add_line(void *view, struct entry *entry, int depth)
{
	view_add(view, entry, 0, depth);
}

static void tree_open(struct view *view)
{
	struct tree_state *st = view->priv;
	size_t keep = view->lineno;

	if (!st->page)
		st->page = view->br->model->root;
	view_clear(view);
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
	case S_STRING:
		snprintf(buf, size, "(\"%s\")", config_str(br->s->cfg, sym));
		break;
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
	const char *arrow = entry_is_menu(entry) ?
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

static void tree_draw(struct view *view, const struct view_line *line, int row,
		      bool selected)
{
	struct browser *br = view->br;
	const struct entry *entry = line->data;
	enum ui_style style = entry_style(br, entry);
	enum ui_style value_style = style == STYLE_NORMAL ? STYLE_VALUE : style;
	char value[256], text[1024];
	int col;

	if (selected) {
		style = value_style = br->focus == view ? STYLE_CURSOR : STYLE_CURSOR_IDLE;
		view_fill(view, row, 0, style);
	}
	entry_value(br, entry, value, sizeof(value));
	entry_text(br, entry, text, sizeof(text));
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

static enum request tree_request(struct view *view, enum request req)
{
	struct entry *entry = selected_entry(view);

	switch (req) {
	case REQ_ENTER:
		if (entry && entry_is_menu(entry))
			open_page(view, entry, NULL);
		else if (entry)
			change_entry(view, entry);
		return REQ_NONE;
	case REQ_OPEN:
		if (entry && entry_is_menu(entry))
			open_page(view, entry, NULL);
		return REQ_NONE;
	case REQ_BACK:
		go_back(view);
		return REQ_NONE;
	case REQ_TOGGLE:
		if (entry && entry->node->sym && entry->node->kind != MENU_CHOICE)
			change_entry(view, entry);
		else if (entry && entry_is_menu(entry))
			open_page(view, entry, NULL);
		return REQ_NONE;
	case REQ_SET_YES:
	case REQ_SET_MOD:
	case REQ_SET_NO:
		if (entry)
			set_value(view->br, entry->node->sym,
				  req == REQ_SET_YES ? TRI_YES :
				  req == REQ_SET_MOD ? TRI_MOD : TRI_NO);
		return REQ_NONE;
	default:
		return req;
	}
}

/* "Toy OS Configuration > Processor type and features > MMU page size" */
static void tree_title(struct view *view, char *buf, size_t size)
{
	const struct tree_state *st = view->priv;
	const struct entry *chain[64];
	int n = 0;
	size_t len = 0;

	for (const struct entry *e = st->page; e && n < 64; e = entry_page(e))
		chain[n++] = e;
	buf[0] = '\0';
	while (n-- > 0 && len < size) {
		const char *label = chain[n]->node->kind == MENU_ROOT &&
			!chain[n]->node->prompt ? "Main menu" : entry_label(chain[n]);

		len += (size_t)snprintf(buf + len, size - len, "%s%s",
					len ? " > " : "", label);
	}
}

static void tree_select(struct view *view)
{
	struct tree_state *st = view->priv;
	struct entry *entry = selected_entry(view);

	st->selected = entry;
	browser_explain(view->br, entry ? entry : st->page);
}

struct place tree_place(struct browser *br)
{
	struct tree_state *st = br->views[VIEW_TREE].priv;

	return (struct place){ .page = st->page, .selected = st->selected };
}

void tree_goto(struct browser *br, struct place place)
{
	open_page(&br->views[VIEW_TREE], place.page, place.selected);
}

const struct view_ops tree_view_ops = {
	.name = "tree",
	.priv_size = sizeof(struct tree_state),
	.open = tree_open,
	.draw = tree_draw,
	.request = tree_request,
	.title = tree_title,
	.select = tree_select,
};
