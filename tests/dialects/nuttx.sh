#!/bin/bash
# kbrowse conf (kconfig-frontends rules) against kconfig-frontends' conf
# (Linux 4.11's, Debian's kconfig-frontends-nox, which NuttX's build
# runs) on a real NuttX tree: allnoconfig, allyesconfig, allmodconfig,
# alldefconfig and olddefconfig of board defconfigs.  TAP output.
#
# usage: nuttx.sh [BOARD/CONFIG...]   (default: sim/nsh rv-virt/nsh)
# The tree: $KBROWSE_NUTTX_SRC, else $KBROWSE_DIALECT_CACHE/nuttx
# (tests/dialects/fetch.sh nuttx clones it; Debian does not package it);
# skipped without it or without kconfig-conf.  The tree is only read:
# what NuttX's configure step would generate ($BINDIR/arch/dummy,
# $BINDIR/boards/dummy, $BINDIR/drivers/platform and the applications'
# Kconfig) is an empty Kconfig in a temporary directory, the same for
# both tools.
: "${KBROWSE:?}"
# shellcheck source=tests/dialects/lib.sh
. "$(dirname "$0")/lib.sh"
oracle=${KCONFIG_CONF:-kconfig-conf}
cache=${KBROWSE_DIALECT_CACHE:-/var/cache/kbrowse/dialects}
src=${KBROWSE_NUTTX_SRC:-$cache/nuttx}
[ $# -gt 0 ] || set -- sim/nsh rv-virt/nsh

if [ ! -f "$src/Kconfig" ] || [ ! -d "$src/sched" ]; then
	tap_skip_all "no NuttX tree at $src (tests/dialects/fetch.sh nuttx)"
fi
if ! command -v "$oracle" >/dev/null 2>&1; then
	tap_skip_all "$oracle not installed (apt-get install kconfig-frontends-nox)"
fi
src=$(cd "$src" && pwd)
work=$(mktemp -d /tmp/kbrowse-nuttx.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
for dir in bin/arch/dummy bin/boards/dummy bin/drivers/platform apps; do
	mkdir -p "$work/$dir"
	: >"$work/$dir/Kconfig"
done
export APPSDIR="$work/apps" APPSBINDIR="$work/apps" BINDIR="$work/bin" \
	EXTERNALDIR=dummy
unset CONFIG_ KBROWSE_DIALECT

modes="allnoconfig allyesconfig allmodconfig alldefconfig"
tap_plan $((4 + $#))
# run TOOL MODE [INPUT]: TOOL's .config in $work/TOOL.config
run()
{
	local tool=$1 mode=$2 input=$3
	rm -f "$work/.config"
	[ -n "$input" ] && cp "$input" "$work/.config"
	if [ "$tool" = conf ]; then
		(cd "$src" && KCONFIG_CONFIG="$work/.config" "$oracle" "--$mode" Kconfig) \
			>/dev/null 2>"$work/$tool.err"
	else
		(cd "$src" && KCONFIG_CONFIG="$work/.config" "$KBROWSE" \
			--dialect kconfig-frontends conf "--$mode" Kconfig) \
			>/dev/null 2>"$work/$tool.err"
	fi
	echo $? >"$work/$tool.rc"
	cp "$work/.config" "$work/$tool.config" 2>/dev/null || : >"$work/$tool.config"
}


for mode in $modes; do
	run conf "$mode"
	run kbrowse "$mode"
	verdict "$mode" "kconfig-conf"
done
for board in "$@"; do
	# shellcheck disable=SC2125 # a glob, expanded by set -- below
	defconfig=$src/boards/*/*/${board%%/*}/configs/${board#*/}/defconfig
	# shellcheck disable=SC2086 # the glob finds the board's directory
	set -- $defconfig
	if [ ! -f "$1" ]; then
		tap_skip "olddefconfig of $board" "no such board"
		continue
	fi
	run conf olddefconfig "$1"
	run kbrowse olddefconfig "$1"
	verdict "olddefconfig of $board" "kconfig-conf"
done
