// SPDX-License-Identifier: GPL-2.0
/*
 * The browser: curses set-up, the layout of the panes, the main loop and
 * the requests that are not any one view's (search, goto, history,
 * focus, save, help, quit).
 *
 *   row 0        header: where you are; which tree; unsaved changes
 *   rows 1..     the main view (tree, search results or help)
 *   one row      the explain pane's title bar
 *   rows ..      the explain pane
 *   last row     status: messages, prompts, key hints
 *
 * On a wide terminal the explain pane sits to the right instead.
 *
 * Testing hook: KBROWSE_EXIT_AFTER_FIRST_SCREEN=1 in the environment makes
 * the browser leave as soon as its first screen is drawn (see main_loop);
 * KBROWSE_REPLAY types keys from the environment (replay.c).
 */
#include "buildconf.h"

#include <ctype.h>
#include <errno.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <panel.h>

#include "browser.h"
#include "dialog.h"
#include "help_text.h"
#include "replay.h"
#include "session_probes.h"
#include "shell.h"
#include "startup_keys.h"
#include "state.h"
#include "view_explain.h"
#include "util.h"
#include "view_changes.h"
#include "view_search.h"
#include "view_source.h"

/* Below this, there is no room for a tree and an explanation. */
#define MIN_LINES 10
#define MIN_COLS 40
/* From this width on, the explain pane goes beside the tree. */
#define SIDE_BY_SIDE_COLS 150

static const struct view_ops *const view_tables[VIEW_COUNT] = {
#define VIEW_TABLE(id, name) [VIEW_##id] = &name##_view_ops,
	VIEWS(VIEW_TABLE)
#undef VIEW_TABLE
};

attr_t ui_style(const struct browser *br, enum ui_style style)
{
	return br->styles[style];
}

void browser_message(struct browser *br, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(br->message, sizeof(br->message), fmt, ap);
	va_end(ap);
}

/* --- colours --------------------------------------------------------------- */

static void init_monochrome(struct browser *br)
{
	attr_t *s = br->styles;

	s[STYLE_NORMAL] = A_NORMAL;
	s[STYLE_TITLE] = A_REVERSE;
	s[STYLE_CURSOR] = A_REVERSE;
	s[STYLE_CURSOR_IDLE] = A_UNDERLINE;
	s[STYLE_HIDDEN] = A_DIM;
	s[STYLE_MENU] = A_BOLD;
	s[STYLE_COMMENT] = A_NORMAL;
	s[STYLE_VALUE] = A_NORMAL;
	s[STYLE_HEADING] = A_BOLD;
	s[STYLE_DECIDING] = A_BOLD;
	s[STYLE_DIM] = A_DIM;
	s[STYLE_LINK] = A_UNDERLINE;
	s[STYLE_LINK_CURSOR] = A_REVERSE;
	s[STYLE_ERROR] = A_BOLD;
}

static void init_colors(struct browser *br)
{
	static const struct { enum ui_style style; short fg, bg; attr_t attr; } pairs[] = {
		{ STYLE_TITLE, COLOR_WHITE, COLOR_BLUE, A_BOLD },
		{ STYLE_CURSOR, COLOR_BLACK, COLOR_CYAN, A_NORMAL },
		{ STYLE_VALUE, COLOR_YELLOW, -1, A_NORMAL },
		{ STYLE_COMMENT, COLOR_CYAN, -1, A_NORMAL },
		{ STYLE_HEADING, COLOR_YELLOW, -1, A_BOLD },
		{ STYLE_DECIDING, COLOR_GREEN, -1, A_BOLD },
		{ STYLE_LINK, COLOR_CYAN, -1, A_UNDERLINE },
		{ STYLE_LINK_CURSOR, COLOR_BLACK, COLOR_CYAN, A_NORMAL },
		{ STYLE_ERROR, COLOR_RED, -1, A_BOLD },
	};

	init_monochrome(br);
	/*
	 * A terminal without dim (vt100) would draw invisible entries as
	 * visible ones: underline them, and the tree says "[invisible]".
	 */
	if (!(termattrs() & A_DIM)) {
		br->no_dim = true;
		br->styles[STYLE_HIDDEN] = A_UNDERLINE;
		br->styles[STYLE_DIM] = A_NORMAL;
	}
	if (!has_colors() || getenv("NO_COLOR"))
		return;
	start_color();
	if (use_default_colors() == ERR)
		return;
	for (unsigned i = 0; i < ARRAY_SIZE(pairs); i++) {
		if (init_pair((short)(i + 1), pairs[i].fg, pairs[i].bg) == ERR)
			return;
		br->styles[pairs[i].style] = COLOR_PAIR(i + 1) | pairs[i].attr;
	}
	br->has_colors = true;
}

/* --- layout ---------------------------------------------------------------- */

/* A window on a panel of its own, remembered for free_layout(). */
static WINDOW *new_window(struct browser *br, int height, int width, int y, int x)
{
	WINDOW *win;
	PANEL *panel;

	if (br->npanels == LAYOUT_MAX || height <= 0 || width <= 0)
		return NULL;
	win = newwin(height, width, y, x);
	if (!win)
		return NULL;
	panel = new_panel(win);
	if (!panel) {
		delwin(win);
		return NULL;
	}
	br->panels[br->npanels++] = panel;
	/*
	 * The first new_panel() also puts a panel for stdscr at the bottom of
	 * the deck, which the library keeps in the SCREEN and frees only in
	 * its leak-checking builds, from exit_curses() (which kbrowse never
	 * calls): delscreen() would drop the last pointer to it.  PANEL is a
	 * public structure, so find it below the new panel and delete it in
	 * stop_curses() with ours.
	 */
	if (!br->ground) {
		PANEL *p = panel;

		while (p->below)
			p = p->below;
		if (p != panel && panel_window(p) == stdscr)
			br->ground = p;
	}
	return win;
}

static void free_layout(struct browser *br)
{
	while (br->npanels) {
		PANEL *panel = br->panels[--br->npanels];
		WINDOW *win = panel_window(panel);

		del_panel(panel);
		delwin(win);
	}
	br->header = br->status = br->explain_title = br->separator = NULL;
	for (int i = 0; i < VIEW_COUNT; i++) {
		br->views[i].win = NULL;
		br->views[i].height = br->views[i].width = 0;
	}
}

