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
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config_io.h"
#include "dotconfig_plan.h"
#include "file_read.h"
#include "file_replace.h"
#include "strbuf.h"
#include "util.h"

static void add_escaped(struct strbuf *out, const char *value)
{
	strbuf_addc(out, '"');
	for (; *value; value++) {
		if (*value == '"' || *value == '\\')
			strbuf_addc(out, '\\');
		strbuf_addc(out, *value);
	}
	strbuf_addc(out, '"');
}

void config_write_escaped(FILE *out, const char *value)
{
	struct strbuf text = { 0 };

	add_escaped(&text, value);
	fwrite(text.data, 1, text.len, out);
	strbuf_release(&text);
}

/* A string value as the dialect writes it: escaped, or raw (U-Boot). */
static void add_string(const struct config *cfg, struct strbuf *out,
		       const char *value)
{
	if (!config_tree(cfg)->dialect->raw_strings) {
		add_escaped(out, value);
		return;
	}
	strbuf_addc(out, '"');
	strbuf_adds(out, value);
	strbuf_addc(out, '"');
}

void config_write_string(const struct config *cfg, FILE *out,
			 const char *value)
{
	struct strbuf text = { 0 };

	add_string(cfg, &text, value);
	fwrite(text.data, 1, text.len, out);
	strbuf_release(&text);
}

/* A symbol's name after the prefix: the plan knows the lengths. */
struct line_stem {
	const char *prefix;
	size_t prefix_len;
	const char *name;
	size_t name_len;
};

static void add_stem(struct strbuf *out, const struct line_stem *stem)
{
	strbuf_add(out, stem->prefix, stem->prefix_len);
	strbuf_add(out, stem->name, stem->name_len);
}

/*
 * The files are built in memory (a strbuf, not a stdio memory stream:
 * those copy a few bytes at a time, and a .config is thousands of lines).
 */
/* value: the symbol's, when the caller has it already; else NULL. */
static void write_symbol(struct config *cfg, struct strbuf *out,
			 const struct line_stem *stem, const struct symbol *sym,
			 const char *value)
{
	if (sym->type == S_UNKNOWN)
		return;
	if (!value)
		value = config_str(cfg, sym);
	if (type_is_bool_or_tristate(sym->type) && value[0] == 'n') {
		strbuf_add(out, "# ", 2);
		add_stem(out, stem);
		strbuf_add(out, " is not set\n", 12);
		return;
	}
	/* BusyBox's writer gives an int with no value 0 (its hex stays empty). */
	if (sym->type == S_INT && !value[0] &&
	    config_tree(cfg)->dialect->write_every_symbol)
		value = "0";
	add_stem(out, stem);
	strbuf_addc(out, '=');
	if (sym->type == S_HEX && value[0] &&
	    config_tree(cfg)->dialect->hex_visible_prefixed &&
	    !(value[0] == '0' && (value[1] == 'x' || value[1] == 'X')) &&
	    config_visibility(cfg, sym) != TRI_NO)
		strbuf_adds(out, "0x");
	if (sym->type == S_STRING)
		add_string(cfg, out, value);
	else if (type_is_bool_or_tristate(sym->type))
		strbuf_addc(out, value[0]);	/* "y" or "m" */
	else
		strbuf_adds(out, value);
	strbuf_addc(out, '\n');
}

/* Write what was built to a stream; -1 when the stream failed. */
static int flush_text(struct strbuf *text, FILE *out)
{
	if (text->len)
		fwrite(text->data, 1, text->len, out);
	strbuf_release(text);
	return ferror(out) ? -1 : 0;
}

static const char *tree_title(const struct kconfig *kc)
{
	if (kc->root.prompt && kc->root.prompt->text)
		return kc->root.prompt->text;
	return "Main menu";
}

