// SPDX-License-Identifier: GPL-2.0
/*
 * The order in which the kernel's symbol table lists symbols.  conf's
 * loops over all symbols run in it, so it decides the order of lines in
 * auto.conf and of warnings; matching it byte for byte needs it.
 */
#include <stdlib.h>

#include "util.h"
#include "symbol_order.h"

#define KERNEL_HASH_BUCKETS 16384u

#define FNV_PRIME 0x01000193u
#define FNV_STEP(hash, c) (((hash) ^ (unsigned)(int)(c)) * FNV_PRIME)

/*
 * The kernel's hash of a name (FNV-1a on signed chars), four bytes a
 * turn once the length is known: every symbol's name goes through it.
 */
static unsigned kernel_name_hash(const char *name, size_t len)
{
	unsigned hash = 2166136261u;
	size_t i = 0;

	for (; i + 4 <= len; i += 4) {
		hash = FNV_STEP(hash, name[i]);
		hash = FNV_STEP(hash, name[i + 1]);
		hash = FNV_STEP(hash, name[i + 2]);
		hash = FNV_STEP(hash, name[i + 3]);
	}
	for (; i < len; i++)
		hash = FNV_STEP(hash, name[i]);
	return hash;
}

const struct symbol **kernel_table_order(const struct kconfig *kc, size_t *count)
{
	/* Only the counts start at zero: the other two are written first. */
	unsigned *bucket = xmalloc((kc->nsymbols + 1) * sizeof(*bucket));
	unsigned *start = xcalloc(KERNEL_HASH_BUCKETS + 1, sizeof(*start));
	const struct symbol **order = xmalloc((kc->nsymbols + 1) * sizeof(*order));
	size_t n = 0;

	/* A counting sort by bucket; newest first inside each bucket. */
	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];

		bucket[i] = sym->name
			? kernel_name_hash(sym->name, sym->name_len) % KERNEL_HASH_BUCKETS : 0;
		/* y, m and n live outside the kernel's table. */
		if (sym != kc->sym_yes && sym != kc->sym_mod && sym != kc->sym_no) {
			start[bucket[i] + 1]++;
			n++;
		}
	}
	for (size_t b = 0; b < KERNEL_HASH_BUCKETS; b++)
		start[b + 1] += start[b];
	for (size_t i = kc->nsymbols; i-- > 0;) {
		const struct symbol *sym = kc->symbols[i];

		if (sym != kc->sym_yes && sym != kc->sym_mod && sym != kc->sym_no)
			order[start[bucket[i]]++] = sym;
	}
	free(bucket);
	free(start);
	*count = n;
	return order;
}

