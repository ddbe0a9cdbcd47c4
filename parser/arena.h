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

struct arena_block;

struct arena {
	struct arena_block *blocks;
	char *next;		/* first free byte of the current block */
	char *end;		/* end of the current block */
	size_t total;		/* bytes handed out, for statistics */
};

void arena_init(struct arena *arena);
void arena_release(struct arena *arena);

/* Zeroed memory aligned for any object; never returns NULL (aborts). */
void *arena_alloc(struct arena *arena, size_t size);
char *arena_strndup(struct arena *arena, const char *s, size_t len);
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
	size_t nslots;		/* power of two */
	size_t count;
};

void intern_init(struct intern_table *table, struct arena *arena);
void intern_release(struct intern_table *table);
const char *intern_n(struct intern_table *table, const char *s, size_t len);
const char *intern(struct intern_table *table, const char *s);

/* FNV-1a: fast, good enough spread for identifiers. */
static inline unsigned long hash_bytes(const char *s, size_t len)
{
	unsigned long h = 2166136261u;

	while (len--)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

#endif
