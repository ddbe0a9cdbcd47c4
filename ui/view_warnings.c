// SPDX-License-Identifier: GPL-2.0
/*
 * The warnings view: what reading the .config found wrong, in conf's
 * words, each at its file:line (without rewriting the file, as
 * `kbrowse conf --olddefconfig` would); then the Kconfig files' own
 * warnings, such as what a $(shell,...) wrote to stderr.
 */
#include "buildconf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "util.h"
#include "view.h"

struct warnings_state {
	char **texts;
	size_t count;
};

static void add(struct view *view, struct warnings_state *st, int kind, const char *text)
{
	st->texts = xrealloc(st->texts, (st->count + 1) * sizeof(*st->texts));
	st->texts[st->count] = xstrdup(text);
	view_add(view, st->texts[st->count++], kind, 0);
}

static void free_texts(struct warnings_state *st)
{
	for (size_t i = 0; i < st->count; i++)
		free(st->texts[i]);
	free(st->texts);
	st->texts = NULL;
	st->count = 0;
}

static void add_tree_warnings(struct view *view, struct warnings_state *st)
{
	const struct kconfig *kc = view->br->s->kc;
	char line[1024];

	if (!kc->diags.warnings)
		return;
	add(view, st, 1, "");
	add(view, st, 1, "In the Kconfig files:");
	for (const struct diag *d = kc->diags.first; d; d = d->next) {
		if (d->severity != DIAG_WARNING)
			continue;
		snprintf(line, sizeof(line), "%s:%d: %s", location_file(d->loc),
			 d->loc.line, d->message);
		add(view, st, 0, line);
	}
}

static void warnings_open(struct view *view)
{
	struct warnings_state *st = view->priv;
	const struct session *s = view->br->s;
	char line[1024];
	int n = 0;

	free_texts(st);
	view_clear(view);
	for (const struct diag *d = s->read_diags.first; d; d = d->next) {
		snprintf(line, sizeof(line), "%s:%d: %s", location_file(d->loc),
			 d->loc.line, d->message);
		add(view, st, 0, line);
		n++;
	}
	if (s->read_diags.dropped) {
		snprintf(line, sizeof(line), "... and %zu more warnings, not kept",
			 s->read_diags.dropped);
		add(view, st, 1, line);
	}
	if (!n) {
		snprintf(line, sizeof(line), s->read_from ? "No warnings reading %s." :
			 "No .config was read: every value is a default.",
			 s->read_from ? s->read_from : "");
		add(view, st, 1, line);
	}
	add_tree_warnings(view, st);
	view_select(view, 0);
}

static void warnings_draw(struct view *view, const struct view_line *line, int row,
			  bool selected)
{
	(void)selected;
	view_put(view, row, 0, line->data, line->kind ? STYLE_DIM : STYLE_NORMAL);
}

static enum request warnings_request(struct view *view, enum request req)
{
	if (view_scroll(view, req))
		return REQ_NONE;
	switch (req) {
	case REQ_BACK:
	case REQ_QUIT:
	case REQ_ENTER:
	case REQ_WARNINGS:
		browser_show(view->br, VIEW_TREE);
		return REQ_NONE;
	default:
		return req;
	}
}

static void warnings_title(struct view *view, char *buf, size_t size)
{
	const struct session *s = view->br->s;
	int n = s->read_diags.warnings + s->read_diags.errors;
	int tree = s->kc->diags.warnings;

	if (tree)
		snprintf(buf, size, "%d warning%s reading %s, %d in the Kconfig "
			 "files (q: back)", n, n == 1 ? "" : "s",
			 s->read_from ? s->read_from : s->config_name, tree);
	else
		snprintf(buf, size, "%d warning%s reading %s (q: back)", n,
			 n == 1 ? "" : "s",
			 s->read_from ? s->read_from : s->config_name);
}

static void warnings_done(struct view *view)
{
	free_texts(view->priv);
}

const struct view_ops warnings_view_ops = {
	.name = "warnings",
	.flags = VIEW_FULL_SCREEN,
	.priv_size = sizeof(struct warnings_state),
	.open = warnings_open,
	.draw = warnings_draw,
	.request = warnings_request,
	.title = warnings_title,
	.done = warnings_done,
};
