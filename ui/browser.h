/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interactive browser: `kbrowse [OPTIONS] [KCONFIG]`.  The command
 * line opens the session; the browser shows it and edits its values.
 */
#ifndef KBROWSE_UI_BROWSER_H
#define KBROWSE_UI_BROWSER_H

#include <stdbool.h>
#include <stddef.h>

struct session;

struct browser_options {
	const char *prog;	/* for messages */
	bool teaching_tree;	/* the built-in tree stands in for a real one */
	/*
	 * --diff OTHER: the changes view opens first and lists how OTHER's
	 * configuration differs from the one loaded (NULL: no such file).
	 */
	const char *diff_name;
	const char *diff_text;
	size_t diff_len;
	/* Keys typed while the tree loaded, read meanwhile (startup_keys.h). */
	const char *typed_keys;
	size_t typed_len;
};

/*
 * Browse until the user quits.  Needs a terminal on stdin and stdout.
 * Returns the exit status (0, or 2 when the terminal cannot be used).
 */
int browser_run(struct session *s, const struct browser_options *opts);

#endif
