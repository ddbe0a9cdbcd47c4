#!/bin/sh
# `kbrowse diff --from-tree` on two small trees (tests/golden/diff_from_tree:
# old/ and new/, and old.config as the old tree's conf writes it), compared
# with the expected outputs there: the grouping by root cause, a new
# option and what depends on it, a removed option and what depended on
# it, renames found by prompt and by help, a changed default; text and
# --json; and the errors (no such tree, a tree with errors, a malformed
# or missing .config, usage).
# TAP output.
#
# Each case is a line of the table below: NAME and the arguments after
# `kbrowse`, run in a copy of the fixture; NAME.out holds what it prints,
# then any lines on stderr as "stderr: ...", then "exit: N" when the
# status is not 0.  KBROWSE_GOLDEN_UPDATE=1 rewrites the .out files.
: "${KBROWSE:?}" "${top_srcdir:?}"
fixture=$top_srcdir/tests/golden/diff_from_tree
work=$(mktemp -d /tmp/kbrowse-golden-difftree.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

cp -R "$fixture/old" "$fixture/new" "$fixture/old.config" "$fixture/bad.config" "$work/"
chmod -R u+w "$work"
mkdir -p "$work/broken"
printf 'config A\n\tbool "A"\n\tdepends on (B\n' >"$work/broken/Kconfig"

cases='text	diff -C new --from-tree old old.config
json	diff -C new --json --from-tree=old old.config
no_tree	diff -C new --from-tree no-such-dir old.config
broken	diff -C new --from-tree broken old.config
two_files	diff -C new --from-tree old old.config old.config
with_apply	diff -C new --from-tree old --apply old.config
bad_config	diff -C new --from-tree old bad.config
no_config	diff -C new --from-tree old missing.config
no_value	diff --from-tree'

total=$(printf '%s\n' "$cases" | wc -l)
echo "1..$total"
n=0
printf '%s\n' "$cases" | while IFS='	' read -r name args; do
	n=$((n + 1))
	# shellcheck disable=SC2086 # the arguments are words
	(cd "$work" && env -i PATH="$PATH" "$KBROWSE" $args \
		>"$work/$name.stdout" 2>"$work/$name.stderr")
	rc=$?
	{
		cat "$work/$name.stdout"
		sed 's/^/stderr: /' "$work/$name.stderr"
		[ "$rc" -eq 0 ] || echo "exit: $rc"
	} >"$work/$name.actual"
	if [ -n "${KBROWSE_GOLDEN_UPDATE:-}" ]; then
		cp "$work/$name.actual" "$fixture/$name.out"
	fi
	if cmp -s "$work/$name.actual" "$fixture/$name.out"; then
		echo "ok $n - $name: kbrowse $args"
	else
		echo "not ok $n - $name: kbrowse $args"
		diff -u "$fixture/$name.out" "$work/$name.actual" 2>&1 | head -n 30 | sed 's/^/# /'
	fi
done
