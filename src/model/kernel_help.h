/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The help screen in the kernel's form (kernel_help.c).
 */
#ifndef KBROWSE_KERNEL_HELP_H
#define KBROWSE_KERNEL_HELP_H

#include <stdio.h>
#include "config.h"

/*
 * The help conf --helpnewconfig prints for an entry (menuconfig's help
 * screen without line wrapping): help text, symbol, type, range, each
 * definition with prompt, dependencies and menu location, selects and
 * implies.  prefix is "CONFIG_" (or $CONFIG_).
 */
void kernel_print_help(struct config *cfg, const struct menu_node *node,
		       const char *prefix, FILE *out);

#endif
