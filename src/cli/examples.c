// SPDX-License-Identifier: GPL-2.0
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
