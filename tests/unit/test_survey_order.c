// SPDX-License-Identifier: GPL-2.0
/*
 * survey_order(): a survey worker computes each defconfig from the one
 * before, so files that differ little must come one after the other,
 * a heavy line must count for more than light ones, and files whose
 * MODULES lines differ must not be neighbours while others can be.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

#include "survey_order.h"

struct tree {
	char root[64];
	char dir[128];
	char *names[8];
	unsigned count;
};

static void add_file(struct tree *t, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", t->dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	t->names[t->count++] = strdup(name);
}

static void make_tree(struct tree *t)
{
	char path[128];

	memset(t, 0, sizeof(*t));
	strcpy(t->root, "/tmp/kbrowse-order.XXXXXX");
	assert_non_null(mkdtemp(t->root));
	snprintf(path, sizeof(path), "%s/arch", t->root);
	assert_int_equal(mkdir(path, 0777), 0);
	snprintf(path, sizeof(path), "%s/arch/foo", t->root);
	assert_int_equal(mkdir(path, 0777), 0);
	snprintf(t->dir, sizeof(t->dir), "%s/arch/foo/configs", t->root);
	assert_int_equal(mkdir(t->dir, 0777), 0);
}

static void free_tree(struct tree *t)
{
	char path[256];

	for (unsigned i = 0; i < t->count; i++) {
		snprintf(path, sizeof(path), "%s/%s", t->dir, t->names[i]);
		unlink(path);
		free(t->names[i]);
	}
	rmdir(t->dir);
	snprintf(path, sizeof(path), "%s/arch/foo", t->root);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/arch", t->root);
	rmdir(path);
	rmdir(t->root);
}

/* Where file i stands in order[]. */
static unsigned place(const unsigned *order, unsigned n, unsigned i)
{
	for (unsigned k = 0; k < n; k++)
		if (order[k] == i)
			return k;
	fail_msg("file %u missing from the order", i);
	return n;
}

static bool adjacent(const unsigned *order, unsigned n, unsigned a, unsigned b)
{
	unsigned pa = place(order, n, a), pb = place(order, n, b);

	return pa + 1 == pb || pb + 1 == pa;
}

static unsigned *order_of(struct tree *t, survey_line_weight_fn *weight)
{
	struct survey_arch arch = { .name = (char *)"foo", .configs = t->names,
				    .nconfigs = t->count };

	return survey_order(&arch, t->root, "CONFIG_MODULES", weight, NULL);
}

/* Every file once, and similar ones side by side. */
static void test_similar_side_by_side(void **state)
{
	struct tree t;
	unsigned *order;
	bool seen[8] = { false };

	(void)state;
	make_tree(&t);
	add_file(&t, "a_defconfig", "CONFIG_NET=y\nCONFIG_USB=y\nCONFIG_PCI=y\n");
	add_file(&t, "b_defconfig", "CONFIG_SND=y\nCONFIG_I2C=y\nCONFIG_SPI=y\n");
	add_file(&t, "c_defconfig", "CONFIG_NET=y\nCONFIG_USB=y\nCONFIG_PCI=y\nCONFIG_X=y\n");
	add_file(&t, "d_defconfig", "CONFIG_SND=y\nCONFIG_I2C=y\n");
	add_file(&t, "e_defconfig", "CONFIG_NET=y\nCONFIG_USB=y\n");
	order = order_of(&t, NULL);
	for (unsigned k = 0; k < t.count; k++) {
		assert_true(order[k] < t.count);
		assert_false(seen[order[k]]);
		seen[order[k]] = true;
	}
	/* a, c, e share NET and USB; b and d share SND and I2C. */
	assert_true(adjacent(order, t.count, 1, 3));
	assert_true(adjacent(order, t.count, 0, 2));
	assert_true(adjacent(order, t.count, 0, 4) || adjacent(order, t.count, 2, 4));
	free(order);
	free_tree(&t);
}

/* CONFIG_HEAVY weighs 100, every other line 1. */
static unsigned heavy_weight(const char *line, size_t len, void *ctx)
{
	(void)ctx;
	return len >= 12 && strstr(line, "CONFIG_HEAVY") == line ? 100 : 1;
}

/* A heavy line differing outweighs several light ones. */
static void test_weights(void **state)
{
	struct tree t;
	unsigned *order;

	(void)state;
	make_tree(&t);
	add_file(&t, "a_defconfig", "CONFIG_HEAVY=y\nCONFIG_A1=y\n");
	add_file(&t, "b_defconfig", "CONFIG_A1=y\n");
	add_file(&t, "c_defconfig", "CONFIG_HEAVY=y\nCONFIG_C1=y\nCONFIG_C2=y\nCONFIG_C3=y\n");
	add_file(&t, "d_defconfig", "CONFIG_C1=y\nCONFIG_C2=y\nCONFIG_C3=y\n");
	order = order_of(&t, heavy_weight);
	/*
	 * Unweighted, a and b (one line apart) and c and d would be
	 * neighbours; weighted, HEAVY must not differ between neighbours.
	 */
	assert_true(adjacent(order, t.count, 0, 2));
	assert_true(adjacent(order, t.count, 1, 3));
	free(order);
	free_tree(&t);
}

/* Files with different MODULES lines: each kind in one run. */
static void test_modules_apart(void **state)
{
	struct tree t;
	unsigned *order;
	unsigned changes = 0;

	(void)state;
	make_tree(&t);
	add_file(&t, "a_defconfig", "CONFIG_MODULES=y\nCONFIG_NET=y\n");
	add_file(&t, "b_defconfig", "CONFIG_NET=y\n");
	add_file(&t, "c_defconfig", "CONFIG_MODULES=y\nCONFIG_SND=y\nCONFIG_I2C=y\n");
	add_file(&t, "d_defconfig", "CONFIG_NET=y\nCONFIG_USB=y\n");
	add_file(&t, "e_defconfig", "CONFIG_MODULES=y\nCONFIG_NET=y\nCONFIG_USB=y\n");
	order = order_of(&t, NULL);
	for (unsigned k = 1; k < t.count; k++) {
		bool was = order[k - 1] == 0 || order[k - 1] == 2 || order[k - 1] == 4;
		bool is = order[k] == 0 || order[k] == 2 || order[k] == 4;

		changes += was != is;
	}
	assert_int_equal(changes, 1);
	free(order);
	free_tree(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_similar_side_by_side),
		cmocka_unit_test(test_weights),
		cmocka_unit_test(test_modules_apart),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
