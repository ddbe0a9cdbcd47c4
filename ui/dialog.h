/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Dialogs (dialog.c): panels over the screen that ask a question or
 * edit a value.
 */
#ifndef KBROWSE_UI_DIALOG_H
#define KBROWSE_UI_DIALOG_H

#include <stdbool.h>

struct browser;
struct symbol;
struct view;

/*
 * Ask a question, wrapped to the screen's width so that every answer
 * shows; returns the key pressed among answers ("ync").
 */
int dialog_ask(struct browser *br, const char *title, const char *question,
	       const char *answers);
/*
 * The same about what a view shows (a plan): the panel sits at the
 * bottom, and the arrows, PgUp, PgDn, Home and End scroll the view.
 */
int dialog_ask_over(struct browser *br, struct view *over, const char *title,
		    const char *question, const char *answers);
/* Edit a symbol's value in a panel, checked by the value model. */
bool dialog_edit_value(struct browser *br, const struct symbol *sym);

#endif
