/* SPDX-License-Identifier: GPL-2.0 */
/*
 * .config files: reading them into user values and writing them back,
 * byte for byte as the kernel's conf does.
 */
#ifndef KBROWSE_CONFIG_IO_H
#define KBROWSE_CONFIG_IO_H

#include <stdbool.h>
#include <stdio.h>
#include "config.h"
#include "user_lines.h"

/*
 * How files are read and written.  What the kernel's conf takes from
 * its environment comes from the front-end (src/cli reads it:
 * kernel_env_config_io()); nothing here calls getenv().
 */
struct config_io_options {
	const char *prefix;	/* "CONFIG_": env_prefix, else the dialect's */
	const char *env_prefix;	/* $CONFIG_, NULL when unset */
	bool warn_unknown;	/* warn about unknown symbols */
	/* Relative names not found as given are looked for here. */
	const char *srctree;
	/* The header of Linux 2.6 (BusyBox): $KERNELVERSION, the time of
	 * $SOURCE_DATE_EPOCH (NULL or "": now), none with no_timestamp. */
	const char *kernel_version;
	const char *source_date_epoch;
	bool no_timestamp;
	const char *config_header;	/* Kconfiglib's $KCONFIG_CONFIG_HEADER */
	/* autoconf_write()'s files ($KCONFIG_AUTOCONFIG ...); NULL: the
	 * kernel's include/config/auto.conf and include/generated/. */
	const char *autoconf;
	const char *autoheader;
	const char *rustccfg;
	/* $KCONFIG_OVERWRITECONFIG: .config rewritten in place, not replaced. */
	bool overwrite_in_place;
};

/*
 * Complete io for a tree read by dialect: the prefix is env_prefix,
 * else the dialect's (Buildroot's conf is built with an empty one);
 * srctree, when not NULL, replaces io->srctree.
 */
void config_io_for_dialect(struct config_io_options *io, const char *srctree,
			   const struct kconfig_dialect *dialect);

/*
 * Read a .config: every user value is replaced by what the file says.
 * Lines conf would warn about become warnings located at name:line,
 * with conf's own wording.  Returns 0, -1 when there is no such file
 * (as named, or under srctree when relative), -2 with errno set when it
 * is there but cannot be read: permission, a directory, not a regular
 * file, larger than FILE_READ_MAX (file_read_error() says which).
 */
/*
 * A warning about a .config line as conf prints it ("file:line:warning:
 * message"); the second form is a diag_list sink, ctx the FILE.
 */
void config_warning_print(const struct diag *diag, FILE *out);
void config_warning_sink(const struct diag *diag, void *out);

int config_read(struct config *cfg, const char *name,
		const struct config_io_options *io, struct diag_list *diags);
/* The same from text in memory; name is used in the locations. */
void config_read_text(struct config *cfg, const char *name, const char *text,
		      size_t len, const struct config_io_options *io,
		      struct diag_list *diags);
/*
 * The same, recording as it reads which line gave each user value and
 * which were refused (user_lines.h).  The caller frees the record.
 */
struct user_lines *config_read_text_recorded(struct config *cfg, const char *name,
					     const char *text, size_t len,
					     const struct config_io_options *io,
					     struct diag_list *diags);

/*
 * Open an input file as conf does: as named, else under srctree.  Only
 * regular files; NULL with errno set otherwise.
 */
FILE *config_open_input(const char *name, const char *srctree);
/* An errno from opening a .config that means "no such file" (not an error). */
bool config_absent(int err);

/* The full .config text (header, menus, values). */
int config_write_stream(struct config *cfg, FILE *out,
			const struct config_io_options *io);
/* The same text in memory (heap, NUL-terminated), its length in *len. */
char *config_write_text(struct config *cfg, const struct config_io_options *io,
			size_t *len);
/*
 * The same with the writer's walk of the tree done before
 * (dotconfig_plan_build(), for many files of one tree); NULL: done now.
 */
struct dotconfig_plan;
char *config_write_text_planned(struct config *cfg, const struct dotconfig_plan *plan,
				const struct config_io_options *io, size_t *len);
/* The minimal defconfig text (savedefconfig). */
int config_write_defconfig_stream(struct config *cfg, FILE *out,
				  const struct config_io_options *io);

enum config_write_result {
	CONFIG_WRITTEN,
	CONFIG_UNCHANGED,	/* the file already held exactly this */
	CONFIG_WRITE_FAILED,
};

/*
 * Write name as conf does: to a temporary file beside it (created
 * exclusively, with the old file's mode), then, unless the contents are
 * the same, keep the old file as name.old and rename.  io's
 * overwrite_in_place writes into name itself, restoring the old bytes if
 * that fails.  A file there that cannot be read is not replaced.  On
 * failure err says why (strerror: no space left, read-only file system
 * ...); on success it may hold a note (no backup kept, and why).
 */
enum config_write_result config_write_file(struct config *cfg, const char *name,
					   const struct config_io_options *io,
					   char *err, size_t errlen);

/*
 * Linux 7.0's $KCONFIG_WARN_CHANGED_INPUT warning (changed_input.c): the
 * user values the computed configuration does not keep, to err, when
 * conf writes .config or a defconfig.  Nothing when every value is kept.
 */
void config_warn_changed_input(struct config *cfg, FILE *err,
			       const char *prefix);

/* Write a string value with the escapes .config uses ("..." with \" \\). */
void config_write_escaped(FILE *out, const char *value);
/*
 * The tree's title as conf writes it in the headers: the main menu's
 * prompt ("Main menu" without one), with $NAME expanded by the rules
 * before 4.18 where the dialect says (HEADER_MAINMENU_EXPANDED).
 */
void config_write_title(struct config *cfg, FILE *out);
/* The same title as a malloc'd string, for the browser's title bar. */
char *config_title_text(struct config *cfg);
/*
 * A string value in quotes the way the tree's conf writes it: escaped,
 * or as it is where the dialect says (raw_strings).
 */
void config_write_string(const struct config *cfg, FILE *out,
			 const char *value);

#endif
