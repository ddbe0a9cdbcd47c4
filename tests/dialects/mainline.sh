#!/bin/sh
# The rules of mainline kconfig since Linux 6.12 (dialects linux-6.18 and
# linux-7.0), checked against the kernel's own kconfig tests for them:
# tests/dialects/mainline/ holds their trees, inputs and the outputs
# mainline's conf gives (the expected_* files of scripts/kconfig/tests/
# in torvalds/linux; which commits: tests/dialects/README).  No network,
# no kernel tree: the facts are committed.
#
# Each case runs `kbrowse conf` the way the tests' conftest.py runs conf:
# in an empty directory, with srctree set to the test's directory,
# KCONFIG_DEFCONFIG_LIST empty, the test's .config copied in, the same
# mode and environment, and the same comparison: "contains" is the
# expected text as a run of whole lines of the output, "matches" is the
# whole output.  kbrowse's diagnostics read "file:line:column: error: ",
# conf's "file:line: error: " (and "file:line:warning: "): the column
# is dropped before comparing, and for the one message both already had
# (a symbol without a type) kbrowse names the symbol, which is dropped.
#
# --oldconfig and --oldaskconfig: where this kbrowse refuses them (status
# 2, before they existed), the cases that only compare .config run
# --olddefconfig instead, which gives every symbol its default as
# --oldconfig does when the answers are all Enter (the tests type
# nothing); the one case that compares the questions is skipped.
# TAP output.
: "${KBROWSE:?}" "${top_srcdir:?}"
# shellcheck source=tests/lib/tap.sh
. "$top_srcdir/tests/lib/tap.sh"
cases=$top_srcdir/tests/dialects/mainline
work=$(mktemp -d /tmp/kbrowse-mainline.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

nfix=0
for dir in "$cases"/fixtures/*/; do
	set -- "$dir"*.input
	[ -e "$1" ] || set --
	nfix=$((nfix + 4 + 3 * $#))
done
tap_plan $((25 + nfix))

# run TEST MODE INPUT [ENV...] [-- ARGS]: kbrowse conf in a fresh
# directory; leaves $out (the directory) and $rc, $out/stdout, $out/stderr.
run()
{
	test=$1 mode=$2 input=$3
	shift 3
	out=$work/run$tap_n.$test
	mkdir -p "$out"
	[ -n "$input" ] && cp "$cases/$test/$input" "$out/.config"
	# shellcheck disable=SC2086 # $flags: words
	(cd "$out" && env srctree="$cases/$test" KCONFIG_DEFCONFIG_LIST= \
		KCONFIG_CONFIG=.config KBROWSE_DIALECT=linux-7.0 "$@" \
		"$KBROWSE" conf $flags "$mode" Kconfig \
		<"$out/stdin" >"$out/stdout" 2>"$out/stderr")
	rc=$?
}

# Does this kbrowse answer MODE (not status 2, "refused")?
has_mode()
{
	mkdir -p "$work/probe"
	printf 'config A\n\tbool "a"\n' >"$work/probe/Kconfig"
	(cd "$work/probe" && "$KBROWSE" --dialect linux-7.0 conf "$1" Kconfig \
		</dev/null >/dev/null 2>&1)
	[ $? -ne 2 ]
}

# conf's diagnostics from kbrowse's: "F:L:C: sev: " -> "F:L: sev: ",
# "F:L:warning:" as conf writes warnings, no symbol name in the one
# message that differs.
conf_style()
{
	sed -E -e 's/^([^: ]+:[0-9]+):[0-9]+: /\1: /' \
		-e 's/^([^: ]+:[0-9]+): warning: /\1:warning: /' \
		-e "s/config symbol '[^']*' defined without type/config symbol defined without type/" "$1"
}

# contains FILE EXPECTED: EXPECTED is a run of whole lines of FILE.
contains()
{
	python3 - "$1" "$2" <<'EOF'
import sys
text = open(sys.argv[1]).read()
want = open(sys.argv[2]).read()
sys.exit(0 if ('\n' + text).find('\n' + want) >= 0 else 1)
EOF
}

verdict()
{
	if [ "$1" = ok ]; then
		tap_ok "$2"
	else
		tap_not_ok "$2 (exit $rc)"
		sed 's/^/# stderr: /' "$out/stderr" | head -n 12
		sed 's/^/# stdout: /' "$out/stdout" | head -n 12
		[ -f "$out/.config" ] && sed 's/^/# .config: /' "$out/.config" | head -n 30
	fi
}

check() { if eval "$2"; then verdict ok "$1"; else verdict bad "$1"; fi; }

flags=
oldconfig=--olddefconfig oldask=--olddefconfig
has_mode --oldconfig && oldconfig=--oldconfig
has_mode --oldaskconfig && oldask=--oldaskconfig

# transitional: values migrate from the old names, which are not written
mkdir -p "$work/run$tap_n.transitional"; : >"$work/run$tap_n.transitional/stdin"
run transitional --olddefconfig initial_config
check "transitional: olddefconfig migrates every type, writes no old name" \
	'[ $rc = 0 ] && contains "$out/.config" "$cases/transitional/expected_config"'
if [ $oldconfig = --oldconfig ]; then
	mkdir -p "$work/run$tap_n.transitional"
	printf 'n\n' >"$work/run$tap_n.transitional/stdin"
	run transitional --oldconfig initial_config
	check "transitional: oldconfig asks only the symbol whose transitional default is off" \
		'[ $rc = 0 ] && contains "$out/stdout" "$cases/transitional/expected_stdout"'
else
	tap_skip "transitional: oldconfig questions" "this kbrowse refuses --oldconfig"
fi
# The same rule through listnewconfig (conf's check_conf() picks the
# questions of oldconfig and the lines of listnewconfig alike): none of
# the NEW_* whose default comes from a transitional symbol the .config
# sets; the two symbols without a value are listed.
mkdir -p "$work/run$tap_n.transitional"; : >"$work/run$tap_n.transitional/stdin"
run transitional --listnewconfig initial_config
check "transitional: listnewconfig leaves out what transitional symbols set" \
	'[ $rc = 0 ] && [ "$(cat "$out/stdout")" = "$(printf "CONFIG_NEW_CONDITIONAL_DEFAULT=n\nCONFIG_REGULAR_OPTION=n")" ]'

# err_transitional: anything but help beside the type is refused
mkdir -p "$work/run$tap_n.err_transitional"; : >"$work/run$tap_n.err_transitional/stdin"
run err_transitional --olddefconfig ""
conf_style "$out/stderr" >"$out/stderr.conf"
check "err_transitional: exit 1 and conf's errors, in its order" \
	'[ $rc = 1 ] && contains "$out/stderr.conf" "$cases/err_transitional/expected_stderr"'

# conditional_dep: depends on X if Y, tristate included
for i in 1 2 3; do
	mkdir -p "$work/run$tap_n.conditional_dep"; : >"$work/run$tap_n.conditional_dep/stdin"
	run conditional_dep $oldconfig test_config$i
	check "conditional_dep: $oldconfig test_config$i matches expected_config$i" \
		'[ $rc = 0 ] && cmp -s "$out/.config" "$cases/conditional_dep/expected_config$i"'
done

# warn_changed_input: only with KCONFIG_WARN_CHANGED_INPUT
t=warn_changed_input
mkdir -p "$work/run$tap_n.$t"; : >"$work/run$tap_n.$t/stdin"
run $t --olddefconfig config
check "$t: no warning without KCONFIG_WARN_CHANGED_INPUT" \
	'[ $rc = 0 ] && ! grep -q "user-provided values changed by Kconfig" "$out/stderr"'
mkdir -p "$work/run$tap_n.$t"; : >"$work/run$tap_n.$t/stdin"
run $t --olddefconfig config KCONFIG_WARN_CHANGED_INPUT=1
check "$t: olddefconfig warns, each symbol once" \
	'[ $rc = 0 ] && contains "$out/stderr" "$cases/$t/expected_stderr"'
check "$t: olddefconfig .config matches" \
	'cmp -s "$out/.config" "$cases/$t/expected_config"'
flags=-s
mkdir -p "$work/run$tap_n.$t"; : >"$work/run$tap_n.$t/stdin"
run $t --olddefconfig config KCONFIG_WARN_CHANGED_INPUT=1
check "$t: -s still warns" \
	'[ $rc = 0 ] && contains "$out/stderr" "$cases/$t/expected_stderr"'
flags=
mkdir -p "$work/run$tap_n.$t"; : >"$work/run$tap_n.$t/stdin"
run $t --savedefconfig=defconfig config KCONFIG_WARN_CHANGED_INPUT=1
check "$t: savedefconfig warns" \
	'[ $rc = 0 ] && contains "$out/stderr" "$cases/$t/expected_stderr"'
check "$t: savedefconfig's defconfig matches" \
	'cmp -s "$out/defconfig" "$cases/$t/expected_defconfig"'

# err_repeated_inc: a file sourced twice
mkdir -p "$work/run$tap_n.err_repeated_inc"; : >"$work/run$tap_n.err_repeated_inc/stdin"
run err_repeated_inc $oldask ""
conf_style "$out/stderr" >"$out/stderr.conf"
check "err_repeated_inc: refused, conf's error and note" \
	'[ $rc != 0 ] && contains "$out/stderr.conf" "$cases/err_repeated_inc/expected_stderr"'

# The 6.12 rules read none of this: the words are no keywords there.
mkdir -p "$work/run$tap_n.transitional"; : >"$work/run$tap_n.transitional/stdin"
run transitional --olddefconfig initial_config KBROWSE_DIALECT=linux-6.11
check "linux-6.11 rules: transitional is an unknown statement, as in 6.12's conf" \
	'[ $rc = 1 ] && grep -q "unknown statement \"transitional\"" "$out/stderr"'
mkdir -p "$work/run$tap_n.conditional_dep"; : >"$work/run$tap_n.conditional_dep/stdin"
run conditional_dep --olddefconfig test_config1 KBROWSE_DIALECT=linux-6.18
check "linux-6.18 rules: depends on X if Y is refused" \
	'[ $rc = 1 ]'
mkdir -p "$work/run$tap_n.err_repeated_inc"; : >"$work/run$tap_n.err_repeated_inc/stdin"
run err_repeated_inc --olddefconfig "" KBROWSE_DIALECT=linux-6.18
check "linux-6.18 rules: a file sourced twice is read twice" \
	'[ $rc = 0 ]'

# dump: the new lines come back as written, and the dump is the same tree
for t in transitional conditional_dep; do
	d=$work/dump.$t
	mkdir -p "$d/tree"
	"$KBROWSE" --dialect linux-7.0 dump "$cases/$t/Kconfig" >"$d/tree/Kconfig" 2>"$d/err1"
	"$KBROWSE" --dialect linux-7.0 dump "$d/tree/Kconfig" >"$d/again" 2>"$d/err2"
	input=initial_config
	[ $t = conditional_dep ] && input=test_config1
	for tree in "$cases/$t" "$d/tree"; do
		mkdir -p "$d/run.$(basename "$tree")"
		cp "$cases/$t/$input" "$d/run.$(basename "$tree")/.config"
		(cd "$d/run.$(basename "$tree")" && KCONFIG_CONFIG=.config \
			"$KBROWSE" --dialect linux-7.0 conf -s --olddefconfig "$tree/Kconfig" \
			>/dev/null 2>&1)
	done
	out=$d rc=0
	: >"$d/stdout"; cp "$d/err2" "$d/stderr"
	check "dump of $t: parses to the same dump and the same .config" \
		'cmp -s "$d/tree/Kconfig" "$d/again" &&
		 grep -q "transitional\|depends on FOO if BAR" "$d/again" &&
		 cmp -s "$d/run.$t/.config" "$d/run.tree/.config"'
done

# diff --from-tree: an option renamed the kernel's way (kbrowse's own
# tree, no conf output: what kbrowse reports, not a value)
d=$work/rename
mkdir -p "$d"
cp -R "$cases/rename/old" "$cases/rename/new" "$d/"
out=$d rc=0
(cd "$d/new" && "$KBROWSE" --dialect linux-7.0 diff --from-tree ../old "$cases/rename/old.config" \
	>"$d/stdout" 2>"$d/stderr")
rc=$?
check "diff --from-tree: the option renamed through transitional is a rename" \
	'[ $rc = 0 ] && grep -q "^OLD_OPTION  y -> -  .*\[renamed to NEW_OPTION: the old name is transitional" "$d/stdout" &&
	 grep -q "^  NEW_OPTION  - -> y" "$d/stdout"'
# the old tree is read from its own files, not the new tree's (run from the new top)
check "diff --from-tree: the old tree's Kconfig, not the one in the current directory" \
	'grep -q "(1 new option, 0 removed, 1 likely renamed)" "$d/stdout"'

# The tree "issue": a transitional option renamed and a conditional
# dependency (kbrowse's own outputs, beside conf's values)
t=issue
mkdir -p "$work/run$tap_n.$t"; : >"$work/run$tap_n.$t/stdin"
run $t --olddefconfig config
check "issue tree: olddefconfig writes NEW_OPTION=y, no OLD_OPTION line, no TEST_BASIC (FOO is n while BAR is y)" \
	'[ $rc = 0 ] && grep -qx "CONFIG_NEW_OPTION=y" "$out/.config" &&
	 ! grep -q OLD_OPTION "$out/.config" && ! grep -q TEST_BASIC "$out/.config"'
d=$work/explain.$t
mkdir -p "$d"
cp "$cases/$t/Kconfig" "$cases/$t/config" "$d/"
(cd "$d" && KCONFIG_CONFIG=config "$KBROWSE" explain NEW_OPTION TEST_BASIC >"$d/stdout" 2>"$d/stderr")
rc=$? out=$d
check "explain NEW_OPTION names OLD_OPTION, transitional, and its .config line" \
	'[ $rc = 0 ] && grep -q "OLD_OPTION is transitional: its value y comes from config:1; read, never written" "$d/stdout"'
check "explain TEST_BASIC: the conditional dependency, and that it applies" \
	'grep -q "depends on FOO \[=n\], only while BAR \[=y\] is not n: FOO \[=n\] applies" "$d/stdout"'
: >"$d/empty"
(cd "$d" && KCONFIG_CONFIG=empty "$KBROWSE" explain --to y OLD_OPTION >"$d/stdout" 2>"$d/stderr")
check "a plan never sets the old name" \
	'grep -q "it is transitional, an old name" "$d/stdout" && ! grep -q "set OLD_OPTION" "$d/stdout"'

# fixtures/: one tree per rule, with what conf gives for them
# (tests/dialects/README says which conf): every all*config, and
# olddefconfig (.config and stderr), listnewconfig (stdout) and
# savedefconfig (the defconfig) of each input.
fixture_run()
{
	dir=$1 mode=$2 input=$3
	out=$work/fix.$(basename "$dir").$mode.$(basename "${input:-none}")
	rm -rf "$out"; mkdir -p "$out"
	[ -n "$input" ] && cp "$input" "$out/.config"
	arg=--$mode
	[ "$mode" = savedefconfig ] && arg=--savedefconfig=defconfig
	(cd "$out" && env srctree="$dir" KCONFIG_CONFIG=.config KBROWSE_DIALECT=linux-7.0 \
		"$KBROWSE" conf -s "$arg" Kconfig </dev/null >"$out/stdout" 2>"$out/stderr")
	rc=$?
}
for dir in "$cases"/fixtures/*/; do
	dir=${dir%/}
	name=$(basename "$dir")
	exp=$dir/expected
	for mode in allnoconfig allyesconfig allmodconfig alldefconfig; do
		fixture_run "$dir" $mode ""
		if [ -f "$exp/$mode.stderr" ]; then
			conf_style "$out/stderr" >"$out/stderr.conf"
			check "$name: $mode refused with conf's errors" \
				'[ $rc = 1 ] && cmp -s "$out/stderr.conf" "$exp/$mode.stderr"'
		else
			check "$name: $mode" \
				'[ $rc = 0 ] && cmp -s "$out/.config" "$exp/$mode.config"'
		fi
	done
	for input in "$dir"/*.input; do
		[ -e "$input" ] || continue
		b=$(basename "$input" .input)
		fixture_run "$dir" olddefconfig "$input"
		: >"$out/none"
		err=$exp/$b.olddefconfig.stderr
		[ -f "$err" ] || err=$out/none
		check "$name: olddefconfig of $b.input (.config and warnings)" \
			'[ $rc = 0 ] && cmp -s "$out/.config" "$exp/$b.olddefconfig" &&
			 cmp -s "$out/stderr" "$err"'
		fixture_run "$dir" listnewconfig "$input"
		check "$name: listnewconfig of $b.input" \
			'[ $rc = 0 ] && cmp -s "$out/stdout" "$exp/$b.listnewconfig"'
		fixture_run "$dir" savedefconfig "$input"
		check "$name: savedefconfig of $b.input" \
			'[ $rc = 0 ] && cmp -s "$out/defconfig" "$exp/$b.savedefconfig"'
	done
done
