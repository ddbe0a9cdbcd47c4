// SPDX-License-Identifier: GPL-2.0
/*
 * Bump allocation in large blocks, and a string intern table on top.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "arena.h"
#include "huge_pages.h"
#include "util.h"

#define ARENA_BLOCK_SIZE (256 * 1024)
#define HUGE_BLOCK HUGE_PAGE_SIZE

struct arena_block {
	struct arena_block *prev;
	size_t size;		/* of the whole mapping */
	/* Payload follows; max_align_t keeps it aligned for any object. */
	max_align_t data[];
};

void arena_init(struct arena *arena)
{
	memset(arena, 0, sizeof(*arena));
}

void arena_release(struct arena *arena)
{
	struct arena_block *block = arena->blocks;

	while (block) {
		struct arena_block *prev = block->prev;

		munmap(block, block->size);
		block = prev;
	}
	arena_init(arena);
}

void arena_reuse(struct arena *arena)
{
	/* Big requests are linked behind the current block, never at the head. */
	struct arena_block *keep = arena->next ? arena->blocks : NULL;
	struct arena_block *block;

	if (!keep) {
		arena_release(arena);
		return;
	}
	block = keep->prev;
	while (block) {
		struct arena_block *prev = block->prev;

		munmap(block, block->size);
		block = prev;
	}
	keep->prev = NULL;
	/* arena_alloc() promises zeroed memory. */
	memset(keep->data, 0, (size_t)(arena->next - (char *)keep->data));
	arena->next = (char *)keep->data;
	arena->total = 0;
}

/*
 * Blocks are mapped, not malloc'd: the kernel hands out zeroed pages, so
 * nothing has to clear them (calloc clears whenever its heap is reused).
 *
 * A page fault costs more than the page's own zeroing, many times more
 * in a virtual machine, so the blocks of an arena that has grown are
 * mapped with their pages in place, in one call.  The first block is
 * left to fault page by page, so that the many small arenas (an
 * explanation's, a printed expression's) take only the pages they
 * touch; the second comes whole; from the third on (a tree's arena
 * takes some 15 MB) a block is a huge page where the kernel gives them
 * (2 MB aligned, MADV_HUGEPAGE): a walk over a tree's nodes and
 * expressions then misses the TLB far less (a tenth of the CPU time of
 * olddefconfig on Linux 6.12).
 */
static struct arena_block *block_map(size_t size, bool populate)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS;
	struct arena_block *block;

#ifdef MAP_POPULATE
	if (populate)
		flags |= MAP_POPULATE;
#else
	(void)populate;
#endif
	block = mmap(NULL, size, PROT_READ | PROT_WRITE, flags, -1, 0);
	if (block == MAP_FAILED)
		out_of_memory();
	block->size = size;
	return block;
}

/* A block of HUGE_BLOCK bytes at a multiple of its size, pages in place. */
static struct arena_block *block_map_huge(void)
{
	struct arena_block *block = huge_pages_map(HUGE_BLOCK, true);

	if (!block)
		out_of_memory();
	block->size = HUGE_BLOCK;
	return block;
}

void *arena_alloc_block(struct arena *arena, size_t size)
{
	struct arena_block *block;
	char *p;

	if (size > ARENA_BLOCK_SIZE / 4) {
		/*
		 * A big request gets a block of its own, linked behind the
		 * current one so bumping goes on there.
		 */
		block = block_map(sizeof(struct arena_block) + size, true);
		if (arena->blocks) {
			block->prev = arena->blocks->prev;
			arena->blocks->prev = block;
		} else {
			arena->blocks = block;
		}
		arena->total += size;
		return block->data;
	}
	if (arena->total >= 2 * ARENA_BLOCK_SIZE)
		block = block_map_huge();
	else
		block = block_map(sizeof(struct arena_block) + ARENA_BLOCK_SIZE,
				  arena->blocks != NULL);
	block->prev = arena->blocks;
	arena->blocks = block;
	p = (char *)block->data;
	arena->next = p + size;
	arena->end = (char *)block + block->size;
	arena->total += size;
	return p;
}

char *arena_strdup(struct arena *arena, const char *s)
{
	return arena_strndup(arena, s, strlen(s));
}

char *arena_printf(struct arena *arena, const char *fmt, ...)
{
	va_list ap;
	int len;
	char *buf;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	buf = arena_alloc(arena, (size_t)len + 1);
	va_start(ap, fmt);
	vsnprintf(buf, (size_t)len + 1, fmt, ap);
	va_end(ap);
	return buf;
}

/* --- interning ----------------------------------------------------------- */

void intern_init(struct intern_table *table, struct arena *arena)
{
	table->arena = arena;
	table->nslots = 1024;
	table->count = 0;
	table->slots = xcalloc(table->nslots, sizeof(*table->slots));
	/* Read only where a slot is taken: not cleared. */
	table->hashes = xmalloc(table->nslots * sizeof(*table->hashes));
}

void intern_release(struct intern_table *table)
{
	free(table->slots);
	free(table->hashes);
	table->slots = NULL;
	table->hashes = NULL;
	table->nslots = table->count = 0;
}

static void intern_grow(struct intern_table *table)
{
	size_t nslots = table->nslots * 2;
	const char **slots = xcalloc(nslots, sizeof(*slots));
	unsigned *hashes = xmalloc(nslots * sizeof(*hashes));

	for (size_t i = 0; i < table->nslots; i++) {
		size_t j;

		if (!table->slots[i])
			continue;
		j = table->hashes[i] & (nslots - 1);
		while (slots[j])
			j = (j + 1) & (nslots - 1);
		slots[j] = table->slots[i];
		hashes[j] = table->hashes[i];
	}
	free(table->slots);
	free(table->hashes);
	table->slots = slots;
	table->hashes = hashes;
	table->nslots = nslots;
}

const char *intern_hashed(struct intern_table *table, const char *s,
			  size_t len, unsigned long hash)
{
	size_t mask, i;

	if (table->count * 2 >= table->nslots)
		intern_grow(table);
	mask = table->nslots - 1;
	i = hash & mask;
	while (table->slots[i]) {
		const char *cand = table->slots[i];

		if (table->hashes[i] == (unsigned)hash &&
		    strncmp(cand, s, len) == 0 && cand[len] == '\0')
			return cand;
		i = (i + 1) & mask;
	}
	table->slots[i] = arena_strndup(table->arena, s, len);
	table->hashes[i] = (unsigned)hash;
	table->count++;
	return table->slots[i];
}

const char *intern_n(struct intern_table *table, const char *s, size_t len)
{
	return intern_hashed(table, s, len, hash_bytes(s, len));
}

const char *intern(struct intern_table *table, const char *s)
{
	return intern_n(table, s, strlen(s));
}
