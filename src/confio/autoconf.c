// SPDX-License-Identifier: GPL-2.0
/*
 * The build files conf writes beside .config, byte for byte as conf:
 * always for --syncconfig (what make runs before a build), else when the
 * object tree has none yet (include/config/auto.conf missing):
 *
 *   include/config/auto.conf.cmd   the Kconfig files read and the
 *                                  environment variables they read
 *   include/config/FOO             an empty file per symbol whose value
 *                                  differs from the old auto.conf's
 *   include/generated/autoconf.h   #define CONFIG_FOO 1, ...
 *   include/generated/rustc_cfg    --cfg=CONFIG_FOO ...
 *   include/config/auto.conf       CONFIG_FOO=y, ... (written last)
 *
 * The symbols come in the order of the kernel's symbol hash table (FNV-1
 * of the name, 16384 buckets, the newest first in a bucket), since the
 * files list them that way.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "autoconf.h"
#include "config_io.h"
#include "file_replace.h"
#include "macro.h"
#include "util.h"
#include "symbol_order.h"
#include "finish.h"

/* The symbols conf writes (SYMBOL_WRITE, named), in its table order. */
static const struct symbol **written_symbols(struct config *cfg, size_t *count)
{
	size_t n = 0, total;
	const struct symbol **list = kernel_table_order(config_tree(cfg), &total);

	for (size_t i = 0; i < total; i++) {
		const struct symbol *sym = list[i];

		if (sym->name && !(sym->flags & (SYMBOL_CONST | SYMBOL_CHOICE)) &&
		    config_written(cfg, sym))
			list[n++] = sym;
	}
	*count = n;
	return list;
}

/* --- the Kconfig files read, in the order they were opened ------------------ */

struct file_list {
	const char **names;	/* interned by the loader: compared as pointers */
	size_t count, cap;
	const struct source_file *last;	/* most entries follow their neighbour's */
};

static bool file_listed(const struct file_list *list, const char *name)
{
	for (size_t i = list->count; i > 0; i--)
		if (list->names[i - 1] == name)
			return true;
	return false;
}

static void add_file(struct file_list *list, const struct source_file *file)
{
	if (!file || file == list->last)
		return;
	if (!file_listed(list, file->name)) {
		/* A file is opened after the files that source it. */
		add_file(list, file->parent);
		if (list->count == list->cap) {
			list->cap = list->cap ? list->cap * 2 : 64;
			list->names = xrealloc(list->names,
					      list->cap * sizeof(*list->names));
		}
		list->names[list->count++] = file->name;
	}
	list->last = file;
}

/*
 * Files in the order conf opened them: the order of the first entry
 * written in each (or in a file it sources), which is the order of the
 * `source` statements.
 */
static void collect_files(const struct kconfig *kc, struct file_list *list)
{
	const struct menu_node *node;

	if (kc->nfiles_read) {
		for (size_t i = 0; i < kc->nfiles_read; i++)
			add_file(list, kc->files_read[i]);
		return;
	}
	add_file(list, kc->top_file);
	for (node = &kc->root; node; node = menu_next(&kc->root, node)) {
		const struct property *prop;

		add_file(list, node->loc.file);
		if (node->sym && node->kind != MENU_ROOT)
			for (prop = node->sym->props; prop; prop = prop->next)
				if (prop->node == node)
					add_file(list, prop->loc.file);
		add_file(list, node->end_loc.file);
	}
}

/* --- writing ------------------------------------------------------------------ */

/* mkdir -p of the directory part of path. */
static int make_parents(const char *path)
{
	char *copy = xstrdup(path), *p;
	int ret = 0;

	for (p = copy + 1; (p = strchr(p, '/')); p++) {
		struct stat st;

		*p = '\0';
		if (stat(copy, &st) != 0 && mkdir(copy, 0755) != 0 &&
		    errno != EEXIST) {
			ret = -1;
			*p = '/';
			break;
		}
		*p = '/';
	}
	free(copy);
	return ret;
}

/*
 * Each file is written aside and renamed (file_replace.h), as conf does,
 * but under a name no one can guess or plant a link at; with conf's mode
 * (0666 less the umask).  A failure is said on stderr, as conf's perror().
 */
static FILE *open_replacement(struct file_replace *r, const char *name)
{
	char why[512];
	FILE *out;

	if (make_parents(name)) {
		fprintf(stderr, "%s: cannot create its directory: %s\n", name,
			strerror(errno));
		return NULL;
	}
	out = file_replace_open(r, name, FILE_REPLACE_NEW, false);
	if (!out)
		fprintf(stderr, "%s\n", file_replace_error(r, why, sizeof(why)));
	return out;
}

static int commit_replacement(struct file_replace *r)
{
	char why[512];

	if (file_replace_commit(r) == 0)
		return 0;
	fprintf(stderr, "%s\n", file_replace_error(r, why, sizeof(why)));
	return -1;
}

