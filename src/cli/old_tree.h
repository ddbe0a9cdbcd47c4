#ifndef KBROWSE_OLD_TREE_H
#define KBROWSE_OLD_TREE_H

#include "session.h"

/*
 * An older tree (dir: absolute) loaded beside the current one, for the
 * --from-tree of diff, merge and survey: the tree only, no .config,
 * with the variables that name it (srctree, KERNELVERSION...) and its
 * own dialect; the rest of its options are base's.  NULL with errno set
 * when dir cannot be entered (*errors 0), or after *errors errors in it.
 */
struct session *old_tree_open(const struct kconfig_options *base, const char *dir,
			      int *errors);

#endif
