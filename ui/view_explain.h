/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The explain pane (view_explain.c): why the entry under the cursor has
 * its value, with links to follow, and the plan for a new value.
 */
#ifndef KBROWSE_UI_VIEW_EXPLAIN_H
#define KBROWSE_UI_VIEW_EXPLAIN_H

#include <stdio.h>

struct browser;
struct view;

/*
 * The pane's explanation as plain text with every group unfolded (the
 * tests compare it with `kbrowse explain --reverse`).
 */
void explain_pane_print(struct view *view, FILE *out);
/* Every row of the pane, each link's text in braces: {NAME} (tests). */
void explain_pane_print_links(struct view *view, FILE *out);
/* Build the explainer's "used by" index (after the first screen). */
void explain_prime(struct browser *br);

#endif
