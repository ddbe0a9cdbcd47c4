/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The menu tree in the shape the kernel gives it after finishing
 * (menu_shape.c).
 */
#ifndef KBROWSE_MENU_SHAPE_H
#define KBROWSE_MENU_SHAPE_H

#include "kconfig.h"

/*
 * Entries that follow a symbol and depend on it are its children; `if`
 * blocks and symbols without a prompt keep no children.  The parsed tree
 * is not changed; these give each entry's parent, first child and next
 * sibling in that shape (NULL for none).
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
