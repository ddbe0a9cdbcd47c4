// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel Makefile's environment for Kconfig, derived when unset.
 *
 * Everything here mirrors a line of the Linux top-level Makefile (or
 * scripts/subarch.include, scripts/Makefile.clang, an arch Makefile); the
 * comment above each piece names it.  Values the tree itself holds
 * (version, ARCH aliases, most KBUILD_DEFCONFIGs) are read from the tree,
 * so other kernel versions work too.
 */
#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "file_read.h"
#include "kernel_env.h"
#include "shell_cache.h"
#include "util.h"

#define VALUE_MAX 1024

static void copy_string(char *buf, size_t size, const char *s)
{
	if (size)
		snprintf(buf, size, "%s", s);
}

/* Set name to value unless the user (or an earlier step) has set it. */
static void set_default(const char *name, const char *value)
{
	if (!getenv(name))
		setenv(name, value, 0);
}

static char *skip_blanks(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

static void trim_end(char *s)
{
	size_t len = strlen(s);

	while (len && isspace((unsigned char)s[len - 1]))
		s[--len] = '\0';
}

/*
 * The value of "NAME = value" (or :=) in a makefile, as make reads a
 * simple assignment: blanks around the value dropped, a '#' starts a
 * comment.  The first assignment counts.
 */
static bool makefile_var(const char *path, const char *name, char *buf,
			 size_t size)
{
	size_t name_len = strlen(name);
	char line[VALUE_MAX];
	bool found = false;
	FILE *f;

	copy_string(buf, size, "");
	f = file_open_regular(path);
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		char *p = line;

		if (strncmp(p, name, name_len) != 0)
			continue;
		p = skip_blanks(p + name_len);
		if (p[0] == ':' && p[1] == '=')
			p++;
		if (*p != '=')
			continue;
		p = skip_blanks(p + 1);
		p[strcspn(p, "#\n")] = '\0';
		trim_end(p);
		copy_string(buf, size, p);
		found = true;
	}
	fclose(f);
	return found;
}

static void tree_path(char *buf, size_t size, const char *srctree,
		      const char *file)
{
	snprintf(buf, size, "%s/%s", srctree && *srctree ? srctree : ".", file);
}

bool kernel_env_is_kernel_tree(const char *srctree)
{
	char path[VALUE_MAX], value[64];
	struct stat st;

	tree_path(path, sizeof(path), srctree, "Kconfig");
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return false;
	tree_path(path, sizeof(path), srctree, "Makefile");
	return makefile_var(path, "VERSION", value, sizeof(value)) &&
	       makefile_var(path, "PATCHLEVEL", value, sizeof(value));
}

/*
 * KERNELVERSION = $(VERSION)$(if $(PATCHLEVEL),.$(PATCHLEVEL)$(if
 *		   $(SUBLEVEL),.$(SUBLEVEL)))$(EXTRAVERSION)
 */
bool kernel_env_version(const char *srctree, char *buf, size_t size)
{
	char path[VALUE_MAX], version[64], patchlevel[64], sublevel[64];
	char extra[256];

	copy_string(buf, size, "");
	tree_path(path, sizeof(path), srctree, "Makefile");
	if (!makefile_var(path, "VERSION", version, sizeof(version)) ||
	    !*version)
		return false;
	makefile_var(path, "PATCHLEVEL", patchlevel, sizeof(patchlevel));
	makefile_var(path, "SUBLEVEL", sublevel, sizeof(sublevel));
	makefile_var(path, "EXTRAVERSION", extra, sizeof(extra));
	if (!*patchlevel)
		snprintf(buf, size, "%s%s", version, extra);
	else if (!*sublevel)
		snprintf(buf, size, "%s.%s%s", version, patchlevel, extra);
	else
		snprintf(buf, size, "%s.%s.%s%s", version, patchlevel,
			 sublevel, extra);
	return true;
}

/*
 * scripts/subarch.include turns `uname -m` into an ARCH with one sed
 * script: each rule replaces the first match of its (basic) regular
 * expression, in this order, on the result of the rules before it.
 */
