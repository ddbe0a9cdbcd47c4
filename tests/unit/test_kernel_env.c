// SPDX-License-Identifier: GPL-2.0
/*
 * Deriving the kernel Makefile's environment: KERNELVERSION from the
 * Makefile's lines, uname -m to ARCH, ARCH aliases to SRCARCH, the tools,
 * and never touching what the user has set.  Fake kernel trees in a
 * temporary directory; fake compilers print fixed version lines.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel_env.h"

static char tmpdir[] = "/tmp/kbrowse-kernel-env-XXXXXX";
static char tree[300], bindir[300];

/* The top-level Makefile's lines that matter, as in Linux 6.12. */
static const char kernel_makefile[] =
	"# SPDX-License-Identifier: GPL-2.0\n"
	"VERSION = 6\n"
	"PATCHLEVEL = 12\n"
	"SUBLEVEL = 118\n"
	"EXTRAVERSION =\n"
	"NAME = Baby Opossum Posse\n"
	"\n"
	"ifeq ($(ARCH),i386)\n"
	"        SRCARCH := x86\n"
	"endif\n"
	"ifeq ($(ARCH),x86_64)\n"
	"        SRCARCH := x86\n"
	"endif\n"
	"ifeq ($(ARCH),sparc64)\n"
	"       SRCARCH := sparc\n"
	"endif\n"
	"ifeq ($(ARCH),parisc64)\n"
	"       SRCARCH := parisc\n"
	"endif\n"
	"ifeq ($(ARCH),sh64)\n"
	"       SRCARCH := sh\n"
	"endif\n";

/* Every variable kernel_env_derive() may set. */
static const char *const derived_names[] = {
	"srctree", "ARCH", "SRCARCH", "SUBARCH", "HEADER_ARCH",
	"KERNELVERSION", "CROSS_COMPILE", "LLVM", "LLVM_IAS", "CC", "LD", "AR",
	"NM", "OBJCOPY", "HOSTCC", "HOSTCXX", "HOSTPKG_CONFIG", "HOSTRUSTC",
	"RUSTC", "BINDGEN", "PAHOLE", "PYTHON3", "CC_VERSION_TEXT",
	"RUSTC_VERSION_TEXT", "CLANG_FLAGS", "KBUILD_DEFCONFIG",
	"KCONFIG_DEFCONFIG_LIST",
};

static void write_file(const char *dir, const char *name, const char *text,
		       mode_t mode)
{
	char path[400];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	chmod(path, mode);
}

