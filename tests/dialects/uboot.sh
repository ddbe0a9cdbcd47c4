#!/bin/bash
# kbrowse conf against U-Boot's own conf (its scripts/kconfig: Linux
# 4.19's with U-Boot's changes) on a real U-Boot tree: allnoconfig,
# allyesconfig, alldefconfig, board defconfigs after U-Boot's own
# preprocessing of them (cpp, as its Makefile runs it) and savedefconfig
# of each.  TAP output.
#
# usage: uboot.sh [DEFCONFIG...]   (default: sandbox_defconfig
#                                   qemu_arm64_defconfig rpi_4_defconfig)
# The tree: $KBROWSE_UBOOT_SRC, else $KBROWSE_DIALECT_CACHE/u-boot
# (tests/dialects/fetch.sh u-boot puts Debian's source package there);
# skipped when there is none.  The tree is only read: U-Boot's conf is
# built with make O= in a temporary directory, and the environment its
# Makefile gives conf is recorded there (a wrapper in conf's place) and
# given to both tools.  Needs make, gcc, flex and bison.
: "${KBROWSE:?}"
# shellcheck source=tests/dialects/lib.sh
. "$(dirname "$0")/lib.sh"
cache=${KBROWSE_DIALECT_CACHE:-/var/cache/kbrowse/dialects}
src=${KBROWSE_UBOOT_SRC:-$cache/u-boot}
[ $# -gt 0 ] || set -- sandbox_defconfig qemu_arm64_defconfig rpi_4_defconfig

if [ ! -f "$src/Kconfig" ] || [ ! -d "$src/scripts/kconfig" ]; then
	tap_skip_all "no U-Boot tree at $src (tests/dialects/fetch.sh u-boot)"
fi
for tool in make gcc flex bison; do
	command -v $tool >/dev/null 2>&1 ||
		tap_skip_all "$tool not installed"
done
src=$(cd "$src" && pwd)
work=$(mktemp -d /tmp/kbrowse-uboot.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
obj=$work/obj

# U-Boot's conf, built by its Makefile, then a wrapper in its place that
# records the environment of the next run.
if ! make -s -C "$src" O="$obj" allnoconfig >"$work/build.log" 2>&1; then
	tap_skip_all "U-Boot's conf did not build (see make -C $src O=DIR allnoconfig)"
fi
wrap_conf "$obj/scripts/kconfig/conf" "$work/env"
make -s -C "$src" O="$obj" allnoconfig >>"$work/build.log" 2>&1
mapfile -d '' envs <"$work/env"

tap_plan $((3 + 2 * $#))
run_dir=$obj top=Kconfig config=$obj/.config

for mode in allnoconfig allyesconfig alldefconfig; do
	compare_mode "$mode" "U-Boot's conf" --$mode
done
for defconfig in "$@"; do
	if [ ! -f "$src/configs/$defconfig" ]; then
		tap_skip "$defconfig" "not in this U-Boot"
		tap_skip "savedefconfig of $defconfig" "not in this U-Boot"
		continue
	fi
	# as U-Boot's scripts/kconfig/Makefile preprocesses a defconfig
	gcc -E -nostdinc -P -I "$src" -undef -x assembler-with-cpp \
		"$src/configs/$defconfig" -o "$work/$defconfig"
	compare_mode "$defconfig" "U-Boot's conf" --defconfig="$work/$defconfig"
	compare_saved "savedefconfig of $defconfig"
done
tap_done
