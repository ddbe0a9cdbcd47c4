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
 *  - every plain word that names a file in the directory the command
 *    runs in (cat version.txt, test -e flag): its identity when it is
 *    there; a file that appears or goes changes the key as well.
 *
 * What may be cached, then (the rule): a command whose output depends
 * only on what the key holds -- the programs and scripts it names, the
 * files it names by path or by a word, and the environment above.  The
 * kernel's probes are such commands: compiler, assembler and linker
 * probes ($(CC) -Werror -x c /dev/null ..., scripts/cc-version.sh $(CC),
 * echo ... | $(CC) -x c -, $(NM) --help | head -n 1 | grep -qi llvm,
 * test "$(cc-name)" = GCC).  Never cached (shell_cache_get() misses and
 * shell_cache_put() stores nothing, counted in stats.refused):
 *
 *  - a command that reads the clock or chance: date, uptime, $RANDOM,
 *    $SRANDOM, $SECONDS, $EPOCHSECONDS, $EPOCHREALTIME, /dev/random,
 *    /dev/urandom; or a script it runs whose text names one of these;
 *  - one that lists directories or a repository's state: ls, find, du,
 *    git, hg, svn, or a glob outside quotes (*, ?, [...]);
 *  - a result that was cut short (more than 1 MiB of stderr, stdout past
 *    the kernel's 4096 bytes), skipped or timed out (parser/shell.c).
 *
 * What a program reads without the command naming it (a configuration
 * file of its own, as rustup's default toolchain; a data file a tree's
 * script reads by a fixed name) is not seen: --no-cache then.
 *
 * Entries live in $XDG_CACHE_HOME/kbrowse (default ~/.cache/kbrowse),
 * mode 0700 (made so if it was wider; not used at all when it is not a
 * directory of the user's own), one file per key, mode 0600, written
 * aside and renamed.  An entry is used only when it is a regular file
 * (no link followed) owned by the user, writable by no one else, of at
 * most 2 MB, and its checksum (a 128-bit digest of key, stdout and
 * stderr, in its header) matches; else it is a miss with a warning.  A
 * hit refreshes the entry's mtime; a run that stored something then
 * removes the least recently used entries beyond 4000 entries or 24 MB.
 * A corrupt or unwritable cache is ignored with a warning, never fatal.
 */
#ifndef KBROWSE_SHELL_CACHE_H
#define KBROWSE_SHELL_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include "diag.h"

struct shell_cache;

/*
 * The cache kept in dir (created if missing; read-only with a warning
 * when it cannot be).  Whether to cache and where is the front-end's
 * choice (src/cli: --no-cache, $KBROWSE_NO_CACHE, $XDG_CACHE_HOME).
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
/*
 * The same without counting it in the statistics: a guess (the
 * speculative pass of parser/shell_pool.h) is no use.
 */
bool shell_cache_peek(struct shell_cache *cache, const char *cmd,
		      const char *cwd, struct shell_result *result);
void shell_cache_put(struct shell_cache *cache, const char *cmd,
		     const char *cwd, const struct shell_result *result);

/* Statistics, for --verbose and tests. */
struct shell_cache_stats {
	unsigned hits, misses, stores;
	unsigned refused;	/* lookups of commands that are not cacheable */
	unsigned evicted;	/* entries removed to keep the bounds */
};
struct shell_cache_stats shell_cache_stats(const struct shell_cache *cache);

#endif
