#!/bin/sh
# The rules of the forks' patches (dialect.c's issue-19 rows) on small
# fixture trees, against facts: the .config each tree's own conf wrote
# (barebox's, Linux 5.13's, for linux-5.x; BusyBox's for busybox),
# stored beside the tree as MODE.config (those conf binaries are built
# from trees fetched outside the repository, so their outputs are kept
# instead).  TAP output.
#
# Each directory under fixtures/forks/ is one tree:
#   Kconfig or Config.in   the top file, which kbrowse finds by itself
#   .kbrowse-dialect       the rules, as a tree's own setting file
#   env                    optional NAME=VALUE lines for kbrowse
#   MODE.config            what that conf wrote for --MODE
: "${KBROWSE:?}" "${top_srcdir:?}"
fixtures=$top_srcdir/tests/dialects/fixtures/forks
work=$(mktemp -d /tmp/kbrowse-forks.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

total=0
for expected in "$fixtures"/*/*.config; do
	[ -e "$expected" ] && total=$((total + 1))
done
echo "1..$total"
n=0
for expected in "$fixtures"/*/*.config; do
	[ -e "$expected" ] || continue
	dir=$(dirname "$expected")
	name=$(basename "$dir") mode=$(basename "$expected" .config)
	tree=$work/$name-$mode
	cp -R "$dir" "$tree"
	rm -f "$tree"/*.config
	envs=
	[ -f "$tree/env" ] && envs=$(cat "$tree/env")
	# shellcheck disable=SC2086 # NAME=VALUE words
	(cd "$work" && env -u srctree -u KBROWSE_DIALECT $envs \
		KCONFIG_CONFIG="$tree/.config" "$KBROWSE" -C "$tree" conf --"$mode" \
		>/dev/null 2>"$tree.err")
	rc=$?
	n=$((n + 1))
	if [ $rc = 0 ] && cmp -s "$expected" "$tree/.config"; then
		echo "ok $n - $name: $mode"
	else
		echo "not ok $n - $name: $mode (kbrowse exit $rc)"
		sed 's/^/# kbrowse: /' "$tree.err" | head -n 10
		diff -u "$expected" "$tree/.config" 2>&1 | head -n 30 | sed 's/^/# /'
	fi
done
