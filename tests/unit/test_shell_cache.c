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

#include "path_dirs.h"
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

/* Set (value non-NULL) or unset name; returns the old value to restore. */
static char *swap_env(const char *name, const char *value)
{
	char *saved = getenv(name) ? strdup(getenv(name)) : NULL;

	if (value)
		setenv(name, value, 1);
	else
		unsetenv(name);
	return saved;
}

static void restore_env(const char *name, char *saved)
{
	if (saved)
		setenv(name, saved, 1);
	else
		unsetenv(name);
	free(saved);
}

static void expect_hit(const char *cmd, const char *want)
{
	char *out = NULL;

	assert_true(lookup(cmd, "/tmp", &out));
	assert_string_equal(out, want);
	free(out);
}

static void expect_miss(const char *cmd)
{
	char *out = NULL;

	assert_false(lookup(cmd, "/tmp", &out));
}

/* A kernel-like probe: the compiler by name, a script by path. */
static const char *probe_command(void)
{
	static char cmd[600];
	char script[400];

	snprintf(script, sizeof(script), "%s/cc-version.sh", tmpdir);
	write_file(script, "#!/bin/sh\n\"$@\" --version | head -n 1\n", 0755);
	snprintf(cmd, sizeof(cmd),
		 "trap \"rm -rf .tmp_$$\" EXIT; mkdir .tmp_$$; fakecc -Werror "
		 "-c -x c /dev/null -o .tmp_$$/tmp.o && %s fakecc", script);
	return cmd;
}

/*
 * What differs between two terminals, two logins or two ways of starting
 * kbrowse does not change a probe's answer and keeps the key: the
 * desktop and agent sockets, the terminal, colours, KCONFIG_CONFIG, any
 * variable no command or script names.  Set, changed or unset.
 */
static void test_unrelated_variables_keep_the_key(void **state)
{
	static const char *const names[] = {
		"DISPLAY", "WAYLAND_DISPLAY", "SSH_AUTH_SOCK",
		"DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "XDG_SESSION_ID",
		"XDG_CONFIG_HOME", "BAR", "NO_COLOR", "KCONFIG_CONFIG",
		"KCONFIG_ALLCONFIG", "TERM", "COLUMNS", "LINES", "TMUX",
		"SSH_CONNECTION", "SSH_TTY", "OLDPWD", "KBROWSE_TIMING",
		"KBROWSE_EXIT_AFTER_FIRST_SCREEN", "MAKEFLAGS",
	};
	static const char *const values[] = { "7", "/run/user/1000/bus", NULL };
	const char *cmd = probe_command();

	(void)state;
	store(cmd, "/tmp", "same");
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		for (size_t v = 0; v < sizeof(values) / sizeof(values[0]); v++) {
			char *saved = swap_env(names[i], values[v]);

			expect_hit(cmd, "same");
			restore_env(names[i], saved);
		}
	}
}

/*
 * What changes which programs run or how they answer: PATH, the
 * toolchain, the flags, the locale, the loader, the shell's start-up
 * files.  Set, changed or unset, each misses; put back, the entry is
 * found again.
 */
static void test_toolchain_and_locale_variables_miss(void **state)
{
	static const char *const names[] = {
		"PATH", "CC", "LD", "AS", "HOSTCC", "CROSS_COMPILE", "LLVM",
		"LLVM_IAS", "CFLAGS", "KCFLAGS", "CLANG_FLAGS", "RUSTFLAGS",
		"RUSTC", "BINDGEN", "ARCH", "srctree", "LANG", "LANGUAGE", "LC_ALL",
		"LC_MESSAGES", "LC_NUMERIC", "LD_LIBRARY_PATH", "GCC_EXEC_PREFIX",
		"COMPILER_PATH", "CPATH", "CCACHE_DIR", "BASH_ENV", "ENV",
		"HOME", "TMPDIR", "PKG_CONFIG_PATH", "SOURCE_DATE_EPOCH",
	};
	const char *cmd = probe_command();

	(void)state;
	store(cmd, "/tmp", "keyed");
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char *saved;
		char value[600];

		/* A new PATH that finds the same programs still misses. */
		snprintf(value, sizeof(value), "%s:%s", bindir,
			 getenv("PATH"));
		saved = swap_env(names[i], strcmp(names[i], "PATH") ? "x1" : value);
		expect_miss(cmd);
		if (saved) {
			unsetenv(names[i]);
			expect_miss(cmd);
		}
		restore_env(names[i], saved);
		expect_hit(cmd, "keyed");
	}
}

