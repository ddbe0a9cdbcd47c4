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
dir=$top_srcdir/tests/golden/dump
update=false
[ "${1:-}" = --update ] && update=true

[ -x "$KBROWSE" ] || { echo "1..0 # SKIP $KBROWSE not built"; exit 0; }
work=$(mktemp -d /tmp/kbrowse-golden-dump.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

# Only PATH: no srctree or ARCH from the caller's environment.
run()
{
	env -i PATH="$PATH" KBROWSE_NO_CACHE=1 "$@"
}

fixtures=$(cd "$dir" && ls *.kconfig)
set -- $fixtures
echo "1..$((3 + 2 * $#))"
n=0

# compare EXPECTED GOT DESCRIPTION
compare()
{
	n=$((n + 1))
	if $update && [ "$1" != "$2" ]; then
		cp "$2" "$1"
	fi
	if cmp -s "$1" "$2"; then
		echo "ok $n - $3"
	else
		echo "not ok $n - $3"
		diff -u "$1" "$2" 2>&1 | head -n 30 | sed 's/^/# /'
	fi
}

# fixed_point DUMP DESCRIPTION: dump the dump, in a directory of its own
fixed_point()
{
	mkdir -p "$work/fp"
	cp "$1" "$work/fp/Kconfig"
	(cd "$work/fp" && run "$KBROWSE" dump Kconfig >"$work/fp/again" 2>"$work/fp/err")
	n=$((n + 1))
	if cmp -s "$1" "$work/fp/again" && ! grep -q 'error' "$work/fp/err"; then
		echo "ok $n - $2: the dump of the dump is the dump"
	else
		echo "not ok $n - $2: the dump of the dump differs"
		sed 's/^/# /' "$work/fp/err" | head -n 10
		diff -u "$1" "$work/fp/again" 2>&1 | head -n 30 | sed 's/^/# /'
	fi
	rm -rf "$work/fp"
}

mkdir -p "$work/disk" "$work/builtin"
(cd "$work/disk" && run srctree="$top_srcdir/examples" "$KBROWSE" dump \
	>"$work/examples.dump" 2>"$work/examples.err")
compare "$dir/examples.expected" "$work/examples.dump" "examples/ from disk"
# No srctree and no Kconfig here: the built-in copy.
(cd "$work/builtin" && run "$KBROWSE" dump >"$work/builtin.dump" 2>/dev/null)
compare "$dir/examples.expected" "$work/builtin.dump" "the built-in teaching tree"
fixed_point "$work/examples.dump" "examples/"

for fixture in $fixtures; do
	name=${fixture%.kconfig}
	(cd "$dir" && run "$KBROWSE" dump "$fixture" >"$work/$name.dump" 2>"$work/$name.err")
	status=$?
	if [ -f "$dir/$name.stderr" ] || [ -s "$work/$name.err" ]; then
		$update && cp "$work/$name.err" "$dir/$name.stderr"
		if ! cmp -s "$dir/$name.stderr" "$work/$name.err"; then
			echo "# $name: stderr differs (exit status $status):"
			diff -u "$dir/$name.stderr" "$work/$name.err" | sed 's/^/# /'
			echo "not ok $((n + 1)) - $fixture"
			n=$((n + 1))
			fixed_point "$work/$name.dump" "$fixture"
			continue
		fi
	fi
	compare "$dir/$name.expected" "$work/$name.dump" "$fixture"
	fixed_point "$work/$name.dump" "$fixture"
done
