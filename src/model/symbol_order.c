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
 * The kernel's hash of a name (FNV-1a on signed chars), eight bytes a
 * turn, the rest straight on: every symbol's name goes through it.
 */
static unsigned kernel_name_hash(const char *name, size_t len)
{
	unsigned hash = 2166136261u;
	const char *end = name + len, *p = name;

	for (; end - p >= 8; p += 8) {
		hash = FNV_STEP(hash, p[0]);
		hash = FNV_STEP(hash, p[1]);
		hash = FNV_STEP(hash, p[2]);
		hash = FNV_STEP(hash, p[3]);
		hash = FNV_STEP(hash, p[4]);
		hash = FNV_STEP(hash, p[5]);
		hash = FNV_STEP(hash, p[6]);
		hash = FNV_STEP(hash, p[7]);
	}
	switch (end - p) {
	case 7: hash = FNV_STEP(hash, *p++); /* fall through */
	case 6: hash = FNV_STEP(hash, *p++); /* fall through */
	case 5: hash = FNV_STEP(hash, *p++); /* fall through */
	case 4: hash = FNV_STEP(hash, *p++); /* fall through */
	case 3: hash = FNV_STEP(hash, *p++); /* fall through */
	case 2: hash = FNV_STEP(hash, *p++); /* fall through */
	case 1: hash = FNV_STEP(hash, *p); /* fall through */
	default: break;
	}
	return hash;
}

/*
 * y, m and n live outside the kernel's table: they are moved to a bucket
 * of their own past the last, so that they sort after every other symbol
 * and are left out by the count (no test of each symbol for them).
 */
static void set_aside(const struct symbol *sym, unsigned *bucket,
		      unsigned *start)
{
	start[bucket[sym->index] + 1]--;
	bucket[sym->index] = KERNEL_HASH_BUCKETS;
	start[KERNEL_HASH_BUCKETS + 1]++;
}

const struct symbol **kernel_table_order(const struct kconfig *kc, size_t *count)
{
	/* Only the counts start at zero: the other two are written first. */
	unsigned *bucket = xmalloc((kc->nsymbols + 1) * sizeof(*bucket));
	unsigned *start = xcalloc(KERNEL_HASH_BUCKETS + 2, sizeof(*start));
	const struct symbol **order = xmalloc((kc->nsymbols + 1) * sizeof(*order));

	/* A counting sort by bucket; newest first inside each bucket. */
	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];

		bucket[i] = sym->name
			? kernel_name_hash(sym->name, sym->name_len) % KERNEL_HASH_BUCKETS : 0;
		start[bucket[i] + 1]++;
	}
	set_aside(kc->sym_yes, bucket, start);
	set_aside(kc->sym_mod, bucket, start);
	set_aside(kc->sym_no, bucket, start);
	for (size_t b = 0; b <= KERNEL_HASH_BUCKETS; b++)
		start[b + 1] += start[b];
	for (size_t i = kc->nsymbols; i-- > 0;)
		order[start[bucket[i]]++] = kc->symbols[i];
	free(bucket);
	free(start);
	*count = kc->nsymbols - 3;
	return order;
}
