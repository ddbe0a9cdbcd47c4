/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Arena allocation and string interning.
 *
 * Everything a loaded tree owns (nodes, properties, expressions, strings)
 * lives in one arena and is released at once with the tree, so no code
 * has to track the lifetime of individual nodes.
 */
#ifndef KBROWSE_ARENA_H
#define KBROWSE_ARENA_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct arena_block;

struct arena {
	struct arena_block *blocks;
	char *next;		/* first free byte of the current block */
	char *end;		/* end of the current block */
	size_t total;		/* bytes handed out, for statistics */
};

void arena_init(struct arena *arena);
void arena_release(struct arena *arena);
/*
 * Everything handed out is given back, but the block being filled is
 * kept, cleared where it was used: an arena emptied after each of many
 * small jobs (an explanation a symbol) then reuses the same pages
 * instead of mapping fresh ones, which the kernel must zero, and stays
 * in the cache.  The other blocks are unmapped.
 */
void arena_reuse(struct arena *arena);

#define ARENA_ALIGN 16

/* arena_alloc() when the current block is full: takes a new one. */
void *arena_alloc_block(struct arena *arena, size_t size);

/*
 * Zeroed memory aligned for any object; never returns NULL (aborts).
 * Inline, since a tree makes a quarter of a million small allocations:
 * most are a bump of the pointer.
 */
static inline void *arena_alloc(struct arena *arena, size_t size)
{
	char *p = arena->next;

	size = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
	if (size > (size_t)(arena->end - p))
		return arena_alloc_block(arena, size);
	/* Blocks come zeroed from mmap; arena_reuse() clears what it takes back. */
	arena->next = p + size;
	arena->total += size;
	return p;
}
/* Inline: every symbol name and prompt is one (tens of thousands). */
static inline char *arena_strndup(struct arena *arena, const char *s,
				  size_t len)
{
	char *copy = arena_alloc(arena, len + 1);

	memcpy(copy, s, len);
	copy[len] = '\0';
	return copy;
}
char *arena_strdup(struct arena *arena, const char *s);
char *arena_printf(struct arena *arena, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#define arena_new(arena, type) ((type *)arena_alloc((arena), sizeof(type)))

/*
 * Interned strings: equal contents give the same pointer, so names can
 * be compared with ==.  Backed by the arena the table was created with.
 */
struct intern_table {
	struct arena *arena;
	const char **slots;
	/*
	 * hash_bytes() of each slot's string (added for speed: growing the
	 * table and telling strings apart need no strlen and no rehash).
	 */
	unsigned *hashes;
	size_t nslots;		/* power of two */
	size_t count;
};

void intern_init(struct intern_table *table, struct arena *arena);
void intern_release(struct intern_table *table);
const char *intern_n(struct intern_table *table, const char *s, size_t len);
const char *intern(struct intern_table *table, const char *s);
/* intern_n() for a caller that already has hash_bytes(s, len). */
const char *intern_hashed(struct intern_table *table, const char *s,
			  size_t len, unsigned long hash);

/*
 * Hashing for the in-memory tables (never stored, never ordered by): a
 * multiply-xorshift over 8-byte words, so a symbol name costs a few
 * instructions per word rather than per byte.  Short strings read two
 * overlapping pieces; every byte counts, and so does the length.
 */
static inline uint64_t hash_mix(uint64_t h, uint64_t word)
{
	h = (h ^ word) * 0x9e3779b97f4a7c15ull;
	return h ^ (h >> 32);
}

static inline unsigned long hash_bytes(const char *s, size_t len)
{
	uint64_t h = 0x2545f4914f6cdd1dull ^ len, word;

	if (len >= 8) {
		const char *last = s + len - 8;

		for (; s < last; s += 8) {
			memcpy(&word, s, 8);
			h = hash_mix(h, word);
		}
		memcpy(&word, last, 8);
		h = hash_mix(h, word);
	} else if (len >= 4) {
		uint32_t head, tail;

		memcpy(&head, s, 4);
		memcpy(&tail, s + len - 4, 4);
		h = hash_mix(h, (uint64_t)head << 32 | tail);
	} else if (len) {
		h = hash_mix(h, (uint64_t)(unsigned char)s[0] << 16 |
			     (uint64_t)(unsigned char)s[len / 2] << 8 |
			     (unsigned char)s[len - 1]);
	}
	h *= 0xff51afd7ed558ccdull;
	return (unsigned long)(h ^ (h >> 33));
}

#endif