static void place_view(struct browser *br, struct view *view, int height,
		       int width, int y, int x)
{
	view->win = new_window(br, height, width, y, x);
	view->height = view->win ? height : 0;
	view->width = view->win ? width : 0;
}

static void layout_panes(struct browser *br)
{
	struct view *explain = &br->views[VIEW_EXPLAIN];
	int body = LINES - 2;

	br->side_by_side = COLS >= SIDE_BY_SIDE_COLS;
	/* Pages of text take the whole screen: they explain nothing. */
	if (view_is(br->main, VIEW_FULL_SCREEN)) {
		place_view(br, br->main, body, COLS, 1, 0);
	} else if (br->side_by_side) {
		int left = COLS * 9 / 20;

		place_view(br, br->main, body, left, 1, 0);
		br->separator = new_window(br, body, 1, 1, left);
		br->explain_title = new_window(br, 1, COLS - left - 1, 1, left + 1);
		place_view(br, explain, body - 1, COLS - left - 1, 2, left + 1);
	} else {
		int top = (body - 1) * 11 / 20;

		place_view(br, br->main, top, COLS, 1, 0);
		br->explain_title = new_window(br, 1, COLS, 1 + top, 0);
		place_view(br, explain, body - 1 - top, COLS, 2 + top, 0);
	}
}

static void reopen_wrapped(struct view *view)
{
	if (view->win && view_is(view, VIEW_WRAPS))
		view->ops->open(view);
}

void browser_layout(struct browser *br)
{
	free_layout(br);
	br->too_small = LINES < MIN_LINES || COLS < MIN_COLS;
	if (br->too_small) {
		br->status = new_window(br, LINES, COLS, 0, 0);
		return;
	}
	br->header = new_window(br, 1, COLS, 0, 0);
	br->status = new_window(br, 1, COLS, LINES - 1, 0);
	layout_panes(br);
	if (br->focus != br->main && !br->views[VIEW_EXPLAIN].win)
		br->focus = br->main;
	/* Lines wrapped to a width (explanations, long source lines) are made again. */
	reopen_wrapped(&br->views[VIEW_EXPLAIN]);
	reopen_wrapped(br->main);
}

/* --- drawing --------------------------------------------------------------- */

/*
 * Where left is too long for room columns, keep its end: from a " > "
 * of a breadcrumb when there is one ("… > MMU page size"), else from a
 * character boundary after a "…" ("..." without UTF-8).  Never "<":
 * "< > Library routines" would read as a tristate box.
 */
static const char *cut_left(struct browser *br, const char *left, int room,
			    const char **prefix)
{
	bool utf8 = text_is_utf8(br->text);
	const char *ellipsis = utf8 ? "\u2026" : "...";
	int ellipsis_width = utf8 ? 1 : 3;
	size_t len = strlen(left);
	const char *sep;

	*prefix = "";
	if (text_width(br->text, left, len) <= room)
		return left;
	for (sep = strstr(left, " > "); sep; sep = strstr(sep + 3, " > "))
		if (text_width(br->text, sep + 3, strlen(sep + 3)) + ellipsis_width + 3 <= room) {
			*prefix = utf8 ? "\u2026 > " : "... > ";
			return sep + 3;
		}
	*prefix = ellipsis;
	while (*left && text_width(br->text, left, strlen(left)) > room - ellipsis_width) {
		left++;
		while ((*left & 0xc0) == 0x80)
			left++;
	}
	return left;
}

/*
 * A one-line bar: left text, right text at the right end.  When both do
 * not fit, the header keeps its right part (which tree, unsaved changes)
 * and cuts the breadcrumb on the left; other bars drop the right part (a
 * key hint) and cut their text on the right.
 */
static void draw_bar(struct browser *br, WINDOW *win, const char *left,
		     const char *right, enum ui_style style, bool keep_right)
{
	int width, right_width, room;
	const char *prefix = "";

	if (!win)
		return;
	width = getmaxx(win);
	right_width = right ? text_width(br->text, right, strlen(right)) : 0;
	if (!keep_right && right_width &&
	    text_width(br->text, left, strlen(left)) + right_width + 1 > width)
		right_width = 0;
	room = width - right_width - (right_width ? 1 : 0);
	wbkgdset(win, ' ' | ui_style(br, style));
	werase(win);
	wattrset(win, ui_style(br, style));
	if (keep_right)
		left = cut_left(br, left, room, &prefix);
	wmove(win, 0, 0);
	text_draw(br->text, win, prefix, strlen(prefix), &room);
	text_draw(br->text, win, left, strlen(left), &room);
	if (right_width && right_width < width) {
		int cols = right_width;

		wmove(win, 0, width - right_width);
		text_draw(br->text, win, right, strlen(right), &cols);
	}
	wattrset(win, ui_style(br, STYLE_NORMAL));
}

static void draw_header(struct browser *br)
{
	char title[1024], right[256];
	const char *rules;
	bool newer;

	br->main->ops->title(br->main, title, sizeof(title));
	/*
	 * The header says when the teaching tree stands in for a real one,
	 * when the tree's commands were not run, and which Kconfig rules the
	 * values follow.
	 */
	size_t skipped, running = session_probes_running(br->s);
	char probes[64] = "";

	kconfig_shell_skipped(br->s->kc, &skipped);
	if (br->s->probes)
		snprintf(probes, sizeof(probes), "[provisional: %zu probe%s running] ",
			 running, running == 1 ? "" : "s");
	else if (skipped)
		snprintf(probes, sizeof(probes), "[commands not run] ");
	snprintf(right, sizeof(right), "%s%s%s%s%s",
		 probes,
		 tree_outline(br) ? "[outline] " : "",
		 br->show_hidden ? "[all] " : "",
		 br->modified ? "[+] " : "",
		 br->opts.teaching_tree ? "built-in teaching tree" : br->s->config_name);
	/*
	 * The rules give way to the title when the line is too short.  A
	 * kernel newer than kbrowse's table gets the newest rules: it says so.
	 */
	rules = br->s->kc->dialect->name;
	newer = strstr(br->s->kc->dialect_why, "newer than kbrowse knows") != NULL;
	if (strlen(title) + strlen(right) + strlen(rules) + (newer ? 32 : 12) <= (size_t)COLS) {
		size_t len = strlen(right);
		/* Rules read from the tree's copy of kconfig: which file, if room */
		const char *why = br->s->kc->dialect_why;
		bool evidence = strncmp(why, "from ", 5) == 0 &&
			strlen(title) + len + strlen(rules) + strlen(why) + 15 <= (size_t)COLS;

		snprintf(right + len, sizeof(right) - len, "  %s rules%s%s%s%s", rules,
			 newer ? " (kernel newer than kbrowse)" : "",
			 evidence ? " (" : "", evidence ? why : "", evidence ? ")" : "");
	}
	draw_bar(br, br->header, title, right, STYLE_TITLE, true);
}

