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

/* Called with the index of each symbol that reads a changed value. */
typedef void config_reader_fn(void *ctx, unsigned reader);

/*
 * sym's value changed.  Every remembered && / || above it takes its new
 * value (from the memo and the values computed, computing none), up to
 * the nodes that come out as they were; reader() is called with each
 * symbol that reads sym other than through a node, and with each that
 * reads a node that changed (or lost its slot) as a whole expression.
 * False, and nothing done, when the memo is not kept (no index).
 */
bool config_memo_changed(struct config *cfg, const struct symbol *sym,
			 config_reader_fn *reader, void *ctx);

#endif
