#!/bin/sh
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
oracle=${KCONFIG_CONF:-kconfig-conf}
fixtures=$top_srcdir/tests/dialects/fixtures

if ! command -v "$oracle" >/dev/null 2>&1; then
	echo "1..0 # SKIP $oracle not installed (apt-get install kconfig-frontends-nox)"
	exit 0
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
echo "1..$total"

n=0
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

check()
{
	name=$1 what=$2 base=$work/$1-$3
	n=$((n + 1))
	if [ "$(cat "$base-kbrowse.rc")" = 0 ] &&
	   cmp -s "$base-oracle/.config" "$base-kbrowse/.config"; then
		echo "ok $n - $name: $what"
	else
		echo "not ok $n - $name: $what (kbrowse exit $(cat "$base-kbrowse.rc"))"
		sed 's/^/# kbrowse: /' "$base-kbrowse.err" | head -n 10
		diff -u "$base-oracle/.config" "$base-kbrowse/.config" 2>&1 |
			head -n 30 | sed 's/^/# /'
	fi
}

for dir in "$fixtures"/*/; do
	[ -f "$dir/dialect" ] || continue
	name=$(basename "$dir")
	for mode in $modes; do
		run_both "$name" $mode
		check "$name" $mode $mode
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
		check "$name" "olddefconfig of $in.input" "$in"
	done
done