static int write_cmd_file(struct config *cfg, const char *autoconf)
{
	struct kconfig *kc = config_tree(cfg);
	struct file_list files = { 0 };
	size_t len = strlen(autoconf) + 5;
	char *name = xmalloc(len);
	struct file_replace replace;
	const char **vars;
	size_t nvars;
	FILE *out;
	int ret;

	snprintf(name, len, "%s.cmd", autoconf);
	out = open_replacement(&replace, name);
	if (!out) {
		free(name);
		return -1;
	}
	fprintf(out, "autoconfig := %s\n", autoconf);
	fputs("\ndeps_config := \\\n", out);
	collect_files(kc, &files);
	for (size_t i = 0; i < files.count; i++)
		fprintf(out, "\t%s \\\n", files.names[i]);
	free(files.names);
	fputs("\n$(autoconfig): $(deps_config)\n$(deps_config): ;\n", out);
	nvars = kc->macros ? macro_env_vars_used(kc->macros, &vars) : 0;
	for (size_t i = 0; i < nvars; i++)
		fprintf(out, "\nifneq \"$(%s)\" \"%s\"\n$(autoconfig): FORCE\nendif\n",
			vars[i], macro_env_used_value(kc->macros, i));
	ret = commit_replacement(&replace);
	free(name);
	return ret;
}

/* --- include/config/FOO: one empty file per symbol whose value changed -------- */

/*
 * What the auto.conf of the last build said, by symbol index: the text
 * of each symbol's valid line (the last one), read as conf reads it
 * (no unquoting; a value its type refuses does not count).
 */
struct old_autoconf {
	const char **values;	/* NULL: no (valid) line */
};

/* Where the markers go: the directory of auto.conf, with its slash. */
static char *marker_path(const char *autoconf, const char *name)
{
	const char *slash = strrchr(autoconf, '/');
	size_t dir_len = slash ? (size_t)(slash - autoconf) + 1 : 0;
	char *path = xmalloc(dir_len + strlen(name) + 1);

	memcpy(path, autoconf, dir_len);
	strcpy(path + dir_len, name);
	return path;
}

/*
 * Create (or empty) one marker.  Never through a planted link, and only
 * for names a symbol can have: a line of an old auto.conf naming
 * "../x" must not reach outside include/config.
 */
static int touch_marker(const char *autoconf, const char *name)
{
	char *path;
	int fd;

	if (!*name || strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			     "0123456789_") != strlen(name))
		return 0;
	path = marker_path(autoconf, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		free(path);
		return -1;
	}
	close(fd);
	free(path);
	return 0;
}

/* Is text a value conf takes from auto.conf for sym's type? */
static bool old_value_valid(const struct symbol *sym, const char *text)
{
	switch (sym->type) {
	case S_TRISTATE:
		return text[0] == 'm' || text[0] == 'y' || text[0] == 'n';
	case S_BOOLEAN:
		return text[0] == 'y' || text[0] == 'n';
	case S_STRING:
		return true;
	case S_INT:
	case S_HEX:
		return symbol_text_valid(sym->type, text);
	default:
		return false;
	}
}

/* One line of the old auto.conf; names no symbol has any more are touched. */
static int read_old_line(struct kconfig *kc, struct old_autoconf *old,
			 const char *autoconf, const char *prefix, char *line)
{
	size_t prefix_len = strlen(prefix);
	const struct symbol *sym;
	const char *value;
	char *name, *end;

	if (line[0] == '#') {
		if (line[1] != ' ' || strncmp(line + 2, prefix, prefix_len) != 0)
			return 0;
		name = line + 2 + prefix_len;
		end = strchr(name, ' ');
		if (!end || strcmp(end, " is not set") != 0)
			return 0;
		*end = '\0';
		value = "n";
	} else {
		if (strncmp(line, prefix, prefix_len) != 0)
			return 0;
		name = line + prefix_len;
		end = strchr(name, '=');
		if (!end)
			return 0;
		*end = '\0';
		value = end + 1;
	}
	sym = symbol_find(kc, name);
	if (!sym)
		return touch_marker(autoconf, name);
	if (old_value_valid(sym, value))
		old->values[sym->index] = xstrdup(value);
	return 0;
}

static int read_old_autoconf(struct kconfig *kc, struct old_autoconf *old,
			     const char *autoconf, const char *prefix)
{
	FILE *in = config_open_input(autoconf, kc->opts.srctree);
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int ret = 0;

	old->values = xcalloc(kc->nsymbols, sizeof(*old->values));
	if (!in)
		return 0;
	while (ret == 0 && (len = getline(&line, &cap, in)) != -1) {
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len > 0 && line[len - 1] == '\r')
			line[--len] = '\0';
		if (line[0])
			ret = read_old_line(kc, old, autoconf, prefix, line);
	}
	free(line);
	fclose(in);
	return ret;
}

/* Did sym's value change since the old auto.conf (or appear, or go)? */
static bool marker_needed(struct config *cfg, const struct symbol *sym,
			  const char *old)
{
	bool written = config_written(cfg, sym);

	if (!written)
		return old != NULL;
	if (old) {
		if (type_is_bool_or_tristate(sym->type))
			return config_tri(cfg, sym) !=
			       (old[0] == 'y' ? TRI_YES : old[0] == 'm' ? TRI_MOD : TRI_NO);
		return strcmp(config_str(cfg, sym), old) != 0;
	}
	/* No old value: only n (not in auto.conf) is no change. */
	return !type_is_bool_or_tristate(sym->type) || config_tri(cfg, sym) != TRI_NO;
}

