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

if [ ! -f "$src/Kconfig" ] || [ ! -f "$src/scripts/kconfig/confdata.c" ]; then
	echo "1..0 # SKIP no barebox tree at $src (tests/dialects/fetch.sh barebox)"
	exit 0
fi
for tool in make gcc flex bison; do
	command -v $tool >/dev/null 2>&1 ||
		{ echo "1..0 # SKIP $tool not installed"; exit 0; }
done
src=$(cd "$src" && pwd)
work=$(mktemp -d /tmp/kbrowse-barebox.XXXXXX) || exit 99
# shellcheck source=tests/dialects/lib.sh
. "$(dirname "$0")/lib.sh"
trap 'rm -rf "$work"' EXIT
obj=$work/obj
mkdir -p "$obj"

if ! make -s -C "$src" O="$obj" allnoconfig >"$work/build.log" 2>&1; then
	echo "1..0 # SKIP barebox's conf did not build (see make -C $src O=DIR allnoconfig)"
	exit 0
fi
mv "$obj/scripts/kconfig/conf" "$work/conf"
cat >"$obj/scripts/kconfig/conf" <<WRAP
#!/bin/sh
env -0 >"$work/env.\$ARCH"
exec "$work/conf" "\$@"
WRAP
chmod +x "$obj/scripts/kconfig/conf"

# the environment barebox's Makefile gives conf for ARCH, in envs
arch_env()
{
	[ -f "$work/env.$1" ] ||
		make -s -C "$src" O="$obj" ARCH="$1" allnoconfig >>"$work/build.log" 2>&1
	envs=()
	[ -f "$work/env.$1" ] && mapfile -d '' envs <"$work/env.$1"
}

echo "1..$((8 + 2 * $#))"
n=0
# run TOOL MODE-ARGUMENT: the .config it writes in $work/TOOL.config
run()
{
	local tool=$1 arg=$2
	if [ -n "$start_config" ]; then
		cp "$start_config" "$obj/.config"
	else
		rm -f "$obj/.config"
	fi
	if [ "$tool" = conf ]; then
		(cd "$obj" && env -i "${envs[@]}" "$work/conf" -s "$arg" Kconfig) \
			>/dev/null 2>"$work/$tool.err"
	else
		(cd "$obj" && env -i "${envs[@]}" "$KBROWSE" conf -s "$arg") \
			>/dev/null 2>"$work/$tool.err"
	fi
	echo $? >"$work/$tool.rc"
	cp "$obj/.config" "$work/$tool.config" 2>/dev/null || : >"$work/$tool.config"
}

check()
{
	run conf "$2"
	run kbrowse "$2"
	verdict "$1" "barebox's conf"
}

# savedefconfig of the .config conf wrote last: both tools read the same
check_saved()
{
	local what=$1 tool
	for tool in conf kbrowse; do
		cp "$work/conf.config" "$obj/.config"
		if [ $tool = conf ]; then
			(cd "$obj" && env -i "${envs[@]}" "$work/conf" -s \
				--savedefconfig="$work/$tool.saved" Kconfig) >/dev/null 2>&1
		else
			(cd "$obj" && env -i "${envs[@]}" "$KBROWSE" conf -s \
				--savedefconfig="$work/$tool.saved") >/dev/null 2>&1
		fi
	done
	verdict_saved "$what"
}

start_config=
arch_env sandbox
for mode in allnoconfig allyesconfig allmodconfig alldefconfig; do
	check "sandbox $mode" --$mode
done
check_saved "sandbox savedefconfig of allyesconfig"
# the modes that start from a .config: sandbox_defconfig as it is
start_config=$src/arch/sandbox/configs/sandbox_defconfig
check "sandbox olddefconfig on sandbox_defconfig" --olddefconfig
start_config=$work/conf.config
cp "$work/conf.config" "$work/complete.config"
start_config=$work/complete.config
check "sandbox yes2modconfig" --yes2modconfig
check "sandbox mod2yesconfig" --mod2yesconfig
start_config=

for item in "$@"; do
	arch=${item%%:*} defconfig=${item#*:}
	if [ ! -f "$src/arch/$arch/configs/$defconfig" ]; then
		n=$((n + 1))
		echo "ok $n - $arch $defconfig # SKIP not in this barebox"
		n=$((n + 1))
		echo "ok $n - savedefconfig of $arch $defconfig # SKIP not in this barebox"
		continue
	fi
	arch_env "$arch"
	if [ ${#envs[@]} -eq 0 ]; then
		n=$((n + 1))
		echo "ok $n - $arch $defconfig # SKIP make ARCH=$arch did not run conf"
		n=$((n + 1))
		echo "ok $n - savedefconfig of $arch $defconfig # SKIP make ARCH=$arch did not run conf"
		continue
	fi
	check "$arch $defconfig" --defconfig="arch/$arch/configs/$defconfig"
	check_saved "savedefconfig of $arch $defconfig"
done
