#!/bin/sh
# The batch modes on the teaching tree write what the kernel's own conf
# wrote (tests/golden/examples/*.config), from the files on disk and from
# the copy built into the binary.  TAP output.
: "${KBROWSE:?}" "${top_srcdir:?}"
expected=$top_srcdir/tests/golden/examples
work=$(mktemp -d /tmp/kbrowse-golden.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

echo "1..6"
n=0
check()
{
	n=$((n + 1))
	if [ "$1" -eq 0 ] && cmp -s "$work/$2/.config" "$expected/$3.config"; then
		echo "ok $n - $4"
	else
		echo "not ok $n - $4 (exit $1)"
		diff -u "$expected/$3.config" "$work/$2/.config" 2>&1 | head -n 20 | sed 's/^/# /'
	fi
}

for mode in alldefconfig allyesconfig allnoconfig; do
	mkdir -p "$work/disk-$mode" "$work/builtin-$mode"
	(cd "$work/disk-$mode" && env -i PATH="$PATH" srctree="$top_srcdir/examples" \
		"$KBROWSE" conf --$mode Kconfig >/dev/null 2>"$work/disk-$mode.err")
	check $? "disk-$mode" $mode "$mode from examples/ on disk"
	# No srctree and no Kconfig here: kbrowse uses its built-in copy.
	(cd "$work/builtin-$mode" && env -i PATH="$PATH" \
		"$KBROWSE" conf --$mode >/dev/null 2>"$work/builtin-$mode.err")
	check $? "builtin-$mode" $mode "$mode from the built-in teaching tree"
done
