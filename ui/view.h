/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one `struct view` every pane is made of, the table of views, and
 * the generic view code (view.c).
 *
 * A view is a list of lines, a cursor and a table of operations (open,
 * draw a line, handle a request, match a search, follow the cursor).
 * The generic code in view.c scrolls, moves the cursor and draws; each
 * view_*.c file is one table of operations, and its flags say what kind
 * of view it is (the browser tests the flags, never a view's name).
 */
#ifndef KBROWSE_UI_VIEW_H
#define KBROWSE_UI_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <curses.h>

#include "keys.h"

struct browser;
struct view;

/*
 * Every view, one line each: VIEW_TREE... (enum view_id) and the table
 * of operations each one defines in its own file (tree_view_ops in
 * view_tree.c...).  The browser makes one struct view of each.
 */
#define VIEWS(_) \
	_(TREE, tree) \
	_(EXPLAIN, explain) \
	_(SEARCH, search) \
	_(HELP, help) \
	_(SOURCE, source) \
	_(CHANGES, changes) \
	_(WARNINGS, warnings) \
	_(WELCOME, welcome)

enum view_id {
#define VIEW_ENUM(id, name) VIEW_##id,
	VIEWS(VIEW_ENUM)
#undef VIEW_ENUM
	VIEW_COUNT,
};

/* What kind of view it is (view_ops.flags). */
enum view_flag {
	/*
	 * A page of text that takes the whole screen, without the explain
	 * pane beside it or below it (help, a Kconfig file, warnings).
	 */
	VIEW_FULL_SCREEN = 1 << 0,
	/*
	 * The movement keys move a cursor over the lines; without it they
	 * scroll the text and no line is selected.
	 */
	VIEW_CURSOR = 1 << 1,
	/*
	 * Its lines are made for its width (wrapped text): it is opened
	 * again whenever the windows are laid out.
	 */
	VIEW_WRAPS = 1 << 2,
};

struct view_line {
	const void *data;	/* what the view shows on this line */
	int kind;		/* the view's own line kinds */
	int depth;		/* indentation */
};

struct view_ops {
	const char *name;
	unsigned flags;		/* enum view_flag */
	/*
	 * The size of the view's own state: the generic code allocates it
	 * zeroed in view->priv before the first open and frees it after
	 * done (which releases what the state points to).
	 */
	size_t priv_size;
	/* (Re)build the lines from the model, keeping the cursor's item. */
	void (*open)(struct view *view);
	/* Draw one line in the given row of view->win. */
	void (*draw)(struct view *view, const struct view_line *line, int row,
		     bool selected);
	/* Handle a request; return REQ_NONE when done, else pass it on. */
	enum request (*request)(struct view *view, enum request req);
	/* The text of the title bar. */
	void (*title)(struct view *view, char *buf, size_t size);
	/* The cursor moved (the explain pane follows it). */
	void (*select)(struct view *view);
	/* The view gets the keyboard focus (optional). */
	void (*focus)(struct view *view);
	/* Release what the view's state points to (optional). */
	void (*done)(struct view *view);
};

#define VIEW_OPS_EXTERN(id, name) extern const struct view_ops name##_view_ops;
VIEWS(VIEW_OPS_EXTERN)
#undef VIEW_OPS_EXTERN

struct view {
	const struct view_ops *ops;
	struct browser *br;
	WINDOW *win;		/* the lines; NULL while not laid out */
	int height, width;
	struct view_line *lines;
	size_t nlines, cap;
	size_t offset;		/* first line shown */
	size_t lineno;		/* the cursor */
	void *priv;
};

/* Is the view of this kind (one of enum view_flag)? */
static inline bool view_is(const struct view *view, enum view_flag flag)
{
	return (view->ops->flags & flag) != 0;
}

/* Attributes, by meaning; filled in for colour or monochrome (browser.c). */
enum ui_style {
	STYLE_NORMAL,
	STYLE_TITLE,		/* title bars and the header */
	STYLE_CURSOR,		/* the cursor in the focused view */
	STYLE_CURSOR_IDLE,	/* the cursor in the other view */
	STYLE_HIDDEN,		/* invisible entries, shown on demand */
	STYLE_MENU,		/* menus and choices ("--->") */
	STYLE_COMMENT,		/* *** comments *** */
	STYLE_VALUE,		/* the value column */
	STYLE_HEADING,		/* section headings in the explain pane */
	STYLE_DECIDING,		/* the line that decided a value */
	STYLE_DIM,		/* conditions that are n, unused defaults */
	STYLE_LINK,		/* a symbol one can follow */
	STYLE_LINK_CURSOR,	/* the selected symbol */
	STYLE_ERROR,
	STYLE_COUNT,
};

void view_clear(struct view *view);
void view_add(struct view *view, const void *data, int kind, int depth);
/* Put the cursor on line n (clamped), scrolling to show it. */
void view_select(struct view *view, size_t n);
/* The cursor movements every view has; false if req is not one. */
bool view_move(struct view *view, enum request req);
/* Scroll text without a cursor (help, long explanations). */
bool view_scroll(struct view *view, enum request req);
void view_draw(struct view *view);
const struct view_line *view_current(const struct view *view);
/* Draw utf8 in the row from column col with a style; returns the column after. */
int view_put(struct view *view, int row, int col, const char *utf8,
	     enum ui_style style);
/* The same in at most cols columns, ending in "…" when it is cut. */
int view_put_cut(struct view *view, int row, int col, const char *utf8, int cols,
		 enum ui_style style);
typedef void view_wrap_fn(void *ctx, const char *line);
/* Break utf8 into lines of at most width columns; emit gets each one. */
void view_wrap(struct view *view, const char *utf8, int width,
	       view_wrap_fn *emit, void *ctx);
/* Fill the rest of the row with a style (the cursor bar). */
void view_fill(struct view *view, int row, int col, enum ui_style style);

#endif
