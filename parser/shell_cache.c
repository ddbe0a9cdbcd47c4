// SPDX-License-Identifier: GPL-2.0
/*
 * $(shell,...) results kept across runs; see shell_cache.h for the key.
 *
 * An entry file holds a header line, a line of three lengths and the
 * checksum of what follows (digest128), then the
 * key, stdout and stderr bytes.  The key is stored whole and compared on
 * every hit, so a hash collision can only cost a miss.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "arena.h"
#include "file_replace.h"
#include "path_dirs.h"
#include "shell_cache.h"
#include "util.h"

#define CACHE_MAGIC "kbrowse shell cache 3\n"

/*
 * The cache's bounds: beyond them, the entries used longest ago go.  A
 * survey of every architecture of Linux runs about 2,000 distinct
 * probes (each architecture's flags make its own): the bounds hold them
 * and what the browser keeps besides, so that a second survey finds them.
 */
#define CACHE_MAX_ENTRIES	4000
#define CACHE_MAX_BYTES		(24L << 20)
/* No entry is bigger: a key, 4 KB of stdout, 1 MB of stderr. */
#define ENTRY_MAX_BYTES		(2L << 20)
/* Eviction's clock: a use this close to the last is not written down. */
#define ENTRY_RECENT_SECONDS	600

extern char **environ;

/*
 * A file a command names: by a path, or as a program found on PATH.  Its
 * key fields are worked out once per run: the file's identity, and for a
 * script, the identities of the scripts beside it that it runs and the
 * names of the variables it reads.
 */
struct fields {
	char *data;		/* NUL-ended strings, one after another */
	size_t len;
};

struct file_info {
	char *name;		/* the path as joined with cwd, or the program */
	unsigned long hash;	/* hash_bytes() of name */
	size_t next;		/* 1 + the next entry in its bucket, or 0 */
	struct fields fields;	/* what it adds to a key: identities */
	struct fields vars;	/* the variables it reads, by name */
	bool whole_env;		/* a program that reads every variable */
	bool unsafe;		/* a script that reads the clock (not_cacheable) */
};

#define FILE_BUCKETS 256	/* a few hundred words per tree: short chains */

/*
 * What one word of a command adds to a key, in a given directory: the
 * same for every command of a run that holds the word (the files' fields
 * and the environment are read once per run), so it is worked out once.
 * The kernel's probes repeat most of their words ({ trap "rm -rf ...";
 * mkdir ...; gcc -Werror FLAG -c -x c /dev/null ... } && echo y ...).
 */
struct word_fields {
	char *word;		/* the word's bytes, NUL-ended */
	size_t len;
	char *cwd;		/* the directory: a copy, compared by text */
	unsigned long hash;	/* hash_bytes() of word */
	size_t next;		/* 1 + the next entry in its bucket, or 0 */
	char *bytes;		/* what it adds to the key */
	size_t nbytes;
	bool refuses;		/* it makes its command uncacheable */
};

#define WORD_BUCKETS 256

/* One variable of the environment, as the run started. */
struct env_var {
	char *entry;		/* "NAME=value" */
	size_t name_len;
	unsigned long hash;	/* hash_bytes() of NAME */
};

struct shell_cache {
	char *dir;
	struct diag_list *diags;
	bool warned;		/* one warning per run is enough */
	bool readonly;
	struct file_info *files;
	size_t nfiles, files_cap;
	size_t file_buckets[FILE_BUCKETS];	/* 1 + first entry, or 0 */
	struct word_fields *words;
	size_t nwords, words_cap;
	size_t word_buckets[WORD_BUCKETS];	/* 1 + first entry, or 0 */
	struct env_var *env;
	size_t nenv;
	size_t *env_slots;	/* open addressing: 1 + index into env, or 0 */
	size_t env_mask;
	/*
	 * The part of every key that does not depend on the command: a
	 * 128-bit digest of the variables every command may depend on
	 * (toolchain, locale, PATH: see keyed_env) and of the assembler and
	 * linker a compiler runs without naming them.
	 */
	char env_digest[40];
	/* Of the whole environment, for programs such as make; lazily. */
	char whole_digest[40];
	struct shell_cache_stats stats;
	bool refused;		/* the last command looked at was not cacheable */
	uid_t euid;		/* ours: the owner every entry must have */
	struct path_dirs *path_dirs;	/* PATH, listed at the first search */
	/*
	 * The current directory, for commands given none: read once, since a
	 * cache serves one read of a tree, during which kbrowse stays put.
	 */
	char *cwd;
};

/*
 * Variables in every key, whether the command names them or not: what
 * decides which programs run and how they behave without the command
 * saying so.  PATH and the shell's own start-up variables; the locale
 * (messages, and the decimal point in version strings); the kernel's
 * toolchain variables, which its scripts read from the environment
 * (scripts/rust_is_available.sh reads RUSTC, BINDGEN, CC); what GCC,
 * Clang, the dynamic loader, ccache, distcc, pkg-config and rustup read.
 * Anything else (DISPLAY, SSH_AUTH_SOCK, XDG_*, NO_COLOR, KCONFIG_CONFIG,
 * the terminal) counts only for a command that names it: see
 * add_command_fields().
 */
