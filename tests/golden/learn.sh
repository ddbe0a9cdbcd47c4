#!/bin/sh
# `kbrowse learn` done the way a student would do it, from a shell (TAP):
# write the teaching tree with --write-examples, then for each lesson
# read it, check that `learn check` says "Not yet" (status 1) before the
# exercise, do the exercise by editing .config (and, for the macro lesson,
# the written files), and check that `learn check` says "Done" (status 0)
# and moves on.  Then the glossary, the list, hints and goto.
#
# usage: learn.sh            (KBROWSE and top_srcdir set, as by make check)
: "${KBROWSE:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"

[ -x "$KBROWSE" ] || tap_skip_all "$KBROWSE not built"
work=$(mktemp -d /tmp/kbrowse-golden-learn.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99

# Only PATH: no srctree, ARCH or KCONFIG_CONFIG from the caller.
kb()
{
	env -i PATH="$PATH" HOME="$work" KBROWSE_NO_CACHE=1 "$KBROWSE" "$@" 2>"$work/stderr"
}

# ok STATUS DESC: a case, with the last output as its diagnostics
ok()
{
	tap_result "$1" "$2" "$work/out"
}

# set NAME VALUE: the .config line for NAME, replacing any earlier one
set_line()
{
	grep -v -e "^CONFIG_$1=" -e "^# CONFIG_$1 is not set\$" .config >.config.new 2>/dev/null
	if [ "$2" = n ]; then
		echo "# CONFIG_$1 is not set" >>.config.new
	elif [ "$2" = - ]; then
		:
	else
		echo "CONFIG_$1=$2" >>.config.new
	fi
	mv .config.new .config
}

# lesson_start [kbrowse options]: the lesson shows, and is not done with
# an empty .config (no lesson builds on what an earlier one left); the
# caller does the exercise between `lesson_start` and `lesson_done`.
lesson_start()
{
	: >.config
	kb "$@" learn >"$work/out"
	grep -q "^Lesson $lesson of $nlessons: " "$work/out"
	ok $? "lesson $lesson: 'kbrowse learn' shows it"
	kb "$@" learn check >"$work/out"
	status=$?
	[ $status -eq 1 ] && grep -q "^Not yet: lesson $lesson," "$work/out"
	ok $? "lesson $lesson: 'learn check' says not yet with an empty .config (status $status)"
}

lesson_done()
{
	kb "$@" learn check >"$work/out"
	status=$?
	[ $status -eq 0 ] && grep -q "^Done: lesson $lesson," "$work/out"
	ok $? "lesson $lesson: 'learn check' says done after the exercise (status $status)"
	lesson=$((lesson + 1))
}

kb --write-examples toy >"$work/out" && [ -f toy/Kconfig ] && [ -f toy/arch/Kconfig ] && [ -f toy/README.md ] &&
	grep -q 'default	12 if PAGE_SIZE_4KB' toy/arch/Kconfig &&
	[ -f toy/lessons/01-symbols.config ]
ok $? "--write-examples writes the teaching tree, tabs, fixtures and all"

nlessons=$(kb learn list | wc -l)
lesson=1

# Each lesson: its fixture (toy/lessons/NN-NAME.config) is the exercise
# done, as the hint says; the macro lesson edits toy/Kconfig as well and
# runs on the written tree (-C toy).  Workflows are done with the commands
# the exercise gives.
kb learn list | sed 's/^[>x ]//' >"$work/list"
while read -r number name _; do
	number=${number%.}
	fixture=$(printf 'toy/lessons/%02d-%s.config' "$number" "$name")
	case $name in
	macros)
		lesson_start -C toy
		sed 's/^TOY_NAME := toy$/TOY_NAME := mini/' toy/Kconfig >toy/Kconfig.new &&
			mv toy/Kconfig.new toy/Kconfig
		cp "$fixture" .config
		lesson_done -C toy
		sed 's/^TOY_NAME := mini$/TOY_NAME := toy/' toy/Kconfig >toy/Kconfig.new &&
			mv toy/Kconfig.new toy/Kconfig ;;
	renames)
		# A tree of one's own, the old name transitional: without
		# `transitional` the old name's .config line counts for nothing.
		mkdir -p rename
		lesson_start
		printf 'config HARDENED_ALLOC\n\tbool "Harden the allocator"\n\tdefault OLD_HARDENING\n\nconfig OLD_HARDENING\n\tbool\n' >rename/Kconfig
		set_line OLD_HARDENING y
		kb -C rename learn check >"$work/out"
		[ $? -eq 1 ] && grep -q "^Not yet: lesson $lesson," "$work/out"
		ok $? "lesson $lesson: without 'transitional' the old name's .config line is not used"
		printf '\ttransitional\n' >>rename/Kconfig
		lesson_done -C rename ;;
	workflows)
		lesson_start
		echo CONFIG_CPU_TINY32=y >mini.config
		env -i PATH="$PATH" HOME="$work" KBROWSE_NO_CACHE=1 KCONFIG_ALLCONFIG=mini.config \
			"$KBROWSE" conf --alldefconfig >/dev/null 2>&1
		lesson_done ;;
	*)
		lesson_start
		cp "$fixture" .config
		lesson_done ;;
	esac
done <"$work/list"


# The ranges lesson's "try 4096 first": clamped to 512.
set_line NR_CPUS 4096
kb explain --no-help NR_CPUS >"$work/out"
grep -q '^NR_CPUS = 512$' "$work/out"
ok $? "ranges: NR_CPUS=4096 is clamped to 512"

kb learn >"$work/out"
grep -q '^Every lesson is done' "$work/out"
ok $? "after the last lesson 'kbrowse learn' says every lesson is done"

kb learn list >"$work/out"
[ "$(grep -c '^x ' "$work/out")" -eq "$nlessons" ]
ok $? "'learn list' marks all $nlessons lessons done"

kb learn goto choices >"$work/out" && grep -q "^Lesson 7 of $nlessons: Choices" "$work/out" &&
	kb learn hint >"$work/out" && grep -q 'CPU_SERVER64' "$work/out"
ok $? "'learn goto choices' goes to lesson 7, 'learn hint' gives its hint"

# The state file is replaced whole, never written through a link.
mv .kbrowse-learn "$work/victim" && ln -s "$work/victim" .kbrowse-learn &&
	kb learn goto macros >"$work/out" && [ ! -L .kbrowse-learn ] &&
	[ "$(cat .kbrowse-learn)" = 9 ] && [ "$(cat "$work/victim")" = 7 ]
ok $? "'learn goto' replaces a link planted at .kbrowse-learn, its target untouched"

kb learn glossary select >"$work/out" && grep -q '^select$' "$work/out" &&
	kb learn glossary >"$work/out" && grep -q '^visible if$' "$work/out"
ok $? "'learn glossary [TERM]' explains the terms"
tap_done
