/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A tree's own copy of kconfig (scripts/kconfig, util/kconfig, ...), read
 * as text for what it does: which writer it has, which words its lexer
 * takes, whether a missing `source` stops it.  The dialect is chosen
 * from these marks (dialect.c), not from the project's version number.
 */
#ifndef KBROWSE_KCONFIG_COPY_H
#define KBROWSE_KCONFIG_COPY_H

#include <stdbool.h>

struct kconfig_copy {
	char dir[32];			/* "scripts/kconfig", in the tree */
	char writer[64];		/* its confdata.c, the evidence */
	bool has_writer;		/* confdata.c was read */
	/* The writer emits "# end of MENU" lines ... */
	bool end_of_lines;
	/* ... for every visible menu (6.1's end_check), not only on leaving children */
	bool end_of_every_menu;
	/* conf_write() writes symbols without testing SYMBOL_WRITE (BusyBox) */
	bool writes_every_symbol;
	/* "# LABEL: %s" version line of the 2.6 header, "" if none */
	char version_label[40];
	bool macro_language;		/* preprocess.c: 4.18's $(...) */
	/* The lexer's file-name words take '/' and '.' (`source a/b.in`) */
	bool slash_dot_words;
	/* The lexer says "can't open file" and does not stop there */
	bool missing_source_skipped;
	/* Choices are symbols of their own (SYMBOL_CHOICEVAL, before 6.11) */
	bool legacy_choices;
	/* The copy's Makefile gives conf Config.in, not Kconfig */
	bool top_config_in;
};

/*
 * Look for a copy of kconfig in the tree at srctree (NULL: the current
 * directory) and read its marks.  False when the tree carries none.
 */
bool kconfig_copy_scan(const char *srctree, struct kconfig_copy *copy);

#endif
