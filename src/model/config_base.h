/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bases: the values many configurations of one tree share, computed
 * once (config_base.c).
 */
#ifndef KBROWSE_CONFIG_BASE_H
#define KBROWSE_CONFIG_BASE_H

#include <stdbool.h>

#include "config.h"

struct config_bases;

/* What the bases did, for measurements and tests. */
struct config_bases_stats {
	unsigned long full;		/* configurations computed in full */
	unsigned long taken;		/* ... computed from a base */
	unsigned long recomputed;	/* symbols those computed again */
	unsigned long changed;		/* ... whose value came out different */
	unsigned long memo_kept;	/* ... that kept the last one's memo */
};

struct config_bases *config_bases_new(void);
/*
 * Keep the expression memo from one file to the next (memo_index.c; the
 * default).  Its index costs about as much to build as the memo saves
 * over 22 files of Linux's arm (23 M instructions against 1.04 M a
 * file): survey keeps it for architectures with many files only.  Call
 * before the first file.
 */
void config_bases_keep_memo(struct config_bases *bases, bool keep);
/* Frees the bases: no configuration may use values taken from them after. */
void config_bases_free(struct config_bases *bases);

/*
 * Between two files read into cfg, in place of
 * config_reset_computed_kept(): cfg keeps the values of the one computed
 * last (config_bases_keep()), for config_bases_apply() to start from.
 */
void config_bases_next(struct config_bases *bases, struct config *cfg);

/*
 * cfg has just read its user values (config_bases_next(), or
 * config_new() or a reset, then a read, no value computed yet).  When
 * cfg still holds the values of the configuration computed last with
 * the same MODULES user value, it takes them and computes again only
 * what its own user values change (true): every value then equals a
 * full evaluation's.  false otherwise (no such configuration, legacy
 * choices, a value already computed, a loop among the tree's
 * dependencies): then cfg is to be computed in full.
 */
bool config_bases_apply(struct config_bases *bases, struct config *cfg);

/*
 * After config_bases_apply() and cfg's values computed as conf computes
 * them: cfg noted as the base of the next file (its user states, about
 * 32 bytes each, and a byte per symbol); nothing when
 * config_bases_apply() found it could not use bases at all.
 */
void config_bases_keep(struct config_bases *bases, struct config *cfg);

/*
 * What a difference in sym's user value costs a file computed from
 * another: 1 + the symbols that read sym.
 */
unsigned config_bases_weight(struct config *cfg, const struct symbol *sym);

const struct config_bases_stats *config_bases_stats(const struct config_bases *bases);

#endif
