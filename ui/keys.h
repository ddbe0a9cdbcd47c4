/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keys and requests.  Every key maps to a named request in one table
 * (keys.c); views handle requests, never raw keys.  The help screen is
 * generated from that table; the README's and the man page's key lists
 * are checked against it by the tests (tests/tui/browse.sh,
 * tests/golden/help.sh).
 */
#ifndef KBROWSE_UI_KEYS_H
#define KBROWSE_UI_KEYS_H

#include <stdbool.h>

#define REQUESTS(_) \
	_(NONE,          "none",          "do nothing") \
	_(MOVE_UP,       "move-up",       "move up") \
	_(MOVE_DOWN,     "move-down",     "move down") \
	_(PAGE_UP,       "page-up",       "move up a page") \
	_(PAGE_DOWN,     "page-down",     "move down a page") \
	_(MOVE_FIRST,    "move-first",    "move to the first line") \
	_(MOVE_LAST,     "move-last",     "move to the last line") \
	_(ENTER,         "enter",         "open a menu or choice, edit a value, follow a symbol") \
	_(OPEN,          "open",          "open a menu or choice (outline: expand)") \
	_(BACK,          "back",          "leave the menu (outline: collapse, or go to the parent)") \
	_(TOGGLE,        "toggle",        "cycle n/m/y, or pick a choice entry") \
	_(SET_YES,       "set-yes",       "set to y") \
	_(SET_MOD,       "set-mod",       "set to m") \
	_(SET_NO,        "set-no",        "set to n") \
	_(SEARCH,        "search",        "search names, prompts and help (^ $ . * [: a regex)") \
	_(GOTO,          "goto",          "go to a symbol by name (Tab completes it)") \
	_(SEARCH_RESULTS, "search-results", "back to the last search's results") \
	_(WHY_DEEPER,    "why-deeper",    "explain pane: follow the why-chain one level deeper") \
	_(WHY_NONE,      "why-none",      "explain pane: the symbol alone, without its why-chain") \
	_(PLAN,          "plan",          "plan a new value, or a hidden prompt shown; apply it") \
	_(HISTORY_BACK,  "history-back",  "go back to where you were before a jump") \
	_(HISTORY_FWD,   "history-fwd",   "go forward again") \
	_(FOCUS,         "focus",         "switch between the tree and the explain pane") \
	_(TOGGLE_HIDDEN, "toggle-hidden", "show or hide invisible entries") \
	_(TOGGLE_NAMES,  "toggle-names",  "show or hide symbol names after the prompts") \
	_(SAVE,          "save",          "save the configuration") \
	_(HELP,          "help",          "show this help") \
	_(REDRAW,        "redraw",        "redraw the screen") \
	_(QUIT,          "quit",          "quit (asks first if anything unsaved would be lost)") \
	_(TOGGLE_OUTLINE, "toggle-outline", "switch between menu pages and the whole tree (remembered)") \
	_(EXPAND,        "expand",        "outline: expand the entry (pages: open the menu)") \
	_(COLLAPSE,      "collapse",      "outline: collapse the entry (pages: leave the menu)") \
	_(EXPAND_ALL,    "expand-all",    "outline: expand the entry and everything under it") \
	_(PARENT,        "parent",        "go to the entry this one is under") \
	_(INTERRUPT,     "interrupt",     "leave (asks before anything is lost, as q does)") \
	_(CHANGES,       "changes",       "list the values that differ from the loaded .config") \
	_(WARNINGS,      "warnings",      "list the warnings from reading the .config") \
	_(LOAD,          "load",          "load another .config (asks before anything is lost)") \
	_(SAVE_AS,       "save-as",       "save the configuration to another file") \
	_(SOURCE,        "source",        "show the entry's Kconfig lines, with their line numbers") \
	_(EDIT_SOURCE,   "edit-source",   "open $VISUAL or $EDITOR at the entry's file and line") \
	_(RELOAD,        "reload",        "read the Kconfig files again (e does when it changed one)") \
	_(WELCOME,       "welcome",       "the teaching tree's first page again: what to try")

enum request {
#define REQ_ENUM(id, name, help) REQ_##id,
	REQUESTS(REQ_ENUM)
#undef REQ_ENUM
	REQ_COUNT
};

struct key_binding {
	int key;		/* a curses key code or a character */
	bool function_key;	/* key is a KEY_* code (from get_wch) */
	enum request request;
};

extern const struct key_binding key_bindings[];
extern const unsigned key_binding_count;

/* The request a key asks for (REQ_NONE when unbound). */
enum request key_request(int key, bool function_key);
const char *request_name(enum request req);
const char *request_help(enum request req);
/* "Up", "k", "Enter", "Ctrl-L", "F1", "Space"... into buf. */
const char *key_label(const struct key_binding *binding, char *buf, unsigned size);

#endif
