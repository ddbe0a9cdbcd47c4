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
fixtures=$(cd "$top_srcdir/tests/dialects/fixtures/forks" && pwd) || exit 99
work=$(mktemp -d /tmp/kbrowse-forks.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

total=2
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

# explain follows the same rules: written, because this tree's conf
# writes every symbol, though its dependencies are not met; the rules
# named with where they came from; "used by" columns that stay aligned
# past a long name (each row's second column starts at the same place)
tree=$fixtures/write-every
explain=$work/explain.txt
(cd "$work" && env -u srctree -u KBROWSE_DIALECT "$KBROWSE" -C "$tree" explain B A \
	>"$explain" 2>"$work/explain.err")
n=$((n + 1))
if grep -q "^Kconfig rules: busybox (.kbrowse-dialect)" "$explain" &&
   grep -q "not visible\|hidden" "$explain" &&
   grep -q "written to .config (this tree's conf writes every symbol)" "$explain"; then
	echo "ok $n - write-every: explain says B is written, by this tree's rule"
else
	echo "not ok $n - write-every: explain says B is written, by this tree's rule"
	head -n 8 "$explain" "$work/explain.err" | sed 's/^/# /'
fi
n=$((n + 1))
columns=$(sed -n '/used by/,/^$/p' "$explain" | grep -v 'used by' | grep . |
	sed 's/^\( *[^ ]* *\).*/\1/' | awk '{ print length($0) }' | sort -u | wc -l)
if [ "$columns" = 1 ] &&
   grep -q "A_SYMBOL_WITH_A_NAME_LONGER_THAN_THE_COLUMN depends" "$explain"; then
	echo "ok $n - explain's used-by columns stay aligned past a long name"
else
	echo "not ok $n - explain's used-by columns stay aligned past a long name"
	sed -n '/used by/,/^$/p' "$explain" | sed 's/^/# /'
fi
