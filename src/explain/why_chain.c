// SPDX-License-Identifier: GPL-2.0
/*
 * The why-chain (explain.h): the symbols whose values decided a value,
 * then the symbols that decided theirs, breadth first, each symbol once.
 * The text and JSON renderers print the same walk, so they always name
 * the same symbols; the queue grows as far as the chain goes, and the
 * only limit, the number of levels, is reported where it cuts.
 */
#include <stdlib.h>

#include "explain.h"
#include "util.h"

static void add_link(struct why_chain *chain, const struct explanation *x,
		     int level, const struct symbol *via)
{
	struct why_link *link;

	if (chain->nlinks == chain->cap) {
		chain->cap = chain->cap ? chain->cap * 2 : 64;
		chain->links = xrealloc(chain->links,
					chain->cap * sizeof(*chain->links));
	}
	link = &chain->links[chain->nlinks++];
	link->x = x;
	link->level = level;
	link->via = via;
}

void why_chain_walk(struct explainer *ex, const struct explanation *x,
		    int max_level, struct why_chain *chain)
{
	/* Queued or printed already: a symbol is explained once, and a cycle ends. */
	unsigned char *seen = xcalloc(ex->kc->nsymbols ? ex->kc->nsymbols : 1, 1);

	*chain = (struct why_chain){ .max_level = max_level };
	seen[x->sym->index] = 1;
	add_link(chain, x, 0, NULL);
	/*
	 * links[] is the queue: links[head] is explained when it is queued,
	 * and the symbols its explanation names are queued behind it.
	 */
	for (unsigned head = 0; head < chain->nlinks; head++) {
		const struct explanation *y = chain->links[head].x;
		int level = chain->links[head].level;

		if (level > chain->levels)
			chain->levels = level;
		for (unsigned i = 0; i < y->nbecause; i++) {
			const struct symbol *next = y->because[i];

			if (seen[next->index])
				continue;
			seen[next->index] = 1;
			if (level >= max_level) {
				/* Named at the last level allowed: counted, not followed. */
				chain->not_followed++;
				continue;
			}
			add_link(chain, explain_symbol(ex, next), level + 1, y->sym);
		}
	}
	free(seen);
}

void why_chain_release(struct why_chain *chain)
{
	free(chain->links);
	*chain = (struct why_chain){ 0 };
}
