/* SPDX-License-Identifier: GPL-2.0 */
/*
 * conf's modes and the sources file beside .config (config_sources.h):
 * a run that rewrites a merged .config keeps its record true, and one
 * with a KCONFIG_ALLCONFIG file records that file as where the values
 * it sets came from.
 */
#ifndef KBROWSE_CONF_SOURCES_H
#define KBROWSE_CONF_SOURCES_H

#include <stddef.h>

/*
 * Before conf writes config_name: its text (heap), when a sources file
 * is beside it; else NULL.
 */
char *conf_sources_before(const char *config_name, size_t *len);

struct conf_sources_run {
	const char *config;		/* the .config written */
	const char *allconfig;		/* the KCONFIG_ALLCONFIG file read, or NULL */
	const char *prefix;
	const char *srctree;
	const char *prog;		/* for warnings */
};

/*
 * After conf wrote it: the sources file describes the new text (the
 * allconfig file as its one input, else before's record carried over);
 * frees before.  A failure is a warning on stderr.
 */
void conf_sources_after(const struct conf_sources_run *run, char *before,
			size_t before_len);

#endif
