/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The .config writer's walk of the menu tree, done once per tree
 * (dotconfig_plan.c): what every file of the tree could write, in order.
 */
#ifndef KBROWSE_DOTCONFIG_PLAN_H
#define KBROWSE_DOTCONFIG_PLAN_H

#include <stddef.h>

#include "kconfig.h"

enum plan_kind {
	PLAN_TITLE,	/* a menu or comment: "# title" block when visible */
	PLAN_SYMBOL,	/* a symbol's line, when conf writes it */
	PLAN_END,	/* "# end of title" after a visible menu's entries */
};

struct plan_item {
	enum plan_kind kind;
	/* PLAN_END: the position of its menu's PLAN_TITLE. */
	unsigned title;
	const struct menu_node *node;
	/* PLAN_SYMBOL: its place in symbols[], and strlen() of its name. */
	unsigned slot, name_len;
};

struct dotconfig_plan {
	const struct kconfig *kc;
	struct plan_item *items;
	size_t n, cap;
	/*
	 * The PLAN_SYMBOL items' symbol indices, in order: the writer asks
	 * the model for all their written flags at once (config_written_list()).
	 */
	unsigned *symbols;
	size_t nsymbols;
};

struct dotconfig_plan *dotconfig_plan_build(const struct kconfig *kc);
void dotconfig_plan_free(struct dotconfig_plan *plan);

#endif
