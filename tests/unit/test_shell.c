// SPDX-License-Identifier: GPL-2.0
/*
 * Running $(shell,...): --no-shell runs nothing and lists what it
 * skipped, a command past its time is killed with its whole process
 * group, Ctrl-C skips a command at the browser's start, a slow command
 * is named after a second, and a command's standard error is bounded
 * and reaches our stderr only escaped (or, in the browser, as warnings),
 * when run and when replayed from the cache.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "kconfig.h"
#include "macro_fixture.h"
#include "provisional.h"
#include "shell.h"
#include "shell_cache.h"
#include "shell_pool.h"

static char tmpdir[] = "/tmp/kbrowse-shell-test-XXXXXX";

static int shell_setup(void **state)
{
	(void)state;
	assert_non_null(mkdtemp(tmpdir));
	unsetenv("KBROWSE_SHELL_TIMEOUT");
	unsetenv("KBROWSE_NO_CACHE");
	fixture_open(tmpdir);
	return 0;
}

static int shell_teardown(void **state)
{
	char cmd[400];

	(void)state;
	fixture_close();
	unsetenv("KBROWSE_SHELL_TIMEOUT");
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	strcpy(tmpdir, "/tmp/kbrowse-shell-test-XXXXXX");
	return system(cmd) == 0 ? 0 : -1;
}

static double seconds_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - start->tv_sec) +
	       (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

static void expect_expansion(const char *text, const char *want)
{
	char *got = expand(text);

	assert_string_equal(got, want);
	free(got);
}

static void expect_diag(const char *part)
{
	char *text = diag_text();

	if (!strstr(text, part))
		fail_msg("no diagnostic with \"%s\" in:\n%s", part, text);
	free(text);
}

/* A process that no longer runs (gone, or a zombie left to init). */
static bool process_gone(pid_t pid)
{
	char path[64], stat[256];
	const char *state;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	for (int tries = 0; tries < 50; tries++) {
		f = fopen(path, "r");
		if (!f)
			return true;
		n = fread(stat, 1, sizeof(stat) - 1, f);
		fclose(f);
		stat[n] = '\0';
		state = strrchr(stat, ')');
		if (state && state[1] == ' ' && state[2] == 'Z')
			return true;
		usleep(20000);
	}
	return false;
}

static pid_t read_pid(const char *path)
{
	FILE *f = fopen(path, "r");
	long pid = 0;

	assert_non_null(f);
	assert_int_equal(fscanf(f, "%ld", &pid), 1);
	fclose(f);
	return (pid_t)pid;
}

static void test_no_shell_runs_nothing(void **state)
{
	struct macro_shell_options opts = { .no_shell = true };
	const struct shell_skip *skipped;
	char marker[400], text[600];
	size_t count;

	(void)state;
	macro_env_set_shell_options(fx.env, &opts);
	snprintf(marker, sizeof(marker), "%s/ran", tmpdir);
	snprintf(text, sizeof(text), "[$(shell,touch %s; echo ran)]", marker);
	expect_expansion(text, "[]");
	expect_expansion("$(shell,echo two)", "");
	assert_int_not_equal(access(marker, F_OK), 0);
	skipped = macro_env_shell_skipped(fx.env, &count);
	assert_int_equal(count, 2);
	assert_int_equal(skipped[0].reason, SHELL_SKIP_NO_SHELL);
	assert_int_equal(skipped[0].loc.line, INPUT_LINE);
	assert_ptr_equal(skipped[0].loc.file, &kconfig_file);
	assert_string_equal(skipped[1].command, "echo two");
	/* One note for the lot, not one per command. */
	expect_diag("--no-shell");
	assert_int_equal(fx.diags.errors, 0);
}

static void test_timeout_kills_the_group(void **state)
{
	/* KBROWSE_SHELL_TIMEOUT=1, as the command line passes it down. */
	struct macro_shell_options opts = { .timeout_s = 1, .timeout_given = true };
	struct timespec start;
	char text[600], pidfile[400];
	const struct shell_skip *skipped;
	size_t count;

	(void)state;
	macro_env_set_shell_options(fx.env, &opts);
	snprintf(pidfile, sizeof(pidfile), "%s/pid", tmpdir);
	/* A grandchild in the background, holding stdout open. */
	snprintf(text, sizeof(text),
		 "$(shell,sleep 60 & echo $! > %s; sleep 60)", pidfile);
	clock_gettime(CLOCK_MONOTONIC, &start);
	expect_expansion(text, "");
	assert_true(seconds_since(&start) < 5);
	expect_diag("still running after 1 s: stopped");
	assert_int_equal(fx.diags.errors, 1);
	assert_true(process_gone(read_pid(pidfile)));
	skipped = macro_env_shell_skipped(fx.env, &count);
	assert_int_equal(count, 1);
	assert_int_equal(skipped[0].reason, SHELL_SKIP_TIMEOUT);
}

