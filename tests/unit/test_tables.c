// SPDX-License-Identifier: GPL-2.0
/*
 * The hash tables under the parser: string interning and the symbol
 * table, with more entries than their first size (so they grow), names
 * that share prefixes or differ in one byte, and lengths on both sides of
 * the hash's 4- and 8-byte pieces; the order of the kernel's own
 * symbol table, built from its hash of each name; and the arena under
 * them, emptied for reuse.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig.h"
#include "symbol_order.h"
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

/* Names that look alike: every length 0..40, one byte changed at a time. */
static const char base_name[] = "ARCH_WANT_OPTIMIZE_HUGETLB_VMEMMAP_XYZ_0";

/* Every prefix of base_name hashes apart from the same prefix changed anywhere. */
static void test_hash_each_byte_counts(void **state)
{
	char changed[sizeof(base_name)];

	(void)state;
	for (size_t len = 1; len < sizeof(base_name); len++) {
		unsigned long h = hash_bytes(base_name, len);

		assert_int_not_equal(h, hash_bytes(base_name, len - 1));
		for (size_t at = 0; at < len; at++) {
			memcpy(changed, base_name, len);
			changed[at] ^= 0x20;
			assert_int_not_equal(h, hash_bytes(changed, len));
		}
	}
}

/* The hash reads only the len bytes it is given, wherever they sit. */
static void test_hash_reads_only_len_bytes(void **state)
{
	char a[64], b[64];

	(void)state;
	for (size_t len = 0; len < 40; len++) {
		memset(a, 'x', sizeof(a));
		memset(b, 'y', sizeof(b));
		memcpy(a + 3, base_name, len);
		memcpy(b + 11, base_name, len);
		assert_int_equal(hash_bytes(a + 3, len), hash_bytes(b + 11, len));
	}
}

static void test_intern_same_pointer(void **state)
{
	static const struct {
		const char *a;
		size_t alen;
		const char *b;
		size_t blen;
		bool same;
	} cases[] = {
		{ "FOO", 3, "FOO", 3, true },
		{ "FOO", 3, "FOOBAR", 3, true },	/* a prefix, by length */
		{ "FOO", 3, "FO", 2, false },
		{ "FOO", 3, "FOO_", 4, false },
		{ "", 0, "x", 0, true },
		{ "ABCDEFGH", 8, "ABCDEFGH", 8, true },
		{ "ABCDEFGH", 8, "ABCDEFGI", 8, false },
		{ "ABCDEFGHIJKLMNOPQ", 17, "ABCDEFGHIJKLMNOPR", 17, false },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *a = intern_n(&kc.strings, cases[i].a, cases[i].alen);
		const char *b = intern_n(&kc.strings, cases[i].b, cases[i].blen);

		assert_int_equal(a == b, cases[i].same);
		assert_int_equal(strlen(a), cases[i].alen);
		assert_memory_equal(a, cases[i].a, cases[i].alen);
	}
}

/* Far more strings than the first table size: all stay distinct and found. */
static void test_intern_grows(void **state)
{
	enum { N = 20000 };
	const char **first = calloc(N, sizeof(*first));
	char name[32];
	size_t before = kc.strings.count;	/* y, m and n */

	(void)state;
	assert_non_null(first);
	for (int i = 0; i < N; i++) {
		snprintf(name, sizeof(name), "SYM_%d", i);
		first[i] = intern(&kc.strings, name);
		assert_string_equal(first[i], name);
	}
	assert_int_equal(kc.strings.count, before + N);
	for (int i = 0; i < N; i++) {
		snprintf(name, sizeof(name), "SYM_%d", i);
		assert_ptr_equal(intern(&kc.strings, name), first[i]);
	}
	free(first);
}

/* Constant and non-constant names are two namespaces; y, m, n are one. */
static void test_symbol_namespaces(void **state)
{
	struct symbol *foo, *cfoo;

	(void)state;
	foo = symbol_get_n(&kc, "FOO_BAR", 3, false);
	assert_string_equal(foo->name, "FOO");
	assert_ptr_equal(symbol_get(&kc, "FOO", false), foo);
	cfoo = symbol_get(&kc, "FOO", true);
	assert_ptr_not_equal(cfoo, foo);
	assert_true(cfoo->flags & SYMBOL_CONST);
	assert_ptr_equal(symbol_get(&kc, "FOO", true), cfoo);
	assert_ptr_equal(symbol_find(&kc, "FOO"), foo);
	assert_null(symbol_find(&kc, "FO"));
	assert_null(symbol_find(&kc, "FOO_"));
	assert_ptr_equal(symbol_get(&kc, "y", true), kc.sym_yes);
	assert_ptr_equal(symbol_get(&kc, "m", false), kc.sym_mod);
	assert_ptr_equal(symbol_find(&kc, "n"), kc.sym_no);
}

