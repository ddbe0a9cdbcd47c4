/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Dependencies printed as the kernel's tools print them (simplified the
 * way the kernel simplifies them, each symbol with its value).
 */
#ifndef KBROWSE_KERNEL_EXPR_H
#define KBROWSE_KERNEL_EXPR_H

#include <stdio.h>
#include "config.h"

/*
 * Every symbol in the order the kernel's symbol table lists them (FNV-1
 * hash of the name over 16384 buckets, the newest first in a bucket):
 * the order of conf's loops over all symbols, which decides the order of
 * lines in auto.conf and of warnings.  The caller frees the array.
 */
const struct symbol **kernel_table_order(const struct kconfig *kc, size_t *count);

/* conf's "WARNING: unmet direct dependencies detected for SYM" block. */
void kernel_print_unmet(struct config *cfg, const struct symbol *sym, FILE *out);

/*
 * The help conf --helpnewconfig prints for an entry (menuconfig's help
 * screen without line wrapping): help text, symbol, type, range, each
 * definition with prompt, dependencies and menu location, selects and
 * implies.  prefix is "CONFIG_" (or $CONFIG_).
 */
void kernel_print_help(struct config *cfg, const struct menu_node *node,
		       const char *prefix, FILE *out);

/*
 * The menu tree in the shape the kernel gives it after finishing: entries
 * that follow a symbol and depend on it are its children; `if` blocks
 * and symbols without a prompt keep no children.  The parsed tree is not
 * changed; these give each entry's parent, first child and next sibling
 * in that shape (NULL for none).
 */
struct kernel_menu;
struct kernel_menu *kernel_menu_build(struct kconfig *kc);
void kernel_menu_free(struct kernel_menu *km);
const struct menu_node *kernel_menu_parent(const struct kernel_menu *km,
					   const struct menu_node *node);
const struct menu_node *kernel_menu_child(const struct kernel_menu *km,
					  const struct menu_node *node);
const struct menu_node *kernel_menu_next(const struct kernel_menu *km,
					 const struct menu_node *node);

#endif
