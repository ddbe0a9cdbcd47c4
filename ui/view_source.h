/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The source view (view_source.c): an entry's Kconfig lines in their
 * file, with line numbers.
 */
#ifndef KBROWSE_UI_VIEW_SOURCE_H
#define KBROWSE_UI_VIEW_SOURCE_H

struct browser;
struct entry;

/* Show this entry's Kconfig text. */
void source_show(struct browser *br, const struct entry *entry);

#endif
