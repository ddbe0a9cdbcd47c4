#!/bin/sh
# shellcheck disable=SC2086 # flag and file lists, split into words
# make fuzz: build the libFuzzer targets of tests/fuzz/ with FUZZ_CC
# (clang, -fsanitize=fuzzer with ASan and UBSan) and run each for
# FUZZ_SECONDS (default 60), from seed corpora made here: the teaching
# tree, expressions, .config lines, and excerpts of the Linux tree when
# it is installed (KBROWSE_LINUX_SRC; never committed).
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
targets=${FUZZ_TARGETS:-"fuzz_parse fuzz_expr fuzz_config"}
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
	# shellcheck disable=SC2086 # lists of flags
	$fuzz_cc $flags -fsanitize=fuzzer-no-link $includes -c "$path" -o "$obj" &
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

status=0
for t in $targets; do
	echo "== $t ($seconds s)"
	$fuzz_cc $flags -fsanitize=fuzzer $includes -o "$out/$t" \
		"$srcdir/tests/fuzz/$t.c" $objects ${FUZZ_LIBS:-} ||
		{ echo "make fuzz: linking $t failed"; status=1; continue; }
	mkdir -p "$out/corpus/$t"
	(cd "$out" && "./$t" -max_total_time="$seconds" -timeout=10 \
		-rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
		-artifact_prefix="$out/artifacts/$t-" \
		"corpus/$t" "seeds/$t") > "$out/$t.log" 2>&1
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
