#!/bin/sh
# Where an old tree's $(shell,...) probes run: `diff`, `merge` and
# `survey` with --from-tree OLD read OLD from its own top, but run its
# probes where kbrowse works, as the new tree's are run.  The kernel's
# cc-option makes and removes a directory where it runs: run in OLD,
# it would write into a tree that may be read-only (every such probe
# then answering n) or shared.  The trees are tests/golden/survey_tree's,
# each with a probe that leaves a file where it ran.
# TAP output.
: "${KBROWSE:?}" "${top_srcdir:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"
work=$(mktemp -d /tmp/kbrowse-golden-oldprobes.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

cp -R "$top_srcdir/tests/golden/survey_tree/old" "$top_srcdir/tests/golden/survey_tree/new" "$work/"
chmod -R u+w "$work"
for tree in old new; do
	printf '\nconfig PROBED\n\tdef_bool $(shell,touch probe-ran-here && echo y)\n' >>"$work/$tree/Kconfig"
done
: >"$work/old.config"
# A name only the old tree has: merge reads the old tree to find its new one.
printf 'CONFIG_OLD_WIDGET=y\n' >"$work/fragment.config"

tap_plan 10
# run NAME ARGS...: kbrowse ARGS in $work, with no probe left from before.
run()
{
	name=$1
	shift
	rm -f "$work/old/probe-ran-here" "$work/probe-ran-here"
	(cd "$work" && KBROWSE_NO_CACHE=1 ARCH=foo SRCARCH=foo "$KBROWSE" "$@" >"$work/$name.out" 2>"$work/$name.err")
	status=$?
}
# check NAME: the probes ran where kbrowse works only.
check()
{
	[ ! -e "$work/old/probe-ran-here" ]
	tap_result $? "$1: no probe ran in the old tree" || tap_diag <"$work/$1.err"
	[ -e "$work/probe-ran-here" ]
	tap_result $? "$1: the probes ran where kbrowse works"
}

run diff diff -C new --from-tree old old.config
tap_exit "$status" 0 "diff --from-tree exits 0" || tap_diag <"$work/diff.err"
check diff
run merge merge -C new --from-tree old old.config fragment.config
tap_exit "$status" 0 "merge --from-tree exits 0" || tap_diag <"$work/merge.err"
check merge
run survey survey -C new --from-tree old -j 1
# survey exits 1 when a configuration changes, as it does between these trees.
tap_exit "$status" 1 "survey --from-tree exits 1 (changes listed)" || tap_diag <"$work/survey.err"
check survey
# PROBED is y on both sides: not listed among the changes.
! grep -q PROBED "$work/survey.out"
tap_result $? "survey --from-tree: PROBED is the same in both trees" ||
	grep PROBED "$work/survey.out" | tap_diag
