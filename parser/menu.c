// SPDX-License-Identifier: GPL-2.0
/*
 * Walking the menu tree as the parser built it (pre-order, with a root
 * to stop at).  The kernel's finished shape is src/model/menu_shape.c.
 */
#include <stddef.h>

#include "menu.h"

struct menu_node *menu_next(const struct menu_node *root,
			    const struct menu_node *node)
{
	if (node->children)
		return node->children;
	while (node && node != root) {
		if (node->next)
			return node->next;
		node = node->parent;
	}
	return NULL;
}
