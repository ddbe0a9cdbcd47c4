/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where each user value came from: the line of .config that gave it.
 *
 * The .config reader (config_io.h) turns lines into user values and
 * keeps no line numbers; explanations need them ("set at .config:12").
 * This is a separate, read-only pass over the same text with the same
 * rules as the kernel's conf_read_simple(): the last line that assigns
 * a symbol a valid value is the one that counts, and a line whose value
 * is refused is remembered too, so an explanation can say why it was
 * ignored.
 */
#ifndef KBROWSE_USER_LINES_H
#define KBROWSE_USER_LINES_H

#include <stddef.h>
#include "kconfig.h"

struct user_lines {
	struct source_file file;	/* the .config, for struct location */
	size_t nsymbols;
	int *line;			/* by symbol index: last valid assignment, 0 none */
	int *refused_line;		/* by symbol index: last refused one after it */
	char **refused_text;		/* its value as written (heap) */
};

/*
 * Scan .config text.  prefix is "CONFIG_" unless $CONFIG_ says otherwise;
 * name is what locations print (".config").
 */
struct user_lines *user_lines_scan(const struct kconfig *kc, const char *name,
				   const char *text, size_t len,
				   const char *prefix);
void user_lines_free(struct user_lines *lines);

/* The line that gave sym its user value (line 0: none known). */
struct location user_lines_find(const struct user_lines *lines,
				const struct symbol *sym);
/* A refused line for sym after the last accepted one; NULL when none. */
const char *user_lines_refused(const struct user_lines *lines,
			       const struct symbol *sym, struct location *loc);

#endif