static void make_tree(const char *dir, const char *makefile)
{
	char path[400];

	mkdir(dir, 0755);
	write_file(dir, "Makefile", makefile, 0644);
	write_file(dir, "Kconfig", "mainmenu \"Linux/$(ARCH) $(KERNELVERSION)\"\n", 0644);
	snprintf(path, sizeof(path), "%s/arch", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/arch/arc", dir);
	mkdir(path, 0755);
	write_file(path, "Makefile", "KBUILD_DEFCONFIG := haps_hs_smp_defconfig\n", 0644);
}

static void clear_environment(void)
{
	size_t i;

	for (i = 0; i < sizeof(derived_names) / sizeof(derived_names[0]); i++)
		unsetenv(derived_names[i]);
}

static int setup(void **state)
{
	char path[700];

	(void)state;
	assert_non_null(mkdtemp(tmpdir));
	snprintf(tree, sizeof(tree), "%s/linux", tmpdir);
	make_tree(tree, kernel_makefile);
	/* Fake tools, first in $PATH: a gcc with a '#' in its banner. */
	snprintf(bindir, sizeof(bindir), "%s/bin", tmpdir);
	mkdir(bindir, 0755);
	write_file(bindir, "fakecc",
		   "#!/bin/sh\necho \"fakecc (#1 build) 9.9\"\necho second line\n", 0755);
	write_file(bindir, "fakeclang",
		   "#!/bin/sh\necho \"fake clang version 17\"\n", 0755);
	write_file(bindir, "fakerustc",
		   "#!/bin/sh\necho \"rustc 1.0 #x\"\necho \"next \"\necho\n", 0755);
	snprintf(path, sizeof(path), "%s:%s", bindir, getenv("PATH"));
	setenv("PATH", path, 1);
	return 0;
}

static int teardown(void **state)
{
	char cmd[400];

	(void)state;
	clear_environment();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Before each test: nothing derived yet, and quick fake compilers. */
static int fresh(void **state)
{
	(void)state;
	clear_environment();
	setenv("CC", "fakecc", 1);
	setenv("RUSTC", "fakerustc", 1);
	return 0;
}

static void assert_env(const char *name, const char *expected)
{
	const char *value = getenv(name);

	if (!expected) {
		if (value)
			fail_msg("%s is set to \"%s\", expected unset", name, value);
		return;
	}
	if (!value)
		fail_msg("%s is unset, expected \"%s\"", name, expected);
	assert_string_equal(value, expected);
}

/* KERNELVERSION from the Makefile's lines, as make reads them. */
static void test_version(void **state)
{
	static const struct {
		const char *makefile;
		const char *version;
	} cases[] = {
		{ "VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 118\nEXTRAVERSION =\n",
		  "6.12.118" },
		{ "VERSION = 6\nPATCHLEVEL = 13\nSUBLEVEL = 0\nEXTRAVERSION = -rc3\n",
		  "6.13.0-rc3" },
		/* empty SUBLEVEL: no third number */
		{ "VERSION = 4\nPATCHLEVEL = 9\nSUBLEVEL =\nEXTRAVERSION =\n", "4.9" },
		/* empty PATCHLEVEL: the SUBLEVEL is dropped too */
		{ "VERSION = 3\nPATCHLEVEL =\nSUBLEVEL = 1\nEXTRAVERSION = -x\n", "3-x" },
		/* tabs, trailing blanks, comments, := */
		{ "VERSION\t=\t5 \nPATCHLEVEL := 10\t# long term\nSUBLEVEL=7\n"
		  "EXTRAVERSION = -foo  # local\n", "5.10.7-foo" },
		/* the first assignment counts; NAME_X is another variable */
		{ "VERSION_X = 9\nVERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 32\n"
		  "VERSION = 8\n", "2.6.32" },
		{ "EXTRAVERSION = -only\n", NULL },
		{ "", NULL },
	};
	char dir[400], buf[64];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(dir, sizeof(dir), "%s/version%zu", tmpdir, i);
		make_tree(dir, cases[i].makefile);
		if (!cases[i].version) {
			assert_false(kernel_env_version(dir, buf, sizeof(buf)));
			assert_string_equal(buf, "");
			continue;
		}
		assert_true(kernel_env_version(dir, buf, sizeof(buf)));
		assert_string_equal(buf, cases[i].version);
	}
	snprintf(dir, sizeof(dir), "%s/no-such-tree", tmpdir);
	assert_false(kernel_env_version(dir, buf, sizeof(buf)));
}

/* uname -m to ARCH, as scripts/subarch.include's sed script maps it. */
static void test_subarch(void **state)
{
	static const char *const cases[][2] = {
		{ "x86_64", "x86" }, { "i386", "x86" }, { "i686", "x86" },
		{ "aarch64", "arm64" }, { "aarch64_be", "arm64" },
		{ "arm64", "arm64" }, { "armv7l", "arm" }, { "armv8b", "arm" },
		{ "sa110", "arm" }, { "sun4u", "sparc64" }, { "sparc64", "sparc64" },
		{ "s390x", "s390" }, { "ppc64le", "powerpc" }, { "ppc", "powerpc" },
		{ "mips64", "mips" }, { "sh4a", "sh" }, { "sh", "sh" },
		{ "riscv64", "riscv" }, { "loongarch64", "loongarch" },
		{ "parisc64", "parisc64" }, { "alpha", "alpha" }, { "m68k", "m68k" },
		{ "", "" },
	};
	char buf[64];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		kernel_env_subarch(cases[i][0], buf, sizeof(buf));
		assert_string_equal(buf, cases[i][1]);
	}
}

