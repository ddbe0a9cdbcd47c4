/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Dependencies printed as the kernel's tools print them (simplified the
 * way the kernel simplifies them, each symbol with its value).
 */
#ifndef KBROWSE_KERNEL_EXPR_H
#define KBROWSE_KERNEL_EXPR_H

#include <stdio.h>
#include "config.h"

/* conf's "WARNING: unmet direct dependencies detected for SYM" block. */
void kernel_print_unmet(struct config *cfg, const struct symbol *sym, FILE *out);

#endif
