// SPDX-License-Identifier: GPL-2.0
/*
 * PATH's directories, and one table of every name their listings had:
 * the name's 64-bit hash with the set of directories (a bit each, the
 * first 64) that list it.  No names are kept: two names of one hash only
 * make a directory tried that need not be, and the try (access(2) and
 * stat(2), as always) is what decides.  Two PATH entries that are the
 * same directory (a repeated entry, /bin linked to /usr/bin) are listed
 * once.
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "path_dirs.h"
#include "util.h"

/* Directories past the first 64 have no bit: they are always tried. */
#define LISTED_MAX	64

struct name_slot {
	uint64_t hash;		/* 0: an empty slot (a hash of 0 becomes 1) */
	uint64_t dirs;		/* bit i: directory i lists the name */
};

struct path_dir {
	char *name;
	size_t len;
	bool listed;		/* its names are in the table */
};

struct path_dirs {
	struct path_dir *dirs;
	size_t ndirs;
	bool listed;		/* list_all() has run */
	struct name_slot *slots;
	size_t nslots, used;	/* nslots: a power of two */
};

static uint64_t name_hash(const char *name, size_t len)
{
	uint64_t h = hash_bytes(name, len);

	return h ? h : 1;
}

static struct name_slot *slot_of(struct name_slot *slots, size_t nslots,
				 uint64_t hash)
{
	size_t i = hash & (nslots - 1);

	while (slots[i].hash && slots[i].hash != hash)
		i = (i + 1) & (nslots - 1);
	return &slots[i];
}

static void grow(struct path_dirs *dirs)
{
	size_t nslots = dirs->nslots * 2;
	struct name_slot *slots = xcalloc(nslots, sizeof(*slots));

	for (size_t i = 0; i < dirs->nslots; i++)
		if (dirs->slots[i].hash)
			*slot_of(slots, nslots, dirs->slots[i].hash) = dirs->slots[i];
	free(dirs->slots);
	dirs->slots = slots;
	dirs->nslots = nslots;
}

static void add_name(struct path_dirs *dirs, const char *name, uint64_t bit)
{
	uint64_t hash = name_hash(name, strlen(name));
	struct name_slot *slot = slot_of(dirs->slots, dirs->nslots, hash);

	if (!slot->hash) {
		slot->hash = hash;
		if (++dirs->used * 2 > dirs->nslots) {
			grow(dirs);
			slot = slot_of(dirs->slots, dirs->nslots, hash);
		}
	}
	slot->dirs |= bit;
}

/* Every name of a directory; false when it cannot be read to its end. */
static bool list_dir(struct path_dirs *dirs, DIR *dir, uint64_t bit)
{
	struct dirent *d;

	errno = 0;
	while ((d = readdir(dir)))
		add_name(dirs, d->d_name, bit);
	return errno == 0;
}

struct path_dirs *path_dirs_new(const char *path)
{
	struct path_dirs *dirs = xcalloc(1, sizeof(*dirs));

	if (!path)
		path = "/usr/bin:/bin";
	for (;;) {
		const char *colon = strchr(path, ':');
		size_t len = colon ? (size_t)(colon - path) : strlen(path);

		/* An empty entry is skipped, as the search always did. */
		if (len) {
			struct path_dir *d;

			dirs->dirs = xrealloc(dirs->dirs,
					      (dirs->ndirs + 1) * sizeof(*dirs->dirs));
			d = &dirs->dirs[dirs->ndirs++];
			d->name = xmemdup(path, len + 1);
			d->name[len] = '\0';
			d->len = len;
			d->listed = false;
		}
		if (!colon)
			break;
		path = colon + 1;
	}
	return dirs;
}

/*
 * List the directories, each one once: a directory met again (by device
 * and inode) takes the bit of its first entry too.
 */
static void list_all(struct path_dirs *dirs)
{
	struct { dev_t dev; ino_t ino; uint64_t bit; } seen[LISTED_MAX];
	size_t nseen = 0;

	dirs->listed = true;
	dirs->nslots = 4096;	/* a distribution's bin directories fit */
	dirs->slots = xcalloc(dirs->nslots, sizeof(*dirs->slots));
	for (size_t i = 0; i < dirs->ndirs && i < LISTED_MAX; i++) {
		struct path_dir *d = &dirs->dirs[i];
		uint64_t bit = (uint64_t)1 << i;
		DIR *dir = opendir(d->name);
		struct stat st;
		size_t j;

		if (!dir)
			continue;
		if (fstat(dirfd(dir), &st) != 0) {
			closedir(dir);
			continue;
		}
		for (j = 0; j < nseen; j++)
			if (seen[j].dev == st.st_dev && seen[j].ino == st.st_ino)
				break;
		if (j < nseen) {
			/* The same names: they have its bit, give them ours. */
			for (size_t k = 0; k < dirs->nslots; k++)
				if (dirs->slots[k].dirs & seen[j].bit)
					dirs->slots[k].dirs |= bit;
			d->listed = true;
		} else {
			d->listed = list_dir(dirs, dir, bit);
			if (d->listed) {
				seen[nseen].dev = st.st_dev;
				seen[nseen].ino = st.st_ino;
				seen[nseen++].bit = bit;
			}
		}
		closedir(dir);
	}
}

void path_dirs_free(struct path_dirs *dirs)
{
	if (!dirs)
		return;
	for (size_t i = 0; i < dirs->ndirs; i++)
		free(dirs->dirs[i].name);
	free(dirs->dirs);
	free(dirs->slots);
	free(dirs);
}

bool path_dirs_find(struct path_dirs *dirs, const char *name,
		    char found[PATH_MAX])
{
	size_t name_len = strlen(name);
	uint64_t listing;

	if (!dirs->listed)
		list_all(dirs);
	listing = slot_of(dirs->slots, dirs->nslots,
			  name_hash(name, name_len))->dirs;
	for (size_t i = 0; i < dirs->ndirs; i++) {
		const struct path_dir *d = &dirs->dirs[i];
		struct stat st;

		if (d->len + name_len + 2 >= PATH_MAX ||
		    (d->listed && !(listing >> i & 1)))
			continue;
		memcpy(found, d->name, d->len);
		found[d->len] = '/';
		memcpy(found + d->len + 1, name, name_len + 1);
		if (access(found, X_OK) == 0 && stat(found, &st) == 0 &&
		    S_ISREG(st.st_mode))
			return true;
	}
	return false;
}
