#!/usr/bin/env bash
# Parse the Linux 6.12 tree (or $KBROWSE_KERNEL_SERIES's, lib.sh) for
# every architecture variant with
# `kbrowse dump`, in the environment the kernel's top-level Makefile gives
# scripts/kconfig/conf (lib.sh's arch_env), and check for each:
#   - kbrowse exits 0 and reports no error;
#   - the dump, saved as a standalone file, dumps again to itself.
# One line per variant, then "N passed, N failed".
#
# usage: parse.sh KBROWSE [KERNEL_TREE] [VARIANT...]
#        (default tree: the linux-source-6.12 cache of lib.sh; default
#        variants: every arch/*/Kconfig and the Makefile's aliases, plus
#        i386, x86_64, sparc32, sparc64 and um)
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

[ $# -ge 1 ] || { echo "usage: $0 KBROWSE [KERNEL_TREE] [VARIANT...]" >&2; exit 2; }
kbrowse=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
[ -x "$kbrowse" ] || { echo "$0: $kbrowse is not an executable" >&2; exit 2; }
if [ $# -ge 1 ] && [ -d "$1" ]; then
	KERNEL_TREE=$(cd "$1" && pwd)
	shift
else
	KERNEL_TREE=$(kernel_tree) || exit 77
fi
export KERNEL_TREE

if [ $# -eq 0 ]; then
	variants=$( { arch_variants; printf '%s\n' i386 x86_64 sparc32 sparc64 um; } |
		LC_ALL=C sort -u)
	# shellcheck disable=SC2086
	set -- $variants
fi

work=$(mktemp -d /tmp/kbrowse-parse.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

# The environment for a variant.  sparc32 is the old name of 32-bit sparc
# (arch/sparc, 64BIT off): the 6.12 Makefile no longer knows it, so it
# gets sparc's environment with its own ARCH.
variant_env()
{
	case $1 in
	sparc32) arch_env sparc | sed 's/^ARCH=.*/ARCH=sparc32/' ;;
	*) arch_env "$1" ;;
	esac
}

passed=0
failed=0
for variant in "$@"; do
	dir=$work/$variant
	mkdir -p "$dir/run" "$dir/again"
	if ! variant_env "$variant" >"$dir/env" 2>"$dir/env.err"; then
		echo "$variant: FAIL (no environment: $(head -n 1 "$dir/env.err"))"
		failed=$((failed + 1))
		continue
	fi
	mapfile -t envargs <"$dir/env"
	start=$(date +%s.%N)
	(cd "$dir/run" && env -i PATH="$PATH" HOME="${HOME:-/}" "${envargs[@]}" \
		"$kbrowse" dump >"$dir/dump" 2>"$dir/stderr")
	status=$?
	end=$(date +%s.%N)
	errors=$(grep -c ': error: ' "$dir/stderr")
	warnings=$(grep -c ': warning: ' "$dir/stderr")
	if [ "$status" -ne 0 ] || [ "$errors" -ne 0 ]; then
		echo "$variant: FAIL (exit $status, $errors errors)"
		grep -m 5 ': error: \|kbrowse:' "$dir/stderr" | sed 's/^/    /'
		failed=$((failed + 1))
		continue
	fi
	# The dump alone, with no tree and no environment around it (but
	# the rules of its tree, which its Makefile told).
	cp "$dir/dump" "$dir/again/Kconfig"
	(cd "$dir/again" && env -i PATH="$PATH" HOME="${HOME:-/}" \
		KBROWSE_DIALECT="$(kernel_dialect)" \
		"$kbrowse" dump Kconfig >"$dir/dump2" 2>"$dir/stderr2")
	status=$?
	if [ "$status" -ne 0 ] || ! cmp -s "$dir/dump" "$dir/dump2"; then
		echo "$variant: FAIL (the dump of the dump differs; exit $status)"
		head -n 5 "$dir/stderr2" | sed 's/^/    /'
		diff "$dir/dump" "$dir/dump2" | head -n 10 | sed 's/^/    /'
		failed=$((failed + 1))
		continue
	fi
	printf '%s: ok (%d lines, %d warnings, %.2fs; fixed point)\n' "$variant" \
		"$(wc -l <"$dir/dump")" "$warnings" \
		"$(echo "$end - $start" | bc 2>/dev/null || echo 0)"
	passed=$((passed + 1))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
