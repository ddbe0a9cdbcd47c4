#!/usr/bin/env bash
# make bench: kbrowse against the kernel's own scripts/kconfig/conf on
# Linux 6.12, x86_64 defconfig, measured in one run and printed as ratios.
#
#   instructions   valgrind --tool=callgrind, the process itself (children,
#                  such as the $(shell,...) probes, are not counted; the
#                  figure is stable on a noisy machine): olddefconfig
#                  without and with kbrowse's $(shell,...) cache, and the
#                  browser up to its first screen; without the cache
#                  with the probes one after another (KBROWSE_SHELL_JOBS=1)
#                  and in parallel (the speculative passes counted)
#   wall, cpu      median of several runs: wall time, and user+sys CPU time
#                  of the process and its children; "cold" = no shell cache
#                  (KBROWSE_NO_CACHE=1), "warm" = cache filled (conf has no
#                  cache: the same runs for both)
#   peak RSS       of the process itself (VmHWM at exit, via peak_rss.c
#                  preloaded), and with its children (/usr/bin/time %M:
#                  the largest of the process and every probe it ran)
#   cold start     the whole start with an empty shell cache, so that
#                  every $(shell,...) probe runs (in parallel, parser/
#                  shell_pool.c): olddefconfig, and the browser to its
#                  first screen (drawn while the probes run, values
#                  provisional: the row says so), each against conf's olddefconfig (which
#                  runs the same probes one after another); target 0.5
#   first screen   the browser started in a pseudo-terminal (script(1))
#                  with KBROWSE_EXIT_AFTER_FIRST_SCREEN=1, which leaves
#                  right after the first screen is drawn; compared with
#                  conf's olddefconfig, the nearest thing conf does
#   explain        `explain --all` (text) and `explain --json --all`:
#                  every symbol of the tree, wall and CPU time, and the
#                  instructions of each (callgrind)
#   lsp            `kbrowse lsp` (tests/bench/lsp_latency.py): a hover, and
#                  the re-analysis after an unsaved edit of arch/Kconfig
#   keystrokes     the browser typing keys from KBROWSE_REPLAY (ui/replay.c),
#                  which logs the CPU time of each key (the work and the
#                  redraw): each key of "/page_shift" and of the regular
#                  expression "/^page.*shift$", and one toggle (Space on
#                  E1000E: values computed again, the screen redrawn);
#                  instructions per key are the difference of two
#                  callgrind runs (typed keys minus fewer keys) divided by
#                  the keys between them
#
# The last column is the target and whether it is met: for wall time, but
# for instructions, whose bound is 0.20 of conf (the figure
# that does not depend on the machine's load; tests/bench/README.md has
# the current numbers).  These are benchmarks, not tests: nothing here
# fails on a slow figure.
# Usage: bench.sh [--runs N] [--cold] KBROWSE   (--cold: the cold-start
# rows only)
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/../kernel/lib.sh"

runs=5
cold_only=
# kbrowse's instructions as a share of conf's, at most.
ir_bound=0.20
while [ $# -gt 1 ]; do
	case $1 in
	--runs) runs=$2; shift 2 ;;
	--cold) cold_only=1; shift ;;
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
# The browser needs a terminal type; the shell cache ignores TERM.
case ${TERM:-dumb} in dumb|unknown) export TERM=xterm ;; esac

# The starting .config: x86_64_defconfig as conf writes it.
mkdir -p "$work/seed"
(cd "$work/seed" && "$conf" -s --defconfig="$tree/arch/x86/configs/x86_64_defconfig" Kconfig) \
	>/dev/null 2>&1 || { echo "conf --defconfig failed" >&2; exit 1; }

have() { command -v "$1" >/dev/null 2>&1; }

# The peak-RSS probe, built with the host compiler when there is one.
rss_probe=
if ${HOSTCC:-cc} -shared -fPIC -O2 -o "$work/peak_rss.so" "$here/peak_rss.c" 2>/dev/null; then
	rss_probe=$work/peak_rss.so
fi

fresh_dir()
{
	rm -rf "$work/run" && cp -a "$work/seed" "$work/run"
}

