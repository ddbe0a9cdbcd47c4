#!/bin/sh
# shellcheck disable=SC2086 # $envs and $config: NAME=VALUE words
# The older kconfig dialects (linux-4.17, buildroot, u-boot) on small
# fixture trees, against the oracle: Debian's kconfig-frontends-nox, whose
# kconfig-conf is Linux 4.11's conf (the generation Buildroot's and the
# kconfig-frontends trees' copies come from; U-Boot's 4.19 reads these
# fixtures the same way, none of them uses the macro language).
#
# Each directory under fixtures/ is one tree:
#   Kconfig       the top file
#   dialect       the dialect kbrowse reads it by (--dialect)
#   env           optional NAME=VALUE lines for both tools; @DIR@ is the
#                 directory the tree was copied to
#   *.input       optional: each is a .config for olddefconfig
# For allnoconfig, allyesconfig, allmodconfig, alldefconfig and
# olddefconfig of each input, kbrowse's .config must be byte-identical
# to kconfig-conf's, and kbrowse must exit 0.  TAP output; skipped when
# kconfig-conf is not installed (apt-get install kconfig-frontends-nox).
: "${KBROWSE:?}" "${top_srcdir:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"
oracle=${KCONFIG_CONF:-kconfig-conf}
fixtures=$top_srcdir/tests/dialects/fixtures

if ! command -v "$oracle" >/dev/null 2>&1; then
	tap_skip_all "$oracle not installed (apt-get install kconfig-frontends-nox)"
fi
work=$(mktemp -d /tmp/kbrowse-dialects.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

modes="allnoconfig allyesconfig allmodconfig alldefconfig"
total=0
for dir in "$fixtures"/*/; do
	[ -f "$dir/dialect" ] || continue	# kconfiglib/: kconfiglib.sh's
	set -- "$dir"*.input
	[ -e "$1" ] || set --
	total=$((total + 4 + $#))
done
tap_plan "$total"

# run_both NAME MODE [INPUT]: each tool in its own copy of the tree.
run_both()
{
	name=$1 mode=$2 input=$3
	for tool in oracle kbrowse; do
		tree=$work/$name-$mode-$tool
		rm -rf "$tree"
		cp -R "$fixtures/$name" "$tree"
		[ -n "$input" ] && cp "$input" "$tree/.config"
		envs=
		[ -f "$tree/env" ] && envs=$(sed "s|@DIR@|$tree|g" "$tree/env")
		dialect=$(cat "$tree/dialect")
		if [ $tool = oracle ]; then
			(cd "$tree" && env $envs KCONFIG_CONFIG=.config \
				"$oracle" --$mode Kconfig >/dev/null 2>"$tree.err")
		else
			# Buildroot's conf reads $BR2_CONFIG and ignores $KCONFIG_CONFIG
			config=KCONFIG_CONFIG=.config
			[ "$dialect" = buildroot ] &&
				config="KCONFIG_CONFIG=not-this.config BR2_CONFIG=.config"
			(cd "$tree" && env $envs $config \
				"$KBROWSE" --dialect "$dialect" conf --$mode Kconfig \
				>/dev/null 2>"$tree.err")
		fi
		echo $? >"$tree.rc"
	done
}

# compare NAME WHAT RUN: the .config of each tool after run_both
compare()
{
	name=$1 what=$2 base=$work/$1-$3
	if [ "$(cat "$base-kbrowse.rc")" = 0 ] &&
	   cmp -s "$base-oracle/.config" "$base-kbrowse/.config"; then
		tap_ok "$name: $what"
	else
		tap_not_ok "$name: $what (kbrowse exit $(cat "$base-kbrowse.rc"))"
		head -n 10 "$base-kbrowse.err" | tap_diag
		diff -u "$base-oracle/.config" "$base-kbrowse/.config" 2>&1 |
			head -n 30 | tap_diag
	fi
}

for dir in "$fixtures"/*/; do
	[ -f "$dir/dialect" ] || continue
	name=$(basename "$dir")
	for mode in $modes; do
		run_both "$name" $mode
		compare "$name" $mode $mode
	done
	for input in "$dir"*.input; do
		[ -e "$input" ] || continue
		in=$(basename "$input" .input)
		run_both "$name" olddefconfig "$input"
		mv "$work/$name-olddefconfig-oracle" "$work/$name-$in-oracle"
		mv "$work/$name-olddefconfig-kbrowse" "$work/$name-$in-kbrowse"
		for tool in oracle kbrowse; do
			mv "$work/$name-olddefconfig-$tool.rc" "$work/$name-$in-$tool.rc"
			mv "$work/$name-olddefconfig-$tool.err" "$work/$name-$in-$tool.err"
		done
		compare "$name" "olddefconfig of $in.input" "$in"
	done
done
