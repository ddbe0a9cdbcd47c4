// SPDX-License-Identifier: GPL-2.0
/*
 * The generic view: a list of lines with a cursor, scrolled so that the
 * cursor stays on screen, drawn line by line by the view's own draw().
 */
#include "buildconf.h"

#include <stdlib.h>
#include <string.h>

#include "ui.h"

void view_clear(struct view *view)
{
	view->nlines = 0;
}

void view_add(struct view *view, const void *data, int kind, int depth)
{
	if (view->nlines == view->cap) {
		view->cap = view->cap ? view->cap * 2 : 64;
		view->lines = realloc(view->lines, view->cap * sizeof(*view->lines));
		if (!view->lines)
			abort();
	}
	view->lines[view->nlines++] = (struct view_line){
		.data = data, .kind = kind, .depth = depth,
	};
}

const struct view_line *view_current(const struct view *view)
{
	return view->lineno < view->nlines ? &view->lines[view->lineno] : NULL;
}

/* Scroll so that the cursor is on screen, keeping the page full. */
static void view_scroll_to_cursor(struct view *view)
{
	size_t height = view->height > 0 ? (size_t)view->height : 1;

	if (view->lineno < view->offset)
		view->offset = view->lineno;
	else if (view->lineno >= view->offset + height)
		view->offset = view->lineno - height + 1;
	if (view->nlines <= height)
		view->offset = 0;
	else if (view->offset > view->nlines - height)
		view->offset = view->nlines - height;
}

void view_select(struct view *view, size_t n)
{
	if (view->nlines == 0)
		n = 0;
	else if (n >= view->nlines)
		n = view->nlines - 1;
	view->lineno = n;
	view_scroll_to_cursor(view);
	if (view->ops->select)
		view->ops->select(view);
}

bool view_move(struct view *view, enum request req)
{
	size_t page = view->height > 1 ? (size_t)view->height - 1 : 1;
	size_t n = view->lineno;

	switch (req) {
	case REQ_MOVE_UP:
		n = n ? n - 1 : 0;
		break;
	case REQ_MOVE_DOWN:
		n++;
		break;
	case REQ_PAGE_UP:
		n = n > page ? n - page : 0;
		break;
	case REQ_PAGE_DOWN:
		n += page;
		break;
	case REQ_MOVE_FIRST:
		n = 0;
		break;
	case REQ_MOVE_LAST:
		n = view->nlines ? view->nlines - 1 : 0;
		break;
	default:
		return false;
	}
	view_select(view, n);
	return true;
}

void view_draw(struct view *view)
{
	if (!view->win)
		return;
	werase(view->win);
	view_scroll_to_cursor(view);
	for (int row = 0; row < view->height; row++) {
		size_t n = view->offset + (size_t)row;

		if (n >= view->nlines)
			break;
		wmove(view->win, row, 0);
		view->ops->draw(view, &view->lines[n], row, n == view->lineno);
	}
	wnoutrefresh(view->win);
}

int view_put(struct view *view, int row, int col, const char *utf8,
	     enum ui_style style)
{
	int cols = view->width - col;

	if (cols <= 0 || !utf8)
		return col;
	wattrset(view->win, ui_style(view->br, style));
	wmove(view->win, row, col);
	text_draw(view->br->text, view->win, utf8, strlen(utf8), &cols);
	wattrset(view->win, ui_style(view->br, STYLE_NORMAL));
	return view->width - cols;
}

void view_fill(struct view *view, int row, int col, enum ui_style style)
{
	if (col >= view->width)
		return;
	wattrset(view->win, ui_style(view->br, style));
	mvwhline(view->win, row, col, ' ', view->width - col);
	wattrset(view->win, ui_style(view->br, STYLE_NORMAL));
}
