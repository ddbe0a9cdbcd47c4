#!/usr/bin/env bash
# The kernel's own kconfig self-tests (scripts/kconfig/tests in the Linux
# 6.12 tree, or 6.1's with KBROWSE_KERNEL_SERIES=6.1, read by the rules of
# that kernel) run against `kbrowse conf`, as their conftest.py runs conf:
# in an empty directory, with srctree set to the test's directory and
# KCONFIG_DEFCONFIG_LIST empty, checked against the test's expected files.
#
# Every test runs in the mode it names, --oldaskconfig and --oldconfig
# included: the keys it types, then Enter for every further question (as
# conftest.py does), and its checks of stdout, stderr and .config:
#   choice/oldask0, auto_submenu, new_choice_with_dep,
#   no_write_if_dep_unmet, choice_value_with_m_dep (6.1): the questions
#       on stdout and the .config, as the test checks them; for
#       choice_value_with_m_dep also the .config 6.1's conf writes
#   err_recursive_dep, err_recursive_inc: the tree is refused (exit 1);
#       every loop step conf prints is printed too
#   inter_choice (6.1): --defconfig, as written
#   preprocess/*: --oldaskconfig (no prompt is asked); stdout/stderr as
#       the test checks them, kbrowse's "file:line:column: severity: "
#       read as conf's "file:line: "
#
# usage: selftests.sh [OPTIONS] [KBROWSE]   (options of run.sh are ignored)
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

kbrowse=$(kernel_kbrowse_arg "$0" "$@") || exit 2

tree=$(kernel_tree) || exit 1
tests=$tree/scripts/kconfig/tests
# The tests' trees have no Makefile to tell the rules by: those of the
# kernel they come from.
KBROWSE_DIALECT=$(kernel_dialect)
export KBROWSE_DIALECT
work=$(mktemp -d /tmp/kbrowse-selftests.XXXXXX) || exit 1
trap 'rm -rf "$work"' EXIT

# run_conf TESTDIR MODE [ENV...]: run kbrowse conf in a fresh directory;
# leaves $out (the directory), $rc, $out/stdout, $out/stderr.
run_conf()
{
	local dir=$1 mode=$2
	shift 2
	out=$work/run.$RANDOM$RANDOM
	mkdir -p "$out"
	[ -n "${dot_config:-}" ] && cp "$dot_config" "$out/.config"
	(cd "$out" && env srctree="$dir" KCONFIG_DEFCONFIG_LIST= "$@" \
		"$kbrowse" conf "$mode" Kconfig >stdout 2>stderr)
	rc=$?
}

# run_asked TESTDIR MODE KEYS [ENV...]: run_conf with KEYS typed on stdin,
# then Enter for every further question, as conftest.py feeds conf.
run_asked()
{
	local dir=$1 mode=$2 keys=$3
	shift 3
	out=$work/run.$RANDOM$RANDOM
	mkdir -p "$out"
	[ -n "${dot_config:-}" ] && cp "$dot_config" "$out/.config"
	# yes dies of SIGPIPE when conf is done: the status is conf's.
	(set +o pipefail; cd "$out" && { printf '%s' "$keys"; yes '' 2>/dev/null; } |
		env srctree="$dir" KCONFIG_DEFCONFIG_LIST= "$@" \
		"$kbrowse" conf "$mode" Kconfig >stdout 2>stderr)
	rc=$?
}

# Does file $1 contain the text of file $2 (conftest's *_contains)?
contains()
{
	python3 - "$1" "$2" <<'EOF'
import sys
hay = open(sys.argv[1]).read()
needle = open(sys.argv[2]).read()
sys.exit(0 if needle in hay else 1)
EOF
}

# --- choice: all*config -------------------------------------------------
for mode in allyes allmod allno alldef; do
	name="choice/$mode"
	dot_config='' run_conf "$tests/choice" --${mode}config
	if [ "$rc" = 0 ] && contains "$out/.config" "$tests/choice/${mode}_expected_config"; then
		tap_ok "$name"
	else
		{ echo "exit $rc"; cat "$out/stderr"; diff "$tests/choice/${mode}_expected_config" "$out/.config"; } >"$work/log"
		tap_result 1 "$name" "$work/log"
	fi
done