/* More symbols than the first bucket count: every one found again. */
static void test_symbol_table_grows(void **state)
{
	enum { N = 70000 };
	struct symbol **made = calloc(N, sizeof(*made));
	char name[32];
	size_t before = kc.nsymbols;

	(void)state;
	assert_non_null(made);
	for (int i = 0; i < N; i++) {
		snprintf(name, sizeof(name), "CONFIG_%07d", i);
		made[i] = symbol_get(&kc, name, false);
		assert_int_equal(made[i]->index, before + (size_t)i);
	}
	assert_true(kc.sym_nslots > 32768);
	for (int i = 0; i < N; i++) {
		snprintf(name, sizeof(name), "CONFIG_%07d", i);
		assert_ptr_equal(symbol_find(&kc, name), made[i]);
		assert_ptr_equal(symbol_get(&kc, name, false), made[i]);
	}
	assert_int_equal(kc.nsymbols, before + N);
	free(made);
}

/*
 * Each name space's rules, checked again after every growth of the
 * table (a grown table puts symbols back in index order): X config then
 * choice, Y choice then config, Z a choice alone, W a config that a
 * newer kernel's `choice W` marked, V quoted too.
 */
struct named_choice_case {
	struct symbol *x, *x_choice, *y_choice, *y, *z_choice, *w, *v, *v_const;
};

static const struct kconfig_dialect legacy_dialect = { .legacy_choices = true };
static const struct kconfig_dialect apart_dialect = {
	.legacy_choices = true, .choice_names_apart = true,
};

static void check_name_spaces(const struct named_choice_case *c)
{
	kc.dialect = &legacy_dialect;
	/* symbol_get(): configs only; a named choice has its own space. */
	assert_ptr_equal(symbol_get(&kc, "X", false), c->x);
	assert_ptr_equal(symbol_get(&kc, "Y", false), c->y);
	assert_ptr_equal(symbol_get_named_choice(&kc, "X", 1), c->x_choice);
	assert_ptr_equal(symbol_get_named_choice(&kc, "Y", 1), c->y_choice);
	assert_ptr_equal(symbol_get_named_choice(&kc, "Z", 1), c->z_choice);
	/* symbol_find(): the one made last, a choice as well. */
	assert_ptr_equal(symbol_find(&kc, "X"), c->x_choice);
	assert_ptr_equal(symbol_find(&kc, "Y"), c->y);
	assert_ptr_equal(symbol_find(&kc, "Z"), c->z_choice);
	assert_ptr_equal(symbol_find(&kc, "V"), c->v);
	kc.dialect = &apart_dialect;
	assert_ptr_equal(symbol_find(&kc, "X"), c->x);
	assert_ptr_equal(symbol_find(&kc, "Y"), c->y);
	assert_null(symbol_find(&kc, "Z"));
	kc.dialect = NULL;
	/* Since Linux 6.11 a choice's name is its symbol's. */
	assert_ptr_equal(symbol_get(&kc, "W", false), c->w);
	assert_ptr_equal(symbol_find(&kc, "W"), c->w);
	assert_ptr_equal(symbol_get(&kc, "V", false), c->v);
	assert_ptr_equal(symbol_get(&kc, "V", true), c->v_const);
	assert_ptr_equal(symbol_get_n(&kc, "VW", 1, true), c->v_const);
}

static void test_symbol_name_spaces_grow(void **state)
{
	struct named_choice_case c;
	size_t sizes_seen = 0, last_size = kc.sym_nslots;
	char name[32];

	(void)state;
	kc.dialect = &legacy_dialect;
	c.x = symbol_get(&kc, "X", false);
	c.x_choice = symbol_get_named_choice(&kc, "X", 1);
	c.y_choice = symbol_get_named_choice(&kc, "Y", 1);
	c.y = symbol_get(&kc, "Y", false);
	c.z_choice = symbol_get_named_choice(&kc, "Z", 1);
	kc.dialect = NULL;
	c.w = symbol_get(&kc, "W", false);
	c.w->flags |= SYMBOL_CHOICE;
	c.v = symbol_get(&kc, "V", false);
	c.v_const = symbol_get(&kc, "V", true);
	assert_ptr_not_equal(c.x, c.x_choice);
	assert_ptr_not_equal(c.y, c.y_choice);
	assert_ptr_not_equal(c.v, c.v_const);
	assert_true(c.x_choice->flags & SYMBOL_CHOICE);
	assert_false(c.x->flags & SYMBOL_CHOICE);
	check_name_spaces(&c);
	/* Past three growths, constants and configs of the same names. */
	for (int i = 0; sizes_seen < 3; i++) {
		snprintf(name, sizeof(name), "G%d", i);
		assert_ptr_not_equal(symbol_get(&kc, name, i % 3 == 0),
				     symbol_get(&kc, name, i % 3 != 0));
		if (kc.sym_nslots != last_size) {
			sizes_seen++;
			last_size = kc.sym_nslots;
			check_name_spaces(&c);
		}
	}
	/* Never more than three slots in four in use. */
	assert_true(kc.sym_nnamed * 4 <= kc.sym_nslots * 3);
	assert_true(kc.sym_nslots >= 4 * 32768);
	check_name_spaces(&c);
}

/* Is every byte of p[0..len) zero? */
static bool all_zero(const unsigned char *p, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (p[i])
			return false;
	return true;
}

/*
 * Pieces of every size up to a few KiB, and big ones with blocks of
 * their own, each filled with 0xAA: as much as three blocks and more.
 */