/* "?:help  /:search ..." from the key table. */
static void key_hints(char *buf, size_t size)
{
	static const enum request shown[] = {
		REQ_HELP, REQ_SEARCH, REQ_GOTO, REQ_TOGGLE, REQ_FOCUS,
		REQ_HISTORY_BACK, REQ_SAVE, REQ_QUIT,
	};
	static const char *const words[] = {
		"help", "search", "goto", "change", "explain", "back", "save", "quit",
	};
	size_t len = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < ARRAY_SIZE(shown) && len < size; i++) {
		char name[32] = "";

		for (unsigned k = 0; k < key_binding_count; k++)
			if (key_bindings[k].request == shown[i]) {
				key_label(&key_bindings[k], name, sizeof(name));
				break;
			}
		len += (size_t)snprintf(buf + len, size - len, "%s%s:%s",
					len ? "  " : "", name, words[i]);
	}
}

static void draw_status(struct browser *br)
{
	char hints[256];

	/* While a prompt is open the status line is its field: hands off. */
	if (br->prompting)
		return;
	if (br->message[0]) {
		draw_bar(br, br->status, br->message, NULL, STYLE_NORMAL, false);
		return;
	}
	key_hints(hints, sizeof(hints));
	draw_bar(br, br->status, hints, NULL, STYLE_DIM, false);
}

static void draw_too_small(struct browser *br)
{
	static const char text[] = "terminal too small";
	int cols = COLS;

	if (!br->status)
		return;
	werase(br->status);
	wmove(br->status, LINES / 2, COLS > (int)sizeof(text) ? (COLS - (int)sizeof(text) + 1) / 2 : 0);
	text_draw(br->text, br->status, text, sizeof(text) - 1, &cols);
}

static void draw_separator(struct browser *br)
{
	if (!br->separator)
		return;
	werase(br->separator);
	wattrset(br->separator, ui_style(br, STYLE_DIM));
	mvwvline(br->separator, 0, 0, ACS_VLINE, getmaxy(br->separator));
	wattrset(br->separator, ui_style(br, STYLE_NORMAL));
}

/* Draw every window; the caller puts it on the screen. */
static void browser_paint(struct browser *br)
{
	struct view *explain = &br->views[VIEW_EXPLAIN];
	char title[512];

	if (br->too_small) {
		draw_too_small(br);
		return;
	}
	draw_header(br);
	view_draw(br->main);
	if (explain->win) {
		char *hint;

		explain->ops->title(explain, title, sizeof(title));
		/* "left<TAB>right": the hint goes to the right end. */
		hint = strchr(title, '\t');
		if (hint)
			*hint++ = '\0';
		draw_bar(br, br->explain_title, title, hint, STYLE_TITLE, false);
		view_draw(explain);
	}
	draw_separator(br);
	draw_status(br);
}

void browser_redraw(struct browser *br)
{
	browser_paint(br);
	update_panels();
	doupdate();
}

/* --- what the views ask for ----------------------------------------------- */

void browser_explain(struct browser *br, struct entry *entry)
{
	struct view *explain = &br->views[VIEW_EXPLAIN];

	if (entry == br->current)
		return;
	br->current = entry;
	if (explain->win)
		explain->ops->open(explain);
}

void browser_show(struct browser *br, enum view_id id)
{
	struct view *view = &br->views[id];

	br->main = view;
	br->focus = view;
	/* A full-screen view (help) has no explain pane: the panes change. */
	browser_layout(br);
	view->ops->open(view);
}

void browser_values_changed(struct browser *br)
{
	struct view *explain = &br->views[VIEW_EXPLAIN];

	br->views[VIEW_TREE].ops->open(&br->views[VIEW_TREE]);
	if (br->main != &br->views[VIEW_TREE])
		br->main->ops->open(br->main);
	if (explain->win)
		explain->ops->open(explain);
}

/* Show entry in the tree, showing invisible entries if it is one. */
static void show_entry(struct browser *br, struct entry *entry)
{
	struct view *tree = &br->views[VIEW_TREE];
	const struct view_line *line;

	if (entry->node->sym && (entry->node->sym->flags & SYMBOL_TRANSITIONAL)) {
		/* not in the tree: explained where it was found */
		browser_explain(br, entry);
		browser_message(br, "%s is transitional: an old name read from .config, not an option",
				entry_label(entry));
		return;
	}
	if (br->main != tree)
		browser_show(br, VIEW_TREE);
	br->focus = tree;
	/* Show-all from an earlier jump now lasts for this invisible entry. */
	if (br->hidden_for && !entry_visible(br, entry))
		br->hidden_for = entry;
	tree_goto(br, (struct place){ .page = entry_page(entry), .selected = entry });
	line = view_current(tree);
	if ((!line || line->data != entry) && !br->show_hidden) {
		br->show_hidden = true;
		br->hidden_for = entry;
		browser_message(br, "%s is not visible now: all entries shown while on it",
				entry_label(entry));
		tree_goto(br, (struct place){ .page = entry_page(entry), .selected = entry });
	}
}

void browser_jump(struct browser *br, struct entry *entry)
{
	struct history *h = &br->history;

	if (h->nback == HISTORY_MAX) {
		memmove(h->back, h->back + 1, (HISTORY_MAX - 1) * sizeof(h->back[0]));
		h->nback--;
	}
	h->back[h->nback++] = tree_place(br);
	h->nfwd = 0;
	show_entry(br, entry);
}

static void history_move(struct browser *br, bool back)
{
	struct history *h = &br->history;
	struct place *from = back ? h->back : h->fwd;
	struct place *to = back ? h->fwd : h->back;
	int *nfrom = back ? &h->nback : &h->nfwd;
	int *nto = back ? &h->nfwd : &h->nback;
	struct place place;

	if (!*nfrom) {
		browser_message(br, back ? "no earlier place (history-back goes back after a jump)"
					 : "no later place");
		return;
	}
	place = from[--*nfrom];
	if (*nto < HISTORY_MAX)
		to[(*nto)++] = tree_place(br);
	if (br->main != &br->views[VIEW_TREE])
		browser_show(br, VIEW_TREE);
	br->focus = &br->views[VIEW_TREE];
	/* [all] as it was there: a jump may have turned it on. */
	br->show_hidden = place.show_hidden;
	tree_goto(br, place);
}

