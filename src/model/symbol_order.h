/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The order of the kernel's symbol table (symbol_order.c).
 */
#ifndef KBROWSE_SYMBOL_ORDER_H
#define KBROWSE_SYMBOL_ORDER_H

#include <stddef.h>
#include "kconfig.h"

/*
 * Every symbol in the order the kernel's symbol table lists them (FNV-1
 * hash of the name over 16384 buckets, the newest first in a bucket):
 * the order of conf's loops over all symbols, which decides the order of
 * lines in auto.conf and of warnings.  The caller frees the array.
 */
const struct symbol **kernel_table_order(const struct kconfig *kc, size_t *count);

#endif
