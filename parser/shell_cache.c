// SPDX-License-Identifier: GPL-2.0
/*
 * $(shell,...) results kept across runs; see shell_cache.h for the key.
 *
 * An entry file holds a header line, a line of three lengths, then the
 * key, stdout and stderr bytes.  The key is stored whole and compared on
 * every hit, so a hash collision can only cost a miss.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "shell_cache.h"

#define CACHE_MAGIC "kbrowse shell cache 1\n"

extern char **environ;

/* A program name resolved through PATH once per run. */
struct tool_identity {
	char *name;
	unsigned long hash;	/* hash_bytes() of name: most words are no tool */
	char *identity;		/* "path size mtime", or "" when not found */
	size_t next;		/* 1 + the next tool in its bucket, or 0 */
};

#define TOOL_BUCKETS 256	/* a few hundred words per tree: short chains */

struct shell_cache {
	char *dir;
	struct diag_list *diags;
	bool warned;		/* one warning per run is enough */
	bool readonly;
	struct tool_identity *tools;
	size_t ntools, tools_cap;
	size_t tool_buckets[TOOL_BUCKETS];	/* 1 + first tool, or 0 */
	/*
	 * The environment part of every key: a 128-bit digest of the sorted
	 * environment, computed once, so keys stay short to hash and store.
	 */
	char env_digest[40];
	struct shell_cache_stats stats;
};

/*
 * Variables left out of the key: what a shell changes on its own, what
 * describes the terminal or the login (a probe's output is captured, never
 * shown on a terminal), and kbrowse's own switches.  Without them, the
 * browser in another terminal, or a run with KBROWSE_TIMING=1, would miss.
 */
static const char *const volatile_env[] = {
	"_", "OLDPWD", "PWD", "SHLVL",
	"TERM", "COLORTERM", "COLUMNS", "LINES", "LS_COLORS", "WINDOWID",
	"TERM_PROGRAM", "TERM_PROGRAM_VERSION", "TERM_SESSION_ID", "VTE_VERSION",
	"TMUX", "TMUX_PANE", "STY", "SSH_TTY", "SSH_CLIENT", "SSH_CONNECTION",
	"KBROWSE_TIMING", "KBROWSE_EXIT_AFTER_FIRST_SCREEN",
	NULL
};

/* --- growable byte buffer -------------------------------------------- */

struct buf {
	char *data;
	size_t len, cap;
};

static void buf_add(struct buf *b, const char *s, size_t len)
{
	if (b->len + len + 1 > b->cap) {
		b->cap = (b->len + len + 1) * 2;
		b->data = realloc(b->data, b->cap);
		if (!b->data)
			abort();
	}
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
	if (mkdir(path, 0755) != 0 && errno != EEXIST)
		return -1;
	return 0;
}

static int env_compare(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool env_is_volatile(const char *entry)
{
	for (const char *const *v = volatile_env; *v; v++) {
		size_t n = strlen(*v);

		if (strncmp(entry, *v, n) == 0 && entry[n] == '=')
			return true;
	}
	return false;
}

/* The environment sorted, so that its order does not change the key. */
static struct buf environment_text(void)
{
	size_t n = 0;
	const char **sorted;
	struct buf b = { 0 };

	while (environ[n])
		n++;
	sorted = malloc((n + 1) * sizeof(*sorted));
	if (!sorted)
		abort();
	memcpy(sorted, environ, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), env_compare);
	buf_add(&b, "", 0);
	for (size_t i = 0; i < n; i++)
		if (!env_is_volatile(sorted[i]))
			buf_adds(&b, sorted[i]);
	free(sorted);
	return b;
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
	snprintf(out, 40, "%016llx%016llx", (unsigned long long)(h1 ^ (h1 >> 31)),
		 (unsigned long long)(h2 ^ (h2 >> 33)));
}

struct shell_cache *shell_cache_open(const char *dir, struct diag_list *diags)
{
	const char *off = getenv("KBROWSE_NO_CACHE");
	struct shell_cache *cache;
	struct buf env;
	char *path;