/* --- search and goto ---------------------------------------------------------- */

static char *prompt_with(struct browser *br, const struct input_options *tmpl);

static void search_changed(void *ctx, const char *text)
{
	struct browser *br = ctx;

	search_set_query(&br->views[VIEW_SEARCH], text);
	browser_paint(br);
}

/* Up and Down move in the results while the query is typed. */
static bool search_key(void *ctx, int key, bool function_key)
{
	struct browser *br = ctx;
	enum request req = key_request(key, function_key);

	if (req == REQ_MOVE_UP || req == REQ_MOVE_DOWN || req == REQ_PAGE_UP ||
	    req == REQ_PAGE_DOWN) {
		view_move(&br->views[VIEW_SEARCH], req);
		browser_paint(br);
		return true;
	}
	return false;
}

/* The search history: the query last, once (an earlier copy goes). */
static void remember_query(struct browser *br, const char *query)
{
	size_t n = 0;

	for (size_t i = 0; i < br->nsearch_history; i++) {
		if (strcmp(br->search_history[i], query) == 0)
			free(br->search_history[i]);
		else
			br->search_history[n++] = br->search_history[i];
	}
	if (n == SEARCH_HISTORY_MAX) {
		free(br->search_history[0]);
		memmove(br->search_history, br->search_history + 1,
			--n * sizeof(*br->search_history));
	}
	br->search_history[n++] = xstrdup(query);
	br->nsearch_history = n;
}

static void run_search(struct browser *br)
{
	char *query;
	struct entry *hit;

	browser_show(br, VIEW_SEARCH);
	query = prompt_with(br, &(struct input_options){
		.label = "/", .initial = search_query(&br->views[VIEW_SEARCH]),
		.on_change = search_changed, .on_key = search_key, .ctx = br,
		.select_initial = true, .history = br->search_history,
		.nhistory = br->nsearch_history,
	});
	if (query && query[0])
		remember_query(br, query);
	hit = query ? search_selected(&br->views[VIEW_SEARCH]) : NULL;
	search_remember(&br->views[VIEW_SEARCH]);
	if (query && !hit)
		browser_message(br, "nothing matches \"%s\"", query);
	browser_show(br, VIEW_TREE);
	if (hit)
		browser_jump(br, hit);
	free(query);
}

struct entry *browser_symbol_entry(struct browser *br, const struct symbol *sym)
{
	struct entry *best = NULL;

	for (const struct menu_node *n = sym->first_node; n; n = n->next_def) {
		struct entry *e = tree_model_find(br->model, n);

		if (e && (!best || (entry_visible(br, e) && !entry_visible(br, best))))
			best = e;
	}
	return best;
}

static void run_goto(struct browser *br)
{
	char *name = browser_prompt_complete(br, "Go to symbol (Tab completes): ",
					     search_complete_name, br);
	const struct symbol *sym;
	struct entry *entry;

	if (!name || !name[0]) {
		free(name);
		return;
	}
	sym = session_find_symbol(br->s, name);
	if (!sym) {
		for (char *p = name; *p; p++)
			*p = (char)toupper((unsigned char)*p);
		sym = symbol_find(br->s->kc, name);
	}
	entry = sym ? browser_symbol_entry(br, sym) : NULL;
	if (entry)
		browser_jump(br, entry);
	else
		browser_message(br, sym ? "%s is not defined in any Kconfig file"
				    : "no symbol %s", name);
	free(name);
}

/* input_run() in the status line with the options of tmpl (win, text...: set here). */
static char *prompt_with(struct browser *br, const struct input_options *tmpl)
{
	char *text = tmpl->initial ? xstrdup(tmpl->initial) : NULL;
	bool first = true;

	for (;;) {
		struct input_options opts = *tmpl;
		char *result;
		enum input_result how;

		opts.win = br->status;
		opts.row = 0;
		opts.col = 0;
		opts.width = COLS;
		opts.initial = text;
		/* After a resize, what was typed is kept as typed. */
		opts.select_initial = tmpl->select_initial && first;
		first = false;
		br->message[0] = '\0';
		browser_paint(br);
		if (br->too_small) {
			free(text);
			return NULL;
		}
		br->prompting = true;
		how = input_run(br, &opts, &result);
		br->prompting = false;
		free(text);
		text = result;
		if (how != INPUT_RESIZED)
			return text;
		browser_layout(br);
	}
}

static char *prompt(struct browser *br, const char *label, const char *initial,
		    input_change_fn *on_change, input_key_fn *on_key,
		    input_complete_fn *complete, void *ctx)
{
	struct input_options opts = {
		.label = label, .initial = initial, .on_change = on_change,
		.on_key = on_key, .complete = complete, .ctx = ctx,
	};

	return prompt_with(br, &opts);
}

char *browser_prompt(struct browser *br, const char *label, const char *initial,
		     input_change_fn *on_change, input_key_fn *on_key, void *ctx)
{
	return prompt(br, label, initial, on_change, on_key, NULL, ctx);
}

char *browser_prompt_complete(struct browser *br, const char *label,
			      input_complete_fn *complete, void *ctx)
{
	return prompt(br, label, "", NULL, NULL, complete, ctx);
}

/* --- requests ------------------------------------------------------------- */

static void toggle_focus(struct browser *br)
{
	struct view *explain = &br->views[VIEW_EXPLAIN];

	if (br->focus == explain) {
		br->focus = br->main;
		return;
	}
	if (!explain->win)
		return;
	br->focus = explain;
	if (explain->ops->focus)
		explain->ops->focus(explain);
}

/*
 * Show-all that a jump turned on ends when the tree's cursor leaves the
 * entry it was turned on for.
 */
static void end_jump_show_all(struct browser *br)
{
	struct view *tree = &br->views[VIEW_TREE];
	struct entry *on;

	/* In another view (its source, the help) the tree waits as it was. */
	if (!br->hidden_for || br->main != tree)
		return;
	on = tree_selected(br);
	if (on == br->hidden_for)
		return;
	br->hidden_for = NULL;
	if (!br->show_hidden)
		return;
	br->show_hidden = false;
	browser_values_changed(br);
	if (on)
		tree_goto(br, (struct place){ .page = entry_page(on), .selected = on });
}

