/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The questions of conf's line-oriented modes (--oldaskconfig,
 * --oldconfig, and --syncconfig when .config lacks values): the same
 * questions in the same order and words, the same answers accepted, the
 * same output byte for byte for the same input.
 */
#ifndef KBROWSE_CONF_ASK_H
#define KBROWSE_CONF_ASK_H

#include <stdbool.h>
#include <stdio.h>

#include "config.h"

/*
 * Ask on `in`, print on `out` (conf's stdin and stdout).  ask_all: the
 * first walk of --oldaskconfig, every visible question asked; then, as
 * for --oldconfig, the menus holding symbols without a value are asked
 * again until none is left.  The answers typed are echoed to out unless
 * both are terminals, as conf does.  prefix ("CONFIG_") is for the help
 * screens.  Returns 0, or 1 when the input ended where no answer can be
 * taken (said on stderr; conf asks forever there, or stops likewise).
 */
int conf_ask(struct config *cfg, bool ask_all, const char *prefix,
	     FILE *in, FILE *out);

#endif
