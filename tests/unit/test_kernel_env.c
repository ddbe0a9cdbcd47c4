// SPDX-License-Identifier: GPL-2.0
/*
 * Deriving the kernel Makefile's environment: KERNELVERSION from the
 * Makefile's lines, uname -m to ARCH, ARCH aliases to SRCARCH, the tools,
 * and never touching what the user has set.  Fake kernel trees in a
 * temporary directory; fake compilers print fixed version lines.
 * Also the command line's side of it (src/cli.c): finding the top of the
 * tree from a directory inside it, NAME=VALUE arguments, O=DIR.
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
#include <limits.h>
#include <unistd.h>

#include "cli.h"
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
	"KCONFIG_DEFCONFIG_LIST", "O", "KBUILD_OUTPUT",
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

/* How many lines the file has: the runs a counting script logged. */
static int count_lines(const char *path)
{
	FILE *f = fopen(path, "r");
	int c, n = 0;

	if (!f)
		return 0;
	while ((c = fgetc(f)) != EOF)
		n += c == '\n';
	fclose(f);
	return n;
}

/*
 * With a cache, the version texts' commands run once, and again when the
 * compiler changes; the texts are the commands' own either way.
 */
static void test_version_texts_cached(void **state)
{
	char cache[400], log[400], script[600];

	fresh(state);
	snprintf(cache, sizeof(cache), "%s/version-cache", tmpdir);
	snprintf(log, sizeof(log), "%s/countcc.log", tmpdir);
	/*
	 * The log is named through a variable: a path in the script's text
	 * would be keyed by the file's identity, which each run changes.
	 */
	snprintf(script, sizeof(script),
		 "#!/bin/sh\necho run >> \"$COUNTCC_LOG\"\necho \"countcc #1 9.1\"\n");
	write_file(bindir, "countcc", script, 0755);
	kernel_env_use_cache(cache);
	for (int run = 0; run < 2; run++) {
		fresh(state);
		setenv("CC", "countcc", 1);
		setenv("COUNTCC_LOG", log, 1);
		kernel_env_derive(tree);
		assert_env("CC_VERSION_TEXT", "countcc 1 9.1");
		assert_env("RUSTC_VERSION_TEXT", "rustc 1.0 x next ");
	}
	assert_int_equal(count_lines(log), 1);

	/* A new compiler (another size): the key changes, the command runs. */
	snprintf(script, sizeof(script),
		 "#!/bin/sh\necho run >> \"$COUNTCC_LOG\"\necho \"countcc 10.2 (new)\"\n");
	write_file(bindir, "countcc", script, 0755);
	fresh(state);
	setenv("CC", "countcc", 1);
	setenv("COUNTCC_LOG", log, 1);
	kernel_env_derive(tree);
	assert_env("CC_VERSION_TEXT", "countcc 10.2 (new)");
	assert_int_equal(count_lines(log), 2);

	/* No cache: every derive runs it. */
	kernel_env_use_cache(NULL);
	fresh(state);
	setenv("CC", "countcc", 1);
	setenv("COUNTCC_LOG", log, 1);
	kernel_env_derive(tree);
	assert_env("CC_VERSION_TEXT", "countcc 10.2 (new)");
	assert_int_equal(count_lines(log), 3);
	unsetenv("COUNTCC_LOG");
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


/* mkdir -p for the fixtures (names relative to tmpdir). */
static void make_dirs(const char *rel)
{
	char path[700];
	size_t i, len;

	len = (size_t)snprintf(path, sizeof(path), "%s/%s", tmpdir, rel);
	for (i = strlen(tmpdir) + 1; i <= len; i++) {
		if (path[i] != '/' && path[i] != '\0')
			continue;
		path[i] = '\0';
		mkdir(path, 0755);
		if (i < len)
			path[i] = '/';
	}
}

static void fixture_file(const char *rel_dir, const char *name,
			 const char *text)
{
	char dir[700];

	make_dirs(rel_dir);
	snprintf(dir, sizeof(dir), "%s/%s", tmpdir, rel_dir);
	write_file(dir, name, text, 0644);
}

/* cli_find_top from tmpdir/start: the rule, the top and its file. */
static void assert_top(const char *start, enum cli_top_rule rule,
		       const char *top_rel, const char *file,
		       const char *hint_rel)
{
	char from[700], top[PATH_MAX], hint[PATH_MAX], expected[700];
	const char *found_file = NULL;

	snprintf(from, sizeof(from), "%s/%s", tmpdir, start);
	if (cli_find_top(from, top, sizeof(top), &found_file, hint,
			 sizeof(hint)) != rule)
		fail_msg("from %s: rule %d expected", start, (int)rule);
	if (rule == CLI_TOP_NONE) {
		assert_string_equal(top, "");
	} else {
		snprintf(expected, sizeof(expected), "%s%s%s", tmpdir,
			 *top_rel ? "/" : "", top_rel);
		assert_string_equal(top, expected);
		assert_string_equal(found_file, file);
	}
	if (hint_rel) {
		snprintf(expected, sizeof(expected), "%s/%s", tmpdir, hint_rel);
		assert_string_equal(hint, expected);
	}
}

/* Walking up to the top of a tree, as git walks up to .git. */
static void test_find_top(void **state)
{
	char top[PATH_MAX];
	const char *file = NULL;

	(void)state;
	/* Linux: Kconfig beside a Makefile with VERSION and PATCHLEVEL. */
	fixture_file("linux/drivers/net", "Kconfig",
		     "source \"drivers/net/team/Kconfig\"\n");
	make_dirs("linux/Documentation/kbuild");
	assert_top("linux/drivers/net", CLI_TOP_MAKEFILE, "linux", "Kconfig", NULL);
	assert_top("linux/Documentation/kbuild", CLI_TOP_MAKEFILE, "linux",
		   "Kconfig", NULL);
	assert_top("linux", CLI_TOP_MAKEFILE, "linux", "Kconfig", NULL);

	/* A tree inside another is its own: its Kconfig names a mainmenu. */
	fixture_file("linux/tools/proj", "Kconfig",
		     "# mainmenu in a comment is not one\n"
		     "  mainmenu\t\"Inner project\"\nsource \"a/Kconfig\"\n");
	fixture_file("linux/tools/proj/a", "Kconfig", "config A\n\tbool\n");
	assert_top("linux/tools/proj/a", CLI_TOP_MAINMENU, "linux/tools/proj",
		   "Kconfig", NULL);
	/* "mainmenu" must be a word at the start of a line. */
	fixture_file("linux/tools/other", "Kconfig",
		     "# mainmenu \"x\"\nmainmenux \"y\"\nconfig mainmenu\n");
	assert_top("linux/tools/other", CLI_TOP_MAKEFILE, "linux", "Kconfig", NULL);

	/* U-Boot, Zephyr ...: a scripts/kconfig/ beside the Kconfig. */
	fixture_file("uboot", "Kconfig", "source \"board/Kconfig\"\n");
	fixture_file("uboot/board/x", "Kconfig", "config X\n\tbool\n");
	make_dirs("uboot/scripts/kconfig");
	assert_top("uboot/board/x", CLI_TOP_TOOLS, "uboot", "Kconfig", NULL);

	/* Buildroot: Config.in beside support/kconfig/. */
	fixture_file("buildroot", "Config.in", "mainmenu \"Buildroot\"\n");
	fixture_file("buildroot/package/foo", "Config.in",
		     "config BR2_PACKAGE_FOO\n\tbool \"foo\"\n");
	make_dirs("buildroot/support/kconfig");
	assert_top("buildroot/package/foo", CLI_TOP_TOOLS, "buildroot",
		   "Config.in", NULL);

	/* No top anywhere: the highest directory with a Kconfig is the hint. */
	fixture_file("plain/a", "Kconfig", "config A\n\tbool\n");
	fixture_file("plain/a/b", "Kconfig", "config B\n\tbool\n");
	make_dirs("plain/a/b/c");
	assert_top("plain/a/b/c", CLI_TOP_NONE, NULL, NULL, "plain/a");
	/* A directory named scripts/kconfig alone, or a Kconfig directory. */
	make_dirs("empty/scripts/kconfig");
	make_dirs("empty/Kconfig");
	assert_top("empty", CLI_TOP_NONE, NULL, NULL, NULL);

	/* Only absolute starts; NULL hint accepted. */
	assert_int_equal(cli_find_top("linux", top, sizeof(top), &file, NULL, 0),
			 CLI_TOP_NONE);
	assert_string_equal(top, "");
}

/* NAME=VALUE arguments, anywhere, as on make's command line. */
static void test_assignments(void **state)
{
	static const char *const not_assignments[] = {
		"=x", "1ARCH=x", "A-B=1", "--srctree=x", "drivers/net/Kconfig",
		"E1000E", "a.b=c", "",
	};
	char *argv[] = { (char *)"kbrowse", (char *)"ARCH=arm64",
			 (char *)"O=/tmp/out", (char *)"LLVM=",
			 (char *)"CC=gcc -DX=1", (char *)"_x9=1" };
	struct cli cli = { .prog = "kbrowse" };
	size_t i;

	fresh(state);
	for (i = 1; i < sizeof(argv) / sizeof(argv[0]); i++)
		assert_int_equal(cli_common_option(&cli, 6, argv, (int)i), 1);
	assert_env("ARCH", "arm64");
	assert_env("O", "/tmp/out");
	assert_env("LLVM", "");
	assert_env("CC", "gcc -DX=1");
	assert_env("_x9", "1");
	assert_non_null(cli.objdir);
	assert_string_equal(cli.objdir, "/tmp/out");
	unsetenv("_x9");

	/* The command line wins over the environment. */
	setenv("ARCH", "x86_64", 1);
	assert_true(cli_assignment(&cli, "ARCH=riscv"));
	assert_env("ARCH", "riscv");

	for (i = 0; i < sizeof(not_assignments) / sizeof(not_assignments[0]); i++) {
		char *arg[] = { (char *)"kbrowse", (char *)not_assignments[i] };

		if (not_assignments[i][0] == '-')
			continue;	/* an option: cli_common_option's own */
		if (cli_assignment(&cli, not_assignments[i]))
			fail_msg("'%s' taken as an assignment", not_assignments[i]);
		assert_int_equal(cli_common_option(&cli, 2, arg, 1), 0);
	}
}

/* Started in a subdirectory, kbrowse works at the top; O= moves it on. */
static void test_resolve_from_subdir(void **state)
{
	char cwd[PATH_MAX], here[PATH_MAX], top[PATH_MAX], dir[700];
	char out[PATH_MAX + 32];
	struct cli cli = { .prog = "kbrowse" };

	fresh(state);
	setenv("ARCH", "x86_64", 1);
	unsetenv("srctree");
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_non_null(realpath(tree, top));
	fixture_file("linux/drivers/net", "Kconfig", "config NET_X\n\tbool\n");
	snprintf(dir, sizeof(dir), "%s/drivers/net", tree);
	assert_int_equal(chdir(dir), 0);
	cli_resolve_tree(&cli);
	assert_non_null(getcwd(here, sizeof(here)));
	assert_string_equal(here, top);
	assert_non_null(cli.found_top);
	assert_string_equal(cli.found_top, top);
	assert_null(cli.srctree);
	assert_false(cli.builtin_examples);
	assert_string_equal(cli.kconfig, "Kconfig");
	assert_env("srctree", ".");
	assert_env("KERNELVERSION", "6.12.118");

	/* O=DIR right under the top: made, entered, srctree "..". */
	fresh(state);
	unsetenv("srctree");
	memset(&cli, 0, sizeof(cli));
	cli.prog = "kbrowse";
	assert_int_equal(chdir(dir), 0);
	assert_true(cli_assignment(&cli, "O=build/x86"));
	assert_true(cli_assignment(&cli, "ARCH=x86_64"));
	cli_resolve_tree(&cli);
	snprintf(out, sizeof(out), "%s/build/x86", top);
	assert_non_null(getcwd(here, sizeof(here)));
	assert_string_equal(here, out);
	assert_string_equal(cli.srctree, top);		/* not right under it */
	assert_env("srctree", top);

	fresh(state);
	unsetenv("srctree");
	memset(&cli, 0, sizeof(cli));
	cli.prog = "kbrowse";
	assert_int_equal(chdir(top), 0);
	setenv("KBUILD_OUTPUT", "obj", 1);
	cli_resolve_tree(&cli);
	snprintf(out, sizeof(out), "%s/obj", top);
	assert_non_null(getcwd(here, sizeof(here)));
	assert_string_equal(here, out);
	assert_string_equal(cli.srctree, "..");
	assert_null(cli.found_top);

	/* With $srctree from the environment, KBUILD_OUTPUT is make's business. */
	fresh(state);
	memset(&cli, 0, sizeof(cli));
	cli.prog = "kbrowse";
	assert_int_equal(chdir(tmpdir), 0);
	setenv("srctree", top, 1);
	setenv("KBUILD_OUTPUT", "obj", 1);
	setenv("ARCH", "x86_64", 1);
	cli_resolve_tree(&cli);
	assert_non_null(getcwd(here, sizeof(here)));
	assert_non_null(realpath(tmpdir, out));
	assert_string_equal(here, out);
	assert_string_equal(cli.srctree, top);
	unsetenv("srctree");

	/* A KCONFIG argument that exists here is opened as named, here. */
	fresh(state);
	memset(&cli, 0, sizeof(cli));
	cli.prog = "kbrowse";
	cli.kconfig = "Kconfig";
	assert_int_equal(chdir(dir), 0);
	setenv("ARCH", "x86_64", 1);
	cli_resolve_tree(&cli);
	assert_non_null(getcwd(here, sizeof(here)));
	snprintf(out, sizeof(out), "%s/drivers/net", top);
	assert_string_equal(here, out);
	assert_null(cli.found_top);
	unsetenv("srctree");

	assert_int_equal(chdir(cwd), 0);
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
		cmocka_unit_test_setup(test_version_texts_cached, fresh),
		cmocka_unit_test(test_find_top),
		cmocka_unit_test(test_assignments),
		cmocka_unit_test(test_resolve_from_subdir),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
