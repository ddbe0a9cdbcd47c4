// SPDX-License-Identifier: GPL-2.0
/* The $(shell,...) result cache: hits, and every change that must miss. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "shell_cache.h"

static char tmpdir[] = "/tmp/kbrowse-cache-test-XXXXXX";
static char cachedir[300], bindir[300], tool[320];
static char *saved_path;

static void write_file(const char *path, const char *text, mode_t mode)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	chmod(path, mode);
}

static int setup(void **state)
{
	char *path;

	(void)state;
	assert_non_null(mkdtemp(tmpdir));
	snprintf(cachedir, sizeof(cachedir), "%s/cache", tmpdir);
	snprintf(bindir, sizeof(bindir), "%s/bin", tmpdir);
	snprintf(tool, sizeof(tool), "%s/fakecc", bindir);
	mkdir(bindir, 0755);
	write_file(tool, "#!/bin/sh\necho fake 1.0\n", 0755);
	saved_path = strdup(getenv("PATH"));
	path = malloc(strlen(bindir) + strlen(saved_path) + 2);
	sprintf(path, "%s:%s", bindir, saved_path);
	setenv("PATH", path, 1);
	free(path);
	unsetenv("KBROWSE_NO_CACHE");
	return 0;
}

static int teardown(void **state)
{
	char cmd[400];

	(void)state;
	setenv("PATH", saved_path, 1);
	free(saved_path);
	chmod(cachedir, 0755);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

static struct shell_result result_of(const char *out, const char *err)
{
	struct shell_result r = {
		.out = (char *)out, .out_len = strlen(out),
		.err = (char *)err, .err_len = strlen(err),
	};
	return r;
}

/* A fresh cache handle per lookup, as a new kbrowse run would have. */
static bool lookup(const char *cmd, const char *cwd, char **out)
{
	struct diag_list diags;
	struct shell_cache *cache;
	struct shell_result r = { 0 };
	bool hit;

	diag_init(&diags);
	cache = shell_cache_open(cachedir, &diags);
	assert_non_null(cache);
	hit = shell_cache_get(cache, cmd, cwd, &r);
	shell_cache_close(cache);
	diag_release(&diags);
	if (hit) {
		*out = r.out;
		free(r.err);
	}
	return hit;
}

static void store(const char *cmd, const char *cwd, const char *out)
{
	struct shell_cache *cache = shell_cache_open(cachedir, NULL);
	struct shell_result r = result_of(out, "warning: probe\n");

	assert_non_null(cache);
	shell_cache_put(cache, cmd, cwd, &r);
	assert_int_equal(shell_cache_stats(cache).stores, 1);
	shell_cache_close(cache);
}

static void test_round_trip(void **state)
{
	struct shell_cache *cache;
	struct shell_result r = { 0 };
	char *out = NULL;

	(void)state;
	store("fakecc -E -x c /dev/null", "/tmp", "y y\n");
	assert_true(lookup("fakecc -E -x c /dev/null", "/tmp", &out));
	assert_string_equal(out, "y y\n");
	free(out);
	/* Stderr comes back too, so warnings are not lost on a hit. */
	cache = shell_cache_open(cachedir, NULL);
	assert_true(shell_cache_get(cache, "fakecc -E -x c /dev/null", "/tmp", &r));
	assert_int_equal(r.err_len, strlen("warning: probe\n"));
	assert_memory_equal(r.err, "warning: probe\n", r.err_len);
	assert_int_equal(shell_cache_stats(cache).hits, 1);
	free(r.out);
	free(r.err);
	shell_cache_close(cache);
}

static void test_other_command_or_directory_misses(void **state)
{
	char *out = NULL;

	(void)state;
	store("fakecc --version", "/tmp", "fake 1.0");
	assert_false(lookup("fakecc  --version", "/tmp", &out));
	assert_false(lookup("fakecc --version", "/", &out));
}

static void test_environment_change_misses(void **state)
{
	char *out = NULL;

	(void)state;
	setenv("KBROWSE_TEST_VAR", "one", 1);
	store("fakecc -v", "/tmp", "one");
	assert_true(lookup("fakecc -v", "/tmp", &out));
	free(out);
	setenv("KBROWSE_TEST_VAR", "two", 1);
	assert_false(lookup("fakecc -v", "/tmp", &out));
	unsetenv("KBROWSE_TEST_VAR");
}

static void test_touched_compiler_misses(void **state)
{
	char *out = NULL;
	struct timeval times[2] = { { 1000000000, 0 }, { 1000000000, 0 } };

	(void)state;
	store("fakecc -dumpversion", "/tmp", "1.0");
	assert_true(lookup("fakecc -dumpversion", "/tmp", &out));
	free(out);
	/* The same compiler, touched: its mtime is part of the key. */
	assert_int_equal(utimes(tool, times), 0);
	assert_false(lookup("fakecc -dumpversion", "/tmp", &out));
	/* Another compiler put in its place. */
	store("fakecc -dumpversion", "/tmp", "1.0");
	write_file(tool, "#!/bin/sh\necho fake 2.0 with a longer banner\n", 0755);
	assert_false(lookup("fakecc -dumpversion", "/tmp", &out));
}

static void test_script_named_by_path_is_keyed(void **state)
{
	char script[400];
	char cmd[500];
	char *out = NULL;

	(void)state;
	snprintf(script, sizeof(script), "%s/probe.sh", tmpdir);
	write_file(script, "echo a\n", 0755);
	snprintf(cmd, sizeof(cmd), "sh %s gcc", script);
	store(cmd, "/tmp", "a");
	write_file(script, "echo bb\n", 0755);
	assert_false(lookup(cmd, "/tmp", &out));
}