/*
 * The value $NAME gives in the main menu's prompt.  That kconfig
 * replaced it once parsing ended, before dependencies were finished and
 * before any .config was read: an `option env` symbol has its variable's
 * value; another has the value of its first default when that has no
 * `if` (NuttX's "NuttX/$ARCH", whose defaults all name choice members,
 * still n then, reads "NuttX/").  No such symbol: nothing.  A first
 * default with a condition is taken as giving nothing, which is what
 * that kconfig computes when the condition names symbols without a
 * default y: an approximation, since it evaluated the conditions.
 */
static const char *title_value(struct config *cfg, const struct symbol *sym)
{
	const struct property *prop;

	if (!sym)
		return "";
	if (sym->flags & SYMBOL_ENV)
		return config_str(cfg, sym);
	for (prop = sym->props; prop; prop = prop->next) {
		if (prop->type != P_DEFAULT)
			continue;
		if (prop->cond || !prop->expr || prop->expr->op != E_SYMBOL ||
		    !(prop->expr->sym->flags & SYMBOL_CONST))
			return "";
		return prop->expr->sym->name;
	}
	return "";
}

/*
 * The title as the header shows it.  Before 4.18 (and in Buildroot) the
 * main menu's prompt has its $NAME references replaced by the values
 * of the symbols they name ("Buildroot $BR2_VERSION Configuration").
 */
static void add_title(struct config *cfg, struct strbuf *out)
{
	const char *s = tree_title(config_tree(cfg));

	if (config_tree(cfg)->dialect->header != HEADER_MAINMENU_EXPANDED) {
		strbuf_adds(out, s);
		return;
	}
	while (*s) {
		const char *end = s + 1;
		const struct symbol *sym;
		char *name;

		if (*s != '$') {
			strbuf_addc(out, *s++);
			continue;
		}
		while (*end == '_' || (*end >= 'A' && *end <= 'Z') ||
		       (*end >= 'a' && *end <= 'z') || (*end >= '0' && *end <= '9'))
			end++;
		name = xmalloc((size_t)(end - s));
		memcpy(name, s + 1, (size_t)(end - s - 1));
		name[end - s - 1] = '\0';
		sym = symbol_find(config_tree(cfg), name);
		strbuf_adds(out, title_value(cfg, sym));
		free(name);
		s = end;
	}
}

char *config_title_text(struct config *cfg)
{
	struct strbuf text = { 0 };

	add_title(cfg, &text);
	return strbuf_take(&text);
}

void config_write_title(struct config *cfg, FILE *out)
{
	struct strbuf text = { 0 };

	add_title(cfg, &text);
	fwrite(text.data, 1, text.len, out);
	strbuf_release(&text);
}

/*
 * Is the node a symbol's entry (a config, menuconfig or choice), not a
 * menu, comment or `if` block?
 */
static bool is_symbol_entry(const struct menu_node *node)
{
	return node->sym && node->kind != MENU_ROOT && node->kind != MENU_IF;
}


/* The plan's items in order, each asking only the values (dotconfig_plan.c). */
static void write_planned(struct config *cfg, struct strbuf *out,
			  const char *prefix, const struct dotconfig_plan *plan)
{
	bool every_symbol = config_tree(cfg)->dialect->write_every_symbol;
	/* By item: was this menu's title written (read at its end)? */
	unsigned char *shown = xmalloc(plan->n + 1);
	unsigned char *written = xmalloc(plan->nsymbols + 1);
	bool need_newline = false;	/* a blank line before the next value */
	struct line_stem stem = { .prefix = prefix, .prefix_len = strlen(prefix) };

	if (every_symbol || !config_written_list(cfg, plan->symbols, plan->nsymbols,
						 written)) {
		free(written);
		written = NULL;
	}
	for (size_t i = 0; i < plan->n; i++) {
		const struct plan_item *item = &plan->items[i];
		const struct menu_node *node = item->node;
		const char *value;

		switch (item->kind) {
		case PLAN_TITLE:
			shown[i] = config_node_visible(cfg, node);
			if (shown[i]) {
				strbuf_adds(out, "\n#\n# ");
				strbuf_adds(out, node->prompt->text);
				strbuf_adds(out, "\n#\n");
				need_newline = false;
			}
			break;
		case PLAN_SYMBOL:
			/* written[]: 0, or 1 + the value (config_written_list()) */
			value = NULL;
			if (written) {
				if (!written[item->slot])
					break;
				if (type_is_bool_or_tristate(node->sym->type))
					value = tri_text((tristate)(written[item->slot] - 1));
			} else if (!every_symbol && !config_written(cfg, node->sym)) {
				break;
			}
			if (need_newline) {
				strbuf_addc(out, '\n');
				need_newline = false;
			}
			stem.name = node->sym->name;
			stem.name_len = item->name_len;
			write_symbol(cfg, out, &stem, node->sym, value);
			break;
		case PLAN_END:
			if (shown[item->title]) {
				strbuf_adds(out, "# end of ");
				strbuf_adds(out, node->prompt->text);
				strbuf_addc(out, '\n');
				need_newline = true;
			}
			break;
		}
	}
	free(written);
	free(shown);
}

