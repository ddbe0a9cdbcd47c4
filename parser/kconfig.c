// SPDX-License-Identifier: GPL-2.0
/*
 * Loading a tree: creating and freeing struct kconfig, finding and
 * reading the files that `source` statements name.
 *
 * Where a file is looked for, in order (the kernel's zconf_fopen, plus
 * the teaching tree):
 *  0. opts.overlay_file(name), when set (an editor's unsaved text);
 *  1. opts.builtin_file(name), when set (the built-in teaching tree);
 *  2. name as given (relative to the current directory);
 *  3. srctree/name, when name is relative and opts.srctree is set.
 * Files are recorded under the name the statement gave (after macro
 * expansion), as the kernel prints them.  rsource and orsource names are
 * relative to the directory of the file they are written in; names with
 * glob characters (* ? [) source every matching file on disk, in sorted
 * order (Kconfiglib's extensions; the built-in files are not globbed),
 * and old-style $VAR references left after macro expansion are read from
 * the environment (older kernels).
 */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_read.h"
#include "kconfig.h"
#include "local_dirs.h"
#include "macro.h"
#include "shell_cache.h"
#include "text_bundle.h"
#include "parser.h"
#include "util.h"
#include "finish.h"

/* --- reading files ------------------------------------------------------- */

struct file_text {
	char *data;		/* NUL-terminated; malloc'd unless borrowed */
	size_t len;
	long long mtime_ns;	/* 0: not read from disk */
	/* From a file (or the bundle's copy of it, then borrowed): */
	bool on_disk;
	bool borrowed;
	enum text_place place;
	const char *open_name;	/* the name opened: the caller's */
	struct text_stamp stamp;
};

static void file_text_release(struct file_text *text)
{
	if (!text->borrowed)
		free(text->data);
}

/*
 * name, opened from dirfd (which is place), whole: the bundle's bytes
 * when it kept them under the file's stamp, else the file's; false with
 * errno set when it cannot be read.
 */
static bool read_file(struct kconfig *kc, int dirfd, enum text_place place,
		      const char *name, struct file_text *out)
{
	struct stat st;
	int err;

	out->data = (char *)text_bundle_read(kc->bundle, dirfd, place, name,
					     &out->stamp, &out->len);
	out->borrowed = out->data != NULL;
	kc->nfiles_bundled += out->borrowed;
	if (!out->data) {
		out->data = file_read_at(dirfd, name, KCONFIG_FILE_MAX,
					 &out->len, &err, &st);
		if (!out->data) {
			errno = err;
			return false;
		}
		text_stamp_of(&st, &out->stamp);
	}
	out->mtime_ns = out->stamp.mtime_ns;
	out->on_disk = true;
	out->place = place;
	out->open_name = name;
	return true;
}

/* Read a whole file; false with errno set when it cannot be read. */
static bool read_disk(struct kconfig *kc, const char *path, struct file_text *out)
{
	return read_file(kc, AT_FDCWD, TEXT_CWD, path, out);
}

static void copy_text(const char *text, size_t len, struct file_text *out)
{
	*out = (struct file_text){ .data = xmemdup(text, len), .len = len };
}

static bool read_builtin(const struct kconfig *kc, const char *name,
			 struct file_text *out)
{
	const char *text;
	size_t len;

	if (!kc->opts.builtin_file)
		return false;
	text = kc->opts.builtin_file(name, &len);
	if (!text)
		return false;
	copy_text(text, len, out);
	return true;
}

/* An editor's unsaved text for the file, when the front-end has one. */
static bool read_overlay(const struct kconfig *kc, const char *name,
			 struct file_text *out)
{
	const char *text;
	size_t len;

	if (!kc->opts.overlay_file)
		return false;
	text = kc->opts.overlay_file(kc->opts.overlay_ctx, name, &len);
	if (!text)
		return false;
	copy_text(text, len, out);
	return true;
}

/* dir/name, on the heap (asprintf() costs more than reading a small file). */
static char *join_path(const char *dir, const char *name)
{
	size_t dir_len = strlen(dir), name_len = strlen(name);
	char *path = xmalloc(dir_len + name_len + 2);

	memcpy(path, dir, dir_len);
	path[dir_len] = '/';
	memcpy(path + dir_len + 1, name, name_len + 1);
	return path;
}

