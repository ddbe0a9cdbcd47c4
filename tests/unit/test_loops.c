// SPDX-License-Identifier: GPL-2.0
/*
 * The dependency-loop check of kconfig_finish() on trees whose entries
 * share their enclosing dependencies: the check marks shared subtrees it
 * has walked without meeting a loop and skips them afterwards, which
 * must never hide a loop (the reports here are those of a full walk; the
 * first case's agree with the kernel's conf).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "unit.h"

struct loop_case {
	const char *kconfig;
	const char *diags;	/* every diagnostic, as printed */
};

#define RECURSIVE(at, sym)						\
	"Kconfig:" at ": error: recursive dependency detected for symbol " sym \
	" (see Documentation/kbuild/kconfig-language.rst, \"Kconfig "	\
	"recursive dependency limitations\")\n"

static const struct loop_case cases[] = {
	{
		/* The menu's dependency is walked from C1, then met again
		 * from C2 while B is on the stack. */
		"menu \"outer\"\n\tdepends on A && B\n"
		"config C1\n\tbool \"c1\"\n"
		"config C2\n\tbool \"c2\"\n"
		"endmenu\n"
		"config A\n\tbool \"a\"\n"
		"config B\n\tbool \"b\"\n\tdepends on C2\n",
		RECURSIVE("10:1", "B")
		"Kconfig:10:1: note: symbol B depends on C2\n"
		"Kconfig:1:1: note: symbol C2 depends on B\n",
	},
	{
		/* Shared and loop-free: walked many times, reported never. */
		"if A && B\n"
		"config C1\n\tbool \"c1\"\n\tdefault A || B\n"
		"config C2\n\tbool \"c2\"\n\tselect C1 if A\n"
		"config C3\n\tbool \"c3\"\n\timply C2\n"
		"endif\n"
		"config A\n\tbool \"a\"\n"
		"config B\n\tbool \"b\"\n\tdepends on A\n",
		"",
	},
	{
		/*
		 * S6 sits in a choice (through a menu the choice may not
		 * hold): done once from the if's dependency, it is made
		 * active again when the choice is visited, and the second
		 * walk of that dependency must still see it.
		 */
		"if !S6 && S4 && (S0 || S2)\n"
		"config S1\n"
		"config S2\n"
		"choice\n"
		"menu \"m\"\n"
		"config S6\n",
		"Kconfig:4:1: error: choice must have a prompt\n"
		"Kconfig:5:1: error: a choice cannot contain a menu\n"
		"Kconfig:5:1: error: missing 'endmenu' for this 'menu'\n"
		"Kconfig:4:1: error: missing 'endchoice' for this 'choice'\n"
		"Kconfig:1:1: error: missing 'endif' for this 'if'\n"
		"Kconfig:2:1: warning: config symbol 'S1' defined without type\n"
		"Kconfig:3:1: warning: config symbol 'S2' defined without type\n"
		"Kconfig:6:1: warning: config symbol 'S6' defined without type\n"
		"Kconfig:6:1: error: choice member 'S6' must have a prompt\n"
		"Kconfig:6:1: error: choice member 'S6' must be bool, not unknown\n"
		RECURSIVE("6:1", "S6")
		"Kconfig:1:1: note: symbol S6 depends on S6\n"
		RECURSIVE("3:1", "S2")
		"Kconfig:1:1: note: symbol S2 depends on S2\n"
		RECURSIVE("6:1", "S6")
		"Kconfig:1:1: note: symbol S6 depends on S6\n",
	},
};

static void test_loops_through_shared_dependencies(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct kconfig *kc = unit_load(cases[i].kconfig);
		char *diags = unit_diags(kc);

		if (strcmp(diags, cases[i].diags) != 0)
			fprintf(stderr, "case %zu:\n%s", i, diags);
		assert_string_equal(diags, cases[i].diags);
		free(diags);
		kconfig_free(kc);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loops_through_shared_dependencies),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
