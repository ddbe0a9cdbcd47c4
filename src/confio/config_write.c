// SPDX-License-Identifier: GPL-2.0
/*
 * Writing .config and defconfig files, byte for byte as the kernel's
 * conf writes them.
 *
 * .config: a header naming the tree (its `mainmenu`), then the menu tree
 * in order: each visible menu and comment as a "# title" block, each
 * symbol conf would write once (at its first entry), "# end of title"
 * after each visible menu.  n is written "# CONFIG_FOO is not set".
 *
 * defconfig: only what differs from what the tree would choose by
 * itself, so that reading it back gives the same configuration.
 */
#define _GNU_SOURCE	/* mkostemps() */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config_internal.h"
#include "config_io.h"
#include "file_read.h"
#include "util.h"

void config_write_escaped(FILE *out, const char *value)
{
	putc('"', out);
	for (; *value; value++) {
		if (*value == '"' || *value == '\\')
			putc('\\', out);
		putc(*value, out);
	}
	putc('"', out);
}

static void write_symbol(struct config *cfg, FILE *out, const char *prefix,
			 const struct symbol *sym)
{
	const char *value;

	if (sym->type == S_UNKNOWN)
		return;
	value = config_str(cfg, sym);
	if (type_is_bool_or_tristate(sym->type) && value[0] == 'n') {
		fputs("# ", out);
		fputs(prefix, out);
		fputs(sym->name, out);
		fputs(" is not set\n", out);
		return;
	}
	fputs(prefix, out);
	fputs(sym->name, out);
	putc('=', out);
	if (sym->type == S_STRING)
		config_write_escaped(out, value);
	else
		fputs(value, out);
	putc('\n', out);
}

static const char *tree_title(const struct kconfig *kc)
{
	if (kc->root.prompt && kc->root.prompt->text)
		return kc->root.prompt->text;
	return "Main menu";
}

struct dotconfig_writer {
	struct config *cfg;
	FILE *out;
	const char *prefix;
	unsigned char *written;		/* by symbol index */
	bool need_newline;		/* a blank line before the next value */
};

static bool is_symbol_entry(const struct menu_node *node)
{
	return node->sym && node->kind != MENU_ROOT && node->kind != MENU_IF;
}

static void write_entry(struct dotconfig_writer *w, const struct menu_node *node)
{
	const struct menu_node *child;
	const struct symbol *sym = node->sym;

	if (!is_symbol_entry(node)) {
		if (config_node_visible(w->cfg, node)) {
			fprintf(w->out, "\n#\n# %s\n#\n", node->prompt->text);
			w->need_newline = false;
		}
	} else if (!(sym->flags & SYMBOL_CHOICE) && !w->written[sym->index] &&
		   config_written(w->cfg, sym)) {
		if (w->need_newline) {
			putc('\n', w->out);
			w->need_newline = false;
		}
		w->written[sym->index] = 1;
		write_symbol(w->cfg, w->out, w->prefix, sym);
	}

	for (child = node->children; child; child = child->next)
		write_entry(w, child);

	if (!is_symbol_entry(node) && node->prompt &&
	    node->prompt->type == P_MENU &&
	    w->cfg->kc->dialect->end_of_menu_lines &&
	    config_node_visible(w->cfg, node)) {
		fprintf(w->out, "# end of %s\n", node->prompt->text);
		w->need_newline = true;
	}
}

int config_write_stream(struct config *cfg, FILE *out, const char *prefix)
{
	struct dotconfig_writer w = { .cfg = cfg, .out = out, .prefix = prefix };
	const struct menu_node *node;

	w.written = xcalloc(cfg->kc->nsymbols + 1, 1);
	fprintf(out, "#\n# Automatically generated file; DO NOT EDIT.\n# %s\n#\n",
		tree_title(cfg->kc));
	for (node = cfg->kc->root.children; node; node = node->next)
		write_entry(&w, node);
	free(w.written);
	return ferror(out) ? -1 : 0;
}

