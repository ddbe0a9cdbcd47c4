#!/bin/bash
# kbrowse conf against BusyBox's own conf (scripts/kconfig: Linux 2.6's,
# patched to write every symbol) on a real BusyBox tree, with no
# --dialect: the rules come from the tree's copy of kconfig.  Every mode
# BusyBox's conf has that gives one answer: -n -y -m -d (allno, allyes,
# allmod, alldef), -D FILE (its configs/, each), -o on a partial .config
# and -s on a complete one (olddefconfig); its conf has no savedefconfig.
# Also `kbrowse -C TREE dump` from the object tree.  TAP output.
#
# usage: busybox.sh [DEFCONFIG...]   (default: every configs/*_defconfig)
# The tree: $KBROWSE_BUSYBOX_SRC, else $KBROWSE_DIALECT_CACHE/busybox
# (tests/dialects/fetch.sh busybox); skipped when there is none.  The
# tree is only read: conf is built with make O= in a temporary
# directory (BusyBox's Makefile also generates the Config.in files of
# its directories there, from their Config.src), and a wrapper in its
# place records the environment the Makefile gives it, for both tools.
# The header's time line is left out of the comparison (conf writes the
# time of the run), except in one run with SOURCE_DATE_EPOCH and TZ set.
: "${KBROWSE:?}"
cache=${KBROWSE_DIALECT_CACHE:-/var/cache/kbrowse/dialects}
src=${KBROWSE_BUSYBOX_SRC:-$cache/busybox}

if [ ! -f "$src/Config.in" ] || [ ! -f "$src/scripts/kconfig/confdata.c" ]; then
	echo "1..0 # SKIP no BusyBox tree at $src (tests/dialects/fetch.sh busybox)"
	exit 0
fi
for tool in make gcc; do
	command -v $tool >/dev/null 2>&1 ||
		{ echo "1..0 # SKIP $tool not installed"; exit 0; }
done
src=$(cd "$src" && pwd)
if [ $# -eq 0 ]; then
	for f in "$src"/configs/*_defconfig; do
		[ -f "$f" ] && set -- "$@" "${f##*/}"
	done
fi
work=$(mktemp -d /tmp/kbrowse-busybox.XXXXXX) || exit 99
# shellcheck source=tests/dialects/lib.sh
. "$(dirname "$0")/lib.sh"
trap 'rm -rf "$work"' EXIT
obj=$work/obj
mkdir -p "$obj"

if ! make -s -C "$src" O="$obj" allnoconfig >"$work/build.log" 2>&1; then
	echo "1..0 # SKIP BusyBox's conf did not build (see make -C $src O=DIR allnoconfig)"
	exit 0
fi
mv "$obj/scripts/kconfig/conf" "$work/conf"
cat >"$obj/scripts/kconfig/conf" <<WRAP
#!/bin/sh
env -0 >"$work/env"
exec "$work/conf" "\$@"
WRAP
chmod +x "$obj/scripts/kconfig/conf"
make -s -C "$src" O="$obj" allnoconfig >>"$work/build.log" 2>&1
mapfile -d '' envs <"$work/env"

# Enter for every question -o asks (its conf stops at the end of input)
yes '' | head -n 100000 >"$work/answers"

echo "1..$((8 + $#))"

# the .config without conf's time line (the 4th, "# Thu Dec  3 ...")
untimed()
{
	sed '4{/^# [A-Z][a-z][a-z] [A-Z][a-z][a-z] [ 0-9][0-9] [0-9:]* [0-9]*$/d}' "$1"
}

# run TOOL CONF-ARGS -- KBROWSE-ARGS: the .config it writes in $work/TOOL.config
run()
{
	local tool=$1; shift
	local conf_args=() kbrowse_args=()
	while [ "$1" != -- ]; do conf_args+=("$1"); shift; done
	shift
	kbrowse_args=("$@")
	if [ -n "$start_config" ]; then
		cp "$start_config" "$obj/.config"
	else
		rm -f "$obj/.config"
	fi
	if [ "$tool" = conf ]; then
		(cd "$obj" && env -i "${envs[@]}" "${extra_env[@]}" "$work/conf" \
			"${conf_args[@]}" Config.in) <"$work/answers" >/dev/null 2>"$work/$tool.err"
	else
		(cd "$obj" && env -i "${envs[@]}" "${extra_env[@]}" "$KBROWSE" conf \
			"${kbrowse_args[@]}") </dev/null >/dev/null 2>"$work/$tool.err"
	fi
	echo $? >"$work/$tool.rc"
	if [ -f "$obj/.config" ] && [ -z "$exact" ]; then
		untimed "$obj/.config" >"$work/$tool.config"
	else
		cp "$obj/.config" "$work/$tool.config" 2>/dev/null || : >"$work/$tool.config"
	fi
}

# check WHAT CONF-ARGS -- KBROWSE-ARGS
check()
{
	local what=$1; shift
	run conf "$@"
	run kbrowse "$@"
	verdict "$what" "BusyBox's conf"
}

start_config='' exact='' extra_env=()
check "allnoconfig (-n)" -n -- --allnoconfig
check "allyesconfig (-y)" -y -- --allyesconfig
check "allmodconfig (-m)" -m -- --allmodconfig
check "alldefconfig (-d)" -d -- --alldefconfig
for defconfig in "$@"; do
	check "$defconfig (-D)" -D "$src/configs/$defconfig" -- \
		--defconfig="$src/configs/$defconfig"
done
last=$1
# -o (oldconfig) on a defconfig file as .config, Enter for each
# question: new symbols get their defaults; -s (silentoldconfig, which
# stops when it would have to ask with no terminal) on the complete
# .config that gives
start_config=$src/configs/$last
check "oldconfig (-o) on $last" -o -- --olddefconfig
cp "$obj/.config" "$work/complete.config"
start_config=$work/complete.config
check "silentoldconfig (-s) on a complete .config" -s -- --olddefconfig
# the header byte for byte: the time of SOURCE_DATE_EPOCH in UTC
start_config='' exact=1 extra_env=(SOURCE_DATE_EPOCH=1700000000 TZ=UTC)
check "allyesconfig, the header's time too" -y -- --allyesconfig

# the top file found by -C: Config.in, with no argument and no $srctree
(cd "$obj" && env -u srctree "$KBROWSE" -C "$src" dump >"$work/dump" 2>"$work/dump.err") &&
	grep -q '^config HAVE_DOT_CONFIG' "$work/dump"
tap_result $? "kbrowse -C TREE dump" "$work/dump.err"
