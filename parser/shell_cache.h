/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A cache of $(shell,...) results across runs.
 *
 * The kernel's Kconfig files run about a hundred compiler probes at every
 * start.  A probe's answer can change only with what it runs and what
 * those programs read, so that makes the key, and nothing else does (a
 * new terminal, DISPLAY, SSH_AUTH_SOCK, NO_COLOR, KCONFIG_CONFIG keep it):
 *
 *  - the expanded command text and the directory it runs in;
 *  - the identity (resolved path, size, mtime, inode, device, ctime) of
 *    every file or program on PATH the command names, such as $(CC) or
 *    $(srctree)/scripts/cc-version.sh, and of ${CROSS_COMPILE}as and
 *    ${CROSS_COMPILE}ld, which a compiler runs without being told;
 *  - always: PATH, the locale (LANG, LANGUAGE, LC_*), the shell's start-up
 *    variables, the kernel's toolchain variables (CC, LD, CROSS_COMPILE,
 *    LLVM, ARCH, RUSTC ...), every *FLAGS but make's, and what compilers,
 *    the loader, ccache, pkg-config and rustup read (shell_cache.c has the
 *    list, keyed_env);
 *  - every variable the command names: $NAME, ${NAME...}, or NAME as a
 *    word of its own (a name handed to a script);
 *  - for a script the command runs: the variables it names as $NAME or
 *    ${NAME}, and the identity of the scripts beside it that it names;
 *  - for a command that runs make or printenv, which read every
 *    variable: the whole environment but the terminal and login ones.
 *
 * What a program reads some other way (a configuration file of its own,
 * as rustup's default toolchain) is not seen: --no-cache then.  Entries
 * live in $XDG_CACHE_HOME/kbrowse (default ~/.cache/kbrowse), one file
 * per key.  A corrupt or unwritable cache is ignored with a warning,
 * never fatal.
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
