/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a piece of Kconfig text came from: the file, the line and column
 * in it, and the chain of `source` statements that brought the file in.
 */
#ifndef KBROWSE_LOCATION_H
#define KBROWSE_LOCATION_H

struct source_file {
	/* Path as the kernel prints it: relative to srctree when inside it. */
	const char *name;
	/* The file whose `source` statement included this one; NULL for the top. */
	const struct source_file *parent;
	int parent_line;
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
