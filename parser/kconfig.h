/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One loaded Kconfig tree: its files, menu tree, symbols, strings and
 * diagnostics.  No global state: a process may load several trees.
 */
#ifndef KBROWSE_KCONFIG_H
#define KBROWSE_KCONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "arena.h"
#include "diag.h"
#include "dialect.h"
#include "expr.h"
#include "location.h"
#include "macro.h"
#include "menu.h"
#include "symbol.h"

struct macro_env;
struct local_dirs;

/* The largest Kconfig file read (Linux's largest is under 300 KB). */
#define KCONFIG_FILE_MAX	(16UL << 20)

struct kconfig_options {
	const char *srctree;	/* NULL: files are opened as named */
	const char *kconfig;	/* top file, relative to srctree; default "Kconfig" */
	/*
	 * Where $(shell,...) commands run: the directory .config is written
	 * to, as the kernel runs them from its object tree.  NULL: cwd.
	 */
	const char *shell_dir;
	/* $(info,...) output; NULL keeps it as notes in the diagnostics. */
	FILE *info_out;
	/* Print each diagnostic here as it is found (NULL: only keep them). */
	FILE *diag_echo;
	/*
	 * Keep $(shell,...) results across runs in this directory
	 * (shell_cache.h); NULL: every command runs.  The front-end decides
	 * (--no-cache, $KBROWSE_NO_CACHE, $XDG_CACHE_HOME).
	 */
	const char *shell_cache_dir;
	/* How commands run: no_shell (--no-shell), interactive (macro.h). */
	struct macro_shell_options shell;
	/* Built-in files, for the teaching tree: name -> text.  May be NULL. */
	const char *(*builtin_file)(const char *name, size_t *len);
	/*
	 * Text that stands in for a file on disk (an editor's unsaved
	 * buffer, `kbrowse lsp`): asked with the name as sourced, then with
	 * srctree/name; NULL answers "read the file".  May be NULL.
	 */
	const char *(*overlay_file)(void *ctx, const char *name, size_t *len);
	void *overlay_ctx;
	/*
	 * Read help texts but keep none (node->help stays NULL; help_loc is
	 * still set): for the conf modes, which never show one, so that a
	 * Linux tree takes 3 MB less.
	 */
	bool skip_help;
	/*
	 * No bundle of the files read (text_bundle.h): a survey reads many
	 * architectures once each, and would write a bundle for each.
	 */
	bool no_text_bundle;
	/*
	 * With skip_help: the texts are wanted, later.  Each entry keeps
	 * where its text starts, and help_text.h reads them from the files
	 * (the browser: its first screen shows almost none of them).
	 */
	bool defer_help;
	/* The rules to parse and evaluate by; NULL: dialect_detect(srctree). */
	const struct kconfig_dialect *dialect;
	const char *dialect_why;	/* with dialect: who chose it ("--dialect") */
};

struct kconfig {
	struct arena arena;
	struct intern_table strings;
	struct diag_list diags;
	struct kconfig_options opts;
	/* The Kconfig rules of this tree (never NULL), and why they were chosen. */
	const struct kconfig_dialect *dialect;
	char dialect_why[128];
	/* A row with the tree's copy's patches on it (dialect_detect_tree) */
	struct kconfig_dialect patched_dialect;

	struct menu_node root;		/* root.prompt: `mainmenu` */
	/*
	 * opts.srctree opened as a directory at its first use (-2 until
	 * then, -1 when it could not be): names under it are opened from
	 * it, and the kernel walks only their own components.
	 */
	int srctree_fd;
	/* While a file is parsed: the last load's files, and this load's. */
	struct text_bundle *bundle;
	struct text_list *texts_read;
	char *bundle_path;
	size_t nnodes;			/* entries, the root included (menu_node.serial) */
	const struct source_file *top_file;

	/* Every symbol, constants included; symbol.index is its position. */
	struct symbol **symbols;
	size_t nsymbols;
	size_t symbols_cap;
	/* The table of named symbols (symbol.c): open addressing. */
	struct symbol_slot *sym_slots;
	size_t sym_nslots;		/* a power of two */
	size_t sym_nnamed;		/* slots in use */

	struct symbol *sym_yes, *sym_mod, *sym_no;
	struct symbol *modules_sym;	/* `modules` / `option modules`, or NULL */
	struct symbol *defconfig_list;	/* `option defconfig_list` (old kernels) */

	struct macro_env *macros;
	struct shell_cache *shell_cache;	/* NULL: every command runs */
	size_t nfiles;			/* files read, for statistics */
	size_t nfiles_bundled;		/* of them, taken from the bundle */
	/* The current directory's directories, as far as names asked. */
	struct local_dirs *local_dirs;
	/*
	 * Every file read, in the order it was opened, each name once: conf
	 * lists them in include/config/auto.conf.cmd (src/confio/autoconf.c).  Empty
	 * until the loader fills it; src/confio/autoconf.c then falls back to the
	 * files that hold entries (missing files with macros only).
	 */
	const struct source_file **files_read;
	size_t nfiles_read;
	/*
	 * Symbols in an order where each comes after what its value reads
	 * (set by the dependency-loop check; arena memory).  Computing
	 * values in this order needs no deep recursion, whatever the
	 * length of the dependency chains.
	 */
	struct symbol **calc_order;
	size_t ncalc_order;
	/*
	 * Every choice entry, in menu order (kconfig_finish(), in the
	 * arena): users of the choices need no walk of the whole tree.
	 */
	struct menu_node **choice_nodes;
	size_t nchoice_nodes;
	/*
	 * The speculative pass over a tree (kconfig.c, shell_pool.h): only
	 * `source` and macro assignments are read as statements, to meet the
	 * tree's $(shell,...) commands early; the tree is thrown away.
	 */
	bool speculative;
	/* The top file kconfig_parse_file() read, for that pass. */
	const char *top_name;
	/*
	 * A provisional read (macro_shell_options.provisional) met an answer
	 * not in yet where it is more than a value (provisional.h): the read
	 * stopped there, and the tree must not be shown.
	 */
	bool provisional_refused;
	struct location provisional_refused_at;
};

/*
 * Parse and finish a tree.  Never returns NULL: check diags.errors.
 * Errors are located, and parsing goes on after them as far as it can.
 */
struct kconfig *kconfig_load(const struct kconfig_options *opts);
void kconfig_free(struct kconfig *kc);

/* The parts of kconfig_load(), for tests. */
struct kconfig *kconfig_new(const struct kconfig_options *opts);
/* Parse a file (or text, when text != NULL) into kc->root. */
void kconfig_parse_file(struct kconfig *kc, const char *name);
void kconfig_parse_text(struct kconfig *kc, const char *name,
			const char *text, size_t len);

/*
 * A file of the tree read again, found as the parse found it: its bytes
 * (malloc'd, NUL-terminated, their count in *len), or NULL with errno
 * set when it cannot be read or is no longer the text the parse read
 * (ESTALE: another length or modification time).
 */
char *kconfig_read_again(struct kconfig *kc, const struct source_file *file,
			 size_t *len);

/*
 * A member of a choice (the choice itself answers false).  Inline: the
 * values ask it of every symbol, several times.
 */
static inline bool symbol_is_choice_member(const struct symbol *sym)
{
	return sym->choice && sym->choice->sym;
}

#endif
