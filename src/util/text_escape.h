/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Text from the files kbrowse reads (prompts, help, .config strings,
 * file names, $(info,...)) on its way to a terminal: characters that a
 * terminal would act on instead of showing are written as escapes, so
 * that a tree cannot retitle, clear or reorder the user's screen.
 *
 * Escaped: C0 controls but tab and newline, DEL, C1 controls (U+0080 to
 * U+009F), the bidirectional embeddings, overrides and isolates (U+202A
 * to U+202E, U+2066 to U+2069), and bytes that are not UTF-8.  Knows
 * nothing of Kconfig.
 */
#ifndef KBROWSE_TEXT_ESCAPE_H
#define KBROWSE_TEXT_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "strbuf.h"

enum text_escape_mode {
	/* \x1b for a byte, \u202e for a character: for people. */
	TEXT_ESCAPE_TEXT,
	/*
	 * \u001b and \u202e, which a JSON string reads back as the same
	 * character; a byte that is not UTF-8 becomes \ufffd.  For output
	 * whose control characters can only be inside strings.
	 */
	TEXT_ESCAPE_JSON,
};

/* Is the code point one of those above (a character that is escaped)? */
bool text_escape_needed(uint32_t cp);

/* The longest escape of one character (\u202e), its NUL included. */
#define TEXT_ESCAPE_MAX 8

/*
 * The character at s (len > 0 bytes; a byte that is not UTF-8, or the
 * start of a sequence cut short, counts as one): returns how many bytes
 * it takes, and writes its escape in mode to esc, or "" when it is shown
 * as it is.  The browser draws text one character at a time through it.
 */
size_t text_escape_char(const char *s, size_t len, enum text_escape_mode mode,
			char esc[TEXT_ESCAPE_MAX]);

/*
 * Append s[0..len) to out with the characters above escaped; returns how
 * many were.  With partial, an incomplete UTF-8 sequence at the end is
 * left out and *used says how far the text was consumed (NULL: all).
 */
size_t text_escape_controls(const char *s, size_t len, struct strbuf *out,
			    enum text_escape_mode mode, bool partial,
			    size_t *used);

/* Write s to f, escaped; returns how many characters were escaped. */
size_t text_escape_fputs(const char *s, FILE *f);

/*
 * A stream that writes to out what it is given, escaped.  Unbuffered
 * when out is stderr.  A write fails once out has failed.
 * *count (may be NULL) adds up the characters escaped.  fclose() flushes
 * it into out and leaves out open.
 */
FILE *text_escape_stream(FILE *out, enum text_escape_mode mode,
			 unsigned long *count);

/*
 * Replace stderr by such a stream for the rest of the process (flushed
 * and put back at exit).
 */
void text_escape_stderr(void);

/*
 * Replace stdout by such a stream (text mode: JSON from json_out.h is
 * ASCII and passes unchanged), for a batch command's output; *count
 * (may be NULL) adds up what was escaped.  Put back by
 * text_escape_stdout_end(), else at exit.
 */
void text_escape_stdout(unsigned long *count);

/*
 * Flush the stream into the real stdout and put that back: 0, or EOF
 * when writing failed (errno says why).  Nothing to do without one.
 */
int text_escape_stdout_end(void);

#endif
