# shellcheck shell=sh
# TAP for every test script (sourced, not run; POSIX sh, bash too).
#
#   tap_plan N               the plan, when the count is known first
#   tap_result STATUS DESC [FILE]  "ok" when STATUS is 0, else "not ok"
#                            and the first lines of FILE as comments
#   tap_exit STATUS WANT DESC  "ok" when a command's exit STATUS is WANT:
#                            a crash (134, 139) never passes for a failure
#   tap_check DESC CMD...    "ok" when CMD succeeds
#   tap_ok DESC, tap_not_ok DESC
#   tap_same DESC EXPECTED GOT  "ok" when two strings are equal, else
#                            "not ok" and both
#   tap_golden EXPECTED ACTUAL DESC  "ok" when the files are the same,
#                            else "not ok" and the diff; with
#                            KBROWSE_GOLDEN_UPDATE set, a file that differs
#                            is rewritten and the case still fails (review
#                            the diff, run again without it)
#   tap_skip DESC REASON     a case that could not run, and why
#   tap_todo STATUS DESC REASON  a known difference: reported, not counted
#   tap_skip_all REASON      the whole script could not run: plan 1..0, exit 0
#   tap_diag                 standard input as "# " comment lines
#   tap_done                 the plan if none was printed; exit status 1
#                            if any case failed (the script's last command)
#   tap_golden_commands DIR FIXTURE CASES  for each line NAME<TAB>ARGS
#                            of CASES, `$KBROWSE ARGS` run in DIR with
#                            only PATH in its environment: its stdout,
#                            its stderr ("stderr: " lines) and a non-zero
#                            exit status compared with FIXTURE/NAME.out
#   tap_summary              for the kernel suites (tests/kernel/run.sh
#                            sums them): "N passed, N failed"; exit status
#                            1 if any case failed
#
# tap_result, tap_exit and tap_check return 0 for "ok", 1 for "not ok",
# so a caller can add diagnostics: tap_result $? "what" || tap_diag <err
# Counters: tap_n (cases so far), tap_failed (cases that failed),
# tap_skipped (cases skipped).

tap_n=0
tap_failed=0
tap_skipped=0
tap_planned=

tap_plan()
{
	tap_planned=$1
	echo "1..$1"
}

tap_ok()
{
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1"
}

tap_not_ok()
{
	tap_n=$((tap_n + 1))
	tap_failed=$((tap_failed + 1))
	echo "not ok $tap_n - $1"
	return 1
}

tap_result()
{
	if [ "$1" = 0 ]; then
		tap_ok "$2"
	else
		tap_not_ok "$2"
		[ -z "${3:-}" ] || head -n 20 "$3" 2>/dev/null | tap_diag
		return 1
	fi
}

tap_exit()
{
	if [ "$1" = "$2" ]; then
		tap_ok "$3"
	else
		tap_not_ok "$3 (exit $1, want $2)"
	fi
}

tap_check()
{
	tap_desc=$1
	shift
	if "$@"; then tap_ok "$tap_desc"; else tap_not_ok "$tap_desc"; fi
}

tap_same()
{
	if [ "$2" = "$3" ]; then
		tap_ok "$1"
	else
		tap_not_ok "$1"
		echo "#   expected: '$2'"
		echo "#        got: '$3'"
		return 1
	fi
}

tap_golden()
{
	if cmp -s "$1" "$2"; then
		tap_ok "$3"
	elif [ -n "${KBROWSE_GOLDEN_UPDATE:-}" ]; then
		cp "$2" "$1"
		tap_not_ok "$3: rewrote $1 (review the diff, run again without KBROWSE_GOLDEN_UPDATE)"
	else
		tap_not_ok "$3"
		diff -u "$1" "$2" 2>&1 | head -n 30 | tap_diag
		return 1
	fi
}

tap_skip()
{
	tap_n=$((tap_n + 1))
	tap_skipped=$((tap_skipped + 1))
	echo "ok $tap_n - $1 # SKIP $2"
}

tap_todo()
{
	tap_n=$((tap_n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $tap_n - $2 # TODO $3"
	else
		echo "not ok $tap_n - $2 # TODO $3"
	fi
}

tap_skip_all()
{
	echo "1..0 # SKIP $1"
	exit 0
}

tap_diag()
{
	sed 's/^/# /'
}

tap_summary()
{
	echo "$((tap_n - tap_failed - tap_skipped)) passed, $tap_failed failed"
	[ "$tap_failed" -eq 0 ]
}

tap_done()
{
	[ -n "$tap_planned" ] || echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
}

tap_golden_commands()
{
	tgc_dir=$1 tgc_fixture=$2
	tap_plan "$(printf '%s\n' "$3" | wc -l)"
	while IFS='	' read -r tgc_name tgc_args; do
		# shellcheck disable=SC2086 # the arguments are words
		(cd "$tgc_dir" && env -i PATH="$PATH" "$KBROWSE" $tgc_args \
			>"$tgc_dir/$tgc_name.stdout" 2>"$tgc_dir/$tgc_name.stderr")
		tgc_rc=$?
		{
			cat "$tgc_dir/$tgc_name.stdout"
			sed 's/^/stderr: /' "$tgc_dir/$tgc_name.stderr"
			[ "$tgc_rc" -eq 0 ] || echo "exit: $tgc_rc"
		} >"$tgc_dir/$tgc_name.actual"
		tap_golden "$tgc_fixture/$tgc_name.out" "$tgc_dir/$tgc_name.actual" \
			"$tgc_name: kbrowse $tgc_args"
	done <<EOF
$3
EOF
}
