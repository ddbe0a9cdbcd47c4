#!/usr/bin/env bash
# make bench: kbrowse against the kernel's own scripts/kconfig/conf on
# Linux 6.12, x86_64 defconfig, measured in one run and printed as ratios.
#
#   instructions   valgrind --tool=callgrind, the process itself (stable
#                  on noisy machines); kbrowse without and with its
#                  $(shell,...) cache
#   wall time      median of several runs; "cold" = empty shell cache,
#                  "warm" = cache filled (conf has no cache: same runs)
#   peak RSS       /usr/bin/time, when installed
#   explain        every symbol explained in one run, when available
#
# Benchmarks, not tests: nothing here fails on a slow figure.
# Usage: bench.sh [--runs N] KBROWSE
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../kernel/lib.sh
. "$here/../kernel/lib.sh"

runs=5
while [ $# -gt 1 ]; do
	case $1 in
	--runs) runs=$2; shift 2 ;;
	*) break ;;
	esac
done
kbrowse=${1:-${KBROWSE:-}}
[ -x "$kbrowse" ] || { echo "usage: bench.sh [--runs N] KBROWSE" >&2; exit 2; }
kbrowse=$(cd "$(dirname "$kbrowse")" && pwd)/$(basename "$kbrowse")

tree=$(kernel_tree) || exit 1
conf=$(kernel_conf) || exit 1
work=$(mktemp -d /tmp/kbrowse-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
cache=$work/cache

# The environment make gives conf for ARCH=x86_64, exported for both.
while IFS= read -r line; do
	export "${line?}"
done < <(KERNEL_TREE=$tree arch_env x86_64)
export XDG_CACHE_HOME=$cache

# The starting .config: x86_64_defconfig as conf writes it.
mkdir -p "$work/seed"
(cd "$work/seed" && "$conf" -s --defconfig="$tree/arch/x86/configs/x86_64_defconfig" Kconfig) \
	>/dev/null 2>&1 || { echo "conf --defconfig failed" >&2; exit 1; }

fresh_dir()
{
	rm -rf "$work/run" && cp -a "$work/seed" "$work/run"
}

# olddefconfig WHO [PREFIX...]: run one olddefconfig in a fresh copy of the
# seed directory, WHO being conf, kb-cold (no shell cache) or kb-warm;
# PREFIX is a measuring tool (valgrind, /usr/bin/time).
olddefconfig()
{
	local who=$1
	shift
	fresh_dir
	case $who in
	conf) (cd "$work/run" && "$@" "$conf" -s --olddefconfig Kconfig) ;;
	kb-cold) (cd "$work/run" && KBROWSE_NO_CACHE=1 "$@" "$kbrowse" conf -s --olddefconfig Kconfig) ;;
	kb-warm) (cd "$work/run" && "$@" "$kbrowse" conf -s --olddefconfig Kconfig) ;;
	esac >/dev/null 2>&1
}

now_ns() { date +%s%N; }

median()
{
	sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# wall WHO: median wall time in ms over $runs runs.
wall()
{
	local i t0 t1
	for i in $(seq "$runs"); do
		t0=$(now_ns)
		olddefconfig "$1"
		t1=$(now_ns)
		echo $(((t1 - t0) / 1000000))
	done | median
}

instructions()
{
	local out=$work/callgrind.out
	rm -f "$out"
	olddefconfig "$1" valgrind --tool=callgrind --callgrind-out-file="$out"
	sed -n 's/^summary: *//p' "$out" 2>/dev/null | head -n 1
}

peak_rss()
{
	[ -x /usr/bin/time ] || { echo "n/a"; return; }
	rm -f "$work/rss"
	olddefconfig "$1" /usr/bin/time -f '%M' -o "$work/rss"
	tail -n 1 "$work/rss" 2>/dev/null
}

ratio()
{
	awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0 || a == "n/a") print "n/a"; else printf "%.3f", a / b }'
}

row()
{
	printf '%-34s %14s %14s %8s\n' "$1" "$2" "$3" "$(ratio "$2" "$3")"
}

echo "kbrowse bench: Linux $(kernel_version "$tree"), ARCH=x86_64, olddefconfig on x86_64_defconfig"
echo "conf: $conf"
echo "kbrowse: $kbrowse"
echo

# Check that both agree before measuring anything.
olddefconfig conf && cp "$work/run/.config" "$work/conf.config"
olddefconfig kb-cold
if cmp -s "$work/run/.config" "$work/conf.config"; then
	echo "outputs: identical .config"
else
	echo "outputs: DIFFERENT .config (figures below compare unequal work)"
fi
echo

printf '%-34s %14s %14s %8s\n' "measure" "kbrowse" "conf" "ratio"
ir_conf=$(instructions conf)
row "instructions (no shell cache)" "$(instructions kb-cold)" "$ir_conf"
rm -rf "$cache"
olddefconfig kb-warm	# fills the cache
row "instructions (shell cache warm)" "$(instructions kb-warm)" "$ir_conf"

wall_conf=$(wall conf)
row "wall ms, cold (median of $runs)" "$(wall kb-cold)" "$wall_conf"
row "wall ms, warm (median of $runs)" "$(wall kb-warm)" "$wall_conf"
row "peak RSS KiB" "$(peak_rss kb-cold)" "$(peak_rss conf)"

# Explaining every symbol: kbrowse only (conf has no such mode).
if "$kbrowse" explain --help >/dev/null 2>&1; then
	fresh_dir
	syms=$(sed -n 's/^CONFIG_\([A-Za-z0-9_]*\)=.*/\1/p; s/^# CONFIG_\([A-Za-z0-9_]*\) is not set/\1/p' \
		"$work/conf.config")
	t0=$(now_ns)
	# shellcheck disable=SC2086 # one argument per symbol
	(cd "$work/run" && "$kbrowse" explain --json $syms) >"$work/explain.json" 2>/dev/null
	t1=$(now_ns)
	printf '%-34s %14s %14s %8s\n' "explain all ($(echo "$syms" | wc -w) symbols), ms" \
		$(((t1 - t0) / 1000000)) "-" "-"
else
	printf '%-34s %14s\n' "explain all symbols" "n/a (no explain yet)"
fi
