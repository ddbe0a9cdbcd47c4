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

# lesson N NAME [kbrowse options]: not done before the exercise; the
# caller does the exercise between `lesson_start` and `lesson_done`.
lesson_start()
{
	kb "$@" learn >"$work/out"
	grep -q "^Lesson $lesson of 11: " "$work/out"
	tap_result $? "lesson $lesson: 'kbrowse learn' shows it" "$work/out"
	kb "$@" learn check >"$work/out"
	status=$?
	[ $status -eq 1 ] && grep -q "^Not yet: lesson $lesson," "$work/out"
	tap_result $? "lesson $lesson: 'learn check' says not yet before the exercise (status $status)" "$work/out"
}

lesson_done()
{
	kb "$@" learn check >"$work/out"
	status=$?
	[ $status -eq 0 ] && grep -q "^Done: lesson $lesson," "$work/out"
	tap_result $? "lesson $lesson: 'learn check' says done after the exercise (status $status)" "$work/out"
	lesson=$((lesson + 1))
}

tap_plan 43

kb --write-examples toy >"$work/out" && [ -f toy/Kconfig ] && [ -f toy/arch/Kconfig ] && [ -f toy/README.md ] &&
	grep -q 'default	12 if PAGE_SIZE_4KB' toy/arch/Kconfig
tap_result $? "--write-examples writes the teaching tree, tabs and all" "$work/out"

: >.config
lesson=1

# 1. a string value
lesson_start
echo 'CONFIG_DEFAULT_HOSTNAME="student"' >>.config
lesson_done

# 2. PAGE_SHIFT 16 through the page-size choice
lesson_start
set_line PAGE_SIZE_64KB y
lesson_done

# 3. select and imply
lesson_start
set_line EXT4_FS m
set_line PTP_CLOCK n
lesson_done

# 4. a select past the dependencies
lesson_start
set_line PAGE_OWNER y
lesson_done

# 5. visibility
lesson_start
set_line EXPERT y
set_line CRC16 n
set_line DEBUG_KERNEL y
lesson_done

# 6. choices: 256KiB pages need the server processor
lesson_start
set_line CPU_GENERIC64 -
set_line CPU_SERVER64 y
set_line PAGE_SIZE_64KB -
set_line PAGE_SIZE_256KB y
lesson_done

# 7. tristate: MODULES off makes the default m a y
lesson_start
set_line MODULES n
lesson_done

# 8. ranges: 4096 is clamped to 512
lesson_start
set_line NR_CPUS 4096
kb explain --no-help NR_CPUS >"$work/out"
grep -q '^NR_CPUS = 512$' "$work/out"
tap_result $? "lesson 8: NR_CPUS=4096 is clamped to 512" "$work/out"
lesson_done

# 9. saving turns defaults into user values
lesson_start
kb conf --olddefconfig >"$work/out"
grep -q '^CONFIG_SMP=y$' .config
tap_result $? "lesson 9: saving writes CONFIG_SMP=y" "$work/out"
set_line CPU_SERVER64 -
set_line CPU_TINY32 y
kb learn check >"$work/out"
grep -q 'SMP is y, not n' "$work/out"
tap_result $? "lesson 9: after the save SMP stays y on the 32-bit processor" "$work/out"
set_line SMP -
lesson_done

# 10. macros: edit the written tree, run with -C toy
lesson_start -C toy
sed 's/^TOY_NAME := toy$/TOY_NAME := mini/' toy/Kconfig >toy/Kconfig.new && mv toy/Kconfig.new toy/Kconfig
set_line DEFAULT_HOSTNAME -
lesson_done -C toy

# 11. renames: a tree of one's own, the old name transitional
mkdir rename
lesson_start
printf 'config HARDENED_ALLOC\n\tbool "Harden the allocator"\n\tdefault OLD_HARDENING\n\nconfig OLD_HARDENING\n\tbool\n' >rename/Kconfig
set_line OLD_HARDENING y
# without `transitional` the old name's line counts for nothing
kb -C rename learn check >"$work/out"
[ $? -eq 1 ] && grep -q '^Not yet: lesson 11,' "$work/out"
ok $? "lesson 11: without 'transitional' the old name's .config line is not used"
printf '\ttransitional\n' >>rename/Kconfig
lesson_done -C rename

kb learn >"$work/out"
grep -q '^Every lesson is done' "$work/out"
tap_result $? "after the last lesson 'kbrowse learn' says every lesson is done" "$work/out"

kb learn list >"$work/out"
[ "$(grep -c '^x ' "$work/out")" -eq 11 ]
tap_result $? "'learn list' marks all eleven lessons done" "$work/out"

kb learn goto choices >"$work/out" && grep -q '^Lesson 6 of 11: Choices' "$work/out" &&
	kb learn hint >"$work/out" && grep -q 'CPU_SERVER64' "$work/out"
tap_result $? "'learn goto choices' goes to lesson 6, 'learn hint' gives its hint" "$work/out"

# The state file is replaced whole, never written through a link.
mv .kbrowse-learn "$work/victim" && ln -s "$work/victim" .kbrowse-learn &&
	kb learn goto macros >"$work/out" && [ ! -L .kbrowse-learn ] &&
	[ "$(cat .kbrowse-learn)" = 10 ] && [ "$(cat "$work/victim")" = 6 ]
tap_result $? "'learn goto' replaces a link planted at .kbrowse-learn, its target untouched" "$work/out"

kb learn glossary select >"$work/out" && grep -q '^select$' "$work/out" &&
	kb learn glossary >"$work/out" && grep -q '^visible if$' "$work/out"
tap_result $? "'learn glossary [TERM]' explains the terms" "$work/out"