static const char *const keyed_env[] = {
	"PATH", "HOME", "TMPDIR", "TZ", "SHELL", "ENV", "BASH_ENV", "IFS",
	"CDPATH", "POSIXLY_CORRECT", "LANG", "LANGUAGE", "NLSPATH", "LOCPATH",
	"GCONV_PATH",
	"srctree", "objtree", "ARCH", "SRCARCH", "SUBARCH", "HEADER_ARCH",
	"CROSS_COMPILE", "LLVM", "CC", "CXX", "CPP", "AS", "LD", "AR", "NM",
	"OBJCOPY", "OBJDUMP", "READELF", "STRIP", "RANLIB", "HOSTCC", "HOSTCXX",
	"HOSTLD", "HOSTAR", "HOSTRUSTC", "HOSTPKG_CONFIG", "CC_VERSION_TEXT",
	"RUSTC", "RUSTDOC", "RUSTFMT", "BINDGEN", "RUST_LIB_SRC",
	"CLIPPY_DRIVER", "PAHOLE", "PYTHON3", "PERL", "PKG_CONFIG",
	"CONFIG_SHELL", "LEX", "YACC", "AWK", "SOURCE_DATE_EPOCH",
	"COMPILER_PATH", "LIBRARY_PATH", "CPATH", "C_INCLUDE_PATH",
	"CPLUS_INCLUDE_PATH", "OBJC_INCLUDE_PATH", "DEPENDENCIES_OUTPUT",
	"SUNPRO_DEPENDENCIES",
	NULL
};

/* Whole families: LC_ALL, LC_CTYPE ...; GCC_EXEC_PREFIX ...; LD_PRELOAD ... */
static const char *const keyed_env_prefixes[] = {
	"LC_", "LD_", "GCC_", "CLANG_", "CCC_", "LLVM_", "CCACHE_", "DISTCC_",
	"PKG_CONFIG_", "RUSTC_", "RUSTUP_", "CARGO_", "KBUILD_",
	NULL
};

/*
 * Left out of the whole-environment digest (make and the like): what a
 * shell changes on its own, what describes the terminal or the login (a
 * probe's output is captured, never shown on a terminal), and kbrowse's
 * own switches.
 */
static const char *const volatile_env[] = {
	"_", "OLDPWD", "PWD", "SHLVL",
	"TERM", "COLORTERM", "COLUMNS", "LINES", "LS_COLORS", "WINDOWID",
	"TERM_PROGRAM", "TERM_PROGRAM_VERSION", "TERM_SESSION_ID", "VTE_VERSION",
	"TMUX", "TMUX_PANE", "STY", "SSH_TTY", "SSH_CLIENT", "SSH_CONNECTION",
	"SSH_AUTH_SOCK", "DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY",
	"DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "XDG_SESSION_ID",
	"KBROWSE_TIMING", "KBROWSE_EXIT_AFTER_FIRST_SCREEN",
	NULL
};

/*
 * Programs that read every variable of the environment: make turns each
 * into a make variable, printenv prints them.  A command that runs one
 * is keyed on the whole environment (less volatile_env).
 */
static const char *const whole_env_programs[] = {
	"make", "gmake", "printenv", NULL
};

/*
 * Words that make a command uncacheable (shell_cache.h): what reads the
 * clock or chance, or lists what a directory holds, or the state of a
 * repository; in a command, or in the text of a script it runs.
 */
static const char *const uncacheable_words[] = {
	"date", "uptime", "RANDOM", "SRANDOM", "SECONDS", "EPOCHSECONDS",
	"EPOCHREALTIME", "/dev/random", "/dev/urandom", "ls", "find", "du",
	"git", "hg", "svn", NULL
};

/*
 * The first bytes of uncacheable_words (keep the two together): most
 * words of a command start with none of them and are let through with
 * one load, not a walk of the list (a few thousand words per tree).
 */
static const unsigned char uncacheable_first[256] = {
	['d'] = 1, ['u'] = 1, ['R'] = 1, ['S'] = 1, ['E'] = 1, ['/'] = 1,
	['l'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['s'] = 1,
};

/* Scripts are read for the variables they name up to this size. */
#define SCRIPT_MAX (1024 * 1024)

/* --- growable byte buffer -------------------------------------------- */

struct buf {
	char *data;
	size_t len, cap;
};

static void buf_add(struct buf *b, const char *s, size_t len)
{
	if (b->len + len + 1 > b->cap) {
		b->cap = (b->len + len + 1) * 2;
		b->data = xrealloc(b->data, b->cap);
	}
	if (len)	/* s may be NULL then (an empty result) */
		memcpy(b->data + b->len, s, len);
	b->len += len;
	b->data[b->len] = '\0';
}

static void buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s) + 1);	/* keep the NUL as a separator */
}

/* --- opening --------------------------------------------------------- */

static void cache_warn(struct shell_cache *cache, const char *what,
		       const char *path)
{
	struct location nowhere = { 0 };

	if (cache->warned || !cache->diags)
		return;
	cache->warned = true;
	diag_add(cache->diags, DIAG_WARNING, nowhere,
		 "shell cache: %s %s: %s (going on without it)", what, path,
		 strerror(errno));
}

static int mkdir_parents(char *path)
{
	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0755) != 0 && errno != EEXIST) {
			*p = '/';
			return -1;
		}
		*p = '/';
	}
	/* The cache itself: ours alone (its entries are trusted). */
	if (mkdir(path, 0700) != 0 && errno != EEXIST)
		return -1;
	return 0;
}

/*
 * The cache directory must be ours and a directory (not a link); if
 * others may write to it (made by an older kbrowse, or by hand), it is
 * made 0700.  False, with errno set, when it cannot be used.
 */
static bool directory_is_ours(const char *path)
{
	struct stat st;

	if (lstat(path, &st) != 0)
		return false;
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid()) {
		errno = EPERM;
		return false;
	}
	return !(st.st_mode & 077) || chmod(path, 0700) == 0;
}

