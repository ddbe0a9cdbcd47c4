/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sources file of a merged .config (src/confio/config_sources.h)
 * from the merge's own record of lines: for each symbol the merged text
 * sets, the input line that set it (the last one, as conf reads it) and
 * the earlier lines a fragment replaced.
 */
#ifndef KBROWSE_MERGE_SOURCES_H
#define KBROWSE_MERGE_SOURCES_H

#include <stdbool.h>
#include <stddef.h>

#include "config_sources.h"
#include "merge_text.h"

struct merge_sources_target {
	const char *config;		/* the .config written */
	const char *text;		/* its bytes */
	size_t len;
	const char *srctree;		/* inputs inside it are named relative to it */
	/* Each input's file as it can be found now (absolute after a chdir). */
	const char *const *paths;
	/*
	 * The base's own sources file (it was a merged .config, as for
	 * `make FRAGMENT.config`), or NULL: a value the base kept from one of
	 * its inputs is recorded at that input's line.
	 */
	const struct config_sources *base_sources;
	const struct kconfig *kc;	/* the tree base_sources was read with */
	/* The names (with the prefix) whose requested value it lacks. */
	const char *const *lost;
	size_t nlost;
};

/*
 * Write config's sources file; inputs[0] is the base (the names the
 * merged text's lines point to).  0, or -1 with the
 * reason in err (and no sources file left to describe config wrongly).
 */
int merge_sources_write(const struct merge_text *t, const char *const *inputs,
			unsigned ninputs, const struct merge_sources_target *target,
			char *err, size_t errlen);

#endif
