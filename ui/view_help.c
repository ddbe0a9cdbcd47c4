// SPDX-License-Identifier: GPL-2.0
/*
 * The help view: the key table (keys.c) listed by request, so it cannot
 * drift from what the keys do, then what the value column means.
 */
#include "buildconf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "util.h"
#include "view.h"

enum help_kind { HELP_HEADING, HELP_TEXT };

/* The keys column. */
#define KEYS_WIDTH 20

struct help_state {
	char **texts;
	size_t count;
};

static const char *const notation[] = {
	"[*] [ ]     bool: y or n",
	"<*> <M> < > tristate: y, m (module) or n",
	"{*} {M}     tristate that a select forces to at least m",
	"-*- -M-     cannot be changed here: the dependencies and selects",
	"            leave one value only (hidden prompt, or a select up to it)",
	"(X) ( )     choice entry: the one chosen, or not",
	"(12) (abc)  int, hex or string value (Enter edits it)",
	"--->        a menu, menuconfig or choice: Enter opens it",
	"(NEW)       not set in the .config that was read",
	"dimmed      invisible entries, shown with z (\"[invisible]\" where",
	"            the terminal has no dim)",
	"+ -         outline (o): the entry is collapsed or expanded",
	NULL,
};

/* The keys of the one-line input (input.c): search, goto, values, files. */
static const char *const line_editing[] = {
	"Left Right          move in the text",
	"Home, Ctrl-A        to its start",
	"End, Ctrl-E         to its end",
	"Backspace           delete the character before the cursor",
	"Delete, Ctrl-D      delete the character under the cursor",
	"Ctrl-U              delete the whole text",
	"Tab                 goto: complete the symbol name",
	"Up Down             /: an earlier or later query, while the text",
	"                    shown is still selected (else: the results)",
	"Enter               done",
	"Esc, Ctrl-C         cancel",
	"/ starts with the last query selected: typing replaces it, an",
	"editing key (Left, End...) keeps it to change.",
	NULL,
};

static void add(struct view *view, struct help_state *st, enum help_kind kind,
		const char *text)
{
	st->texts = xrealloc(st->texts, (st->count + 1) * sizeof(*st->texts));
	st->texts[st->count] = xstrdup(text);
	view_add(view, st->texts[st->count++], kind, 0);
}

/* Is name already in the ", "-separated list? */
static bool listed(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; (p = strstr(p, name)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ',' || !p[n]))
			return true;
	return false;
}

/* "Up, k" for a request: every key bound to it, in table order. */
static void keys_of(enum request req, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < key_binding_count && len < size; i++) {
		char name[32];

		if (key_bindings[i].request != req)
			continue;
		key_label(&key_bindings[i], name, sizeof(name));
		if (!listed(buf, name))
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
						len ? ", " : "", name);
	}
}

struct help_add {
	struct view *view;
	struct help_state *st;
	const char *keys;	/* for the first piece; "" after it */
};

static void add(struct view *view, struct help_state *st, enum help_kind kind,
		const char *text);

static void add_piece(void *ctx, const char *piece)
{
	struct help_add *h = ctx;
	char line[512];

	snprintf(line, sizeof(line), "  %-*s %s", KEYS_WIDTH, h->keys, piece);
	add(h->view, h->st, HELP_TEXT, line);
	h->keys = "";
}

/* "  keys    what they do", the text wrapped in its own column. */
static void add_binding(struct view *view, struct help_state *st,
			const char *keys, const char *help)
{
	struct help_add h = { view, st, keys };
	int width = view->width > 40 ? view->width : 80;
	char line[512];

	if (strlen(keys) > KEYS_WIDTH) {
		snprintf(line, sizeof(line), "  %s", keys);
		add(view, st, HELP_TEXT, line);
		h.keys = "";
	}
	view_wrap(view, help, width - KEYS_WIDTH - 3, add_piece, &h);
}

static bool listed_before(unsigned upto, enum request req)
{
	for (unsigned i = 0; i < upto; i++)
		if (key_bindings[i].request == req)
			return true;
	return false;
}

static void help_free_texts(struct help_state *st)
{
	for (size_t i = 0; i < st->count; i++)
		free(st->texts[i]);
	free(st->texts);
	st->texts = NULL;
	st->count = 0;
}

static void help_open(struct view *view)
{
	struct help_state *st = view->priv;
	char keys[256], line[512];

	help_free_texts(st);
	view_clear(view);
	if (view->br->opts.teaching_tree) {
		keys_of(REQ_WELCOME, keys, sizeof(keys));
		snprintf(line, sizeof(line),
			 "The built-in teaching tree: %s shows its first page again.", keys);
		add(view, st, HELP_TEXT, line);
		add(view, st, HELP_TEXT, "");
	}
	add(view, st, HELP_HEADING, "Keys");
	for (unsigned i = 0; i < key_binding_count; i++) {
		enum request req = key_bindings[i].request;

		if (listed_before(i, req))
			continue;
		keys_of(req, keys, sizeof(keys));
		add_binding(view, st, keys, request_help(req));
	}
	add(view, st, HELP_TEXT, "");
	add(view, st, HELP_HEADING, "Typing a search, a name, a value or a file name");
	for (int i = 0; line_editing[i]; i++) {
		snprintf(line, sizeof(line), "  %s", line_editing[i]);
		add(view, st, HELP_TEXT, line);
	}
	add(view, st, HELP_TEXT, "");
	add(view, st, HELP_HEADING, "Values");
	for (int i = 0; notation[i]; i++) {
		snprintf(line, sizeof(line), "  %s", notation[i]);
		add(view, st, HELP_TEXT, line);
	}
	view_select(view, 0);
}

static void help_draw(struct view *view, const struct view_line *line, int row,
		      bool selected)
{
	(void)selected;
	view_put(view, row, 0, line->data,
		 line->kind == HELP_HEADING ? STYLE_HEADING : STYLE_NORMAL);
}

static enum request help_request(struct view *view, enum request req)
{
	/* A page of text: the movement keys scroll it. */
	if (view_scroll(view, req))
		return REQ_NONE;
	switch (req) {
	case REQ_BACK:
	case REQ_HELP:
	case REQ_QUIT:
	case REQ_ENTER:
		browser_show(view->br, VIEW_TREE);
		return REQ_NONE;
	default:
		return req;
	}
}

static void help_title(struct view *view, char *buf, size_t size)
{
	(void)view;
	snprintf(buf, size, "Help: q, Esc or ? closes it");
}

static void help_done(struct view *view)
{
	help_free_texts(view->priv);
}

const struct view_ops help_view_ops = {
	.name = "help",
	.flags = VIEW_FULL_SCREEN,
	.priv_size = sizeof(struct help_state),
	.open = help_open,
	.draw = help_draw,
	.request = help_request,
	.title = help_title,
	.done = help_done,
};

