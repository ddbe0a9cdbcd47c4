#!/bin/sh
# Kconfiglib's own test trees (its tests/K* files): kbrowse under
# the kconfiglib rules against Kconfiglib 14.1 (Debian's python3-kconfiglib,
# through kconfiglib_conf.py) in alldefconfig, allnoconfig and
# allyesconfig (TAP).  Trees Kconfiglib refuses are skipped.  make check
# runs it; it skips, saying so, without Kconfiglib's source (its tests/,
# which Debian's python3-kconfiglib does not install), kept outside this
# repository and named by KCONFIGLIB_SRC:
#
#   git clone --depth 1 https://github.com/ulfalizer/Kconfiglib /tmp/Kconfiglib
#   KCONFIGLIB_SRC=/tmp/Kconfiglib KBROWSE=build/kbrowse top_srcdir=. \
#       sh tests/dialects/kconfiglib_selftests.sh
#
# Known differences are marked TODO, with the reason:
known()
{
	case $1 in
	Kmainmenu|Kmisc|Kdefconfig_existent|Kdefconfig_nonexistent|Kdefconfig_srctree)
		echo "option env and defconfig_list symbols are written (env_symbols_unwritten)" ;;
	Khelp)
		echo "Kconfiglib takes -help--- for ---help---" ;;
	Kdeploop10)
		echo "Kconfiglib refuses a loop through a choice that the C tools accept" ;;
	esac
}
: "${KBROWSE:?}" "${top_srcdir:?}"
# shellcheck source=tests/dialects/kconfiglib_lib.sh
. "$(dirname "$0")/kconfiglib_lib.sh"

if [ -z "${KCONFIGLIB_SRC:-}" ] || [ ! -d "$KCONFIGLIB_SRC/tests" ]; then
	tap_skip_all "KCONFIGLIB_SRC does not name a Kconfiglib checkout (git clone --depth 1 https://github.com/ulfalizer/Kconfiglib)"
fi
work=$(mktemp -d /tmp/kbrowse-kconfiglib-tests.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
cp -R "$KCONFIGLIB_SRC/tests" "$work/tests" || exit 99
cd "$work" || exit 99

for tree in tests/K*; do
	name=${tree#tests/}
	for mode in alldefconfig allnoconfig allyesconfig; do
		rm -f lib.config kb.config
		KCONFIG_CONFIG=lib.config "$python" \
			"$top_srcdir/tests/dialects/kconfiglib_conf.py" "$mode" \
			"$tree" >/dev/null 2>lib.err
		lib=$?
		KCONFIG_CONFIG=kb.config KBROWSE_DIALECT=kconfiglib \
			"$KBROWSE" conf "--$mode" "$tree" >/dev/null 2>kb.err
		kb=$?
		todo=$(known "$name")
		same=1
		[ "$lib" = 0 ] && [ "$kb" = 0 ] && cmp -s lib.config kb.config && same=0
		if [ -n "$todo" ]; then
			tap_todo $same "$name $mode" "$todo"
		elif [ "$lib" != 0 ]; then
			tap_skip "$name $mode" "Kconfiglib refuses it"
		elif ! tap_result $same "$name $mode"; then
			grep -v warning kb.err | head -5 | tap_diag
			[ -f lib.config ] && [ -f kb.config ] &&
				diff lib.config kb.config | head -10 | tap_diag
		fi
	done
done
tap_done
