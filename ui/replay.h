/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keys from $KBROWSE_REPLAY (benchmarks), and the one place the browser
 * reads keys: the replayed ones first, then the terminal's.
 */
#ifndef KBROWSE_UI_REPLAY_H
#define KBROWSE_UI_REPLAY_H

#include <stdbool.h>
#include <curses.h>

struct browser;

struct replay;
void replay_start(struct browser *br);
void replay_stop(struct browser *br);
/* The replayed keys are used up: the browser leaves. */
bool replay_over(const struct browser *br);
/* get_wch(), or the next replayed key. */
int ui_get_wch(struct browser *br, wint_t *ch);
/* A key the terminal has sent already (a paste, typing ahead), or ERR. */
int ui_get_wch_queued(struct browser *br, wint_t *ch);

#endif
