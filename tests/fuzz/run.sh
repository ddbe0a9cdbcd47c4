#!/bin/sh
# shellcheck disable=SC2086 # flag and file lists, split into words
# make fuzz: build the libFuzzer targets of tests/fuzz/ with FUZZ_CC
# (clang, -fsanitize=fuzzer with ASan and UBSan) and run each for
# FUZZ_SECONDS (default 60), from seed corpora made here: the teaching
# tree, expressions, .config lines, macro lines, and excerpts of the
# Linux tree when it is installed (KBROWSE_LINUX_SRC; never committed).
#
#   fuzz_parse, fuzz_expr, fuzz_config   inputs up to 8 KiB
#   fuzz_macro         the macro language, with a dictionary of its
#                      words, in at most 512 MB (-rss_limit_mb)
#   fuzz_config_full   fuzz_config on inputs up to FILE_READ_MAX
#                      (src/util/file_read.h), the largest .config
#                      read; seeds of that size are made here
#
#   run.sh FUZZ_CC SRCDIR BUILDDIR SOURCE...
#   (FUZZ_LIBS in the environment: the libraries they link with, jansson)
#
# Without FUZZ_CC it says so and exits 0.  A crash leaves its input in
# BUILDDIR/fuzz/artifacts/ and makes the run fail: turn it into a unit
# test case (tests/unit/), then fix it.
set -u
fuzz_cc=$1 srcdir=$2 builddir=$3
shift 3
if [ -z "$fuzz_cc" ]; then
	echo "make fuzz: no C compiler with -fsanitize=fuzzer (install clang and" \
		"libclang-rt-dev, then run configure again): skipped"
	exit 0
fi
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-"fuzz_parse fuzz_expr fuzz_config fuzz_macro fuzz_config_full"}
linux=${KBROWSE_LINUX_SRC:-/var/cache/kbrowse/linux-source-6.12}
out=$builddir/fuzz
mkdir -p "$out/obj" "$out/artifacts" || exit 1

includes="-I$srcdir/src/util -I$srcdir/parser -I$srcdir/src/model
	-I$srcdir/src/confio -I$srcdir/src/cli -I$builddir"
flags="-std=gnu11 -g -O1 -fno-omit-frame-pointer
	-fsanitize=address,undefined -fno-sanitize-recover=undefined"

# The libraries, instrumented for coverage, two at a time; an object is
# rebuilt when its source is newer (rm -r BUILDDIR/fuzz after a header
# changes).
objects="" jobs=0
for src in "$@"; do
	case $src in *.c) ;; *) continue ;; esac
	path=$srcdir/$src
	[ -f "$path" ] || path=$builddir/$src	# generated (examples_data.c)
	obj=$out/obj/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')
	objects="$objects $obj"
	# shellcheck disable=SC3013 # dash and bash have -nt
	[ "$obj" -nt "$path" ] && continue
	# config_internal.h compiles inside the model only (Makefile.am).
	own=""
	case $src in src/model/*) own=-DKBROWSE_MODEL ;; esac
	# shellcheck disable=SC2086 # lists of flags
	$fuzz_cc $flags $own -fsanitize=fuzzer-no-link $includes -c "$path" -o "$obj" &
	jobs=$((jobs + 1))
	[ $((jobs % 2)) -eq 0 ] && wait
done
wait

# Seeds: written afresh each run, beside the corpora libFuzzer grows.
seeds=$out/seeds
rm -rf "$seeds"
mkdir -p "$seeds/fuzz_parse" "$seeds/fuzz_expr" "$seeds/fuzz_config"
find "$srcdir/examples" -name 'Kconfig*' | while read -r f; do
	cp "$f" "$seeds/fuzz_parse/examples_$(echo "${f#"$srcdir"/examples/}" | tr / _)"
done
for f in scripts/Kconfig.include init/Kconfig arch/x86/Kconfig.assembler \
	 mm/Kconfig arch/Kconfig drivers/net/Kconfig; do
	[ -f "$linux/$f" ] &&
		head -c 6000 "$linux/$f" > "$seeds/fuzz_parse/linux_$(echo "$f" | tr / _)"
done
n=0
for e in 'A' '!A' 'A && B' 'A || !B' 'B = m' 'N >= 10 && N < 0x20' \
	 'H != 0x1f' 'S = "str"' '(A || B) && !(C = y)' 'P1 || P2 = n' \
	 'B <= y' '"a" < "b"' 'X' 'MODULES && B != n' 'N > H'; do
	n=$((n + 1))
	printf '%s\n' "$e" > "$seeds/fuzz_expr/e$n"
done
printf 'CONFIG_ENABLE_DEBUG=y\nCONFIG_NR_CPUS=8\n' > "$seeds/fuzz_config/small"
printf '# CONFIG_MODULES is not set\nCONFIG_PAGE_SIZE_64KB=y\nCONFIG_LOCALVERSION="-x"\n' \
	> "$seeds/fuzz_config/choice"
printf 'CONFIG_UNKNOWN=y\nCONFIG_NR_CPUS=0x10\nCONFIG_NR_CPUS=9999999\nCONFIG_X\n' \
	> "$seeds/fuzz_config/odd"
cp "$srcdir"/tests/golden/examples/*.config "$seeds/fuzz_config/" 2>/dev/null

# The macro language: assignments of each flavour, functions with
# arguments, the built-ins, and what the engine must refuse in bounded
# memory (a variable that references itself, one that doubles on each
# line, references nested deep).
mkdir -p "$seeds/fuzz_macro"
n=0
for m in 'A = a\nB := $(A)$(A)\nB += $(B)\nconfig X\n\tbool "$(B)"' \
	 'f = $(1)-$(2)\nV := $(f,x,y)\nconfig $(V)\n\tdefault "$(f,$(V),z)"' \
	 'A = $(A)\nconfig $(A)' \
	 'A := x\nA := $(A)$(A)\nA := $(A)$(A)\nA := $(A)$(A)\nA := $(A)$(A)\nconfig Y\n\tstring "$(A)"' \
	 'c = $(if,$(1),y,n)\nconfig Z\n\tdef_bool $(c,1)\n$(info,$(c,))' \
	 '$(warning-if,y,line $(lineno) of $(filename))\n$(error-if,n,no)' \
	 'success = $(if-success,$(1),y,n)\nconfig CC_OK\n\tdef_bool $(success,true)\n\tdefault $(shell,echo y)' \
	 'x = $($($($($(y)))))\ny = x\nconfig $(x)' \
	 'A += one\nA += two\nB = $(A,$(A),$(A))\nconfig B\n\tbool "$(B) $(undefined,1,2)"'; do
	n=$((n + 1))
	printf '%b\n' "$m" > "$seeds/fuzz_macro/m$n"
done
[ -f "$linux/scripts/Kconfig.include" ] &&
	cp "$linux/scripts/Kconfig.include" "$seeds/fuzz_macro/linux_Kconfig.include"

# fuzz_config_full: the reader's limit, read from its header; the small
# seeds and two of the largest inputs it takes: 2.9 million lines that
# each set a value again (an override warning each, the rest of the file
# read after the warnings kept are full), and one line that is a single
# string value.  Its own seeds directory is its corpus: inputs of 64 MB
# do not pile up on disk from run to run.  Under ASan the lines take
# about 17 s of CPU and the string 1 s: a short run does little more
# than read them, which is what it is for.
full_max=$(sed -n 's/^#define FILE_READ_MAX[[:space:]]*(\([0-9]*\)UL << \([0-9]*\)).*/\1 \2/p' \
	"$srcdir/src/util/file_read.h")
