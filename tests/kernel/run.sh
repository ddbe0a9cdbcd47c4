#!/usr/bin/env bash
# `make check-kernel`: every kernel test on the Linux 6.12 tree, summed up.
#
# usage: run.sh [--quick|--full] [OPTIONS] KBROWSE
#
# Runs, in order, each of these that exists (a missing one is skipped):
#   parse.sh        kbrowse parses every architecture's Kconfig tree
#   conformance.sh  kbrowse conf writes what the kernel's conf writes
#   selftests.sh    the kernel's own kconfig tests against kbrowse
# Each gets the same arguments and closes with a line "N passed, N failed";
# the last line here is the sum.  KBROWSE may also come from $KBROWSE.
# Extra options (-j N, -k REGEX, ...) are passed on to every script.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
passed=0 failed=0 status=0

for script in parse.sh conformance.sh selftests.sh; do
	if [ ! -f "$here/$script" ]; then
		echo "== $script: not present, skipped"
		continue
	fi
	echo "== $script"
	log=$(mktemp /tmp/kbrowse-run-kernel.XXXXXX) || exit 1
	bash "$here/$script" "$@" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
	rm -f "$log"
	if [ -n "$line" ]; then
		p=${line%% passed*}
		f=${line#*passed, }
		f=${f%% failed*}
		passed=$((passed + p))
		failed=$((failed + f))
	fi
	if [ "$rc" != 0 ]; then
		status=1
		# A script that failed without a summary counts as one failure.
		[ -n "$line" ] || failed=$((failed + 1))
		echo "== $script exited with status $rc"
	fi
done

echo "$passed passed, $failed failed"
exit $status
