/* SPDX-License-Identifier: GPL-2.0 */
/* The teaching tree (examples/), compiled into the binary. */
#ifndef KBROWSE_EXAMPLES_H
#define KBROWSE_EXAMPLES_H

#include <stddef.h>

struct example_file {
	const char *name;	/* relative to examples/ */
	const char *text;
	size_t len;
};

extern const struct example_file example_files[];

/* Lookup for kconfig_options.builtin_file. */
const char *example_file_text(const char *name, size_t *len);

/*
 * Write the teaching tree as files under dir (made if missing); files
 * already there are left alone and reported.  An exit status.
 */
int examples_write(const char *dir, const char *prog);

#endif
