#!/usr/bin/env bash
# Run every test layer from a build directory and sum them up:
#   make check         unit tests (cmocka) and golden files
#   make check-kernel  parse and conformance tests on Linux 6.12
# KBROWSE_CHECK_KERNEL=quick|full|no chooses the kernel run (default quick).
set -uo pipefail

mode=${KBROWSE_CHECK_KERNEL:-quick}
passed=0 failed=0 status=0

make -j2 check >check.log 2>&1
rc=$?
cat check.log | grep -E "^(PASS|FAIL|ERROR|XPASS|SKIP)" || true
p=$(sed -n 's/^# PASS: *//p' check.log | tail -n1)
f=$(sed -n 's/^# FAIL: *//p' check.log | tail -n1)
e=$(sed -n 's/^# ERROR: *//p' check.log | tail -n1)
passed=$((passed + ${p:-0}))
failed=$((failed + ${f:-0} + ${e:-0}))
if [ "$rc" -ne 0 ]; then
	status=1
	[ -f test-suite.log ] && cat test-suite.log
	[ "${f:-0}${e:-0}" = 00 ] && failed=$((failed + 1))
fi

if [ "$mode" != no ]; then
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

echo "$passed passed, $failed failed"
exit $status
