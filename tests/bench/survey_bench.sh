#!/usr/bin/env bash
# make bench, survey rows: `kbrowse survey --write-configs` over every
# defconfig of Linux 6.12 (322 files) against the kernel's conf on the
# same set.  conf runs `conf --defconfig=arch/DIR/configs/NAME` once per
# configuration, each in an empty directory with lib.sh's arch_env DIR
# (what `make ARCH=DIR NAME` runs), on a fixed sample: every 8th file of
# the sorted list (at least 40) for wall time, every 40th for
# instructions, scaled to the whole set.  kbrowse runs once over the
# whole set, its $(shell) cache warm (a first run fills it).
#
#   wall         survey's wall time, and conf's sum over the sample x
#                (set / sample); target ratio <= 1/30 (0.033)
#   cpu          the same runs' user+sys CPU time with their children
#                (the figure a loaded machine changes less: survey's
#                workers run -j at once, conf one after another)
#   instructions callgrind, survey's process and its workers (forks;
#                the probes they exec are not counted, as for conf);
#                target ratio <= 1/50 (0.020)
#
# usage: survey_bench.sh [--arches LIST] KBROWSE
#   --arches LIST  only these arch directories (a quicker, partial figure)
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/../kernel/lib.sh"

arches=
if [ "${1:-}" = --arches ]; then
	arches=$2
	shift 2
fi
kbrowse=${1:-${KBROWSE:-}}
[ -x "$kbrowse" ] || { echo "usage: survey_bench.sh [--arches LIST] KBROWSE" >&2; exit 2; }
kbrowse=$(cd "$(dirname "$kbrowse")" && pwd)/$(basename "$kbrowse")
tree=$(kernel_tree) || exit 1
conf=$(kernel_conf) || exit 1
work=$(mktemp -d /tmp/kbrowse-survey-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME=$work/cache

(cd "$tree" && find arch -path 'arch/*/configs/*' -name '*defconfig' \( -type f -o -type l \)) |
	LC_ALL=C sort | { if [ -n "$arches" ]; then grep -E "^arch/(${arches//,/|})/"; else cat; fi; } \
	>"$work/all"
total=$(wc -l <"$work/all")
step=8
[ $((total / step)) -ge 40 ] || step=$(( total / 40 > 0 ? total / 40 : 1 ))
awk -v s="$step" '(NR - 1) % s == 0' "$work/all" >"$work/wall-sample"
awk -v s="$((step * 5))" '(NR - 1) % s == 0' "$work/all" >"$work/ir-sample"

# conf_run PATH [PREFIX...]: conf --defconfig=PATH as make runs it.
conf_run()
{
	local path=$1 dir
	shift
	dir=${path#arch/}
	dir=${dir%%/*}
	[ -f "$work/env.$dir" ] || KERNEL_TREE=$tree arch_env "$dir" >"$work/env.$dir"
	rm -rf "$work/conf-run" && mkdir "$work/conf-run"
	(
		cd "$work/conf-run" || exit 1
		mapfile -t envargs <"$work/env.$dir"
		env -i PATH="$PATH" LANG=C "${envargs[@]}" "$@" "$conf" -s \
			--defconfig="$path" Kconfig
	) >/dev/null 2>&1
}

scale() { awk -v v="$1" -v n="$2" -v d="$3" 'BEGIN { printf "%.0f", v * n / d }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.4f", a / b; else print "-" }'; }
verdict() { awk -v v="$1" -v l="$2" 'BEGIN { print (v != "-" && v + 0 <= l + 0) ? "ok" : "MISSED" }'; }

# timed OUT CMD...: CMD's wall ms and CPU ms (user+sys, with its
# children: the workers, the probes) into OUT as "WALL CPU".
timed()
{
	local out=$1 t
	shift
	t=$( { TIMEFORMAT='%3R %3U %3S'; time "$@" >/dev/null 2>&1; } 2>&1 ) || true
	awk '{ printf "%d %d\n", $1 * 1000, ($2 + $3) * 1000 }' <<<"$t" >"$out"
}

# The environments first: their probes are make's, not conf's.
while IFS= read -r path; do
	dir=${path#arch/}
	dir=${dir%%/*}
	[ -f "$work/env.$dir" ] || KERNEL_TREE=$tree arch_env "$dir" >"$work/env.$dir"
done <"$work/all"
conf_sample() { while IFS= read -r path; do conf_run "$path"; done <"$work/wall-sample"; }

nwall=$(wc -l <"$work/wall-sample")
timed "$work/t.conf" conf_sample
read -r conf_wall conf_cpu <"$work/t.conf"
conf_wall=$(scale "$conf_wall" "$total" "$nwall")
conf_cpu=$(scale "$conf_cpu" "$total" "$nwall")

mkdir -p "$work/run" "$work/out"
survey=(survey -C "$tree" ${arches:+--arches "$arches"} --write-configs "$work/out")
kb_survey() { (cd "$work/run" && "$kbrowse" "${survey[@]}"); }
kb_survey >/dev/null 2>&1	# fills the cache
timed "$work/t.kb" kb_survey
read -r kb_wall kb_cpu <"$work/t.kb"

printf '%-40s %13s %13s %7s  %s\n' "survey ($total defconfigs)" "kbrowse" "conf" "ratio" "target"
r=$(ratio "$kb_wall" "$conf_wall")
printf '%-40s %13s %13s %7s  %s %s\n' "survey wall ms (conf: $nwall scaled)" "$kb_wall" "$conf_wall" \
	"$r" "<= 0.033" "$(verdict "$r" 0.0334)"
r=$(ratio "$kb_cpu" "$conf_cpu")
printf '%-40s %13s %13s %7s  %s %s\n' "survey cpu ms (conf: $nwall scaled)" "$kb_cpu" "$conf_cpu" \
	"$r" "<= 0.033" "$(verdict "$r" 0.0334)"
printf '%-40s %13s\n' "load average during the runs" "$(cut -d' ' -f1-3 /proc/loadavg)"

if command -v valgrind >/dev/null 2>&1; then
	nir=$(wc -l <"$work/ir-sample")
	ir_conf=0
	while IFS= read -r path; do
		rm -f "$work/cg.conf"
		conf_run "$path" valgrind --tool=callgrind --callgrind-out-file="$work/cg.conf"
		n=$(sed -n 's/^summary: *//p' "$work/cg.conf" 2>/dev/null | head -n 1)
		ir_conf=$((ir_conf + ${n:-0}))
	done <"$work/ir-sample"
	ir_conf=$(scale "$ir_conf" "$total" "$nir")
	# Valgrind's LD_PRELOAD is part of the cache key: fill it under valgrind.
	for pass in fill count; do
		rm -f "$work"/cg.kb.*
		(cd "$work/run" && valgrind --tool=callgrind --callgrind-out-file="$work/cg.kb.%p" \
			"$kbrowse" "${survey[@]}") >/dev/null 2>&1
		: "$pass"
	done
	ir_kb=$(cat "$work"/cg.kb.* 2>/dev/null | sed -n 's/^summary: *//p' |
		awk '{ s += $1 } END { printf "%.0f", s }')
	r=$(ratio "$ir_kb" "$ir_conf")
	printf '%-40s %13s %13s %7s  %s %s\n' "survey instructions (conf: $nir scaled)" "$ir_kb" \
		"$ir_conf" "$r" "<= 0.020" "$(verdict "$r" 0.020)"
fi
