// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's own macro files through the preprocessor: Linux 6.12's
 * scripts/Kconfig.include (with the host's gcc and ld) and its
 * scripts/kconfig/tests/preprocess/builtin_func test, messages included.
 *
 * These need the Linux tree, which tests/kernel/lib.sh installs and
 * extracts (tests/run-all.sh does that first).  Without it the program
 * prints a TAP plan that skips everything, "1..0 # SKIP ...", which the
 * test driver counts as SKIP: cmocka 1.1.5's own skip() prints
 * "not ok N # SKIP", which it would count as FAIL.  With
 * KBROWSE_REQUIRE_LINUX_SRC=1 (run-all.sh sets it once it has the tree) a
 * missing tree is a failure instead.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "macro_fixture.h"

/* ---- the kernel's scripts/Kconfig.include ------------------------------------- */

/*
 * The tree: $KBROWSE_LINUX_SRC (make check sets it from
 * $KBROWSE_KERNEL_CACHE, as tests/kernel/lib.sh extracts it), else where
 * lib.sh puts it by default.
 */
static const char *linux_tree(void)
{
	const char *tree = getenv("KBROWSE_LINUX_SRC");

	if (!tree || !*tree)
		tree = "/var/cache/kbrowse/linux-source-6.12";
	return tree;
}

/*
 * Feed a file of assignments and bare $(...) lines through the
 * preprocessor, as the kernel's lexer and parser would.
 */
static void load_macro_file(const char *path, const char *shown_name)
{
	struct source_file file = { .name = shown_name };
	char line[8192];
	int lineno = 0;
	FILE *f = fopen(path, "r");

	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		size_t len = strlen(line), used;
		char *p = line, *q, *name;
		struct location loc = { &file, ++lineno, 1 };
		enum macro_flavor flavor;
		int op_len = 0;

		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p || *p == '#')
			continue;
		loc.column = (int)(p - line) + 1;
		name = macro_expand_word(fx.env, p, strlen(p), loc, &used);
		q = p + used;
		while (*q == ' ' || *q == '\t')
			q++;
		if (q[0] == '=') {
			flavor = MACRO_RECURSIVE;
			op_len = 1;
		} else if (q[0] == ':' && q[1] == '=') {
			flavor = MACRO_SIMPLE;
			op_len = 2;
		} else if (q[0] == '+' && q[1] == '=') {
			flavor = MACRO_APPEND;
			op_len = 2;
		}
		if (op_len) {
			q += op_len;
			while (*q == ' ' || *q == '\t')
				q++;
			loc.column = (int)(q - line) + 1;
			macro_assign(fx.env, name, flavor, q, loc);
		}
		free(name);
	}
	fclose(f);
}

/* What a command prints on its first line, or "". */
static char *command_line(const char *cmd)
{
	char buf[4096] = "";
	FILE *p = popen(cmd, "r");
	size_t len;

	if (p) {
		if (!fgets(buf, sizeof(buf), p))
			buf[0] = '\0';
		pclose(p);
	}
	len = strlen(buf);
	while (len && buf[len - 1] == '\n')
		buf[--len] = '\0';
	return strdup(buf);
}

static void expect_expansion(const char *text, const char *expected)
{
	char *out = expand(text);

	if (strcmp(out, expected))
		fail_msg("'%s' gave '%s', expected '%s'", text, out, expected);
	free(out);
}

