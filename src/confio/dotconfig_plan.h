/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The .config writer's walk of the menu tree, done once per tree
 * (dotconfig_plan.c): what every file of the tree could write, in order.
 */
#ifndef KBROWSE_DOTCONFIG_PLAN_H
#define KBROWSE_DOTCONFIG_PLAN_H

#include <stddef.h>

#include "kconfig.h"
#include "strbuf.h"

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
	/*
	 * PLAN_SYMBOL: its place in symbols[]; its name after the plan's
	 * prefix ("CONFIG_FOO"), stem_len bytes at stems + stem_at.
	 */
	unsigned slot, stem_at, stem_len;
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
	char *prefix;		/* the prefix of the stems */
	struct strbuf stems;
};

/* prefix: the symbols' prefix the .config files will use ("CONFIG_"). */
struct dotconfig_plan *dotconfig_plan_build(const struct kconfig *kc,
					    const char *prefix);
void dotconfig_plan_free(struct dotconfig_plan *plan);

#endif
