# shellcheck shell=sh
# The environment every test starts from (sourced, not run; POSIX sh).
#
# A user's own settings must not change what a test sees: every variable
# kbrowse or the kernel's conf reads (KBROWSE_*, KCONFIG_*, srctree, ARCH,
# CC, ...) is cleared, but the ones that say where the tests find their
# trees and tools (test_env_keep below).  A test then sets what it needs.
# make check loads this before every test (AM_TESTS_ENVIRONMENT); the
# scripts source it too, so they run the same by hand.

# KBROWSE_* names that configure the tests, not kbrowse.
test_env_keep=" KBROWSE KBROWSE_LINUX_SRC KBROWSE_REQUIRE_LINUX_SRC
	KBROWSE_KERNEL_CACHE KBROWSE_KERNEL_SERIES KBROWSE_KERNEL_TARBALL
	KBROWSE_KERNEL_LOGS KBROWSE_CHECK_KERNEL KBROWSE_DIALECT_CACHE
	KBROWSE_UBOOT_SRC KBROWSE_BUILDROOT_SRC KBROWSE_BUILDROOT_GIT
	KBROWSE_NUTTX_SRC KBROWSE_NUTTX_GIT KBROWSE_ESP_IDF_SRC
	KBROWSE_DEBIAN_SUITE KBROWSE_DEBIAN_MIRROR KBROWSE_GOLDEN_UPDATE
	KBROWSE_BENCH_RSS_FILE KBROWSE_VISIBLE_PLANS "

# What kbrowse and the kernel's Makefile read besides KBROWSE_* and
# KCONFIG_*: a cross build, a tree, a compiler, an editor, colours.
test_env_clear="srctree objtree ARCH SRCARCH SUBARCH HEADER_ARCH CROSS_COMPILE
	LLVM LLVM_IAS CC LD AR NM OBJCOPY HOSTCC HOSTCXX CC_VERSION_TEXT
	CLANG_FLAGS RUSTC RUSTC_VERSION_TEXT KBUILD_OUTPUT KBUILD_DEFCONFIG
	KBUILD_KCONFIG KERNELVERSION KERNELRELEASE O MAKEFLAGS BR2_CONFIG
	NO_COLOR VISUAL EDITOR"

test_env_clean()
{
	# shellcheck disable=SC2086,SC2116 # one line of names, blank around each
	test_env_keep=" $(echo $test_env_keep) "
	for test_env_var in $(env | sed -n 's/^\(KBROWSE_[A-Za-z0-9_]*\)=.*/\1/p;
		s/^\(KCONFIG_[A-Za-z0-9_]*\)=.*/\1/p'); do
		case $test_env_keep in
		*" $test_env_var "*) ;;
		*) unset "$test_env_var" ;;
		esac
	done
	# shellcheck disable=SC2086 # a list of names
	unset $test_env_clear
}

test_env_clean

# kbrowse_sanitized: whether $KBROWSE was built with --enable-sanitizers
# (its memory peaks are then ASan's shadow and quarantine, not its own).
kbrowse_sanitized()
{
	grep -q __asan_init "${KBROWSE:?}" 2>/dev/null
}
