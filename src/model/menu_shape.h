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
 * sibling in that shape (NULL for none).  Built lazy, a menu's own
 * entries are put in shape when first asked about (the answers are the
 * same; a walk over the whole shape pays a little more for them).
 */
struct kernel_menu;
struct kernel_menu *kernel_menu_build(struct kconfig *kc, bool lazy);
void kernel_menu_free(struct kernel_menu *km);
const struct menu_node *kernel_menu_parent(const struct kernel_menu *km,
					   const struct menu_node *node);
const struct menu_node *kernel_menu_child(const struct kernel_menu *km,
					  const struct menu_node *node);
const struct menu_node *kernel_menu_next(const struct kernel_menu *km,
					 const struct menu_node *node);
/*
 * node's place in depth-first order (menu_node.serial: 0 for the root;
 * -1 for NULL): the order as written, which the finished shape keeps
 * (an entry's new children followed it, a lifted child stays after
 * the entry it left).
 */
int kernel_menu_position(const struct kernel_menu *km, const struct menu_node *node);

#endif
