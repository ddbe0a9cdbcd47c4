// SPDX-License-Identifier: GPL-2.0
/*
 * Bases (config_base.c): configurations read one after the other into
 * one configuration, each taking the values of the one before and
 * computing only what its user values change, must write exactly what a
 * configuration of their own computed in full writes, whichever file
 * came before.  The files flip what others read (a symbol whole menus
 * depend on, a choice, a select chain with unmet dependencies, imply,
 * ranges and defaults taken from other symbols), and MODULES each way;
 * they are read in several orders, so that each serves as the base of
 * several others, with the expression memo kept from file to file
 * (memo_index.c) and without.
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
#include <unistd.h>

#include "unit.h"
#include "conf_modes.h"
#include "config.h"
#include "config_base.h"
#include "config_io.h"

static const struct config_io_options kernel_io = { .prefix = "CONFIG_" };

static const char tree[] =
	"config MODULES\n\tbool \"modules\"\n\tmodules\n"
	"config NET\n\tbool \"net\"\n"
	"config EXPERT\n\tbool \"expert\"\n"
	"if NET\n"
	"config INET\n\tbool \"inet\"\n\tdefault y\n"
	"config IPV6\n\ttristate \"ipv6\"\n\tdepends on INET\n\tdefault m\n"
	"config NETFILTER\n\tbool \"netfilter\"\n\tselect NF_CORE\n"
	"config NF_CORE\n\ttristate\n\tselect NF_HELPER\n"
	"config NF_HELPER\n\tbool\n\tdepends on EXPERT\n"
	"config NET_BUFS\n\tint \"buffers\"\n\trange 4 64 if INET\n"
	"\trange 1 8\n\tdefault 32 if INET\n\tdefault 2\n"
	"config NET_COPY\n\tint\n\tdefault NET_BUFS\n"
	"endif\n"
	"config WIRELESS\n\ttristate \"wireless\"\n\tdepends on NET\n"
	"\timply WEXT\n"
	"config WEXT\n\ttristate \"wext\"\n"
	"config NAME\n\tstring \"name\"\n\tdefault \"plain\" if !NET\n"
	"\tdefault \"networked\"\n"
	"config NAME_COPY\n\tstring\n\tdefault NAME\n"
	"choice\n\tprompt \"cpu\"\n\tdefault CPU_B if NET\n"
	"config CPU_A\n\tbool \"a\"\n"
	"config CPU_B\n\tbool \"b\"\n"
	"config CPU_C\n\tbool \"c\"\n\tdepends on EXPERT\n"
	"endchoice\n"
	"config CPU_HAS_FPU\n\tdef_bool CPU_B || CPU_C\n"
	"config FPU_EMU\n\tbool \"emulate\"\n\tdepends on !CPU_HAS_FPU\n"
	"\tdefault y\n"
	/*
	 * Dependencies nested three deep: NET && EXPERT && INET, one &&
	 * node on another, which the memo kept between files must drop
	 * all the way up when NET changes (not only the node reading NET).
	 */
	/*
	 * Between files the memo's nodes take their new values and only
	 * the readers of nodes that changed are computed again
	 * (config_memo_changed()): a node two changed symbols meet in
	 * (INET || EXPERT, each file flipping both), read through `!`, by
	 * a comparison, from choice members (not computed while their
	 * choice is), and read whole by a symbol (ROUTE) whose readers read
	 * it alone (ROUTE_COPY).
	 */
	"config ROUTE\n\tbool \"route\"\n\tdepends on (INET || EXPERT) && NET\n"
	"\tdefault y\n"
	"config ROUTE_COPY\n\tbool\n\tdefault ROUTE\n"
	"config NO_FILTER\n\tbool \"no filter\"\n"
	"\tdepends on !(NETFILTER && EXPERT)\n\tdefault y\n"
	"config OWN_NAME\n\tbool \"own name\"\n\tdepends on NET && NAME = \"own\"\n"
	"\tdefault y\n"
	"config CPU_PAIR\n\tdef_bool (CPU_A || CPU_B) && NET\n"
	"config PAIR_FEATURE\n\tbool \"pair feature\"\n"
	"\tdepends on CPU_PAIR && !EXPERT\n\tdefault y\n"
	/* LINK_A changes both operands of one node: it must be looked at after both. */
	"config LINK_A\n\tbool \"link a\"\n"
	"config LINK_B\n\tbool \"link b\"\n"
	"config LINK_C\n\tbool \"link c\"\n"
	"config LINKED\n\tbool \"linked\"\n"
	"\tdepends on (LINK_A || LINK_B) && (LINK_A || LINK_C)\n\tdefault y\n"
	"menu \"deep\"\n\tdepends on NET\n"
	"if EXPERT\n"
	"config DEEP\n\tbool \"deep\"\n\tdepends on INET\n\tdefault y\n"
	"config DEEPER\n\tbool\n\tdefault DEEP\n"
	"endif\n"
	"endmenu\n";

