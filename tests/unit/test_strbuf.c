// SPDX-License-Identifier: GPL-2.0
/*
 * The string buffer's pieces: decimal_put() and decimal_len() against
 * snprintf() at every number below 100,000 (each length, each pair of
 * the table), at the powers of ten and one below each, and at UINT_MAX;
 * strbuf_add() and strbuf_take() over many appends.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

static void check_decimal(unsigned n)
{
	char want[16], got[16];
	size_t len;

	snprintf(want, sizeof(want), "%u", n);
	memset(got, 'x', sizeof(got));
	len = decimal_put(got, n);
	assert_int_equal(len, strlen(want));
	assert_int_equal(decimal_len(n), strlen(want));
	/* Nothing written past the digits. */
	assert_int_equal(got[len], 'x');
	got[len] = '\0';
	assert_string_equal(got, want);
}

static void test_decimal_put(void **state)
{
	(void)state;
	for (unsigned n = 0; n < 100000; n++)
		check_decimal(n);
	for (unsigned p = 10; p <= 1000000000u; p *= 10) {
		check_decimal(p - 1);
		check_decimal(p);
		check_decimal(p + 1);
		if (p == 1000000000u)
			break;
	}
	check_decimal(UINT_MAX);
	check_decimal(UINT_MAX - 1);
}

static void test_strbuf_appends(void **state)
{
	struct strbuf buf = { 0 };
	char *text;

	(void)state;
	for (int i = 0; i < 10000; i++)
		strbuf_add(&buf, "abc", i % 4);
	assert_int_equal(buf.len, 2500 * (0 + 1 + 2 + 3));
	strbuf_addc(&buf, 'z');
	text = strbuf_take(&buf);
	assert_int_equal(strlen(text), 15001);
	assert_memory_equal(text, "aababc", 6);
	assert_int_equal(text[15000], 'z');
	assert_int_equal(buf.len, 0);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decimal_put),
		cmocka_unit_test(test_strbuf_appends),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
