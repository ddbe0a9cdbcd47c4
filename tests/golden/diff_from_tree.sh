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
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"
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

tap_golden_commands "$work" "$fixture" "$cases"