static bool is_name_start(char c)
{
	return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static bool is_name_char(char c)
{
	return is_name_start(c) || (c >= '0' && c <= '9');
}

/* The environment as the run started, in a hash table by name. */
static void env_load(struct shell_cache *cache)
{
	size_t n = 0, slots = 16;

	while (environ && environ[n])
		n++;
	while (slots < 2 * n)
		slots *= 2;
	cache->env = xcalloc(n ? n : 1, sizeof(*cache->env));
	cache->env_slots = xcalloc(slots, sizeof(*cache->env_slots));
	cache->env_mask = slots - 1;
	for (size_t i = 0; i < n; i++) {
		const char *eq = strchr(environ[i], '=');
		struct env_var *var = &cache->env[cache->nenv];
		size_t slot;

		if (!eq || eq == environ[i])
			continue;
		var->name_len = (size_t)(eq - environ[i]);
		var->hash = hash_bytes(environ[i], var->name_len);
		/* The first of two entries with one name is getenv()'s. */
		for (slot = var->hash & cache->env_mask; cache->env_slots[slot];
		     slot = (slot + 1) & cache->env_mask) {
			const struct env_var *other =
				&cache->env[cache->env_slots[slot] - 1];

			if (other->hash == var->hash &&
			    other->name_len == var->name_len &&
			    memcmp(other->entry, environ[i], var->name_len) == 0)
				break;
		}
		if (cache->env_slots[slot])
			continue;
		var->entry = xstrdup(environ[i]);
		cache->env_slots[slot] = ++cache->nenv;
	}
}

/* "NAME=value" of a variable, or NULL when it is not set. */
static const char *env_entry(const struct shell_cache *cache,
			     const char *name, size_t len)
{
	unsigned long hash = hash_bytes(name, len);

	for (size_t slot = hash & cache->env_mask; cache->env_slots[slot];
	     slot = (slot + 1) & cache->env_mask) {
		const struct env_var *var = &cache->env[cache->env_slots[slot] - 1];

		if (var->hash == hash && var->name_len == len &&
		    memcmp(var->entry, name, len) == 0)
			return var->entry;
	}
	return NULL;
}

static const char *env_value(const struct shell_cache *cache, const char *name)
{
	const char *entry = env_entry(cache, name, strlen(name));

	return entry ? entry + strlen(name) + 1 : NULL;
}

/* Is name[0..len) one of list?  (Every word of a command asks: no strlen.) */
static bool name_in(const char *const *list, const char *name, size_t len)
{
	for (; *list; list++)
		if ((*list)[0] == name[0] && strncmp(*list, name, len) == 0 &&
		    (*list)[len] == '\0')
			return true;
	return false;
}

static bool is_uncacheable_word(const char *name, size_t len)
{
	return uncacheable_first[(unsigned char)name[0]] &&
	       name_in(uncacheable_words, name, len);
}

/* Is the variable in every key (keyed_env, its prefixes, ...FLAGS)? */
static bool env_is_keyed(const struct env_var *var)
{
	const char *name = var->entry;
	size_t len = var->name_len;
	static const char *const make_flags[] = {
		"MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS", NULL
	};

	if (name_in(keyed_env, name, len))
		return true;
	for (const char *const *p = keyed_env_prefixes; *p; p++)
		if (len > strlen(*p) && memcmp(name, *p, strlen(*p)) == 0)
			return true;
	/* CFLAGS, KCFLAGS, HOSTLDFLAGS, RUSTFLAGS, CLANG_FLAGS ...; not
	 * make's own, which change with every make (its jobserver). */
	return len >= 5 && memcmp(name + len - 5, "FLAGS", 5) == 0 &&
	       !name_in(make_flags, name, len);
}

static int entry_compare(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* v as 16 lower-case hex digits, as "%016llx" writes it (no call). */
static void put_hex64(char *out, uint64_t v)
{
	static const char digits[] = "0123456789abcdef";

	for (int i = 15; i >= 0; i--, v >>= 4)
		out[i] = digits[v & 15];
}

/*
 * Two independent 64-bit hashes over 8-byte words, as 32 hex digits: an
 * entry's file name.  (The key is stored and compared as well, so a
 * collision costs a miss, never a wrong answer.)
 */
static void digest128(const char *data, size_t len, char out[40])
{
	uint64_t h1 = 0x243f6a8885a308d3ULL ^ len, h2 = 0x13198a2e03707344ULL;
	uint64_t word;
	size_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		memcpy(&word, data + i, 8);
		h1 = (h1 ^ word) * 0x9e3779b97f4a7c15ULL;
		h1 ^= h1 >> 29;
		h2 = (h2 + word) * 0xbf58476d1ce4e5b9ULL;
		h2 ^= h2 >> 31;
	}
	word = 0;
	memcpy(&word, data + i, len - i);
	h1 = (h1 ^ word) * 0x9e3779b97f4a7c15ULL;
	h2 = (h2 + word + len) * 0xbf58476d1ce4e5b9ULL;
	h1 ^= h1 >> 32;
	h2 ^= h2 >> 29;
	h1 *= 0x94d049bb133111ebULL;
	h2 *= 0xff51afd7ed558ccdULL;
	put_hex64(out, h1 ^ (h1 >> 31));
	put_hex64(out + 16, h2 ^ (h2 >> 33));
	out[32] = '\0';
}

/* A digest of the entries that pass keep(), sorted, then of extra. */
static void env_digest(const struct shell_cache *cache,
		       bool (*keep)(const struct env_var *), const struct buf *extra,
		       char out[40])
{
	const char **sorted = xmalloc((cache->nenv + 1) * sizeof(*sorted));
	struct buf b = { 0 };
	size_t n = 0;

	for (size_t i = 0; i < cache->nenv; i++)
		if (keep(&cache->env[i]))
			sorted[n++] = cache->env[i].entry;
	qsort(sorted, n, sizeof(*sorted), entry_compare);
	buf_add(&b, "", 0);
	for (size_t i = 0; i < n; i++)
		buf_adds(&b, sorted[i]);
	buf_adds(&b, "--");
	if (extra && extra->len)
		buf_add(&b, extra->data, extra->len);
	digest128(b.data, b.len, out);
	free(b.data);
	free(sorted);
}

static bool env_is_not_volatile(const struct env_var *var)
{
	return !name_in(volatile_env, var->entry, var->name_len);
}

static const struct file_info *file_info(struct shell_cache *cache,
					 const char *word, const char *cwd);

/*
 * The assembler and the linker of the toolchain: GCC runs them (as
 * ${CROSS_COMPILE}as and ${CROSS_COMPILE}ld) for -c and link probes
 * without the command naming them.
 */
static void add_implicit_tools(struct shell_cache *cache, struct buf *b)
{
	static const char *const tools[] = { "as", "ld", NULL };
	const char *cross = env_value(cache, "CROSS_COMPILE");

	if (!cross)
		cross = "";
	for (const char *const *t = tools; *t; t++) {
		char name[PATH_MAX];
		const struct file_info *info;

		if ((size_t)snprintf(name, sizeof(name), "%s%s", cross, *t) >=
		    sizeof(name))
			continue;
		info = file_info(cache, name, NULL);
		buf_add(b, info->fields.data, info->fields.len);
	}
}

struct shell_cache *shell_cache_open(const char *dir, struct diag_list *diags)
{
	struct shell_cache *cache;
	struct buf tools = { 0 };
	char *path = xstrdup(dir);

	cache = xcalloc(1, sizeof(*cache));
	cache->dir = path;
	cache->diags = diags;
	cache->euid = geteuid();
	if (mkdir_parents(path) != 0) {
		cache_warn(cache, "cannot create", path);
		cache->readonly = true;
	} else if (!directory_is_ours(path)) {
		cache_warn(cache, "not using (not a directory of yours alone)",
			   path);
		shell_cache_close(cache);
		return NULL;
	}
	env_load(cache);
	add_implicit_tools(cache, &tools);
	env_digest(cache, env_is_keyed, &tools, cache->env_digest);
	free(tools.data);
	return cache;
}

static void evict(struct shell_cache *cache);

void shell_cache_close(struct shell_cache *cache)
{
	if (!cache)
		return;
	if (cache->stats.stores && !cache->readonly)
		evict(cache);
	for (size_t i = 0; i < cache->nfiles; i++) {
		free(cache->files[i].name);
		free(cache->files[i].fields.data);
		free(cache->files[i].vars.data);
	}
	free(cache->files);
	for (size_t i = 0; i < cache->nwords; i++) {
		free(cache->words[i].word);
		free(cache->words[i].cwd);
		free(cache->words[i].bytes);
	}
	free(cache->words);
	for (size_t i = 0; i < cache->nenv; i++)
		free(cache->env[i].entry);
	free(cache->env);
	free(cache->env_slots);
	free(cache->dir);
	free(cache->cwd);
	path_dirs_free(cache->path_dirs);
	free(cache);
}

struct shell_cache_stats shell_cache_stats(const struct shell_cache *cache)
{
	struct shell_cache_stats none = { 0 };

	return cache ? cache->stats : none;
}

/* --- the key --------------------------------------------------------- */

/*
 * A regular file: "realpath size mtime inode device ctime" (a compiler
 * replaced by a package upgrade gets a new inode even when size and
 * mtime come out the same; ctime changes with any rewrite).  Anything
 * else that exists (a directory, /dev/null): "realpath type".  NULL when
 * there is nothing there.
 */
static char *file_identity(const char *path, struct stat *st)
{
	char real[PATH_MAX];
	char *id;

	if (stat(path, st) != 0 || !realpath(path, real))
		return NULL;
	id = xmalloc(strlen(real) + 128);
	if (S_ISREG(st->st_mode))
		sprintf(id, "%s %lld %lld.%09ld %llu %llu %lld.%09ld", real,
			(long long)st->st_size, (long long)st->st_mtim.tv_sec,
			(long)st->st_mtim.tv_nsec, (unsigned long long)st->st_ino,
			(unsigned long long)st->st_dev,
			(long long)st->st_ctim.tv_sec, (long)st->st_ctim.tv_nsec);
	else
		sprintf(id, "%s type %o", real, (unsigned)(st->st_mode & S_IFMT));
	return id;
}

/* The first PATH directory holding an executable name, as the shell finds it. */
static bool path_search(struct shell_cache *cache, const char *name,
			char found[PATH_MAX])
{
	if (!cache->path_dirs)
		cache->path_dirs = path_dirs_new(env_value(cache, "PATH"));
	return path_dirs_find(cache->path_dirs, name, found);
}

static void fields_add(struct fields *f, const char *s, size_t len)
{
	char *grown = xrealloc(f->data, f->len + len + 1);

	memcpy(grown + f->len, s, len);
	grown[f->len + len] = '\0';
	f->data = grown;
	f->len += len + 1;
}

static bool fields_have(const struct fields *f, const char *s, size_t len)
{
	for (size_t i = 0; i < f->len; i += strlen(f->data + i) + 1)
		if (strlen(f->data + i) == len && memcmp(f->data + i, s, len) == 0)
			return true;
	return false;
}

/*
 * Bytes that may end the name of a script that a script runs, as a
 * table: file_info() tests every byte of every script, most twice.
 */
static const unsigned char path_byte[256] = {
	['A' ... 'Z'] = 1, ['a' ... 'z'] = 1, ['0' ... '9'] = 1,
	['_'] = 1, ['/'] = 1, ['.'] = 1, ['-'] = 1, ['+'] = 1,
};

static inline bool is_path_char(char c)
{
	return path_byte[(unsigned char)c];
}

static bool has_suffix(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);

	return len > n && memcmp(s + len - n, suffix, n) == 0;
}