# --- the questions, as the tests type them ----------------------------------------
# asked_case NAME TESTDIR MODE KEYS DOTCONFIG STDOUT_CONTAINS CONFIG_CHECK
# CONFIG_CHECK: "contains FILE", "matches FILE" or "".
asked_case()
{
	local name=$1 dir=$2 mode=$3 keys=$4 dotc=$5 want_out=$6 check=$7
	local good=1
	dot_config=${dotc:+$dir/$dotc} run_asked "$dir" "$mode" "$keys"
	[ "$rc" = 0 ] || good=0
	if [ -n "$want_out" ] && ! contains "$out/stdout" "$dir/$want_out"; then
		good=0
	fi
	case $check in
	contains\ *) contains "$out/.config" "$dir/${check#contains }" || good=0 ;;
	matches\ *) cmp -s "$out/.config" "$dir/${check#matches }" || good=0 ;;
	esac
	if [ "$good" = 1 ]; then
		ok "$name"
	else
		{
			echo "exit $rc"
			cat "$out/stderr"
			[ -n "$want_out" ] && diff "$dir/$want_out" "$out/stdout"
			[ -n "$check" ] && diff "$dir/${check#* }" "$out/.config"
		} >"$work/log" 2>&1
		not_ok "$name" "$work/log"
	fi
}
asked_case choice/oldask0 "$tests/choice" --oldaskconfig '' '' oldask0_expected_stdout ''
asked_case auto_submenu "$tests/auto_submenu" --oldaskconfig '' '' expected_stdout ''
asked_case new_choice_with_dep "$tests/new_choice_with_dep" --oldconfig y config \
	expected_stdout ''
asked_case no_write_if_dep_unmet "$tests/no_write_if_dep_unmet" --oldaskconfig n \
	config '' "matches expected_config"

# --- randconfig over choices ----------------------------------------------
# choice_randomize: every seed gives one of the expected configs, and the
# first hundred seeds give all three.  choice_randomize2: twenty seeds, each
# one of the three.
randomize()
{
	local test=$1 seeds=$2 need_all=$3 seed i seen=() bad=''
	for ((seed = 0; seed < seeds; seed++)); do
		dot_config='' run_conf "$tests/$test" --randconfig KCONFIG_SEED="$(printf '0x%x' "$seed")"
		if [ "$rc" != 0 ]; then
			bad="seed $seed: exit $rc"
			break
		fi
		local hit=''
		for i in 0 1 2; do
			if cmp -s "$out/.config" "$tests/$test/expected_config$i"; then
				hit=$i
				seen[i]=1
			fi
		done
		if [ -z "$hit" ]; then
			bad="seed $seed: matches no expected config"
			cp "$out/.config" "$work/log"
			break
		fi
		if [ "$need_all" = 1 ] && [ -n "${seen[0]:-}" ] && [ -n "${seen[1]:-}" ] &&
			[ -n "${seen[2]:-}" ]; then
			break
		fi
	done
	if [ -z "$bad" ] && [ "$need_all" = 1 ] &&
		{ [ -z "${seen[0]:-}" ] || [ -z "${seen[1]:-}" ] || [ -z "${seen[2]:-}" ]; }; then
		bad="not every expected config came up"
	fi
	if [ -z "$bad" ]; then
		tap_ok "$test"
	else
		echo "$bad" >>"$work/log"
		tap_result 1 "$test" "$work/log"
	fi
}
# (Since 6.11: 6.1 has no such tests.)
if [ -d "$tests/choice_randomize" ]; then
	: >"$work/log"
	randomize choice_randomize 100 1
	: >"$work/log"
	randomize choice_randomize2 20 0
fi

# --- tristate choices (6.1) -----------------------------------------------------
# A tristate member that depends on an m symbol is hidden once the user
# makes the choice y.
name=choice_value_with_m_dep
if [ -d "$tests/$name" ]; then
	dot_config=$tests/$name/config run_asked "$tests/$name" --oldaskconfig y
	good=0
	if [ "$rc" = 0 ] && contains "$out/.config" "$tests/$name/expected_config" &&
		contains "$out/stdout" "$tests/$name/expected_stdout"; then
		good=1
	fi
	# The same input through 6.1's own conf: the same .config and stdout.
	conf=$(kernel_conf 2>/dev/null) || conf=
	if [ "$good" = 1 ] && [ -n "$conf" ]; then
		mkdir -p "$work/conf.$name"
		cp "$tests/$name/config" "$work/conf.$name/.config"
		(set +o pipefail; cd "$work/conf.$name" && { printf y; yes '' 2>/dev/null; } |
			srctree="$tests/$name" KCONFIG_DEFCONFIG_LIST='' \
			"$conf" --oldaskconfig Kconfig >stdout 2>/dev/null) &&
			cmp -s "$work/conf.$name/.config" "$out/.config" &&
			cmp -s "$work/conf.$name/stdout" "$out/stdout" || good=0
	fi
	if [ "$good" = 1 ]; then
		tap_ok "$name"
	else
		{ echo "exit $rc"; cat "$out/stderr"; cat "$out/.config"; } >"$work/log"
		tap_result 1 "$name" "$work/log"
	fi