/* ARCH to SRCARCH through the Makefile's own alias blocks. */
static void test_srcarch(void **state)
{
	static const char *const cases[][2] = {
		{ "x86_64", "x86" }, { "i386", "x86" }, { "x86", "x86" },
		{ "sparc64", "sparc" }, { "sparc", "sparc" },
		{ "sparc32", "sparc32" },	/* no alias in 6.12 */
		{ "parisc64", "parisc" }, { "sh64", "sh" }, { "arm64", "arm64" },
		{ "um", "um" }, { "", "" },
	};
	char buf[64], dir[400];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		kernel_env_srcarch(tree, cases[i][0], buf, sizeof(buf));
		assert_string_equal(buf, cases[i][1]);
	}
	/* Without a Makefile every ARCH is its own directory. */
	snprintf(dir, sizeof(dir), "%s/nowhere", tmpdir);
	kernel_env_srcarch(dir, "x86_64", buf, sizeof(buf));
	assert_string_equal(buf, "x86_64");
}

static void test_is_kernel_tree(void **state)
{
	char dir[400];

	(void)state;
	assert_true(kernel_env_is_kernel_tree(tree));
	snprintf(dir, sizeof(dir), "%s/no-patchlevel", tmpdir);
	make_tree(dir, "VERSION = 1\nSUBLEVEL = 2\n");
	assert_false(kernel_env_is_kernel_tree(dir));
	snprintf(dir, sizeof(dir), "%s/no-kconfig", tmpdir);
	mkdir(dir, 0755);
	write_file(dir, "Makefile", "VERSION = 1\nPATCHLEVEL = 2\n", 0644);
	assert_false(kernel_env_is_kernel_tree(dir));
	snprintf(dir, sizeof(dir), "%s/nothing", tmpdir);
	assert_false(kernel_env_is_kernel_tree(dir));
}

