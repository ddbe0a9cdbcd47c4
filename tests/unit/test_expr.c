// SPDX-License-Identifier: GPL-2.0
/* Expression trees and the symbol table: building, printing, lookups. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig.h"
#include "unit.h"

static struct kconfig kc;

static int setup(void **state)
{
	(void)state;
	unit_bare_init(&kc);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	unit_bare_release(&kc);
	return 0;
}

static struct expr *sym(const char *name)
{
	return expr_symbol(&kc.arena, symbol_get(&kc, name, false));
}

static struct expr *cmp(enum expr_op op, const char *l, const char *r, bool rconst)
{
	return expr_compare(&kc.arena, op, symbol_get(&kc, l, false),
			    symbol_get(&kc, r, rconst));
}

static void assert_prints(const struct expr *e, const char *expected)
{
	char *text = expr_to_string(e);

	assert_string_equal(text, expected);
	free(text);
}

static void test_print_precedence(void **state)
{
	struct arena *a = &kc.arena;

	(void)state;
	assert_prints(NULL, "y");
	assert_prints(sym("A"), "A");
	assert_prints(expr_and(a, sym("A"), expr_or(a, sym("B"), sym("C"))),
		      "A && (B || C)");
	assert_prints(expr_or(a, expr_and(a, sym("A"), sym("B")), sym("C")),
		      "A && B || C");
	assert_prints(expr_not(a, expr_or(a, sym("A"), sym("B"))), "!(A || B)");
	assert_prints(expr_not(a, expr_not(a, sym("A"))), "!!A");
	assert_prints(expr_not(a, cmp(E_EQUAL, "A", "m", false)), "!(A = m)");
	/* Left-nested chains print flat; right-nested ones keep their shape. */
	assert_prints(expr_or(a, expr_or(a, sym("A"), sym("B")), sym("C")),
		      "A || B || C");
	assert_prints(expr_or(a, sym("A"), expr_or(a, sym("B"), sym("C"))),
		      "A || (B || C)");
}

static void test_print_comparisons_and_literals(void **state)
{
	static const struct {
		enum expr_op op;
		const char *text;
	} ops[] = {
		{ E_EQUAL, "X = \"a b\"" }, { E_UNEQUAL, "X != \"a b\"" },
		{ E_LTH, "X < \"a b\"" }, { E_LEQ, "X <= \"a b\"" },
		{ E_GTH, "X > \"a b\"" }, { E_GEQ, "X >= \"a b\"" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		assert_prints(cmp(ops[i].op, "X", "a b", true), ops[i].text);
	/* Quotes and backslashes in a constant are escaped. */
	assert_prints(cmp(E_EQUAL, "X", "say \"hi\" \\o/", true),
		      "X = \"say \\\"hi\\\" \\\\o/\"");
	/* A `$` is escaped so that reading the text back expands nothing. */
	assert_prints(cmp(E_EQUAL, "X", "$(CC)", true), "X = \"\\$(CC)\"");
	/* An unquoted number stays unquoted. */
	assert_prints(cmp(E_GEQ, "X", "12", false), "X >= 12");
}

static void test_and_or_treat_null_as_true(void **state)
{
	struct expr *a_expr = sym("A");

	(void)state;
	assert_ptr_equal(expr_and(&kc.arena, NULL, a_expr), a_expr);
	assert_ptr_equal(expr_and(&kc.arena, a_expr, NULL), a_expr);
	assert_ptr_equal(expr_or(&kc.arena, NULL, a_expr), a_expr);
	assert_null(expr_and(&kc.arena, NULL, NULL));
}

static void test_mentions(void **state)
{
	struct arena *a = &kc.arena;
	struct expr *e = expr_and(a, sym("A"), expr_not(a, cmp(E_LTH, "B", "3", false)));

	(void)state;
	assert_true(expr_mentions(e, symbol_find(&kc, "A")));
	assert_true(expr_mentions(e, symbol_find(&kc, "B")));
	assert_true(expr_mentions(e, symbol_find(&kc, "3")));
	assert_false(expr_mentions(e, symbol_get(&kc, "C", false)));
	assert_false(expr_mentions(NULL, symbol_find(&kc, "A")));
}

static void test_symbol_table(void **state)
{
	struct symbol *foo, *quoted;

	(void)state;
	foo = symbol_get(&kc, "FOO", false);
	assert_ptr_equal(symbol_get(&kc, "FOO", false), foo);
	assert_ptr_equal(symbol_find(&kc, "FOO"), foo);
	assert_null(symbol_find(&kc, "NEVER_SEEN"));
	/* Quoted literals are a namespace of their own... */
	quoted = symbol_get(&kc, "FOO", true);
	assert_ptr_not_equal(quoted, foo);
	assert_true(quoted->flags & SYMBOL_CONST);
	assert_ptr_equal(symbol_get(&kc, "FOO", true), quoted);
	/* ...except y, m and n, which are always the tristate constants. */
	assert_ptr_equal(symbol_get(&kc, "y", false), kc.sym_yes);
	assert_ptr_equal(symbol_get(&kc, "y", true), kc.sym_yes);
	assert_ptr_equal(symbol_get(&kc, "m", false), kc.sym_mod);
	assert_ptr_equal(symbol_get(&kc, "n", true), kc.sym_no);
	assert_true(symbol_is_tristate_const(kc.sym_mod));
	assert_false(symbol_is_tristate_const(quoted));
	/* Indexes are positions in kc.symbols. */
	assert_ptr_equal(kc.symbols[foo->index], foo);
	assert_string_equal(symbol_type_name(S_HEX), "hex");
}

static void test_symbol_table_grows(void **state)
{
	char name[32];

	(void)state;
	for (int i = 0; i < 20000; i++) {
		snprintf(name, sizeof(name), "SYM_%d", i);
		symbol_get(&kc, name, false);
	}
	for (int i = 0; i < 20000; i += 997) {
		struct symbol *s;

		snprintf(name, sizeof(name), "SYM_%d", i);
		s = symbol_find(&kc, name);
		assert_non_null(s);
		assert_string_equal(s->name, name);
	}
}

static void test_menu_next_walks_depth_first(void **state)
{
	struct menu_node root = { .kind = MENU_ROOT }, a = { 0 }, b = { 0 },
			 a1 = { 0 }, a2 = { 0 };

	(void)state;
	root.children = &a;
	a.parent = &root;
	a.next = &b;
	b.parent = &root;
	a.children = &a1;
	a1.parent = &a;
	a1.next = &a2;
	a2.parent = &a;
	assert_ptr_equal(menu_next(&root, &root), &a);
	assert_ptr_equal(menu_next(&root, &a), &a1);
	assert_ptr_equal(menu_next(&root, &a1), &a2);
	assert_ptr_equal(menu_next(&root, &a2), &b);
	assert_null(menu_next(&root, &b));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_print_precedence),
		cmocka_unit_test(test_print_comparisons_and_literals),
		cmocka_unit_test(test_and_or_treat_null_as_true),
		cmocka_unit_test(test_mentions),
		cmocka_unit_test(test_symbol_table),
		cmocka_unit_test(test_symbol_table_grows),
		cmocka_unit_test(test_menu_next_walks_depth_first),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
