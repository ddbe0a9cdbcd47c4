#!/bin/sh
# The batch modes on the teaching tree write what the kernel's own conf
# wrote (tests/golden/examples/*.config), from the files on disk and from
# the copy built into the binary.  TAP output.
: "${KBROWSE:?}" "${top_srcdir:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"
expected=$top_srcdir/tests/golden/examples
work=$(mktemp -d /tmp/kbrowse-golden.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

tap_plan 6
# compare_config STATUS DIR MODE DESCRIPTION: conf MODE ran in DIR
compare_config()
{
	if [ "$1" -ne 0 ]; then
		tap_not_ok "$4 (exit $1)" || tap_diag <"$work/$2.err"
	else
		tap_golden "$expected/$3.config" "$work/$2/.config" "$4"
	fi
}

for mode in alldefconfig allyesconfig allnoconfig; do
	mkdir -p "$work/disk-$mode" "$work/builtin-$mode"
	(cd "$work/disk-$mode" && env -i PATH="$PATH" srctree="$top_srcdir/examples" \
		"$KBROWSE" conf --$mode Kconfig >/dev/null 2>"$work/disk-$mode.err")
	compare_config $? "disk-$mode" $mode "$mode from examples/ on disk"
	# No srctree and no Kconfig here: kbrowse uses its built-in copy.
	(cd "$work/builtin-$mode" && env -i PATH="$PATH" \
		"$KBROWSE" conf --$mode >/dev/null 2>"$work/builtin-$mode.err")
	compare_config $? "builtin-$mode" $mode "$mode from the built-in teaching tree"
done
