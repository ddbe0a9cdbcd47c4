// SPDX-License-Identifier: GPL-2.0
/*
 * The Kconfig files of the last load in one file (text_bundle.h).
 *
 * The file, in this machine's byte order (a cache, never carried to
 * another machine; the marker rejects one that was):
 *
 *   "KBTEXTS2", u32 0x01020304, u32 count, u64 names_size, u64 data_size
 *   count entries of struct bundle_entry
 *   names_size bytes of names, each NUL-terminated
 *   data_size bytes of texts, each followed by a NUL
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "file_replace.h"
#include "huge_pages.h"
#include "text_bundle.h"
#include "util.h"

/* 2: the texts in the order they are first read (was: parsed). */
#define BUNDLE_MAGIC	"KBTEXTS2"
#define BUNDLE_ORDER	0x01020304u
#define BUNDLE_PREFIX	"texts-"
/* Bundles kept in one cache: a build directory and architecture each. */
#define BUNDLES_KEPT	8
/* A file changed this recently may change again under the same stamp. */
#define RACY_NS		(2 * 1000000000LL)

struct bundle_header {
	char magic[8];
	uint32_t order;
	uint32_t count;
	uint64_t names_size;
	uint64_t data_size;
};

struct bundle_entry {
	uint64_t dev, ino;
	int64_t size, mtime_ns, ctime_ns;
	uint64_t data_off;
	uint32_t name_off;
	uint32_t place;
};

/* What the checker (text_bundle_check_ahead()) found of an entry. */
enum verdict {
	UNCHECKED,
	SAME,		/* the stamp in checker.stamps[] is the kept one */
	CHANGED,	/* or gone, or not to be statted */
};

struct checker {
	pthread_t thread;
	int dirfd[TEXT_SRCTREE + 1];
	struct text_stamp *stamps;
	_Atomic unsigned char *verdicts;
	/* Entries below it were statted by the parse itself: skipped. */
	atomic_uint parse_at;
	atomic_bool stop;
};

struct text_bundle {
	void *bytes;		/* the whole file, in huge pages */
	size_t size;
	const struct bundle_entry *entries;
	uint32_t count;
	const char *names, *data;
	/* Open hash of the entries by place and name: index + 1, 0 empty. */
	uint32_t *slots;
	size_t mask;
	struct checker *checker;	/* NULL: none started */
};

