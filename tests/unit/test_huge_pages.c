// SPDX-License-Identifier: GPL-2.0
/*
 * huge_pages: memory at huge-page boundaries, and a reserve of huge
 * pages mapped ahead on a thread.  Each page handed out is aligned,
 * zeroed and writable, handed out once, in order; a reserve stopped
 * early (its thread still mapping) leaves nothing behind.  And an arena
 * with a reserve hands out zeroed memory as one without.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include <unistd.h>

#include "arena.h"
#include "huge_pages.h"

static void assert_fresh_page(char *p)
{
	assert_non_null(p);
	assert_int_equal((uintptr_t)p % HUGE_PAGE_SIZE, 0);
	for (size_t i = 0; i < HUGE_PAGE_SIZE; i += 4096)
		assert_int_equal(p[i], 0);
	assert_int_equal(p[HUGE_PAGE_SIZE - 1], 0);
	p[0] = p[HUGE_PAGE_SIZE - 1] = 1;
}

static void test_map(void **state)
{
	char *p;

	(void)state;
	p = huge_pages_map(100, false);
	assert_fresh_page(p);
	huge_pages_unmap(p, 100);
	/* Rounded up to whole huge pages. */
	p = huge_pages_map(HUGE_PAGE_SIZE + 1, true);
	assert_fresh_page(p);
	assert_fresh_page(p + HUGE_PAGE_SIZE);
	huge_pages_unmap(p, HUGE_PAGE_SIZE + 1);
	huge_pages_unmap(NULL, 0);
}

static void test_reserve(void **state)
{
	struct huge_reserve *r;
	char *pages[4];

	(void)state;
	assert_null(huge_reserve_start(0));
	assert_null(huge_reserve_take(NULL));
	huge_reserve_stop(NULL);

	r = huge_reserve_start(4);
	assert_non_null(r);
	/* Each ready in turn: a take before that gives NULL. */
	for (int i = 0; i < 4; i++) {
		for (int tries = 0; !(pages[i] = huge_reserve_take(r)) && tries < 5000; tries++)
			usleep(1000);
		assert_fresh_page(pages[i]);
		for (int j = 0; j < i; j++)
			assert_ptr_not_equal(pages[i], pages[j]);
	}
	assert_null(huge_reserve_take(r));	/* all four taken */
	huge_reserve_stop(r);
	/* Taken pages are the taker's, after the stop too. */
	for (int i = 0; i < 4; i++) {
		assert_int_equal(pages[i][0], 1);
		huge_pages_unmap(pages[i], HUGE_PAGE_SIZE);
	}

	/* Stopped at once, or after one page: what was not taken goes. */
	huge_reserve_stop(huge_reserve_start(64));
	r = huge_reserve_start(64);
	while (!(pages[0] = huge_reserve_take(r)))
		usleep(1000);
	huge_reserve_stop(r);
	huge_pages_unmap(pages[0], HUGE_PAGE_SIZE);
}

static void test_arena_reserve(void **state)
{
	struct arena arena;
	char *last = NULL;

	(void)state;
	arena_init(&arena);
	arena_reserve(&arena, 12u << 20);
	assert_non_null(arena.reserve);
	arena_reserve(&arena, 12u << 20);	/* once */
	for (int i = 0; i < 20000; i++) {
		char *p = arena_alloc(&arena, 1000);

		for (int j = 0; j < 1000; j++)
			assert_int_equal(p[j], 0);
		memset(p, 0xff, 1000);
		assert_ptr_not_equal(p, last);
		last = p;
	}
	arena_reserve_stop(&arena);
	assert_null(arena.reserve);
	arena_release(&arena);

	/* Released with its reserve still running. */
	arena_init(&arena);
	arena_reserve(&arena, 64u << 20);
	(void)arena_alloc(&arena, 1000);
	arena_release(&arena);
	assert_null(arena.reserve);
	/* Too little to reserve for: no thread. */
	arena_reserve(&arena, 1000);
	assert_null(arena.reserve);
	arena_release(&arena);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_map),
		cmocka_unit_test(test_reserve),
		cmocka_unit_test(test_arena_reserve),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
