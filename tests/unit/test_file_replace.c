// SPDX-License-Identifier: GPL-2.0
/*
 * file_replace: a file replaced whole through an unguessable temporary
 * file beside it.  A symlink planted at the names writers used to use
 * (NAME.tmp, NAME.<pid>.tmp) is never followed; the mode is the umask's,
 * the old file's or 0600 as asked; a directory that cannot be written, a
 * failing write (a file size limit) and a failing rename leave the old
 * file as it was, say why, and leave no temporary file behind; nor does
 * success.  What a killed writer left is removed by the next one.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "file_replace.h"

static char dir[] = "/tmp/kbrowse-replace-test-XXXXXX";
static char target[200];

static int setup(void **state)
{
	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(target, sizeof(target), "%s/file", dir);
	return 0;
}

static int teardown(void **state)
{
	char cmd[300];

	(void)state;
	snprintf(cmd, sizeof(cmd), "chmod -R u+w '%s'; rm -rf '%s'", dir, dir);
	strcpy(dir, "/tmp/kbrowse-replace-test-XXXXXX");
	return system(cmd) == 0 ? 0 : -1;
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* The whole file (at most 255 bytes) as a static string. */
static const char *read_text(const char *path)
{
	static char text[256];
	FILE *f = fopen(path, "r");
	size_t n;

	assert_non_null(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	return text;
}

static unsigned mode_of(const char *path)
{
	struct stat st;

	assert_int_equal(lstat(path, &st), 0);
	return (unsigned)st.st_mode & 07777;
}

/* How many entries the directory holds besides the ones named. */
static int others_in_dir(const char *keep1, const char *keep2)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
		    (!keep1 || strcmp(e->d_name, keep1)) &&
		    (!keep2 || strcmp(e->d_name, keep2)))
			n++;
	closedir(d);
	return n;
}

static void test_writes_and_leaves_nothing_else(void **state)
{
	struct file_replace r;
	FILE *out;

	(void)state;
	out = file_replace_open(&r, target, FILE_REPLACE_NEW, true);
	assert_non_null(out);
	fprintf(out, "new %d\n", 1);
	assert_int_equal(file_replace_commit(&r), 0);
	assert_string_equal(read_text(target), "new 1\n");
	assert_int_equal(others_in_dir("file", NULL), 0);

	/* Given up: the old file stays, the temporary file goes. */
	out = file_replace_open(&r, target, FILE_REPLACE_NEW, false);
	assert_non_null(out);
	fputs("abandoned\n", out);
	file_replace_abort(&r);
	assert_string_equal(read_text(target), "new 1\n");
	assert_int_equal(others_in_dir("file", NULL), 0);
}

/* A file at dir/name, its modification time `age` seconds ago. */
static void write_aged(const char *name, long age)
{
	char path[300];
	struct timeval times[2];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	write_text(path, "partial");
	gettimeofday(&times[0], NULL);
	times[0].tv_sec -= age;
	times[1] = times[0];
	assert_int_equal(utimes(path, times), 0);
}

static bool exists_in_dir(const char *name)
{
	char path[300];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return lstat(path, &st) == 0;
}

/*
 * A writer killed mid-write leaves file.XXXXXX.tmp: the next writer's
 * clean-up removes it, and nothing else (a young one, one a live writer
 * holds locked, a link, another file's, a name of another shape).
 */
static void test_stale_temps_removed(void **state)
{
	char path[300], link_path[300];
	int held;

	(void)state;
	write_aged("file.Ab3xYz.tmp", 3600);
	write_aged("file.young1.tmp", 0);
	write_aged("file.LOCKED.tmp", 3600);
	write_aged("other.Ab3xYz.tmp", 3600);
	write_aged("file.tmp", 3600);
	write_aged("file.Ab3.tmp", 3600);
	snprintf(path, sizeof(path), "%s/file.LOCKED.tmp", dir);
	held = open(path, O_RDONLY);
	assert_true(held >= 0);
	assert_int_equal(flock(held, LOCK_EX), 0);
	snprintf(link_path, sizeof(link_path), "%s/file.linked.tmp", dir);
	assert_int_equal(symlink("other.Ab3xYz.tmp", link_path), 0);

	file_replace_remove_stale(target);
	assert_false(exists_in_dir("file.Ab3xYz.tmp"));
	assert_true(exists_in_dir("file.young1.tmp"));
	assert_true(exists_in_dir("file.LOCKED.tmp"));
	assert_true(exists_in_dir("other.Ab3xYz.tmp"));
	assert_true(exists_in_dir("file.tmp"));
	assert_true(exists_in_dir("file.Ab3.tmp"));
	assert_true(exists_in_dir("file.linked.tmp"));
	close(held);
	/* Its writer gone, the lock goes with it. */
	file_replace_remove_stale(target);
	assert_false(exists_in_dir("file.LOCKED.tmp"));
}

static void test_modes(void **state)
{
	mode_t old_mask = umask(022);

	(void)state;
	assert_int_equal(file_replace_bytes(target, "a\n", 2, FILE_REPLACE_NEW,
					    false, NULL, 0), 0);
	assert_int_equal(mode_of(target), 0644);
	umask(077);
	assert_int_equal(file_replace_bytes(target, "b\n", 2, FILE_REPLACE_NEW,
					    false, NULL, 0), 0);
	assert_int_equal(mode_of(target), 0600);
	umask(022);
	chmod(target, 0640);
	assert_int_equal(file_replace_bytes(target, "c\n", 2, FILE_REPLACE_KEEP,
					    false, NULL, 0), 0);
	assert_int_equal(mode_of(target), 0640);
	assert_int_equal(file_replace_bytes(target, "d\n", 2,
					    FILE_REPLACE_PRIVATE, false, NULL, 0),
			 0);
	assert_int_equal(mode_of(target), 0600);
	assert_string_equal(read_text(target), "d\n");
	umask(old_mask);
}