/* Up to size bytes, fewer at the end of the file or on an error. */
static size_t read_upto(int fd, char *buf, size_t size)
{
	size_t done = 0;

	while (done < size) {
		ssize_t n = read(fd, buf + done, size - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		done += (size_t)n;
	}
	return done;
}

/*
 * What a script reads beyond its arguments: every $NAME and ${NAME in
 * its text goes to info->vars (the key takes the values of those that
 * are set), and each script it runs from its own directory (as
 * scripts/cc-version.sh runs "$(dirname "$0")/min-tool-version.sh") adds
 * that script's identity.  A program that is no text (a compiler) is not
 * read past its first block.
 */
static void scan_script(struct file_info *info, const char *path,
			const struct stat *st)
{
	size_t size = (size_t)st->st_size, len;
	char *text, dir[PATH_MAX];
	const char *slash;
	int fd;

	if (st->st_size <= 0 || size > SCRIPT_MAX)
		return;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	text = xmalloc(size + 1);
	len = read_upto(fd, text, size < 4096 ? size : 4096);
	if ((len >= 2 && text[0] == '#' && text[1] == '!') ||
	    !memchr(text, '\0', len))
		len += read_upto(fd, text + len, size - len);
	else
		len = 0;
	close(fd);
	text[len] = '\0';
	slash = strrchr(path, '/');
	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) : 1,
		 slash ? path : ".");
	for (size_t i = 0; i < len; i++) {
		if (text[i] == '$') {
			size_t start = i + 1 + (text[i + 1] == '{'), end = start;

			if (!is_name_start(text[start]))
				continue;
			while (is_name_char(text[end]))
				end++;
			if (!fields_have(&info->vars, text + start, end - start))
				fields_add(&info->vars, text + start, end - start);
			i = end - 1;
		} else if (is_path_char(text[i]) && (i == 0 || !is_path_char(text[i - 1]))) {
			size_t end = i, base = i;
			char sibling[PATH_MAX * 2];
			struct stat sst;
			char *id;

			while (is_path_char(text[end])) {
				if (text[end] == '/')
					base = end + 1;
				end++;
			}
			if (is_uncacheable_word(text + i, end - i))
				info->unsafe = true;
			if (end > base && (has_suffix(text + base, end - base, ".sh") ||
					   has_suffix(text + base, end - base, ".py") ||
					   has_suffix(text + base, end - base, ".pl") ||
					   has_suffix(text + base, end - base, ".awk"))) {
				snprintf(sibling, sizeof(sibling), "%s/%.*s", dir,
					 (int)(end - base), text + base);
				id = file_identity(sibling, &sst);
				if (id && S_ISREG(sst.st_mode) &&
				    !fields_have(&info->fields, id, strlen(id)))
					fields_add(&info->fields, id, strlen(id));
				free(id);
			}
			i = end - 1;
		}
	}
	free(text);
}

