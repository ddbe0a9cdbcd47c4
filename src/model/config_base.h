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

struct config_bases *config_bases_new(void);
/* Frees the bases: no configuration may use values taken from them after. */
void config_bases_free(struct config_bases *bases);

/*
 * cfg has just read its user values (config_reset() or
 * config_reset_computed_kept(), then a read, no value computed yet).  A
 * configuration with a MODULES user value no base has yet is left to be
 * computed in full (false), then kept as that value's base by
 * config_bases_keep().  A later one takes its base's values and computes
 * again only what its own user values change (true): every value then
 * equals a full evaluation's.  Values taken may point into the base:
 * bases must outlive cfg's use of them.  false, cfg untouched, also when
 * no base can serve (legacy choices, a value already computed, a loop
 * among the tree's dependencies).
 */
bool config_bases_apply(struct config_bases *bases, struct config *cfg);

/*
 * After config_bases_apply() said false and cfg was computed as conf
 * computes it: cfg copied as the base of its MODULES user value, if one
 * is wanted (nothing otherwise).
 */
void config_bases_keep(struct config_bases *bases, struct config *cfg);

#endif
