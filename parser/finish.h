/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A parsed tree finished before any value is computed (finish.c), and
 * the kernel's rules for the text of a value, which finishing applies.
 */
#ifndef KBROWSE_FINISH_H
#define KBROWSE_FINISH_H

#include <stdbool.h>

#include "kconfig.h"

/* Propagate dependencies, types and choices. */
void kconfig_finish(struct kconfig *kc);
/*
 * Is text a valid value for a symbol of this type ("12", "-3", "0x1f",
 * "y"...), by the kernel's rules (no leading zeros in decimal, 0x optional
 * in hex)?  Finishing checks ranges and defaults with it; the .config
 * reader checks values with it.
 */
bool symbol_text_valid(enum symbol_type type, const char *text);

#endif