# run WHO [PREFIX...]: one job in a fresh copy of the seed directory
# (made by the caller, with fresh_dir, so that timing leaves it out).
# WHO is conf, kb-cold (olddefconfig, no shell cache), kb-warm
# (olddefconfig), kb-screen (the browser to its first screen) or
# kb-explain (explain --json --all), kb-explain-text (explain --all);
# PREFIX is a measuring tool.
run()
{
	local who=$1
	shift
	case $who in
	conf) (cd "$work/run" && "$@" "$conf" -s --olddefconfig Kconfig) ;;
	kb-cold) (cd "$work/run" && KBROWSE_NO_CACHE=1 "$@" "$kbrowse" conf -s --olddefconfig Kconfig) ;;
	kb-warm) (cd "$work/run" && "$@" "$kbrowse" conf -s --olddefconfig Kconfig) ;;
	kb-screen)
		(cd "$work/run" && KBROWSE_EXIT_AFTER_FIRST_SCREEN=1 \
			script -qec "$* $kbrowse Kconfig" /dev/null >"$work/screen.out" </dev/null) ;;
	kb-screen-cold)
		(cd "$work/run" && KBROWSE_NO_CACHE=1 KBROWSE_EXIT_AFTER_FIRST_SCREEN=1 \
			script -qec "$* $kbrowse Kconfig" /dev/null >"$work/screen.out" </dev/null) ;;
	kb-explain) (cd "$work/run" && "$@" "$kbrowse" explain --json --all >"$work/explain.json") ;;
	kb-explain-text) (cd "$work/run" && "$@" "$kbrowse" explain --all >"$work/explain.txt") ;;
	kb-plan)	# PLAN_WANT and PLAN_SYM set by the caller
		(cd "$work/run" && "$@" "$kbrowse" explain --no-help --to "$PLAN_WANT" "$PLAN_SYM" \
			>"$work/plan.out") ;;
	kb-keys)	# KBROWSE_REPLAY set by the caller
		(cd "$work/run" && KBROWSE_REPLAY_LOG=$work/keys.log \
			script -qec "$* $kbrowse Kconfig" /dev/null >/dev/null </dev/null) ;;
	pty) script -qec true /dev/null </dev/null ;;	# script(1)'s own start-up
	esac >/dev/null 2>&1
}

median()
{
	sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'
}

# timed WHO: $runs runs; prints "WALL_MS CPU_MS", each the median.
timed()
{
	local out=$work/times
	: >"$out"
	for _ in $(seq "$runs"); do
		fresh_dir
		{ TIMEFORMAT='%3R %3U %3S'; time run "$@"; } 2>>"$out"
	done
	printf '%s %s\n' \
		"$(awk '{ printf "%d\n", $1 * 1000 }' "$out" | median)" \
		"$(awk '{ printf "%d\n", ($2 + $3) * 1000 }' "$out" | median)"
}

# instructions WHO: of the process itself, under callgrind.  Valgrind
# sets LD_PRELOAD, which is part of the shell cache's key: a warm figure
# is the second of two runs under it.
instructions()
{
	local out=$work/callgrind.out
	have valgrind || { echo "n/a"; return; }
	case $1 in
	kb-warm|kb-screen|kb-keys|kb-explain|kb-explain-text)
		fresh_dir
		run "$1" valgrind --tool=callgrind --callgrind-out-file="$out" ;;
	esac
	rm -f "$out"
	fresh_dir
	run "$1" valgrind --tool=callgrind --callgrind-out-file="$out"
	sed -n 's/^summary: *//p' "$out" 2>/dev/null | head -n 1
}

# Peak RSS in KiB of the process itself.
rss_self()
{
	[ -n "$rss_probe" ] || { echo "n/a"; return; }
	rm -f "$work/rss"
	fresh_dir
	run "$1" env LD_PRELOAD="$rss_probe" KBROWSE_BENCH_RSS_FILE="$work/rss"
	cat "$work/rss" 2>/dev/null || echo "n/a"
}

# Peak RSS in KiB of the process or its largest child.
rss_tree()
{
	[ -x /usr/bin/time ] || { echo "n/a"; return; }
	rm -f "$work/rss"
	fresh_dir
	run "$1" /usr/bin/time -f '%M' -o "$work/rss"
	tail -n 1 "$work/rss" 2>/dev/null || echo "n/a"
}

ratio()
{
	awk -v a="$1" -v b="$2" 'BEGIN { if (a !~ /^[0-9.]+$/ || b !~ /^[0-9.]+$/ || b == 0) print "-"; else printf "%.3f", a / b }'
}