/* What derive sets for several ARCH values on the 6.12-like tree. */
static void test_derive_arches(void **state)
{
	static const struct {
		const char *arch;
		const char *srcarch;
		const char *nm;
		const char *defconfig;	/* last word of the defconfig list */
	} cases[] = {
		{ "x86_64", "x86", "nm", "arch/x86/configs/x86_64_defconfig" },
		{ "i386", "x86", "nm", "arch/x86/configs/i386_defconfig" },
		{ "arm64", "arm64", "nm", "arch/arm64/configs/defconfig" },
		{ "sparc64", "sparc", "nm", "arch/sparc/configs/sparc64_defconfig" },
		{ "sparc", "sparc", "nm", "arch/sparc/configs/sparc32_defconfig" },
		{ "parisc64", "parisc", "nm",
		  "arch/parisc/configs/generic-64bit_defconfig" },
		{ "alpha", "alpha", "nm -B", "arch/alpha/configs/defconfig" },
		{ "powerpc", "powerpc", "nm --synthetic", NULL },
		{ "arc", "arc", "nm", "arch/arc/configs/haps_hs_smp_defconfig" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *list, *last;

		fresh(state);
		setenv("ARCH", cases[i].arch, 1);
		kernel_env_derive(tree);
		assert_env("ARCH", cases[i].arch);
		assert_env("SRCARCH", cases[i].srcarch);
		assert_env("KERNELVERSION", "6.12.118");
		assert_env("srctree", tree);
		assert_env("NM", cases[i].nm);
		assert_env("SUBARCH", NULL);
		assert_env("HEADER_ARCH", NULL);
		list = getenv("KCONFIG_DEFCONFIG_LIST");
		assert_non_null(list);
		assert_non_null(strstr(list, "/etc/kernel-config "));
		last = strrchr(list, ' ');
		assert_non_null(last);
		if (cases[i].defconfig)
			assert_string_equal(last + 1, cases[i].defconfig);
	}
}

/* um runs on a host arch: SUBARCH and HEADER_ARCH come with it. */
static void test_derive_um(void **state)
{
	fresh(state);
	setenv("ARCH", "um", 1);
	setenv("SUBARCH", "x86", 1);
	kernel_env_derive(tree);
	assert_env("SRCARCH", "um");
	assert_env("SUBARCH", "x86");
	assert_env("HEADER_ARCH", "x86");

	fresh(state);
	setenv("ARCH", "um", 1);
	setenv("SUBARCH", "arm64", 1);
	kernel_env_derive(tree);
	assert_env("HEADER_ARCH", "arm64");
}

/* Unset ARCH: the host's, through the same mapping as uname -m. */
static void test_derive_host_arch(void **state)
{
	char machine[64], expected[64];
	FILE *p;

	fresh(state);
	kernel_env_derive(tree);
	p = popen("uname -m", "r");
	assert_non_null(p);
	assert_non_null(fgets(machine, sizeof(machine), p));
	pclose(p);
	machine[strcspn(machine, "\n")] = '\0';
	kernel_env_subarch(machine, expected, sizeof(expected));
	assert_env("ARCH", expected);
}

/* Tools: gcc and binutils, with CROSS_COMPILE; version texts as make. */
static void test_derive_tools(void **state)
{
	fresh(state);
	unsetenv("CC");
	setenv("ARCH", "x86_64", 1);
	setenv("CROSS_COMPILE", "/opt/cross/bin/aarch64-linux-gnu-", 1);
	kernel_env_derive(tree);
	assert_env("CC", "/opt/cross/bin/aarch64-linux-gnu-gcc");
	assert_env("LD", "/opt/cross/bin/aarch64-linux-gnu-ld");
	assert_env("AR", "/opt/cross/bin/aarch64-linux-gnu-ar");
	assert_env("NM", "/opt/cross/bin/aarch64-linux-gnu-nm");
	assert_env("OBJCOPY", "/opt/cross/bin/aarch64-linux-gnu-objcopy");
	assert_env("HOSTCC", "gcc");
	assert_env("HOSTCXX", "g++");
	assert_env("HOSTPKG_CONFIG", "pkg-config");
	assert_env("BINDGEN", "bindgen");
	assert_env("PAHOLE", "pahole");
	assert_env("PYTHON3", "python3");
	/* No such compiler: an empty version text, as make gives. */
	assert_env("CC_VERSION_TEXT", "");
	assert_env("CLANG_FLAGS", NULL);

	/* First line only, '#' dropped; rustc: lines joined, '#' dropped. */
	fresh(state);
	setenv("ARCH", "x86_64", 1);
	kernel_env_derive(tree);
	assert_env("CC", "fakecc");
	assert_env("CC_VERSION_TEXT", "fakecc (1 build) 9.9");
	/* make drops the newlines at the end, not the blanks before them */
	assert_env("RUSTC_VERSION_TEXT", "rustc 1.0 x next ");
}

/* LLVM=1 and its prefix and suffix forms; CLANG_FLAGS for clang. */
static void test_derive_llvm(void **state)
{
	fresh(state);
	unsetenv("CC");
	setenv("ARCH", "arm64", 1);
	setenv("LLVM", "1", 1);
	kernel_env_derive(tree);
	assert_env("CC", "clang");
	assert_env("LD", "ld.lld");
	assert_env("AR", "llvm-ar");
	assert_env("NM", "llvm-nm");
	assert_env("OBJCOPY", "llvm-objcopy");
	assert_env("HOSTCC", "clang");
	assert_env("HOSTCXX", "clang++");

	fresh(state);
	unsetenv("CC");
	setenv("ARCH", "x86_64", 1);
	setenv("LLVM", "/usr/lib/llvm-17/bin/", 1);
	kernel_env_derive(tree);
	assert_env("CC", "/usr/lib/llvm-17/bin/clang");
	assert_env("LD", "/usr/lib/llvm-17/bin/ld.lld");

	fresh(state);
	unsetenv("CC");
	setenv("ARCH", "powerpc", 1);
	setenv("LLVM", "-17", 1);
	kernel_env_derive(tree);
	assert_env("CC", "clang-17");
	assert_env("NM", "llvm-nm-17 --synthetic");

	/* A compiler whose banner says clang gets the Makefile.clang flags. */
	fresh(state);
	setenv("CC", "fakeclang", 1);
	setenv("ARCH", "arm64", 1);
	kernel_env_derive(tree);
	assert_env("CC_VERSION_TEXT", "fake clang version 17");
	assert_env("CLANG_FLAGS",
		   "--target=aarch64-linux-gnu -fintegrated-as"
		   " -Werror=unknown-warning-option"
		   " -Werror=ignored-optimization-argument"
		   " -Werror=option-ignored -Werror=unused-command-line-argument");

	fresh(state);
	setenv("CC", "fakeclang", 1);
	setenv("ARCH", "um", 1);
	setenv("SUBARCH", "x86", 1);
	setenv("LLVM_IAS", "0", 1);
	setenv("CROSS_COMPILE", "nosuch-", 1);
	kernel_env_derive(tree);
	assert_env("CLANG_FLAGS",
		   "--target=x86_64-linux-gnu -fno-integrated-as --prefix=nosuch-"
		   " -Werror=unknown-warning-option"
		   " -Werror=ignored-optimization-argument"
		   " -Werror=option-ignored -Werror=unused-command-line-argument");

	/* No target triple for the arch: make stops; nothing is set. */
	fresh(state);
	setenv("CC", "fakeclang", 1);
	setenv("ARCH", "alpha", 1);
	kernel_env_derive(tree);
	assert_env("CLANG_FLAGS", NULL);
}

/* What the user set stays, even empty; only the rest is derived. */
static void test_user_values_kept(void **state)
{
	static const char *const kept[][2] = {
		{ "srctree", "/elsewhere" }, { "ARCH", "i386" },
		{ "SRCARCH", "custom" }, { "KERNELVERSION", "1.2.3-mine" },
		{ "CC", "fakecc -m32" }, { "LD", "" }, { "NM", "my-nm" },
		{ "CC_VERSION_TEXT", "my compiler" }, { "RUSTC_VERSION_TEXT", "" },
		{ "KCONFIG_DEFCONFIG_LIST", "my.config" },
	};
	size_t i;

	fresh(state);
	for (i = 0; i < sizeof(kept) / sizeof(kept[0]); i++)
		setenv(kept[i][0], kept[i][1], 1);
	kernel_env_derive(tree);
	for (i = 0; i < sizeof(kept) / sizeof(kept[0]); i++)
		assert_env(kept[i][0], kept[i][1]);
	assert_env("AR", "ar");
}

/* Not a kernel tree: nothing at all is set. */
static void test_other_tree(void **state)
{
	char dir[400];
	size_t i;

	fresh(state);
	unsetenv("CC");
	unsetenv("RUSTC");
	snprintf(dir, sizeof(dir), "%s/zephyr", tmpdir);
	mkdir(dir, 0755);
	write_file(dir, "Kconfig", "config A\n\tbool\n", 0644);
	write_file(dir, "Makefile", "all:\n\techo hi\n", 0644);
	kernel_env_derive(dir);
	snprintf(dir, sizeof(dir), "%s/missing", tmpdir);
	kernel_env_derive(dir);
	for (i = 0; i < sizeof(derived_names) / sizeof(derived_names[0]); i++)
		assert_env(derived_names[i], NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_version),
		cmocka_unit_test(test_subarch),
		cmocka_unit_test(test_srcarch),
		cmocka_unit_test(test_is_kernel_tree),
		cmocka_unit_test_setup(test_derive_arches, fresh),
		cmocka_unit_test_setup(test_derive_um, fresh),
		cmocka_unit_test_setup(test_derive_host_arch, fresh),
		cmocka_unit_test_setup(test_derive_tools, fresh),
		cmocka_unit_test_setup(test_derive_llvm, fresh),
		cmocka_unit_test_setup(test_user_values_kept, fresh),
		cmocka_unit_test_setup(test_other_tree, fresh),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