/*
 * What the key takes from a file a command names: a path (relative to
 * cwd) when the word holds a slash, else a program on PATH.  Found once
 * per run.
 */
static const struct file_info *file_info(struct shell_cache *cache,
					 const char *word, const char *cwd)
{
	char full[PATH_MAX * 2], found[PATH_MAX];
	const char *name = word, *path = NULL, *base;
	unsigned long hash;
	size_t *bucket;
	struct file_info *info;
	struct stat st;
	char *id;

	if (strchr(word, '/')) {
		if (word[0] != '/' && cwd) {
			/* cwd/word, cut as snprintf would (which cost more) */
			size_t cap = sizeof(full) - 1, n = strnlen(cwd, cap), w;

			memcpy(full, cwd, n);
			if (n < cap)
				full[n++] = '/';
			w = strnlen(word, cap - n);
			memcpy(full + n, word, w);
			full[n + w] = '\0';
			name = full;
		}
		path = name;
	}
	hash = hash_bytes(name, strlen(name));
	bucket = &cache->file_buckets[hash % FILE_BUCKETS];
	for (size_t i = *bucket; i; i = cache->files[i - 1].next) {
		info = &cache->files[i - 1];
		if (info->hash == hash && strcmp(info->name, name) == 0)
			return info;
	}
	if (cache->nfiles == cache->files_cap) {
		cache->files_cap = cache->files_cap ? cache->files_cap * 2 : 32;
		cache->files = xrealloc(cache->files,
				       cache->files_cap * sizeof(*cache->files));
	}
	info = &cache->files[cache->nfiles++];
	memset(info, 0, sizeof(*info));
	info->name = xstrdup(name);
	info->hash = hash;
	info->next = *bucket;
	*bucket = cache->nfiles;
	base = strrchr(name, '/');
	base = base ? base + 1 : name;
	info->whole_env = name_in(whole_env_programs, base, strlen(base));
	if (!path && path_search(cache, name, found))
		path = found;
	id = path ? file_identity(path, &st) : NULL;
	if (!id)
		return info;
	fields_add(&info->fields, id, strlen(id));
	free(id);
	if (S_ISREG(st.st_mode))
		scan_script(info, path, &st);
	return info;
}