struct machine_rule {
	const char *pattern;
	const char *arch;
	const char *except;	/* the rule is skipped for exactly this name */
};

static const struct machine_rule machine_rules[] = {
	{ "i.86", "x86", NULL },
	{ "x86_64", "x86", NULL },
	{ "sun4u", "sparc64", NULL },
	{ "arm.*", "arm", "arm64" },
	{ "sa110", "arm", NULL },
	{ "s390x", "s390", NULL },
	{ "ppc.*", "powerpc", NULL },
	{ "mips.*", "mips", NULL },
	{ "sh[234].*", "sh", NULL },
	{ "aarch64.*", "arm64", NULL },
	{ "riscv.*", "riscv", NULL },
	{ "loongarch.*", "loongarch", NULL },
};

static void apply_machine_rule(const struct machine_rule *rule, char *name,
			       size_t size)
{
	char out[VALUE_MAX];
	regmatch_t match;
	regex_t re;

	if (rule->except && strcmp(name, rule->except) == 0)
		return;
	if (regcomp(&re, rule->pattern, 0) != 0)
		return;
	if (regexec(&re, name, 1, &match, 0) == 0) {
		snprintf(out, sizeof(out), "%.*s%s%s", (int)match.rm_so, name,
			 rule->arch, name + match.rm_eo);
		copy_string(name, size, out);
	}
	regfree(&re);
}

void kernel_env_subarch(const char *machine, char *buf, size_t size)
{
	size_t i;

	copy_string(buf, size, machine);
	for (i = 0; i < ARRAY_SIZE(machine_rules); i++)
		apply_machine_rule(&machine_rules[i], buf, size);
}

/*
 * The top-level Makefile maps ARCH aliases to their directory with blocks
 *	ifeq ($(ARCH),x86_64)
 *	        SRCARCH := x86
 *	endif
 * Read them from the tree rather than keep a list: older kernels had more.
 */
void kernel_env_srcarch(const char *srctree, const char *arch, char *buf,
			size_t size)
{
	char path[VALUE_MAX], line[VALUE_MAX], alias[128] = "";
	FILE *f;

	copy_string(buf, size, arch);
	tree_path(path, sizeof(path), srctree, "Makefile");
	f = file_open_regular(path);
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *p = skip_blanks(line);

		trim_end(p);
		if (sscanf(p, "ifeq ($(ARCH),%127[^)])", alias) == 1)
			continue;
		if (*alias && strncmp(p, "SRCARCH", 7) == 0) {
			p = skip_blanks(p + 7);
			if (strncmp(p, ":=", 2) == 0 && strcmp(alias, arch) == 0) {
				copy_string(buf, size, skip_blanks(p + 2));
				break;
			}
		}
		alias[0] = '\0';
	}
	fclose(f);
}

/* Where derive_version_texts() keeps its answers (kernel_env_use_cache()). */
static const char *version_cache_dir;

void kernel_env_use_cache(const char *dir)
{
	version_cache_dir = dir;
}

/* What command prints on stdout, at most size - 1 bytes; their count. */
static size_t run_command(const char *command, char *buf, size_t size)
{
	size_t len = 0;
	FILE *p = popen(command, "r");
	int c;

	if (!p)
		return 0;
	while ((c = fgetc(p)) != EOF)
		if (len + 1 < size)
			buf[len++] = (char)c;
	pclose(p);
	return len;
}

/*
 * run_command() through the $(shell,...) cache when there is one: the
 * same key as the tree's probes (the command, the identity of the
 * programs it names, the toolchain's variables, the directory), so the
 * answer changes when the compiler does.  Two programs started and ended
 * at every start cost more CPU time than reading the whole tree.
 */
static size_t cached_output(struct shell_cache *cache, const char *command,
			    char *buf, size_t size)
{
	static char no_stderr[1];
	struct shell_result result = { 0 };
	char cwd[4096];
	size_t len;

	if (!cache || !getcwd(cwd, sizeof(cwd)))
		return run_command(command, buf, size);
	if (shell_cache_get(cache, command, cwd, &result)) {
		len = result.out_len < size ? result.out_len : size - 1;
		memcpy(buf, result.out, len);
		free(result.out);
		free(result.err);
		return len;
	}
	len = run_command(command, buf, size);
	result.out = buf;
	result.out_len = len;
	result.err = no_stderr;
	shell_cache_put(cache, command, cwd, &result);
	return len;
}

