#!/usr/bin/env bash
# Conformance of `kbrowse conf` with the kernel's own scripts/kconfig/conf
# on the Linux 6.12 tree.
#
# For each case both programs run with the same arguments and the same
# environment (lib.sh's arch_env: what `make O=... ARCH=...` gives conf),
# each in an empty directory of its own, as make runs conf in an object
# tree; then the files they wrote are compared byte for byte: .config, and
# for --savedefconfig the defconfig file (plus .config, which must be left
# alone).  With --all-files, every file written is compared, including the
# include/config/auto.conf, include/generated/autoconf.h, rustc_cfg and the
# include/config/* dependency files conf also writes.
#
# Cases (names are VARIANT/WHAT):
#   VARIANT/allnoconfig  .../allyesconfig  .../allmodconfig  .../alldefconfig
#                        for every architecture variant (lib.sh arch_variants)
#   DIR/defconfig:FILE   --defconfig=arch/DIR/configs/FILE with ARCH=DIR,
#                        as `make ARCH=DIR FILE` runs it, for every
#                        arch/*/configs/*defconfig and */*defconfig
#   ALIAS/defconfig:FILE the default defconfig of an alias variant (i386,
#                        x86_64, sparc64, parisc64) under its own ARCH, as
#                        `make ARCH=ALIAS defconfig` runs it
#   VARIANT/savedefconfig(BASE)  --savedefconfig=defconfig on the .config
#                        conf wrote for case VARIANT/BASE (the variant's
#                        default defconfig and its allmodconfig)
#   VARIANT/olddefconfig(FILE)  --olddefconfig on a copy of the .config
#                        FILE (an absolute path; only in KBC_EXTRA_CASES)
#
# The tree is Linux 6.12's unless KBROWSE_KERNEL_SERIES names another
# (lib.sh); conformance_61.sh runs this script on 6.1.
#
# conf's results are cached under $KBROWSE_KERNEL_CACHE/conf-results, keyed
# by the tree, the conf binary, the host tools, the environment and the
# arguments, so a rerun only runs kbrowse (entries unused for 30 days go).
# kbrowse keeps its own $(shell) cache; KBROWSE_NO_CACHE=1 and
# XDG_CACHE_HOME are passed on to it.
#
# usage: conformance.sh [OPTIONS] [KBROWSE]
#   KBROWSE          the kbrowse binary (default: $KBROWSE)
#   --quick          a few arches in all modes, a dozen defconfigs (CI)
#   --arches         every variant in all modes and its default defconfig
#   --full           every case (default)
#   -j N             run N cases at once (default: number of CPUs)
#   -k REGEX         only cases whose name matches (grep -E); repeatable
#   --list           print the case names and exit
#   --conf-results   run only conf (or take its cached result) and print
#                    "CASE<TAB>DIR" per case, DIR its cache entry (files/
#                    holds .config): for suites comparing other output
#                    with conf's (survey.sh); no KBROWSE needed
#   --all-files      compare every file written, not only .config/defconfig
#   --no-cache       run conf again for every case (results kept per run)
#   --logs DIR       where failure logs go (default /tmp/kbrowse-kernel-logs)
#   --timeout SECS   per program and case (default 600)
# Started by sh (make's $(SHELL) may be one): continue in bash.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
self=$here/$(basename "$0")
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

