#!/bin/sh
# `kbrowse conf --want` on the teaching tree (built into the binary): goals
# met and written, conflicting goals named with nothing written, malformed
# fragments reported as file:line:column errors.  TAP output.
: "${KBROWSE:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
work=$(mktemp -d /tmp/kbrowse-golden-want.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
want()
{
	(cd "$work/$1" && shift && env -i PATH="$PATH" "$KBROWSE" conf "$@" \
		>out 2>err)
}
tap_plan 6

mkdir -p "$work/met"
printf '# two goals\nCONFIG_PAGE_SHIFT=16\n# CONFIG_EXT4_FS is not set\n' >"$work/met/goals"
want met --want goals
rc=$?
[ "$rc" -eq 0 ] && grep -qx 'CONFIG_PAGE_SHIFT=16' "$work/met/.config" &&
	grep -qx '# CONFIG_EXT4_FS is not set' "$work/met/.config" &&
	grep -q 'choose CONFIG_PAGE_SIZE_64KB' "$work/met/out"
tap_result $? "two goals met, the .config written"

mkdir -p "$work/dry"
cp "$work/met/goals" "$work/dry/goals"
want dry --want goals --dry-run && [ ! -e "$work/dry/.config" ] && grep -q 'set CONFIG_EXT4_FS=n' "$work/dry/out"
tap_result $? "--dry-run prints the plan and writes nothing"

mkdir -p "$work/conflict"
printf 'CONFIG_PAGE_SIZE_64KB=y\nCONFIG_PAGE_SHIFT=12\n' >"$work/conflict/goals"
want conflict --want goals
rc=$?
[ "$rc" -eq 1 ] && [ ! -e "$work/conflict/.config" ] &&
	grep -q 'PAGE_SIZE_64KB=y at goals:1' "$work/conflict/err" &&
	grep -q 'PAGE_SHIFT=12 at goals:2' "$work/conflict/err"
tap_result $? "conflicting goals: exit 1, both named, nothing written"

mkdir -p "$work/bad"
printf 'CONFIG_PAGE_SHIFT=16\nPAGE_SHIFT=16\n' >"$work/bad/goals"
want bad --want goals
[ $? -eq 1 ] && [ ! -e "$work/bad/.config" ] &&
	grep -qx 'goals:2:1: error: expected CONFIG_NAME=VALUE or a comment' "$work/bad/err"
tap_result $? "a line that is no goal: file:line:column error, nothing written"

printf 'CONFIG_NO_SUCH_SYMBOL=y\n' >"$work/bad/goals"
want bad --want goals
[ $? -eq 1 ] && grep -qx 'goals:1:8: error: NO_SUCH_SYMBOL is not a symbol of this tree' "$work/bad/err"
tap_result $? "an unknown symbol: file:line:column error"

printf 'CONFIG_64BIT=m\n' >"$work/bad/goals"
want bad --want goals
[ $? -eq 1 ] && grep -qx 'goals:1:8: error: not a value 64BIT can have' "$work/bad/err"
tap_result $? "a bool cannot be m: file:line:column error"

tap_done
