/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What changed between two configurations of one tree, and why, grouped
 * by root cause (`kbrowse diff`).
 *
 * Each side is a configuration with its explainer and the .config files
 * it was read from (one file, or a base and the fragments merged over it
 * as scripts/kconfig/merge_config.sh merges them).  A symbol has changed
 * when conf would write it differently: another value, or written on one
 * side only.  Every changed symbol is explained on both sides, and its
 * causes are the changed symbols among those its explanations name (the
 * because[] list, and the dependencies and prompt conditions when its
 * visibility or dependencies changed).  Only the nearest are kept: a
 * cause that is itself behind another cause of the same symbol is left
 * out.  A root is a changed symbol whose own user value changed and
 * decides (or would decide) the value, or one for which no changed cause
 * is found; every other changed symbol is shown under its causes.  A user
 * value that chose nothing (the value would be the same without it: the
 * default it overrides, or what a select gives anyway) does not make a
 * root when a changed cause is found: a saved .config writes back every
 * visible value, so the prompts a change made visible come with "new"
 * user values that are only their defaults.
 *
 * Across trees (the sides' configurations belong to two trees, as for
 * `kbrowse diff --from-tree`: one .config read into an old tree and into
 * a new one), symbols are matched by name.  No user value changes there:
 * every root is a change of the Kconfig files, a symbol the new tree
 * added (DIFF_ROOT_NEW), one it no longer has (DIFF_ROOT_REMOVED, with
 * the likely new name when a new symbol has the same prompt or help), or
 * one whose definition changed (DIFF_ROOT_NO_CAUSE).
 *
 * Everything in a diff_result lives in its own arena until diff_free().
 */
#ifndef KBROWSE_DIFF_H
#define KBROWSE_DIFF_H

#include <stdbool.h>
#include <stdio.h>

#include "explain.h"

/* One .config-like file as read, for locations and for the names it sets. */
struct diff_file {
	const char *name;
	const char *text;
	size_t len;
};

/* One side: the configuration (through its explainer) and its files. */
struct diff_input {
	struct explainer *ex;
	const struct diff_file *files;	/* in the order read; later lines win */
	unsigned nfiles;
};

/* What decided a value on one side, as one line. */
struct diff_reason {
	enum origin_kind kind;
	struct location loc;		/* line 0: nowhere in particular */
	const char *text;		/* "default y if X [=y]", "depends on NET [=n]" */
	/* A user value of a merged .config: the input line that set it (line 0: none). */
	struct location set_by;
};

/*
 * What decided x's value, as one line (the words diff prints for each
 * side): "selected by ARCH_FOO [=y]", "depends on MMU [=n]" with the
 * line in r->loc.  The text lives in ex's arena.
 */
void diff_describe(struct explainer *ex, const struct explanation *x,
		   struct diff_reason *r);

struct diff_value {
	const char *value;		/* as conf writes it (strings unquoted) */
	bool written;			/* conf writes the symbol */
	struct diff_reason why;
};

enum diff_root_kind {
	DIFF_NOT_ROOT,
	DIFF_ROOT_USER,		/* its user value changed and decides */
	DIFF_ROOT_NO_CAUSE,	/* no changed symbol explains it */
	DIFF_ROOT_NEW,		/* across trees: not defined in the old tree */
	DIFF_ROOT_REMOVED,	/* across trees: not defined in the new tree */
};

struct diff_entry {
	const struct symbol *sym;	/* new_sym, else old_sym */
	/* The symbol in each side's tree; NULL: not defined there. */
	const struct symbol *old_sym, *new_sym;
	struct diff_value old, new;
	enum diff_root_kind root;
	/* The nearest changed symbols that explain the change. */
	struct diff_entry **parents;
	unsigned nparents;
	/* The changed symbols it explains (in tree order). */
	struct diff_entry **children;
	unsigned nchildren;
	unsigned order;		/* position in the menu tree */
	/*
	 * DIFF_ROOT_REMOVED: a symbol only the new tree defines with the
	 * same prompt ("the same prompt") or help text ("the same help"),
	 * or NULL.
	 */
	const struct symbol *renamed_to;
	const char *renamed_by;
	/*
	 * Across trees: the new tree keeps the old name as a `transitional`
	 * symbol (Linux 6.18) that renamed_to's default reads: a rename for
	 * certain, whatever the root kind.
	 */
	bool renamed_transitional;
};

/* A symbol named differently by the files with no change of value. */
struct diff_aside {
	const char *name;
	const struct symbol *sym;	/* NULL: not a symbol of this tree */
	const char *old_text, *new_text;	/* the files' values; NULL: not named */
	struct location old_loc, new_loc;
	const char *old_reason, *new_reason;	/* why the line has no effect */
};

/* --apply: what became of each value of the last file of the new side. */
enum diff_fate {
	FATE_CHANGES,		/* it changes the value */
	FATE_ALREADY,		/* the base gave the same value already */
	FATE_IGNORED,		/* the configuration does not take it */
	FATE_UNDEFINED,		/* no such symbol in this tree */
};

const char *diff_fate_name(enum diff_fate fate);

struct diff_fragment_value {
	const char *name;
	const struct symbol *sym;
	const char *text;		/* the value as the line writes it */
	struct location loc;
	enum diff_fate fate;
	enum unused_reason reason;	/* FATE_IGNORED: explain's user reason */
	const char *result;		/* the value the symbol gets */
	bool written;			/* conf writes the symbol */
};

struct diff_result {
	struct arena arena;
	struct diff_entry *entries;	/* every changed symbol, in tree order */
	unsigned nentries;
	struct diff_entry **roots;	/* in tree order */
	unsigned nroots;
	struct diff_aside *asides;
	unsigned nasides;
	struct diff_fragment_value *fragment;	/* --apply only */
	unsigned nfragment;
	const char *old_label, *new_label;
	/* The two sides are configurations of two trees (see above). */
	bool across_trees;
	unsigned nnew, nremoved, nrenamed;	/* across trees: among the entries */
	const char *old_tree, *new_tree;	/* for the reader; set by the caller */
};

/*
 * Compare the two sides (configurations of the same tree, or of two trees,
 * matched by name: see above).  prefix is
 * "CONFIG_" unless $CONFIG_ says otherwise.  fragment: the new side's last
 * file is a fragment merged over the rest; report what became of each of
 * its values instead of the asides.
 */
struct diff_result *diff_configs(const struct diff_input *old_side,
				 const struct diff_input *new_side,
				 const char *prefix, bool fragment);
void diff_free(struct diff_result *d);

/* "user value n", "depends on NET [=n]": the reason's words only. */
void diff_print_text(struct explainer *ex, const struct diff_result *d, FILE *out);
/* One JSON object for the whole comparison. */
void diff_print_json(struct explainer *ex, const struct diff_result *d, FILE *out);

#endif
