// SPDX-License-Identifier: GPL-2.0
/*
 * The teaching tree compiled into the binary (examples_data.c, made by
 * build-aux/embed-files.sh from examples/): what kbrowse opens when no
 * tree is given, served to the loader as if read from disk.
 */
#include <string.h>

#include "examples.h"

const char *example_file_text(const char *name, size_t *len)
{
	if (strncmp(name, "./", 2) == 0)
		name += 2;
	for (const struct example_file *f = example_files; f->name; f++) {
		if (strcmp(f->name, name) == 0) {
			*len = f->len;
			return f->text;
		}
	}
	return NULL;
}