# verdict VALUE LIMIT: "ok" when VALUE <= LIMIT.
verdict()
{
	awk -v v="$1" -v l="$2" 'BEGIN { if (v !~ /^[0-9.]+$/) print "n/a"; else if (v + 0 <= l + 0) print "ok"; else print "MISSED" }'
}

# row MEASURE KBROWSE CONF [TARGET-TEXT TARGET-VALUE (compared: ratio, or
# kbrowse's figure when the text starts with "<= " and ends in a unit)]
row()
{
	local r target=${4:-} check=
	r=$(ratio "$2" "$3")
	case $target in
	"") ;;
	*" ms"|*" KiB"|*" instr") check=$(verdict "$2" "$5") ;;
	*) check=$(verdict "$r" "$5") ;;
	esac
	printf '%-40s %13s %13s %7s  %s %s\n' "$1" "$2" "$3" "$r" "$target" "$check"
}

echo "kbrowse bench: Linux $(kernel_version "$tree"), ARCH=x86_64, olddefconfig on x86_64_defconfig"
echo "conf: $conf"
echo "kbrowse: $kbrowse"
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo

# Check that both agree before measuring anything.
fresh_dir
run conf && cp "$work/run/.config" "$work/conf.config"
fresh_dir
run kb-cold
if cmp -s "$work/run/.config" "$work/conf.config"; then
	echo "outputs: identical .config"
else
	echo "outputs: DIFFERENT .config (figures below compare unequal work)"
fi
echo

printf '%-40s %13s %13s %7s  %s\n' "measure" "kbrowse" "conf" "ratio" "target"
# cold_rows: the start with every probe run, against conf's olddefconfig.
# The three runs take turns ($runs rounds), so that a machine whose load
# changes meanwhile weighs on each alike; the medians are compared.
cold_rows()
{
	local who i wall_conf wall_cold wall_screen=
	local list="conf kb-cold"
	have script && list="$list kb-screen-cold"
	for who in $list; do : >"$work/cold-$who"; done
	for i in $(seq "$runs"); do
		for who in $list; do
			fresh_dir
			{ TIMEFORMAT='%3R'; time run "$who"; } 2>>"$work/cold-$who"
		done
		[ "$i" = 1 ] && have script && ! grep -q 'Kernel Configuration' "$work/screen.out" 2>/dev/null &&
			list="conf kb-cold"
	done
	wall_conf=$(awk '{ printf "%d\n", $1 * 1000 }' "$work/cold-conf" | median)
	wall_cold=$(awk '{ printf "%d\n", $1 * 1000 }' "$work/cold-kb-cold" | median)
	case $list in
	*kb-screen-cold*) wall_screen=$(awk '{ printf "%d\n", $1 * 1000 }' "$work/cold-kb-screen-cold" | median) ;;
	esac
	row "cold start ms, olddefconfig (median)" "$wall_cold" "$wall_conf" "<= 0.50" 0.50
	if [ -n "$wall_screen" ]; then
		# Which screen: drawn while probes ran (values provisional) or not.
		if grep -q 'provisional: [0-9]* probe' "$work/screen.out" 2>/dev/null; then
			row "cold start ms, first screen (provisional)" "$wall_screen" "$wall_conf" "<= 0.50" 0.50
		else
			row "cold start ms, first screen (final values)" "$wall_screen" "$wall_conf" "<= 0.50" 0.50
		fi
	else
		printf '%-40s %13s\n' "cold start, first screen" "no screen drawn (or no script(1))"
	fi
}
if [ -n "$cold_only" ]; then
	cold_rows
	exit 0
fi
ir_conf=$(instructions conf)
# The parse's own work, probes one after another (the bound), and with
# them in parallel: the speculative passes (parser/shell_pool.c) add
# their reading of the tree (no bound: they buy the cold-start rows).
row "instructions, no shell cache" "$(KBROWSE_SHELL_JOBS=1 instructions kb-cold)" "$ir_conf" "<= $ir_bound" "$ir_bound"
row "  with the probes in parallel" "$(instructions kb-cold)" "$ir_conf"
rm -rf "$cache"
fresh_dir
run kb-warm	# fills the cache
row "instructions, shell cache warm" "$(instructions kb-warm)" "$ir_conf" "<= $ir_bound" "$ir_bound"

