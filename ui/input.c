// SPDX-License-Identifier: GPL-2.0
/*
 * One-line text input on an ncurses form: the search prompt, goto, and
 * the value editor all use it.  The form does the editing (insert,
 * delete, cursor, horizontal scrolling); this file maps keys to form
 * requests and reports the text after every change, or after the last
 * of a burst of keys the terminal sent at once (a paste): one search for
 * a pasted line, not one per character.
 */
#include "buildconf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <form.h>
#include <panel.h>

#include "browser.h"
#include "input.h"
#include "replay.h"
#include "text_escape.h"
#include "util.h"

#define CTRL(c) ((c) & 0x1f)

struct input {
	struct browser *br;
	const struct input_options *opts;
	FIELD *fields[2];
	FORM *form;
	WINDOW *sub;
	/* A key changed the text (moving the cursor does not). */
	bool edited;
	/* The whole text is selected: typing replaces it. */
	bool selected;
	size_t recalled;	/* the history entry shown (nhistory: none) */
	/* Edited since on_change was last called (keys still queued). */
	bool unreported;
	/* The text on_change was last given: a key the full field refused changes nothing. */
	char *reported;
};

/* The field's text as UTF-8, trailing padding removed (heap). */
static char *input_text(struct input *in)
{
	char *local, *utf8;
	size_t len;

	form_driver(in->form, REQ_VALIDATION);
	local = xstrdup(field_buffer(in->fields[0], 0));
	len = strlen(local);
	while (len && local[len - 1] == ' ')
		local[--len] = '\0';
	utf8 = text_from_locale(in->br->text, local);
	free(local);
	return utf8;
}

/* Show the text as selected (reverse video), or not. */
static void select_all(struct input *in, bool on)
{
	in->selected = on;
	set_field_fore(in->fields[0], ui_style(in->br, STYLE_NORMAL) |
				      (on ? A_REVERSE : A_NORMAL));
}

static bool input_open(struct input *in)
{
	const struct input_options *o = in->opts;
	int label_width = o->label ? text_width(in->br->text, o->label, strlen(o->label)) : 0;
	int width = o->width - label_width;
	char *initial;

	if (width < 2)
		return false;
	/* Clear only our part of the row: a dialog's border stays. */
	mvwhline(o->win, o->row, o->col, ' ', o->width);
	if (o->label) {
		int room = label_width;

		wmove(o->win, o->row, o->col);
		text_draw(in->br->text, o->win, o->label, strlen(o->label), &room);
	}
	in->fields[0] = new_field(1, width, 0, 0, 0, 0);
	in->fields[1] = NULL;
	if (!in->fields[0])
		return false;
	/* Grow and scroll sideways instead of stopping at the edge. */
	field_opts_off(in->fields[0], O_STATIC | O_AUTOSKIP);
	set_max_field(in->fields[0], INPUT_MAX);
	set_field_back(in->fields[0], ui_style(in->br, STYLE_NORMAL));
	initial = text_to_locale(in->br->text, o->initial ? o->initial : "");
	set_field_buffer(in->fields[0], 0, initial);
	free(initial);
	in->recalled = o->nhistory;
	if (o->select_initial && o->initial && o->initial[0])
		select_all(in, true);
	in->form = new_form(in->fields);
	in->sub = derwin(o->win, 1, width, o->row, o->col + label_width);
	if (!in->form || !in->sub)
		return false;
	set_form_win(in->form, o->win);
	set_form_sub(in->form, in->sub);
	post_form(in->form);
	form_driver(in->form, REQ_END_LINE);
	return true;
}

static void input_close(struct input *in)
{
	if (in->form) {
		unpost_form(in->form);
		free_form(in->form);
	}
	if (in->fields[0])
		free_field(in->fields[0]);
	if (in->sub)
		delwin(in->sub);
	free(in->reported);
	curs_set(0);
}

static void input_refresh(struct input *in)
{
	update_panels();
	pos_form_cursor(in->form);
	wnoutrefresh(in->sub);
	curs_set(1);
	doupdate();
}

static void notify(struct input *in)
{
	char *text;

	in->unreported = false;
	if (!in->opts->on_change)
		return;
	text = input_text(in);
	if (in->reported && strcmp(text, in->reported) == 0) {
		free(text);
		return;
	}
	in->opts->on_change(in->opts->ctx, text);
	free(in->reported);
	in->reported = text;
}

/* Tab: the text so far replaced by what it completes to. */
static void complete(struct input *in)
{
	char *text = input_text(in);
	char *done = in->opts->complete(in->opts->ctx, text);

	free(text);
	if (!done)
		return;
	text = text_to_locale(in->br->text, done);
	set_field_buffer(in->fields[0], 0, text);
	form_driver(in->form, REQ_END_LINE);
	free(text);
	free(done);
}

/* Editing keys as form requests; 0 when the key is not one. */
static int edit_request(int key, bool function_key)
{
	if (function_key) {
		switch (key) {
		case KEY_LEFT: return REQ_PREV_CHAR;
		case KEY_RIGHT: return REQ_NEXT_CHAR;
		case KEY_HOME: return REQ_BEG_LINE;
		case KEY_END: return REQ_END_LINE;
		case KEY_BACKSPACE: return REQ_DEL_PREV;
		case KEY_DC: return REQ_DEL_CHAR;
		}
		return 0;
	}
	switch (key) {
	case 0x7f: case '\b': return REQ_DEL_PREV;
	case CTRL('A'): return REQ_BEG_LINE;
	case CTRL('E'): return REQ_END_LINE;
	case CTRL('D'): return REQ_DEL_CHAR;
	case CTRL('U'): return REQ_CLR_FIELD;
	}
	return 0;
}

