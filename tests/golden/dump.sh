#!/bin/sh
# `kbrowse dump` against checked-in expected output (TAP):
#  - the teaching tree (examples/), from disk and from the built-in copy;
#  - every fixture tests/golden/dump/NAME.kconfig (run in that directory,
#    so that its `source` statements find their files): stdout must be
#    NAME.expected, stderr NAME.stderr (empty when that file is missing);
#  - for each of them, the dump parses again to the same dump.
#
# usage: dump.sh            (KBROWSE and top_srcdir set, as by make check)
#        dump.sh --update   rewrite the expected files from this kbrowse
: "${KBROWSE:?}" "${top_srcdir:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"
dir=$top_srcdir/tests/golden/dump
[ "${1:-}" = --update ] && KBROWSE_GOLDEN_UPDATE=1

[ -x "$KBROWSE" ] || tap_skip_all "$KBROWSE not built"
work=$(mktemp -d /tmp/kbrowse-golden-dump.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

# Only PATH: no srctree or ARCH from the caller's environment.
run()
{
	env -i PATH="$PATH" KBROWSE_NO_CACHE=1 "$@"
}

fixtures=$(cd "$dir" && ls -- *.kconfig)
# shellcheck disable=SC2086 # file names without blanks
set -- $fixtures
tap_plan $((3 + 2 * $#))

# fixed_point DUMP DESCRIPTION: dump the dump, in a directory of its own
fixed_point()
{
	mkdir -p "$work/fp"
	cp "$1" "$work/fp/Kconfig"
	(cd "$work/fp" && run "$KBROWSE" dump Kconfig >"$work/fp/again" 2>"$work/fp/err")
	if cmp -s "$1" "$work/fp/again" && ! grep -q 'error' "$work/fp/err"; then
		tap_ok "$2: the dump of the dump is the dump"
	else
		tap_not_ok "$2: the dump of the dump differs"
		head -n 10 "$work/fp/err" | tap_diag
		diff -u "$1" "$work/fp/again" 2>&1 | head -n 30 | tap_diag
	fi
	rm -rf "$work/fp"
}

mkdir -p "$work/disk" "$work/builtin"
(cd "$work/disk" && run srctree="$top_srcdir/examples" "$KBROWSE" dump \
	>"$work/examples.dump" 2>"$work/examples.err")
tap_golden "$dir/examples.expected" "$work/examples.dump" "examples/ from disk"
# No srctree and no Kconfig here: the built-in copy.
(cd "$work/builtin" && run "$KBROWSE" dump >"$work/builtin.dump" 2>/dev/null)
tap_golden "$dir/examples.expected" "$work/builtin.dump" "the built-in teaching tree"
fixed_point "$work/examples.dump" "examples/"

for fixture in $fixtures; do
	name=${fixture%.kconfig}
	(cd "$dir" && run "$KBROWSE" dump "$fixture" >"$work/$name.dump" 2>"$work/$name.err")
	status=$?
	if [ -f "$dir/$name.stderr" ] || [ -s "$work/$name.err" ]; then
		if ! cmp -s "$dir/$name.stderr" "$work/$name.err"; then
			tap_golden "$dir/$name.stderr" "$work/$name.err" \
				"$fixture: stderr (exit status $status)"
			fixed_point "$work/$name.dump" "$fixture"
			continue
		fi
	fi
	tap_golden "$dir/$name.expected" "$work/$name.dump" "$fixture"
	fixed_point "$work/$name.dump" "$fixture"
done