/*
 * srctree/name from a descriptor of srctree: Linux 6.12 has ~1,700 files
 * four directories deep in a tree that is itself several deep, and the
 * kernel's walk of a path costs for each of its components.  path is
 * the same file's name as a path, for when srctree is no directory.
 */
static int srctree_dirfd(struct kconfig *kc)
{
	if (kc->srctree_fd == -2)
		kc->srctree_fd = open(kc->opts.srctree,
				      O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return kc->srctree_fd;
}

static bool read_srctree(struct kconfig *kc, const char *name, const char *path,
			 struct file_text *out)
{
	if (srctree_dirfd(kc) < 0) {
		/* path is freed before the parse is done: not for the bundle. */
		bool ok = read_disk(kc, path, out);

		out->on_disk = false;
		return ok;
	}
	return read_file(kc, kc->srctree_fd, TEXT_SRCTREE, name, out);
}

/* Find name (see the top of this file); false with errno set. */
static bool read_named(struct kconfig *kc, const char *name,
		       struct file_text *out)
{
	int saved;
	char *path;
	bool ok;

	if (read_overlay(kc, name, out) || read_builtin(kc, name, out))
		return true;
	if (!local_dirs_may_hold(kc->local_dirs, name))
		errno = ENOENT;		/* what the open would have said */
	else if (read_disk(kc, name, out))
		return true;
	if (name[0] == '/' || !kc->opts.srctree)
		return false;
	saved = errno;
	path = join_path(kc->opts.srctree, name);
	ok = read_overlay(kc, path, out) || read_srctree(kc, name, path, out);
	if (!ok && errno == ENOENT)
		errno = saved;
	free(path);
	return ok;
}

/* --- the list of files read ---------------------------------------------- */

/* Append to kc->files_read; its capacity doubles at each power of two. */
static void note_file_read(struct kconfig *kc, const struct source_file *file)
{
	size_t n = kc->nfiles_read;

	if (n == 0 || (n >= 16 && (n & (n - 1)) == 0)) {
		kc->files_read = xrealloc(kc->files_read,
					 (n ? 2 * n : 16) * sizeof(*kc->files_read));
	}
	kc->files_read[kc->nfiles_read++] = file;
}

/*
 * Keep the first of the files read under each name (names are interned:
 * equal names are equal pointers), in order, as conf lists them.
 */
static void dedupe_files_read(struct kconfig *kc)
{
	size_t nslots = 64, kept = 0;
	const char **seen;

	while (nslots < 2 * kc->nfiles_read)
		nslots *= 2;
	seen = xcalloc(nslots, sizeof(*seen));
	for (size_t i = 0; i < kc->nfiles_read; i++) {
		const char *name = kc->files_read[i]->name;
		size_t slot = ((uintptr_t)name >> 4) & (nslots - 1);

		while (seen[slot] && seen[slot] != name)
			slot = (slot + 1) & (nslots - 1);
		if (seen[slot])
			continue;
		seen[slot] = name;
		kc->files_read[kept++] = kc->files_read[i];
	}
	kc->nfiles_read = kept;
	free(seen);
}

/* --- the source statement ------------------------------------------------ */

static const struct source_file *new_source_file(struct kconfig *kc,
						 const char *name,
						 struct location from,
						 const struct file_text *text)
{
	struct source_file *file = arena_new(&kc->arena, struct source_file);

	file->name = intern(&kc->strings, name);
	file->parent = from.file;
	file->parent_line = from.line;
	/* Text handed over in memory cannot be read again: -1. */
	file->size = text ? text->len : 0;
	file->mtime_ns = text ? text->mtime_ns : -1;
	return file;
}

char *kconfig_read_again(struct kconfig *kc, const struct source_file *file,
			 size_t *len)
{
	struct file_text text;

	if (file->mtime_ns < 0) {
		errno = ENOENT;
		return NULL;
	}
	if (!read_named(kc, file->name, &text))
		return NULL;
	if (text.len != file->size || text.mtime_ns != file->mtime_ns) {
		file_text_release(&text);
		errno = ESTALE;
		return NULL;
	}
	*len = text.len;
	if (text.borrowed)
		text.data = xmemdup(text.data, text.len);
	return text.data;
}

/*
 * A file that is already being read further up the chain of `source`
 * statements would include itself forever: report the chain.
 */
static bool source_loops(struct kconfig *kc, const char *name,
			 struct location from)
{
	const struct source_file *f;

	for (f = from.file; f; f = f->parent)
		if (strcmp(f->name, name) == 0)
			break;
	if (!f)
		return false;
	diag_add(&kc->diags, DIAG_ERROR, from,
		 "recursive inclusion of \"%s\"", name);
	for (f = from.file; f && f->parent; f = f->parent) {
		struct location at = { f->parent, f->parent_line, 0 };

		diag_add(&kc->diags, DIAG_NOTE, at, "\"%s\" is sourced from here",
			 f->name);
	}
	return true;
}

/*
 * Is there a NAME.src for a missing NAME.in?  BusyBox's build writes
 * each directory's Config.in from its Config.src (and the sources).
 */
static bool generated_from_src(struct kconfig *kc, const char *name)
{
	size_t len = strlen(name);
	struct file_text text;
	char *src;
	bool found;

	if (len < 3 || strcmp(name + len - 3, ".in") != 0)
		return false;
	src = xmalloc(len + 2);
	memcpy(src, name, len - 3);
	memcpy(src + len - 3, ".src", 5);
	found = read_named(kc, src, &text);
	if (found)
		file_text_release(&text);
	free(src);
	return found;
}

/*
 * Since Linux 7.0 a file may be sourced once only in the whole tree
 * (repeated_include_error): a second `source` of it is an error, with a
 * note on the first.
 */
static bool source_repeated(struct kconfig *kc, const char *name,
			    struct location from)
{
	const char *interned;

	/* Interned only when asked: its hash of the path is paid per file. */
	if (!kc->dialect->repeated_include_error)
		return false;
	interned = intern(&kc->strings, name);
	for (size_t i = 0; i < kc->nfiles_read; i++) {
		const struct source_file *f = kc->files_read[i];
		struct location first = { f->parent, f->parent_line, 0 };

		if (f->name != interned)
			continue;
		diag_add(&kc->diags, DIAG_ERROR, from,
			 "Repeated inclusion of %s", name);
		diag_add(&kc->diags, DIAG_NOTE, first,
			 "Location of first inclusion of %s", name);
		return true;
	}
	return false;
}

/*
 * A file read goes to the list of the next load's bundle (text_bundle.h),
 * which then owns what was malloc'd; false when it is not listed.  Listed
 * before it is parsed, so that the list is in the order the files are
 * first asked for: the order the next load's check goes in.
 */
static bool list_text(struct kconfig *kc, struct file_text *text)
{
	if (!kc->texts_read || !text->on_disk)
		return false;
	text_list_add(kc->texts_read, text->place, text->open_name, &text->stamp,
		      text->data, text->len, !text->borrowed, !text->borrowed);
	return true;
}

static void parse_one(struct kconfig *kc, struct parser *p,
		      struct menu_node *parent, const char *name,
		      enum source_kind kind, struct location from)
{
	const struct source_file *file;
	struct file_text text;
	bool listed;

	if (source_loops(kc, name, from) || source_repeated(kc, name, from))
		return;
	if (!read_named(kc, name, &text)) {
		if (errno == ENOENT && (kind == SOURCE_OPTIONAL ||
					kind == SOURCE_OPTIONAL_RELATIVE))
			return;
		char why[128];

		/* Forks whose copy of kconfig goes on without the file. */
		if (errno == ENOENT && !kc->dialect->missing_source_error) {
			diag_add(&kc->diags, DIAG_NOTE, from,
				 "skipping \"%s\": no such file (this tree's kconfig goes on without it)",
				 name);
			return;
		}

		int err = errno;
		bool generated = err == ENOENT && generated_from_src(kc, name);

		diag_add(&kc->diags, DIAG_ERROR, from,
			 "can't open file \"%s\": %s%s", name,
			 file_read_error(err, KCONFIG_FILE_MAX,
					 "a Kconfig file", why, sizeof(why)),
			 generated
				? " (the tree's build makes it from the .src beside it: "
				  "run its make, or kbrowse in its O= directory)" : "");
		return;
	}
	file = new_source_file(kc, name, from, &text);
	if (!p && !kc->top_file)
		kc->top_file = file;
	kc->nfiles++;
	note_file_read(kc, file);
	listed = list_text(kc, &text);
	parser_parse(kc, p, parent, file, text.data, text.len);
	if (!listed)
		file_text_release(&text);
}

/* The directory part of a file name, with its '/', or "" (malloc'd). */
static char *dir_of(const char *name)
{
	const char *slash = strrchr(name, '/');

	return xmemdup(name, slash ? (size_t)(slash - name) + 1 : 0);
}

/*
 * Before 4.18 (and in Buildroot) $NAME in a file name is the value of
 * the symbol NAME, which `option env` gave the value of an environment
 * variable: `source "$BR2_BASE_DIR/.config.in"`.  No such symbol gives
 * nothing, as in that kconfig.  The parser cannot compute other
 * symbols' values, so one without `option env` is empty, with a warning.
 * Returns a malloc'd string.
 */
static char *symbol_env_value(struct kconfig *kc, const char *name,
			      size_t len, struct location loc)
{
	char *key = xmemdup(name, len), *ref, *value;
	struct symbol *sym;

	sym = symbol_find(kc, key);
	if (!sym || !(sym->flags & SYMBOL_ENV) || !sym->env_name) {
		if (sym)
			diag_add(&kc->diags, DIAG_WARNING, loc,
				 "$%s: symbol without 'option env' taken as empty",
				 key);
		free(key);
		return xstrdup("");
	}
	free(key);
	ref = xasprintf("$(%s)", sym->env_name);
	value = macro_expand(kc->macros, ref, strlen(ref), loc);
	free(ref);
	return value;
}

/*
 * $VAR and ${VAR} in a file name, from the environment (older kernels
 * wrote `source "arch/$SRCARCH/Kconfig"`).  Read through the macro
 * environment, as $(VAR) would be, so that variables set for the tree
 * count too.  Returns a malloc'd string.
 */
static char *expand_env_refs(struct kconfig *kc, const char *name,
			     struct location loc)
{
	size_t cap = strlen(name) + 1, len = 0;
	char *out = xmalloc(cap);
	const char *s = name;

	while (*s) {
		const char *start, *end;
		char *ref, *value;
		size_t n;
		bool braced = s[0] == '$' && s[1] == '{';

		if (*s != '$') {
			out[len++] = *s++;
			continue;
		}
		start = s + 1 + braced;
		end = start;
		while ((*end >= 'A' && *end <= 'Z') || (*end >= 'a' && *end <= 'z') ||
		       (*end >= '0' && *end <= '9') || *end == '_')
			end++;
		if (end == start || (braced && *end != '}')) {
			out[len++] = *s++;
			continue;
		}
		if (kc->dialect->dollar_var_symbols) {
			value = symbol_env_value(kc, start, end - start, loc);
		} else {
			ref = xasprintf("$(%.*s)", (int)(end - start), start);
			value = macro_expand(kc->macros, ref, strlen(ref), loc);
			free(ref);
		}
		n = strlen(value);
		cap += n;
		out = xrealloc(out, cap);
		memcpy(out + len, value, n);
		len += n;
		free(value);
		s = end + braced;
	}
	out[len] = '\0';
	return out;
}

static bool has_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

/*
 * Glob in the current directory, else under srctree; the names found
 * are made relative to where the pattern was looked up.
 */
static void source_glob(struct kconfig *kc, struct parser *p,
			struct menu_node *parent, const char *pattern,
			enum source_kind kind, struct location from)
{
	const char *srctree = kc->opts.srctree;
	size_t skip = 0;
	glob_t g;
	char *path = NULL;
	int rc;

	rc = glob(pattern, 0, NULL, &g);
	if (rc == GLOB_NOMATCH && srctree && pattern[0] != '/') {
		globfree(&g);
		path = xasprintf("%s/%s", srctree, pattern);
		rc = glob(path, 0, NULL, &g);
		skip = strlen(srctree) + 1;
	}
	if (rc == 0) {
		for (size_t i = 0; i < g.gl_pathc; i++)
			parse_one(kc, p, parent, g.gl_pathv[i] + skip,
				  kind, from);
	} else if (kind == SOURCE_PLAIN || kind == SOURCE_RELATIVE) {
		diag_add(&kc->diags, DIAG_ERROR, from,
			 "no file matches \"%s\"", pattern);
	}
	globfree(&g);
	free(path);
}

void kconfig_source(struct kconfig *kc, struct parser *p,
		    struct menu_node *parent, const char *name,
		    enum source_kind kind, struct location from)
{
	char *expanded = NULL, *joined = NULL;

	/* Kconfiglib expanded the string already and leaves the rest alone. */
	if (strchr(name, '$') && !kc->dialect->string_env_expansion)
		name = expanded = expand_env_refs(kc, name, from);
	if ((kind == SOURCE_RELATIVE || kind == SOURCE_OPTIONAL_RELATIVE) &&
	    from.file && name[0] != '/') {
		char *dir = dir_of(from.file->name);

		joined = xasprintf("%s%s", dir, name);
		free(dir);
		name = joined;
	}
	if (has_glob(name) && !kc->opts.builtin_file)
		source_glob(kc, p, parent, name, kind, from);
	else
		parse_one(kc, p, parent, name, kind, from);
	free(joined);
	free(expanded);
}

/* --- the tree ------------------------------------------------------------ */

/*
 * The speculative pass: the tree read again from the top with the flat
 * scan of parser.c, its commands started in kc's pool (shell_pool.h).
 * Messages and $(info,...) of that pass go nowhere: the real parse
 * says them in their place.
 */
static void speculate(void *ctx)
{
	struct kconfig *kc = ctx;
	struct kconfig_options opts = kc->opts;
	struct kconfig *spec;

	opts.diag_echo = NULL;
	opts.info_out = NULL;
	opts.shell_cache_dir = NULL;
	opts.skip_help = true;
	opts.dialect = kc->dialect;
	opts.dialect_why = kc->dialect_why;
	spec = kconfig_new(&opts);
	spec->speculative = true;
	macro_env_speculate_for(spec->macros, kc->macros);
	kconfig_parse_file(spec, kc->top_name);
	kconfig_free(spec);
}

struct kconfig *kconfig_new(const struct kconfig_options *opts)
{
	struct kconfig *kc = xcalloc(1, sizeof(*kc));

	if (opts)
		kc->opts = *opts;
	arena_init(&kc->arena);
	intern_init(&kc->strings, &kc->arena);
	diag_init(&kc->diags);
	kc->diags.echo = kc->opts.diag_echo;
	if (kc->opts.dialect) {
		kc->dialect = kc->opts.dialect;
		snprintf(kc->dialect_why, sizeof(kc->dialect_why), "%s",
			 kc->opts.dialect_why ? kc->opts.dialect_why : "given");
	} else {
		kc->dialect = dialect_detect_tree(kc->opts.srctree,
						  &kc->patched_dialect,
						  kc->dialect_why,
						  sizeof(kc->dialect_why));
	}
	symbol_table_init(kc);
	kc->root.kind = MENU_ROOT;
	kc->nnodes = 1;
	kc->srctree_fd = -2;
	kc->root.children_tail = &kc->root.children;
	kc->local_dirs = local_dirs_new();
	kc->macros = macro_env_new(&kc->diags, kc->opts.shell_dir,
				   kc->opts.info_out);
	macro_env_set_shell_options(kc->macros, &kc->opts.shell);
	macro_env_set_unknown_functions(kc->macros, kc->dialect->unknown_functions);
	if (kc->opts.shell_cache_dir && !kc->opts.shell.no_shell) {
		kc->shell_cache = shell_cache_open(kc->opts.shell_cache_dir,
						   &kc->diags);
		macro_env_set_shell_cache(kc->macros, kc->shell_cache);
	}
	return kc;
}

void kconfig_free(struct kconfig *kc)
{
	if (!kc)
		return;
	macro_env_free(kc->macros);
	free(kc->files_read);
	if (kc->srctree_fd >= 0)
		close(kc->srctree_fd);
	local_dirs_free(kc->local_dirs);
	shell_cache_close(kc->shell_cache);
	symbol_table_release(kc);
	intern_release(&kc->strings);
	diag_release(&kc->diags);
	arena_release(&kc->arena);
	free(kc);
}

/*
 * The bundle of the files the last load of this tree read, where the
 * $(shell,...) answers are kept, and the list this load makes for the
 * next one.
 */
static void bundle_open(struct kconfig *kc, const char *top)
{
	int dirfd[TEXT_SRCTREE + 1];

	if (kc->speculative || kc->opts.builtin_file || !kc->shell_cache ||
	    kc->opts.no_text_bundle)
		return;
	kc->bundle_path = text_bundle_path(kc->opts.shell_cache_dir,
					   kc->opts.srctree, top);
	kc->bundle = text_bundle_open(kc->bundle_path);
	dirfd[TEXT_CWD] = AT_FDCWD;
	dirfd[TEXT_SRCTREE] = kc->opts.srctree ? srctree_dirfd(kc) : -1;
	text_bundle_check_ahead(kc->bundle, dirfd);
	kc->texts_read = text_list_new();
}

/*
 * Written again when a file was not in it or had changed, after a whole
 * read of the disk's files: not a provisional read that stopped, nor
 * one with an editor's unsaved texts.  Only a cache: a bundle that
 * cannot be written costs the next load its reads, nothing else.
 */
static void bundle_close(struct kconfig *kc)
{
	if (!kc->texts_read)
		return;
	if (text_list_missed(kc->texts_read) && !kc->provisional_refused &&
	    !kc->opts.overlay_file && !kc->diags.errors)
		(void)text_list_write(kc->texts_read, kc->bundle_path);
	text_list_free(kc->texts_read);
	kc->texts_read = NULL;
	text_bundle_close(kc->bundle);
	kc->bundle = NULL;
	free(kc->bundle_path);
	kc->bundle_path = NULL;
}

void kconfig_parse_file(struct kconfig *kc, const char *name)
{
	struct location from = { 0 };

	if (!kc->speculative && !kc->opts.builtin_file) {
		kc->top_name = name;
		macro_env_set_speculation(kc->macros, speculate, kc);
	}
	bundle_open(kc, name);
	kconfig_source(kc, NULL, &kc->root, name, SOURCE_PLAIN, from);
	bundle_close(kc);
	macro_env_set_speculation(kc->macros, NULL, NULL);
	dedupe_files_read(kc);
}

void kconfig_parse_text(struct kconfig *kc, const char *name,
			const char *text, size_t len)
{
	struct location from = { 0 };
	const struct source_file *file = new_source_file(kc, name, from, NULL);
	char *copy = xmemdup(text, len);

	if (!kc->top_file)
		kc->top_file = file;
	kc->nfiles++;
	note_file_read(kc, file);
	parser_parse(kc, NULL, &kc->root, file, copy, len);
	free(copy);
	dedupe_files_read(kc);
}

struct kconfig *kconfig_load(const struct kconfig_options *opts)
{
	struct kconfig *kc = kconfig_new(opts);

	kconfig_parse_file(kc, kc->opts.kconfig ? kc->opts.kconfig : "Kconfig");
	if (!kc->root.prompt) {
		/* As the kernel: a tree without `mainmenu` is the "Main menu". */
		struct property *prop = property_new(kc, NULL, P_MENU,
						     (struct location){ 0 });

		prop->node = &kc->root;
		prop->text = "Main menu";
		kc->root.prompt = prop;
	}
	/* The commands' progress line, if one was shown, goes. */
	macro_env_shell_done(kc->macros);
	kconfig_finish(kc);
	return kc;
}
