/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Between the parser (parser.c) and file loading (kconfig.c): a `source`
 * statement hands the name to kconfig_source(), which finds and reads
 * the file(s) and has the parser go on in them, inside the block the
 * statement was written in.  Not for use outside parser/.
 */
#ifndef KBROWSE_PARSER_H
#define KBROWSE_PARSER_H

#include <stddef.h>
#include "location.h"

struct kconfig;
struct menu_node;
struct parser;

enum source_kind {
	SOURCE_PLAIN,		/* source: a missing file is an error */
	SOURCE_OPTIONAL,	/* osource: a missing file is fine */
	SOURCE_RELATIVE,	/* rsource: relative to the current file's dir */
	SOURCE_OPTIONAL_RELATIVE, /* orsource */
};

/*
 * Parse text[0..len) (followed by a NUL byte) as the contents of file.
 * p is the parser of the file that sources it, or NULL for a top file;
 * its statements go into parent (kc->root for a top file).
 */
void parser_parse(struct kconfig *kc, struct parser *p,
		  struct menu_node *parent, const struct source_file *file,
		  const char *text, size_t len);

/*
 * Find, read and parse the file(s) a source statement names (glob
 * patterns allowed).  from: the file and line of the statement (file
 * NULL for the top file).
 */
void kconfig_source(struct kconfig *kc, struct parser *p,
		    struct menu_node *parent, const char *name,
		    enum source_kind kind, struct location from);

#endif