static void test_ctrl_c_skips_interactively(void **state)
{
	struct macro_shell_options opts = { .interactive = true };
	struct timespec start;
	const struct shell_skip *skipped;
	size_t count;

	(void)state;
	/*
	 * kbrowse leaves an ignored SIGINT ignored (a background job's), and
	 * a test run started in the background of a script inherits it so:
	 * this one is about a terminal's Ctrl-C, which the test's is not.
	 */
	signal(SIGINT, SIG_DFL);
	macro_env_set_shell_options(fx.env, &opts);
	/* $PPID is the test: the command presses Ctrl-C itself. */
	clock_gettime(CLOCK_MONOTONIC, &start);
	expect_expansion("$(shell,kill -INT $PPID; sleep 60; echo late)", "");
	assert_true(seconds_since(&start) < 5);
	expect_diag("warning 20:5: $(shell,kill -INT $PPID; sleep 60; echo late) "
		    "skipped at your request");
	assert_int_equal(fx.diags.errors, 0);
	skipped = macro_env_shell_skipped(fx.env, &count);
	assert_int_equal(count, 1);
	assert_int_equal(skipped[0].reason, SHELL_SKIP_KEY);
	/* The next command runs as usual. */
	expect_expansion("$(shell,echo next)", "next");
}

static void test_slow_command_is_named(void **state)
{
	char *notice_text = NULL;
	size_t notice_len = 0;
	FILE *notice = open_memstream(&notice_text, &notice_len);
	struct macro_shell_options opts = { .interactive = true, .notice = notice };

	(void)state;
	macro_env_set_shell_options(fx.env, &opts);
	expect_expansion("$(shell,echo fast)", "fast");
	fflush(notice);
	assert_int_equal(notice_len, 0);
	expect_expansion("$(shell,sleep 1.3; echo 'slow\033[2J')",
			 "slow\033[2J");
	fclose(notice);
	/* Named after a second, control characters shown as '?'. */
	assert_string_equal(notice_text,
			    "running: sleep 1.3; echo 'slow?[2J' "
			    "(Ctrl-C skips it)\n");
	free(notice_text);
}

/* Run fn with our stderr going to /dev/null (the command's is replayed). */
static void with_stderr_quiet(void (*fn)(void))
{
	int saved = dup(STDERR_FILENO), null_fd = open("/dev/null", O_WRONLY);

	assert_true(saved >= 0 && null_fd >= 0);
	fflush(stderr);
	dup2(null_fd, STDERR_FILENO);
	close(null_fd);
	fn();
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
}

static struct shell_cache *test_cache;

static void expand_big_stderr(void)
{
	expect_expansion("$(shell,head -c 3000000 /dev/zero >&2; echo ok)", "ok");
	/* Stdout past the kernel's 4096 bytes: cut, so not cached either. */
	free(expand("$(shell,head -c 10000 /dev/zero | tr '\\0' a)"));
	expect_expansion("$(shell,echo small >&2; echo fine)", "fine");
}

static void test_big_output_is_bounded_and_not_cached(void **state)
{
	char cachedir[400];

	(void)state;
	snprintf(cachedir, sizeof(cachedir), "%s/cache", tmpdir);
	test_cache = shell_cache_open(cachedir, &fx.diags);
	assert_non_null(test_cache);
	macro_env_set_shell_cache(fx.env, test_cache);
	with_stderr_quiet(expand_big_stderr);
	expect_diag("more bytes of standard error dropped");
	/* Only the small one was stored. */
	assert_int_equal(shell_cache_stats(test_cache).stores, 1);
	macro_env_set_shell_cache(fx.env, NULL);
	shell_cache_close(test_cache);
}

/* Run fn with our stderr going to path; returns what was written (free). */
static char *stderr_of(void (*fn)(void), const char *path)
{
	int saved = dup(STDERR_FILENO);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	char *text = malloc(4096);
	ssize_t n;

	assert_non_null(text);
	assert_true(saved >= 0 && fd >= 0);
	fflush(stderr);
	dup2(fd, STDERR_FILENO);
	close(fd);
	fn();
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	n = read(fd, text, 4095);
	close(fd);
	assert_true(n >= 0);
	text[n] = '\0';
	return text;
}