/*
 * Is this choice member the one its choice would pick by itself?  Before
 * Linux 6.11 conf left out only a bool member of a choice that is not
 * `optional` (sh's optional "Kernel command line" choice keeps its
 * default member in savedefconfig).
 */
static bool is_choice_default(struct config *cfg, const struct symbol *sym)
{
	if (cfg->kc->dialect->legacy_choices && symbol_is_choice_member(sym) &&
	    (sym->type != S_BOOLEAN ||
	     (sym->choice->sym && (sym->choice->sym->flags & SYMBOL_OPTIONAL))))
		return false;
	return symbol_is_choice_member(sym) &&
	       config_choice_default(cfg, sym->choice) == sym &&
	       config_tri(cfg, sym) == TRI_YES;
}

int config_write_defconfig_stream(struct config *cfg, FILE *out,
				  const char *prefix)
{
	const struct menu_node *root = &cfg->kc->root, *node;
	unsigned char *done = xcalloc(cfg->kc->nsymbols + 1, 1);

	for (node = root->children; node; node = menu_next(root, node)) {
		const struct symbol *sym = node->sym;

		if (!is_symbol_entry(node) || (sym->flags & SYMBOL_CHOICE))
			continue;
		/* A symbol counts once, at its first entry conf writes. */
		if (done[sym->index] || !config_written(cfg, sym))
			continue;
		done[sym->index] = 1;
		if (!config_changeable(cfg, sym))
			continue;
		if (strcmp(config_str(cfg, sym), config_default_str(cfg, sym)) == 0)
			continue;
		if (is_choice_default(cfg, sym))
			continue;
		write_symbol(cfg, out, prefix, sym);
	}
	free(done);
	return ferror(out) ? -1 : 0;
}

/* --- files ------------------------------------------------------------------ */

/* Create the directories leading to path, as conf does. */
static int make_parent_dirs(const char *path)
{
	char *copy = xstrdup(path), *slash, *p;
	int ret = 0;

	slash = strrchr(copy, '/');
	if (!slash) {
		free(copy);
		return 0;
	}
	slash[1] = '\0';
	for (p = copy; *p == '/'; p++)
		;
	while ((p = strchr(p, '/'))) {
		struct stat st;

		*p = '\0';
		if (stat(copy, &st) == 0 ? !S_ISDIR(st.st_mode)
					 : mkdir(copy, 0755) != 0) {
			if (errno == EEXIST || stat(copy, &st) == 0)
				errno = ENOTDIR;
			ret = -1;
			break;
		}
		*p = '/';
		while (*p == '/')
			p++;
	}
	free(copy);
	return ret;
}

/* Write all of len bytes to fd at offset; false with errno set. */
static bool write_all(int fd, const char *data, size_t len, off_t offset)
{
	while (len) {
		ssize_t n = pwrite(fd, data, len, offset);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = ENOSPC;
			return false;
		}
		data += n;
		len -= (size_t)n;
		offset += n;
	}
	return true;
}

/*
 * KCONFIG_OVERWRITECONFIG: the file itself is rewritten (it may be a
 * symlink the user keeps elsewhere).  New bytes are written over the old
 * ones and the file cut to length only at the end; if writing fails (a
 * full disk), the old bytes, which fit in the space the file had, are
 * put back, so the file is never left half written.
 */
static bool overwrite_in_place(const char *name, const char *text, size_t len,
			       const char *old, size_t old_len, char *err,
			       size_t errlen)
{
	int fd = open(name, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
	int saved;

	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", name, strerror(errno));
		return false;
	}
	if (write_all(fd, text, len, 0) && ftruncate(fd, (off_t)len) == 0 &&
	    fsync(fd) == 0 && close(fd) == 0)
		return true;
	saved = errno;
	if (old && write_all(fd, old, old_len, 0) &&
	    ftruncate(fd, (off_t)old_len) == 0)
		snprintf(err, errlen, "%s: %s (the file keeps its old contents)",
			 name, strerror(saved));
	else
		snprintf(err, errlen, "%s: %s", name, strerror(saved));
	close(fd);
	return false;
}

