// SPDX-License-Identifier: GPL-2.0
/*
 * Dialogs: small boxed windows on a panel above the views, for a
 * question (save before quitting?) or for typing a value.  After a
 * resize the screen is laid out again and the dialog is rebuilt, with
 * what was typed kept.
 */
#include "buildconf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <panel.h>

#include "browser.h"
#include "dialog.h"
#include "replay.h"
#include "util.h"

struct dialog {
	WINDOW *win;
	PANEL *panel;
	int height, width;
};

static bool dialog_open(struct browser *br, struct dialog *d, int height,
			int want_width, const char *title)
{
	int cols = COLS - 2;

	d->height = height;
	d->width = want_width < cols ? want_width : cols;
	if (d->width < 20 || LINES < height + 2)
		return false;
	d->win = newwin(height, d->width, (LINES - height) / 2, (COLS - d->width) / 2);
	if (!d->win)
		return false;
	d->panel = new_panel(d->win);
	wbkgdset(d->win, ' ' | ui_style(br, STYLE_NORMAL));
	werase(d->win);
	box(d->win, 0, 0);
	if (title) {
		int room = d->width - 4;

		wmove(d->win, 0, 2);
		wattrset(d->win, ui_style(br, STYLE_HEADING));
		text_draw(br->text, d->win, title, strlen(title), &room);
		wattrset(d->win, ui_style(br, STYLE_NORMAL));
	}
	return true;
}

static void dialog_close(struct dialog *d)
{
	if (d->panel)
		del_panel(d->panel);
	if (d->win)
		delwin(d->win);
	d->panel = NULL;
	d->win = NULL;
}

static void dialog_text(struct browser *br, struct dialog *d, int row,
			const char *text, enum ui_style style)
{
	int room = d->width - 4;

	wmove(d->win, row, 2);
	wclrtoeol(d->win);
	wattrset(d->win, ui_style(br, style));
	text_draw(br->text, d->win, text, strlen(text), &room);
	wattrset(d->win, ui_style(br, STYLE_NORMAL));
	/* wclrtoeol took the right border with it. */
	mvwaddch(d->win, row, d->width - 1, ACS_VLINE);
}

static void relayout(struct browser *br)
{
	browser_layout(br);
	browser_redraw(br);
}

/* Columns text takes on the screen: UTF-8 continuation bytes take none. */
static int text_columns(const char *text, size_t len)
{
	int cols = 0;

	for (size_t i = 0; i < len; i++)
		cols += ((unsigned char)text[i] & 0xc0) != 0x80;
	return cols;
}

/*
 * Break text into lines of at most width columns, at spaces where it can
 * (a word longer than a line is cut); returns how many, at most max.
 */
static int wrap_lines(const char *text, int width, const char **starts,
		      size_t *lens, int max)
{
	int n = 0;

	while (*text && n < max) {
		size_t len = strlen(text), take = 0, at = 0;

		while (at < len) {
			size_t word = at;

			while (word < len && text[word] == ' ')
				word++;
			while (word < len && text[word] != ' ')
				word++;
			if (text_columns(text, word) > width)
				break;
			at = take = word;
		}
		if (!take) {	/* one word wider than the line: cut it */
			while (take < len && text_columns(text, take + 1) <= width)
				take++;
			while (take < len && ((unsigned char)text[take] & 0xc0) == 0x80)
				take--;
			if (!take)
				take = 1;
		}
		starts[n] = text;
		lens[n++] = take;
		text += take;
		while (*text == ' ')
			text++;
	}
	return n;
}

#define DIALOG_MAX_LINES 16

/*
 * The question's panel: centred, or (over != NULL) at the bottom so that
 * the view it asks about stays in sight above it.
 */
static bool ask_open(struct browser *br, struct dialog *d, const char *title,
		     const char *question, bool at_bottom)
{
	const char *starts[DIALOG_MAX_LINES];
	size_t lens[DIALOG_MAX_LINES];
	int width = (int)strlen(question) + 6, n;

	if (width > COLS - 2)
		width = COLS - 2;
	/* At the bottom, as wide and as low as it can be: the view shows above. */
	if (at_bottom)
		width = COLS;
	n = wrap_lines(question, width - 4, starts, lens, DIALOG_MAX_LINES);
	if (!dialog_open(br, d, n + (at_bottom ? 2 : 4), width, title))
		return false;
	if (at_bottom && LINES > d->height + 1)
		mvwin(d->win, LINES - 1 - d->height, (COLS - d->width) / 2);
	for (int i = 0; i < n; i++) {
		int room = d->width - 4;

		wmove(d->win, (at_bottom ? 1 : 2) + i, 2);
		text_draw(br->text, d->win, starts[i], lens[i], &room);
	}
	if (at_bottom)
		mvwaddstr(d->win, d->height - 1, 2, " PgUp PgDn: scroll ");
	return true;
}

