/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the parts of the browser share: the browser's state, and the one
 * `struct view` every pane is made of.
 *
 * A view is a list of lines, a cursor and a table of operations (open,
 * draw a line, handle a request, match a search, follow the cursor).
 * The generic code in view.c scrolls, moves the cursor and draws; each
 * view_*.c file is one table of operations.
 */
#ifndef KBROWSE_UI_H
#define KBROWSE_UI_H

#include <stdbool.h>
#include <stddef.h>
#include <curses.h>
#include <panel.h>

#include "browser.h"
#include "keys.h"
#include "session.h"
#include "util.h"
#include "text.h"
#include "tree_model.h"

struct browser;
struct view;

struct view_line {
	const void *data;	/* what the view shows on this line */
	int kind;		/* the view's own line kinds */
	int depth;		/* indentation */
};

struct view_ops {
	const char *name;
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

enum view_id {
	VIEW_TREE,
	VIEW_EXPLAIN,
	VIEW_SEARCH,
	VIEW_HELP,
	VIEW_SOURCE,
	VIEW_CHANGES,
	VIEW_WARNINGS,
	VIEW_WELCOME,
	VIEW_COUNT,
};

/* A place in the tree, for the history of jumps. */
struct place {
	struct entry *page;
	struct entry *selected;
	bool show_hidden;	/* a jump may have turned [all] on */
};

#define HISTORY_MAX 64

struct history {
	struct place back[HISTORY_MAX], fwd[HISTORY_MAX];
	int nback, nfwd;
};

/* Attributes, by meaning; filled in for colour or monochrome. */
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
	const char *loaded_name;
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

/* --- view.c: the generic view --------------------------------------------- */

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

/* --- browser.c ------------------------------------------------------------ */

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

/* --- replay.c: keys from $KBROWSE_REPLAY (benchmarks) ----------------------- */

struct replay;
void replay_start(struct browser *br);
void replay_stop(struct browser *br);
/* The replayed keys are used up: the browser leaves. */
bool replay_over(const struct browser *br);
/* get_wch(), or the next replayed key. */
int ui_get_wch(struct browser *br, wint_t *ch);
/* A key the terminal has sent already (a paste, typing ahead), or ERR. */
int ui_get_wch_queued(struct browser *br, wint_t *ch);

/* --- entries as text (view_tree.c) ------------------------------------------ */

/* The prompt as shown, or the symbol's name when there is no prompt. */
const char *entry_label(const struct entry *entry);
/* Is the entry shown (visible in this configuration)? */
bool entry_visible(struct browser *br, const struct entry *entry);
/* The tree's current page and cursor, for history. */
struct place tree_place(struct browser *br);
void tree_goto(struct browser *br, struct place place);
/* Outline mode (the whole tree, expandable) or menu pages. */
bool tree_outline(struct browser *br);
void tree_set_outline(struct browser *br, bool outline);
/* The entry under the tree's cursor, or NULL. */
struct entry *tree_selected(struct browser *br);

/* --- the views ------------------------------------------------------------ */

extern const struct view_ops tree_view_ops;
extern const struct view_ops explain_view_ops;
extern const struct view_ops search_view_ops;
extern const struct view_ops help_view_ops;
extern const struct view_ops source_view_ops;
extern const struct view_ops changes_view_ops;
extern const struct view_ops warnings_view_ops;
extern const struct view_ops welcome_view_ops;

/*
 * state.c: what is remembered across runs, name=value lines in
 * $XDG_CONFIG_HOME/kbrowse/state.  state_get: the value (free() it) or
 * NULL; state_set: false with the reason in why.
 */
char *state_get(const char *name);
bool state_is(const char *name, const char *value);
bool state_set(const char *name, const char *value, char *why, size_t size);

/* view_source.c: show this entry's Kconfig text. */
void source_show(struct browser *br, const struct entry *entry);
/* view_changes.c: what saving would change; pending: the file a save goes to. */
void changes_show(struct browser *br, const char *pending);
/* How many symbols conf will warn about ("unmet direct dependencies") in the values saved. */
size_t changes_unmet_count(struct browser *br);

/* view_explain.c: the plan for the symbol under the cursor, and the
 * pane's explanation as plain text with every group unfolded (the
 * tests compare it with `kbrowse explain --reverse`). */
void explain_pane_print(struct view *view, FILE *out);
/* Every row of the pane, each link's text in braces: {NAME} (tests). */
void explain_pane_print_links(struct view *view, FILE *out);
/* Build the explainer's "used by" index (after the first screen). */
void explain_prime(struct browser *br);

/* view_search.c: run a search, and the entry it selects. */
void search_set_query(struct view *view, const char *query);
struct entry *search_selected(struct view *view);
/* The last query ("" when none). */
const char *search_query(struct view *view);
/* The cursor is on the entry jumped to: search_resume() comes back to it. */
void search_remember(struct view *view);
/* Show the last search's results again, the cursor where it was. */
void search_resume(struct browser *br);

/* --- input.c: one-line text input (ncurses form) ----------------------------- */

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
/* input_run() in the status line, laid out again after a resize. */
char *browser_prompt(struct browser *br, const char *label, const char *initial,
		     input_change_fn *on_change, input_key_fn *on_key, void *ctx);

/* browser_prompt() whose Tab completes the text with complete(ctx, text). */
char *browser_prompt_complete(struct browser *br, const char *label,
			      input_complete_fn *complete, void *ctx);
/* view_search.c: a symbol name that text (CONFIG_ optional) starts; when
 * several, their common start, and the search view lists them. */
char *search_complete_name(void *browser, const char *text);

/* --- dialog.c: panels over the screen --------------------------------------- */

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
