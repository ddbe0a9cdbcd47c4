// SPDX-License-Identifier: GPL-2.0
/*
 * The help view: the key table (keys.c) listed by request, so it cannot
 * drift from what the keys do, then what the value column means.
 */
#include "buildconf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"

enum help_kind { HELP_HEADING, HELP_TEXT };

struct help_state {
	char **texts;
	size_t count;
};

static const char *const notation[] = {
	"[*] [ ]     bool: y or n",
	"<*> <M> < > tristate: y, m (module) or n",
	"{*} {M}     tristate that a select forces to at least m",
	"-*- -M-     forced by a select: cannot be lowered here",
	"(X) ( )     choice entry: the one chosen, or not",
	"(12)        int, hex or string value (Enter edits it)",
	"--->        a menu, menuconfig or choice: Enter opens it",
	"(NEW)       not set in the .config that was read",
	"dimmed      invisible entries, shown with z",
	NULL,
};

static void add(struct view *view, struct help_state *st, enum help_kind kind,
		const char *text)
{
	st->texts = realloc(st->texts, (st->count + 1) * sizeof(*st->texts));
	if (!st->texts)
		abort();
	st->texts[st->count] = strdup(text);
	if (!st->texts[st->count])
		abort();
	view_add(view, st->texts[st->count++], kind, 0);
}

/* "Up, k" for a request: every key bound to it, in table order. */
static void keys_of(enum request req, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < key_binding_count; i++) {
		char name[32];

		if (key_bindings[i].request != req)
			continue;
		key_label(&key_bindings[i], name, sizeof(name));
		len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%s%s",
					len ? ", " : "", name);
	}
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

	if (!st) {
		st = calloc(1, sizeof(*st));
		if (!st)
			abort();
		view->priv = st;
	}
	help_free_texts(st);
	view_clear(view);
	add(view, st, HELP_HEADING, "Keys");
	for (unsigned i = 0; i < key_binding_count; i++) {
		enum request req = key_bindings[i].request;

		if (listed_before(i, req))
			continue;
		keys_of(req, keys, sizeof(keys));
		snprintf(line, sizeof(line), "  %-28s %s", keys, request_help(req));
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
	switch (req) {
	case REQ_MOVE_UP:
	case REQ_MOVE_DOWN:
		/* A page of text: the arrows scroll it. */
		view_select(view, req == REQ_MOVE_UP ?
			    (view->offset ? view->offset - 1 : 0) :
			    view->offset + (size_t)view->height);
		return REQ_NONE;
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
	struct help_state *st = view->priv;

	if (!st)
		return;
	help_free_texts(st);
	free(st);
	view->priv = NULL;
}

const struct view_ops help_view_ops = {
	.name = "help",
	.open = help_open,
	.draw = help_draw,
	.request = help_request,
	.title = help_title,
	.done = help_done,
};