/*
 * Linux 2.6's header (BusyBox keeps it): the version from
 * $KERNELVERSION, which the Makefile passes, and the time, as ctime()
 * writes it, of $SOURCE_DATE_EPOCH or now, unless $KCONFIG_NOTIMESTAMP.
 */
static void write_version_header(struct config *cfg, struct strbuf *out,
				 const struct config_io_options *io)
{
	const char *version = io->kernel_version;
	const char *epoch = io->source_date_epoch;
	time_t now = epoch && *epoch ? (time_t)strtoull(epoch, NULL, 10)
				     : time(NULL);

	strbuf_adds(out, "#\n# Automatically generated make config: don't edit\n# ");
	strbuf_adds(out, config_tree(cfg)->dialect->header_version_label);
	strbuf_adds(out, ": ");
	strbuf_adds(out, version ? version : "");
	strbuf_addc(out, '\n');
	if (!io->no_timestamp) {
		char stamp[64];
		struct tm tm;

		/* ctime()'s form, without its static buffer */
		if (localtime_r(&now, &tm) &&
		    strftime(stamp, sizeof(stamp), "%a %b %e %H:%M:%S %Y", &tm)) {
			strbuf_adds(out, "# ");
			strbuf_adds(out, stamp);
			strbuf_addc(out, '\n');
		}
	}
	strbuf_adds(out, "#\n");
}

/* The lines before the values, as the dialect's writer puts them. */
static void write_header(struct config *cfg, struct strbuf *out,
			 const struct config_io_options *io)
{
	const char *text;

	switch (config_tree(cfg)->dialect->header) {
	case HEADER_VERSION_DATE:
		write_version_header(cfg, out, io);
		return;
	case HEADER_KCONFIGLIB:
		text = io->config_header;
		if (text)
			strbuf_adds(out, text);
		return;
	case HEADER_MAINMENU:
	case HEADER_MAINMENU_EXPANDED:
		break;
	}
	strbuf_adds(out, "#\n# Automatically generated file; DO NOT EDIT.\n# ");
	add_title(cfg, out);
	strbuf_adds(out, "\n#\n");
}

static void build_dotconfig(struct config *cfg, struct strbuf *out,
			    const struct config_io_options *io,
			    const struct dotconfig_plan *plan)
{
	struct dotconfig_plan *own = NULL;

	if (!plan)
		plan = own = dotconfig_plan_build(config_tree(cfg));
	write_header(cfg, out, io);
	write_planned(cfg, out, io->prefix, plan);
	dotconfig_plan_free(own);
}

char *config_write_text(struct config *cfg, const struct config_io_options *io,
			size_t *len)
{
	return config_write_text_planned(cfg, NULL, io, len);
}

char *config_write_text_planned(struct config *cfg, const struct dotconfig_plan *plan,
				const struct config_io_options *io, size_t *len)
{
	struct strbuf text = { 0 };

	build_dotconfig(cfg, &text, io, plan);
	*len = text.len;
	return strbuf_take(&text);
}

