// SPDX-License-Identifier: GPL-2.0
/*
 * The first screen of the teaching tree: what it is, and three things to
 * try.  Shown on the first run (the state file remembers it, state.c)
 * and by its key (I, also from the help screen).  Any key goes on to the
 * tree.
 */
#include "buildconf.h"

#include <stdio.h>

#include "browser.h"
#include "view.h"

static const char *const welcome_text[] = {
	"This is kbrowse's built-in teaching tree, \"Toy OS\": a small Kconfig",
	"tree written to show how Kconfig decides values.  kbrowse opened it",
	"because there is no Kconfig here (-C DIR opens a real tree, such as a",
	"Linux source tree).  Nothing is read from or written to a kernel.",
	"",
	"Three things to try:",
	"",
	"  1. Defaults.  Press g, type PAGE_SHIFT, Enter.  The pane below says",
	"     which of its defaults gave 12, and why the others did not.  Then",
	"     g PAGE_SIZE_64KB, Enter, Space, and see PAGE_SHIFT become 16.",
	"",
	"  2. A select.  g CRC32, Enter: it is on although nobody turned it on;",
	"     EXT4_FS selects it.  Turn EXT4_FS off (g EXT4_FS, n) and look again.",
	"",
	"  3. A choice.  Processor type and features > MMU page size: one",
	"     member is picked (X).  Why that one?  The pane says.",
	"",
	"v shows an entry's Kconfig text, ? lists every key, q quits.",
	"This page shows on the first run only: I brings it back.",
	"",
	"Press any key to start.",
	NULL,
};

static void welcome_open(struct view *view)
{
	view_clear(view);
	for (int i = 0; welcome_text[i]; i++)
		view_add(view, welcome_text[i], 0, 0);
	view_select(view, 0);
}

static void welcome_draw(struct view *view, const struct view_line *line, int row,
			 bool selected)
{
	(void)selected;
	view_put(view, row, 1, line->data, STYLE_NORMAL);
}

/* Any key: on to the tree (Ctrl-C and q still do what they do there). */
static enum request welcome_request(struct view *view, enum request req)
{
	browser_show(view->br, VIEW_TREE);
	browser_startup_message(view->br);
	return req == REQ_INTERRUPT ? req : REQ_NONE;
}

static void welcome_title(struct view *view, char *buf, size_t size)
{
	(void)view;
	snprintf(buf, size, "Welcome: the teaching tree (any key starts)");
}

const struct view_ops welcome_view_ops = {
	.name = "welcome",
	.flags = VIEW_FULL_SCREEN,
	.priv_size = 0,
	.open = welcome_open,
	.draw = welcome_draw,
	.request = welcome_request,
	.title = welcome_title,
};
