// SPDX-License-Identifier: GPL-2.0
/*
 * text_bundle: the Kconfig files of the last load kept in one file of the
 * cache.  A file's bytes come from it only under the same stamp (device,
 * inode, size, modification and change times): a file edited since, even
 * to the same size with its modification time put back, is read again;
 * a file changed in the last two seconds is not kept; a bundle that is
 * truncated, damaged, not ours or a symbolic link is not used; no more
 * than eight bundles stay in a cache.  And a tree loaded twice through
 * the bundle reads an edited file's new text.  The stamps are checked
 * on a thread ahead of the reads, or by the read itself: the same
 * answers either way, in any order, and a close stops the thread.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_read.h"
#include "kconfig.h"
#include "text_bundle.h"
#include "util.h"

static char dir[] = "/tmp/kbrowse-bundle-test-XXXXXX";
static char bundle[256];
static int dir_fd = -1;
/* Files enough that a close comes while the thread is still checking. */
#define MANY 3000

static void write_file(const char *name, const char *text)
{
	char path[300];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static void stamp_of(const char *name, struct text_stamp *stamp)
{
	char path[300];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(stat(path, &st), 0);
	text_stamp_of(&st, stamp);
}

/*
 * A list of the named files as read now, written as the bundle after
 * delay seconds.
 */
static void write_bundle_later(const char *const *names, unsigned delay)
{
	struct text_list *list = text_list_new();

	for (; *names; names++) {
		char path[300];
		struct text_stamp stamp;
		size_t len;
		char *data;
		int err;

		snprintf(path, sizeof(path), "%s/%s", dir, *names);
		data = file_read(path, 1 << 20, &len, &err);
		assert_non_null(data);
		stamp_of(*names, &stamp);
		text_list_add(list, TEXT_SRCTREE, *names, &stamp, data,
			      len, true, true);
	}
	assert_true(text_list_missed(list));
	sleep(delay);
	assert_int_equal(text_list_write(list, bundle), 0);
	text_list_free(list);
}

static void write_bundle_of(const char *const *names)
{
	write_bundle_later(names, 0);
}

static const char *find(struct text_bundle *b, const char *name, size_t *len)
{
	struct text_stamp stamp, now;
	const char *text = text_bundle_read(b, dir_fd, TEXT_SRCTREE, name,
					    &stamp, len);

	/* Found: the stamp given is the file's. */
	if (text) {
		stamp_of(name, &now);
		assert_int_equal(stamp.ino, now.ino);
		assert_int_equal(stamp.ctime_ns, now.ctime_ns);
	}
	return text;
}

/* The bundle at path, with its stamps checked ahead when ahead. */
static struct text_bundle *open_bundle(const char *path, bool ahead)
{
	struct text_bundle *b = text_bundle_open(path);
	const int dirfd[] = { [TEXT_CWD] = AT_FDCWD, [TEXT_SRCTREE] = dir_fd };

	if (b && ahead)
		text_bundle_check_ahead(b, dirfd);
	return b;
}

static const char *many_dir(void)
{
	static char path[300];

	snprintf(path, sizeof(path), "%s/many", dir);
	return path;
}

static const char *many_name(int i)
{
	static char name[32];

	snprintf(name, sizeof(name), "many/%d", i);
	return name;
}

static int setup(void **state)
{
	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(bundle, sizeof(bundle), "%s/texts-00000000000000ff", dir);
	write_file("a", "config A\n\tbool\n");
	write_file("b", "config B\n\tbool \"b\"\n");
	write_file("same", "12345678\n");
	assert_int_equal(mkdir(many_dir(), 0755), 0);
	for (int i = 0; i < MANY; i++)
		write_file(many_name(i), "config M\n\tbool\n");
	dir_fd = open(dir, O_RDONLY | O_DIRECTORY);
	assert_true(dir_fd >= 0);
	/* Older than the two seconds in which a file is "racy". */
	sleep(3);
	return 0;
}

static int teardown(void **state)
{
	char cmd[300];

	(void)state;
	close(dir_fd);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

static void test_round_trip(void **state)
{
	static const char *const names[] = { "a", "b", "a", NULL };
	struct text_bundle *b;
	struct text_stamp stamp;
	const char *text;
	size_t len;

	(void)state;
	write_bundle_of(names);
	b = text_bundle_open(bundle);
	assert_non_null(b);
	text = find(b, "a", &len);
	assert_non_null(text);
	assert_int_equal(len, strlen("config A\n\tbool\n"));
	assert_string_equal(text, "config A\n\tbool\n");	/* NUL-terminated */
	text = find(b, "b", &len);
	assert_non_null(text);
	assert_string_equal(text, "config B\n\tbool \"b\"\n");
	/* Another place, an unknown name: not found. */
	assert_null(text_bundle_read(b, dir_fd, TEXT_CWD, "a", &stamp, &len));
	assert_null(text_bundle_read(b, dir_fd, TEXT_SRCTREE, "c", &stamp, &len));
	assert_null(text_bundle_read(NULL, dir_fd, TEXT_SRCTREE, "a", &stamp, &len));
	text_bundle_close(b);
}

/* Whether name is found kept: the same checked ahead or not. */
static bool kept(const char *name)
{
	bool found[2];
	size_t len;

	for (int ahead = 0; ahead < 2; ahead++) {
		struct text_bundle *b = open_bundle(bundle, ahead);

		assert_non_null(b);
		found[ahead] = find(b, name, &len) != NULL;
		text_bundle_close(b);
	}
	assert_int_equal(found[0], found[1]);
	return found[0];
}

static void test_changed_files(void **state)
{
	static const char *const names[] = { "same", NULL };
	static const char *const both[] = { "same", "a", NULL };
	struct timespec times[2];
	struct stat before;
	char path[300];

	(void)state;
	write_bundle_of(names);
	assert_true(kept("same"));
	snprintf(path, sizeof(path), "%s/same", dir);
	assert_int_equal(stat(path, &before), 0);
	/* The same size, the modification time put back: ctime says. */
	write_file("same", "87654321\n");
	times[0] = before.st_atim;
	times[1] = before.st_mtim;
	assert_int_equal(utimensat(AT_FDCWD, path, times, 0), 0);
	assert_false(kept("same"));
	/* Written again now: changed within two seconds, so not kept. */
	write_bundle_of(both);
	assert_false(kept("same"));
	assert_true(kept("a"));
	/*
	 * Changed just before it was read, written long after (a load that
	 * waited for its probes): still not kept.
	 */
	write_file("same", "11111111\n");
	write_bundle_later(both, 3);
	assert_false(kept("same"));
	/* Nothing but such files: no bundle written. */
	unlink(bundle);
	write_file("same", "22222222\n");
	write_bundle_of(names);
	assert_null(text_bundle_open(bundle));
}

/*
 * Checked ahead, read in any order: each file found as it is; one
 * changed or removed after the bundle was written is not.  (A read
 * before the thread got to its file checks it itself: the same.)  Closed
 * early, while the thread still checks: it stops (and ASan and
 * valgrind see nothing left behind).
 */
static void test_checked_ahead(void **state)
{
	const char **names = xcalloc(MANY + 1, sizeof(*names));
	struct text_bundle *b;
	size_t len;

	(void)state;
	for (int i = 0; i < MANY; i++)
		names[i] = xstrdup(many_name(i));
	write_bundle_of(names);
	assert_non_null(b = open_bundle(bundle, true));
	text_bundle_close(b);
	write_file(many_name(7), "config CHANGED\n\tbool\n");
	{
		char path[300];

		snprintf(path, sizeof(path), "%s/%s", dir, many_name(11));
		assert_int_equal(unlink(path), 0);
	}
	assert_non_null(b = open_bundle(bundle, true));
	/* The thread's answers, not the reads' own: it is done by then. */
	usleep(500 * 1000);
	for (int i = MANY - 1; i >= 0; i -= 2) {
		const char *text = find(b, names[i], &len);

		assert_int_equal(text != NULL, i != 7 && i != 11);
		if (text)
			assert_string_equal(text, "config M\n\tbool\n");
	}
	for (int i = 0; i < MANY; i += 2) {
		const char *text = find(b, names[i], &len);

		assert_int_equal(text != NULL, i != 7 && i != 11);
	}
	text_bundle_close(b);
	for (int i = 0; i < MANY; i++)
		free((char *)names[i]);
	free(names);
}

static char *bundle_bytes(size_t *len)
{
	int err;
	char *data = file_read(bundle, 1 << 24, len, &err);

	assert_non_null(data);
	return data;
}

static void put_bytes(const char *data, size_t len)
{
	FILE *f;

	unlink(bundle);
	f = fopen(bundle, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
	chmod(bundle, 0600);
}

/* Every truncation, and every byte of the header and entries damaged. */
static void test_malformed(void **state)
{
	static const char *const names[] = { "a", "b", NULL };
	struct text_bundle *b;
	size_t len, cut, len_found;
	char *good;

	(void)state;
	write_bundle_of(names);
	good = bundle_bytes(&len);
	for (cut = 0; cut < len; cut++) {
		put_bytes(good, cut);
		assert_null(text_bundle_open(bundle));
	}
	/* 32 bytes of header, two entries of 56: any damage is caught or harmless. */
	for (size_t at = 0; at < 32 + 2 * 56 && at < len; at++) {
		char *bad = xmemdup(good, len);

		bad[at] ^= 0x5a;
		put_bytes(bad, len);
		b = text_bundle_open(bundle);
		if (b) {
			const char *text = find(b, "a", &len_found);

			/* Found only under a stamp that still matches: a's bytes. */
			if (text)
				assert_string_equal(text, "config A\n\tbool\n");
			text_bundle_close(b);
		}
		free(bad);
	}
	/* A text without its NUL (its stamp still matches): not used. */
	{
		static const char a_text[] = "config A\n\tbool\n";
		char *bad = xmemdup(good, len);
		char *at = NULL;

		for (size_t i = 0; !at && i + sizeof(a_text) <= len; i++)
			if (memcmp(bad + i, a_text, sizeof(a_text)) == 0)
				at = bad + i;
		assert_non_null(at);
		at[sizeof(a_text) - 1] = 'x';
		put_bytes(bad, len);
		assert_non_null(b = text_bundle_open(bundle));
		assert_null(find(b, "a", &len_found));
		assert_non_null(find(b, "b", &len_found));
		text_bundle_close(b);
		free(bad);
	}
	/* Not ours alone, or a symbolic link: not used. */
	put_bytes(good, len);
	chmod(bundle, 0666);
	assert_null(text_bundle_open(bundle));
	chmod(bundle, 0600);
	assert_non_null(b = text_bundle_open(bundle));
	text_bundle_close(b);
	{
		char link[300];

		snprintf(link, sizeof(link), "%s/texts-link", dir);
		assert_int_equal(symlink(bundle, link), 0);
		assert_null(text_bundle_open(link));
		unlink(link);
	}
	free(good);
	assert_null(text_bundle_open("/nonexistent/texts-x"));
}

static void test_bounded(void **state)
{
	static const char *const names[] = { "a", NULL };
	char saved[sizeof(bundle)], path[300];
	struct stat st;
	int left = 0;

	(void)state;
	memcpy(saved, bundle, sizeof(bundle));
	/* Not a bundle's name (a writer's temporary file): never counted. */
	write_file("texts-00000000000000aa.x1y2z3", "");
	for (int i = 0; i < 11; i++) {
		snprintf(bundle, sizeof(bundle), "%s/texts-%016d", dir, i);
		write_bundle_of(names);
		usleep(20000);	/* distinct modification times */
	}
	for (int i = 0; i < 11; i++) {
		snprintf(path, sizeof(path), "%s/texts-%016d", dir, i);
		if (stat(path, &st) == 0) {
			left++;
			assert_true(i >= 11 - 8);	/* the newest stay */
		}
	}
	/* The other tests' bundle counts too: eight in all. */
	snprintf(path, sizeof(path), "%s/texts-00000000000000ff", dir);
	assert_int_equal(left + (stat(path, &st) == 0), 8);
	snprintf(path, sizeof(path), "%s/texts-00000000000000aa.x1y2z3", dir);
	assert_int_equal(stat(path, &st), 0);
	memcpy(bundle, saved, sizeof(bundle));
}

/* Loaded twice through the bundle: an edit between the loads is seen. */
static void test_load_sees_edits(void **state)
{
	char cache[300], tree[300], cwd[4096];
	struct kconfig_options opts = { 0 };
	struct kconfig *kc;

	(void)state;
	snprintf(cache, sizeof(cache), "%s/cache", dir);
	snprintf(tree, sizeof(tree), "%s/tree", dir);
	assert_int_equal(mkdir(tree, 0755), 0);
	write_file("tree/Kconfig", "config X\n\tbool \"x\"\nsource \"sub\"\n");
	write_file("tree/sub", "config Y\n\tbool\n");
	sleep(3);
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir(tree), 0);
	opts.shell_cache_dir = cache;
	for (int round = 0; round < 3; round++) {
		kc = kconfig_load(&opts);
		assert_int_equal(kc->diags.errors, 0);
		assert_non_null(symbol_find(kc, "X"));
		assert_non_null(symbol_find(kc, round < 2 ? "Y" : "Z"));
		assert_true(round < 2 || !symbol_find(kc, "Y"));
		/* None in the bundle yet, both, then Kconfig's alone. */
		assert_int_equal(kc->nfiles_bundled, round == 0 ? 0 : round == 1 ? 2 : 1);
		kconfig_free(kc);
		/* The first load wrote the bundle, the second read it. */
		if (round == 1)
			write_file("tree/sub", "config Z\n\tbool\n");
	}
	assert_int_equal(chdir(cwd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_changed_files),
		cmocka_unit_test(test_checked_ahead),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_bounded),
		cmocka_unit_test(test_load_sees_edits),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
