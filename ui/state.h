/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the browser remembers across runs (state.c): name=value lines in
 * $XDG_CONFIG_HOME/kbrowse/state.  state_get: the value (free() it) or
 * NULL; state_set: false with the reason in why.
 */
#ifndef KBROWSE_UI_STATE_H
#define KBROWSE_UI_STATE_H

#include <stdbool.h>
#include <stddef.h>

char *state_get(const char *name);
bool state_is(const char *name, const char *value);
bool state_set(const char *name, const char *value, char *why, size_t size);

#endif