/* Bytes that end a word of a command: blanks, shell operators, quotes. */
static const unsigned char word_end[256] = {
	['\0'] = 1, [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['|'] = 1, [';'] = 1,
	['&'] = 1, ['('] = 1, [')'] = 1, ['<'] = 1, ['>'] = 1, ['`'] = 1,
	['\''] = 1, ['"'] = 1, ['='] = 1, ['$'] = 1, ['{'] = 1, ['}'] = 1,
};

/* The value of a variable the key takes, as its "NAME=value" entry. */
static void add_variable(struct shell_cache *cache, struct buf *key,
			 const char *name, size_t len)
{
	const char *entry = env_entry(cache, name, len);

	if (entry)
		buf_adds(key, entry);
}

static void add_words(struct shell_cache *cache, struct buf *key,
		      const char *text, const char *cwd, bool expand);

/*
 * One word of a command.  A word that is the name of a set variable adds
 * its value (a script may be handed names to read, as in "printenv CC");
 * a word that names a file or a program on PATH adds that file's fields:
 * its identity, and for a script the values of the variables it reads.
 */
static void word_fields(struct shell_cache *cache, struct buf *key,
			const char *word, size_t len, const char *cwd)
{
	char copy[PATH_MAX];
	const struct file_info *info;
	bool is_name = is_name_start(word[0]);

	for (size_t i = 1; i < len && is_name; i++)
		is_name = is_name_char(word[i]);
	if (is_name)
		add_variable(cache, key, word, len);
	if (is_uncacheable_word(word, len))
		cache->refused = true;
	if (word[0] == '-' || len >= sizeof(copy) - 2)
		return;
	/*
	 * A plain word may name a file in the directory the command runs
	 * in (cat version.txt, test -e flag): its identity, when it is
	 * there, is keyed as that of a path.  (Its absence needs no field:
	 * a file that appears adds one, and the key changes.)
	 */
	if (!memchr(word, '/', len)) {
		copy[0] = '.';
		copy[1] = '/';
		memcpy(copy + 2, word, len);
		copy[len + 2] = '\0';
		info = file_info(cache, copy, cwd);
		if (info->fields.len)
			buf_add(key, info->fields.data, info->fields.len);
	}
	memcpy(copy, word, len);
	copy[len] = '\0';
	info = file_info(cache, copy, cwd);
	if (info->unsafe)
		cache->refused = true;
	if (!info->fields.len)
		return;
	buf_add(key, info->fields.data, info->fields.len);
	for (size_t i = 0; i < info->vars.len; i += strlen(info->vars.data + i) + 1)
		add_variable(cache, key, info->vars.data + i,
			     strlen(info->vars.data + i));
	if (info->whole_env) {
		if (!cache->whole_digest[0])
			env_digest(cache, env_is_not_volatile, NULL,
				   cache->whole_digest);
		buf_adds(key, cache->whole_digest);
	}
}

/* The entry of word in cwd, or NULL when the run has not met it there. */
static const struct word_fields *word_fields_find(const struct shell_cache *cache,
						  const char *word, size_t len,
						  const char *cwd,
						  unsigned long hash)
{
	for (size_t i = cache->word_buckets[hash % WORD_BUCKETS]; i;
	     i = cache->words[i - 1].next) {
		const struct word_fields *w = &cache->words[i - 1];

		if (w->hash == hash && w->len == len &&
		    memcmp(w->word, word, len) == 0 &&
		    strcmp(w->cwd, cwd) == 0)
			return w;
	}
	return NULL;
}

/* word_fields() of word in cwd, worked out at its first use in the run. */
static void add_word(struct shell_cache *cache, struct buf *key,
		     const char *word, size_t len, const char *cwd)
{
	unsigned long hash = hash_bytes(word, len);
	const struct word_fields *found;
	struct word_fields *w;
	struct buf fresh = { 0 };
	bool refused = cache->refused;
	size_t *bucket;

	found = word_fields_find(cache, word, len, cwd, hash);
	if (!found) {
		cache->refused = false;
		word_fields(cache, &fresh, word, len, cwd);
		if (cache->nwords == cache->words_cap) {
			cache->words_cap = cache->words_cap ?
					   cache->words_cap * 2 : 64;
			cache->words = xrealloc(cache->words, cache->words_cap *
						sizeof(*cache->words));
		}
		w = &cache->words[cache->nwords++];
		w->word = xmemdup(word, len);
		w->len = len;
		w->cwd = xstrdup(cwd);
		w->hash = hash;
		bucket = &cache->word_buckets[hash % WORD_BUCKETS];
		w->next = *bucket;
		*bucket = cache->nwords;
		w->bytes = fresh.data;
		w->nbytes = fresh.len;
		w->refuses = cache->refused;
		cache->refused = refused;
		found = w;
	}
	if (found->refuses)
		cache->refused = true;
	buf_add(key, found->bytes, found->nbytes);
}

/*
 * The fields a command's words add to its key.  $NAME and ${NAME...} add
 * the variable's value, and the words of that value (the shell runs the
 * program that "$CC" names); after ${NAME:-, the default is read as
 * words too.  With expand false (the words of a value), a '$' is text.
 */
static void add_words(struct shell_cache *cache, struct buf *key,
		      const char *text, const char *cwd, bool expand)
{
	const char *p = text;

	while (*p) {
		const char *start;

		if (*p == '$' && expand) {
			bool brace = *++p == '{';
			const char *entry;

			p += brace;
			start = p;
			if (!is_name_start(*p))
				continue;	/* $$, $1, $?, $( ... */
			while (is_name_char(*p))
				p++;
			if (is_uncacheable_word(start, (size_t)(p - start)))
				cache->refused = true;
			entry = env_entry(cache, start, (size_t)(p - start));
			if (entry) {
				buf_adds(key, entry);
				add_words(cache, key, entry + (p - start) + 1, cwd,
					  false);
			}
			if (brace)
				p += strspn(p, ":-=+?#%");
			continue;
		}
		if (word_end[(unsigned char)*p]) {
			p++;
			continue;
		}
		start = p;
		while (!word_end[(unsigned char)*p])
			p++;
		add_word(cache, key, start, (size_t)(p - start), cwd);
	}
}

/* The key: NUL-separated fields; its length goes to *len. */
/*
 * A glob outside quotes (*.txt, file?, [ab]*) reads a directory, which no
 * key covers.  "$?" and "[ " (test) are not globs.
 */
static bool has_glob(const char *cmd)
{
	char quote = 0;

	for (const char *p = cmd; *p; p++) {
		if (quote) {
			if (*p == quote)
				quote = 0;
			else if (*p == '\\' && quote == '"' && p[1])
				p++;
		} else if (*p == '\'' || *p == '"') {
			quote = *p;
		} else if (*p == '\\' && p[1]) {
			p++;
		} else if ((*p == '*' || *p == '?') && !(p > cmd && p[-1] == '$')) {
			return true;
		} else if (*p == '[' && p[1] && p[1] != ' ' && p[1] != '\t' &&
			   p[1] != '[') {
			return true;
		}
	}
	return false;
}

static char *build_key(struct shell_cache *cache, const char *cmd,
		       const char *cwd, size_t *len)
{
	struct buf key = { 0 };

	cache->refused = has_glob(cmd);
	if (!cwd) {
		if (!cache->cwd) {
			char here[PATH_MAX];

			cache->cwd = xstrdup(getcwd(here, sizeof(here)) ? here : ".");
		}
		cwd = cache->cwd;
	}
	buf_adds(&key, CACHE_MAGIC);
	buf_adds(&key, cmd);
	buf_adds(&key, cwd);
	buf_adds(&key, cache->env_digest);
	buf_adds(&key, "--");
	add_words(cache, &key, cmd, cwd, true);
	*len = key.len;
	return key.data;
}

static char *entry_path(const struct shell_cache *cache, const char *key,
			size_t key_len)
{
	char digest[40];
	size_t dir_len = strlen(cache->dir), digest_len;
	char *path;

	digest128(key, key_len, digest);
	digest_len = strlen(digest);
	path = xmalloc(dir_len + 1 + digest_len + 1);
	memcpy(path, cache->dir, dir_len);
	path[dir_len] = '/';
	memcpy(path + dir_len + 1, digest, digest_len + 1);
	return path;
}

/* --- reading and writing entries --------------------------------------- */

/*
 * An entry is trusted only as kbrowse itself would have written it: a
 * regular file (no symbolic link followed) of ours that no one else may
 * write, of a sane size.  NULL otherwise, or when there is none.
 */
static char *read_entry(const char *path, uid_t euid, size_t *len,
			bool *untrusted)
{
	struct stat st;
	char *data;
	time_t now;
	int fd;

	*untrusted = false;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		*untrusted = errno == ELOOP;
		return NULL;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    st.st_uid != euid || (st.st_mode & 022) ||
	    st.st_size > ENTRY_MAX_BYTES) {
		*untrusted = true;
		close(fd);
		return NULL;
	}
	data = xmalloc((size_t)st.st_size + 1);
	*len = read_upto(fd, data, (size_t)st.st_size);
	data[*len] = '\0';
	/*
	 * A hit counts as a use: eviction takes the least recently used.  An
	 * entry used in the last ten minutes is recent enough as it is.
	 */
	now = time(NULL);
	if (st.st_mtime < now - ENTRY_RECENT_SECONDS || st.st_mtime > now)
		futimens(fd, NULL);
	close(fd);
	return data;
}

