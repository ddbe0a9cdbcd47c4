/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where each user value came from: the line of .config that gave it.
 *
 * There is one .config parser (config_read.c); while it reads, it keeps
 * this record with the rules of the kernel's conf_read_simple(): the
 * last line that assigns a symbol a valid value is the one that counts,
 * and a line whose value is refused after it is remembered with its
 * text, so an explanation can say why it was ignored.
 * config_read_text_recorded() (config_io.h) returns one.
 */
#ifndef KBROWSE_USER_LINES_H
#define KBROWSE_USER_LINES_H

#include <stddef.h>
#include "config_sources.h"
#include "kconfig.h"

struct user_line {
	int line;			/* the last valid assignment; 0: none */
	int refused_line;		/* the last refused one after it; 0: none */
	char *refused_text;		/* its value as written (heap) */
};

struct user_lines {
	struct source_file file;	/* the .config, for struct location */
	size_t nsymbols;
	struct user_line *by_symbol;	/* by symbol index */
	/* Some line was refused: by_symbol holds texts to free. */
	bool any_refused;
	/*
	 * Which input set each value, when the .config was merged from
	 * several (its sources file, config_sources_read()); NULL: no
	 * record.  Freed with the lines.
	 */
	struct config_sources *sources;
};

/* An empty record for the .config called name (what locations print). */
struct user_lines *user_lines_new(const struct kconfig *kc, const char *name);
void user_lines_free(struct user_lines *lines);

/* The reader's side: line gave sym a valid value / a value it refused. */
void user_lines_set(struct user_lines *lines, const struct symbol *sym, int line);
void user_lines_refuse(struct user_lines *lines, const struct symbol *sym,
		       int line, const char *text);

/* The line that gave sym its user value (line 0: none known). */
struct location user_lines_find(const struct user_lines *lines,
				const struct symbol *sym);
/* The inputs behind sym's value, from the sources file; NULL: none. */
const struct config_source *user_lines_source(const struct user_lines *lines,
					      const struct symbol *sym);
/* A refused line for sym after the last accepted one; NULL when none. */
const char *user_lines_refused(const struct user_lines *lines,
			       const struct symbol *sym, struct location *loc);

#endif
