// SPDX-License-Identifier: GPL-2.0
/*
 * The directory names asked about, each with whether stat(2) found it:
 * an open-addressed table keyed by the name's bytes up to (not with) its
 * '/'.  Names are kept as copies; the table doubles at half full.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "arena.h"
#include "local_dirs.h"
#include "util.h"

struct dir_slot {
	char *name;		/* NULL: an empty slot */
	size_t len;
	uint64_t hash;
	bool missing;		/* stat() failed with ENOENT */
};

struct local_dirs {
	struct dir_slot *slots;
	size_t cap;		/* a power of two */
	size_t used;
};

struct local_dirs *local_dirs_new(void)
{
	struct local_dirs *dirs = xcalloc(1, sizeof(*dirs));

	dirs->cap = 64;
	dirs->slots = xcalloc(dirs->cap, sizeof(*dirs->slots));
	return dirs;
}

void local_dirs_free(struct local_dirs *dirs)
{
	if (!dirs)
		return;
	for (size_t i = 0; i < dirs->cap; i++)
		free(dirs->slots[i].name);
	free(dirs->slots);
	free(dirs);
}

static struct dir_slot *find_slot(struct dir_slot *slots, size_t cap,
				  const char *name, size_t len, uint64_t hash)
{
	size_t i = hash & (cap - 1);

	while (slots[i].name &&
	       !(slots[i].hash == hash && slots[i].len == len &&
		 memcmp(slots[i].name, name, len) == 0))
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

static void grow(struct local_dirs *dirs)
{
	size_t cap = dirs->cap * 2;
	struct dir_slot *slots = xcalloc(cap, sizeof(*slots));

	for (size_t i = 0; i < dirs->cap; i++) {
		struct dir_slot *old = &dirs->slots[i];

		if (old->name)
			*find_slot(slots, cap, old->name, old->len, old->hash) = *old;
	}
	free(dirs->slots);
	dirs->slots = slots;
	dirs->cap = cap;
}

/* Whether the directory name[0..len) is known missing; stat() it once. */
static bool dir_missing(struct local_dirs *dirs, const char *name, size_t len)
{
	uint64_t hash = hash_bytes(name, len);
	struct dir_slot *slot = find_slot(dirs->slots, dirs->cap, name, len, hash);
	struct stat st;

	if (slot->name)
		return slot->missing;
	slot->name = xmemdup(name, len + 1);
	slot->name[len] = '\0';
	slot->len = len;
	slot->hash = hash;
	/*
	 * Only ENOENT says the open would fail the same way: a name that is
	 * there but no directory (ENOTDIR), or unreadable, is left to open().
	 */
	slot->missing = stat(slot->name, &st) != 0 && errno == ENOENT;
	if (++dirs->used * 2 > dirs->cap)
		grow(dirs);
	return find_slot(dirs->slots, dirs->cap, name, len, hash)->missing;
}

bool local_dirs_may_hold(struct local_dirs *dirs, const char *name)
{
	const char *slash;

	if (name[0] == '/')
		return true;
	/* Each leading directory in turn: a missing one ends the question. */
	for (slash = strchr(name, '/'); slash; slash = strchr(slash + 1, '/')) {
		if (slash == name || slash[-1] == '/')
			continue;	/* "//": the same directory again */
		if (dir_missing(dirs, name, (size_t)(slash - name)))
			return false;
	}
	return true;
}
