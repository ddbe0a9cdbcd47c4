/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a piece of Kconfig text came from: the file, the line and column
 * in it, and the chain of `source` statements that brought the file in.
 */
#ifndef KBROWSE_LOCATION_H
#define KBROWSE_LOCATION_H

#include <stddef.h>

struct source_file {
	/* Path as the kernel prints it: relative to srctree when inside it. */
	const char *name;
	/* The file whose `source` statement included this one; NULL for the top. */
	const struct source_file *parent;
	int parent_line;
	/*
	 * The bytes as read: their count, and the file's modification time
	 * (0 for text not read from disk, -1 for text handed over in memory,
	 * which cannot be read again), so that a help text
	 * read later (help_text.h) is read from the same bytes.
	 */
	size_t size;
	long long mtime_ns;
};

struct location {
	const struct source_file *file;
	int line;		/* 1-based; 0 when unknown */
	int column;		/* 1-based; 0 when the whole line is meant */
};

static inline const char *location_file(struct location loc)
{
	return loc.file ? loc.file->name : "<command line>";
}

#endif