/*
 * A variable the command names: $NAME, ${NAME}, ${NAME:-default}, or
 * NAME itself handed to a script (printenv-like).  Setting it misses,
 * changing it misses, unsetting it again finds the first entry.
 */
static void test_named_variables_miss(void **state)
{
	static const char *const cmds[] = {
		"echo $KB_PROBE_VAR", "echo \"${KB_PROBE_VAR}\"",
		"echo ${KB_PROBE_VAR:-none}", "test -n \"$KB_PROBE_VAR\" && echo y",
		"sh -c 'echo $KB_PROBE_VAR'", "fakecc --print KB_PROBE_VAR",
	};

	(void)state;
	unsetenv("KB_PROBE_VAR");
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		store(cmds[i], "/tmp", "unset");
		setenv("KB_PROBE_VAR", "1", 1);
		expect_miss(cmds[i]);
		store(cmds[i], "/tmp", "one");
		setenv("KB_PROBE_VAR", "2", 1);
		expect_miss(cmds[i]);
		setenv("KB_PROBE_VAR", "1", 1);
		expect_hit(cmds[i], "one");
		unsetenv("KB_PROBE_VAR");
		expect_hit(cmds[i], "unset");
		/* Another variable of a similar name is not this one. */
		setenv("KB_PROBE_VARS", "1", 1);
		expect_hit(cmds[i], "unset");
		unsetenv("KB_PROBE_VARS");
	}
}

/*
 * A script the command runs reads variables of its own (as the
 * kernel's scripts/rust_is_available.sh reads $RUSTC and $BINDGEN) and
 * runs scripts beside it (as scripts/cc-version.sh runs
 * min-tool-version.sh): those variables and those scripts are keyed.
 */
static void test_what_a_script_reads_is_keyed(void **state)
{
	char script[400], helper[400], cmd[500];
	struct timeval times[2] = { { 1200000000, 0 }, { 1200000000, 0 } };

	(void)state;
	snprintf(script, sizeof(script), "%s/probe-tool.sh", tmpdir);
	snprintf(helper, sizeof(helper), "%s/min-version.sh", tmpdir);
	write_file(helper, "echo 5.1\n", 0755);
	write_file(script,
		   "#!/bin/sh\n"
		   "min=$($(dirname \"$0\")/min-version.sh)\n"
		   "echo \"${KB_SCRIPT_TOOL:-fakecc} $min\"\n", 0755);
	snprintf(cmd, sizeof(cmd), "%s && echo y", script);
	unsetenv("KB_SCRIPT_TOOL");
	store(cmd, "/tmp", "y");
	setenv("KB_SCRIPT_TOOL", "othercc", 1);
	expect_miss(cmd);
	unsetenv("KB_SCRIPT_TOOL");
	expect_hit(cmd, "y");
	/* An unrelated variable still hits. */
	setenv("BAR", "7", 1);
	expect_hit(cmd, "y");
	unsetenv("BAR");
	/* The helper script changed, the script that runs it did not. */
	write_file(helper, "echo 6.2\n", 0755);
	expect_miss(cmd);
	/* The same helper put back with the same size and times, through
	 * another file (another inode, as a package upgrade does). */
	store(cmd, "/tmp", "y");
	{
		char tmp[420];

		snprintf(tmp, sizeof(tmp), "%s.new", helper);
		assert_int_equal(utimes(helper, times), 0);
		write_file(tmp, "echo 6.2\n", 0755);
		assert_int_equal(utimes(tmp, times), 0);
		store(cmd, "/tmp", "y");
		assert_int_equal(rename(tmp, helper), 0);
		expect_miss(cmd);
	}
}

