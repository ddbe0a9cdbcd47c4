#!/bin/sh
# Kconfiglib trees: the .config kbrowse writes under the
# kconfiglib dialect, byte for byte against the one Kconfiglib 14.1
# itself writes (Debian's python3-kconfiglib, through kconfiglib_conf.py
# beside this script), on the fixture trees under
# fixtures/kconfiglib/, one per rule of the dialect (TAP).
#
# Each fixture directory holds a Kconfig tree and optionally:
#   env           NAME=VALUE lines exported for both tools
#   modes         the modes to run (default: alldefconfig allnoconfig
#                 allyesconfig, and olddefconfig when input.config exists;
#                 also defconfig=FILE, and savedefconfig, which reads
#                 input.config and compares the minimal configurations)
#   input.config  the .config olddefconfig starts from
# Without python3-kconfiglib the whole test is skipped, saying so.
: "${KBROWSE:?}" "${top_srcdir:?}"
# shellcheck source=tests/dialects/kconfiglib_lib.sh
. "$(dirname "$0")/kconfiglib_lib.sh"
here=$top_srcdir/tests/dialects
fixtures=$here/fixtures/kconfiglib

work=$(mktemp -d /tmp/kbrowse-kconfiglib.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT


# run_case FIXTURE MODE: both tools in a fresh copy of the fixture.
run_case()
{
	fixture=$1 mode=$2
	name=$(basename "$fixture")
	dir=$work/$name-$mode
	rm -rf "$dir"
	cp -R "$fixture" "$dir"
	(
		cd "$dir" || exit 99
		if [ -f env ]; then
			set -a
			# shellcheck source=/dev/null # the fixture's own
			. ./env
			set +a
		fi
		libmode=$mode kbmode=--$mode
		case $mode in
		olddefconfig|savedefconfig)
			cp input.config lib.config
			cp input.config kb.config
			;;
		esac
		if [ "$mode" = savedefconfig ]; then
			libmode=savedefconfig=lib.defconfig
			kbmode=--savedefconfig=kb.defconfig
		fi
		KCONFIG_CONFIG=lib.config "$python" "$here/kconfiglib_conf.py" \
			"$libmode" Kconfig >lib.out 2>lib.err
		echo $? >lib.rc
		KCONFIG_CONFIG=kb.config KBROWSE_DIALECT=kconfiglib \
			"$KBROWSE" conf "$kbmode" Kconfig >kb.out 2>kb.err
		echo $? >kb.rc
	)
	rc=1
	if [ "$mode" = savedefconfig ]; then
		# a defconfig not written fails the comparison
		rm -f "$dir/lib.config" "$dir/kb.config"
		mv "$dir/lib.defconfig" "$dir/lib.config" 2>/dev/null
		mv "$dir/kb.defconfig" "$dir/kb.config" 2>/dev/null
	fi
	if [ "$(cat "$dir/lib.rc")" != 0 ]; then
		echo "# Kconfiglib failed on $name ($mode):"
		sed 's/^/#   /' "$dir/lib.err"
	elif [ "$(cat "$dir/kb.rc")" != 0 ]; then
		echo "# kbrowse failed on $name ($mode):"
		sed 's/^/#   /' "$dir/kb.err"
	elif ! cmp -s "$dir/lib.config" "$dir/kb.config"; then
		echo "# $name ($mode): .config differs (- Kconfiglib, + kbrowse):"
		diff -u "$dir/lib.config" "$dir/kb.config" | sed 's/^/#   /'
	else
		rc=0
	fi
	tap_result $rc "$name: $mode, the same .config as Kconfiglib's"
}

for fixture in "$fixtures"/*/; do
	fixture=${fixture%/}
	if [ -f "$fixture/modes" ]; then
		modes=$(cat "$fixture/modes")
	else
		modes="alldefconfig allnoconfig allyesconfig"
		[ -f "$fixture/input.config" ] && modes="$modes olddefconfig"
	fi
	for mode in $modes; do
		run_case "$fixture" "$mode"
	done
done
tap_done