/*
 * Run a command as make's $(shell ...) does: output with the final
 * newlines dropped and the others turned into spaces.  Then drop every
 * '#', as the Makefile's $(subst $(pound),,...) around it does.
 */
static void shell_text(struct shell_cache *cache, const char *command,
		       char *buf, size_t size)
{
	size_t len, i, kept = 0;

	copy_string(buf, size, "");
	if (!size)
		return;
	len = cached_output(cache, command, buf, size);
	for (i = 0; i < len; i++)
		if (buf[i] != '#')
			buf[kept++] = buf[i];
	len = kept;
	while (len && buf[len - 1] == '\n')
		len--;
	buf[len] = '\0';
	for (i = 0; i < len; i++)
		if (buf[i] == '\n')
			buf[i] = ' ';
}

/* ARCH (default: the host's), SRCARCH, and for um its host arch. */
static void derive_arch(const char *srctree, const struct utsname *host)
{
	char subarch[128], srcarch[128];
	const char *arch;

	kernel_env_subarch(host->machine, subarch, sizeof(subarch));
	/* Makefile: ARCH ?= $(SUBARCH) */
	set_default("ARCH", subarch);
	arch = getenv("ARCH");
	kernel_env_srcarch(srctree, arch, srcarch, sizeof(srcarch));
	set_default("SRCARCH", srcarch);

	/* arch/um/Makefile exports the arch the UML kernel runs on. */
	if (strcmp(getenv("SRCARCH"), "um") == 0) {
		const char *sub;

		set_default("SUBARCH", subarch);
		sub = getenv("SUBARCH");
		if (!strcmp(sub, "x86") || !strcmp(sub, "x86_64") ||
		    !strcmp(sub, "i386"))
			set_default("HEADER_ARCH", "x86");
		else
			set_default("HEADER_ARCH", sub);
	}
}

static void set_tool(const char *name, const char *prefix, const char *tool,
		     const char *suffix)
{
	char value[VALUE_MAX];

	snprintf(value, sizeof(value), "%s%s%s", prefix, tool, suffix);
	set_default(name, value);
}

/* NM, with the flags arch/alpha and arch/powerpc add in their Makefile. */
static void derive_nm(const char *prefix, const char *tool, const char *suffix)
{
	const char *srcarch = getenv("SRCARCH");
	const char *flags = "";
	char value[VALUE_MAX];

	if (!strcmp(srcarch, "alpha"))
		flags = " -B";		/* NM := $(NM) -B */
	else if (!strcmp(srcarch, "powerpc"))
		flags = " --synthetic";	/* NM := $(NM) --synthetic */
	snprintf(value, sizeof(value), "%s%s%s%s", prefix, tool, suffix, flags);
	set_default("NM", value);
}

/*
 * Makefile: with LLVM=1 (or LLVM=/prefix/, LLVM=-suffix) the LLVM tools,
 * else $(CROSS_COMPILE)gcc and binutils.
 */
static void derive_tools(void)
{
	const char *llvm = getenv("LLVM");
	const char *prefix = getenv("CROSS_COMPILE");
	const char *suffix = "";

	if (!prefix)
		prefix = "";
	if (llvm && *llvm) {
		prefix = llvm[strlen(llvm) - 1] == '/' ? llvm : "";
		suffix = llvm[0] == '-' ? llvm : "";
		set_tool("CC", prefix, "clang", suffix);
		set_tool("LD", prefix, "ld.lld", suffix);
		set_tool("AR", prefix, "llvm-ar", suffix);
		set_tool("OBJCOPY", prefix, "llvm-objcopy", suffix);
		set_tool("HOSTCC", prefix, "clang", suffix);
		set_tool("HOSTCXX", prefix, "clang++", suffix);
	} else {
		set_tool("CC", prefix, "gcc", "");
		set_tool("LD", prefix, "ld", "");
		set_tool("AR", prefix, "ar", "");
		set_tool("OBJCOPY", prefix, "objcopy", "");
		set_default("HOSTCC", "gcc");
		set_default("HOSTCXX", "g++");
	}
	derive_nm(prefix, llvm && *llvm ? "llvm-nm" : "nm", suffix);
	set_default("HOSTPKG_CONFIG", "pkg-config");
	set_default("HOSTRUSTC", "rustc");
	set_default("RUSTC", "rustc");
	set_default("BINDGEN", "bindgen");
	set_default("PAHOLE", "pahole");
	set_default("PYTHON3", "python3");
}