static const char *const files[] = {
	"CONFIG_NET=y\n",
	"",
	"CONFIG_NET=y\nCONFIG_EXPERT=y\nCONFIG_NETFILTER=y\nCONFIG_CPU_C=y\n",
	"CONFIG_MODULES=y\nCONFIG_NET=y\nCONFIG_WIRELESS=m\n",
	"CONFIG_MODULES=y\nCONFIG_WIRELESS=y\nCONFIG_IPV6=y\n",
	"CONFIG_MODULES=y\nCONFIG_NET=y\n# CONFIG_INET is not set\n"
	"CONFIG_NET_BUFS=6\nCONFIG_NAME=\"own\"\n",
	"CONFIG_MODULES=y\nCONFIG_NET=y\nCONFIG_NET_BUFS=48\nCONFIG_CPU_A=y\n"
	"CONFIG_NETFILTER=y\n",
	"# CONFIG_MODULES is not set\nCONFIG_NET=y\nCONFIG_IPV6=m\n",
	"# CONFIG_MODULES is not set\nCONFIG_NETFILTER=y\n",
	"CONFIG_EXPERT=y\nCONFIG_CPU_C=y\n# CONFIG_FPU_EMU is not set\n",
	"CONFIG_NET=y\n# CONFIG_CPU_B is not set\n",
	"CONFIG_MODULES=y\nCONFIG_NET=y\n",
	"CONFIG_EXPERT=y\n",
	"CONFIG_NET=y\nCONFIG_EXPERT=y\nCONFIG_LINK_A=y\n",
	"CONFIG_NET=y\nCONFIG_EXPERT=y\n# CONFIG_INET is not set\n"
	"CONFIG_NETFILTER=y\nCONFIG_NAME=\"own\"\nCONFIG_CPU_A=y\n",
	"CONFIG_NET=y\n# CONFIG_INET is not set\nCONFIG_NETFILTER=y\nCONFIG_LINK_A=y\n",
	"CONFIG_NET=y\nCONFIG_INET=y\nCONFIG_NAME=\"own\"\nCONFIG_CPU_C=y\n",
};

static char *defconfig_file(const char *dir, unsigned i)
{
	size_t len = strlen(dir) + 32;
	char *path = malloc(len);
	FILE *f;

	assert_non_null(path);
	snprintf(path, len, "%s/defconfig%u", dir, i);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(files[i], f);
	assert_int_equal(fclose(f), 0);
	return path;
}

static char *evaluated(struct config *cfg, const char *path,
		       struct config_bases *bases)
{
	size_t len;

	assert_int_equal(conf_defconfig_read(cfg, path, NULL, bases), 0);
	return config_write_text(cfg, &kernel_io, &len);
}

#define NFILES (sizeof(files) / sizeof(files[0]))

/* Each file's .config computed in full, in its own configuration. */
static char **full_texts(struct kconfig *kc, char **paths)
{
	char **full = calloc(NFILES, sizeof(char *));

	assert_non_null(full);
	for (unsigned i = 0; i < NFILES; i++) {
		struct config *alone = config_new(kc);

		full[i] = evaluated(alone, paths[i], NULL);
		config_free(alone);
	}
	return full;
}

/* Where run_order() sets a user value of its own, as a caller might. */
enum poke {
	POKE_NONE,
	POKE_AFTER,	/* after each file: the next must start afresh */
	/*
	 * After config_bases_next(), before the read, which replaces every
	 * user value: the read keeps the last file's values and flags
	 * (cfg->base_read) and clears no user state but the last file's, so
	 * it must notice this one.
	 */
	POKE_BEFORE_READ,
};

