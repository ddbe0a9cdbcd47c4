/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Text for the screen.  Kconfig text is UTF-8; the terminal speaks the
 * locale's character set.  Where that is not UTF-8, text is converted
 * with iconv (transliterated where iconv can), so a prompt with "KiB" or
 * an accented name still draws as something readable, never as bytes
 * that would corrupt the screen.
 */
#ifndef KBROWSE_UI_TEXT_H
#define KBROWSE_UI_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <curses.h>

struct text;

/* After setlocale(LC_ALL, ""): how to show UTF-8 in this locale. */
struct text *text_new(void);
void text_free(struct text *text);
/* Is the locale's character set UTF-8 (no conversion needed)? */
bool text_is_utf8(const struct text *text);

/*
 * Draw len bytes of UTF-8 at the cursor of win, at most *cols columns
 * wide; *cols is decreased by the columns used.  What text_escape.h
 * escapes for explain and dump (controls, DEL, bidirectional overrides
 * and isolates, bytes that are not UTF-8) is drawn as its escape, such
 * as \x1b or \u202e, several columns wide and counted so; a tab or a
 * newline as a space; what the locale cannot show as '?'.
 */
void text_draw(struct text *text, WINDOW *win, const char *utf8, size_t len,
	       int *cols);
/* The columns len bytes of UTF-8 take on screen. */
int text_width(struct text *text, const char *utf8, size_t len);
/*
 * How many bytes of utf8 fit in cols columns, ending at a character
 * boundary (for wrapping).
 */
size_t text_fit(struct text *text, const char *utf8, size_t len, int cols);

/*
 * UTF-8 in the locale's character set, for an input field, escaped as
 * text_draw() escapes it (heap).
 */
char *text_to_locale(struct text *text, const char *utf8);
/* Text typed in the locale's character set, as UTF-8 (heap). */
char *text_from_locale(struct text *text, const char *local);

#endif
