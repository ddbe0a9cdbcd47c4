#!/bin/bash
# kbrowse conf against barebox's own conf (scripts/kconfig: Linux 5.13's)
# on a real barebox tree, with no --dialect: the rules come from the
# tree's copy of kconfig, not from its Makefile's VERSION (a year, like
# U-Boot's).  Every mode of conf that gives one answer, on the sandbox
# architecture: allnoconfig, allyesconfig, allmodconfig, alldefconfig,
# olddefconfig, yes2modconfig, mod2yesconfig, savedefconfig; then
# defconfigs of several architectures (as `make ARCH=A NAME_defconfig`
# runs conf) and the savedefconfig of each.  TAP output.
#
# usage: barebox.sh [ARCH:DEFCONFIG...]   (default: the list below)
# The tree: $KBROWSE_BAREBOX_SRC, else $KBROWSE_DIALECT_CACHE/barebox
# (tests/dialects/fetch.sh barebox); skipped when there is none.  The
# tree is only read: conf is built with make O= in a temporary
# directory, and a wrapper in its place records the environment the
# Makefile gives it, per architecture, for both tools.  Needs make,
# gcc, flex and bison.
: "${KBROWSE:?}"
cache=${KBROWSE_DIALECT_CACHE:-/var/cache/kbrowse/dialects}
src=${KBROWSE_BAREBOX_SRC:-$cache/barebox}
# Two architectures keep it quick (each costs a run of make); mips,
# riscv and x86 (qemu-malta, rv64i, efi) pass too.
[ $# -gt 0 ] || set -- sandbox:sandbox_defconfig arm:multi_v7_defconfig \
	arm:imx_v8_defconfig arm:at91_multi_defconfig arm:multi_v5_v6_defconfig

# shellcheck source=tests/dialects/lib.sh
. "$(dirname "$0")/lib.sh"
if [ ! -f "$src/Kconfig" ] || [ ! -f "$src/scripts/kconfig/confdata.c" ]; then
	tap_skip_all "no barebox tree at $src (tests/dialects/fetch.sh barebox)"
fi
for tool in make gcc flex bison; do
	command -v $tool >/dev/null 2>&1 || tap_skip_all "$tool not installed"
done
src=$(cd "$src" && pwd)
work=$(mktemp -d /tmp/kbrowse-barebox.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
obj=$work/obj
mkdir -p "$obj"

if ! make -s -C "$src" O="$obj" allnoconfig >"$work/build.log" 2>&1; then
	tap_skip_all "barebox's conf did not build (see make -C $src O=DIR allnoconfig)"
fi
wrap_conf "$obj/scripts/kconfig/conf" "$work/env.\$ARCH"

# the environment barebox's Makefile gives conf for ARCH, in envs
arch_env()
{
	[ -f "$work/env.$1" ] ||
		make -s -C "$src" O="$obj" ARCH="$1" allnoconfig >>"$work/build.log" 2>&1
	envs=()
	[ -f "$work/env.$1" ] && mapfile -d '' envs <"$work/env.$1"
}

tap_plan $((8 + 2 * $#))
run_dir=$obj top=Kconfig config=$obj/.config
# check WHAT ARG: both tools run with -s ARG
check() { compare_mode "$1" "barebox's conf" -s "$2"; }
check_saved() { compare_saved "$1" -s; }

start_config=
arch_env sandbox
for mode in allnoconfig allyesconfig allmodconfig alldefconfig; do
	check "sandbox $mode" --$mode
done
check_saved "sandbox savedefconfig of allyesconfig"
# the modes that start from a .config: sandbox_defconfig as it is
start_config=$src/arch/sandbox/configs/sandbox_defconfig
check "sandbox olddefconfig on sandbox_defconfig" --olddefconfig
cp "$work/conf.config" "$work/complete.config"
start_config=$work/complete.config
check "sandbox yes2modconfig" --yes2modconfig
check "sandbox mod2yesconfig" --mod2yesconfig
start_config=

for item in "$@"; do
	arch=${item%%:*} defconfig=${item#*:}
	if [ ! -f "$src/arch/$arch/configs/$defconfig" ]; then
		tap_skip "$arch $defconfig" "not in this barebox"
		tap_skip "savedefconfig of $arch $defconfig" "not in this barebox"
		continue
	fi
	arch_env "$arch"
	if [ ${#envs[@]} -eq 0 ]; then
		tap_skip "$arch $defconfig" "make ARCH=$arch did not run conf"
		tap_skip "savedefconfig of $arch $defconfig" "make ARCH=$arch did not run conf"
		continue
	fi
	check "$arch $defconfig" --defconfig="arch/$arch/configs/$defconfig"
	check_saved "savedefconfig of $arch $defconfig"
done
tap_done