/*
 * A decimal count at *p followed by the byte `after`, as shell_cache_put()
 * writes it; *p moves past both.  (Not sscanf(): its conversions cost
 * as much as the rest of a hit's header and accept more than we write.)
 */
static bool read_count(const char **p, char after, size_t *count)
{
	const char *s = *p;
	size_t value = 0;

	if (*s < '0' || *s > '9')
		return false;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (value > (SIZE_MAX - 9) / 10)
			return false;
		value = value * 10 + (size_t)(*s - '0');
	}
	if (*s != after)
		return false;
	*count = value;
	*p = s + 1;
	return true;
}

/*
 * The line after CACHE_MAGIC: "KLEN OLEN ELEN SUM\n", SUM at most 32
 * bytes.  Returns the length of the line, or 0 when it is not one.
 */
static size_t read_header(const char *text, size_t *klen, size_t *olen,
			  size_t *elen, char sum[40])
{
	const char *p = text;
	size_t n = 0;

	if (!read_count(&p, ' ', klen) || !read_count(&p, ' ', olen) ||
	    !read_count(&p, ' ', elen))
		return 0;
	while (n < 32 && p[n] && p[n] != '\n' && !isspace((unsigned char)p[n]))
		n++;
	if (!n || p[n] != '\n')
		return 0;
	memcpy(sum, p, n);
	sum[n] = '\0';
	return (size_t)(p + n + 1 - text);
}

bool shell_cache_get(struct shell_cache *cache, const char *cmd,
		     const char *cwd, struct shell_result *result)
{
	char *key, *path, *data;
	char sum[40], want[40];
	size_t key_len, len = 0, klen, olen, elen, header = 0;
	bool hit = false, untrusted;

	if (!cache)
		return false;
	key = build_key(cache, cmd, cwd, &key_len);
	if (cache->refused) {
		cache->stats.refused++;
		free(key);
		return false;
	}
	path = entry_path(cache, key, key_len);
	data = read_entry(path, cache->euid, &len, &untrusted);
	if (data && len > strlen(CACHE_MAGIC) &&
	    memcmp(data, CACHE_MAGIC, strlen(CACHE_MAGIC)) == 0 &&
	    (header = read_header(data + strlen(CACHE_MAGIC), &klen, &olen,
				  &elen, sum)) > 0) {
		const char *body = data + strlen(CACHE_MAGIC) + header;
		size_t body_len = len - strlen(CACHE_MAGIC) - header;

		if (klen <= body_len && olen <= body_len - klen &&
		    elen == body_len - klen - olen &&
		    (digest128(body, body_len, want), strcmp(want, sum) == 0)) {
			if (klen == key_len && memcmp(body, key, klen) == 0) {
				result->out = xmemdup(body + klen, olen);
				result->out_len = olen;
				result->err = xmemdup(body + klen + olen, elen);
				result->err_len = elen;
				hit = true;
			}
		} else {
			errno = EINVAL;
			cache_warn(cache, "ignoring corrupt entry", path);
		}
	} else if (data || untrusted) {
		errno = untrusted ? EPERM : EINVAL;
		cache_warn(cache, untrusted ? "ignoring an entry not written by "
			   "you alone (owner, mode or link)" :
			   "ignoring corrupt entry", path);
	}
	if (hit)
		cache->stats.hits++;
	else
		cache->stats.misses++;
	free(data);
	free(path);
	free(key);
	return hit;
}

