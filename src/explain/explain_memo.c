// SPDX-License-Identifier: GPL-2.0
/*
 * What an explainer makes once while its values are fixed (explain.h:
 * explainer_fix_values()): `explain --all` shows the same conditions,
 * Kconfig lines and menu paths for thousands of symbols.  One
 * open-addressed table keyed by an address with the kind in its low
 * bits (the tree's objects are 8-byte aligned).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "util.h"

struct memo_entry {
	uintptr_t key;		/* 0: empty */
	void *value;
};

static uintptr_t memo_key(const void *at, enum memo_kind kind)
{
	return (uintptr_t)at | (uintptr_t)kind;
}

static struct memo_entry *memo_find(struct explainer *ex, uintptr_t key)
{
	size_t mask = ex->memo_cap - 1;
	size_t i = (size_t)((key >> 3) * 0x9e3779b97f4a7c15ull) & mask;

	while (ex->memo[i].key && ex->memo[i].key != key)
		i = (i + 1) & mask;
	return &ex->memo[i];
}

void *memo_get(struct explainer *ex, const void *at, enum memo_kind kind)
{
	if (!ex->memo_used)
		return NULL;
	return memo_find(ex, memo_key(at, kind))->value;
}

/* A table of cap entries (a power of two) with the old one's entries. */
static void memo_resize(struct explainer *ex, size_t cap)
{
	struct memo_entry *old = ex->memo;
	size_t old_cap = ex->memo_cap;

	ex->memo_cap = cap;
	ex->memo = xcalloc(ex->memo_cap, sizeof(*ex->memo));
	for (size_t i = 0; i < old_cap; i++)
		if (old[i].key)
			*memo_find(ex, old[i].key) = old[i];
	free(old);
}

/* Twice the room, the table at most half full. */
static void memo_grow(struct explainer *ex)
{
	memo_resize(ex, ex->memo_cap ? 2 * ex->memo_cap : 4096);
}

/*
 * Linux keeps two to four entries a symbol (an expression or two of its
 * own, its property lines, its menu's location): room for two at least,
 * the table at most half full, rounded up to a power of two (Linux
 * 6.12's 18,616 symbols: the 131,072 entries it ends with); past that
 * it grows as before.
 */
void explainer_expect_symbols(struct explainer *ex, size_t nsymbols)
{
	size_t cap = 4096;

	if (!ex->values_fixed)
		return;
	while (cap < 4 * nsymbols && cap < ((size_t)1 << 40))
		cap *= 2;
	if (cap > ex->memo_cap)
		memo_resize(ex, cap);
}

void memo_put(struct explainer *ex, const void *at, enum memo_kind kind, void *value)
{
	uintptr_t key = memo_key(at, kind);
	struct memo_entry *e;

	if (2 * (ex->memo_used + 1) > ex->memo_cap)
		memo_grow(ex);
	e = memo_find(ex, key);
	if (!e->key)
		ex->memo_used++;
	*e = (struct memo_entry){ .key = key, .value = value };
}

void memo_text_put(struct explainer *ex, const void *at, enum memo_kind kind,
		   const char *text, size_t len)
{
	struct memo_text *kept = arena_alloc(&ex->memo_arena, sizeof(*kept) + len);

	kept->len = len;
	memcpy(kept->text, text, len);
	memo_put(ex, at, kind, kept);
}