/* Up and Down on a selected text: an earlier query, or a later one. */
static bool recall(struct input *in, int key, bool function_key)
{
	const struct input_options *o = in->opts;
	const char *text;
	char *local, *shown;

	if (!function_key || !in->selected || (key != KEY_UP && key != KEY_DOWN))
		return false;
	if (key == KEY_DOWN && in->recalled >= o->nhistory)
		return false;	/* not in the history: the key does its usual */
	shown = input_text(in);
	/* The next one that is not what shows already (the last query, often). */
	do {
		if (key == KEY_UP && in->recalled == 0) {
			free(shown);
			return true;
		}
		in->recalled += key == KEY_UP ? (size_t)-1 : 1;
		text = in->recalled < o->nhistory ? o->history[in->recalled]
						  : (o->initial ? o->initial : "");
	} while (in->recalled < o->nhistory && strcmp(text, shown) == 0);
	free(shown);
	local = text_to_locale(in->br->text, text);
	set_field_buffer(in->fields[0], 0, local);
	free(local);
	form_driver(in->form, REQ_END_LINE);
	in->edited = true;
	notify(in);
	return true;
}

/*
 * A key on the selected text: a character or a deletion replaces it,
 * a movement keeps it to edit; the selection goes either way.
 */
static void end_selection(struct input *in, int req, int key, bool function_key)
{
	bool replaces = req == REQ_DEL_PREV || req == REQ_DEL_CHAR ||
			req == REQ_CLR_FIELD || (!req && !function_key && key >= 0x20);

	select_all(in, false);
	if (replaces) {
		form_driver(in->form, REQ_CLR_FIELD);
		in->edited = true;
		notify(in);
	}
}

/*
 * Feed one key; returns the result when the input is over, -1 otherwise.
 * A text edit is reported at once, or, with queued set (more keys wait),
 * with the last of them; any other key reports what is pending first.
 */
static int input_key(struct input *in, int key, bool function_key, bool queued)
{
	int req = edit_request(key, function_key);
	bool text_edit = (req && req != REQ_CLR_FIELD) ||
			 (!function_key && key >= 0x20 && !in->selected);

	/*
	 * Typed or pasted, a character the screen would show escaped stays
	 * out of the field: the form draws its text as it is.
	 */
	if (!function_key && !req && key >= 0x20 && text_escape_needed((uint32_t)key)) {
		if (in->unreported && !queued)
			notify(in);
		return -1;
	}
	if (in->unreported && !text_edit)
		notify(in);
	if (in->opts->nhistory && recall(in, key, function_key))
		return -1;
	if (in->selected && (req || (!function_key && key >= 0x20)))
		end_selection(in, req, key, function_key);

	if (function_key && key == KEY_RESIZE)
		return INPUT_RESIZED;
	if ((!function_key && (key == '\n' || key == '\r')) ||
	    (function_key && key == KEY_ENTER))
		return INPUT_DONE;
	/* Esc, and Ctrl-C (a key here: browser.c), cancel. */
	if (!function_key && (key == 0x1b || key == CTRL('C')))
		return INPUT_CANCEL;
	if (!function_key && key == '\t' && in->opts->complete) {
		complete(in);
		return -1;
	}
	if (req) {
		if (req == REQ_DEL_PREV || req == REQ_DEL_CHAR ||
		    req == REQ_CLR_FIELD)
			in->edited = true;
		form_driver(in->form, req);
		in->unreported = true;
	} else if (!function_key && key >= 0x20) {
		in->edited = true;
#ifdef HAVE_NCURSESW
		form_driver_w(in->form, OK, (wchar_t)key);
#else
		form_driver(in->form, key);
#endif
		in->unreported = true;
	} else if (in->opts->on_key) {
		in->opts->on_key(in->opts->ctx, key, function_key);
	}
	if (in->unreported && !queued)
		notify(in);
	return -1;
}

/* A key read ahead goes back to the browser when the input is over. */
static void unget_key(wint_t key, bool function_key)
{
#ifdef HAVE_NCURSESW
	if (!function_key) {
		unget_wch((wchar_t)key);
		return;
	}
#endif
	ungetch((int)key);
}

enum input_result input_run(struct browser *br, const struct input_options *opts,
			    char **text)
{
	struct input in = { .br = br, .opts = opts };
	int result = INPUT_CANCEL;

	*text = NULL;
	if (!input_open(&in)) {
		input_close(&in);
		return INPUT_CANCEL;
	}
	notify(&in);
	for (;;) {
		wint_t ch;
		int got;

		input_refresh(&in);
		got = ui_get_wch(in.br, &ch);
		if (got == ERR) {
			if (errno == EINTR)
				continue;
			break;
		}
		/* The keys already sent go in with no search and no redraw between. */
		for (;;) {
			wint_t next;
			int got_next = ui_get_wch_queued(in.br, &next);

			result = input_key(&in, (int)ch, got == KEY_CODE_YES, got_next != ERR);
			if (result >= 0 || got_next == ERR) {
				if (result >= 0 && got_next != ERR)
					unget_key(next, got_next == KEY_CODE_YES);
				break;
			}
			ch = next;
			got = got_next;
		}
		if (result >= 0)
			break;
	}
	/*
	 * Text nobody edited is given back exactly as it came: the field
	 * pads, converts to the locale and strips trailing blanks.
	 */
	if (result != INPUT_CANCEL)
		*text = in.edited ? input_text(&in)
				  : xstrdup(opts->initial ? opts->initial : "");
	input_close(&in);
	return (enum input_result)result;
}