/*
 * Touch include/config/FOO for each symbol whose value differs from what
 * the old auto.conf said, so that make rebuilds what depends on it.
 */
static int touch_symbol_files(struct config *cfg, const char *autoconf,
			      const char *prefix)
{
	struct kconfig *kc = config_tree(cfg);
	struct old_autoconf old = { 0 };
	int ret = read_old_autoconf(kc, &old, autoconf, prefix);

	for (size_t i = 0; ret == 0 && i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];

		if (!sym->name || (sym->flags & (SYMBOL_CONST | SYMBOL_CHOICE)))
			continue;
		if (sym->type == S_UNKNOWN && !old.values[i])
			continue;
		if (marker_needed(cfg, sym, old.values[i]))
			ret = touch_marker(autoconf, sym->name);
	}
	for (size_t i = 0; i < kc->nsymbols; i++)
		free((char *)old.values[i]);
	free(old.values);
	return ret;
}

enum autoconf_style { STYLE_C, STYLE_RUST, STYLE_MAKE };

static bool has_hex_prefix(const char *value)
{
	return value[0] == '0' && (value[1] == 'x' || value[1] == 'X');
}

static void write_autoconf_symbol(struct config *cfg, FILE *out,
				  const char *prefix, const struct symbol *sym,
				  enum autoconf_style style)
{
	const char *value;

	if (sym->type == S_UNKNOWN)
		return;
	value = config_str(cfg, sym);
	if (type_is_bool_or_tristate(sym->type) && value[0] == 'n')
		return;
	switch (style) {
	case STYLE_C:
		fprintf(out, "#define %s%s", prefix, sym->name);
		if (type_is_bool_or_tristate(sym->type)) {
			fprintf(out, "%s 1\n", value[0] == 'm' ? "_MODULE" : "");
			return;
		}
		putc(' ', out);
		if (sym->type == S_HEX && !has_hex_prefix(value))
			fputs("0x", out);
		if (sym->type == S_STRING)
			config_write_string(cfg, out, value);
		else
			fputs(value, out);
		putc('\n', out);
		return;
	case STYLE_RUST:
		if (type_is_bool_or_tristate(sym->type))
			fprintf(out, "--cfg=%s%s\n", prefix, sym->name);
		fprintf(out, "--cfg=%s%s=", prefix, sym->name);
		if (sym->type == S_HEX && !has_hex_prefix(value)) {
			char *prefixed = xmalloc(strlen(value) + 3);

			strcpy(prefixed, "0x");
			strcat(prefixed, value);
			config_write_escaped(out, prefixed);
			free(prefixed);
		} else {
			config_write_escaped(out, value);
		}
		putc('\n', out);
		return;
	case STYLE_MAKE:
		/* auto.conf keeps strings as they are, quotes and all. */
		fprintf(out, "%s%s=%s\n", prefix, sym->name, value);
		return;
	}
}

static int write_symbols_file(struct config *cfg, const char *name,
			      const char *prefix, const struct symbol **list,
			      size_t count, enum autoconf_style style)
{
	struct file_replace replace;
	FILE *out = open_replacement(&replace, name);

	if (!out)
		return -1;
	if (style == STYLE_C) {
		fputs("/*\n * Automatically generated file; DO NOT EDIT.\n * ", out);
		config_write_title(cfg, out);
		fputs("\n */\n", out);
	} else if (style == STYLE_MAKE) {
		fputs("#\n# Automatically generated file; DO NOT EDIT.\n# ", out);
		config_write_title(cfg, out);
		fputs("\n#\n", out);
	}
	for (size_t i = 0; i < count; i++)
		write_autoconf_symbol(cfg, out, prefix, list[i], style);
	return commit_replacement(&replace);
}

int autoconf_write(struct config *cfg, const struct config_io_options *io,
		   bool overwrite)
{
	const char *prefix = io->prefix;
	const char *autoconf = io->autoconf ? io->autoconf
					    : "include/config/auto.conf";
	const struct symbol **list;
	struct stat st;
	size_t count;
	int ret;

	if (!overwrite && stat(autoconf, &st) == 0)
		return 0;
	if (write_cmd_file(cfg, autoconf))
		return -1;
	list = written_symbols(cfg, &count);
	ret = touch_symbol_files(cfg, autoconf, prefix);
	if (!ret)
		ret = write_symbols_file(cfg, io->autoheader ? io->autoheader :
					 "include/generated/autoconf.h",
					 prefix, list, count, STYLE_C);
	if (!ret)
		ret = write_symbols_file(cfg, io->rustccfg ? io->rustccfg :
					 "include/generated/rustc_cfg",
					 prefix, list, count, STYLE_RUST);
	/* Last: the build takes auto.conf as the sign that all is written. */
	if (!ret)
		ret = write_symbols_file(cfg, autoconf, prefix, list, count,
					 STYLE_MAKE);
	free(list);
	return ret;
}