/* ESC ] (a title), BEL, CSI 2J (clear), a C1 CSI, an RLO; then "y". */
#define NASTY_COMMAND \
	"$(shell,printf 'a\\033]0;pwned\\007b\\033[2Jc\\302\\233d\\342\\200\\256e\\n' >&2; echo y)"
#define NASTY_ESCAPED "a\\x1b]0;pwned\\x07b\\x1b[2Jc\\u009bd\\u202ee\n"

static void expand_nasty(void)
{
	expect_expansion(NASTY_COMMAND, "y");
}

static void test_stderr_is_escaped(void **state)
{
	char path[400], cachedir[400], *text;

	(void)state;
	snprintf(path, sizeof(path), "%s/stderr", tmpdir);
	text = stderr_of(expand_nasty, path);
	assert_string_equal(text, NASTY_ESCAPED);
	free(text);

	/* Stored, then replayed from the cache: escaped both times. */
	snprintf(cachedir, sizeof(cachedir), "%s/cache", tmpdir);
	test_cache = shell_cache_open(cachedir, &fx.diags);
	assert_non_null(test_cache);
	macro_env_set_shell_cache(fx.env, test_cache);
	text = stderr_of(expand_nasty, path);
	assert_string_equal(text, NASTY_ESCAPED);
	free(text);
	assert_int_equal(shell_cache_stats(test_cache).stores, 1);
	text = stderr_of(expand_nasty, path);
	assert_string_equal(text, NASTY_ESCAPED);
	free(text);
	assert_int_equal(shell_cache_stats(test_cache).hits, 1);
	macro_env_set_shell_cache(fx.env, NULL);
	shell_cache_close(test_cache);
}

static void expand_chatty(void)
{
	expect_expansion("$(shell,printf 'one\\033[2J\\ntwo\\n' >&2; "
			 "seq 1 30 >&2; echo y)", "y");
}

/* The browser: warnings at the $(shell,...), nothing on stderr. */
static void test_stderr_kept_as_warnings(void **state)
{
	struct macro_shell_options opts = { .keep_stderr = true };
	char path[400], cachedir[400], *text, *diags;

	(void)state;
	macro_env_set_shell_options(fx.env, &opts);
	snprintf(path, sizeof(path), "%s/stderr", tmpdir);
	snprintf(cachedir, sizeof(cachedir), "%s/cache", tmpdir);
	test_cache = shell_cache_open(cachedir, &fx.diags);
	assert_non_null(test_cache);
	macro_env_set_shell_cache(fx.env, test_cache);
	for (int round = 0; round < 2; round++) {	/* run, then a hit */
		diag_release(&fx.diags);
		diag_init(&fx.diags);
		text = stderr_of(expand_chatty, path);
		assert_string_equal(text, "");
		free(text);
		diags = diag_text();
		/* The text as written: the browser and stderr escape it. */
		assert_non_null(strstr(diags, "warning 20:5: $(shell,printf "
				       "'one\\033[2J\\ntwo\\n' >&2; seq 1 30 "
				       ">&2; echo y): one\033[2J\n"));
		assert_non_null(strstr(diags, "): two\n"));
		assert_non_null(strstr(diags, "): 18\n"));
		assert_null(strstr(diags, "): 19\n"));
		assert_non_null(strstr(diags, "note 20:5: $(shell,"));
		assert_non_null(strstr(diags, "12 more lines of standard error"));
		free(diags);
	}
	assert_int_equal(shell_cache_stats(test_cache).hits, 1);
	macro_env_set_shell_cache(fx.env, NULL);
	shell_cache_close(test_cache);
}

/* The provisional read's rule (provisional.h), as a table. */
static void test_provisional_rule(void **state)
{
	static const struct {
		const char *line;	/* '@' marks where the answer stands */
		bool value;
	} cases[] = {
		{ "\tdefault @", true },
		{ "\tdef_bool @", true },
		{ "  def_tristate y if @", true },
		{ "\tdepends on FOO && @", true },
		{ "\tvisible if @", true },
		{ "\trange 0 @", true },
		{ "\tdefault\t@", true },
		{ "@", false },			/* a line of its own */
		{ "default@", false },		/* part of the keyword */
		{ "source \"@/Kconfig\"", false },
		{ "config @", false },
		{ "\tbool \"@\"", false },
		{ "\tprompt \"@\"", false },
		{ "\tselect @", false },
		{ "if @", false },
		{ "\tdefaults @", false },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *at = strchr(cases[i].line, '@');

		if (provisional_value_place(cases[i].line, at) != cases[i].value)
			fail_msg("%s: expected %s", cases[i].line,
				 cases[i].value ? "a value" : "no value");
	}
}

