/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Replacing a file whole, safely even in a directory that others can
 * write to: the new contents go to a temporary file created beside the
 * target with an unpredictable name and O_EXCL (mkstemp: a link planted
 * at any name is never followed, and no one can guess the name to plant
 * one), which gets its mode, is flushed to disk when asked, and is then
 * renamed over the target.  On any error the temporary file is removed
 * and the target is left as it was.  Every file kbrowse writes goes this
 * way: .config, auto.conf and its companions, the shell cache's entries,
 * the browser's state.  Knows nothing of Kconfig.
 */
#ifndef KBROWSE_FILE_REPLACE_H
#define KBROWSE_FILE_REPLACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The new file's permissions. */
enum file_replace_mode {
	FILE_REPLACE_NEW,	/* 0666 less the umask, as fopen() gives */
	FILE_REPLACE_KEEP,	/* the target's, if it exists; else as NEW */
	FILE_REPLACE_PRIVATE,	/* 0600 */
};

struct file_replace {
	const char *target;	/* the caller's: kept while r is used */
	char *temp;		/* the temporary file, while it exists */
	FILE *out;		/* writes to it; NULL once closed */
	int fd;			/* its descriptor, under out */
	unsigned perms;		/* the mode it gets, from enum file_replace_mode */
	bool sync;		/* fsync() before the rename */
	/* The first failure: what was being done, and errno. */
	const char *step;
	int error;
};

/*
 * Start replacing target: the stream to write the new contents to, or
 * NULL (r says why: file_replace_error(); nothing to free).  r must stay
 * where it is until the end: the stream records its errors there.  sync: the contents reach the
 * disk before the rename, so that a crash leaves the old file or the new
 * one, never an empty one.
 */
FILE *file_replace_open(struct file_replace *r, const char *target,
			enum file_replace_mode mode, bool sync);

/*
 * Everything but the rename: flush, set the mode, fsync, close.  For a
 * caller with something to do in between (keeping a backup of the old
 * file).  0, or -1 with the temporary file removed.
 */
int file_replace_close(struct file_replace *r);

/*
 * Close (if not yet) and rename over the target.  0, or -1 as above.
 * Either way nothing is left to free, and r still names the failure.
 */
int file_replace_commit(struct file_replace *r);

/* Give up: the temporary file is removed, the target untouched. */
void file_replace_abort(struct file_replace *r);

/*
 * "TARGET: cannot STEP: REASON" for the failure r records, in buf.
 * Returns buf.
 */
const char *file_replace_error(const struct file_replace *r, char *buf,
			       size_t size);

/*
 * All of it at once: target gets data[0..len).  0, or -1 with the
 * message in err (when not NULL).
 */
int file_replace_bytes(const char *target, const void *data, size_t len,
		       enum file_replace_mode mode, bool sync, char *err,
		       size_t errlen);

/*
 * Remove the temporary files that writers of target killed mid-write
 * left beside it (SIGKILL, a power cut): ours by their name and owner,
 * over a minute old, and locked by no live writer.
 */
void file_replace_remove_stale(const char *target);

#endif
