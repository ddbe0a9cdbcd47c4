/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The expression memo kept from one configuration to the next
 * (memo_index.c): which remembered && / || values read which symbol.
 */
#ifndef KBROWSE_MEMO_INDEX_H
#define KBROWSE_MEMO_INDEX_H

#include <stdbool.h>

struct config;
struct kconfig;
struct symbol;
struct memo_index;
struct memo_keep;

/* Built once per tree (kept in the config_model), read-only after. */
struct memo_index *memo_index_build(struct kconfig *kc);
void memo_index_free(struct memo_index *ix);

/*
 * From now on cfg notes the memo entries the index does not cover, so
 * that config_memo_revive() can keep the others (builds the index the
 * first time).
 */
void config_memo_keep_begin(struct config *cfg);
void config_memo_keep_free(struct config *cfg);

/* An entry outside the index was stored (eval_binary()). */
void config_memo_note_unindexed(struct config *cfg, const void *expr);

/*
 * cfg's values are again those it had in epoch (its epoch when they
 * were last all computed, nothing computed since): the memo entries of
 * that epoch become valid again, but for those outside the index.
 * Without config_memo_keep_begin() (or when too many were outside) a
 * new epoch begins instead (false).
 */
bool config_memo_revive(struct config *cfg, unsigned epoch);

/* sym's value changed: every remembered && / || above it is dropped. */
void config_memo_forget(struct config *cfg, const struct symbol *sym);

#endif
