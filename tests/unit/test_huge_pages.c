// SPDX-License-Identifier: GPL-2.0
/*
 * huge_pages: memory at huge-page boundaries, and the large tables kept
 * in it.  Each mapping is aligned, zeroed and writable, rounded up to
 * whole huge pages; a table below half a huge page comes from calloc()
 * (valgrind and ASan see it freed), one above from huge pages, and each
 * is freed by the same size.  malloc()'s heap, grown at once by a pad
 * advised as huge pages, works as before.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "huge_pages.h"

static void assert_fresh(char *p, size_t len)
{
	assert_non_null(p);
	for (size_t i = 0; i < len; i += 4096)
		assert_int_equal(p[i], 0);
	assert_int_equal(p[len - 1], 0);
	memset(p, 0xa5, len);
}

static void test_map(void **state)
{
	char *p;

	(void)state;
	p = huge_pages_map(100, false);
	assert_int_equal((uintptr_t)p % HUGE_PAGE_SIZE, 0);
	assert_fresh(p, HUGE_PAGE_SIZE);
	huge_pages_unmap(p, 100);
	/* Rounded up to whole huge pages. */
	p = huge_pages_map(HUGE_PAGE_SIZE + 1, true);
	assert_int_equal((uintptr_t)p % HUGE_PAGE_SIZE, 0);
	assert_fresh(p, 2 * HUGE_PAGE_SIZE);
	huge_pages_unmap(p, HUGE_PAGE_SIZE + 1);
	huge_pages_unmap(NULL, 0);
}

static void test_tables(void **state)
{
	static const size_t counts[] = { 0, 1, 1000, 65535, 65536, 300000 };

	(void)state;
	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
		size_t n = counts[i];
		char *p = huge_calloc(n, 16);

		assert_non_null(p);
		/* From half a huge page on, in huge pages. */
		if (n * 16 >= HUGE_PAGE_SIZE / 2)
			assert_int_equal((uintptr_t)p % HUGE_PAGE_SIZE, 0);
		if (n)
			assert_fresh(p, n * 16);
		huge_free(p, n, 16);
	}
}

/*
 * malloc() as good as before, with its heap grown by a pad advised as
 * huge pages (where malloc() is glibc's: under a sanitizer or valgrind
 * it is theirs, and nothing is), twice over.
 */
static void test_heap(void **state)
{
	char *blocks[2000];

	(void)state;
	(void)huge_pages_for_heap(8 * HUGE_PAGE_SIZE);
	(void)huge_pages_for_heap(8 * HUGE_PAGE_SIZE);
	for (int i = 0; i < 2000; i++) {
		blocks[i] = malloc((size_t)(i % 97) * 64 + 1);
		assert_non_null(blocks[i]);
		memset(blocks[i], i & 0xff, (size_t)(i % 97) * 64 + 1);
	}
	for (int i = 0; i < 2000; i++) {
		assert_int_equal((unsigned char)blocks[i][(i % 97) * 64], i & 0xff);
		free(blocks[i]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_map),
		cmocka_unit_test(test_tables),
		cmocka_unit_test(test_heap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
