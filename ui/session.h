/* SPDX-License-Identifier: GPL-2.0 */
/* Loading the tree and the .config for the browser, and saving. */
#ifndef KBROWSE_UI_SESSION_H
#define KBROWSE_UI_SESSION_H

#include <stdbool.h>

struct browser;
struct cli;

/* Load the tree and the configuration; an exit status (0: loaded). */
int session_load(struct browser *br, struct cli *cli);
/* Write $KCONFIG_CONFIG as conf does; false (with a message) on failure. */
bool session_save(struct browser *br);
void session_free(struct browser *br);

#endif
