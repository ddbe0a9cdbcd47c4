/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Help texts read after the parse.  A tree loaded with defer_help holds
 * none (the parse passed over them, as with skip_help); each entry that
 * has one keeps where it starts (help_loc's file, help_offset), and
 * these read them from the files again, from the same bytes the parse
 * read or not at all.
 */
#ifndef KBROWSE_HELP_TEXT_H
#define KBROWSE_HELP_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "kconfig.h"
#include "menu.h"

/* The slow half of kconfig_node_help(): the text read from its file. */
const char *kconfig_node_help_read(struct kconfig *kc,
				   const struct menu_node *node);

/* Is node's help text in its file, not read yet? */
static inline bool kconfig_node_help_deferred(const struct kconfig *kc,
					      const struct menu_node *node)
{
	return kc->opts.defer_help && !node->help && node->help_loc.file;
}

/*
 * node->help, read first when the tree deferred it: NULL when the entry
 * has none, or its file cannot be read again as the parse read it.  The
 * text read is kept in node->help, as if the parse had kept it: the
 * tree does not change, so a const node may be asked.  Inline: explain
 * --all asks every entry.
 */
static inline const char *kconfig_node_help(struct kconfig *kc,
					    const struct menu_node *node)
{
	if (!kconfig_node_help_deferred(kc, node))
		return node->help;
	return kconfig_node_help_read(kc, node);
}

/*
 * Every deferred help text, each file read once.  Returns how many files
 * could not be read again as the parse read them (their entries keep
 * no text).
 */
size_t kconfig_read_helps(struct kconfig *kc);

#endif
