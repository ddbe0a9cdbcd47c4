/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The lessons of `kbrowse learn` and its glossary, as data (lessons.c):
 * each lesson has a text that points at files of the teaching tree, an
 * exercise, the values that say it is done, and a hint.
 */
#ifndef KBROWSE_LESSONS_H
#define KBROWSE_LESSONS_H

#include <stdbool.h>

/* One value the exercise asks for. */
struct lesson_check {
	const char *symbol;
	const char *value;
	/* The value must come from a default line, not from .config. */
	bool from_default;
};

struct lesson {
	const char *name;		/* a short word: "defaults" */
	const char *title;
	const char *text;		/* the lesson, lines of at most 72 columns */
	const char *exercise;
	const char *hint;
	struct lesson_check checks[5];	/* ended by a NULL symbol */
};

struct glossary_entry {
	const char *term;
	const char *meaning;
};

extern const struct lesson lessons[];
extern const unsigned nlessons;
extern const struct glossary_entry glossary[];
extern const unsigned nglossary;

#endif