static void test_kernel_kconfig_include(void **state)
{
	char path[4096], cmd[4200], *cc_info, *ld_info, *out;
	const char *tree = linux_tree();

	(void)state;
	snprintf(path, sizeof(path), "%s/scripts/Kconfig.include", tree);
	macro_env_setenv(fx.env, "srctree", tree);
	macro_env_setenv(fx.env, "CC", "gcc");
	macro_env_setenv(fx.env, "LD", "ld");
	load_macro_file(path, "scripts/Kconfig.include");
	if (fx.diags.first) {
		char *text = diag_text();

		fail_msg("Kconfig.include gave diagnostics:\n%s", text);
	}

	/* The versions the kernel's own scripts report. */
	snprintf(cmd, sizeof(cmd), "%s/scripts/cc-version.sh gcc", tree);
	cc_info = command_line(cmd);
	snprintf(cmd, sizeof(cmd), "%s/scripts/ld-version.sh ld", tree);
	ld_info = command_line(cmd);
	expect_expansion("$(cc-info)", cc_info);
	expect_expansion("$(cc-name)", "GCC");
	expect_expansion("$(ld-info)", ld_info);
	out = expand("$(cc-name) $(cc-version)");
	assert_string_equal(out, cc_info);
	free(out);

	expect_expansion("$(success,true)$(success,false)", "yn");
	expect_expansion("$(failure,true)$(failure,false)", "ny");
	expect_expansion("$(if-success,test 1 = 1,then,else)", "then");
	expect_expansion("$(if-success,test 1 = 2,then,else)", "else");
	expect_expansion("$(cc-option,-Wall)", "y");
	expect_expansion("$(cc-option,-fkbrowse-no-such-flag)", "n");
	/* A blank before the flag is kept and harmless to the shell. */
	expect_expansion("$(cc-option, -O2)", "y");
	expect_expansion("$(ld-option,--kbrowse-no-such-option)", "n");
	expect_expansion("$(as-instr,.byte 0)", "y");
	expect_expansion("$(as-instr,kbrowse_no_such_instruction)", "n");
	expect_expansion("$(quote)$(squote)$(dollar)$(left_paren)$(right_paren)[$(space)]$(comma)",
			 "\"'$()[ ],");
#if defined(__x86_64__)
	expect_expansion("$(m64-flag)", "-m64");
	expect_expansion("$(as-instr64,movq %rax$(comma)%rbx)", "y");
#endif
	assert_null(fx.diags.first);
	free(cc_info);
	free(ld_info);
}

/* The kernel's builtin_func test, the whole file, messages included. */
static void test_kernel_builtin_func(void **state)
{
	char path[4096], *text;
	const char *tree = linux_tree();

	(void)state;
	snprintf(path, sizeof(path),
		 "%s/scripts/kconfig/tests/preprocess/builtin_func/Kconfig", tree);
	load_macro_file(path, "Kconfig");
	assert_string_equal(info_output(), "hello world 0\n");
	text = diag_text();
	/* expected_stderr there, with columns. */
	assert_string_equal(text,
			    "warning 8:1: hello world 1\n"
			    "warning 18:1: hello world 3\n"
			    "warning 22:1: hello world  4\n"
			    "warning 26:1: filename=Kconfig\n"
			    "warning 27:1: lineno=27\n");
	free(text);
}

/* Why these tests cannot run here, or NULL when they can. */
static const char *missing(const char *tree)
{
	static const char *const files[] = {
		"scripts/Kconfig.include",
		"scripts/cc-version.sh",
		"scripts/ld-version.sh",
		"scripts/kconfig/tests/preprocess/builtin_func/Kconfig",
	};
	char path[4096];

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", tree, files[i]);
		if (access(path, R_OK) != 0)
			return "no Linux tree";
	}
	if (system("command -v gcc >/dev/null 2>&1 && command -v ld >/dev/null 2>&1"))
		return "no gcc or ld to run the kernel's scripts with";
	return NULL;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_kernel_kconfig_include, setup, teardown),
		cmocka_unit_test_setup_teardown(test_kernel_builtin_func, setup, teardown),
	};
	const char *tree = linux_tree(), *why = missing(tree);
	const char *require = getenv("KBROWSE_REQUIRE_LINUX_SRC");

	if (why) {
		if (require && *require && strcmp(require, "0") != 0) {
			printf("1..1\nnot ok 1 - %s at %s (KBROWSE_REQUIRE_LINUX_SRC is set)\n",
			       why, tree);
			return 1;
		}
		printf("1..0 # SKIP %s at %s\n", why, tree);
		return 0;
	}
	return cmocka_run_group_tests(tests, NULL, NULL);
}
