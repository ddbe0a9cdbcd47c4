/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The changes view (view_changes.c): the values that differ from the
 * loaded .config (or from --diff OTHER's), grouped by root cause, and
 * what a save would change.
 */
#ifndef KBROWSE_UI_VIEW_CHANGES_H
#define KBROWSE_UI_VIEW_CHANGES_H

#include <stddef.h>

struct browser;

/* What saving would change; pending: the file a save goes to. */
void changes_show(struct browser *br, const char *pending);
/* How many symbols conf will warn about ("unmet direct dependencies") in the values saved. */
size_t changes_unmet_count(struct browser *br);

#endif