/* Keys that scroll the view a question is about. */
static enum request scroll_request(int got, wint_t ch)
{
	if (got != KEY_CODE_YES)
		return REQ_NONE;
	switch (ch) {
	case KEY_UP: return REQ_MOVE_UP;
	case KEY_DOWN: return REQ_MOVE_DOWN;
	case KEY_PPAGE: return REQ_PAGE_UP;
	case KEY_NPAGE: return REQ_PAGE_DOWN;
	case KEY_HOME: return REQ_MOVE_FIRST;
	case KEY_END: return REQ_MOVE_LAST;
	}
	return REQ_NONE;
}

int dialog_ask_over(struct browser *br, struct view *over, const char *title,
		    const char *question, const char *answers)
{
	int cancel = answers[strlen(answers) - 1];

	for (;;) {
		struct dialog d = { 0 };
		enum request scroll;
		wint_t ch;
		int got;

		if (!ask_open(br, &d, title, question, over && over->win)) {
			dialog_close(&d);
			return cancel;
		}
		update_panels();
		doupdate();
		got = ui_get_wch(br, &ch);
		dialog_close(&d);
		if (got == KEY_CODE_YES && ch == KEY_RESIZE) {
			relayout(br);
			if (br->too_small)
				return cancel;
			continue;
		}
		if (got == ERR && errno != EINTR)
			return cancel;
		/* Esc and Ctrl-C: the last answer (cancel). */
		if (got == OK && (ch == 0x1b || ch == 0x03))
			return cancel;
		if (got == OK && ch < 0x80 && strchr(answers, (int)ch) && ch)
			return (int)ch;
		scroll = scroll_request(got, ch);
		if (over && over->win && scroll != REQ_NONE)
			view_scroll(over, scroll);
		browser_redraw(br);
	}
}

int dialog_ask(struct browser *br, const char *title, const char *question,
	       const char *answers)
{
	return dialog_ask_over(br, NULL, title, question, answers);
}

/* "an int from 2 to 512", "a hex value", "a string". */
static void value_hint(struct browser *br, const struct symbol *sym,
		       char *buf, size_t size)
{
	const struct property *range = config_active_range(br->s->cfg, sym);
	const char *what = sym->type == S_INT ? "a decimal number" :
			   sym->type == S_HEX ? "a hex number" : "a string";

	if (range && range->range_min && range->range_max)
		snprintf(buf, size, "%s from %s to %s", what,
			 config_str(br->s->cfg, range->range_min),
			 config_str(br->s->cfg, range->range_max));
	else
		snprintf(buf, size, "%s", what);
}

/* One round of the value editor; *text keeps what was typed. */
static enum input_result edit_round(struct browser *br, const struct symbol *sym,
				    const char *error, char **text)
{
	struct dialog d = { 0 };
	char title[256], hint[256];
	struct input_options opts = { 0 };
	enum input_result result;
	char *initial = *text;

	snprintf(title, sizeof(title), " %s (%s) ", sym->name, symbol_type_name(sym->type));
	value_hint(br, sym, hint, sizeof(hint));
	if (!dialog_open(br, &d, 7, 64, title)) {
		dialog_close(&d);
		browser_message(br, "the terminal is too small to edit a value");
		return INPUT_CANCEL;
	}
	dialog_text(br, &d, 1, hint, STYLE_NORMAL);
	if (error)
		dialog_text(br, &d, 4, error, STYLE_ERROR);
	dialog_text(br, &d, 5, "Enter: set   Esc: cancel", STYLE_DIM);
	opts.win = d.win;
	opts.row = 3;
	opts.col = 2;
	opts.width = d.width - 4;
	opts.initial = initial;
	result = input_run(br, &opts, text);
	free(initial);
	dialog_close(&d);
	return result;
}

bool dialog_edit_value(struct browser *br, const struct symbol *sym)
{
	const char *value = config_str(br->s->cfg, sym);
	const char *error = NULL;
	char message[300];
	char *text;

	/* Refused, not cut: the value stays as it is. */
	if (strlen(value) >= INPUT_MAX) {
		browser_message(br, "%s is %zu bytes long: too long to edit here "
				"(at most %d); edit the .config file instead",
				sym->name, strlen(value), INPUT_MAX - 1);
		return false;
	}
	text = xstrdup(value);

	for (;;) {
		enum input_result result = edit_round(br, sym, error, &text);

		if (result == INPUT_CANCEL)
			break;
		if (result == INPUT_RESIZED) {
			relayout(br);
			if (!br->too_small)
				continue;
			browser_message(br, "the terminal became too small: value not changed");
			break;
		}
		if (config_set_string(br->s->cfg, sym, text)) {
			free(text);
			return true;
		}
		snprintf(message, sizeof(message), "\"%.200s\" is not allowed here", text);
		error = message;
		browser_redraw(br);
	}
	free(text);
	browser_redraw(br);
	return false;
}