static void toggle_hidden(struct browser *br)
{
	br->hidden_for = NULL;
	br->show_hidden = !br->show_hidden;
	browser_message(br, br->show_hidden ? "showing all entries, invisible ones dimmed"
					    : "showing visible entries only");
	browser_values_changed(br);
}

/* --- files ---------------------------------------------------------------- */

/* The .config text as loaded, for the changes view ("since load"). */
static void remember_loaded(struct browser *br)
{
	struct session *s = br->s;

	free(br->loaded_text);
	br->loaded_text = NULL;
	br->loaded_len = 0;
	free(br->loaded_name);
	br->loaded_name = s->read_from ? xstrdup(s->read_from) : NULL;
	br->saved_since_load = false;
	if (s->config_text) {
		br->loaded_text = xmalloc(s->config_len + 1);
		memcpy(br->loaded_text, s->config_text, s->config_len);
		br->loaded_text[s->config_len] = '\0';
		br->loaded_len = s->config_len;
	}
}

/*
 * The symbols whose own Kconfig lines hold a command that did not run
 * (Ctrl-C at the start, a time limit, --no-shell): their values may not
 * be conf's.  Their names into buf (", "-separated, cut with "..."),
 * and how many.
 */
static unsigned values_without_commands(struct browser *br, char *buf, size_t size)
{
	const struct kconfig *kc = br->s->kc;
	size_t nskipped, len = 0;
	unsigned count = 0;

	buf[0] = '\0';
	kconfig_shell_skipped(kc, &nskipped);
	if (!nskipped)
		return 0;
	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];
		bool hit = false;

		if (!sym->name || !(sym->flags & SYMBOL_DEFINED))
			continue;
		for (const struct property *p = sym->props; p && !hit; p = p->next)
			hit = kconfig_shell_skipped_at(kc, p->loc);
		if (!hit)
			continue;
		if (len + strlen(sym->name) + 6 < size)
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
						count ? ", " : "", sym->name);
		else if (len + 5 < size && !strstr(buf, "..."))
			len += (size_t)snprintf(buf + len, size - len, ", ...");
		count++;
	}
	return count;
}

/* Commands did not run: say which values may not be conf's, and ask. */
static bool save_without_commands(struct browser *br)
{
	char names[200], question[400];
	unsigned n = values_without_commands(br, names, sizeof(names));

	if (!n)
		return true;
	if (br->s->probes) {
		size_t running = session_probes_running(br->s);

		snprintf(question, sizeof(question),
			 "Probes still running (%zu): %u value%s may differ from "
			 "conf's (%s). Save anyway? (y/n)", running, n,
			 n == 1 ? "" : "s", names);
		return dialog_ask(br, " Values provisional ", question, "yn") == 'y';
	}
	snprintf(question, sizeof(question),
		 "Commands did not run: %u value%s may differ from conf's (%s). "
		 "Save anyway? (y/n)", n, n == 1 ? "" : "s", names);
	return dialog_ask(br, " Commands not run ", question, "yn") == 'y';
}

bool browser_save(struct browser *br, const char *name)
{
	char msg[600];
	enum config_write_result result;

	if (!save_without_commands(br)) {
		browser_message(br, "not saved");
		return false;
	}
	result = name ? session_save_as(br->s, name, msg, sizeof(msg)) :
			session_save(br->s, msg, sizeof(msg));

	browser_message(br, "%s", msg);
	if (result == CONFIG_WRITE_FAILED)
		return false;
	br->modified = false;
	br->saved_since_load = true;
	/* Explanations now cite the lines of the file just written. */
	browser_values_changed(br);
	return true;
}

/*
 * s: what a save would change first, and the warnings conf will give
 * about the values saved; then s there writes it.
 */
static void save(struct browser *br)
{
	if (!session_save_would_change(br->s) && !changes_unmet_count(br)) {
		browser_save(br, NULL);
		return;
	}
	changes_show(br, br->s->config_name);
}

static void save_as(struct browser *br)
{
	char *name = browser_prompt(br, "Save to file: ", br->s->config_name,
				    NULL, NULL, NULL);

	if (name && name[0])
		changes_show(br, name);
	free(name);
}

/*
 * Anything a save would keep that leaving (or loading) would lose?  Then
 * ask; true when it is fine to go on.
 */
static bool may_discard(struct browser *br, const char *doing)
{
	char question[300];
	int answer;

	if (!br->modified && !session_save_would_change(br->s))
		return true;
	if (br->modified)
		snprintf(question, sizeof(question),
			 "Save the configuration before %s? (y)es (n)o (c)ancel", doing);
	else if (!br->s->read_from)
		/* Nothing was changed: there is simply no file yet. */
		snprintf(question, sizeof(question),
			 "There is no %s yet: write one before %s? (y)es (n)o (c)ancel",
			 br->s->config_name, doing);
	else
		/* Loading changed values: a save writes. */
		snprintf(question, sizeof(question),
			 "Saving changes %s: save before %s? (y)es (n)o (c)ancel",
			 br->s->config_name, doing);
	answer = dialog_ask(br, br->modified || br->s->read_from ? " Unsaved changes "
								 : " No configuration file ",
			    question, "ync");
	return answer == 'n' || (answer == 'y' && browser_save(br, NULL));
}

static void load(struct browser *br)
{
	char *name;

	if (!may_discard(br, "loading"))
		return;
	name = browser_prompt(br, "Load .config: ", br->s->config_name, NULL, NULL, NULL);
	if (!name || !name[0]) {
		free(name);
		return;
	}
	if (!session_read_config(br->s, name)) {
		browser_message(br, "could not read %s: %s", name, strerror(errno));
		free(name);
		return;
	}
	/* Saves go where the file came from, as menuconfig's Load does. */
	br->s->config_name = br->s->read_from;
	br->modified = false;
	remember_loaded(br);
	browser_values_changed(br);
	if (br->s->read_diags.warnings + br->s->read_diags.errors)
		browser_message(br, "loaded %s: %d warnings (! lists them)", name,
				br->s->read_diags.warnings + br->s->read_diags.errors);
	else
		browser_message(br, "loaded %s", name);
	free(name);
}

/* --- the editor ------------------------------------------------------------- */

/* What tells that a file changed: its size and modification time. */
struct file_stamp {
	off_t size;
	long long sec, nsec;
	bool exists;
};