# The variants and defconfigs --quick runs: x86_64, an arm64, powerpc (the
# largest Kconfig after x86), and defconfigs from arches with unusual
# Kconfig shapes (choices, many boards, a subdir).  It fits the README's
# test run (about one case a minute on a loaded 2-core machine); i386, UML
# (SUBARCH) and the other defconfigs run with --arches and --full
# (KBROWSE_CHECK_KERNEL=full).
# A script for another tree (conformance_61.sh) sets its own lists with
# KBC_QUICK_VARIANTS, KBC_QUICK_DEFCONFIGS, KBC_QUICK_SAVEDEFCONFIG, and
# adds cases of its own with KBC_EXTRA_CASES (any selection).
QUICK_VARIANTS=${KBC_QUICK_VARIANTS-"x86_64 arm64 powerpc"}
QUICK_DEFCONFIGS=${KBC_QUICK_DEFCONFIGS-"x86/x86_64_defconfig arm64/defconfig
arm/multi_v7_defconfig powerpc/85xx/tqm8560_defconfig mips/malta_defconfig
riscv/defconfig s390/defconfig"}
QUICK_SAVEDEFCONFIG=${KBC_QUICK_SAVEDEFCONFIG-"x86_64/savedefconfig(defconfig:x86_64_defconfig)
x86_64/savedefconfig(allmodconfig) arm64/savedefconfig(defconfig:defconfig)"}

usage()
{
	sed -n '/^# usage:/,/^set /p' "$self" | sed -e '$d' -e 's/^# \{0,1\}//' >&2
	exit 2
}

# A case name as a file name.
case_slug()
{
	printf '%s\n' "$1" | tr '/():' '_' | tr -s '_'
}

# ---------------------------------------------------------------------------
# The case list.

# "VARIANT/defconfig:FILE" for every defconfig file, ARCH = its directory.
defconfig_cases()
{
	local path rel dir
	(cd "$KERNEL_TREE" && find arch -path 'arch/*/configs/*' -name '*defconfig' \
		\( -type f -o -type l \)) | LC_ALL=C sort |
	while IFS= read -r path; do
		rel=${path#arch/*/configs/}
		dir=${path#arch/}
		dir=${dir%%/*}
		printf '%s/defconfig:%s\n' "$dir" "$rel"
	done
}

env_value()
{
	sed -n "s/^$2=//p" "$1" | head -n 1
}

# The variant's default defconfig (`make ARCH=VARIANT defconfig`), when it
# is a file: powerpc's is a make target merging fragments.
default_defconfig_case()
{
	local variant=$1 env=$KBC_RUN/env/$1 file srcarch
	file=$(env_value "$env" KBUILD_DEFCONFIG)
	srcarch=$(env_value "$env" SRCARCH)
	[ -f "$KERNEL_TREE/arch/$srcarch/configs/$file" ] || return 0
	printf '%s/defconfig:%s\n' "$variant" "$file"
}

all_cases()
{
	local v m d
	for d in ${KBC_EXTRA_CASES:-}; do
		echo "$d"
	done
	for v in $VARIANTS; do
		for m in allnoconfig allyesconfig allmodconfig alldefconfig; do
			echo "$v/$m"
		done
	done
	if [ "$SELECTION" = arches ]; then
		for v in $VARIANTS; do
			default_defconfig_case "$v"
		done
		return
	fi
	if [ "$SELECTION" = quick ]; then
		for d in $QUICK_DEFCONFIGS; do
			echo "${d%%/*}/defconfig:${d#*/}"
		done
		for v in $VARIANTS; do
			default_defconfig_case "$v"
		done
		for d in $QUICK_SAVEDEFCONFIG; do
			echo "$d"
		done
		return
	fi
	defconfig_cases
	for v in $VARIANTS; do
		default_defconfig_case "$v"
	done
	for v in $VARIANTS; do
		d=$(default_defconfig_case "$v")
		[ -n "$d" ] && echo "$v/savedefconfig(${d#*/})"
		echo "$v/savedefconfig(allmodconfig)"
	done
}

# Keep the first of duplicates (a variant's default defconfig is often one
# of the per-file cases already), then apply the -k filters.
select_cases()
{
	all_cases | awk '!seen[$0]++' | {
		if [ -n "$FILTER" ]; then grep -E -- "$FILTER" || true; else cat; fi
	}
}

# ---------------------------------------------------------------------------
# Running one case (in a child process started by xargs).

# Split a case name: sets c_variant, c_mode, c_file (defconfig), c_base
# (savedefconfig).
parse_case()
{
	local rest
	c_variant=${1%%/*}
	rest=${1#*/}
	c_file='' c_base=''
	case $rest in
	savedefconfig\(*\))
		c_mode=savedefconfig
		c_base=${rest#savedefconfig(}
		c_base=$c_variant/${c_base%)} ;;
	olddefconfig\(/*\))
		c_mode=olddefconfig
		c_file=${rest#olddefconfig(}
		c_file=${c_file%)} ;;
	defconfig:*)
		c_mode=defconfig
		c_file=${rest#defconfig:} ;;
	allnoconfig|allyesconfig|allmodconfig|alldefconfig)
		c_mode=$rest ;;
	*)
		echo "unknown case: $1" >&2
		return 1 ;;
	esac
}

# The arguments make passes conf for a case (after the program name).
case_args()
{
	local srcarch
	case $c_mode in
	defconfig)
		srcarch=$(env_value "$KBC_RUN/env/$c_variant" SRCARCH)
		echo "--defconfig=arch/$srcarch/configs/$c_file" ;;
	savedefconfig)
		echo "--savedefconfig=defconfig" ;;
	*)
		echo "--$c_mode" ;;
	esac
}

# Run PROG... in DIR with the case's environment, recording rc and time.
run_side()
{
	local dir=$1 envfile=$2 tag=$3 start end rc
	shift 3
	local -a envargs pass=()
	local name
	mapfile -t envargs <"$envfile"
	for name in PATH HOME TMPDIR RUSTUP_HOME CARGO_HOME RUSTUP_TOOLCHAIN \
		ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS \
		XDG_CACHE_HOME KBROWSE_NO_CACHE; do
		[ -n "${!name:-}" ] && pass+=("$name=${!name}")
	done
	start=$(date +%s%N)
	(cd "$dir" && exec timeout "$KBC_TIMEOUT" env -i LANG=C "${pass[@]}" \
		"${envargs[@]}" "$@" >"../$tag.out" 2>"../$tag.err" </dev/null)
	rc=$?
	end=$(date +%s%N)
	echo "$rc" >"$dir/../$tag.rc"
	awk -v ns=$((end - start)) 'BEGIN { printf "%.1f\n", ns / 1e9 }' >"$dir/../$tag.time"
}

# Remove what the programs' $(shell) helpers may leave behind.
tidy_dir()
{
	rm -rf "$1"/.tmp_* 2>/dev/null || true
}

# conf's result for a case, from the cache or by running it: prints the
# cache entry's directory, which holds rc, err, time, input (sha of the
# .config given, if any) and files/ or files.tar.gz (everything written).
conf_result()
{
	local name=$1 input=${2:-} key entry tmp args
	parse_case "$name" || return 1
	args=$(case_args)
	key=$({
		cat "$KBC_RUN/hostid"
		cat "$KBC_RUN/env/$c_variant"
		echo "$args"
		[ -n "$input" ] && sha256sum <"$input"
	} | sha256sum | cut -c1-32)
	entry=$KBC_CACHE/$key
	# A timeout (124) is the machine's load, not conf's answer: such an
	# entry is run again.
	if [ -f "$entry/rc" ] && [ "$(cat "$entry/rc")" != 124 ]; then
		echo "$entry"
		return 0
	fi
	tmp=$(mktemp -d "$KBC_CACHE/.new.XXXXXX") || return 1
	mkdir "$tmp/dir"
	[ -n "$input" ] && cp "$input" "$tmp/dir/.config"
	# shellcheck disable=SC2086 # args is one word
	run_side "$tmp/dir" "$KBC_RUN/env/$c_variant" conf "$KBC_CONF" $args Kconfig
	tidy_dir "$tmp/dir"
	mv "$tmp/conf.rc" "$tmp/rc" && mv "$tmp/conf.err" "$tmp/err"
	mv "$tmp/conf.out" "$tmp/out" && mv "$tmp/conf.time" "$tmp/time"
	# The files written, as they matter most kept plainly; all of them
	# (thousands of small include/config files) in one archive.
	mkdir "$tmp/files"
	for f in .config defconfig; do
		[ -f "$tmp/dir/$f" ] && cp "$tmp/dir/$f" "$tmp/files/$f"
	done
	tar -czf "$tmp/files.tar.gz" -C "$tmp/dir" . && rm -rf "$tmp/dir"
	# Not kept when it timed out (the stale .new.* entries go after two hours).
	if [ "$(cat "$tmp/rc")" = 124 ]; then
		echo "$tmp"
		return 0
	fi
	[ -f "$entry/rc" ] && [ "$(cat "$entry/rc")" = 124 ] && rm -rf "$entry"
	if ! mv -T "$tmp" "$entry" 2>/dev/null; then
		rm -rf "$tmp"	# another run got there first
	fi
	echo "$entry"
}

# Compare one file of both sides; on a difference, log the diff and set
# first_diff to its first changed lines.
compare_file()
{
	local rel=$1 cdir=$2 kdir=$3 log=$4
	if [ ! -e "$cdir/$rel" ] && [ ! -e "$kdir/$rel" ]; then
		return 0
	fi
	if [ ! -e "$kdir/$rel" ]; then
		echo "== $rel: written by conf, not by kbrowse" >>"$log"
		first_diff=${first_diff:-"$rel missing"}
		return 1
	fi
	if [ ! -e "$cdir/$rel" ]; then
		echo "== $rel: written by kbrowse, not by conf" >>"$log"
		first_diff=${first_diff:-"$rel not written by conf"}
		return 1
	fi
	cmp -s "$cdir/$rel" "$kdir/$rel" && return 0
	{
		echo "== $rel differs (--- conf, +++ kbrowse):"
		diff -u "$cdir/$rel" "$kdir/$rel" | head -n 80
	} >>"$log"
	if [ -z "${first_diff:-}" ]; then
		first_diff="$rel: $(diff "$cdir/$rel" "$kdir/$rel" | grep '^[<>]' |
			head -n 2 | tr '\n' ' ' | cut -c1-150)"
	fi
	return 1
}

# Every file both sides wrote; files only one side wrote are counted and
# the first few named, not diffed one by one (conf writes thousands of
# include/config/* files).
compare_trees()
{
	local cdir=$1 kdir=$2 log=$3 rel only ok=0 n
	(cd "$cdir" && find . -type f | LC_ALL=C sort) >"$cdir.files"
	(cd "$kdir" && find . -type f | LC_ALL=C sort) >"$kdir.files"
	for only in conf kbrowse; do
		if [ "$only" = conf ]; then
			comm -23 "$cdir.files" "$kdir.files" >"$cdir.only"
		else
			comm -13 "$cdir.files" "$kdir.files" >"$cdir.only"
		fi
		n=$(wc -l <"$cdir.only")
		[ "$n" = 0 ] && continue
		ok=1
		{
			echo "== $n files written by $only only:"
			head -n 20 "$cdir.only"
			[ "$n" -gt 20 ] && echo "..."
		} >>"$log"
		first_diff=${first_diff:-"$n files written by $only only ($(head -n 3 "$cdir.only" | tr '\n' ' ')...)"}
	done
	while IFS= read -r rel; do
		compare_file "$rel" "$cdir" "$kdir" "$log" || ok=1
	done < <(comm -12 "$cdir.files" "$kdir.files")
	return $ok
}

report()
{
	local name=$1 result=$2 ctime=$3 ktime=$4 detail=${5:-}
	local line
	line=$(printf '%-58s %-9s  conf %5s  kbrowse %5s' "$name" "$result" "$ctime" "$ktime")
	[ -n "$detail" ] && line="$line"$'\n'"    $detail"
	printf '%s\n' "$line"
	printf '%s %s\n' "$result" "$name" >"$KBC_RUN/results/$(case_slug "$name")"
}

run_case()
{
	local name=$1 slug entry base_entry input='' work log args
	local crc krc ctime ktime rel ok=1 first_diff=
	slug=$(case_slug "$name")
	log=$KBC_LOGS/$slug.log
	parse_case "$name" || { report "$name" FAILED - - "bad case name"; return; }
	if [ "$c_mode" = olddefconfig ]; then
		input=$c_file
		[ -f "$input" ] || { report "$name" FAILED - - "no file $input"; return; }
	elif [ "$c_mode" = savedefconfig ]; then
		base_entry=$(conf_result "$c_base") || {
			report "$name" FAILED - - "conf failed on $c_base"
			return
		}
		input=$base_entry/files/.config
		[ -f "$input" ] || { report "$name" FAILED - - "conf wrote no .config for $c_base"; return; }
	fi
	entry=$(conf_result "$name" "$input") || { report "$name" FAILED - - "harness error"; return; }
	parse_case "$name"
	args=$(case_args)
	crc=$(cat "$entry/rc")
	if [ -f "$entry/hit" ]; then ctime=cached; else ctime=$(cat "$entry/time"); fi
	touch "$entry/hit"
	if [ "$crc" != 0 ]; then
		{ echo "conf $args Kconfig failed with $crc:"; cat "$entry/err"; } >"$log"
		report "$name" FAILED "$ctime" - "conf itself failed ($crc), see $log"
		return
	fi

	work=$KBC_RUN/work/$slug
	mkdir -p "$work/kbrowse" "$work/conf"
	[ -n "$input" ] && cp "$input" "$work/kbrowse/.config"
	# shellcheck disable=SC2086 # args is one word
	run_side "$work/kbrowse" "$KBC_RUN/env/$c_variant" kbrowse "$KBC_KBROWSE" conf $args Kconfig
	tidy_dir "$work/kbrowse"
	krc=$(cat "$work/kbrowse.rc")
	ktime=$(cat "$work/kbrowse.time")
	{
		echo "case: $name"
		echo "run:  (cd DIR && env -i ... conf $args Kconfig); kbrowse conf $args Kconfig"
		echo "env:  $KBC_LOGS/env/$c_variant"
		[ -n "$input" ] && echo "input .config: conf's result for $c_base"
		echo
	} >"$log"
	if [ "$krc" != 0 ]; then
		{
			echo "kbrowse exited with $krc$([ "$krc" = 124 ] && echo " (timeout)"); stderr:"
			head -n 50 "$work/kbrowse.err"
		} >>"$log"
		report "$name" FAILED "$ctime" "$ktime" \
			"kbrowse exit $krc: $(head -n 1 "$work/kbrowse.err" | cut -c1-120)"
		return
	fi

	if [ -n "$KBC_ALL_FILES" ]; then
		tar -xzf "$entry/files.tar.gz" -C "$work/conf"
		compare_trees "$work/conf" "$work/kbrowse" "$log" || ok=0
	else
		cp -p "$entry"/files/.config "$work/conf/" 2>/dev/null
		cp -p "$entry"/files/defconfig "$work/conf/" 2>/dev/null
		compare_file .config "$work/conf" "$work/kbrowse" "$log" || ok=0
		if [ "$c_mode" = savedefconfig ]; then
			compare_file defconfig "$work/conf" "$work/kbrowse" "$log" || ok=0
		fi
	fi
	if [ "$ok" = 1 ]; then
		rm -rf "$work" "$log"
		report "$name" identical "$ctime" "$ktime"
	else
		cp "$work/kbrowse.err" "$KBC_LOGS/$slug.kbrowse.stderr" 2>/dev/null
		for f in .config defconfig; do
			[ -f "$work/conf/$f" ] && cp "$work/conf/$f" "$KBC_LOGS/$slug.conf.${f#.}"
			[ -f "$work/kbrowse/$f" ] && cp "$work/kbrowse/$f" "$KBC_LOGS/$slug.kbrowse.${f#.}"
		done
		rm -rf "$work"
		report "$name" DIFFERENT "$ctime" "$ktime" "$first_diff"
	fi
}

if [ "${1:-}" = --run-case ]; then
	run_case "$2"
	exit 0
fi
if [ "${1:-}" = --conf-case ]; then
	parse_case "$2" || exit 0
	input=
	if [ "$c_mode" = savedefconfig ]; then
		base_entry=$(conf_result "$c_base") || exit 0
		input=$base_entry/files/.config
	fi
	entry=$(conf_result "$2" "$input") && printf '%s\t%s\n' "$2" "$entry"
	exit 0
fi

# ---------------------------------------------------------------------------
# Main.

SELECTION=full
jobs=$(nproc 2>/dev/null || echo 2)
FILTER=
list_only=
conf_only=
KBC_ALL_FILES=
no_cache=
KBC_LOGS=${KBROWSE_KERNEL_LOGS:-/tmp/kbrowse-kernel-logs}/conformance
KBC_TIMEOUT=600
kbrowse=${KBROWSE:-}
while [ $# -gt 0 ]; do
	case $1 in
	--quick) SELECTION=quick ;;
	--arches) SELECTION=arches ;;
	--full) SELECTION=full ;;
	-j) jobs=${2:?-j needs a number}; shift ;;
	-j*) jobs=${1#-j} ;;
	-k) FILTER="${FILTER:+$FILTER|}(${2:?-k needs a pattern})"; shift ;;
	--list) list_only=1 ;;
	--conf-results) conf_only=1 ;;
	--all-files) KBC_ALL_FILES=1 ;;
	--no-cache) no_cache=1 ;;
	--logs) KBC_LOGS=${2:?}/conformance; shift ;;
	--timeout) KBC_TIMEOUT=${2:?}; shift ;;
	-h|--help) usage ;;
	-*) echo "unknown option: $1" >&2; usage ;;
	*) kbrowse=$1 ;;
	esac
	shift
done
case $jobs in ''|*[!0-9]*|0) echo "-j needs a positive number" >&2; exit 2 ;; esac

KERNEL_TREE=$(kernel_tree) || { echo "no kernel tree"; exit 1; }
KBC_CONF=$(kernel_conf) || { echo "cannot build conf"; exit 1; }
export KERNEL_TREE KBC_CONF

KBC_RUN=$(mktemp -d /tmp/kbrowse-conformance.XXXXXX) || exit 1
trap 'rm -rf "$KBC_RUN"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
mkdir -p "$KBC_RUN/env" "$KBC_RUN/results" "$KBC_RUN/work"

if [ "$SELECTION" = quick ]; then VARIANTS=$QUICK_VARIANTS; else VARIANTS=$(arch_variants); fi
# Environments for every variant (defconfig cases use their directory's).
for v in $(arch_variants); do
	arch_env "$v" >"$KBC_RUN/env/$v" || exit 1
done
cases=$(select_cases)
if [ -n "$list_only" ]; then
	printf '%s\n' "$cases"
	exit 0
fi
[ -n "$cases" ] || { echo "no case matches"; echo "0 passed, 0 failed"; exit 1; }

if [ -z "$kbrowse" ] && [ -z "$conf_only" ]; then
	echo "usage: $0 [OPTIONS] KBROWSE (or set \$KBROWSE)" >&2
	exit 2
fi
if [ -z "$conf_only" ]; then
	case $kbrowse in /*) ;; *) kbrowse=$PWD/$kbrowse ;; esac
	[ -x "$kbrowse" ] || { echo "not executable: $kbrowse" >&2; exit 2; }
fi
KBC_KBROWSE=$kbrowse

# What conf's results depend on besides the case: the tree, conf itself and
# the host tools its $(shell ...) calls run.
{
	cat "$KERNEL_CACHE/$KERNEL_PACKAGE.stamp"
	sha256sum <"$KBC_CONF"
	for tool in gcc ld ar nm objcopy rustc bindgen pahole python3 clang; do
		printf '%s: ' "$tool"
		"$tool" --version 2>/dev/null | head -n 1 || echo none
	done
	python3 -c 'import lxml' 2>/dev/null && echo lxml
	uname -m
} >"$KBC_RUN/hostid"

if [ -n "$no_cache" ]; then
	KBC_CACHE=$KBC_RUN/cache
else
	KBC_CACHE=$KERNEL_CACHE/conf-results
fi
mkdir -p "$KBC_CACHE" 2>/dev/null && [ -w "$KBC_CACHE" ] || KBC_CACHE=$KBC_RUN/cache
mkdir -p "$KBC_CACHE"
# Forget results unused for a month, and what interrupted runs left.
find "$KBC_CACHE" -mindepth 2 -maxdepth 2 -name hit -mtime +30 2>/dev/null |
	while IFS= read -r f; do rm -rf "${f%/hit}"; done
find "$KBC_CACHE" -mindepth 1 -maxdepth 1 -name '.new.*' -mmin +120 \
	-exec rm -rf {} + 2>/dev/null
rm -rf "$KBC_LOGS"
mkdir -p "$KBC_LOGS/env" || exit 1
cp "$KBC_RUN"/env/* "$KBC_LOGS/env/"
export KBC_RUN KBC_CACHE KBC_LOGS KBC_KBROWSE KBC_ALL_FILES KBC_TIMEOUT

if [ -n "$conf_only" ]; then
	printf '%s\n' "$cases" | grep -v '/savedefconfig(' |
		xargs -r -d '\n' -P "$jobs" -n 1 "$self" --conf-case
	printf '%s\n' "$cases" | grep '/savedefconfig(' |
		xargs -r -d '\n' -P "$jobs" -n 1 "$self" --conf-case
	exit 0
fi

total=$(printf '%s\n' "$cases" | wc -l)
echo "kbrowse conformance: $total cases ($SELECTION), -j $jobs"
echo "  kbrowse: $KBC_KBROWSE"
echo "  conf:    $KBC_CONF"
echo "  tree:    $KERNEL_TREE"
echo "  logs:    $KBC_LOGS"
start=$(date +%s)
# savedefconfig cases read the .config of another case: run them after the
# others so that conf's result for that case is already in the cache.
printf '%s\n' "$cases" | grep -v '/savedefconfig(' |
	xargs -r -d '\n' -P "$jobs" -n 1 "$self" --run-case
printf '%s\n' "$cases" | grep '/savedefconfig(' |
	xargs -r -d '\n' -P "$jobs" -n 1 "$self" --run-case
elapsed=$(($(date +%s) - start))

passed=$(cat "$KBC_RUN"/results/* 2>/dev/null | grep -c '^identical ')
ran=$(find "$KBC_RUN/results" -type f | wc -l)
failed=$((total - passed))
echo
echo "$ran of $total cases run in ${elapsed}s; conf cache: $KBC_CACHE"
if [ "$failed" != 0 ]; then
	echo "failures (logs in $KBC_LOGS):"
	cat "$KBC_RUN"/results/* 2>/dev/null | grep -v '^identical ' |
		LC_ALL=C sort -k2 | sed 's/^\([^ ]*\) \(.*\)/  \2: \1/'
	[ "$ran" = "$total" ] || echo "  $((total - ran)) cases did not report"
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
