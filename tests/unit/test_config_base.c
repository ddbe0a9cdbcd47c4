// SPDX-License-Identifier: GPL-2.0
/*
 * Bases (config_base.c): configurations read one after the other into
 * one configuration, each taking the values of a base and computing only
 * what its user values change, must write exactly what a configuration
 * of their own computed in full writes.  The files flip what others read
 * (a symbol whole menus depend on, a choice, a select chain with unmet
 * dependencies, imply, ranges and defaults taken from other symbols),
 * and MODULES each way, so that each kind of base serves several.
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
	"\tdefault y\n";

/* In this order: the first of each MODULES value is that value's base. */
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

static void test_bases_match_full(void **state)
{
	char dir[] = "/tmp/kbrowse-base.XXXXXX";
	struct kconfig *kc = unit_load(tree);
	struct config *shared;
	struct config_bases *bases = config_bases_new();

	(void)state;
	assert_non_null(kc);
	assert_int_equal(kc->diags.errors, 0);
	assert_non_null(mkdtemp(dir));
	shared = config_new(kc);
	for (unsigned i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char *path = defconfig_file(dir, i);
		struct config *alone = config_new(kc);
		char *full = evaluated(alone, path, NULL), *inc;

		if (i)
			config_reset_computed_kept(shared);
		inc = evaluated(shared, path, bases);
		if (strcmp(full, inc) != 0)
			fail_msg("file %u (%s): with a base\n%s\nin full\n%s",
				 i, files[i], inc, full);
		free(full);
		free(inc);
		config_free(alone);
		unlink(path);
		free(path);
	}
	config_free(shared);
	config_bases_free(bases);
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