bool shell_cache_peek(struct shell_cache *cache, const char *cmd,
		      const char *cwd, struct shell_result *result)
{
	struct shell_cache_stats counted;
	bool hit;

	if (!cache)
		return false;
	counted = cache->stats;
	hit = shell_cache_get(cache, cmd, cwd, result);
	cache->stats = counted;
	return hit;
}

void shell_cache_put(struct shell_cache *cache, const char *cmd,
		     const char *cwd, const struct shell_result *result)
{
	char *key, *path, sum[40];
	struct file_replace replace;
	struct buf body = { 0 };
	size_t key_len;
	FILE *f;

	if (!cache || cache->readonly)
		return;
	key = build_key(cache, cmd, cwd, &key_len);
	if (cache->refused || key_len + result->out_len + result->err_len +
	    256 > ENTRY_MAX_BYTES) {
		free(key);
		return;
	}
	path = entry_path(cache, key, key_len);
	buf_add(&body, key, key_len);
	buf_add(&body, result->out, result->out_len);
	buf_add(&body, result->err, result->err_len);
	digest128(body.data, body.len, sum);
	/*
	 * Written aside and renamed, so a reader never sees half an entry;
	 * created afresh under a name no one can guess (no link followed),
	 * readable by us alone (file_replace.h).  Not synced: a lost entry
	 * costs one run of the command.
	 */
	f = file_replace_open(&replace, path, FILE_REPLACE_PRIVATE, false);
	if (f) {
		fputs(CACHE_MAGIC, f);
		fprintf(f, "%zu %zu %zu %s\n", key_len, result->out_len,
			result->err_len, sum);
		fwrite(body.data, 1, body.len, f);
	}
	if (!f || file_replace_commit(&replace) != 0) {
		errno = replace.error;
		cache_warn(cache, "cannot write", path);
		cache->readonly = true;
		goto out;
	}
	cache->stats.stores++;
out:
	free(body.data);
	free(path);
	free(key);
}

/* --- bounding the cache's size ------------------------------------------ */

struct entry_file {
	char name[48];
	long long mtime_ns;
	long long bytes;
};

static int entry_older(const void *a, const void *b)
{
	const struct entry_file *x = a, *y = b;

	return x->mtime_ns < y->mtime_ns ? -1 : x->mtime_ns > y->mtime_ns;
}

/* An entry's file name: 32 hex digits (temporary files end in .tmp). */
static bool is_entry_name(const char *name)
{
	size_t i;

	for (i = 0; name[i]; i++)
		if (!((name[i] >= '0' && name[i] <= '9') ||
		      (name[i] >= 'a' && name[i] <= 'f')))
			return false;
	return i == 32;
}

/*
 * A temporary file that a run killed while writing left behind: an
 * entry's name, a dot, six characters and ".tmp", an hour old.
 */
static bool is_stale_temp(int dfd, const char *name, time_t now)
{
	size_t len = strlen(name);
	char entry[33];
	struct stat st;

	if (len != 32 + 1 + 6 + 4 || strcmp(name + len - 4, ".tmp") != 0 ||
	    name[32] != '.')
		return false;
	memcpy(entry, name, 32);
	entry[32] = '\0';
	return is_entry_name(entry) &&
	       fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	       S_ISREG(st.st_mode) && st.st_mtime < now - 3600;
}

/*
 * Keep at most CACHE_MAX_ENTRIES entries and CACHE_MAX_BYTES bytes: the
 * least recently used go first.  Run when this run stored something;
 * stale temporary files go too.
 */
static void evict(struct shell_cache *cache)
{
	struct entry_file *files = NULL;
	size_t n = 0, cap = 0, i;
	long long total = 0;
	struct dirent *d;
	DIR *dir = opendir(cache->dir);
	time_t now = time(NULL);
	int dfd;

	if (!dir)
		return;
	dfd = dirfd(dir);
	while ((d = readdir(dir))) {
		struct stat st;

		if (is_stale_temp(dfd, d->d_name, now)) {
			unlinkat(dfd, d->d_name, 0);
			continue;
		}
		if (!is_entry_name(d->d_name) ||
		    fstatat(dfd, d->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 256;
			files = xrealloc(files, cap * sizeof(*files));
		}
		memcpy(files[n].name, d->d_name, 33);	/* 32 digits and NUL */
		files[n].mtime_ns = (long long)st.st_mtim.tv_sec * 1000000000LL +
				    st.st_mtim.tv_nsec;
		files[n].bytes = (long long)st.st_size;
		total += files[n].bytes;
		n++;
	}
	if (n > CACHE_MAX_ENTRIES || total > CACHE_MAX_BYTES) {
		qsort(files, n, sizeof(*files), entry_older);
		for (i = 0; i < n && (n - i > CACHE_MAX_ENTRIES ||
				      total > CACHE_MAX_BYTES); i++) {
			if (unlinkat(dfd, files[i].name, 0) == 0)
				cache->stats.evicted++;
			total -= files[i].bytes;
		}
	}
	closedir(dir);
	free(files);
}