/* A provisional read of text with a lent pool: refused or not, and pending. */
static bool read_provisionally(const char *text, struct shell_pool *pool,
			       size_t *pending)
{
	struct kconfig_options opts = { 0 };
	struct kconfig *kc;
	bool refused;

	opts.shell.jobs = 4;
	opts.shell.pool = pool;
	opts.shell.provisional = true;
	opts.dialect = NULL;
	shell_pool_next_read(pool);
	kc = kconfig_new(&opts);
	kconfig_parse_text(kc, "Kconfig", text, strlen(text));
	refused = kc->provisional_refused;
	*pending = kconfig_shell_pending(kc);
	kconfig_free(kc);
	return refused;
}

/*
 * A provisional read gives a running probe "" and leaves its job in the
 * pool; a later read takes its answer.  An answer that names a symbol,
 * or a command made of an answer not in yet, stops the read.
 */
static void test_provisional_read(void **state)
{
	struct shell_pool *pool = shell_pool_new(4);
	const char *values =
		"config A\n\tbool \"a\"\n\tdefault $(shell,sleep 0.3; echo y)\n"
		"X := $(shell,sleep 0.3; echo x)\n"
		"config B\n\tstring \"b\"\n\tdefault \"$(X)\"\n";
	const char *named =
		"N := $(shell,sleep 0.3; echo n)\nconfig C_$(N)\n\tbool\n";
	const char *made_of = "W := $(shell,sleep 0.3; echo w)\n"
		"config D\n\tstring \"d\"\n\tdefault \"$(shell,echo $(W))\"\n";
	/* the statement's keyword on the line before, joined to this one */
	const char *continued = "config E\n\tbool \"e\"\n\tdefault \\\n"
		"\t\t$(shell,sleep 0.3; echo e)\n";
	/* a line of its own after a line that was joined */
	const char *own_line = "config F\n\tbool \"f\"\n\tdefault \\\n"
		"\t\ty\n$(shell,sleep 0.3; echo f)\n";
	size_t pending;

	(void)state;
	assert_false(read_provisionally(values, pool, &pending));
	/* A's, X's, and X's use in B (listed as a skipped command is) */
	assert_int_equal(pending, 3);
	assert_int_equal(shell_pool_count(pool), 2);
	while (shell_pool_unfinished(pool))
		shell_pool_pump(pool, -1, -1);
	assert_false(read_provisionally(values, pool, &pending));
	assert_int_equal(pending, 0);
	/* The second read took the first's jobs: no new ones. */
	assert_int_equal(shell_pool_count(pool), 2);
	assert_true(read_provisionally(named, pool, &pending));
	/* A command made of an answer not in yet is not started. */
	assert_false(read_provisionally(made_of, pool, &pending));
	/* W's, its use, and the command made of it */
	assert_int_equal(pending, 3);
	assert_int_equal(shell_pool_count(pool), 4);
	assert_false(read_provisionally(continued, pool, &pending));
	assert_true(read_provisionally(own_line, pool, &pending));
	shell_pool_free(pool);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_no_shell_runs_nothing,
						shell_setup, shell_teardown),
		cmocka_unit_test_setup_teardown(test_timeout_kills_the_group,
						shell_setup, shell_teardown),
		cmocka_unit_test_setup_teardown(test_ctrl_c_skips_interactively,
						shell_setup, shell_teardown),
		cmocka_unit_test_setup_teardown(test_slow_command_is_named,
						shell_setup, shell_teardown),
		cmocka_unit_test_setup_teardown(test_big_output_is_bounded_and_not_cached,
						shell_setup, shell_teardown),
		cmocka_unit_test_setup_teardown(test_stderr_is_escaped,
						shell_setup, shell_teardown),
		cmocka_unit_test_setup_teardown(test_stderr_kept_as_warnings,
						shell_setup, shell_teardown),
		cmocka_unit_test(test_provisional_rule),
		cmocka_unit_test(test_provisional_read),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
