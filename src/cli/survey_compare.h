/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `kbrowse survey --from-tree OLD_TREE` in a worker (survey_compare.c):
 * the old tree loaded beside this one, and each configuration evaluated
 * in both and compared by symbol name, as `diff --from-tree` compares.
 */
#ifndef KBROWSE_SURVEY_COMPARE_H
#define KBROWSE_SURVEY_COMPARE_H

#include <jansson.h>

#include "config.h"
#include "config_io.h"
#include "session.h"
#include "survey.h"

/* The old side of one architecture's worker. */
struct survey_compare {
	struct session *old;		/* the old tree, for this ARCH */
	struct config *old_cfg;	/* its configuration, reset between files */
	struct config_io_options old_io;
};

/*
 * Load the old tree for the ARCH the worker's environment names, with the
 * variables that name that tree (kernel_env_enter()) while it is parsed,
 * from its own top directory.  False, with a message on stderr, when it
 * cannot be read or has errors.
 */
bool survey_compare_open(struct survey_compare *c, const struct survey_request *rq,
			 const char *arch);
void survey_compare_close(struct survey_compare *c);

/*
 * The defconfig at path (relative to the new tree, srctree) evaluated by
 * `conf --defconfig` in the old tree too, and the two configurations
 * compared by symbol name: the root changes, one JSON object each (see
 * survey_compare.c), appended to roots; *nchanged the values that differ.
 * NULL, or why the old side could not be evaluated.
 */
const char *survey_compare_config(struct survey_compare *c, struct config *new_cfg,
				  const struct config_io_options *new_io,
				  const char *srctree, const char *path,
				  json_t *roots, unsigned *nchanged);

#endif
