/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A base configuration and fragments merged into one text as the
 * kernel's scripts/kconfig/merge_config.sh merges them: for each symbol a
 * fragment sets that the text so far names (grep -w), the old lines are
 * removed (sed "/NAME[ =]/d") and the change is reported; then a newline
 * and the fragment are appended.  Each line remembers its file and line.
 */
#ifndef KBROWSE_MERGE_TEXT_H
#define KBROWSE_MERGE_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct merge_options {
	FILE *out;		/* merge_config.sh's messages (stdout) */
	const char *prefix;	/* $CONFIG_, default "CONFIG_" */
	bool builtin;		/* -y: a fragment's m does not demote a y */
	bool warn_override;	/* not -Q */
	bool warn_redundant;	/* -r */
};

struct merge_line {
	char *text;		/* without its newline */
	const char *file;	/* NULL: the newline merging added */
	int line;
};

struct merge_text {
	const struct merge_options *opts;
	const char *base;	/* the base file's name, as its lines have it */
	struct merge_line *lines;
	size_t nlines, cap;
	bool open_end;		/* the last line has no newline */
	/* Symbols a fragment set to another value than the text before. */
	struct merge_redefined {
		char *name;
		const char *fragment;	/* the one that set it again */
		char *previous;		/* the lines it replaced */
		const char *file;	/* where the first of them came from */
		int line;
	} *redefined;
	size_t nredefined, redefined_cap;
};

/* Start with the base file's text ("Using BASE as base"). */
void merge_text_start(struct merge_text *t, const struct merge_options *opts,
		      const char *base, const char *text, size_t len);
/* Merge one fragment ("Merging FRAGMENT" and the overrides). */
void merge_text_add(struct merge_text *t, const char *fragment,
		    const char *text, size_t len);
/* The merged text (free() it). */
char *merge_text_string(const struct merge_text *t, size_t *len);
/* The symbol a line assigns, with the prefix (free() it); NULL: none. */
char *merge_text_line_name(const struct merge_text *t, const char *line);
/* Every symbol the text assigns, in order (free() each and the array). */
char **merge_text_names(const struct merge_text *t, size_t *n);
/* The first line assigning name, with where it came from; NULL: none. */
const struct merge_line *merge_text_request(const struct merge_text *t,
					    const char *name);
/* grep -w NAME over the merged text / over any text (free() it). */
char *merge_text_requested(const struct merge_text *t, const char *name);
char *merge_text_grep(const char *text, size_t len, const char *name);
void merge_text_free(struct merge_text *t);

#endif