read -r wall_conf cpu_conf < <(timed conf)
read -r wall_cold cpu_cold < <(timed kb-cold)
read -r wall_warm cpu_warm < <(timed kb-warm)
row "wall ms, cold (median of $runs)" "$wall_cold" "$wall_conf"
cold_rows
row "wall ms, warm (median of $runs)" "$wall_warm" "$wall_conf" "<= 0.10" 0.10
row "cpu ms incl. children, cold" "$cpu_cold" "$cpu_conf"
row "cpu ms incl. children, warm" "$cpu_warm" "$cpu_conf" "<= 0.10" 0.10

rss_conf=$(rss_self conf)
row "peak RSS KiB, the process, cold" "$(rss_self kb-cold)" "$rss_conf" "< 1" 0.999
row "peak RSS KiB, the process, warm" "$(rss_self kb-warm)" "$rss_conf" "< 1" 0.999
row "peak RSS KiB, with children, cold" "$(rss_tree kb-cold)" "$(rss_tree conf)"

# The browser's first screen, warm (conf has none: its olddefconfig).
if have script; then
	read -r wall_pty _ < <(timed pty)
	read -r wall_screen cpu_screen < <(timed kb-screen)
	if grep -q 'Kernel Configuration' "$work/screen.out" 2>/dev/null; then
		# The pty script(1) makes is the harness, not kbrowse: a user's
		# terminal is there already.  The target is on kbrowse's own part.
		row "first screen ms, warm, under script(1)" "$wall_screen" "$wall_conf"
		printf '%-40s %13s\n' "  (of which script(1) start-up, ms)" "$wall_pty"
		row "first screen ms, warm, kbrowse's own" "$((wall_screen - wall_pty))" "$wall_conf" \
			"<= 50 ms" 50
		row "first screen cpu ms, warm" "$cpu_screen" "$cpu_conf"
		row "instructions to first screen, warm" "$(instructions kb-screen)" "$ir_conf"
	else
		printf '%-40s %13s\n' "first screen" "no screen drawn"
	fi
else
	printf '%-40s %13s\n' "first screen" "n/a (no script(1))"
fi

# Explaining every symbol: kbrowse only (conf has no such mode).  The
# text first (its own target), then the JSON; instructions are the
# figure a loaded machine does not change.
read -r wall_explain cpu_explain < <(timed kb-explain-text)
if [ -s "$work/explain.txt" ]; then
	row "explain --all (text), ms" "$wall_explain" "$wall_conf" "<= 150 ms" 150
	row "  cpu ms" "$cpu_explain" "$cpu_conf"
	row "  instructions" "$(instructions kb-explain-text)" "$ir_conf" "<= 300000000 instr" 300000000
else
	printf '%-40s %13s\n' "explain --all (text)" "n/a (no output)"
fi
read -r wall_explain cpu_explain < <(timed kb-explain)
if [ -s "$work/explain.json" ]; then
	nsyms=$(wc -l <"$work/explain.json")
	row "explain --json --all ($nsyms symbols), ms" "$wall_explain" "$wall_conf" "<= 1000 ms" 1000
	row "  cpu ms" "$cpu_explain" "$cpu_conf"
	row "  instructions" "$(instructions kb-explain)" "$ir_conf"
else
	printf '%-40s %13s\n' "explain --json --all" "n/a (no output)"