static char *fill_arena(struct arena *a, unsigned char **pieces, size_t *sizes,
			size_t n)
{
	for (size_t i = 0; i < n; i++) {
		sizes[i] = i % 97 == 0 ? 100000 : 1 + (i * 37) % 3000;
		pieces[i] = arena_alloc(a, sizes[i]);
		assert_true(all_zero(pieces[i], sizes[i]));
		memset(pieces[i], 0xAA, sizes[i]);
	}
	return a->next;
}

/*
 * arena_reuse(): what comes after it is zeroed like fresh memory, from
 * the block that was being filled (its pages kept), and the arena holds
 * that block alone.
 */
static void test_arena_reuse(void **state)
{
	enum { N = 1200 };
	static unsigned char *pieces[N];
	static size_t sizes[N];
	struct arena a;

	(void)state;
	arena_init(&a);
	arena_reuse(&a);	/* empty: nothing to keep */
	assert_null(a.blocks);
	for (int round = 0; round < 3; round++) {
		const char *last = fill_arena(&a, pieces, sizes, N);
		const char *kept = (const char *)a.blocks;
		const unsigned char *first;

		assert_true(a.total > (1u << 20));
		arena_reuse(&a);
		assert_ptr_equal(a.blocks, kept);
		assert_int_equal(a.total, 0);
		assert_true(a.next < last && a.next > kept);
		/* The block's used part again, zeroed, then more blocks. */
		first = arena_alloc(&a, 16);
		assert_ptr_equal(first, a.next - 16);
		assert_true(all_zero(first, (size_t)(last - (const char *)first)));
	}
	/* An arena whose only block is a big request's keeps nothing. */
	arena_release(&a);
	memset(arena_alloc(&a, 100000), 0xAA, 100000);
	arena_reuse(&a);
	assert_null(a.blocks);
	assert_true(all_zero(arena_alloc(&a, 100000), 100000));
	arena_release(&a);
}

/* The kernel's name hash, a byte a turn, as a reference. */
static unsigned reference_kernel_hash(const char *name)
{
	unsigned hash = 2166136261u;

	for (const signed char *p = (const signed char *)name; *p; p++)
		hash = (hash ^ (unsigned)(int)*p) * 0x01000193u;
	return hash;
}

/* A symbol with its bucket in the kernel's table. */
struct bucketed {
	const struct symbol *sym;
	unsigned bucket;
};

/* By bucket, the newest symbol first inside one. */
static int by_bucket_newest_first(const void *pa, const void *pb)
{
	const struct bucketed *a = pa, *b = pb;

	if (a->bucket != b->bucket)
		return a->bucket < b->bucket ? -1 : 1;
	return a->sym->index > b->sym->index ? -1 : 1;
}

/*
 * kernel_table_order(): bucket by bucket (the hash modulo 16384), newest
 * first inside a bucket, y, m and n left out; names of every length
 * 0..40, with bytes above 0x7f (constants), many sharing a bucket, and a
 * nameless choice (bucket 0).
 */
static void test_kernel_table_order(void **state)
{
	enum { N = 40000, BUCKETS = 16384 };
	char name[64];
	const struct symbol **order;
	struct bucketed *expected;
	size_t count, n = 0;

	(void)state;
	for (int i = 0; i < N; i++) {
		size_t len = (size_t)i % 41;

		snprintf(name, sizeof(name), "%.*s%d", (int)len, base_name, i);
		if (i % 7 == 0)
			name[0] = (char)(0x80 + i % 0x7f);
		symbol_get(&kc, name, i % 7 == 0);
		if (i == N / 2)
			symbol_new_choice(&kc);
	}
	expected = calloc(kc.nsymbols, sizeof(*expected));
	assert_non_null(expected);
	for (size_t i = 0; i < kc.nsymbols; i++) {
		const struct symbol *sym = kc.symbols[i];

		if (sym == kc.sym_yes || sym == kc.sym_mod || sym == kc.sym_no)
			continue;
		expected[n].sym = sym;
		expected[n++].bucket = sym->name
			? reference_kernel_hash(sym->name) % BUCKETS : 0;
	}
	qsort(expected, n, sizeof(*expected), by_bucket_newest_first);
	order = kernel_table_order(&kc, &count);
	assert_int_equal(count, n);
	for (size_t i = 0; i < n; i++)
		assert_ptr_equal(order[i], expected[i].sym);
	free(order);
	free(expected);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hash_each_byte_counts),
		cmocka_unit_test(test_hash_reads_only_len_bytes),
		cmocka_unit_test_setup_teardown(test_intern_same_pointer, setup, teardown),
		cmocka_unit_test_setup_teardown(test_intern_grows, setup, teardown),
		cmocka_unit_test_setup_teardown(test_symbol_namespaces, setup, teardown),
		cmocka_unit_test_setup_teardown(test_symbol_table_grows, setup, teardown),
		cmocka_unit_test_setup_teardown(test_symbol_name_spaces_grow, setup, teardown),
		cmocka_unit_test(test_arena_reuse),
		cmocka_unit_test_setup_teardown(test_kernel_table_order, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
