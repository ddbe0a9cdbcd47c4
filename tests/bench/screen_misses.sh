#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# screen_misses.sh [--perf] KBROWSE: where the browser's warm first screen
# on Linux 6.12 x86_64 (bench.sh's kb-screen row) spends what instructions
# do not show.  The first screen runs ~76 M instructions in ~60 ms: its
# time goes to cache misses, page faults and system calls.  Prints
#   - its instructions (callgrind, the second of two runs),
#   - its simulated data-cache misses, D1 and last level (cachegrind:
#     exact, whatever the machine's load; `cg_annotate --sort=D1mr FILE`
#     says where),
#   - with --perf, the file of perf-sampled stacks of twelve runs (folded:
#     "COUNT frame;frame;..."), whose proportions hold under load.
# The $(shell) cache's key holds valgrind's LD_PRELOAD and perf's own
# variables, and the browser leaving at its first screen stops the probes
# still running: each tool's cache is warmed by an olddefconfig first.
set -u
here=$(cd "$(dirname "$0")" && pwd)
perf_too=
if [ "${1:-}" = --perf ]; then
	perf_too=1
	shift
fi
kbrowse=${1:-}
[ -x "$kbrowse" ] || { echo "usage: screen_misses.sh [--perf] KBROWSE" >&2; exit 2; }
kbrowse=$(cd "$(dirname "$kbrowse")" && pwd)/$(basename "$kbrowse")
# shellcheck source=tests/kernel/lib.sh
. "$here/../kernel/lib.sh"
tree=$(kernel_tree) || exit 1
conf=$(kernel_conf) || exit 1
out=$(mktemp -d /tmp/kbrowse-misses.XXXXXX)
while IFS= read -r line; do
	export "${line?}"
done < <(KERNEL_TREE=$tree arch_env x86_64)
export XDG_CACHE_HOME=$out/cache
case ${TERM:-dumb} in dumb|unknown) export TERM=xterm ;; esac
mkdir -p "$out/run"
cd "$out/run" || exit 1
"$conf" -s --defconfig="$tree/arch/x86/configs/x86_64_defconfig" Kconfig >/dev/null 2>&1 ||
	{ echo "conf --defconfig failed" >&2; exit 1; }
cp .config "$out/seed.config"

screen() { KBROWSE_EXIT_AFTER_FIRST_SCREEN=1 script -qec "$*" /dev/null </dev/null >/dev/null 2>&1; }
warm()
{
	"$@" "$kbrowse" conf -s --olddefconfig Kconfig >/dev/null 2>&1
	cp "$out/seed.config" .config
}

warm valgrind --tool=callgrind --callgrind-out-file=/dev/null
screen valgrind --tool=callgrind --callgrind-out-file="$out/screen.cg" "$kbrowse" Kconfig
rm -f "$out/screen.cg"
screen valgrind --tool=callgrind --callgrind-out-file="$out/screen.cg" "$kbrowse" Kconfig
echo "instructions      $(sed -n 's/^summary: *//p' "$out/screen.cg")  ($out/screen.cg)"

warm valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=/dev/null
screen valgrind --tool=cachegrind --cache-sim=yes \
	--cachegrind-out-file="$out/screen.cache" "$kbrowse" Kconfig
# The events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw.
read -r _ _ _ _ d1r dlr _ d1w dlw < <(sed -n 's/^summary: *//p' "$out/screen.cache")
echo "D1 misses         $((d1r + d1w)) (read $d1r, write $d1w)"
echo "LL misses         $((dlr + dlw))  ($out/screen.cache)"

if [ -n "$perf_too" ]; then
	warm perf record -q -o "$out/warm.perf" --
	warm
	KBROWSE_EXIT_AFTER_FIRST_SCREEN=1 perf record -q -e cpu-clock -F 5000 \
		--call-graph dwarf,65528 -o "$out/screen.perf" -- \
		script -qec "for i in 1 2 3 4 5 6 7 8 9 10 11 12; do $kbrowse Kconfig; done" \
		/dev/null </dev/null >/dev/null 2>&1
	perf report -i "$out/screen.perf" --no-children --comm kbrowse --sort sym --stdio \
		-g folded,0,caller,count 2>/dev/null | grep -v '^#' >"$out/screen.folded"
	echo "perf stacks       $out/screen.folded"
fi
