/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The environment the Linux kernel's top-level Makefile gives its Kconfig
 * tools, derived for kbrowse when it runs on a kernel tree by hand.
 *
 * `make menuconfig` sets ARCH, SRCARCH, KERNELVERSION, CC, LD,
 * CC_VERSION_TEXT and more before it starts mconf, and the kernel's Kconfig
 * files read them: `mainmenu "Linux/$(ARCH) $(KERNELVERSION) ..."`,
 * `source "arch/$(SRCARCH)/Kconfig"`, `$(cc-option,...)`.  Run without them,
 * the tree would not even parse.  kernel_env_derive() sets the ones that are
 * unset, computed the way the Makefile computes them, so that kbrowse shows
 * what `make menuconfig` would show.  What the user has set is never
 * changed, even where make would ignore it (make overrides CC from the
 * environment; kbrowse keeps it: the user asked for it).
 */
#ifndef KBROWSE_KERNEL_ENV_H
#define KBROWSE_KERNEL_ENV_H

#include <stdbool.h>
#include <stddef.h>
#include "config_io.h"

/*
 * If srctree is a Linux kernel tree (a Makefile with "VERSION =" and
 * "PATCHLEVEL =" lines, and a Kconfig), set every variable the kernel's
 * Kconfig files read that is not set yet: srctree, ARCH, SRCARCH, SUBARCH
 * and HEADER_ARCH (for um), KERNELVERSION, CC, LD, AR, NM, OBJCOPY,
 * HOSTCC, HOSTCXX, HOSTPKG_CONFIG, RUSTC, BINDGEN, PAHOLE, PYTHON3,
 * CC_VERSION_TEXT, RUSTC_VERSION_TEXT, CLANG_FLAGS (clang only), and
 * KCONFIG_DEFCONFIG_LIST (read when there is no .config yet).
 * CROSS_COMPILE and LLVM are honoured as make honours them.
 * Does nothing on any other tree.
 */
void kernel_env_derive(const char *srctree);

/*
 * The $(shell,...) cache's directory (NULL: none, the default), where
 * kernel_env_derive() keeps CC_VERSION_TEXT's and RUSTC_VERSION_TEXT's
 * commands' answers under the same key as the tree's probes.
 */
void kernel_env_use_cache(const char *dir);

/*
 * $KCONFIG_DEFCONFIG_LIST (derived above on a kernel tree, if unset):
 * the files tried in turn when there is no .config; NULL: none.  The
 * one place it is read; the session and conf's modes get it from here.
 */
const char *kernel_env_defconfig_list(void);

/*
 * What conf reads from the environment for its files, into io: $CONFIG_,
 * $KCONFIG_WARN_UNKNOWN_SYMBOLS, $KERNELVERSION, $SOURCE_DATE_EPOCH,
 * $KCONFIG_NOTIMESTAMP, $KCONFIG_CONFIG_HEADER, $KCONFIG_AUTOCONFIG,
 * $KCONFIG_AUTOHEADER, $KCONFIG_RUSTCCFG, $KCONFIG_OVERWRITECONFIG.
 * The strings are the environment's own (valid until it changes).
 */
void kernel_env_config_io(struct config_io_options *io);

/*
 * The variables that name one tree rather than the toolchain or the
 * architecture (srctree, KERNELVERSION, VERSION..., KCONFIG_DEFCONFIG_LIST,
 * KBUILD_DEFCONFIG), as they were before kernel_env_enter().
 */
#define KERNEL_ENV_TREE_VARS 10
struct kernel_env_saved {
	char *values[KERNEL_ENV_TREE_VARS];	/* heap; NULL: was unset */
};

/*
 * Load a second tree in the same process (diff --from-tree): save and
 * unset the variables that name the tree, set srctree, and derive them
 * for that tree (the rest, ARCH, CC..., stay as they are, so both trees
 * see the same toolchain).  kernel_env_leave() puts them back.
 */
void kernel_env_enter(const char *srctree, struct kernel_env_saved *saved);
void kernel_env_leave(struct kernel_env_saved *saved);

/* Is srctree a Linux kernel tree, by the test above? */
bool kernel_env_is_kernel_tree(const char *srctree);

/*
 * KERNELVERSION as the top-level Makefile computes it from VERSION,
 * PATCHLEVEL, SUBLEVEL and EXTRAVERSION ("6.12.118").  False (and buf
 * empty) when the Makefile cannot be read or has no VERSION.
 */
bool kernel_env_version(const char *srctree, char *buf, size_t size);

/*
 * The ARCH a machine name (uname -m) means, as scripts/subarch.include
 * maps it: "x86_64" and "i686" give "x86", "aarch64" gives "arm64".
 */
void kernel_env_subarch(const char *machine, char *buf, size_t size);

/*
 * The arch/ directory for an ARCH value, from the top-level Makefile's
 * aliases ("i386" and "x86_64" give "x86", "sparc64" gives "sparc");
 * any other ARCH names its own directory.
 */
void kernel_env_srcarch(const char *srctree, const char *arch,
			char *buf, size_t size);

#endif
