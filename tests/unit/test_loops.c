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
#include "strbuf.h"
#include "util.h"
#include "config.h"
#include "finish.h"

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
	{
		/*
		 * The selects and implies of an entry without their own
		 * `if` share one term `A && D` in the rev_dep of B, C, H
		 * and the implied of E (K's share `K`): walked loop-free
		 * through one target, the shared term must still lead the
		 * walk into the loops through the others, in conf's order
		 * (the reports agree with the kernel's conf).
		 */
		"config A\n\tbool \"a\"\n\tdepends on D\n"
		"\tselect B\n\tselect C\n\timply E\n"
		"\tselect F if G\n\tselect H\n"
		"config B\n\tbool \"b\"\n"
		"config C\n\tbool \"c\"\n\tdepends on B\n"
		"config D\n\tbool \"d\"\n\tdepends on C\n"
		"config E\n\tbool \"e\"\n\tdepends on H\n"
		"config F\n\tbool \"f\"\n"
		"config G\n\tbool \"g\"\n\tdepends on F\n"
		"config H\n\tbool \"h\"\n"
		"config K\n\tbool \"k\"\n"
		"\tselect E\n\tselect H\n\tselect F\n"
		"config L\n\tbool \"l\"\n\tdepends on H && F\n"
		"\tselect K\n",
		RECURSIVE("1:1", "A")
		"Kconfig:1:1: note: symbol A depends on D\n"
		"Kconfig:14:1: note: symbol D depends on C\n"
		"Kconfig:11:1: note: symbol C depends on B\n"
		"Kconfig:4:2: note: symbol B is selected by A\n"
		RECURSIVE("25:1", "H")
		"Kconfig:30:2: note: symbol H is selected by K\n"
		"Kconfig:35:2: note: symbol K is selected by L\n"
		"Kconfig:32:1: note: symbol L depends on H\n"
		RECURSIVE("20:1", "F")
		"Kconfig:22:1: note: symbol F is selected by G\n"
		"Kconfig:22:1: note: symbol G depends on F\n",
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


/*
 * Loops through each kind of edge the walk follows, every edge mixing
 * the loop's symbol with symbols settled before it (S1, S2): the check
 * passes over edges whose every symbol is settled without walking them
 * (settled_edge()), which must never pass over one of these, whichever
 * side of an operator the loop's symbol is on and however deep (K's and
 * M's chains of 70 are deeper than that scan looks).  The reports and
 * their order are those of the kernel's conf on the same tree.
 */
static void test_loops_among_settled_symbols(void **state)
{
	struct strbuf chain = { 0 }, sb = { 0 };
	struct kconfig *kc;
	char *text, *diags;

	(void)state;
	for (int i = 0; i < 70; i++)
		strbuf_addf(&chain, "%sS1", i ? " && " : "");
	strbuf_addf(&sb,
		"config S1\n\tbool \"s1\"\n"
		"config S2\n\tbool \"s2\"\n"
		"config A\n\tbool \"a\"\n\tdepends on S1 && (S2 || B)\n"
		"config B\n\tbool \"b\"\n\tdepends on (S1 || A) && S2\n"
		"config C\n\tbool \"c\"\n\tdepends on S1\n"
		"config D\n\tbool \"d\"\n\tdepends on S2 && (S1 || C)\n"
		"\tselect C if S1 && !S2\n"
		"config C2\n\tbool \"c2\"\n"
		"config D2\n\tbool \"d2\"\n\tdepends on !(S2 && C2)\n"
		"\timply C2 if S1 || S2\n"
		"config E\n\tint \"e\"\n\tdefault F if S1 && S2\n"
		"config F\n\tint \"f\"\n\tdefault E if S2\n"
		"config G\n\tbool \"g\" if S1 && (H || S2)\n"
		"config H\n\tbool \"h\"\n\tdepends on G\n"
		"config I\n\tbool \"i\"\n\tdefault y if S2 && J\n"
		"config J\n\tbool \"j\"\n\tdepends on I || S1\n"
		"config K\n\tbool \"k\"\n\tdepends on %s && L\n"
		"config L\n\tbool \"l\"\n\tdepends on K\n"
		"config M\n\tbool \"m\"\n\tdepends on N && %s\n"
		"config N\n\tbool \"n\"\n\tdepends on S2 && M\n"
		"choice\n\tprompt \"ch\"\n\tdepends on S1 && (S2 || P)\n"
		"config O1\n\tbool \"o1\"\n"
		"config O2\n\tbool \"o2\"\n"
		"endchoice\n"
		"config P\n\tbool \"p\"\n\tdepends on S2 && O2\n",
		chain.data, chain.data);
	text = strbuf_take(&sb);
	kc = unit_load(text);
	diags = unit_diags(kc);
	assert_string_equal(diags,
		RECURSIVE("5:1", "A")
		"Kconfig:5:1: note: symbol A depends on B\n"
		"Kconfig:8:1: note: symbol B depends on A\n"
		RECURSIVE("11:1", "C")
		"Kconfig:17:2: note: symbol C is selected by D\n"
		"Kconfig:14:1: note: symbol D depends on C\n"
		RECURSIVE("18:1", "C2")
		"Kconfig:23:2: note: symbol C2 is implied by D2\n"
		"Kconfig:20:1: note: symbol D2 depends on C2\n"
		RECURSIVE("24:1", "E")
		"Kconfig:26:2: note: symbol E default value contains F\n"
		"Kconfig:29:2: note: symbol F default value contains E\n"
		RECURSIVE("30:1", "G")
		"Kconfig:31:2: note: symbol G prompt is visible depending on H\n"
		"Kconfig:32:1: note: symbol H depends on G\n"
		RECURSIVE("35:1", "I")
		"Kconfig:37:2: note: symbol I default is visible depending on J\n"
		"Kconfig:38:1: note: symbol J depends on I\n"
		RECURSIVE("41:1", "K")
		"Kconfig:41:1: note: symbol K depends on L\n"
		"Kconfig:44:1: note: symbol L depends on K\n"
		RECURSIVE("47:1", "M")
		"Kconfig:47:1: note: symbol M depends on N\n"
		"Kconfig:50:1: note: symbol N depends on M\n"
		RECURSIVE("53:1", "<choice>")
		"Kconfig:54:2: note: symbol <choice> prompt is visible depending on P\n"
		"Kconfig:61:1: note: symbol P depends on O2\n"
		"Kconfig:53:1: note: symbol O2 is part of this choice\n");
	free(diags);
	kconfig_free(kc);
	free(text);
	strbuf_release(&chain);
}

/*
 * Chains of 100,000 links (40,000 once overflowed
 * the C stack in the loop check and in evaluation).  Each is checked
 * for its value, computed from either end, under the default 8 MB stack
 * of the test run.
 */
enum chain_shape { CHAIN_DEPENDS, CHAIN_SELECT, CHAIN_STAR, CHAIN_LOOP };

#define CHAIN_LINKS 100000

static char *chain_text(enum chain_shape shape)
{
	struct strbuf sb = { 0 };

	for (int i = 1; i <= CHAIN_LINKS; i++) {
		switch (shape) {
		case CHAIN_DEPENDS:
		case CHAIN_LOOP:
			strbuf_addf(&sb, "config S%d\n\tbool \"s\"\n"
				      "\tdefault y\n\tdepends on S%d\n", i, i + 1);
			break;
		case CHAIN_SELECT:
			strbuf_addf(&sb, "config S%d\n\tbool\n\tselect S%d\n",
				      i + 1, i);
			break;
		case CHAIN_STAR:
			strbuf_addf(&sb, "config S%d\n\tbool \"s\"\n"
				      "\tdefault y\n\tselect S0\n", i);
			break;
		}
	}
	if (shape == CHAIN_LOOP)
		strbuf_addf(&sb, "config S%d\n\tbool\n\tdepends on S1\n",
			      CHAIN_LINKS + 1);
	else
		strbuf_addf(&sb, "config S%d\n\tbool \"s\"\n\tdefault y\n",
			      CHAIN_LINKS + 1);
	strbuf_addf(&sb, "config S0\n\tbool\nconfig S1\n\tbool\n");
	return strbuf_take(&sb);
}

static void test_long_chains(void **state)
{
	static const enum chain_shape shapes[] = {
		CHAIN_DEPENDS, CHAIN_SELECT, CHAIN_STAR,
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(shapes); i++) {
		char *text = chain_text(shapes[i]);
		struct kconfig *kc = unit_load(text);
		const char *far = shapes[i] == CHAIN_STAR ? "S0" : "S1";
		struct config *cfg;

		assert_int_equal(kc->diags.errors, 0);
		/* From the far end: the whole chain is computed on the way. */
		cfg = config_new(kc);
		assert_int_equal(config_tri(cfg, symbol_find(kc, far)), TRI_YES);
		assert_null(config_too_deep(cfg));
		config_free(cfg);
		/* From the near end first, then the far end. */
		cfg = config_new(kc);
		assert_int_equal(config_tri(cfg, symbol_find(kc, "S100001")),
				 TRI_YES);
		assert_int_equal(config_tri(cfg, symbol_find(kc, far)), TRI_YES);
		/* A change at the root reaches the far end. */
		config_set_user_tri(cfg, symbol_find(kc, "S100001"), TRI_NO);
		assert_int_equal(config_tri(cfg, symbol_find(kc, far)),
				 shapes[i] == CHAIN_STAR ? TRI_YES : TRI_NO);
		config_free(cfg);
		kconfig_free(kc);
		free(text);
	}
}

/* A loop closed at the end of a long chain is found and reported. */
static void test_loop_after_long_chain(void **state)
{
	char *text = chain_text(CHAIN_LOOP);
	struct kconfig *kc = unit_load(text);

	(void)state;
	assert_int_equal(kc->diags.errors, 1);
	kconfig_free(kc);
	free(text);
}

/*
 * Int and hex chains of 40,000 links through range bounds (which the
 * loop check, like the kernel's, does not follow, so calc_order does not
 * cover them) and through defaults: computed from either end, without
 * an error, to what the kernel's conf gives (S1 = 42 in every shape:
 * tests/golden/limits.sh compares with conf itself when it is there);
 * a change at the root reaches the far end.
 */
struct range_chain {
	const char *link;	/* format of link i (given i, i + 1, i + 1) */
	const char *root;	/* the last symbol */
	const char *far;	/* S1's value */
	const char *root_changed, *far_changed;	/* the root set by the user */
};

static const struct range_chain range_chains[] = {
	{ "config S%d\n\tint \"s\"\n\trange 0 S%d\n\tdefault 1000000\n",
	  "config S40001\n\tint \"s\"\n\tdefault 42\n", "42", "7", "7" },
	{ "config S%d\n\tint \"s\"\n\trange S%d 1000000\n\tdefault 1\n",
	  "config S40001\n\tint \"s\"\n\tdefault 42\n", "42", "7", "7" },
	{ "config S%d\n\thex \"s\"\n\trange 0x0 S%d\n\tdefault 0x100000\n",
	  "config S40001\n\thex \"s\"\n\tdefault 0x2a\n", "0x2a", "0x7", "0x7" },
	{ "config S%d\n\tint \"s\"\n\trange 0 S%d\n\tdefault S%d\n",
	  "config S40001\n\tint \"s\"\n\tdefault 42\n", "42", "7", "7" },
	/* A default taken only while the next link is big enough. */
	{ "config S%d\n\tint\n\tdefault S%d if S%d > 10\n\tdefault 3\n",
	  "config S40001\n\tint \"s\"\n\tdefault 42\n", "42", "7", "3" },
};

/* The links are formats from the table range_chains[], literals all. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void test_range_chains(void **state)
{
	(void)state;
	for (size_t c = 0; c < ARRAY_SIZE(range_chains); c++) {
		const struct range_chain *rc = &range_chains[c];
		struct strbuf sb = { 0 };
		struct kconfig *kc;
		struct config *cfg;
		char *text;

		for (int i = 1; i <= 40000; i++)
			strbuf_addf(&sb, rc->link, i, i + 1, i + 1);
		strbuf_addf(&sb, "%s", rc->root);
		text = strbuf_take(&sb);
		kc = unit_load(text);
		assert_int_equal(kc->diags.errors, 0);
		/* From the far end: the whole chain on the way. */
		cfg = config_new(kc);
		assert_string_equal(config_str(cfg, symbol_find(kc, "S1")), rc->far);
		assert_null(config_too_deep(cfg));
		config_free(cfg);
		/* From the root first, then the far end; then a change. */
		cfg = config_new(kc);
		config_str(cfg, symbol_find(kc, "S40001"));
		assert_string_equal(config_str(cfg, symbol_find(kc, "S1")), rc->far);
		config_set_user_str(cfg, symbol_find(kc, "S40001"),
				    rc->root_changed);
		assert_string_equal(config_str(cfg, symbol_find(kc, "S1")),
				    rc->far_changed);
		assert_null(config_too_deep(cfg));
		config_free(cfg);
		kconfig_free(kc);
		free(text);
	}
}
#pragma GCC diagnostic pop

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loops_through_shared_dependencies),
		cmocka_unit_test(test_loops_among_settled_symbols),
		cmocka_unit_test(test_long_chains),
		cmocka_unit_test(test_loop_after_long_chain),
		cmocka_unit_test(test_range_chains),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
