/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which directories exist under the current directory, as far as a tree's
 * load has asked.  A relative Kconfig name is tried in the current
 * directory (the object directory) before srctree; in a build directory
 * that holds none of the tree's directories, each such try is a failed
 * open(2).  When a leading directory of the name is missing, the open
 * cannot succeed (it would fail with ENOENT), so it is skipped: one
 * stat(2) per directory name instead of one open per file.  A file the
 * current directory does have is still found first.
 */
#ifndef KBROWSE_LOCAL_DIRS_H
#define KBROWSE_LOCAL_DIRS_H

#include <stdbool.h>

struct local_dirs;

struct local_dirs *local_dirs_new(void);
void local_dirs_free(struct local_dirs *dirs);

/*
 * False when opening the relative name would fail with ENOENT because one
 * of its leading directories does not exist; true otherwise (the open may
 * still fail).  Answers are remembered for the life of dirs: the current
 * directory must not change meanwhile.
 */
bool local_dirs_may_hold(struct local_dirs *dirs, const char *name);

#endif
