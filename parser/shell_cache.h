/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A cache of $(shell,...) results across runs.
 *
 * The kernel's Kconfig files run about a hundred compiler probes at every
 * start; their answers change only when the command, the directory, the
 * environment or the programs involved change, so those make the key:
 * the expanded command text, the working directory, the environment the
 * command sees, and the identity (resolved path, size, mtime) of every
 * program or file the command names (such as $(CC)).  Entries live in
 * $XDG_CACHE_HOME/kbrowse (default ~/.cache/kbrowse), one file per key.
 * A corrupt or unwritable cache is ignored with a warning, never fatal.
 */
#ifndef KBROWSE_SHELL_CACHE_H
#define KBROWSE_SHELL_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include "diag.h"

struct shell_cache;

/*
 * NULL when caching is off: KBROWSE_NO_CACHE=1 in the environment, or
 * disabled by the caller (--no-cache).  dir NULL: the default place.
 */
struct shell_cache *shell_cache_open(const char *dir, struct diag_list *diags);
void shell_cache_close(struct shell_cache *cache);

/* What a command printed. */
struct shell_result {
	char *out;		/* stdout, malloc'd */
	size_t out_len;
	char *err;		/* stderr, malloc'd, replayed on a hit */
	size_t err_len;
};

/* Look up cmd run in cwd; on a hit fill result (caller frees). */
bool shell_cache_get(struct shell_cache *cache, const char *cmd,
		     const char *cwd, struct shell_result *result);
void shell_cache_put(struct shell_cache *cache, const char *cmd,
		     const char *cwd, const struct shell_result *result);

/* Statistics, for --verbose and tests. */
struct shell_cache_stats {
	unsigned hits, misses, stores;
};
struct shell_cache_stats shell_cache_stats(const struct shell_cache *cache);

/* The full key text for cmd in cwd (malloc'd), for tests. */
char *shell_cache_key(struct shell_cache *cache, const char *cmd,
		      const char *cwd);

#endif
