/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Choice membership before Linux 6.11 (choice_nesting.c): entries nested
 * under a member by their dependencies are not members.
 */
#ifndef KBROWSE_CHOICE_NESTING_H
#define KBROWSE_CHOICE_NESTING_H

#include "kconfig.h"

/*
 * Once the entries in parent (a choice, or an `if` block directly in
 * one) have their conditions (menu_node.dep and property.visible), take
 * those the kernel nested under a member out of the choice: their
 * symbols lose SYMBOL_CHOICEVAL and their choice.
 */
void legacy_choice_unnest(struct kconfig *kc, struct menu_node *parent,
			  const struct menu_node *choice);

#endif
