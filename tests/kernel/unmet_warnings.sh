#!/usr/bin/env bash
# conf's "WARNING: unmet direct dependencies detected for X" on stderr:
# kbrowse conf prints the same bytes as the kernel's conf.
#
#   - the teaching tree (kbrowse --write-examples), PAGE_OWNER=y selecting
#     DEBUG_PAGEALLOC past DEBUG_KERNEL [=n]: --alldefconfig with
#     KCONFIG_ALLCONFIG, and --olddefconfig on a .config that sets it
#     (the browser shows these lines before a save: tests/tui/save_warnings.sh);
#   - Linux 6.12 powerpc 44x/iss476-smp_defconfig, where PM_SLEEP_SMP
#     selects HOTPLUG_CPU past its dependencies.
# Each case: stdout, stderr and .config of both programs compared byte
# for byte, and stderr must hold a warning (so the comparison says
# something).
#
# usage: unmet_warnings.sh [OPTIONS] [KBROWSE]        (default: $KBROWSE)
# Prints "ok"/"not ok" lines and "N passed, N failed".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

kernel_suite_start unmet "$0" "$@"


# same NAME DIR: conf's and kbrowse's outputs in DIR/conf and DIR/kbrowse agree.
same()
{
	local name=$1 dir=$2 f ok=0
	for f in out err .config; do
		if ! cmp -s "$dir/conf/$f" "$dir/kbrowse/$f"; then
			echo "# $name: $f differs:"
			diff -u "$dir/conf/$f" "$dir/kbrowse/$f" | head -n 20 | sed 's/^/# /'
			ok=1
		fi
	done
	grep -q '^WARNING: unmet direct dependencies detected for ' "$dir/conf/err" || {
		echo "# $name: conf printed no unmet-dependency warning"
		ok=1
	}
	tap_result $ok "$name: the warnings on stderr (and stdout, .config) are conf's, byte for byte"
}

# --- the teaching tree ------------------------------------------------------------

"$kbrowse" --write-examples "$work/toy" >/dev/null || exit 1
echo CONFIG_PAGE_OWNER=y >"$work/mini.config"
for mode in alldefconfig olddefconfig; do
	for side in conf kbrowse; do
		d=$work/toy-$mode/$side
		mkdir -p "$d"
		[ "$mode" = olddefconfig ] && cp "$work/mini.config" "$d/.config"
		if [ "$side" = conf ]; then prog=("$conf"); else prog=("$kbrowse" conf); fi
		(cd "$d" && env -i LANG=C PATH="$PATH" HOME=/ srctree="$work/toy" \
			KCONFIG_ALLCONFIG="$work/mini.config" KBROWSE_NO_CACHE=1 \
			"${prog[@]}" --"$mode" "$work/toy/Kconfig" >out 2>err)
	done
	same "teaching tree, --$mode, PAGE_OWNER=y" "$work/toy-$mode"
done

# --- Linux 6.12 powerpc ---------------------------------------------------------------

mapfile -t envargs < <(arch_env powerpc)
d=$work/iss476
for side in conf kbrowse; do
	mkdir -p "$d/$side"
	if [ "$side" = conf ]; then prog=("$conf"); else prog=("$kbrowse" conf); fi
	(cd "$d/$side" && env -i LANG=C PATH="$PATH" HOME=/ "${envargs[@]}" \
		"${prog[@]}" --defconfig=arch/powerpc/configs/44x/iss476-smp_defconfig \
		Kconfig >out 2>err)
done
same "powerpc 44x/iss476-smp_defconfig" "$d"

tap_summary
