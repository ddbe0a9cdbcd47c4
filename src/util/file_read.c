// SPDX-License-Identifier: GPL-2.0
/* Whole-file reads with a size limit (file_read.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_read.h"
#include "util.h"

/*
 * The whole file behind fd, with read(2): Kconfig trees are over a
 * thousand files, and a stdio stream per file (its buffer, its copy,
 * its lock) cost more than the reading.
 */
static char *read_fd(int fd, size_t max, size_t *len, int *err,
		     struct stat *st_out)
{
	struct stat st;
	size_t cap, n = 0;
	char *buf;

	if (fstat(fd, &st) != 0) {
		*err = errno;
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		*err = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
		return NULL;
	}
	if ((unsigned long long)st.st_size > max) {
		*err = EFBIG;
		return NULL;
	}
	if (st_out)
		*st_out = st;
	/* The size may change while we read: the loop checks the bytes it got. */
	cap = (size_t)st.st_size + 1;
	buf = xmalloc(cap + 1);
	for (;;) {
		ssize_t got = read(fd, buf + n, cap - n);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			*err = errno ? errno : EIO;
			free(buf);
			return NULL;
		}
		n += (size_t)got;
		if (got == 0)
			break;
		/*
		 * A read that stopped short at the size fstat() gave is at
		 * the end of a regular file: no second read to see 0 (a
		 * tree's thousand files, a thousand calls saved).
		 */
		if (n == (size_t)st.st_size)
			break;
		if (n < cap)
			continue;
		if (n > max) {
			*err = EFBIG;
			free(buf);
			return NULL;
		}
		cap *= 2;
		buf = xrealloc(buf, cap + 1);
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* Every caller hands over a stream just opened: nothing is buffered yet. */
char *file_read_stream(FILE *f, size_t max, size_t *len, int *err)
{
	return read_fd(fileno(f), max, len, err, NULL);
}


char *file_read_at(int dirfd, const char *path, size_t max, size_t *len,
		   int *err, struct stat *st)
{
	/* O_NONBLOCK: opening a FIFO must not wait for a writer. */
	int fd = openat(dirfd, path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	char *text;

	if (fd < 0) {
		*err = errno;
		return NULL;
	}
	text = read_fd(fd, max, len, err, st);
	close(fd);
	return text;
}

char *file_read(const char *path, size_t max, size_t *len, int *err)
{
	return file_read_at(AT_FDCWD, path, max, len, err, NULL);
}

FILE *file_open_regular(const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	FILE *f;
	int err;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) != 0)
		err = errno;
	else if (S_ISDIR(st.st_mode))
		err = EISDIR;
	else if (!S_ISREG(st.st_mode))
		err = EINVAL;
	else
		err = 0;
	if (err) {
		close(fd);
		errno = err;
		return NULL;
	}
	f = fdopen(fd, "r");
	if (!f) {
		err = errno;
		close(fd);
		errno = err;
	}
	return f;
}

const char *file_read_error(int err, size_t max, const char *what,
			    char *buf, size_t size)
{
	switch (err) {
	case EFBIG:
		snprintf(buf, size, "larger than %zu MB, the limit for %s",
			 max >> 20, what);
		break;
	case EINVAL:
		snprintf(buf, size, "not a regular file (only regular files "
			 "are read)");
		break;
	default:
		snprintf(buf, size, "%s", strerror(err));
		break;
	}
	return buf;
}