/*
 * The files read into one configuration in order[], each from the one
 * before, with a user value set between files as poke says (the next
 * file must not start from values that no longer are the last file's).
 * How many files were computed from a base.
 */
static unsigned long run_order(struct kconfig *kc, char **paths, char **full,
			       const unsigned *order, enum poke poke, bool keep_memo)
{
	struct config *shared = config_new(kc);
	struct config_bases *bases = config_bases_new();
	const struct symbol *expert = symbol_find(kc, "EXPERT");
	unsigned long taken;

	assert_non_null(expert);
	config_bases_keep_memo(bases, keep_memo);
	for (unsigned k = 0; k < NFILES; k++) {
		unsigned i = order[k];
		char *inc;

		if (k)
			config_bases_next(bases, shared);
		/* (EXPERT's value then is the last file's.) */
		if (k && poke == POKE_BEFORE_READ)
			config_set_user_tri(shared, expert,
					    config_tri(shared, expert) == TRI_YES ?
					    TRI_NO : TRI_YES);
		inc = evaluated(shared, paths[i], bases);
		if (strcmp(full[i], inc) != 0)
			fail_msg("file %u (%s) after file %u: from the one before\n%s\n"
				 "in full\n%s", i, files[i], k ? order[k - 1] : i, inc,
				 full[i]);
		free(inc);
		if (poke == POKE_AFTER)
			config_set_user_tri(shared, expert,
					    config_tri(shared, expert) == TRI_YES ?
					    TRI_NO : TRI_YES);
	}
	taken = config_bases_stats(bases)->taken;
	/* Each file from a base kept the memo of the one before, if asked. */
	assert_int_equal(config_bases_stats(bases)->memo_kept, keep_memo ? taken : 0);
	config_free(shared);
	config_bases_free(bases);
	return taken;
}

/* The file's MODULES line: 'y', 'n' or 0 for none. */
static char modules_line(const char *text)
{
	if (strstr(text, "CONFIG_MODULES=y"))
		return 'y';
	return strstr(text, "# CONFIG_MODULES is not set") ? 'n' : 0;
}

/* How many files of order[] follow one with the same MODULES line. */
static unsigned long same_modules_pairs(const unsigned *order)
{
	unsigned long count = 0;

	for (unsigned k = 1; k < NFILES; k++)
		count += modules_line(files[order[k]]) == modules_line(files[order[k - 1]]);
	return count;
}

static void test_bases_match_full(void **state)
{
	char dir[] = "/tmp/kbrowse-base.XXXXXX";
	struct kconfig *kc = unit_load(tree);
	char *paths[NFILES], **full;
	unsigned order[NFILES];
	/* Forward, backward, and strides that visit every file. */
	static const unsigned strides[] = { 1, NFILES - 1, 5, 7 };

	(void)state;
	assert_non_null(kc);
	assert_int_equal(kc->diags.errors, 0);
	assert_non_null(mkdtemp(dir));
	for (unsigned i = 0; i < NFILES; i++)
		paths[i] = defconfig_file(dir, i);
	full = full_texts(kc, paths);
	for (unsigned s = 0; s < sizeof(strides) / sizeof(strides[0]); s++) {
		for (unsigned k = 0; k < NFILES; k++)
			order[k] = (unsigned)((k * strides[s] + s) % NFILES);
		/* Each file after one with the same MODULES: from a base. */
		assert_int_equal(run_order(kc, paths, full, order, POKE_NONE, true),
				 same_modules_pairs(order));
		/* The same, the memo afresh for each file. */
		assert_int_equal(run_order(kc, paths, full, order, POKE_NONE, false),
				 same_modules_pairs(order));
		/* A value changed after a file: the next computed in full. */
		assert_int_equal(run_order(kc, paths, full, order, POKE_AFTER, true), 0);
		/* ... or before a file's read: the same. */
		assert_int_equal(run_order(kc, paths, full, order, POKE_BEFORE_READ,
					   true), 0);
	}
	for (unsigned i = 0; i < NFILES; i++) {
		free(full[i]);
		unlink(paths[i]);
		free(paths[i]);
	}
	free(full);
	rmdir(dir);
	kconfig_free(kc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bases_match_full),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