	if (off && *off && strcmp(off, "0") != 0)
		return NULL;
	if (dir) {
		path = strdup(dir);
	} else {
		const char *xdg = getenv("XDG_CACHE_HOME");
		const char *home = getenv("HOME");

		if (xdg && *xdg == '/') {
			path = malloc(strlen(xdg) + sizeof("/kbrowse"));
			if (path)
				sprintf(path, "%s/kbrowse", xdg);
		} else if (home && *home) {
			path = malloc(strlen(home) + sizeof("/.cache/kbrowse"));
			if (path)
				sprintf(path, "%s/.cache/kbrowse", home);
		} else {
			return NULL;
		}
	}
	if (!path)
		abort();
	cache = calloc(1, sizeof(*cache));
	if (!cache)
		abort();
	cache->dir = path;
	cache->diags = diags;
	if (mkdir_parents(path) != 0) {
		cache_warn(cache, "cannot create", path);
		cache->readonly = true;
	}
	env = environment_text();
	digest128(env.data, env.len, cache->env_digest);
	free(env.data);
	return cache;
}

void shell_cache_close(struct shell_cache *cache)
{
	if (!cache)
		return;
	for (size_t i = 0; i < cache->ntools; i++) {
		free(cache->tools[i].name);
		free(cache->tools[i].identity);
	}
	free(cache->tools);
	free(cache->dir);
	free(cache);
}

struct shell_cache_stats shell_cache_stats(const struct shell_cache *cache)
{
	struct shell_cache_stats none = { 0 };

	return cache ? cache->stats : none;
}

/* --- the key --------------------------------------------------------- */