fi

# A choice's defconfig value is not moved by another choice.
name=inter_choice
if [ -d "$tests/$name" ]; then
	dot_config='' run_conf "$tests/$name" --defconfig="$tests/$name/defconfig"
	if [ "$rc" = 0 ] && contains "$out/.config" "$tests/$name/expected_config"; then
		tap_ok "$name"
	else
		{ echo "exit $rc"; cat "$out/stderr"; diff "$tests/$name/expected_config" "$out/.config"; } >"$work/log"
		tap_result 1 "$name" "$work/log"
	fi
fi

# --- dependency loops: refused, every step shown ------------------------------
name=err_recursive_dep
dot_config='' run_asked "$tests/$name" --oldaskconfig ''

# Each step conf prints ("symbol A depends on B", ...) must be among ours;
# the lines about choices are worded differently and only counted.
grep -E '^	symbol ' "$tests/$name/expected_stderr" |
	grep -v -e 'part of choice block' -e 'unknown is visible' |
	sed 's/^	//' >"$work/steps"
missing=$(while IFS= read -r step; do
	grep -qF "$step" "$out/stderr" || echo "$step"
done <"$work/steps")
want=$(grep -c 'recursive dependency detected' "$tests/$name/expected_stderr")
got=$(grep -c 'recursive dependency detected' "$out/stderr")
if [ "$rc" = 1 ] && [ -z "$missing" ] && [ "$want" = "$got" ]; then
	tap_ok "$name"
else
	{ echo "exit $rc, $got loops reported, conf reports $want"; echo "missing steps:"; echo "$missing"; cat "$out/stderr"; } >"$work/log"
	tap_result 1 "$name" "$work/log"
fi

name=err_recursive_inc
dot_config='' run_asked "$tests/$name" --oldaskconfig ''

if [ "$rc" != 0 ] && grep -qi 'recursive' "$out/stderr" &&
	grep -q 'Kconfig.inc1' "$out/stderr"; then
	tap_ok "$name"
else
	{ echo "exit $rc"; cat "$out/stderr"; } >"$work/log"
	tap_result 1 "$name" "$work/log"
fi

# --- the macro language ------------------------------------------------------------
for t in builtin_func circular_expansion escape variable; do
	name=preprocess/$t
	dir=$tests/preprocess/$t
	dot_config='' run_asked "$dir" --oldaskconfig ''
	good=1
	case $t in
	circular_expansion) [ "$rc" != 0 ] || good=0 ;;
	*) [ "$rc" = 0 ] || good=0 ;;
	esac
	# kbrowse locates messages as file:line:column: severity: (its manual);
	# the text after it must be conf's (the case of its first letter aside).
	sed -E 's/^([^:]+:[0-9]+):[0-9]+: (warning|error|note): /\1: /' \
		"$out/stderr" >"$out/stderr.conf-form"
	diff -qi "$out/stderr.conf-form" "$dir/expected_stderr" >/dev/null || good=0
	if [ -f "$dir/expected_stdout" ] && ! contains "$out/stdout" "$dir/expected_stdout"; then
		good=0
	fi
	if [ "$good" = 1 ]; then
		tap_ok "$name"
	else
		{
			echo "exit $rc"
			echo "stderr (--- expected, +++ kbrowse):"
			diff -u "$dir/expected_stderr" "$out/stderr.conf-form"
			if [ -f "$dir/expected_stdout" ]; then
				echo "stdout:"
				cat "$out/stdout"
			fi
		} >"$work/log"
		tap_result 1 "$name" "$work/log"
	fi
done

tap_summary