/*
 * A program on PATH replaced by another file with the same size and
 * times misses (its inode differs); so does one found earlier on PATH.
 */
static void test_tool_identity_is_keyed(void **state)
{
	char tmp[400], shadow_dir[400], shadow[420], path[1000];
	struct timeval times[2] = { { 1300000000, 0 }, { 1300000000, 0 } };
	char *saved;

	(void)state;
	assert_int_equal(utimes(tool, times), 0);
	store("fakecc -dumpmachine", "/tmp", "x86_64");
	expect_hit("fakecc -dumpmachine", "x86_64");
	snprintf(tmp, sizeof(tmp), "%s.new", tool);
	write_file(tmp, "#!/bin/sh\necho fake 1.0\n", 0755);
	assert_int_equal(utimes(tmp, times), 0);
	assert_int_equal(rename(tmp, tool), 0);
	expect_miss("fakecc -dumpmachine");
	store("fakecc -dumpmachine", "/tmp", "x86_64");
	/* Another fakecc earlier on PATH. */
	snprintf(shadow_dir, sizeof(shadow_dir), "%s/bin2", tmpdir);
	mkdir(shadow_dir, 0755);
	snprintf(shadow, sizeof(shadow), "%s/fakecc", shadow_dir);
	write_file(shadow, "#!/bin/sh\necho fake 1.0\n", 0755);
	snprintf(path, sizeof(path), "%s:%s", shadow_dir, getenv("PATH"));
	saved = swap_env("PATH", path);
	expect_miss("fakecc -dumpmachine");
	restore_env("PATH", saved);
	expect_hit("fakecc -dumpmachine", "x86_64");
}

/*
 * The assembler and linker a compiler runs without the command naming
 * them (${CROSS_COMPILE}as, ${CROSS_COMPILE}ld on PATH) are keyed.
 */
static void test_implicit_assembler_is_keyed(void **state)
{
	char as[400];
	struct timeval times[2] = { { 1400000000, 0 }, { 1400000000, 0 } };

	(void)state;
	snprintf(as, sizeof(as), "%s/as", bindir);
	write_file(as, "#!/bin/sh\nexit 0\n", 0755);
	store("fakecc -c -x assembler-with-cpp -o /dev/null -", "/tmp", "y");
	expect_hit("fakecc -c -x assembler-with-cpp -o /dev/null -", "y");
	assert_int_equal(utimes(as, times), 0);
	expect_miss("fakecc -c -x assembler-with-cpp -o /dev/null -");
	unlink(as);
}

