/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interactive browser: `kbrowse [OPTIONS] [KCONFIG]`.  The command
 * line opens the session; the browser shows it and edits its values
 * (browser_run(), all the command line needs).
 *
 * Below it, what the parts of the browser share: its state (struct
 * browser, one struct view of each view) and what browser.c does for
 * the views (messages, jumps, showing a view, prompts, saving).
 */
#ifndef KBROWSE_UI_BROWSER_H
#define KBROWSE_UI_BROWSER_H

#include <stdbool.h>
#include <stddef.h>
#include <curses.h>
#include <panel.h>

#include "input.h"
#include "session.h"
#include "text.h"
#include "tree_model.h"
#include "view.h"
#include "view_tree.h"

struct browser_options {
	const char *prog;	/* for messages */
	bool teaching_tree;	/* the built-in tree stands in for a real one */
	/*
	 * --diff OTHER: the changes view opens first and lists how OTHER's
	 * configuration differs from the one loaded (NULL: no such file).
	 */
	const char *diff_name;
	const char *diff_text;
	size_t diff_len;
	/* Keys typed while the tree loaded, read meanwhile (startup_keys.h). */
	const char *typed_keys;
	size_t typed_len;
};

/*
 * Browse until the user quits.  Needs a terminal on stdin and stdout.
 * Returns the exit status (0, or 2 when the terminal cannot be used).
 */
int browser_run(struct session *s, const struct browser_options *opts);

/* --- what the parts of the browser share ---------------------------------- */

#define HISTORY_MAX 64

struct history {
	struct place back[HISTORY_MAX], fwd[HISTORY_MAX];
	int nback, nfwd;
};

struct browser {
	struct session *s;		/* the tree, the values, the explainer */
	struct browser_options opts;
	struct tree_model *model;
	struct text *text;

	bool modified;
	bool show_hidden;
	bool show_names;		/* symbol names after the prompts */
	bool quit;
	bool too_small;
	bool prompting;			/* the status line is an input field */
	bool side_by_side;
	bool has_colors;
	bool no_dim;			/* no dim attribute: mark invisible entries */
	attr_t styles[STYLE_COUNT];
	/* The text of the .config first loaded (or the last one loaded). */
	char *loaded_text;
	size_t loaded_len;
	char *loaded_name;		/* a copy: it outlives a tree read again */
	bool saved_since_load;

	SCREEN *screen;
#define LAYOUT_MAX 16
	PANEL *panels[LAYOUT_MAX];	/* the layout's windows, to free them */
	int npanels;
	PANEL *ground;			/* the library's panel for stdscr */
	WINDOW *header, *status, *explain_title, *separator;
	struct view views[VIEW_COUNT];
	struct view *main;		/* tree, search or help: the big pane */
	struct view *focus;		/* main or the explain pane */
	struct entry *current;		/* what the explain pane explains */
	struct history history;
	char message[256];
	struct replay *replay;		/* KBROWSE_REPLAY keys (replay.c) */
	/*
	 * A jump to an invisible entry turned show-all on for it: leaving
	 * that entry turns it off again (z turns it on for good).
	 */
	struct entry *hidden_for;
	/* A Kconfig file changed (e): read the tree again after this request. */
	bool reload_pending;
#define SEARCH_HISTORY_MAX 32
	char *search_history[SEARCH_HISTORY_MAX];	/* the oldest first */
	size_t nsearch_history;
};

attr_t ui_style(const struct browser *br, enum ui_style style);
void browser_message(struct browser *br, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The entry to show for a symbol: a visible one if it has several. */
struct entry *browser_symbol_entry(struct browser *br, const struct symbol *sym);
/* Show entry in the tree (a jump: remembered for history-back). */
void browser_jump(struct browser *br, struct entry *entry);
/* The explain pane now explains entry. */
void browser_explain(struct browser *br, struct entry *entry);
/* Make a view the big pane (tree, search, help) and focus it. */
void browser_show(struct browser *br, enum view_id id);
/* Values changed: reopen what shows them. */
void browser_values_changed(struct browser *br);
/* Redraw everything (after a dialog or a resize). */
void browser_redraw(struct browser *br);
/* Lay the windows out for the terminal's current size. */
void browser_layout(struct browser *br);
/* Say where the values came from (on the status line). */
void browser_startup_message(struct browser *br);
/* Write the configuration to name (NULL: where it was loaded from). */
bool browser_save(struct browser *br, const char *name);
/* Open $VISUAL or $EDITOR at the Kconfig line of entry. */
void browser_edit_source(struct browser *br, const struct entry *entry);
/* input_run() in the status line, laid out again after a resize. */
char *browser_prompt(struct browser *br, const char *label, const char *initial,
		     input_change_fn *on_change, input_key_fn *on_key, void *ctx);

/* browser_prompt() whose Tab completes the text with complete(ctx, text). */
char *browser_prompt_complete(struct browser *br, const char *label,
			      input_complete_fn *complete, void *ctx);

#endif
