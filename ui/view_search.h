/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The search view (view_search.c): the entries whose name, prompt or
 * help match a query, and the completion of symbol names for goto.
 */
#ifndef KBROWSE_UI_VIEW_SEARCH_H
#define KBROWSE_UI_VIEW_SEARCH_H

struct browser;
struct entry;
struct view;

/* Run a search, and the entry it selects. */
void search_set_query(struct view *view, const char *query);
struct entry *search_selected(struct view *view);
/* The last query ("" when none). */
const char *search_query(struct view *view);
/* The cursor is on the entry jumped to: search_resume() comes back to it. */
void search_remember(struct view *view);
/* Show the last search's results again, the cursor where it was. */
void search_resume(struct browser *br);
/*
 * A symbol name that text (CONFIG_ optional) starts; when several, their
 * common start, and the search view lists them.
 */
char *search_complete_name(void *browser, const char *text);

#endif