/* "realpath size mtime" of a regular file, or NULL. */
static char *file_identity(const char *path)
{
	struct stat st;
	char real[PATH_MAX];
	char *id;

	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return NULL;
	if (!realpath(path, real))
		return NULL;
	id = malloc(strlen(real) + 64);
	if (!id)
		abort();
	sprintf(id, "%s %lld %lld.%09ld", real, (long long)st.st_size,
		(long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec);
	return id;
}

static char *path_search(const char *name)
{
	const char *path = getenv("PATH");
	size_t name_len = strlen(name);
	char candidate[PATH_MAX];

	if (!path)
		path = "/usr/bin:/bin";
	while (*path) {
		const char *colon = strchr(path, ':');
		size_t len = colon ? (size_t)(colon - path) : strlen(path);

		if (len && len + name_len + 2 < sizeof(candidate)) {
			memcpy(candidate, path, len);
			candidate[len] = '/';
			memcpy(candidate + len + 1, name, name_len + 1);
			if (access(candidate, X_OK) == 0) {
				char *id = file_identity(candidate);

				if (id)
					return id;
			}
		}
		path += len;
		if (*path == ':')
			path++;
	}
	return NULL;
}

/* Identity of a program named without a slash; looked up once per run. */
static const char *tool_identity(struct shell_cache *cache, const char *name)
{
	unsigned long hash = hash_bytes(name, strlen(name));
	size_t *bucket = &cache->tool_buckets[hash % TOOL_BUCKETS];
	struct tool_identity *tool;
	char *id;

	for (size_t i = *bucket; i; i = cache->tools[i - 1].next) {
		tool = &cache->tools[i - 1];
		if (tool->hash == hash && strcmp(tool->name, name) == 0)
			return tool->identity;
	}
	if (cache->ntools == cache->tools_cap) {
		cache->tools_cap = cache->tools_cap ? cache->tools_cap * 2 : 32;
		cache->tools = realloc(cache->tools,
				       cache->tools_cap * sizeof(*cache->tools));
		if (!cache->tools)
			abort();
	}
	id = path_search(name);
	tool = &cache->tools[cache->ntools++];
	tool->name = strdup(name);
	tool->hash = hash;
	tool->next = *bucket;
	*bucket = cache->ntools;
	tool->identity = id ? id : strdup("");
	if (!tool->name || !tool->identity)
		abort();
	return tool->identity;
}

/* Bytes that end a word of a command: blanks, shell operators, quotes. */
static const unsigned char word_end[256] = {
	['\0'] = 1, [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['|'] = 1, [';'] = 1,
	['&'] = 1, ['('] = 1, [')'] = 1, ['<'] = 1, ['>'] = 1, ['`'] = 1,
	['\''] = 1, ['"'] = 1, ['='] = 1, ['$'] = 1,
};

static bool is_word_char(char c)
{
	return !word_end[(unsigned char)c];
}

/* The identity of a file named by path, or of a program on PATH, if any. */
static void add_word_identity(struct shell_cache *cache, struct buf *key,
			      const char *word, const char *cwd)
{
	if (strchr(word, '/')) {
		char full[PATH_MAX * 2];
		char *id;

		if (word[0] == '/' || !cwd)
			snprintf(full, sizeof(full), "%s", word);
		else
			snprintf(full, sizeof(full), "%s/%s", cwd, word);
		id = file_identity(full);
		if (id) {
			buf_adds(key, id);
			free(id);
		}
	} else {
		const char *id = tool_identity(cache, word);

		if (*id)
			buf_adds(key, id);
	}
}

/*
 * $NAME or ${NAME...} in the command: the shell runs whatever program
 * the variable names, so that program's identity goes in the key (the
 * variable's text is already in the environment digest).
 */
static void add_variable_identity(struct shell_cache *cache, struct buf *key,
				  const char *ref, size_t len, const char *cwd)
{
	char name[256], word[PATH_MAX];
	const char *value;
	size_t n = 0, wlen;

	if (len && *ref == '{') {
		ref++;
		len--;
	}
	while (n < len && n < sizeof(name) - 1 &&
	       (ref[n] == '_' || (ref[n] >= 'A' && ref[n] <= 'Z') ||
		(ref[n] >= 'a' && ref[n] <= 'z') || (ref[n] >= '0' && ref[n] <= '9')))
		n++;
	memcpy(name, ref, n);
	name[n] = '\0';
	value = n ? getenv(name) : NULL;
	if (!value)
		return;
	value += strspn(value, " \t");
	wlen = strcspn(value, " \t\n");
	if (!wlen || wlen >= sizeof(word))
		return;
	memcpy(word, value, wlen);
	word[wlen] = '\0';
	add_word_identity(cache, key, word, cwd);
}

/*
 * Every word of the command that names a file or a program on PATH
 * adds that file's identity: a new compiler, or the same compiler
 * touched, gives another key.
 */
static void add_tool_identities(struct shell_cache *cache, struct buf *key,
				const char *cmd, const char *cwd)
{
	const char *p = cmd;

	while (*p) {
		const char *start;
		char word[PATH_MAX];
		size_t len;

		while (*p && !is_word_char(*p))
			p++;
		start = p;
		while (is_word_char(*p))
			p++;
		len = (size_t)(p - start);
		if (!len || len >= sizeof(word))
			continue;
		if (start > cmd && start[-1] == '$') {
			add_variable_identity(cache, key, start, len, cwd);
			continue;
		}
		if (*start == '-')
			continue;
		memcpy(word, start, len);
		word[len] = '\0';
		add_word_identity(cache, key, word, cwd);
	}
}

/* The key: NUL-separated fields; its length goes to *len. */
static char *build_key(struct shell_cache *cache, const char *cmd,
		       const char *cwd, size_t *len)
{
	struct buf key = { 0 };
	char here[PATH_MAX];

	if (!cwd)
		cwd = getcwd(here, sizeof(here)) ? here : ".";
	buf_adds(&key, CACHE_MAGIC);
	buf_adds(&key, cmd);
	buf_adds(&key, cwd);
	buf_adds(&key, cache->env_digest);
	buf_adds(&key, "--");
	add_tool_identities(cache, &key, cmd, cwd);
	*len = key.len;
	return key.data;
}

char *shell_cache_key(struct shell_cache *cache, const char *cmd,
		      const char *cwd)
{
	size_t len;
	char *key = build_key(cache, cmd, cwd, &len);

	for (size_t i = 0; i < len; i++)
		if (key[i] == '\0')
			key[i] = '\n';
	return key;
}

static char *entry_path(const struct shell_cache *cache, const char *key,
			size_t key_len)
{
	char digest[40];
	char *path = malloc(strlen(cache->dir) + 48);

	if (!path)
		abort();
	digest128(key, key_len, digest);
	sprintf(path, "%s/%s", cache->dir, digest);
	return path;
}

/* --- reading and writing entries --------------------------------------- */

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct buf b = { 0 };
	char chunk[8192];
	size_t n;

	if (!f)
		return NULL;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		buf_add(&b, chunk, n);
	fclose(f);
	if (!b.data)
		buf_add(&b, "", 0);
	*len = b.len;
	return b.data;
}

static char *copy_bytes(const char *s, size_t len)
{
	char *copy = malloc(len + 1);

	if (!copy)
		abort();
	memcpy(copy, s, len);
	copy[len] = '\0';
	return copy;
}

bool shell_cache_get(struct shell_cache *cache, const char *cmd,
		     const char *cwd, struct shell_result *result)
{
	char *key, *path, *data;
	size_t key_len, len, klen, olen, elen;
	int header = 0;
	bool hit = false;

	if (!cache)
		return false;
	key = build_key(cache, cmd, cwd, &key_len);
	path = entry_path(cache, key, key_len);
	data = read_file(path, &len);
	if (data && len > strlen(CACHE_MAGIC) &&
	    memcmp(data, CACHE_MAGIC, strlen(CACHE_MAGIC)) == 0 &&
	    sscanf(data + strlen(CACHE_MAGIC), "%zu %zu %zu\n%n",
		   &klen, &olen, &elen, &header) == 3 && header > 0) {
		const char *body = data + strlen(CACHE_MAGIC) + header;
		size_t body_len = len - strlen(CACHE_MAGIC) - (size_t)header;

		if (klen + olen + elen == body_len) {
			if (klen == key_len && memcmp(body, key, klen) == 0) {
				result->out = copy_bytes(body + klen, olen);
				result->out_len = olen;
				result->err = copy_bytes(body + klen + olen, elen);
				result->err_len = elen;
				hit = true;
			}
		} else {
			errno = EINVAL;
			cache_warn(cache, "ignoring corrupt entry", path);
		}
	} else if (data) {
		errno = EINVAL;
		cache_warn(cache, "ignoring corrupt entry", path);
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

void shell_cache_put(struct shell_cache *cache, const char *cmd,
		     const char *cwd, const struct shell_result *result)
{
	char *key, *path, *tmp;
	size_t key_len;
	FILE *f;
	bool ok;

	if (!cache || cache->readonly)
		return;
	key = build_key(cache, cmd, cwd, &key_len);
	path = entry_path(cache, key, key_len);
	tmp = malloc(strlen(path) + 32);
	if (!tmp)
		abort();
	/* Written aside and renamed, so a reader never sees half an entry. */
	sprintf(tmp, "%s.%ld.tmp", path, (long)getpid());
	f = fopen(tmp, "wb");
	if (!f) {
		cache_warn(cache, "cannot write", tmp);
		cache->readonly = true;
		goto out;
	}
	fputs(CACHE_MAGIC, f);
	fprintf(f, "%zu %zu %zu\n", key_len, result->out_len, result->err_len);
	fwrite(key, 1, key_len, f);
	fwrite(result->out, 1, result->out_len, f);
	fwrite(result->err, 1, result->err_len, f);
	ok = !ferror(f);
	if (fclose(f) != 0)
		ok = false;
	if (!ok || rename(tmp, path) != 0) {
		cache_warn(cache, "cannot write", tmp);
		unlink(tmp);
		cache->readonly = true;
		goto out;
	}
	cache->stats.stores++;
out:
	free(tmp);
	free(path);
	free(key);
}
