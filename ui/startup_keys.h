/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keys typed while the tree loads (its $(shell,...) probes can take
 * seconds): the terminal stops echoing them before the load starts,
 * and the browser takes them, in the order typed, once its first screen
 * is up.  Those read meanwhile (parser/shell.c reads the terminal to see
 * an Esc that skips a slow probe) come first; the rest wait in the
 * terminal, where curses reads them next.
 */
#ifndef KBROWSE_UI_STARTUP_KEYS_H
#define KBROWSE_UI_STARTUP_KEYS_H

#include <stdbool.h>
#include <termios.h>

#include "strbuf.h"

struct startup_keys {
	bool held;		/* the terminal's settings changed */
	struct termios saved;	/* as they were */
	struct strbuf typed;	/* keys read during the load, in order */
};

/*
 * Before the load: no echo, no line editing (signals still work: Ctrl-C
 * skips a slow probe).  Only when stdin is a terminal kbrowse has in
 * its foreground.
 */
void startup_keys_hold(struct startup_keys *keys);
/* After the load, before curses starts: the terminal's own settings back. */
void startup_keys_restore(struct startup_keys *keys);
/* Once curses runs: the keys read during the load, to be read first. */
void startup_keys_give(const char *typed, size_t len);

#endif
