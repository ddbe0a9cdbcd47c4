#!/bin/sh
# The sample outputs README.md shows for `kbrowse explain PAGE_SHIFT` and
# `kbrowse explain --to 16 PAGE_SHIFT` (the teaching tree, no .config):
# every line of each sample but "..." must be a line of the real output,
# in the same order, so that the README cannot quote stale line numbers.
#
# usage: readme_samples.sh    (KBROWSE and top_srcdir set, as by make check)
: "${KBROWSE:?}" "${top_srcdir:?}"
readme=$top_srcdir/README.md

[ -x "$KBROWSE" ] || { echo "1..0 # SKIP $KBROWSE not built"; exit 0; }
work=$(mktemp -d /tmp/kbrowse-golden-samples.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
n=0 failed=0

# sample COMMAND: README's lines after "$ kbrowse COMMAND" up to the fence,
# the indentation of the "$" line taken off.
sample()
{
	awk -v cmd="\$ kbrowse $1" '
		index($0, cmd) && substr($0, index($0, cmd)) == cmd {
			on = 1; cut = index($0, "$") - 1; next
		}
		on && /```/ { exit }
		on { print substr($0, cut + 1) }' "$readme" | grep -vx ' *\.\.\.'
}

# In order: each wanted line found after the one before.
in_order()
{
	awk 'NR == FNR { want[++n] = $0; next }
	     k < n && $0 == want[k + 1] { k++ }
	     END { if (k < n) { print "# missing: " want[k + 1]; exit 1 } }' "$1" "$2"
}

for args in "explain PAGE_SHIFT" "explain --to 16 PAGE_SHIFT"; do
	n=$((n + 1))
	sample "$args" >"$work/want"
	# shellcheck disable=SC2086
	(cd "$work" && "$KBROWSE" $args 2>/dev/null) >"$work/got"
	if [ "$(wc -l <"$work/want")" -ge 5 ] && in_order "$work/want" "$work/got"; then
		echo "ok $n - README's sample of kbrowse $args is what it prints"
	else
		echo "not ok $n - README's sample of kbrowse $args is what it prints"
		failed=$((failed + 1))
	fi
done
echo "1..$n"
[ "$failed" -eq 0 ]