/*
 * CC_VERSION_TEXT = $(subst $(pound),,$(shell LC_ALL=C $(CC) --version
 *			2>/dev/null | head -n 1))
 * RUSTC_VERSION_TEXT = $(subst $(pound),,$(shell $(RUSTC) --version
 *			2>/dev/null))
 */
static void derive_version_texts(void)
{
	char command[VALUE_MAX], text[VALUE_MAX];
	struct shell_cache *cache = NULL;

	if (getenv("CC_VERSION_TEXT") && getenv("RUSTC_VERSION_TEXT"))
		return;
	/* Its warnings, if any, come when the tree opens it again. */
	if (version_cache_dir)
		cache = shell_cache_open(version_cache_dir, NULL);
	if (!getenv("CC_VERSION_TEXT")) {
		snprintf(command, sizeof(command),
			 "LC_ALL=C %s --version 2>/dev/null </dev/null | head -n 1",
			 getenv("CC"));
		shell_text(cache, command, text, sizeof(text));
		set_default("CC_VERSION_TEXT", text);
	}
	if (!getenv("RUSTC_VERSION_TEXT")) {
		snprintf(command, sizeof(command),
			 "%s --version 2>/dev/null </dev/null", getenv("RUSTC"));
		shell_text(cache, command, text, sizeof(text));
		set_default("RUSTC_VERSION_TEXT", text);
	}
	if (cache)
		shell_cache_close(cache);
}

/* scripts/Makefile.clang: the target triple for each arch directory. */
static const char *const clang_targets[][2] = {
	{ "arm", "arm-linux-gnueabi" },
	{ "arm64", "aarch64-linux-gnu" },
	{ "hexagon", "hexagon-linux-musl" },
	{ "loongarch", "loongarch64-linux-gnusf" },
	{ "m68k", "m68k-linux-gnu" },
	{ "mips", "mipsel-linux-gnu" },
	{ "powerpc", "powerpc64le-linux-gnu" },
	{ "riscv", "riscv64-linux-gnu" },
	{ "s390", "s390x-linux-gnu" },
	{ "x86", "x86_64-linux-gnu" },
};

static const char *clang_target(const char *srcarch)
{
	size_t i;

	if (!strcmp(srcarch, "um") && getenv("SUBARCH"))
		srcarch = getenv("SUBARCH");
	for (i = 0; i < ARRAY_SIZE(clang_targets); i++)
		if (!strcmp(clang_targets[i][0], srcarch))
			return clang_targets[i][1];
	return NULL;
}

/* $(dir $(shell which NAME)): the directory in $PATH holding NAME. */
static void which_dir(const char *name, char *buf, size_t size)
{
	const char *path = getenv("PATH");
	char dir[VALUE_MAX - 1], candidate[2 * VALUE_MAX];

	copy_string(buf, size, "");
	while (path && *path) {
		size_t len = strcspn(path, ":");

		if (len == 0)		/* an empty entry is the current directory */
			copy_string(dir, sizeof(dir), ".");
		else
			snprintf(dir, sizeof(dir), "%.*s", (int)len, path);
		snprintf(candidate, sizeof(candidate), "%s/%s", dir, name);
		if (access(candidate, X_OK) == 0) {
			snprintf(buf, size, "%s/", dir);
			return;
		}
		path += len + (path[len] == ':');
	}
}

/*
 * The top-level Makefile includes scripts/Makefile.clang when
 * CC_VERSION_TEXT names clang; it exports CLANG_FLAGS, which
 * $(cc-option,...) and friends pass to the compiler.
 */