int config_write_stream(struct config *cfg, FILE *out,
			const struct config_io_options *io)
{
	struct strbuf text = { 0 };

	build_dotconfig(cfg, &text, io, NULL);
	return flush_text(&text, out);
}

/*
 * Is this choice member the one its choice would pick by itself?  Before
 * Linux 6.11 conf left out only a bool member of a choice that is not
 * `optional` (sh's optional "Kernel command line" choice keeps its
 * default member in savedefconfig).
 */
static bool is_choice_default(struct config *cfg, const struct symbol *sym)
{
	if (config_tree(cfg)->dialect->legacy_choices && symbol_is_choice_member(sym) &&
	    (sym->type != S_BOOLEAN ||
	     (sym->choice->sym && (sym->choice->sym->flags & SYMBOL_OPTIONAL))))
		return false;
	return symbol_is_choice_member(sym) &&
	       config_choice_default(cfg, sym->choice) == sym &&
	       config_tri(cfg, sym) == TRI_YES;
}

int config_write_defconfig_stream(struct config *cfg, FILE *out,
				  const struct config_io_options *io)
{
	const char *prefix = io->prefix;
	const struct menu_node *root = &config_tree(cfg)->root, *node;
	unsigned char *done = xcalloc(config_tree(cfg)->nsymbols + 1, 1);
	struct strbuf text = { 0 };

	/* Kconfiglib's write_min_config() starts with the header too. */
	if (config_tree(cfg)->dialect->header == HEADER_KCONFIGLIB)
		write_header(cfg, &text, io);

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
		write_symbol(cfg, &text, &(struct line_stem){
			.prefix = prefix, .prefix_len = strlen(prefix),
			.name = sym->name, .name_len = strlen(sym->name) }, sym, NULL);
	}
	free(done);
	return flush_text(&text, out);
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

/*
 * The file being replaced, kept as NAME.old as conf keeps it; by a
 * second link rather than a rename, so that NAME names a file until the
 * new one takes its place (a failed replacement leaves it as it was).
 * False with errno set.
 */
static bool keep_backup(const char *name, const char *oldname)
{
	struct stat st;

	if (lstat(oldname, &st) == 0 && S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		return false;
	}
	if (unlink(oldname) != 0 && errno != ENOENT)
		return false;
	if (link(name, oldname) == 0)
		return true;
	/* A file system without hard links: as conf does. */
	return rename(name, oldname) == 0;
}

enum config_write_result config_write_file(struct config *cfg, const char *name,
					   const struct config_io_options *io,
					   char *err, size_t errlen)
{
	bool in_place = io->overwrite_in_place;
	char *text = NULL, *old = NULL, *oldname;
	char dummy[8], why[128];
	size_t len = 0, old_len = 0;
	enum config_write_result result = CONFIG_WRITE_FAILED;
	struct file_replace replace;
	struct stat st;
	bool exists;
	FILE *out;
	int read_err;

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
	text = config_write_text(cfg, io, &len);
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
	 * A new file beside it, created exclusively under a name no one can
	 * guess (never through a link someone placed there), with the old
	 * file's permissions, on the disk before it replaces the old one.
	 */
	file_replace_remove_stale(name);
	out = file_replace_open(&replace, name, FILE_REPLACE_KEEP, true);
	if (!out) {
		file_replace_error(&replace, err, errlen);
		goto out;
	}
	fwrite(text, 1, len, out);
	if (file_replace_close(&replace) != 0) {
		file_replace_error(&replace, err, errlen);
		goto out;
	}
	if (exists) {
		oldname = xmalloc(strlen(name) + 5);
		sprintf(oldname, "%s.old", name);
		if (!keep_backup(name, oldname))
			/* Not fatal, as for conf; but said. */
			snprintf(err, errlen, "no backup kept: %s: %s", oldname,
				 strerror(errno));
		free(oldname);
	}
	if (file_replace_commit(&replace) != 0) {
		file_replace_error(&replace, err, errlen);
		goto out;
	}
	result = CONFIG_WRITTEN;
out:
	free(text);
	free(old);
	return result;
}
