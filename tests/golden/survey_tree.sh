#!/bin/sh
# `kbrowse survey --from-tree` on small fake kernel trees
# (tests/golden/survey_tree: old/ and new/, each a Makefile with a
# version, a Kconfig and arch/foo/ and arch/bar/ with their defconfigs),
# compared with the expected outputs there: the root changes grouped
# across configurations (a rename, a changed default and what follows
# from it, a new option set by some defconfigs), text and --json; a
# neutral refactoring (a `depends on A && B` rewritten as an `if A`
# block) and a changed default, each against new/; and the errors (no
# such tree, not a kernel tree, a tree with errors, an architecture the
# old tree lacks, usage).  Each defconfig read is the surveyed tree's:
# old/'s own defconfigs are never read.
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
fixture=$top_srcdir/tests/golden/survey_tree
work=$(mktemp -d /tmp/kbrowse-golden-surveytree.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

cp -R "$fixture/old" "$fixture/new" "$work/"
chmod -R u+w "$work"

# new/ with FAST's `depends on NET && SMP` as an `if NET` block: the
# same dependencies, so no configuration changes.
cp -R "$work/new" "$work/neutral"
awk '/^config FAST$/ { print "if NET"; print; infast = 1; next }
	infast && /depends on NET && SMP/ { print "\tdepends on SMP"; next }
	infast && /^$/ { print "endif"; infast = 0 }
	{ print }' "$work/new/Kconfig" >"$work/neutral/Kconfig"
# new/ with one default changed: LOG_LEVEL 3 becomes 4 where no
# defconfig sets it.
cp -R "$work/new" "$work/changed"
sed 's/^	default 3$/	default 4/' "$work/new/Kconfig" >"$work/changed/Kconfig"
# An old tree with an error, one without arch/bar, one that is no kernel's.
cp -R "$work/old" "$work/broken"
printf 'config BROKEN\n\tbool "B"\n\tdepends on (NET\n' >>"$work/broken/Kconfig"
cp -R "$work/old" "$work/nobar"
rm -rf "$work/nobar/arch/bar"
mkdir -p "$work/notkernel"
printf 'config A\n\tbool "A"\n' >"$work/notkernel/Kconfig"

cases='text	survey -C new --from-tree old -j 1
json	survey -C new --json --from-tree=old --arches foo -j 1
neutral	survey -C neutral --from-tree new -j 1
neutral_json	survey -C neutral --from-tree new --json -j 1
changed	survey -C changed --from-tree new -j 1
one_config	survey -C changed --from-tree new --configs a_* -j 1
no_tree	survey -C new --from-tree no-such-dir
not_kernel	survey -C new --from-tree notkernel
broken	survey -C new --from-tree broken -j 1
no_arch	survey -C new --from-tree nobar -j 1
with_stale	survey -C new --from-tree old --stale
no_value	survey -C new --from-tree'

tap_golden_commands "$work" "$fixture" "$cases"