/* Terminal, login and kbrowse's own variables do not change the key. */
static void test_terminal_variables_keep_the_key(void **state)
{
	static const char *const names[] = {
		"TERM", "COLUMNS", "LINES", "TMUX", "SSH_CONNECTION",
		"KBROWSE_TIMING", "KBROWSE_EXIT_AFTER_FIRST_SCREEN",
	};
	char *out = NULL;

	(void)state;
	store("fakecc --print-terminal-free", "/tmp", "same");
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char *saved = getenv(names[i]) ? strdup(getenv(names[i])) : NULL;

		setenv(names[i], "something-else-entirely", 1);
		assert_true(lookup("fakecc --print-terminal-free", "/tmp", &out));
		assert_string_equal(out, "same");
		free(out);
		if (saved)
			setenv(names[i], saved, 1);
		else
			unsetenv(names[i]);
		free(saved);
	}
	/* A variable that is none of those still counts. */
	setenv("KBROWSE_TERM_LIKE", "1", 1);
	assert_false(lookup("fakecc --print-terminal-free", "/tmp", &out));
	unsetenv("KBROWSE_TERM_LIKE");
}

/*
 * A command that runs the compiler the environment names ($CC, as in
 * "$CC -v" or "${CC:-gcc} -v"): another CC in the environment misses, and
 * so does the same CC once its program is touched.  CC may be a name on
 * PATH or a path with flags after it.
 */
static void test_compiler_named_by_environment(void **state)
{
	static const char *const cmds[] = {
		"$CC -v", "${CC} -E -x c /dev/null", "${CC:-gcc} --version",
	};
	char by_path[400], other[340];
	const char *ccs[2];
	char *out = NULL;
	long when = 1100000000;

	(void)state;
	snprintf(other, sizeof(other), "%s/othercc", bindir);
	write_file(other, "#!/bin/sh\necho other 3.0\n", 0755);
	snprintf(by_path, sizeof(by_path), "%s -m64", tool);
	ccs[0] = "fakecc";
	ccs[1] = by_path;
	for (size_t c = 0; c < 2; c++) {
		for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
			struct timeval times[2] = { { when, 0 }, { when, 0 } };

			setenv("CC", ccs[c], 1);
			store(cmds[i], "/tmp", "fake");
			assert_true(lookup(cmds[i], "/tmp", &out));
			free(out);
			/* Another compiler through the environment. */
			setenv("CC", "othercc", 1);
			assert_false(lookup(cmds[i], "/tmp", &out));
			/* The same CC, its compiler touched. */
			setenv("CC", ccs[c], 1);
			when += 1000;
			times[0].tv_sec = times[1].tv_sec = when;
			assert_int_equal(utimes(tool, times), 0);
			assert_false(lookup(cmds[i], "/tmp", &out));
		}
	}
	unsetenv("CC");
}

static void test_corrupt_entry_is_a_warned_miss(void **state)
{
	struct diag_list diags;
	struct shell_cache *cache;
	struct shell_result r = { 0 };
	char cmd[400];

	(void)state;
	store("fakecc -c corrupt.c", "/tmp", "ok");
	/* Truncate every entry file. */
	snprintf(cmd, sizeof(cmd),
		 "for f in '%s'/*; do head -c 30 \"$f\" > \"$f.x\" && mv \"$f.x\" \"$f\"; done",
		 cachedir);
	assert_int_equal(system(cmd), 0);
	diag_init(&diags);
	cache = shell_cache_open(cachedir, &diags);
	assert_false(shell_cache_get(cache, "fakecc -c corrupt.c", "/tmp", &r));
	assert_int_equal(diags.warnings, 1);
	assert_int_equal(diags.errors, 0);
	assert_non_null(strstr(diags.first->message, "corrupt"));
	shell_cache_close(cache);
	diag_release(&diags);
}

static void test_uncreatable_directory_is_a_warning(void **state)
{
	struct diag_list diags;
	struct shell_cache *cache;
	struct shell_result r = result_of("x", "");

	(void)state;
	diag_init(&diags);
	/* A path below a regular file can never be created, even by root. */
	cache = shell_cache_open("/etc/passwd/kbrowse", &diags);
	assert_non_null(cache);
	shell_cache_put(cache, "fakecc -x", "/tmp", &r);
	assert_int_equal(shell_cache_stats(cache).stores, 0);
	assert_int_equal(diags.warnings, 1);
	assert_int_equal(diags.errors, 0);
	shell_cache_close(cache);
	diag_release(&diags);
}

static void test_disabled_by_environment(void **state)
{
	(void)state;
	setenv("KBROWSE_NO_CACHE", "1", 1);
	assert_null(shell_cache_open(cachedir, NULL));
	unsetenv("KBROWSE_NO_CACHE");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_other_command_or_directory_misses),
		cmocka_unit_test(test_environment_change_misses),
		cmocka_unit_test(test_touched_compiler_misses),
		cmocka_unit_test(test_script_named_by_path_is_keyed),
		cmocka_unit_test(test_compiler_named_by_environment),
		cmocka_unit_test(test_terminal_variables_keep_the_key),
		cmocka_unit_test(test_corrupt_entry_is_a_warned_miss),
		cmocka_unit_test(test_uncreatable_directory_is_a_warning),
		cmocka_unit_test(test_disabled_by_environment),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
