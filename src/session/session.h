/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A session: one loaded tree, the configuration read into it, where
 * each user value came from, and the explainer over them.  `explain`,
 * `conf`, `dump` and the browser each open one the same way, so they
 * all see the same values and the same provenance.
 */
#ifndef KBROWSE_SESSION_H
#define KBROWSE_SESSION_H

#include <stdbool.h>
#include <stdio.h>

#include "config.h"
#include "config_io.h"
#include "explain.h"
#include "kconfig.h"
#include "user_lines.h"

struct session_options {
	struct kconfig_options tree;
	/* Where .config is: $KCONFIG_CONFIG, else ".config". */
	const char *config_name;
	/*
	 * Read no configuration at all (conf modes read their own), and
	 * build no explainer.
	 */
	bool tree_only;
	/*
	 * Without the .config, the first of these files (blank-separated)
	 * that exists, as menuconfig reads $KCONFIG_DEFCONFIG_LIST; NULL:
	 * none.
	 */
	const char *defconfig_list;
	/* Print the .config warnings here as conf does; NULL keeps them. */
	FILE *warnings;
	/* What the environment says of .config files (the prefix is
	 * completed from the tree's dialect). */
	struct config_io_options io;
	/*
	 * Open the tree even with errors (as far as the parser recovered):
	 * the language server reports them in the editor that is fixing
	 * them.  *errors still counts them.
	 */
	bool keep_errors;
};

struct session {
	struct kconfig *kc;
	struct config *cfg;
	struct explainer *ex;
	struct config_io_options io;
	const char *config_name;	/* where a save goes */
	const char *read_from;		/* the file values came from, or NULL */
	char *config_text;		/* its text, for plans and provenance */
	size_t config_len;
	struct user_lines *user_lines;
	struct diag_list read_diags;	/* .config warnings, conf's wording */
	FILE *warnings_out;	/* where they are printed as read, or NULL */
	/*
	 * The user values as read (or last saved), by symbol index (NULL:
	 * none): a user value that differs was set in this session, and
	 * explanations say so instead of citing a .config line.
	 */
	const char **read_values;
	/*
	 * The .config is there but could not be read (errno value): the
	 * session refuses to open rather than start from defaults and
	 * later save over the user's file.
	 */
	int read_error;
	const char *read_error_name;
	/*
	 * Opened on a provisional read (tree.shell.provisional): the probes
	 * still to answer run here (session_probes.c); NULL once the values
	 * are final, or when every answer was in at the start.
	 */
	struct shell_pool *probes;
};

/*
 * Load the tree and, unless tree_only, the configuration.  NULL when the
 * tree has errors (they were reported through tree.diag_echo, and
 * *errors says how many), or when the .config is there but cannot be
 * read (said on stderr; *errors is 0).
 */
struct session *session_open(const struct session_options *opts, int *errors);
void session_close(struct session *s);

/*
 * Read another .config in place of the values there are now (the
 * browser's Load).  false, with errno set, when it cannot be read.
 */
bool session_read_config(struct session *s, const char *name);

/*
 * Write config_name as conf does.  A message for the user in msg (why it
 * failed, or what happened); the new file's lines are the provenance
 * from then on.
 */
enum config_write_result session_save(struct session *s, char *msg, size_t len);

/*
 * Was sym's user value set in this session (since the .config was read
 * or saved)?  *was, when not NULL, gets the user value read (NULL: none).
 */
bool session_edited(const struct session *s, const struct symbol *sym,
		    const char **was);

/* Make a plan's steps, in order; false when one was refused. */
bool session_apply_plan(struct session *s, const struct change_plan *plan);

/*
 * session_save() to another file: from then on saves go there.  On
 * failure config_name stays as it was.
 */
enum config_write_result session_save_as(struct session *s, const char *name,
					 char *msg, size_t len);

/* The text a save would write now (heap, NUL-terminated; *len its length). */
char *session_text_to_save(struct session *s, size_t *len);

/*
 * Would a save write something else than the file the values were read
 * from (changes made here, values loading changed, or no such file)?
 */
bool session_save_would_change(struct session *s);

/*
 * A configuration with the same user values as now (the file's, then
 * this session's changes), to try a plan on.
 */
struct config *session_fresh_config(void *session);

/*
 * Read the Kconfig files again (they were edited), and the .config the
 * values came from, into a new tree; the user values set in this session
 * are set again where their symbol still exists.  The options are the
 * tree's own, but nothing is printed and no command asks the terminal.
 * On success the session holds the new tree (every pointer into the old
 * one is stale) and *gone lists, by name, the edits whose symbol is no
 * longer there (heap: session_reload_free()).  On failure (the files now
 * have errors) the session is unchanged and error says the first one.
 */
struct session_reload {
	char **gone;
	unsigned ngone;
	unsigned kept;			/* edits set again */
	char error[512];		/* "file:line:column: error: ..." */
};

bool session_reload(struct session *s, struct session_reload *r);
/*
 * The two halves of session_reload(), for a front-end that wants every
 * diagnostic of the new tree (the language server): the Kconfig files
 * read again with the session's options, nothing printed (the caller
 * frees the tree unless it adopts it); and the session moved onto kc,
 * which must have no errors (the session owns it from then on).
 */
struct kconfig *session_load_again(const struct session *s);
void session_adopt_tree(struct session *s, struct kconfig *kc, struct session_reload *r);
void session_reload_free(struct session_reload *r);

/* "file:line:column: error: ..." of kc's first error, into buf. */
void session_tree_error(const struct kconfig *kc, char *buf, size_t size);

/* A symbol by name, with or without the CONFIG_ prefix; NULL if none. */
const struct symbol *session_find_symbol(const struct session *s,
					 const char *name);

#endif
