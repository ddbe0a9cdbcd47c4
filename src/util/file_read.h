/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading a whole input file into memory.  Only regular files are read,
 * and only up to a size limit, so that a name like /dev/zero or a FIFO
 * gives a clear error instead of filling the memory or blocking.
 */
#ifndef KBROWSE_FILE_READ_H
#define KBROWSE_FILE_READ_H

#include <stdio.h>
#include <stddef.h>

/* Far above any real .config (Linux allyesconfig: ~300 KB). */
#define FILE_READ_MAX	(64UL << 20)

/*
 * Read a stream just opened (nothing read from it yet) to its end: the
 * bytes (heap, NUL-terminated) and their count in *len.  NULL with *err
 * set (an errno value, EFBIG past max, EINVAL for something that is not
 * a regular file).
 */
char *file_read_stream(FILE *f, size_t max, size_t *len, int *err);
/* The same for a path. */
char *file_read(const char *path, size_t max, size_t *len, int *err);
/*
 * The same for a path relative to the directory dirfd (openat(2);
 * AT_FDCWD: as file_read()), with the file's status as read in *st
 * (fstat(2) of the open file) when st is not NULL: with the length, the
 * stamps that say whether a later read of the path would give the same
 * bytes.
 */
struct stat;
char *file_read_at(int dirfd, const char *path, size_t max, size_t *len,
		   int *err, struct stat *st);

/*
 * Open a regular file for reading without blocking on a FIFO: NULL with
 * errno set (EISDIR, EINVAL for anything that is not a regular file).
 */
FILE *file_open_regular(const char *path);

/*
 * Why file_read() failed, in words: strerror(), except for what the
 * checks above refuse ("larger than 16 MB, the limit for what"; "not a
 * regular file").  The text is in buf, which is returned.
 */
const char *file_read_error(int err, size_t max, const char *what,
			    char *buf, size_t size);

#endif
