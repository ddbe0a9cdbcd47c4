#!/bin/bash
# kbrowse conf against Buildroot's own conf (support/kconfig: Linux
# 4.17's with Buildroot's patches) on a real Buildroot tree: allnoconfig,
# allyesconfig, alldefconfig, defconfigs and their savedefconfig, with
# the environment Buildroot's Makefile gives its conf.  TAP output.
#
# usage: buildroot.sh [DEFCONFIG...]   (default: qemu_x86_64_defconfig
#                                       raspberrypi4_64_defconfig)
# The tree: $KBROWSE_BUILDROOT_SRC, else $KBROWSE_DIALECT_CACHE/buildroot
# (tests/dialects/fetch.sh buildroot clones it; Debian does not package
# it; KBROWSE_BUILDROOT_GIT=file:///path/to/a/clone works offline);
# skipped when there is none.  The tree is only read: conf is built
# with make O= in a temporary directory, and a wrapper in its place
# records the environment the Makefile gives it, for both tools.
: "${KBROWSE:?}"
# shellcheck source=tests/dialects/lib.sh
. "$(dirname "$0")/lib.sh"
cache=${KBROWSE_DIALECT_CACHE:-/var/cache/kbrowse/dialects}
src=${KBROWSE_BUILDROOT_SRC:-$cache/buildroot}
[ $# -gt 0 ] || set -- qemu_x86_64_defconfig raspberrypi4_64_defconfig

if [ ! -f "$src/Config.in" ] || [ ! -d "$src/support/kconfig" ]; then
	tap_skip_all "no Buildroot tree at $src (tests/dialects/fetch.sh buildroot)"
fi
for tool in make gcc flex bison; do
	command -v $tool >/dev/null 2>&1 ||
		tap_skip_all "$tool not installed"
done
src=$(cd "$src" && pwd)
work=$(mktemp -d /tmp/kbrowse-buildroot.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
obj=$work/obj
conf_dir=$obj/build/buildroot-config

if ! make -s -C "$src" O="$obj" allnoconfig >"$work/build.log" 2>&1; then
	tap_skip_all "Buildroot's conf did not build (see make -C $src O=DIR allnoconfig)"
fi
wrap_conf "$conf_dir/conf" "$work/env"
make -s -C "$src" O="$obj" allnoconfig >>"$work/build.log" 2>&1
mapfile -d '' envs <"$work/env"
config=$(tr '\0' '\n' <"$work/env" | sed -n 's/^BR2_CONFIG=//p')

tap_plan $((3 + 2 * $#))
run_dir=$src top=Config.in

for mode in allnoconfig allyesconfig alldefconfig; do
	compare_mode "$mode" "Buildroot's conf" --$mode
done
for defconfig in "$@"; do
	if [ ! -f "$src/configs/$defconfig" ]; then
		tap_skip "$defconfig" "not in this Buildroot"
		tap_skip "savedefconfig of $defconfig" "not in this Buildroot"
		continue
	fi
	compare_mode "$defconfig" "Buildroot's conf" --defconfig="$src/configs/$defconfig"
	compare_saved "savedefconfig of $defconfig"
done
tap_done
