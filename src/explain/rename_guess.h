/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The likely new name of a symbol a .config or a fragment asks for that
 * this tree no longer has under that name: `kbrowse merge` says it next
 * to "no symbol of that name in this tree".
 */
#ifndef KBROWSE_RENAME_GUESS_H
#define KBROWSE_RENAME_GUESS_H

#include <stdbool.h>
#include "kconfig.h"

#define RENAME_GUESS_MAX 3

struct rename_guess {
	/* The candidates, the likeliest first; n of them (0: no guess). */
	const struct symbol *to[RENAME_GUESS_MAX];
	unsigned n;
	/*
	 * Why: "the old name is transitional", "the same prompt in the old
	 * tree", "the same help in the old tree", "a close name".
	 */
	const char *by;
	/* transitional: the default of to[0] that reads the old name. */
	const struct property *reads;
};

/*
 * The symbol of kc whose default reads the transitional symbol old
 * (`default OLD`, Linux 6.18): the new name of the option old was.
 */
const struct symbol *transitional_reader(const struct kconfig *kc,
					 const struct symbol *old,
					 const struct property **prop);

/*
 * Guess what name (without the prefix) became in kc: the reader of a
 * transitional symbol; else, with old_kc (an older tree; NULL: none)
 * defining it, a symbol only kc defines with the same prompt, else the
 * same help, as `diff --from-tree` matches renames; else defined names
 * close to it (words reordered, one word added or dropped, or at most a
 * couple of letters apart).  false when there is no guess.
 */
bool rename_guess(const struct kconfig *kc, const struct kconfig *old_kc,
		  const char *name, struct rename_guess *out);

#endif
