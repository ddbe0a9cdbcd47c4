#!/usr/bin/env bash
# Conformance of `kbrowse conf` with Linux 6.1's own scripts/kconfig/conf,
# on the 6.1 tree (Debian's linux-source-6.1): the Kconfig rules before
# the choice rework of 6.11 (kbrowse's linux-4.18 dialect, detected from
# the tree's Makefile).
#
# Cases: x86_64 and arm64 in allnoconfig, allyesconfig, allmodconfig and
# alldefconfig, both default defconfigs, their savedefconfig, and
# olddefconfig on 6.12's x86_64 defconfig output (what a .config from a
# newer kernel gives on 6.1).  That input is made by Linux 6.12's own conf
# (lib.sh with the 6.12 series), so this script also needs that tree.
# --full adds every x86 and arm64 defconfig file.
#
# usage: conformance_61.sh [OPTIONS] [KBROWSE]
#   the options of conformance.sh (-j N, -k REGEX, --list, --logs DIR,
#   --no-cache, --all-files, --timeout SECS, --quick, --full)
# Started by sh (make's $(SHELL) may be one): continue in bash.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
full=
for arg in "$@"; do
	[ "$arg" = --full ] && full=1
done

# The input made on 6.12: its x86_64 defconfig, as `make ARCH=x86_64
# defconfig` writes it there.  Kept beside the trees (one per 6.12 conf).
newer_defconfig()
{
	(
		# shellcheck source=tests/kernel/lib.sh
		KBROWSE_KERNEL_SERIES=6.12
		. "$here/lib.sh"
		local conf env out dir
		conf=$(kernel_conf) || exit 1
		out=$KERNEL_CACHE/6.12-x86_64_defconfig.config
		if [ -f "$out" ] && [ "$out" -nt "$conf" ]; then
			echo "$out"
			exit 0
		fi
		dir=$(mktemp -d /tmp/kbrowse-newer.XXXXXX) || exit 1
		env=$dir/env
		KERNEL_TREE=$(kernel_tree) arch_env x86_64 >"$env" || exit 1
		mapfile -t envargs <"$env"
		(cd "$dir" && env -i PATH="$PATH" LANG=C "${envargs[@]}" \
			"$conf" -s --defconfig=arch/x86/configs/x86_64_defconfig Kconfig \
			>/dev/null 2>&1) || { rm -rf "$dir"; exit 1; }
		cp "$dir/.config" "$out.tmp" && mv "$out.tmp" "$out"
		rm -rf "$dir"
		echo "$out"
	)
}

input=$(newer_defconfig) || {
	echo "conformance_61.sh: cannot make 6.12's x86_64 defconfig output" >&2
	exit 1
}

export KBROWSE_KERNEL_SERIES=6.1
export KBC_QUICK_VARIANTS="x86_64 arm64"
export KBC_QUICK_DEFCONFIGS="x86/x86_64_defconfig arm64/defconfig"
export KBC_QUICK_SAVEDEFCONFIG="x86_64/savedefconfig(defconfig:x86_64_defconfig)
arm64/savedefconfig(defconfig:defconfig) x86_64/savedefconfig(allmodconfig)"
export KBC_EXTRA_CASES="x86_64/olddefconfig($input)"
if [ -n "$full" ]; then
	# Every case of the tree, x86 and arm64 only: the rest is 6.12's job.
	exec bash "$here/conformance.sh" "$@" -k '^(x86|x86_64|i386|arm64)/'
fi
exec bash "$here/conformance.sh" --quick "$@"
