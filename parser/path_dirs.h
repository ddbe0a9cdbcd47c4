/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Finding a program on PATH as the shell does (the first directory with
 * an executable regular file of that name), for the $(shell,...) cache,
 * which asks for every word of every command.  Most words name no
 * program: trying each in every PATH directory was a dozen failed
 * access(2) calls a word.  Each directory is listed once instead (at the
 * first question) and only the directories whose listing has the name
 * are tried; a directory that cannot be listed is tried as before.
 */
#ifndef KBROWSE_PATH_DIRS_H
#define KBROWSE_PATH_DIRS_H

#include <limits.h>
#include <stdbool.h>

struct path_dirs;

/* For the value of PATH (copied); NULL: the shell's default. */
struct path_dirs *path_dirs_new(const char *path);
void path_dirs_free(struct path_dirs *dirs);

/*
 * The first PATH directory holding an executable regular file name (no
 * '/' in it): true with its path in found.  The listings are those of
 * the first question: a program installed meanwhile is not seen.
 */
bool path_dirs_find(struct path_dirs *dirs, const char *name,
		    char found[PATH_MAX]);

#endif
