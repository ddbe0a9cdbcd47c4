/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Kconfig files of the last load, kept in one file of the cache.
 *
 * Opening, reading and closing each of the ~1,600 files of a Linux tree
 * costs more of a warm start than parsing them.  The bundle keeps their
 * bytes in one file (read whole, in one call) with each file's stamp: its
 * device, inode, size, modification and change times.  A later load
 * takes a file's bytes from the bundle only when fstatat(2) of the same
 * name (on a thread of its own, ahead of the parse) gives the same
 * stamp, as make and git trust a file they saw; a file changed within
 * two seconds of being read is not kept (its stamp could stay the same
 * through a second change: git's "racy" files).
 * The change time cannot be set by a user, so a restored modification
 * time does not fool it.
 *
 * A bundle is only a cache: one that is missing, unreadable, not ours,
 * damaged or truncated is ignored, and the next whole load writes it
 * again.
 */
#ifndef KBROWSE_TEXT_BUNDLE_H
#define KBROWSE_TEXT_BUNDLE_H

#include <stdbool.h>
#include <stddef.h>

struct stat;

/* Where a name was opened from. */
enum text_place {
	TEXT_CWD,		/* as written: the current directory, or absolute */
	TEXT_SRCTREE,		/* under srctree */
};

/* What says a file is the one read before. */
struct text_stamp {
	unsigned long long dev, ino;
	long long size, mtime_ns, ctime_ns;
	/* When it was taken: a file changed shortly before is not kept. */
	long long taken_ns;
};

/* The stamp of st, taken now (right after the stat or the read). */
void text_stamp_of(const struct stat *st, struct text_stamp *stamp);

struct text_bundle;

/*
 * The bundle at path, read; NULL when there is none or it cannot be
 * used (in any way malformed, not a regular file of ours alone).
 */
struct text_bundle *text_bundle_open(const char *path);
void text_bundle_close(struct text_bundle *bundle);

/*
 * Start checking the kept files' stamps on a thread of its own, in the
 * order the last load read them, each from the directory of its place
 * (dirfd[TEXT_CWD], dirfd[TEXT_SRCTREE]; -1: none), so that the parse
 * finds them checked.  Without it (or when no thread can be started),
 * text_bundle_read() checks each file itself.  Stopped by the close.
 */
void text_bundle_check_ahead(struct text_bundle *bundle,
			     const int dirfd[TEXT_SRCTREE + 1]);

/*
 * The bytes kept of name, opened from dirfd (which is place), if its
 * stamp is still the one kept: NUL-terminated, valid until the bundle
 * is closed, and stamp the file's.  Else NULL.
 */
const char *text_bundle_read(const struct text_bundle *bundle, int dirfd,
			     enum text_place place, const char *name,
			     struct text_stamp *stamp, size_t *len);

/* The files a load reads, for the bundle the next load will use. */
struct text_list;

struct text_list *text_list_new(void);
/*
 * A file read (name is copied): its bytes are the list's from now on
 * when owned (freed with it), else borrowed (the open bundle's, which
 * must outlive the list).  read_from_disk: not found in the bundle.
 */
void text_list_add(struct text_list *list, enum text_place place,
		   const char *name, const struct text_stamp *stamp,
		   char *data, size_t len, bool owned, bool read_from_disk);
/* Whether a file was read from disk: the bundle is then out of date. */
bool text_list_missed(const struct text_list *list);
/*
 * Write the bundle at path (replacing it whole) with every file listed
 * but those changed in the two seconds before their stamp was taken
 * (none left: nothing is written), and remove the oldest bundles beside it beyond a few.  0,
 * or -1 with errno set.
 */
int text_list_write(const struct text_list *list, const char *path);
void text_list_free(struct text_list *list);

/*
 * The bundle's file name in dir for this load (malloc'd): one per
 * current directory, srctree, top file and architecture, so that builds
 * for several architectures keep a bundle each.
 */
char *text_bundle_path(const char *dir, const char *srctree, const char *top);

#endif
