/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One-line text input (input.c, on an ncurses form): the status line's
 * prompts.
 */
#ifndef KBROWSE_UI_INPUT_H
#define KBROWSE_UI_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <curses.h>

struct browser;

/* Called after each edit with the text so far (UTF-8); may redraw. */
typedef void input_change_fn(void *ctx, const char *text);
/* Keys the input does not use (Up, Down...) go here; true: consumed. */
typedef bool input_key_fn(void *ctx, int key, bool function_key);
/* Tab: what the text so far completes to (heap, UTF-8), or NULL. */
typedef char *input_complete_fn(void *ctx, const char *text);

struct input_options {
	WINDOW *win;			/* where the field goes (one row used) */
	int row, col, width;
	const char *label;		/* drawn before the field */
	const char *initial;		/* UTF-8 */
	input_change_fn *on_change;
	input_key_fn *on_key;
	input_complete_fn *complete;	/* optional */
	void *ctx;
	/*
	 * The initial text starts selected: the first key typed replaces
	 * it, an editing key (Left, Home, Ctrl-E...) keeps it to edit.
	 */
	bool select_initial;
	/*
	 * Earlier texts, the oldest first: while the text is selected, Up
	 * recalls the one before it and Down the one after.
	 */
	char *const *history;
	size_t nhistory;
};

enum input_result {
	INPUT_DONE,		/* Enter: *text is what was typed */
	INPUT_CANCEL,		/* Esc: *text is NULL */
	INPUT_RESIZED,		/* the terminal changed size: *text so far */
};

/*
 * The longest text the one-line input holds, in bytes: past it the
 * field grows no more (ncurses forms are not made for megabytes).
 */
#define INPUT_MAX	4096

/*
 * Edit a line; *text (heap, UTF-8) gets the result as above: the initial
 * text, byte for byte, when no key changed it.
 */
enum input_result input_run(struct browser *br, const struct input_options *opts,
			    char **text);

#endif