static void file_stamp(const char *path, struct file_stamp *stamp)
{
	struct stat st;

	memset(stamp, 0, sizeof(*stamp));
	if (stat(path, &st) != 0)
		return;
	stamp->exists = true;
	stamp->size = st.st_size;
	stamp->sec = (long long)st.st_mtim.tv_sec;
	stamp->nsec = (long long)st.st_mtim.tv_nsec;
}

void browser_edit_source(struct browser *br, const struct entry *entry)
{
	const char *editor = getenv("VISUAL");
	const char *srctree = br->s->kc->opts.srctree;
	const struct location loc = entry->node->loc;
	char *cmd, *path;
	size_t len;
	int status;
	struct file_stamp before, after;

	if (!loc.file || !loc.line) {
		browser_message(br, "this entry has no place in a Kconfig file");
		return;
	}
	if (br->opts.teaching_tree) {
		browser_message(br, "%s:%d is in the built-in teaching tree, not on disk "
				"(v shows it here)", location_file(loc), loc.line);
		return;
	}
	if (!editor || !*editor)
		editor = getenv("EDITOR");
	if (!editor || !*editor) {
		browser_message(br, "set $VISUAL or $EDITOR to open %s:%d",
				location_file(loc), loc.line);
		return;
	}
	len = strlen(loc.file->name) + (srctree ? strlen(srctree) : 0) + 2;
	path = xmalloc(len);
	if (srctree && loc.file->name[0] != '/')
		snprintf(path, len, "%s/%s", srctree, loc.file->name);
	else
		snprintf(path, len, "%s", loc.file->name);
	/* The editor is a shell word list ("emacs -nw"); the file is quoted. */
	len = strlen(editor) + 4 * strlen(path) + 64;
	cmd = xmalloc(len);
	snprintf(cmd, len, "%s +%d '", editor, loc.line);
	for (const char *p = path; *p; p++) {
		size_t n = strlen(cmd);

		if (*p == '\'')
			snprintf(cmd + n, len - n, "'\\''");
		else
			snprintf(cmd + n, len - n, "%c", *p);
	}
	strncat(cmd, "'", len - strlen(cmd) - 1);
	file_stamp(path, &before);
	endwin();
	status = system(cmd);
	file_stamp(path, &after);
	/* The file changed: the tree is read again once this request is over. */
	if (memcmp(&before, &after, sizeof(before)) != 0)
		br->reload_pending = true;
	/* The screen as it was: the editor drew over all of it. */
	clearok(curscr, TRUE);
	refresh();
	browser_layout(br);
	if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		browser_message(br, "%s exited with an error (status %d)", editor,
				status == -1 ? -1 : WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	else if (!br->reload_pending)
		browser_message(br, "back from %s +%d %s (unchanged)", editor, loc.line,
				path);
	free(cmd);
	free(path);
}

/* --- remembered across runs (state.c) ------------------------------------------ */

static void toggle_outline(struct browser *br)
{
	bool outline = !tree_outline(br);
	char why[600];

	if (br->main != &br->views[VIEW_TREE])
		browser_show(br, VIEW_TREE);
	tree_set_outline(br, outline);
	if (!state_set("outline", outline ? "yes" : "no", why, sizeof(why)))
		browser_message(br, "%s (not remembered: %s)",
				outline ? "outline" : "menu pages", why);
	else
		browser_message(br, outline ? "outline: Right/+ expand, Left/- collapse, * expands all under"
					    : "menu pages: Enter opens a menu");
}

/*
 * The teaching tree's first page: on the first run (remembered in the
 * state file), and whenever asked for.
 */
static void show_welcome(struct browser *br, bool first_run)
{
	char why[600];

	if (!br->opts.teaching_tree) {
		browser_message(br, "the welcome page is the built-in teaching tree's "
				"(kbrowse started where there is no Kconfig)");
		return;
	}
	browser_show(br, VIEW_WELCOME);
	if (first_run && !state_set("welcome", "seen", why, sizeof(why)))
		browser_message(br, "shown on every run: not remembered: %s", why);
}

/* --- requests ---------------------------------------------------------------- */

static void quit(struct browser *br)
{
	if (br->main != &br->views[VIEW_TREE]) {
		browser_show(br, VIEW_TREE);
		return;
	}
	if (may_discard(br, "leaving"))
		br->quit = true;
}

/* A request about the tree's entry, made in another view. */
static void browser_request_tree(struct browser *br, enum request req)
{
	struct entry *entry = br->current ? br->current : tree_selected(br);

	if (!entry)
		return;
	if (req == REQ_SOURCE)
		source_show(br, entry);
	else if (req == REQ_EDIT_SOURCE)
		browser_edit_source(br, entry);
	else if (req == REQ_PARENT)
		br->views[VIEW_TREE].ops->request(&br->views[VIEW_TREE], req);
}

static void browser_request(struct browser *br, enum request req)
{
	struct view *view = br->focus;

	req = view->ops->request(view, req);
	if (req == REQ_NONE)
		return;
	/* The movement keys the view left: the cursor's, or the text's. */
	if (view_is(view, VIEW_CURSOR) ? view_move(view, req) : view_scroll(view, req))
		return;
	switch (req) {
	case REQ_FOCUS: toggle_focus(br); break;
	case REQ_SEARCH: run_search(br); break;
	case REQ_GOTO: run_goto(br); break;
	case REQ_SEARCH_RESULTS: search_resume(br); break;
	case REQ_WHY_DEEPER: case REQ_WHY_NONE: case REQ_PLAN:
		br->views[VIEW_EXPLAIN].ops->request(&br->views[VIEW_EXPLAIN], req);
		break;
	case REQ_HISTORY_BACK: history_move(br, true); break;
	case REQ_HISTORY_FWD: history_move(br, false); break;
	case REQ_TOGGLE_HIDDEN: toggle_hidden(br); break;
	case REQ_TOGGLE_NAMES: br->show_names = !br->show_names; break;
	case REQ_SAVE: save(br); break;
	case REQ_HELP: browser_show(br, VIEW_HELP); break;
	case REQ_REDRAW: clearok(curscr, TRUE); break;
	case REQ_QUIT: quit(br); break;
	case REQ_INTERRUPT:
		if (may_discard(br, "leaving"))
			br->quit = true;
		break;
	case REQ_TOGGLE_OUTLINE: toggle_outline(br); break;
	case REQ_PARENT:
	case REQ_SOURCE:
	case REQ_EDIT_SOURCE:
		/* From another view: about the tree's entry. */
		if (view != &br->views[VIEW_TREE])
			browser_request_tree(br, req);
		break;
	case REQ_CHANGES: changes_show(br, NULL); break;
	case REQ_WARNINGS: browser_show(br, VIEW_WARNINGS); break;
	case REQ_LOAD: load(br); break;
	case REQ_SAVE_AS: save_as(br); break;
	case REQ_WELCOME: show_welcome(br, false); break;
	case REQ_RELOAD: br->reload_pending = true; break;
	default: break;
	}
}

/* --- the loop ------------------------------------------------------------- */

static void reload(struct browser *br);
static char *cursor_symbol(struct browser *br);
static void adopt_reloaded(struct browser *br, struct session_reload *r, char *name);

/* How often the loop looks at the probes while values are provisional. */
#define PROBES_POLL_MS	100

/*
 * The probes answered (session_probes.c): the new tree in, on the
 * symbol the cursor was on.
 */
static bool probes_poll(struct browser *br)
{
	struct session_reload r;
	char *name = cursor_symbol(br);
	size_t pending, running = session_probes_running(br->s);

	if (!session_probes_poll(br->s, 0, &r)) {
		free(name);
		/* The header counts the probes: redrawn when one ended. */
		return session_probes_running(br->s) != running;
	}
	if (r.error[0]) {
		browser_message(br, "the probes' answers give errors, values not "
				"updated: %s", r.error);
		free(name);
		return true;
	}
	adopt_reloaded(br, &r, name);
	pending = kconfig_shell_pending(br->s->kc);
	if (!br->s->probes && br->s->kc->diags.warnings)
		/* Warnings a probe wrote come with its answer: said now. */
		browser_message(br, "every probe answered, the values are final; "
				"%d warning%s in the Kconfig files (! lists them)",
				br->s->kc->diags.warnings,
				br->s->kc->diags.warnings == 1 ? "" : "s");
	else if (!br->s->probes)
		browser_message(br, "every probe answered: the values are final");
	else
		browser_message(br, "%zu value%s still provisional", pending,
				pending == 1 ? "" : "s");
	session_reload_free(&r);
	free(name);
	return true;
}

/*
 * The help texts the tree was loaded without (main.c: defer_help): read
 * once the first screen is drawn, and for each new tree, before a key
 * can ask for them (search, the help screens).
 */
static void read_helps(struct browser *br)
{
	size_t unread = kconfig_read_helps(br->s->kc);

	if (unread)
		browser_message(br, "help texts of %zu file%s not read: changed "
				"since the tree was read (R reads it again)",
				unread, unread == 1 ? "" : "s");
}

static void main_loop(struct browser *br)
{
	/*
	 * The testing hook: leave right after the first refresh, so that a
	 * benchmark (tests/bench/bench.sh) can time start-up to the first
	 * screen without anybody pressing a key.
	 */
	const char *hook = getenv("KBROWSE_EXIT_AFTER_FIRST_SCREEN");
	bool first_screen_only = hook && *hook && strcmp(hook, "0") != 0;
	int errors = 0;
	bool primed = false, unchanged = false;

	while (!br->quit) {
		wint_t ch;
		int got;

		/* A turn of the probes' poll that changed nothing draws nothing. */
		if (!unchanged)
			browser_redraw(br);
		unchanged = false;
		if (first_screen_only)
			break;
		/* What the first screen does not need waits until it is drawn. */
		if (!primed) {
			read_helps(br);
			tree_model_complete(br->model);
			explain_prime(br);
			primed = true;
		}
		/* While probes run, the keys are waited for in short turns. */
		if (br->s->probes)
			timeout(PROBES_POLL_MS);
		got = ui_get_wch(br, &ch);
		timeout(-1);
		if (got == ERR && br->s->probes && !br->replay) {
			unchanged = !probes_poll(br);
			continue;
		}
		if (got == ERR) {
			if (replay_over(br))
				break;
			/* The terminal went away: stop instead of spinning. */
			if (errno != EINTR && ++errors > 100)
				break;
			continue;
		}
		errors = 0;
		if (got == KEY_CODE_YES && ch == KEY_RESIZE) {
			browser_layout(br);
			continue;
		}
		br->message[0] = '\0';
		if (br->too_small) {
			if (key_request((int)ch, got == KEY_CODE_YES) == REQ_QUIT)
				quit(br);
			continue;
		}
		browser_request(br, key_request((int)ch, got == KEY_CODE_YES));
		if (br->reload_pending)
			reload(br);
		end_jump_show_all(br);
	}
}

/*
 * A terminal that cannot move the cursor (TERM=dumb, TERM=unknown) gets
 * the full screen drawn as a stream of garbage: refuse it instead.
 */
static bool can_address_cursor(void)
{
	const char *cup = tigetstr("cup");

	return cup && cup != (const char *)-1;
}

/*
 * Ctrl-C is a key here, mapped in the key table to a request that asks
 * before anything is lost: the terminal's interrupt character is turned
 * off while curses runs (endwin gives the shell its own back; Ctrl-Z and
 * Ctrl-\ keep working).  A SIGINT would also flush keys typed ahead.
 */
static void ctrl_c_as_key(void)
{
	struct termios t;

	if (tcgetattr(STDIN_FILENO, &t) != 0)
		return;
	t.c_cc[VINTR] = _POSIX_VDISABLE;
	if (tcsetattr(STDIN_FILENO, TCSANOW, &t) == 0)
		def_prog_mode();
}

static bool start_curses(struct browser *br)
{

	br->screen = newterm(NULL, stdout, stdin);
	if (!br->screen)
		return false;
	if (!can_address_cursor()) {
		endwin();
		delscreen(br->screen);
		br->screen = NULL;
		return false;
	}
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	curs_set(0);
	/* Esc is a key here (back), not only the start of a sequence. */
	set_escdelay(25);
	ctrl_c_as_key();
	init_colors(br);
	/* stdscr stays blank below the panels; reading keys must not redraw it. */
	refresh();
	return true;
}

static void stop_curses(struct browser *br)
{
	free_layout(br);
	if (br->ground) {
		del_panel(br->ground);
		br->ground = NULL;
	}
	endwin();
	/* ncurses keeps its screen buffers until told to let them go. */
	delscreen(br->screen);
}

/* The first thing the status line says: where the values came from. */
void browser_startup_message(struct browser *br)
{
	int kconfig_warnings = br->s->kc->diags.warnings;
	int read_warnings = br->s->read_diags.warnings + br->s->read_diags.errors;

	if (br->s->read_from && read_warnings)
		browser_message(br, "%d warning%s reading %s (! lists them)",
				read_warnings, read_warnings == 1 ? "" : "s",
				br->s->read_from);
	else if (!br->s->read_from)
		browser_message(br, "no %s: every value is a default (s saves one)",
				br->s->config_name);
	else if (strcmp(br->s->read_from, br->s->config_name) != 0)
		browser_message(br, "no %s: values from %s (s saves to %s)",
				br->s->config_name, br->s->read_from, br->s->config_name);
	else if (kconfig_warnings)
		browser_message(br, "%d warning%s in the Kconfig files (! lists them)",
				kconfig_warnings, kconfig_warnings == 1 ? "" : "s");
}

static void init_views(struct browser *br);
static void free_views(struct browser *br);

/* The symbol the cursor is on, by name (heap; NULL: none). */
static char *cursor_symbol(struct browser *br)
{
	struct entry *entry = tree_selected(br);

	return entry && entry->node->sym && entry->node->sym->name
		? xstrdup(entry->node->sym->name) : NULL;
}

/* "2 changes kept; gone: A, B" (the edits whose symbol no longer exists). */
static void say_reloaded(struct browser *br, const struct session_reload *r)
{
	char gone[160] = "";
	size_t len = 0;

	for (unsigned i = 0; i < r->ngone && len < sizeof(gone); i++)
		len += (size_t)snprintf(gone + len, sizeof(gone) - len, "%s%s",
					i ? ", " : "", r->gone[i]);
	if (r->ngone)
		browser_message(br, "Kconfig read again: %u change%s kept; %u gone with "
				"their symbol: %s", r->kept, r->kept == 1 ? "" : "s",
				r->ngone, gone);
	else
		browser_message(br, "Kconfig read again: %u change%s made here kept",
				r->kept, r->kept == 1 ? "" : "s");
}

/*
 * Read the tree again (R, or a file changed under e): every view and the
 * history point into the old tree, so they start again, on the symbol
 * the cursor was on.
 */
static void reload(struct browser *br)
{
	struct session_reload r;
	char *name = cursor_symbol(br);

	br->reload_pending = false;
	if (!session_reload(br->s, &r)) {
		browser_message(br, "not read again: %s", r.error);
		free(name);
		return;
	}
	adopt_reloaded(br, &r, name);
	say_reloaded(br, &r);
	session_reload_free(&r);
	free(name);
}

/* The views start again on the session's new tree, on the symbol `name`. */
static void adopt_reloaded(struct browser *br, struct session_reload *r, char *name)
{
	/* The outline mode is the tree view's: it outlives the view. */
	bool outline = tree_outline(br);
	const struct symbol *sym;
	struct entry *entry;

	free_views(br);
	read_helps(br);
	tree_model_free(br->model);
	br->model = tree_model_build(br->s->cfg);
	memset(&br->history, 0, sizeof(br->history));
	br->current = NULL;
	br->hidden_for = NULL;
	for (int i = 0; i < VIEW_COUNT; i++)
		br->views[i] = (struct view){ .win = br->views[i].win,
					      .height = br->views[i].height,
					      .width = br->views[i].width };
	init_views(br);
	if (outline)
		tree_set_outline(br, true);
	if (r->kept || r->ngone)
		br->modified = true;
	browser_layout(br);
	br->main->ops->open(br->main);
	sym = name ? session_find_symbol(br->s, name) : NULL;
	entry = sym ? browser_symbol_entry(br, sym) : NULL;
	if (entry)
		show_entry(br, entry);
}

static void init_views(struct browser *br)
{
	for (int i = 0; i < VIEW_COUNT; i++) {
		br->views[i].ops = view_tables[i];
		br->views[i].br = br;
		if (view_tables[i]->priv_size)
			br->views[i].priv = xcalloc(1, view_tables[i]->priv_size);
	}
	br->main = br->focus = &br->views[VIEW_TREE];
}

static void free_views(struct browser *br)
{
	for (int i = 0; i < VIEW_COUNT; i++) {
		if (br->views[i].ops->done)
			br->views[i].ops->done(&br->views[i]);
		free(br->views[i].priv);
		free(br->views[i].lines);
	}
}

static int run(struct browser *br)
{
	setlocale(LC_ALL, "");
	br->text = text_new();
	init_views(br);
	if (!start_curses(br)) {
		free_views(br);
		text_free(br->text);
		fprintf(stderr, "%s: cannot use the terminal (TERM=%s): the browser needs "
			"a real terminal that can move the cursor; for scripts use "
			"'kbrowse explain', 'kbrowse conf' or 'kbrowse dump'\n", br->opts.prog,
			getenv("TERM") ? getenv("TERM") : "");
		return EXIT_USAGE;
	}
	remember_loaded(br);
	/* The outline and the changes view show more than the main menu. */
	if (state_is("outline", "yes") || br->opts.diff_name)
		tree_model_complete(br->model);
	if (state_is("outline", "yes"))
		tree_set_outline(br, true);
	browser_layout(br);
	br->main->ops->open(br->main);
	browser_startup_message(br);
	/* The teaching tree starts with a page saying what it is, once. */
	if (br->opts.teaching_tree && !state_is("welcome", "seen"))
		show_welcome(br, true);
	/* --diff OTHER: the comparison is what was asked for. */
	if (br->opts.diff_name)
		changes_show(br, NULL);
	/* What was typed while the tree loaded, now that it can be seen. */
	startup_keys_give(br->opts.typed_keys, br->opts.typed_len);
	replay_start(br);
	main_loop(br);
	replay_stop(br);
	stop_curses(br);
	free_views(br);
	for (size_t i = 0; i < br->nsearch_history; i++)
		free(br->search_history[i]);
	br->nsearch_history = 0;
	text_free(br->text);
	free(br->loaded_text);
	free(br->loaded_name);
	return EXIT_OK;
}

int browser_run(struct session *s, const struct browser_options *opts)
{
	struct browser br = { .s = s, .opts = *opts };
	int status;

	/* The rest of the entries once the first screen is drawn (main_loop()). */
	br.model = tree_model_build_first(s->cfg);
	status = run(&br);
	tree_model_free(br.model);
	return status;
}