static void derive_clang_flags(void)
{
	const char *target = clang_target(getenv("SRCARCH"));
	const char *ias = getenv("LLVM_IAS");
	const char *cross = getenv("CROSS_COMPILE");
	char elfedit[VALUE_MAX], dir[VALUE_MAX];
	char assembler[3 * VALUE_MAX], flags[4 * VALUE_MAX];

	if (getenv("CLANG_FLAGS") || !strstr(getenv("CC_VERSION_TEXT"), "clang"))
		return;
	if (!target)
		return;		/* make stops here: "add '--target=' option" */
	if (!cross)
		cross = "";
	if (ias && !strcmp(ias, "0")) {
		const char *base = strrchr(cross, '/');

		snprintf(elfedit, sizeof(elfedit), "%selfedit", cross);
		if (strchr(elfedit, '/')) {	/* `which` with a path */
			snprintf(dir, sizeof(dir), "%.*s/",
				 (int)(strrchr(elfedit, '/') - elfedit), elfedit);
			if (access(elfedit, X_OK) != 0)
				dir[0] = '\0';
		} else {
			which_dir(elfedit, dir, sizeof(dir));
		}
		snprintf(assembler, sizeof(assembler),
			 "-fno-integrated-as --prefix=%s%s", dir,
			 base ? base + 1 : cross);
	} else {
		copy_string(assembler, sizeof(assembler), "-fintegrated-as");
	}
	snprintf(flags, sizeof(flags),
		 "--target=%s %s -Werror=unknown-warning-option"
		 " -Werror=ignored-optimization-argument -Werror=option-ignored"
		 " -Werror=unused-command-line-argument", target, assembler);
	set_default("CLANG_FLAGS", flags);
}

/* "i386" after sed s/i.86/i386/: i386, i486, i586, i686 and the like. */
static bool is_i386_machine(const char *machine)
{
	return strlen(machine) == 4 && machine[0] == 'i' &&
	       machine[2] == '8' && machine[3] == '6';
}

/*
 * KBUILD_DEFCONFIG, which `make defconfig` uses and which ends the list
 * of configurations conf falls back on without a .config.  Most arch
 * Makefiles set it once; five choose by ARCH or by the host.
 */
static void kbuild_defconfig(const char *srctree, const char *machine,
			     char *buf, size_t size)
{
	const char *arch = getenv("ARCH"), *srcarch = getenv("SRCARCH");
	char path[VALUE_MAX];

	if (!strcmp(srcarch, "x86")) {
		if (strcmp(arch, "x86") != 0) {
			snprintf(buf, size, "%s_defconfig", arch);
			return;
		}
		/* $(shell uname -m | sed -e 's/i.86/i386/') = i386 */
		copy_string(buf, size, is_i386_machine(machine) ?
			    "i386_defconfig" : "x86_64_defconfig");
	} else if (!strcmp(srcarch, "um")) {
		const char *host = getenv("SUBARCH");

		if (strcmp(host, "x86") != 0)
			snprintf(buf, size, "%s_defconfig", host);
		else
			copy_string(buf, size, !strcmp(machine, "x86_64") ?
				    "x86_64_defconfig" : "i386_defconfig");
	} else if (!strcmp(srcarch, "sparc")) {
		copy_string(buf, size, !strcmp(arch, "sparc64") ?
			    "sparc64_defconfig" : "sparc32_defconfig");
	} else if (!strcmp(srcarch, "parisc")) {
		copy_string(buf, size, !strcmp(arch, "parisc64") ?
			    "generic-64bit_defconfig" : "generic-32bit_defconfig");
	} else if (!strcmp(srcarch, "powerpc")) {
		if (!strncmp(machine, "ppc", 3))
			snprintf(buf, size, "%s_defconfig", machine);
		else
			copy_string(buf, size, "ppc64le_defconfig");
	} else {
		snprintf(path, sizeof(path), "%s/arch/%s/Makefile",
			 srctree && *srctree ? srctree : ".", srcarch);
		if (!makefile_var(path, "KBUILD_DEFCONFIG", buf, size) || !*buf)
			copy_string(buf, size, "defconfig");
	}
}

