/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which input set each value of a .config that was merged from several
 * files (a base and fragments, `kbrowse merge`; a KCONFIG_ALLCONFIG
 * file, `kbrowse conf`): the sources file beside it, NAME.sources for
 * the .config NAME.  After conf rewrites the merged text the .config's
 * own lines say only ".config:N"; this record says which fragment line
 * set the value and which earlier lines it replaced.
 *
 * The file is text, one record a line (kbrowse(1), THE SOURCES FILE):
 *
 *   # comment lines
 *   kbrowse-sources 1
 *   config SIZE FNV1A64        the .config it describes: its size in bytes
 *                              and the 64-bit FNV-1a hash of its bytes
 *                              (16 hex digits)
 *   input N NAME               input N (from 1), its name to the end of
 *                              the line
 *   set SYMBOL STATE N:L[ N:L...]<TAB>LINE
 *                              SYMBOL (no prefix) was set by line L of
 *                              input N, over the lines of the later pairs
 *                              (the values it replaced, latest first);
 *                              STATE is "kept" when the .config has the
 *                              value LINE asked for, "lost" when not;
 *                              LINE is that input line as written
 *
 * A sources file whose .config has changed since (another size or hash:
 * conf or an editor rewrote it) is ignored, as is one that does not
 * parse (with a warning).
 */
#ifndef KBROWSE_CONFIG_SOURCES_H
#define KBROWSE_CONFIG_SOURCES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "kconfig.h"

/* The input lines behind one symbol's user value. */
struct config_source {
	struct location set;		/* the line that set it (file NULL: none) */
	struct location *over;		/* the lines it replaced, latest first */
	unsigned nover;
	const char *request;		/* the line as written */
	bool kept;			/* the .config has the value it asked for */
};

struct config_sources {
	struct source_file *inputs;
	unsigned ninputs;
	size_t nsymbols;
	struct config_source *by_symbol;	/* by symbol index */
};

/* "NAME.sources" (heap). */
char *config_sources_name(const char *config_name);

/* The hash the record keeps of its .config (64-bit FNV-1a). */
uint64_t config_sources_hash(const char *text, size_t len);

/*
 * Read the sources file of the .config config_name whose text (as read)
 * is text: NULL when there is none, when it describes another text (it
 * is stale), or when it does not parse (a warning on warn, if not NULL:
 * "NAME:LINE: warning: ...").
 * Symbols the tree does not define are left out.  Relative names are
 * looked for as conf looks for the .config: as given, else under srctree.
 */
struct config_sources *config_sources_read(const struct kconfig *kc,
					   const char *config_name,
					   const char *text, size_t len,
					   const char *srctree, FILE *warn);
void config_sources_free(struct config_sources *sources);

/* sym's record, or NULL. */
const struct config_source *config_sources_find(const struct config_sources *sources,
						const struct symbol *sym);

/* --- writing (kbrowse merge, conf with KCONFIG_ALLCONFIG) ------------------ */

struct config_sources_line {
	unsigned input;			/* from 1 */
	int line;
};

struct config_sources_entry {
	const char *name;		/* without the prefix */
	bool kept;
	const char *request;		/* the input line as written */
	struct config_sources_line *lines;	/* the setter, then those it replaced */
	unsigned nlines;
};

/*
 * Write the sources file of config_name, the .config whose text is
 * config_text, through a temporary file renamed over it as .config is
 * written.  inputs name files from the current directory (absolute
 * after a chdir); they are recorded relative to srctree when inside it,
 * else relative to the .config's directory when inside that, else
 * absolute.  0, or -1 with the reason in err (and no sources file left).
 */
int config_sources_write(const char *config_name, const char *config_text,
			 size_t config_len, const char *const *inputs,
			 unsigned ninputs, const struct config_sources_entry *entries,
			 size_t nentries, const char *srctree, char *err,
			 size_t errlen);

/*
 * conf rewrote config_name (now new_text) from a .config whose text was
 * old_text: a sources file that described old_text describes new_text
 * from now on, each STATE compared again (the line conf wrote for the
 * symbol is the one asked for); any other is left alone (stale).  0, or
 * -1 with the reason in err (and no sources file left).
 */
int config_sources_carry(const char *config_name, const char *old_text,
			 size_t old_len, const char *new_text, size_t new_len,
			 const char *prefix, char *err, size_t errlen);

/*
 * config_name (config_text) was written from one input, a
 * KCONFIG_ALLCONFIG file: each symbol it sets, at its last line.  As
 * config_sources_write().
 */
int config_sources_write_input(const char *config_name, const char *config_text,
			       size_t config_len, const char *input,
			       const char *input_text, size_t input_len,
			       const char *prefix, const char *srctree, char *err,
			       size_t errlen);

/*
 * Remove a sources file that would describe config_name wrongly (a run
 * that writes .config from one input): missing is fine.
 */
void config_sources_remove(const char *config_name);

#endif
