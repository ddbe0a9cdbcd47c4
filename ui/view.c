// SPDX-License-Identifier: GPL-2.0
/*
 * The generic view: a list of lines with a cursor, scrolled so that the
 * cursor stays on screen, drawn line by line by the view's own draw().
 */
#include "buildconf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "util.h"
#include "view.h"

void view_clear(struct view *view)
{
	view->nlines = 0;
}

void view_add(struct view *view, const void *data, int kind, int depth)
{
	if (view->nlines == view->cap) {
		view->cap = view->cap ? view->cap * 2 : 64;
		view->lines = xrealloc(view->lines, view->cap * sizeof(*view->lines));
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

bool view_scroll(struct view *view, enum request req)
{
	size_t height = view->height > 0 ? (size_t)view->height : 1;
	size_t page = height > 1 ? height - 1 : 1;
	size_t last = view->nlines > height ? view->nlines - height : 0;
	size_t top = view->offset;

	switch (req) {
	case REQ_MOVE_UP: top = top ? top - 1 : 0; break;
	case REQ_MOVE_DOWN: top++; break;
	case REQ_PAGE_UP: top = top > page ? top - page : 0; break;
	case REQ_PAGE_DOWN: top += page; break;
	case REQ_MOVE_FIRST: top = 0; break;
	case REQ_MOVE_LAST: top = last; break;
	default: return false;
	}
	view->offset = top < last ? top : last;
	view->lineno = view->offset;
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

int view_put_cut(struct view *view, int row, int col, const char *utf8, int cols,
		 enum ui_style style)
{
	struct text *text = view->br->text;
	size_t len = utf8 ? strlen(utf8) : 0;
	const char *more = text_is_utf8(text) ? "\xe2\x80\xa6" : ".";
	int room;

	if (cols > view->width - col)
		cols = view->width - col;
	if (cols <= 0 || !utf8)
		return col;
	wattrset(view->win, ui_style(view->br, style));
	wmove(view->win, row, col);
	room = cols;
	if (text_width(text, utf8, len) <= cols) {
		text_draw(text, view->win, utf8, len, &room);
	} else {
		text_draw(text, view->win, utf8, text_fit(text, utf8, len, cols - 1), &room);
		text_draw(text, view->win, more, strlen(more), &room);
	}
	wattrset(view->win, ui_style(view->br, STYLE_NORMAL));
	return col + cols - room;
}

void view_fill(struct view *view, int row, int col, enum ui_style style)
{
	if (col >= view->width)
		return;
	wattrset(view->win, ui_style(view->br, style));
	mvwhline(view->win, row, col, ' ', view->width - col);
	wattrset(view->win, ui_style(view->br, STYLE_NORMAL));
}

static size_t leading_spaces(const char *s)
{
	size_t n = 0;

	while (s[n] == ' ')
		n++;
	return n;
}

/*
 * Break text into lines of at most width columns, at spaces where there
 * are any; continuation lines are indented two more than the text.
 */
void view_wrap(struct view *view, const char *text, int width,
	       view_wrap_fn *emit, void *ctx)
{
	size_t indent = leading_spaces(text);
	size_t len = strlen(text);
	size_t lead = 0;
	char buf[4096];

	if (indent > (size_t)width / 2)
		indent = (size_t)width / 2;
	do {
		size_t take = text_fit(view->br->text, text, len, width - (int)lead);

		if (take < len) {
			size_t cut = take;

			while (cut > 0 && text[cut] != ' ')
				cut--;
			if (cut > (lead ? 0 : indent))
				take = cut;
			else if (!take)
				take = 1;
		}
		snprintf(buf, sizeof(buf), "%*s%.*s", (int)lead, "", (int)take, text);
		emit(ctx, buf);
		text += take;
		len -= take;
		while (len && *text == ' ')
			text++, len--;
		lead = indent + 2;
	} while (len);
}