# shellcheck disable=SC2086 # the two numbers
set -- $full_max
if [ $# -ne 2 ]; then
	echo "make fuzz: cannot read FILE_READ_MAX in src/util/file_read.h"
	exit 1
fi
full_max=$(($1 << $2))
mkdir -p "$seeds/fuzz_config_full"
cp "$seeds"/fuzz_config/* "$seeds/fuzz_config_full/"
for f in "$seeds"/fuzz_config/*; do
	cat "$f"
done | awk '{ print } END { while (1) print "CONFIG_NR_CPUS=" NR++ }' 2>/dev/null |
	head -c "$full_max" > "$seeds/fuzz_config_full/max_lines"
{ printf 'CONFIG_LOCALVERSION="'; yes x | tr -d '\n' | head -c $((full_max - 23)); printf '"\n'; } \
	> "$seeds/fuzz_config_full/max_string"

# What each target is built from, and how it runs.
target_source() {
	case $1 in
	fuzz_config_full) echo fuzz_config ;;
	*) echo "$1" ;;
	esac
}
target_options() {
	case $1 in
	fuzz_macro) echo "-rss_limit_mb=512 -max_len=8192 -timeout=10" \
		"-dict=$srcdir/tests/fuzz/macro.dict" ;;
	# A hang, not a slow machine: a full-size input takes seconds (and
	# is no "slow unit" to copy into artifacts/ each run).
	fuzz_config_full) echo "-rss_limit_mb=2048 -max_len=$full_max -timeout=300" \
		"-report_slow_units=300" ;;
	*) echo "-rss_limit_mb=2048 -max_len=8192 -timeout=10" ;;
	esac
}

status=0
for t in $targets; do
	echo "== $t ($seconds s)"
	$fuzz_cc $flags -fsanitize=fuzzer $includes -o "$out/$t" \
		"$srcdir/tests/fuzz/$(target_source "$t").c" $objects ${FUZZ_LIBS:-} ||
		{ echo "make fuzz: linking $t failed"; status=1; continue; }
	corpus=corpus/$t
	[ "$t" = fuzz_config_full ] && corpus=
	[ -n "$corpus" ] && mkdir -p "$out/$corpus"
	# shellcheck disable=SC2046 # the options, split into words
	(cd "$out" && "./$t" -max_total_time="$seconds" \
		$(target_options "$t") -print_final_stats=1 \
		-artifact_prefix="$out/artifacts/$t-" \
		$corpus "seeds/$t") > "$out/$t.log" 2>&1
	rc=$?
	done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$out/$t.log" | tail -n 1)
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$t.log")
	echo "$t: ${execs:-?} executions; ${done_line:-no DONE line}"
	if [ $rc -ne 0 ]; then
		grep -E 'ERROR|SUMMARY|artifact' "$out/$t.log" | head -n 5
		echo "$t: FAILED (log: $out/$t.log)"
		status=1
	fi
done
exit $status