/* Links at every name a writer used to take: none is followed. */
/* The names are formats from the table planted[], literals all. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void test_planted_links_not_followed(void **state)
{
	static const char *const planted[] = { "file.tmp", "file.%ld.tmp",
					       "file.XXXXXX.tmp" };
	char victim[256], link_path[300], name[64];
	size_t i;

	(void)state;
	snprintf(victim, sizeof(victim), "%s/victim", dir);
	write_text(victim, "secret\n");
	write_text(target, "old\n");
	for (i = 0; i < sizeof(planted) / sizeof(planted[0]); i++) {
		snprintf(name, sizeof(name), planted[i], (long)getpid());
		snprintf(link_path, sizeof(link_path), "%s/%s", dir, name);
		assert_int_equal(symlink(victim, link_path), 0);
	}
	assert_int_equal(file_replace_bytes(target, "new\n", 4, FILE_REPLACE_NEW,
					    true, NULL, 0), 0);
	assert_string_equal(read_text(target), "new\n");
	assert_string_equal(read_text(victim), "secret\n");
	/* The links are still links, and nothing else was left. */
	for (i = 0; i < sizeof(planted) / sizeof(planted[0]); i++) {
		struct stat st;

		snprintf(name, sizeof(name), planted[i], (long)getpid());
		snprintf(link_path, sizeof(link_path), "%s/%s", dir, name);
		assert_int_equal(lstat(link_path, &st), 0);
		assert_true(S_ISLNK(st.st_mode));
		unlink(link_path);
	}
	assert_int_equal(others_in_dir("file", "victim"), 0);
}
#pragma GCC diagnostic pop

static char message[512];

/*
 * Run fn in a child process (as nobody when we are root, whom a
 * directory's mode does not stop); its message comes back in message.
 * Returns its exit status.
 */
static int in_child(int (*fn)(void), bool drop_root)
{
	int status, fds[2];
	ssize_t n;
	pid_t pid;

	assert_int_equal(pipe(fds), 0);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int ret;

		close(fds[0]);
		if (drop_root && geteuid() == 0 &&
		    (setgid(65534) != 0 || setuid(65534) != 0))
			_exit(99);
		message[0] = '\0';
		ret = fn();
		if (write(fds[1], message, strlen(message)) < 0)
			ret = 98;
		_exit(ret);
	}
	close(fds[1]);
	n = read(fds[0], message, sizeof(message) - 1);
	close(fds[0]);
	message[n > 0 ? n : 0] = '\0';
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	return WEXITSTATUS(status);
}

static int replace_in_readonly_dir(void)
{
	return file_replace_bytes(target, "new\n", 4, FILE_REPLACE_NEW, true,
				  message, sizeof(message)) == -1 ? 0 : 1;
}

static void test_readonly_dir(void **state)
{
	char want[300];

	(void)state;
	write_text(target, "old\n");
	chmod(target, 0644);
	assert_int_equal(chmod(dir, 0555), 0);
	assert_int_equal(in_child(replace_in_readonly_dir, true), 0);
	chmod(dir, 0755);
	assert_string_equal(read_text(target), "old\n");
	assert_int_equal(others_in_dir("file", NULL), 0);
	snprintf(want, sizeof(want), "%s: cannot create a temporary file in its "
		 "directory: Permission denied", target);
	assert_string_equal(message, want);
}

/* A write that fails half way: a file size limit of 1 KB. */
static int replace_past_size_limit(void)
{
	struct rlimit limit = { 1024, 1024 };
	struct file_replace r;
	FILE *out;
	int ret;

	signal(SIGXFSZ, SIG_IGN);
	if (setrlimit(RLIMIT_FSIZE, &limit) != 0)
		return 2;
	out = file_replace_open(&r, target, FILE_REPLACE_NEW, false);
	if (!out)
		return 3;
	for (int i = 0; i < 1000; i++)
		fprintf(out, "line %d of a file too large\n", i);
	ret = file_replace_commit(&r);
	file_replace_error(&r, message, sizeof(message));
	return ret == -1 ? 0 : 1;
}

static void test_failed_write(void **state)
{
	char want[300];

	(void)state;
	write_text(target, "old\n");
	assert_int_equal(in_child(replace_past_size_limit, false), 0);
	assert_string_equal(read_text(target), "old\n");
	assert_int_equal(others_in_dir("file", NULL), 0);
	snprintf(want, sizeof(want), "%s: cannot write it: File too large",
		 target);
	assert_string_equal(message, want);
}

/* The target is a directory with something in it: the rename fails. */
static void test_failed_rename(void **state)
{
	char inside[300], want[300];

	(void)state;
	assert_int_equal(mkdir(target, 0755), 0);
	snprintf(inside, sizeof(inside), "%s/kept", target);
	write_text(inside, "kept\n");
	assert_int_equal(file_replace_bytes(target, "new\n", 4, FILE_REPLACE_NEW,
					    false, message, sizeof(message)), -1);
	snprintf(want, sizeof(want), "%s: cannot rename a temporary file over "
		 "it: Is a directory", target);
	assert_string_equal(message, want);
	assert_string_equal(read_text(inside), "kept\n");
	assert_int_equal(others_in_dir("file", NULL), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_writes_and_leaves_nothing_else,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_modes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stale_temps_removed, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_planted_links_not_followed,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_readonly_dir, setup, teardown),
		cmocka_unit_test_setup_teardown(test_failed_write, setup, teardown),
		cmocka_unit_test_setup_teardown(test_failed_rename, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
