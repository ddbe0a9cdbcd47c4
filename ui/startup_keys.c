// SPDX-License-Identifier: GPL-2.0
/* Keys typed while the tree loads (startup_keys.h). */
#include <curses.h>
#include <unistd.h>

#include "startup_keys.h"

/*
 * curses keeps pushed-back keys in a small queue (ncurses: about 135):
 * the first ones typed are kept, the rest would be lost anyway.
 */
#define STARTUP_KEYS_MAX	128

void startup_keys_hold(struct startup_keys *keys)
{
	struct termios quiet;

	keys->held = false;
	if (!isatty(STDIN_FILENO) || tcgetpgrp(STDIN_FILENO) != getpgrp() ||
	    tcgetattr(STDIN_FILENO, &keys->saved) < 0)
		return;
	quiet = keys->saved;
	quiet.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
	quiet.c_cc[VMIN] = 1;
	quiet.c_cc[VTIME] = 0;
	keys->held = tcsetattr(STDIN_FILENO, TCSANOW, &quiet) == 0;
}

void startup_keys_restore(struct startup_keys *keys)
{
	/* TCSANOW: what waits in the terminal stays there, for curses. */
	if (keys->held)
		tcsetattr(STDIN_FILENO, TCSANOW, &keys->saved);
	keys->held = false;
}

void startup_keys_give(const char *typed, size_t len)
{
	if (len > STARTUP_KEYS_MAX)
		len = STARTUP_KEYS_MAX;
	/* Pushed back last first: read back first first. */
	while (len-- > 0)
		ungetch((unsigned char)typed[len]);
}