fi
# Keystrokes: CPU per key from the replay log, instructions by difference.
# key_cpu FIRST LAST: the largest and the median CPU ms of log lines FIRST..LAST.
key_cpu()
{
	awk -v a="$1" -v b="$2" '$1 >= a && $1 <= b { print $3 / 1000 }' "$work/keys.log" |
		sort -n | awk '{ v[NR] = $1 } END { if (NR) printf "%.2f %.2f\n", v[NR], v[int((NR + 1) / 2)]; else print "n/a n/a" }'
}
# key_ir KEYS-A KEYS-B COUNT: (instructions with B - with A) / COUNT.
key_ir()
{
	local a b
	have valgrind || { echo "n/a"; return; }
	a=$(KBROWSE_REPLAY=$1 instructions kb-keys)
	b=$(KBROWSE_REPLAY=$2 instructions kb-keys)
	awk -v a="$a" -v b="$b" -v n="$3" 'BEGIN { if (a !~ /^[0-9]+$/ || b !~ /^[0-9]+$/) print "n/a"; else printf "%d\n", (b - a) / n }'
}
if have script; then
	fresh_dir
	# Keys 2..11: "page_shift"; 13..26: "^page.*shift$"; the last: Space.
	KBROWSE_REPLAY='/page_shift\e/^page.*shift$\egE1000E\n ' run kb-keys
	if [ -s "$work/keys.log" ]; then
		nkeys=$(wc -l <"$work/keys.log")
		read -r plain_max plain_median < <(key_cpu 2 11)
		read -r regex_max regex_median < <(key_cpu 14 26)
		read -r toggle_cpu _ < <(key_cpu "$nkeys" "$nkeys")
		row "search key cpu ms, largest of 10" "$plain_max" "-" "<= 16 ms" 16
		row "search key cpu ms, median" "$plain_median" "-"
		row "regex search key cpu ms, largest" "$regex_max" "-" "<= 16 ms" 16
		row "regex search key cpu ms, median" "$regex_median" "-"
		row "toggle (Space) cpu ms" "$toggle_cpu" "-" "<= 16 ms" 16
		row "instructions per search key" "$(key_ir '/p\e' '/page_shift\e' 9)" "-"
		row "instructions per toggle" "$(key_ir 'gE1000E\n' 'gE1000E\n ' 1)" "-"
	else
		printf '%-40s %13s\n' "keystrokes" "no replay log"
	fi
else
	printf '%-40s %13s\n' "keystrokes" "n/a (no script(1))"