/*
 * scripts/kconfig/Makefile:
 *	KCONFIG_DEFCONFIG_LIST := /lib/modules/$(kernel-release)/.config
 *		/etc/kernel-config /boot/config-$(kernel-release)
 *		arch/$(SRCARCH)/configs/$(KBUILD_DEFCONFIG)
 */
static void derive_defconfig_list(const char *srctree,
				  const struct utsname *host)
{
	char defconfig[256], list[VALUE_MAX];

	if (kernel_env_defconfig_list())
		return;
	if (getenv("KBUILD_DEFCONFIG"))
		copy_string(defconfig, sizeof(defconfig), getenv("KBUILD_DEFCONFIG"));
	else
		kbuild_defconfig(srctree, host->machine, defconfig,
				 sizeof(defconfig));
	snprintf(list, sizeof(list),
		 "/lib/modules/%s/.config /etc/kernel-config /boot/config-%s"
		 " arch/%s/configs/%s", host->release, host->release,
		 getenv("SRCARCH"), defconfig);
	set_default("KCONFIG_DEFCONFIG_LIST", list);
}

/* Set and not empty, as conf tests most of its switches. */
static bool env_set_nonempty(const char *name)
{
	const char *value = getenv(name);

	return value && *value;
}

void kernel_env_config_io(struct config_io_options *io)
{
	io->env_prefix = getenv("CONFIG_");
	io->warn_unknown = getenv("KCONFIG_WARN_UNKNOWN_SYMBOLS") != NULL;
	io->kernel_version = getenv("KERNELVERSION");
	io->source_date_epoch = getenv("SOURCE_DATE_EPOCH");
	io->no_timestamp = env_set_nonempty("KCONFIG_NOTIMESTAMP");
	io->config_header = getenv("KCONFIG_CONFIG_HEADER");
	io->autoconf = getenv("KCONFIG_AUTOCONFIG");
	io->autoheader = getenv("KCONFIG_AUTOHEADER");
	io->rustccfg = getenv("KCONFIG_RUSTCCFG");
	io->overwrite_in_place = env_set_nonempty("KCONFIG_OVERWRITECONFIG");
}

const char *kernel_env_defconfig_list(void)
{
	return getenv("KCONFIG_DEFCONFIG_LIST");
}

void kernel_env_derive(const char *srctree)
{
	char version[256];
	struct utsname host;

	if (!kernel_env_is_kernel_tree(srctree))
		return;
	if (uname(&host) != 0)
		memset(&host, 0, sizeof(host));
	set_default("srctree", srctree && *srctree ? srctree : ".");
	derive_arch(srctree, &host);
	if (kernel_env_version(srctree, version, sizeof(version)))
		set_default("KERNELVERSION", version);
	derive_tools();
	derive_version_texts();
	derive_clang_flags();
	derive_defconfig_list(srctree, &host);
}

static const char *const tree_vars[KERNEL_ENV_TREE_VARS] = {
	"srctree", "KERNELVERSION", "VERSION", "PATCHLEVEL", "SUBLEVEL",
	"EXTRAVERSION", "KERNELRELEASE", "KCONFIG_DEFCONFIG_LIST",
	"KBUILD_DEFCONFIG", "KBUILD_KCONFIG",
};

void kernel_env_enter(const char *srctree, struct kernel_env_saved *saved)
{
	for (size_t i = 0; i < KERNEL_ENV_TREE_VARS; i++) {
		const char *value = getenv(tree_vars[i]);

		saved->values[i] = value ? xstrdup(value) : NULL;
		unsetenv(tree_vars[i]);
	}
	setenv("srctree", srctree, 1);
	kernel_env_derive(srctree);
}

void kernel_env_leave(struct kernel_env_saved *saved)
{
	for (size_t i = 0; i < KERNEL_ENV_TREE_VARS; i++) {
		if (saved->values[i])
			setenv(tree_vars[i], saved->values[i], 1);
		else
			unsetenv(tree_vars[i]);
		free(saved->values[i]);
		saved->values[i] = NULL;
	}
}