static uint64_t name_hash(enum text_place place, const char *name)
{
	uint64_t h = 0xcbf29ce484222325ull ^ (uint64_t)place;

	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 0x100000001b3ull;
	return h;
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

void text_stamp_of(const struct stat *st, struct text_stamp *stamp)
{
	stamp->taken_ns = now_ns();
	stamp->dev = (unsigned long long)st->st_dev;
	stamp->ino = (unsigned long long)st->st_ino;
	stamp->size = (long long)st->st_size;
	stamp->mtime_ns = st->st_mtim.tv_sec * 1000000000LL + st->st_mtim.tv_nsec;
	stamp->ctime_ns = st->st_ctim.tv_sec * 1000000000LL + st->st_ctim.tv_nsec;
}

/* --- reading ----------------------------------------------------------------- */

/*
 * Every offset inside the file, the names terminated.  A text's NUL is
 * looked at when it is asked for (text_bundle_find()): here it would
 * touch a page of every file's text, a cache miss each, before the
 * parse needs them.
 */
static bool entries_valid(const struct text_bundle *b,
			  const struct bundle_header *h)
{
	if (h->names_size == 0 || b->names[h->names_size - 1] != '\0')
		return h->count == 0;
	for (uint32_t i = 0; i < b->count; i++) {
		const struct bundle_entry *e = &b->entries[i];

		if (e->name_off >= h->names_size || e->place > TEXT_SRCTREE ||
		    e->size < 0 || e->data_off > h->data_size ||
		    (uint64_t)e->size >= h->data_size - e->data_off)
			return false;
	}
	return true;
}

static bool layout_valid(struct text_bundle *b)
{
	const struct bundle_header *h = b->bytes;
	uint64_t rest;

	if (b->size < sizeof(*h) ||
	    memcmp(h->magic, BUNDLE_MAGIC, sizeof(h->magic)) != 0 ||
	    h->order != BUNDLE_ORDER)
		return false;
	rest = b->size - sizeof(*h);
	if (h->count > rest / sizeof(struct bundle_entry))
		return false;
	rest -= (uint64_t)h->count * sizeof(struct bundle_entry);
	if (h->names_size > rest || h->data_size != rest - h->names_size)
		return false;
	b->count = h->count;
	b->entries = (const struct bundle_entry *)(h + 1);
	b->names = (const char *)(b->entries + b->count);
	b->data = b->names + h->names_size;
	return entries_valid(b, h);
}

static void index_entries(struct text_bundle *b)
{
	b->mask = 15;
	while (b->mask + 1 < 2 * (size_t)b->count)
		b->mask = b->mask * 2 + 1;
	b->slots = xcalloc(b->mask + 1, sizeof(*b->slots));
	for (uint32_t i = 0; i < b->count; i++) {
		const struct bundle_entry *e = &b->entries[i];
		size_t s = name_hash(e->place, b->names + e->name_off) & b->mask;

		while (b->slots[s])
			s = (s + 1) & b->mask;
		b->slots[s] = i + 1;
	}
}

/* A file of ours alone, as the shell cache's entries: no one else wrote it. */
static bool is_ours(int fd, struct stat *st)
{
	return fstat(fd, st) == 0 && S_ISREG(st->st_mode) &&
	       st->st_uid == geteuid() && !(st->st_mode & 022);
}

/*
 * The whole file into huge pages (huge_pages.h): mapped from the page
 * cache instead, the parse's first touch of each of its ~1,500 small
 * pages would cost more than this copy.
 */
static void *read_whole(int fd, size_t size)
{
	char *buf = huge_pages_map(size, false);
	size_t got = 0;

	while (buf && got < size) {
		ssize_t n = pread(fd, buf + got, size - got, (off_t)got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {	/* shorter than it was: a writer's at work */
			huge_pages_unmap(buf, size);
			return NULL;
		}
		got += (size_t)n;
	}
	return buf;
}

struct text_bundle *text_bundle_open(const char *path)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	struct text_bundle *b;
	struct stat st;
	void *bytes;

	if (fd < 0)
		return NULL;
	if (!is_ours(fd, &st) || st.st_size <= 0 || (uint64_t)st.st_size > SIZE_MAX) {
		close(fd);
		return NULL;
	}
	bytes = read_whole(fd, (size_t)st.st_size);
	close(fd);
	if (!bytes)
		return NULL;
	b = xcalloc(1, sizeof(*b));
	b->bytes = bytes;
	b->size = (size_t)st.st_size;
	if (!layout_valid(b)) {
		text_bundle_close(b);
		return NULL;
	}
	index_entries(b);
	return b;
}

static void checker_stop(struct text_bundle *b);

void text_bundle_close(struct text_bundle *b)
{
	if (!b)
		return;
	checker_stop(b);
	huge_pages_unmap(b->bytes, b->size);
	free(b->slots);
	free(b);
}

static bool same_stamp(const struct bundle_entry *e, const struct text_stamp *s)
{
	return e->dev == s->dev && e->ino == s->ino && e->size == s->size &&
	       e->mtime_ns == s->mtime_ns && e->ctime_ns == s->ctime_ns;
}

static const struct bundle_entry *entry_of(const struct text_bundle *b,
					   enum text_place place,
					   const char *name)
{
	for (size_t s = name_hash(place, name) & b->mask; b->slots[s];
	     s = (s + 1) & b->mask) {
		const struct bundle_entry *e = &b->entries[b->slots[s] - 1];

		if (e->place == (uint32_t)place &&
		    strcmp(b->names + e->name_off, name) == 0)
			return e;
	}
	return NULL;
}

/* The file's stamp now, compared with the kept one. */
static bool still_same(const struct bundle_entry *e, int dirfd,
		       const char *name, struct text_stamp *stamp)
{
	struct stat st;

	if (dirfd == -1 || fstatat(dirfd, name, &st, 0) != 0)
		return false;
	text_stamp_of(&st, stamp);
	return same_stamp(e, stamp);
}

/* --- checking ahead of the parse ------------------------------------------- */

/*
 * One fstatat(2) a file is a sixth of a warm first screen, and on a
 * kernel that isolates its page tables each call also empties the TLB
 * the parse is using.  A thread of its own does them, in the order the
 * last load read the files, which is the order this one asks for them.
 */
static void *check_entries(void *arg)
{
	struct text_bundle *b = arg;
	struct checker *c = b->checker;

	for (uint32_t i = 0; i < b->count; i++) {
		const struct bundle_entry *e = &b->entries[i];
		unsigned parse_at = atomic_load_explicit(&c->parse_at,
							 memory_order_relaxed);
		bool same;

		if (atomic_load_explicit(&c->stop, memory_order_relaxed))
			break;
		if (i < parse_at) {
			i = parse_at - 1;
			continue;
		}
		same = still_same(e, c->dirfd[e->place], b->names + e->name_off,
				  &c->stamps[i]);
		/* Release: the stamp is written before the verdict is seen. */
		atomic_store_explicit(&c->verdicts[i], same ? SAME : CHANGED,
				      memory_order_release);
	}
	return NULL;
}

void text_bundle_check_ahead(struct text_bundle *b,
			     const int dirfd[TEXT_SRCTREE + 1])
{
	struct checker *c;
	pthread_attr_t attr;
	int err;

	if (!b || b->checker || b->count == 0)
		return;
	c = xcalloc(1, sizeof(*c));
	memcpy(c->dirfd, dirfd, sizeof(c->dirfd));
	c->stamps = xcalloc(b->count, sizeof(*c->stamps));
	c->verdicts = xcalloc(b->count, sizeof(*c->verdicts));
	b->checker = c;
	/* It calls fstatat() and nothing deep: a small stack will do. */
	err = pthread_attr_init(&attr);
	if (!err) {
		(void)pthread_attr_setstacksize(&attr, 64 * 1024);
		err = pthread_create(&c->thread, &attr, check_entries, b);
		pthread_attr_destroy(&attr);
	}
	if (err) {		/* the parse statting every file itself */
		b->checker = NULL;
		free(c->stamps);
		free((void *)c->verdicts);
		free(c);
	}
}

static void checker_stop(struct text_bundle *b)
{
	struct checker *c = b->checker;

	if (!c)
		return;
	atomic_store_explicit(&c->stop, true, memory_order_relaxed);
	pthread_join(c->thread, NULL);
	free(c->stamps);
	free((void *)c->verdicts);
	free(c);
	b->checker = NULL;
}

/*
 * Whether entry i's file is unchanged, as the checker found it if it
 * has got there.  Only the parse's thread writes parse_at.
 */
static bool entry_unchanged(const struct text_bundle *b, uint32_t i, int dirfd,
			    const char *name, struct text_stamp *stamp)
{
	struct checker *c = b->checker;

	if (c) {
		switch (atomic_load_explicit(&c->verdicts[i], memory_order_acquire)) {
		case SAME:
			*stamp = c->stamps[i];
			return true;
		case CHANGED:
			return false;
		default:	/* the parse is ahead: the checker skips it */
			if (i >= atomic_load_explicit(&c->parse_at,
						      memory_order_relaxed))
				atomic_store_explicit(&c->parse_at, i + 1,
						      memory_order_relaxed);
		}
	}
	return still_same(&b->entries[i], dirfd, name, stamp);
}

const char *text_bundle_read(const struct text_bundle *b, int dirfd,
			     enum text_place place, const char *name,
			     struct text_stamp *stamp, size_t *len)
{
	const struct bundle_entry *e = b ? entry_of(b, place, name) : NULL;

	if (!e || !entry_unchanged(b, (uint32_t)(e - b->entries), dirfd, name,
				   stamp))
		return NULL;
	/* A damaged bundle's text may lack its NUL: not used. */
	if (b->data[e->data_off + (uint64_t)e->size] != '\0')
		return NULL;
	*len = (size_t)e->size;
	return b->data + e->data_off;
}

/* --- the files of a load ------------------------------------------------------ */

struct listed_text {
	enum text_place place;
	size_t name_off;		/* in text_list.names */
	struct text_stamp stamp;
	char *data;
	size_t len;
	bool owned;
};

struct text_list {
	struct listed_text *texts;
	size_t count, cap;
	/* The names, each NUL-terminated: one buffer, not a malloc each. */
	char *names;
	size_t names_len, names_cap;
	bool missed;
};

static const char *name_of(const struct text_list *list, size_t i)
{
	return list->names + list->texts[i].name_off;
}

struct text_list *text_list_new(void)
{
	return xcalloc(1, sizeof(struct text_list));
}

void text_list_add(struct text_list *list, enum text_place place,
		   const char *name, const struct text_stamp *stamp,
		   char *data, size_t len, bool owned, bool read_from_disk)
{
	size_t name_size = strlen(name) + 1;
	struct listed_text *t;

	while (list->names_len + name_size > list->names_cap) {
		list->names_cap = list->names_cap ? 2 * list->names_cap : 16384;
		list->names = xrealloc(list->names, list->names_cap);
	}
	memcpy(list->names + list->names_len, name, name_size);

	if (list->count == list->cap) {
		list->cap = list->cap ? 2 * list->cap : 256;
		list->texts = xrealloc(list->texts, list->cap * sizeof(*t));
	}
	t = &list->texts[list->count++];
	t->place = place;
	t->name_off = list->names_len;
	list->names_len += name_size;
	t->stamp = *stamp;
	t->data = data;
	t->len = len;
	t->owned = owned;
	list->missed |= read_from_disk;
}

bool text_list_missed(const struct text_list *list)
{
	return list->missed;
}

void text_list_free(struct text_list *list)
{
	if (!list)
		return;
	for (size_t i = 0; i < list->count; i++)
		if (list->texts[i].owned)
			free(list->texts[i].data);
	free(list->names);
	free(list->texts);
	free(list);
}

/* --- writing ------------------------------------------------------------------ */

/*
 * The texts kept: none changed shortly before it was read (a load that
 * waits for its probes may write the bundle minutes after).
 */
static bool keep_text(const struct text_list *list, size_t i)
{
	const struct text_stamp *st = &list->texts[i].stamp;

	/* A length other than the size read: the file changed while read. */
	return st->size == (long long)list->texts[i].len &&
	       st->ctime_ns <= st->taken_ns - RACY_NS &&
	       st->mtime_ns <= st->taken_ns - RACY_NS;
}

/* Which texts go in: each name once (a file sourced twice), kept. */
static uint32_t choose_texts(const struct text_list *list, bool *kept)
{
	size_t mask = 15;
	uint32_t *slots, count = 0;

	while (mask + 1 < 2 * list->count)
		mask = mask * 2 + 1;
	slots = xcalloc(mask + 1, sizeof(*slots));
	for (size_t i = 0; i < list->count && count < UINT32_MAX; i++) {
		const struct listed_text *t = &list->texts[i];
		size_t s = name_hash(t->place, name_of(list, i)) & mask;
		bool seen = false;

		for (; slots[s] && !seen; s = (s + 1) & mask)
			seen = list->texts[slots[s] - 1].place == t->place &&
			       strcmp(name_of(list, slots[s] - 1), name_of(list, i)) == 0;
		if (seen)
			continue;
		slots[s] = (uint32_t)i + 1;
		kept[i] = keep_text(list, i);
		count += kept[i];
	}
	free(slots);
	return count;
}

static void write_bundle(FILE *out, const struct text_list *list,
			 const bool *kept, uint32_t count)
{
	struct bundle_header h = { .order = BUNDLE_ORDER, .count = count };
	uint64_t name_off = 0, data_off = 0;

	memcpy(h.magic, BUNDLE_MAGIC, sizeof(h.magic));
	for (size_t i = 0; i < list->count; i++) {
		if (!kept[i])
			continue;
		h.names_size += strlen(name_of(list, i)) + 1;
		h.data_size += list->texts[i].len + 1;
	}
	fwrite(&h, sizeof(h), 1, out);
	for (size_t i = 0; i < list->count; i++) {
		const struct listed_text *t = &list->texts[i];
		struct bundle_entry e = {
			.dev = t->stamp.dev, .ino = t->stamp.ino,
			.size = t->stamp.size, .mtime_ns = t->stamp.mtime_ns,
			.ctime_ns = t->stamp.ctime_ns, .data_off = data_off,
			.name_off = (uint32_t)name_off, .place = t->place,
		};

		if (!kept[i])
			continue;
		fwrite(&e, sizeof(e), 1, out);
		name_off += strlen(name_of(list, i)) + 1;
		data_off += t->len + 1;
	}
	for (size_t i = 0; i < list->count; i++)
		if (kept[i])
			fwrite(name_of(list, i), strlen(name_of(list, i)) + 1, 1, out);
	for (size_t i = 0; i < list->count; i++)
		if (kept[i])
			fwrite(list->texts[i].data, list->texts[i].len + 1, 1, out);
}

/* A bundle's name: the prefix and 16 hex digits (not a writer's temporary). */
static bool is_bundle_name(const char *name)
{
	size_t plen = strlen(BUNDLE_PREFIX);

	if (strncmp(name, BUNDLE_PREFIX, plen) != 0 || strlen(name) != plen + 16)
		return false;
	for (name += plen; *name; name++)
		if (!((*name >= '0' && *name <= '9') || (*name >= 'a' && *name <= 'f')))
			return false;
	return true;
}

/* Bundles beyond BUNDLES_KEPT in dir go, the least recently written first. */
static void remove_oldest(const char *path)
{
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	struct { char name[64]; long long mtime_ns; } found[BUNDLES_KEPT + 1];
	size_t n = 0;
	struct dirent *d;
	DIR *dp;

	if (slash)
		*slash = '\0';
	dp = opendir(slash ? dir : ".");
	while (dp && (d = readdir(dp))) {
		size_t oldest = 0, len = strlen(d->d_name);
		struct stat st;

		if (!is_bundle_name(d->d_name) || len >= sizeof(found[0].name) ||
		    fstatat(dirfd(dp), d->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		memcpy(found[n].name, d->d_name, len + 1);
		found[n].mtime_ns = st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
		if (++n <= BUNDLES_KEPT)
			continue;
		for (size_t i = 1; i < n; i++)
			if (found[i].mtime_ns < found[oldest].mtime_ns)
				oldest = i;
		unlinkat(dirfd(dp), found[oldest].name, 0);
		found[oldest] = found[--n];
	}
	if (dp)
		closedir(dp);
	free(dir);
}

int text_list_write(const struct text_list *list, const char *path)
{
	bool *kept = xcalloc(list->count ? list->count : 1, sizeof(*kept));
	struct file_replace replace;
	uint32_t count;
	FILE *out;
	int rc;

	/* The names' offsets are 32 bits in the file. */
	if (list->names_len >= UINT32_MAX) {
		free(kept);
		return 0;
	}
	count = choose_texts(list, kept);
	/* Files all just written (a test's, a generated tree's): none kept. */
	if (count == 0) {
		free(kept);
		return 0;
	}
	file_replace_remove_stale(path);
	/* Not synced: a bundle lost in a crash costs one read of the files. */
	out = file_replace_open(&replace, path, FILE_REPLACE_PRIVATE, false);
	if (!out) {
		free(kept);
		errno = replace.error;
		return -1;
	}
	write_bundle(out, list, kept, count);
	free(kept);
	rc = file_replace_commit(&replace);
	if (rc != 0)
		errno = replace.error;
	else
		remove_oldest(path);
	return rc;
}

char *text_bundle_path(const char *dir, const char *srctree, const char *top)
{
	/* Relative names are the current directory's: it is part of the key. */
	char cwd[PATH_MAX];
	const char *parts[] = {
		getcwd(cwd, sizeof(cwd)) ? cwd : "", srctree ? srctree : "", top,
		/* The kernel's top Kconfig sources arch/$(SRCARCH)/Kconfig. */
		getenv("SRCARCH") ? getenv("SRCARCH") : "",
	};
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++)
		h = (h ^ name_hash(TEXT_CWD, parts[i])) * 0x100000001b3ull;
	return xasprintf("%s/" BUNDLE_PREFIX "%016llx", dir, (unsigned long long)h);
}
