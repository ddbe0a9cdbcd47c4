#!/usr/bin/env bash
# Run every test layer from a build directory and sum them up, in an order
# that works on a machine that has nothing yet:
#   the Linux tree     installed and extracted first, and its own conf
#                      built (tests/kernel/lib.sh), so that the unit tests
#                      that read the tree and the golden tests that compare
#                      with conf run, not skip
#   make check         unit tests (cmocka), golden files, the browser in tmux
#   make check-kernel  parse and conformance tests on Linux 6.12
# KBROWSE_CHECK_KERNEL=quick|full|no chooses the kernel run (default quick);
# with no, the tree is not installed and the tests that need one skip.
# Each layer prints its own counts and its time; the last lines are the
# time of each stage and the sum, "N passed, N failed, N skipped".
set -uo pipefail

srcdir=$(cd "$(dirname "$0")/.." && pwd)
mode=${KBROWSE_CHECK_KERNEL:-quick}
case $mode in
quick|full|no) ;;
*)
	echo "KBROWSE_CHECK_KERNEL must be quick, full or no (not '$mode')" >&2
	exit 2 ;;
esac
passed=0 failed=0 skipped=0 status=0

# shellcheck source=tests/lib/stages.sh
. "$srcdir/tests/lib/stages.sh"

# --- the Linux tree ----------------------------------------------------------------

if [ "$mode" != no ]; then
	stage "the Linux 6.12 tree and its conf"
	# shellcheck source=tests/kernel/lib.sh
	. "$srcdir/tests/kernel/lib.sh"
	if tree=$(kernel_tree); then
		echo "$tree"
		# make check's unit tests read it; that it is there is now a
		# requirement, so they fail rather than skip should it vanish.
		KBROWSE_LINUX_SRC=$tree
		KBROWSE_REQUIRE_LINUX_SRC=1
		export KBROWSE_LINUX_SRC KBROWSE_REQUIRE_LINUX_SRC
		# The kernel's own conf, the oracle of tests/golden/limits.sh
		# (make check) as of the kernel suites after it.
		if conf=$(kernel_conf); then
			echo "$conf"
		else
			echo "could not build the kernel's conf"
			failed=$((failed + 1))
			status=1
		fi
	else
		echo "could not install and extract the Linux tree (KBROWSE_CHECK_KERNEL=no goes without)"
		failed=$((failed + 1))
		status=1
	fi
fi

# --- the trees of the other dialects ------------------------------------------------

# U-Boot and BusyBox from Debian's source packages, for
# tests/dialects/uboot.sh and busybox.sh (which skip without them);
# Buildroot, NuttX and barebox come only from their own git servers, so
# they are fetched by hand (tests/dialects/fetch.sh).
if [ "$mode" != no ]; then
	stage "the U-Boot and BusyBox trees"
	for tree in u-boot busybox; do
		sh "$srcdir/tests/dialects/fetch.sh" "$tree" ||
			echo "could not fetch $tree: tests/dialects/$tree.sh will skip"
	done
fi

# --- make check ----------------------------------------------------------------------

stage "make check"
make -j2 check >check.log 2>&1
rc=$?
grep -E "^(PASS|FAIL|ERROR|XPASS|XFAIL|SKIP):" check.log || true
count() {
	sed -n "s/^# $1: *//p" check.log | tail -n1
}
p=$(count PASS) f=$(count FAIL) e=$(count ERROR) s=$(count SKIP)
xp=$(count XPASS) xf=$(count XFAIL)
p=$((${p:-0} + ${xf:-0}))
f=$((${f:-0} + ${e:-0} + ${xp:-0}))
s=${s:-0}
if [ "$rc" -ne 0 ]; then
	status=1
	if [ -f test-suite.log ]; then
		cat test-suite.log
	else
		tail -n 30 check.log	# no test ran: a build error
	fi
	# A failure that left no counts still counts.
	[ "$f" -eq 0 ] && f=1
fi
echo "make check: $p passed, $f failed, $s skipped"
passed=$((passed + p))
failed=$((failed + f))
skipped=$((skipped + s))

# --- make check-kernel -------------------------------------------------------------

if [ "$mode" != no ]; then
	stage "make check-kernel ($mode)"
	make check-kernel KERNEL_MODE="--$mode" 2>&1 | tee check-kernel.log
	rc=${PIPESTATUS[0]}
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' check-kernel.log | tail -n1)
	if [ -n "$line" ]; then
		passed=$((passed + $(echo "$line" | cut -d' ' -f1)))
		failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
	fi
	if [ "$rc" -ne 0 ]; then
		status=1
		[ -n "$line" ] || failed=$((failed + 1))
	fi
fi

stage ""
stage_report
echo "$passed passed, $failed failed, $skipped skipped"
exit $status
