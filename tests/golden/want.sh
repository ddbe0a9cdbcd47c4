#!/bin/sh
# `kbrowse conf --want` on the teaching tree (built into the binary): goals
# met and written, conflicting goals named with nothing written, malformed
# fragments reported as file:line:column errors.  TAP output.
: "${KBROWSE:?}"
work=$(mktemp -d /tmp/kbrowse-golden-want.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
n=0
ok()
{
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
want()
{
	(cd "$work/$1" && shift && env -i PATH="$PATH" "$KBROWSE" conf "$@" \
		>out 2>err)
}
echo "1..6"

mkdir -p "$work/met"
printf '# two goals\nCONFIG_PAGE_SHIFT=16\n# CONFIG_EXT4_FS is not set\n' >"$work/met/goals"
want met --want goals
rc=$?
[ "$rc" -eq 0 ] && grep -qx 'CONFIG_PAGE_SHIFT=16' "$work/met/.config" &&
	grep -qx '# CONFIG_EXT4_FS is not set' "$work/met/.config" &&
	grep -q 'choose CONFIG_PAGE_SIZE_64KB' "$work/met/out"
ok $? "two goals met, the .config written"

mkdir -p "$work/dry"
cp "$work/met/goals" "$work/dry/goals"
want dry --want goals --dry-run && [ ! -e "$work/dry/.config" ] && grep -q 'set CONFIG_EXT4_FS=n' "$work/dry/out"
ok $? "--dry-run prints the plan and writes nothing"

mkdir -p "$work/conflict"
printf 'CONFIG_PAGE_SIZE_64KB=y\nCONFIG_PAGE_SHIFT=12\n' >"$work/conflict/goals"
want conflict --want goals
rc=$?
[ "$rc" -eq 1 ] && [ ! -e "$work/conflict/.config" ] &&
	grep -q 'PAGE_SIZE_64KB=y at goals:1' "$work/conflict/err" &&
	grep -q 'PAGE_SHIFT=12 at goals:2' "$work/conflict/err"
ok $? "conflicting goals: exit 1, both named, nothing written"

mkdir -p "$work/bad"
printf 'CONFIG_PAGE_SHIFT=16\nPAGE_SHIFT=16\n' >"$work/bad/goals"
want bad --want goals
[ $? -eq 1 ] && [ ! -e "$work/bad/.config" ] &&
	grep -qx 'goals:2:1: error: expected CONFIG_NAME=VALUE or a comment' "$work/bad/err"
ok $? "a line that is no goal: file:line:column error, nothing written"

printf 'CONFIG_NO_SUCH_SYMBOL=y\n' >"$work/bad/goals"
want bad --want goals
[ $? -eq 1 ] && grep -qx 'goals:1:8: error: NO_SUCH_SYMBOL is not a symbol of this tree' "$work/bad/err"
ok $? "an unknown symbol: file:line:column error"

printf 'CONFIG_64BIT=m\n' >"$work/bad/goals"
want bad --want goals
[ $? -eq 1 ] && grep -qx 'goals:1:8: error: not a value 64BIT can have' "$work/bad/err"
ok $? "a bool cannot be m: file:line:column error"