enum config_write_result config_write_file(struct config *cfg, const char *name,
					   const char *prefix, bool in_place,
					   char *err, size_t errlen)
{
	char *text = NULL, *old = NULL, *tmpname = NULL, *oldname;
	char dummy[8], why[128];
	size_t len = 0, old_len = 0;
	enum config_write_result result = CONFIG_WRITE_FAILED;
	mode_t mode, mask;
	struct stat st;
	bool exists;
	FILE *mem;
	int fd, read_err;

	if (!err) {
		err = dummy;
		errlen = sizeof(dummy);
	}
	if (errlen)
		err[0] = '\0';
	if (!*name) {
		snprintf(err, errlen, "config name is empty");
		return CONFIG_WRITE_FAILED;
	}
	exists = stat(name, &st) == 0;
	if (exists && S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: Is a directory", name);
		return CONFIG_WRITE_FAILED;
	}
	/*
	 * The file there is read first: to say "unchanged", to restore it
	 * if an in-place write fails, and above all to refuse replacing a
	 * file that cannot be read (its values were never loaded, so the
	 * new file would silently drop them).
	 */
	if (exists) {
		old = file_read(name, FILE_READ_MAX, &old_len, &read_err);
		if (!old && !(in_place && !S_ISREG(st.st_mode) &&
			      read_err == EINVAL)) {
			snprintf(err, errlen, "%s could not be read (%s): not "
				 "replacing it", name,
				 file_read_error(read_err, FILE_READ_MAX,
						 "a .config", why, sizeof(why)));
			return CONFIG_WRITE_FAILED;
		}
	}
	if (make_parent_dirs(name)) {
		snprintf(err, errlen, "%s: cannot create its directory: %s",
			 name, strerror(errno));
		goto out;
	}
	/* All of it in memory first: a failed write leaves no half file. */
	mem = open_memstream(&text, &len);
	if (!mem)
		out_of_memory();
	if (config_write_stream(cfg, mem, prefix) != 0 || fclose(mem) != 0) {
		snprintf(err, errlen, "%s: the configuration could not be "
			 "formatted", name);
		goto out;
	}
	if (old && old_len == len && memcmp(old, text, len) == 0) {
		result = CONFIG_UNCHANGED;
		goto out;
	}
	if (in_place) {
		if (overwrite_in_place(name, text, len, old, old_len, err, errlen))
			result = CONFIG_WRITTEN;
		goto out;
	}

	/*
	 * A new file beside it, created exclusively (never through a link
	 * someone placed there), with the old file's permissions.
	 */
	tmpname = xmalloc(strlen(name) + 16);
	sprintf(tmpname, "%s.XXXXXX.tmp", name);
	fd = mkostemps(tmpname, 4, O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot create a temporary file: %s",
			 name, strerror(errno));
		goto out;
	}
	mask = umask(0);
	umask(mask);
	mode = exists ? st.st_mode & 07777 : 0666 & ~mask;
	if (fchmod(fd, mode) != 0 || !write_all(fd, text, len, 0) ||
	    fsync(fd) != 0) {
		snprintf(err, errlen, "%s: %s", name, strerror(errno));
		close(fd);
		unlink(tmpname);
		goto out;
	}
	if (close(fd) != 0) {
		snprintf(err, errlen, "%s: %s", name, strerror(errno));
		unlink(tmpname);
		goto out;
	}
	if (exists) {
		oldname = xmalloc(strlen(name) + 5);
		sprintf(oldname, "%s.old", name);
		if (rename(name, oldname) != 0)
			/* Not fatal, as for conf; but said. */
			snprintf(err, errlen, "no backup kept: %s: %s", oldname,
				 strerror(errno));
		free(oldname);
	}
	if (rename(tmpname, name) != 0) {
		snprintf(err, errlen, "%s: %s", name, strerror(errno));
		unlink(tmpname);
		goto out;
	}
	result = CONFIG_WRITTEN;
out:
	free(text);
	free(old);
	free(tmpname);
	return result;
}