fi
# Plans (explain --to): the solver, the model verifying each candidate, from
# loading the tree to the printed plan (or proof).  conf has no such mode.
for plan in y:INTEL_TDX_HOST 4096:NR_CPUS y:KVM_AMD_SEV y:DEBUG_INFO_BTF; do
	export PLAN_WANT=${plan%%:*} PLAN_SYM=${plan#*:}
	read -r wall_plan cpu_plan < <(timed kb-plan)
	if grep -q "^To make $PLAN_SYM" "$work/plan.out" 2>/dev/null; then
		row "plan --to $PLAN_WANT $PLAN_SYM, ms" "$wall_plan" "$wall_conf" "<= 1000 ms" 1000
		row "  cpu ms" "$cpu_plan" "$cpu_conf"
		row "  peak RSS KiB" "$(rss_tree kb-plan)" "$rss_conf" "<= 204800 KiB" 204800
	else
		printf '%-40s %13s\n' "plan --to $PLAN_WANT $PLAN_SYM" "n/a (no plan printed)"
	fi
done
# The language server: a hover on PAGE_SHIFT in arch/Kconfig,
# and the re-analysis after an unsaved edit of that file (the tree read
# again through the editor's text, diagnostics published), 20 of each.
if have python3; then
	fresh_dir
	read -r _ hover_med hover_max hover_cpu _ edit_med edit_max edit_cpu < <(
		cd "$work/run" && python3 "$here/lsp_latency.py" "$kbrowse" "$work/run" \
			arch/Kconfig PAGE_SHIFT 20 2>/dev/null)
	if [ -n "${edit_cpu:-}" ]; then
		row "lsp hover ms, median of 20" "$hover_med" "-" "<= 20 ms" 20
		row "lsp hover ms, slowest (first: indexes)" "$hover_max" "-"
		row "lsp hover cpu ms, mean" "$hover_cpu" "-" "<= 20 ms" 20
		row "lsp re-analysis after an edit ms, median" "$edit_med" "-" "<= 300 ms" 300
		row "lsp re-analysis ms, slowest" "$edit_max" "-"
		row "lsp re-analysis cpu ms, mean" "$edit_cpu" "-" "<= 300 ms" 300
	else
		printf '%-40s %13s\n' "lsp latency" "n/a (the client failed)"
	fi
else
	printf '%-40s %13s\n' "lsp latency" "n/a (no python3)"
fi
# Scale: generated inputs far past a real tree, each command's CPU time
# (user+sys) and peak memory, in a clean environment (not the kernel's).
# Figures, not tests: tests/golden/limits.sh checks smaller sizes.
scale_run()
{
	local dir=$1 out
	shift
	out=$(cd "$work/scale/$dir" && env -i PATH="$PATH" HOME="$work" LC_ALL=C \
		/usr/bin/time -f 'TIME %U %S %M' "$@" 2>&1 >/dev/null | grep '^TIME ' | tail -n 1)
	awk -v t="$out" 'BEGIN { split(t, f, " "); printf "%d %d\n", (f[2] + f[3]) * 1000, f[4] }'
}
# scale_row NAME DIR COMMAND...: two rows, CPU ms and peak RSS.
scale_row()
{
	local name=$1 cpu rss
	read -r cpu rss < <(scale_run "${@:2}")
	row "$name, cpu ms" "$cpu" "-" "<= 10000 ms" 10000
	row "  peak RSS KiB" "$rss" "-" "<= 204800 KiB" 204800
}
if /usr/bin/time -f %M true >/dev/null 2>&1; then
	mkdir -p "$work/scale" && cd "$work/scale" || exit 1
	# 1,000,000 symbols in four sourced files (a Kconfig file is at most 16 MB).
	mkdir syms && for part in 0 1 2 3; do
		awk -v p=$part 'BEGIN { for (i = p * 250000; i < (p + 1) * 250000; i++)
			printf "config S%d\n\tbool \"s %d\"\n\tdefault y if S%d\n", i, i, i + 1 }' \
			> "syms/part$part.kconfig"
		echo "source \"part$part.kconfig\"" >> syms/Kconfig
	done
	scale_row "scale 1M symbols, dump" syms "$kbrowse" dump
	scale_row "scale 1M symbols, olddefconfig" syms "$kbrowse" conf --olddefconfig
	# One symbol defined 100,000 times, prompts, defaults and depends varied.
	mkdir redef && awk 'BEGIN { for (i = 0; i < 100000; i++) {
		printf "config A\n\tbool \"p %d\"\n\tdefault y if B_%d\n", i, i % 1000
		if (i % 3 == 0) printf "\tdepends on C_%d\n", i % 500 }
		for (i = 0; i < 1000; i++) printf "config B_%d\n\tbool\nconfig C_%d\n\tbool \"c\"\n", i, i
	}' > redef/Kconfig
	scale_row "scale 100k defs of A, explain" redef "$kbrowse" explain A
	scale_row "scale 100k defs of A, dump" redef "$kbrowse" dump
	scale_row "scale 100k defs, olddefconfig" redef "$kbrowse" conf --olddefconfig
	# A choice of 100,000 members: a plan for its last.
	mkdir choice && awk 'BEGIN { print "choice\n\tprompt \"c\""
		for (i = 0; i < 100000; i++) printf "config M%d\n\tbool \"m%d\"\n", i, i
		print "endchoice" }' > choice/Kconfig
	scale_row "scale 100k-member choice, --to" choice "$kbrowse" explain --no-help --to y M99999
	# A .config of 64 MB less a little: 33,000,000 lines no conf reads.
	mkdir junk && printf 'config A\n\tbool "a"\n' > junk/Kconfig
	awk 'BEGIN { for (i = 0; i < 33000000; i++) print "x" }' > junk/junk.config
	cp junk/junk.config junk/.config
	scale_row "scale 64 MB junk, olddefconfig" junk "$kbrowse" conf --olddefconfig
	scale_row "scale 64 MB junk, explain" junk env KCONFIG_CONFIG=junk.config "$kbrowse" explain A
	# diff: two files of 3,000,000 lines (refused: over the limit), and of
	# 500,000 names the tree lacks (the most it reads).
	awk 'BEGIN { for (i = 0; i < 3000000; i++) printf "CONFIG_U%d=y\n", i }' > junk/old.config
	awk 'BEGIN { for (i = 0; i < 3000000; i++) printf "CONFIG_U%d=m\n", i }' > junk/new.config
	scale_row "scale diff 3M lines (refused)" junk "$kbrowse" diff old.config new.config
	head -n 500000 junk/old.config > junk/old-500k.config
	head -n 500000 junk/new.config > junk/new-500k.config
	rm junk/old.config junk/new.config junk/junk.config junk/.config
	scale_row "scale diff 500k unknown names" junk "$kbrowse" diff old-500k.config new-500k.config
	cd "$here" || exit 1
	rm -rf "$work/scale"
else
	printf '%-40s %13s\n' "scale" "n/a (no /usr/bin/time)"
fi
# Every defconfig at once (survey_bench.sh says how it is measured).
echo
bash "$here/survey_bench.sh" "$kbrowse"
echo
echo "ratio = kbrowse / conf; wall and cpu ms are medians of $runs runs;"
echo "wall times depend on the machine's load, instructions do not."