/* make reads every variable: a command that runs it keys on them all. */
static void test_make_keys_the_whole_environment(void **state)
{
	char *saved;

	(void)state;
	store("make -s -f probe.mk print", "/tmp", "made");
	setenv("BAR", "7", 1);
	expect_miss("make -s -f probe.mk print");
	unsetenv("BAR");
	expect_hit("make -s -f probe.mk print", "made");
	/* The terminal is still left out. */
	saved = swap_env("DISPLAY", ":42");
	expect_hit("make -s -f probe.mk print", "made");
	restore_env("DISPLAY", saved);
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

/* Every entry file of the cache (32 hex digits), by a shell glob. */
static void for_each_entry(const char *shell_action)
{
	char cmd[800];

	snprintf(cmd, sizeof(cmd),
		 "for f in '%s'/????????????????????????????????; do %s; done",
		 cachedir, shell_action);
	assert_int_equal(system(cmd), 0);
}

/* Is cmd (run in tmpdir) refused: never stored, never looked up? */
static void expect_refused(const char *cmd)
{
	struct shell_cache *cache = shell_cache_open(cachedir, NULL);
	struct shell_result r = result_of("1", "");

	assert_non_null(cache);
	shell_cache_put(cache, cmd, tmpdir, &r);
	assert_int_equal(shell_cache_stats(cache).stores, 0);
	assert_false(shell_cache_get(cache, cmd, tmpdir, &r));
	assert_int_equal(shell_cache_stats(cache).refused, 1);
	shell_cache_close(cache);
}

/* A regression: cat version.txt kept its first answer after the file changed. */
static void test_data_file_named_by_a_plain_word(void **state)
{
	char path[400], *out = NULL;

	(void)state;
	snprintf(path, sizeof(path), "%s/version.txt", tmpdir);
	write_file(path, "1\n", 0644);
	store("cat version.txt", tmpdir, "1");
	assert_true(lookup("cat version.txt", tmpdir, &out));
	free(out);
	write_file(path, "22\n", 0644);
	assert_false(lookup("cat version.txt", tmpdir, &out));
}

/*
 * A word's fields are worked out once per run and directory: the same
 * word in another directory of the same run adds that directory's file,
 * as a run that meets it there first would.
 */
static void test_word_fields_follow_the_directory(void **state)
{
	struct shell_cache *cache;
	struct shell_result r = result_of("1", "");
	char with[400], without[400], path[450], *out = NULL;

	(void)state;
	snprintf(with, sizeof(with), "%s/with", tmpdir);
	snprintf(without, sizeof(without), "%s/without", tmpdir);
	mkdir(with, 0755);
	mkdir(without, 0755);
	snprintf(path, sizeof(path), "%s/version.txt", with);
	write_file(path, "1\n", 0644);
	cache = shell_cache_open(cachedir, NULL);
	assert_non_null(cache);
	shell_cache_put(cache, "cat version.txt", with, &r);
	shell_cache_put(cache, "cat version.txt", without, &r);
	assert_int_equal(shell_cache_stats(cache).stores, 2);
	shell_cache_close(cache);
	assert_true(lookup("cat version.txt", without, &out));
	free(out);
	assert_true(lookup("cat version.txt", with, &out));
	free(out);
	unlink(path);
	rmdir(with);
	rmdir(without);
}

/* A regression: test -e flag && echo y kept "" after flag appeared. */
static void test_file_that_appears(void **state)
{
	char path[400], *out = NULL;

	(void)state;
	snprintf(path, sizeof(path), "%s/flag", tmpdir);
	unlink(path);
	store("test -e flag && echo y", tmpdir, "");
	assert_true(lookup("test -e flag && echo y", tmpdir, &out));
	free(out);
	write_file(path, "", 0644);
	assert_false(lookup("test -e flag && echo y", tmpdir, &out));
	/* And by a path: gone again, it misses too. */
	store("test -e ./flag && echo y", tmpdir, "y");
	unlink(path);
	assert_false(lookup("test -e ./flag && echo y", tmpdir, &out));
}

/* A regression: $(shell,date ...) kept its first answer. */
static void test_clock_and_directory_listings_are_not_cached(void **state)
{
	char script[400], cmd[500];

	(void)state;
	expect_refused("date +%s");
	expect_refused("echo $RANDOM");
	expect_refused("head -c 8 /dev/urandom | od");
	expect_refused("ls");
	expect_refused("cat *.txt");
	expect_refused("cat vers?on.txt");
	expect_refused("git describe");
	/* Each word of the list, whatever byte it starts with. */
	expect_refused("uptime");
	expect_refused("echo $SRANDOM");
	expect_refused("echo $SECONDS");
	expect_refused("echo $EPOCHSECONDS");
	expect_refused("echo $EPOCHREALTIME");
	expect_refused("head -c 8 /dev/random | od");
	expect_refused("find . -name x");
	expect_refused("du -s .");
	expect_refused("hg id");
	expect_refused("svn info");
	/* A script that reads the clock itself. */
	snprintf(script, sizeof(script), "%s/stamp.sh", bindir);
	write_file(script, "#!/bin/sh\ndate +%Y\n", 0755);
	snprintf(cmd, sizeof(cmd), "%s", script);
	expect_refused(cmd);
	/* Not globs: $?, test's [ ], quoted text. */
	store("[ \"$(fakecc -v)\" = x ] ; echo $?", "/tmp", "1");
	store("echo 'int *p;' | fakecc -x c - -o /dev/null", "/tmp", "");
}

/* Probes as the kernel writes them stay cacheable. */
static void test_kernel_probes_are_cacheable(void **state)
{
	(void)state;
	store("{ trap \"rm -rf .tmp_$$\" EXIT; mkdir .tmp_$$; fakecc -Werror "
	      "-mno-red-zone -c -x c /dev/null -o .tmp_$$/tmp.o; } >/dev/null "
	      "2>&1 && echo \"y\" || echo \"n\"", tmpdir, "y");
	store("{ test \"GCC\" = GCC; } >/dev/null 2>&1 && echo \"y\" || echo \"n\"",
	      tmpdir, "y");
	store("{ fakecc --help | head -n 1 | grep -qi llvm; } >/dev/null 2>&1 "
	      "&& echo \"y\" || echo \"n\"", tmpdir, "n");
}

static void test_entry_of_others_or_writable_is_refused(void **state)
{
	struct diag_list diags;
	struct shell_cache *cache;
	struct shell_result r = { 0 };
	char *out = NULL;

	(void)state;
	store("fakecc --target-help", "/tmp", "ok");
	for_each_entry("chmod 666 \"$f\"");
	diag_init(&diags);
	cache = shell_cache_open(cachedir, &diags);
	assert_false(shell_cache_get(cache, "fakecc --target-help", "/tmp", &r));
	assert_int_equal(diags.warnings, 1);
	assert_non_null(strstr(diags.first->message, "not written by you alone"));
	shell_cache_close(cache);
	diag_release(&diags);
	for_each_entry("chmod 600 \"$f\"");
	assert_true(lookup("fakecc --target-help", "/tmp", &out));
	free(out);
	if (geteuid() == 0) {
		/* Another owner (root can make one). */
		for_each_entry("chown 12345 \"$f\"");
		assert_false(lookup("fakecc --target-help", "/tmp", &out));
		for_each_entry("chown 0 \"$f\"");
	}
	/* A link is not followed. */
	for_each_entry("mv \"$f\" \"$f.real\" && ln -s \"$f.real\" \"$f\"");
	assert_false(lookup("fakecc --target-help", "/tmp", &out));
}

static void test_edited_entry_fails_its_checksum(void **state)
{
	struct diag_list diags;
	struct shell_cache *cache;
	struct shell_result r = { 0 };

	(void)state;
	store("fakecc -dumpversion", "/tmp", "12");
	/* The same length, another answer: only the checksum tells. */
	for_each_entry("sed -i 's/12warning: probe/13warning: probe/' \"$f\"");
	diag_init(&diags);
	cache = shell_cache_open(cachedir, &diags);
	assert_false(shell_cache_get(cache, "fakecc -dumpversion", "/tmp", &r));
	assert_int_equal(diags.warnings, 1);
	assert_non_null(strstr(diags.first->message, "corrupt"));
	shell_cache_close(cache);
	diag_release(&diags);
}

static void test_directory_is_private(void **state)
{
	struct stat st;
	char link[400];
	struct diag_list diags;

	(void)state;
	mkdir(cachedir, 0777);
	chmod(cachedir, 0777);
	store("fakecc -print-multiarch", "/tmp", "x");
	assert_int_equal(stat(cachedir, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	for_each_entry("test \"$(stat -c %a \"$f\")\" = 600");
	/* A link in place of the directory: not used. */
	snprintf(link, sizeof(link), "%s/link", tmpdir);
	assert_int_equal(symlink(cachedir, link), 0);
	diag_init(&diags);
	assert_null(shell_cache_open(link, &diags));
	assert_int_equal(diags.warnings, 1);
	diag_release(&diags);
}

static void test_size_is_bounded(void **state)
{
	char cmd[600];
	struct shell_cache *cache;
	struct shell_result r = result_of("new", "");

	(void)state;
	mkdir(cachedir, 0700);
	/* 4010 old entries, the first the oldest (made here: a shell loop is slow). */
	snprintf(cmd, sizeof(cmd), "cd '%s' && rm -f *", cachedir);
	assert_int_equal(system(cmd), 0);
	for (int i = 0; i < 4010; i++) {
		char path[400];
		struct timeval when[2] = { { 1000000000 + i, 0 }, { 1000000000 + i, 0 } };
		FILE *f;

		snprintf(path, sizeof(path), "%s/%032x", cachedir, (unsigned)i);
		f = fopen(path, "w");
		assert_non_null(f);
		fputs("x\n", f);
		assert_int_equal(fclose(f), 0);
		assert_int_equal(utimes(path, when), 0);
	}
	cache = shell_cache_open(cachedir, NULL);
	shell_cache_put(cache, "fakecc -v", "/tmp", &r);
	shell_cache_close(cache);
	snprintf(cmd, sizeof(cmd),
		 "cd '%s' && test $(ls | wc -l) = 4000 && "
		 "! test -e $(printf '%%032x' 10) && test -e $(printf '%%032x' 11)",
		 cachedir);
	assert_int_equal(system(cmd), 0);
	/* And bytes: three entries of 9 MB are over 24 MB. */
	snprintf(cmd, sizeof(cmd),
		 "cd '%s' && rm -f * && for i in 1 2 3; do "
		 "f=$(printf '%%032x' $i); head -c 9000000 /dev/zero > $f; "
		 "touch -d \"@$((1000000000 + i))\" $f; done", cachedir);
	assert_int_equal(system(cmd), 0);
	assert_true(lookup("fakecc -v", "/tmp", &(char *){ NULL }) == false);
	cache = shell_cache_open(cachedir, NULL);
	shell_cache_put(cache, "fakecc -v", "/tmp", &r);
	assert_int_equal(shell_cache_stats(cache).stores, 1);
	shell_cache_close(cache);
	snprintf(cmd, sizeof(cmd),
		 "cd '%s' && test $(ls | wc -l) = 3 && ! test -e $(printf '%%032x' 1)",
		 cachedir);
	assert_int_equal(system(cmd), 0);
}

/*
 * PATH searched from listings (path_dirs.h) finds what access() in each
 * directory found: the first directory with an executable regular file,
 * past a file without execute bits and a directory of the same name,
 * through empty and repeated entries, in a directory of many names.
 */
static void test_path_search(void **state)
{
	char d1[400], d2[400], d3[400], path[2600], file[500], found[PATH_MAX];
	struct path_dirs *dirs;

	(void)state;
	snprintf(d1, sizeof(d1), "%s/p1", tmpdir);
	snprintf(d2, sizeof(d2), "%s/p2", tmpdir);
	snprintf(d3, sizeof(d3), "%s/p3", tmpdir);
	mkdir(d1, 0755);
	mkdir(d2, 0755);
	mkdir(d3, 0755);
	snprintf(file, sizeof(file), "%s/prog", d1);
	write_file(file, "#!/bin/sh\n", 0644);	/* not executable */
	snprintf(file, sizeof(file), "%s/prog", d2);
	mkdir(file, 0755);			/* a directory */
	snprintf(file, sizeof(file), "%s/prog", d3);
	write_file(file, "#!/bin/sh\n", 0755);
	for (int i = 0; i < 3000; i++) {
		snprintf(file, sizeof(file), "%s/many%d", d2, i);
		write_file(file, "", 0755);
	}
	snprintf(path, sizeof(path), "::%s/none:%s:%s:%s::%s:%s", tmpdir, d1, d2,
		 d1, d3, d2);
	dirs = path_dirs_new(path);
	assert_true(path_dirs_find(dirs, "prog", found));
	snprintf(file, sizeof(file), "%s/prog", d3);
	assert_string_equal(found, file);
	assert_true(path_dirs_find(dirs, "many2999", found));
	snprintf(file, sizeof(file), "%s/many2999", d2);
	assert_string_equal(found, file);
	assert_true(path_dirs_find(dirs, "many0", found));
	assert_false(path_dirs_find(dirs, "many3000", found));
	assert_false(path_dirs_find(dirs, "none", found));
	path_dirs_free(dirs);
	dirs = path_dirs_new("");
	assert_false(path_dirs_find(dirs, "sh", found));
	path_dirs_free(dirs);
}

/*
 * A hit marks the entry used (its mtime, eviction's clock) unless it was
 * used in the last few minutes: an old entry's time moves to now, a
 * recent one's stays (no write per hit while a tree is read again).
 */
static void test_hit_marks_use(void **state)
{
	char cmd[600], *out = NULL;

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -f '%s'/*", cachedir);
	assert_int_equal(system(cmd), 0);
	store("fakecc -dumpmachine", "/tmp", "x86_64");
	for_each_entry("touch -d @1000000000 \"$f\"");
	assert_true(lookup("fakecc -dumpmachine", "/tmp", &out));
	free(out);
	for_each_entry("test $(stat -c %Y \"$f\") -gt 1000000000");
	for_each_entry("touch -d \"@$(($(date +%s) - 60))\" \"$f\"");
	assert_true(lookup("fakecc -dumpmachine", "/tmp", &out));
	free(out);
	for_each_entry("test $(stat -c %Y \"$f\") -lt $(($(date +%s) - 30))");
}

/*
 * Entries are written through file_replace: a link planted at the name
 * the cache used to write to (ENTRY.<pid>.tmp) is not followed, no
 * temporary file is left, and one left by a killed run goes after an
 * hour.
 */
static void test_temporary_files(void **state)
{
	char cmd[900];
	char *out = NULL;
	struct shell_cache *cache;
	struct shell_result r = result_of("second", "");

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -f '%s'/*", cachedir);
	assert_int_equal(system(cmd), 0);
	store("fakecc -print-sysroot", "/tmp", "first");
	for_each_entry("echo secret > \"$f.victim\" && "
		       "ln -s \"$f.victim\" \"$f.$PPID.tmp\" && "
		       "echo old > \"$f.abcdef.tmp\" && "
		       "touch -d '2 hours ago' \"$f.abcdef.tmp\" && "
		       "echo new > \"$f.ghijkl.tmp\"");
	cache = shell_cache_open(cachedir, NULL);
	assert_non_null(cache);
	shell_cache_put(cache, "fakecc -print-sysroot", "/tmp", &r);
	assert_int_equal(shell_cache_stats(cache).stores, 1);
	shell_cache_close(cache);
	assert_true(lookup("fakecc -print-sysroot", "/tmp", &out));
	assert_string_equal(out, "second");
	free(out);
	for_each_entry("test \"$(cat \"$f.victim\")\" = secret && "
		       "test -L \"$f.$PPID.tmp\" && ! test -L \"$f\" && "
		       "! test -e \"$f.abcdef.tmp\" && test -e \"$f.ghijkl.tmp\"");
	/* Nothing else: the entry, the victim, the link, the fresh one. */
	snprintf(cmd, sizeof(cmd), "test $(ls -A '%s' | wc -l) = 4", cachedir);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_other_command_or_directory_misses),
		cmocka_unit_test(test_touched_compiler_misses),
		cmocka_unit_test(test_script_named_by_path_is_keyed),
		cmocka_unit_test(test_compiler_named_by_environment),
		cmocka_unit_test(test_unrelated_variables_keep_the_key),
		cmocka_unit_test(test_toolchain_and_locale_variables_miss),
		cmocka_unit_test(test_named_variables_miss),
		cmocka_unit_test(test_what_a_script_reads_is_keyed),
		cmocka_unit_test(test_tool_identity_is_keyed),
		cmocka_unit_test(test_implicit_assembler_is_keyed),
		cmocka_unit_test(test_make_keys_the_whole_environment),
		cmocka_unit_test(test_corrupt_entry_is_a_warned_miss),
		cmocka_unit_test(test_uncreatable_directory_is_a_warning),
		cmocka_unit_test(test_data_file_named_by_a_plain_word),
		cmocka_unit_test(test_word_fields_follow_the_directory),
		cmocka_unit_test(test_file_that_appears),
		cmocka_unit_test(test_clock_and_directory_listings_are_not_cached),
		cmocka_unit_test(test_kernel_probes_are_cacheable),
		cmocka_unit_test(test_entry_of_others_or_writable_is_refused),
		cmocka_unit_test(test_edited_entry_fails_its_checksum),
		cmocka_unit_test(test_directory_is_private),
		cmocka_unit_test(test_size_is_bounded),
		cmocka_unit_test(test_hit_marks_use),
		cmocka_unit_test(test_path_search),
		cmocka_unit_test(test_temporary_files),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
