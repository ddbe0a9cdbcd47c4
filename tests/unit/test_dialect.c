// SPDX-License-Identifier: GPL-2.0
/*
 * Dialects: which rules a tree is read by, from what the tree shows
 * (a table of small trees made in a temporary directory), and what
 * --dialect and $KBROWSE_DIALECT override.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dialect.h"

struct detect_case {
	const char *makefile;	/* NULL: no Makefile */
	const char *dirs;	/* directories to make, ' '-separated */
	const char *files;	/* empty files to make, ' '-separated */
	const char *expected;
};

static const struct detect_case detect_cases[] = {
	{ "VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 3\n", "scripts/kconfig", "", "linux-6.11" },
	{ "VERSION = 6\nPATCHLEVEL = 11\n", "scripts/kconfig", "", "linux-6.11" },
	{ "VERSION = 6\nPATCHLEVEL = 10\n", "scripts/kconfig", "", "linux-4.18" },
	{ "# SPDX\nVERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\n", "scripts/kconfig", "", "linux-4.18" },
	{ "VERSION = 5\nPATCHLEVEL = 15\n", "scripts/kconfig", "", "linux-4.18" },
	{ "VERSION = 4\nPATCHLEVEL = 18\n", "scripts/kconfig", "", "linux-4.18" },
	{ "VERSION = 4\nPATCHLEVEL = 17\n", "scripts/kconfig", "", "linux-4.17" },
	{ "VERSION = 3\nPATCHLEVEL = 10\n", "scripts/kconfig", "", "linux-4.17" },
	{ "VERSION = 7\nPATCHLEVEL = 0\n", "scripts/kconfig", "", "linux-6.11" },
	{ "VERSION = 2024\nPATCHLEVEL = 10\n", "scripts/kconfig", "", "u-boot" },
	{ "export BR2_VERSION := 2024.02\n", "support/kconfig", "", "buildroot" },
	{ NULL, "scripts/kconfig", "scripts/kconfig/kconfiglib.py", "kconfiglib" },
	/* A Makefile with versions but no kconfig copy: not a kernel. */
	{ "VERSION = 6\nPATCHLEVEL = 1\n", "", "", "linux-6.11" },
	{ NULL, "", "", "linux-6.11" },
};

static void make_each(const char *dir, const char *list, bool files)
{
	char *copy = strdup(list), *save = NULL, *word;

	for (word = strtok_r(copy, " ", &save); word;
	     word = strtok_r(NULL, " ", &save)) {
		char path[1024], *slash;

		snprintf(path, sizeof(path), "%s/%s", dir, word);
		/* every parent first */
		for (slash = path + strlen(dir) + 1; (slash = strchr(slash, '/'));
		     slash++) {
			*slash = '\0';
			mkdir(path, 0755);
			*slash = '/';
		}
		if (files) {
			FILE *f = fopen(path, "w");

			assert_non_null(f);
			fclose(f);
		} else {
			mkdir(path, 0755);
		}
	}
	free(copy);
}

static void test_detect(void **state)
{
	(void)state;
	unsetenv("KBROWSE_DIALECT");
	for (size_t i = 0; i < sizeof(detect_cases) / sizeof(detect_cases[0]); i++) {
		const struct detect_case *c = &detect_cases[i];
		char dir[] = "/tmp/kbrowse-dialect.XXXXXX", cmd[1100], why[64];
		const struct kconfig_dialect *d;

		assert_non_null(mkdtemp(dir));
		if (c->makefile) {
			char path[1100];
			FILE *f;

			snprintf(path, sizeof(path), "%s/Makefile", dir);
			f = fopen(path, "w");
			assert_non_null(f);
			fputs(c->makefile, f);
			fclose(f);
		}
		make_each(dir, c->dirs, false);
		make_each(dir, c->files, true);
		d = dialect_detect(dir, why, sizeof(why));
		if (strcmp(d->name, c->expected) != 0)
			fail_msg("case %zu: %s (%s), expected %s", i, d->name, why,
				 c->expected);
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		assert_int_equal(system(cmd), 0);
	}
}

static void test_override(void **state)
{
	char why[64];
	const struct kconfig_dialect *d;

	(void)state;
	setenv("KBROWSE_DIALECT", "buildroot", 1);
	d = dialect_detect("/nonexistent", why, sizeof(why));
	assert_string_equal(d->name, "buildroot");
	assert_string_equal(why, "$KBROWSE_DIALECT");
	/* An unknown name is the command line's business: detection goes on. */
	setenv("KBROWSE_DIALECT", "no-such-rules", 1);
	d = dialect_detect("/nonexistent", why, sizeof(why));
	assert_string_equal(d->name, "linux-6.11");
	unsetenv("KBROWSE_DIALECT");
}

/* Every dialect is complete and findable by its name. */
static void test_table(void **state)
{
	const struct kconfig_dialect *const *all = dialect_all();
	size_t n = 0;

	(void)state;
	for (; all[n]; n++) {
		assert_ptr_equal(dialect_find(all[n]->name), all[n]);
		assert_non_null(all[n]->summary);
		assert_non_null(all[n]->config_var);
		assert_non_null(all[n]->bare_word_extra);
		/* a generation has the macro language or option env, never neither */
		assert_true(all[n]->macro_language || all[n]->option_env);
	}
	assert_true(n >= 6);
	assert_null(dialect_find("linux"));
	assert_ptr_equal(dialect_default(), dialect_find("linux-6.11"));
	assert_false(dialect_find("linux-6.11")->legacy_choices);
	assert_true(dialect_find("linux-4.18")->legacy_choices);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detect),
		cmocka_unit_test(test_override),
		cmocka_unit_test(test_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
