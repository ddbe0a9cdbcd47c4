#!/usr/bin/env bash
# shellcheck disable=SC2030,SC2031 # lib.sh sourced in a subshell per series, on purpose
# Conformance of `kbrowse conf` with Linux 6.1's own scripts/kconfig/conf,
# on the 6.1 tree (Debian's linux-source-6.1): the Kconfig rules before
# the choice rework of 6.11 (kbrowse's linux-4.18 dialect, detected from
# the tree's Makefile).
#
# Cases (names as in conformance.sh):
#   --quick (the default; CI): x86_64 and arm64 in allnoconfig,
#       allyesconfig, allmodconfig and alldefconfig, both default
#       defconfigs, their savedefconfig, olddefconfig on 6.12's x86_64
#       defconfig output (what a .config from a newer kernel gives on
#       6.1); and allmodconfig and a defconfig of mips (choice members
#       that nest other options, tristate choices) and ia64 (gone in 6.7,
#       so checked nowhere else).
#   --arches: every architecture variant of 6.1 (lib.sh arch_variants:
#       26, ia64 among them) in the four all*config modes and its default
#       defconfig, plus the olddefconfig case.
#   --full: every case of the 6.1 tree: the --arches cases, every
#       arch/*/configs defconfig file, the savedefconfig cases.
# The olddefconfig input is made by Linux 6.12's own conf (lib.sh with
# the 6.12 series), so this script also needs that tree.
#
# usage: conformance_61.sh [OPTIONS] [KBROWSE]
#   the options of conformance.sh (-j N, -k REGEX, --list, --logs DIR,
#   --no-cache, --all-files, --timeout SECS, --quick, --arches, --full)
# Started by sh (make's $(SHELL) may be one): continue in bash.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
selection=--quick
for arg in "$@"; do
	case $arg in
	--quick|--arches|--full) selection=$arg ;;
	esac
done

# The input made on 6.12: its x86_64 defconfig, as `make ARCH=x86_64
# defconfig` writes it there.  Kept beside the trees (one per 6.12 conf).
newer_defconfig()
{
	(
		KBROWSE_KERNEL_SERIES=6.12
		# shellcheck source=tests/kernel/lib.sh
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
export KBC_EXTRA_CASES="x86_64/olddefconfig($input)"
case $selection in
--quick)
	export KBC_QUICK_VARIANTS="x86_64 arm64"
	export KBC_QUICK_DEFCONFIGS="x86/x86_64_defconfig arm64/defconfig
mips/malta_defconfig ia64/generic_defconfig"
	export KBC_QUICK_SAVEDEFCONFIG="x86_64/savedefconfig(defconfig:x86_64_defconfig)
arm64/savedefconfig(defconfig:defconfig) x86_64/savedefconfig(allmodconfig)"
	KBC_EXTRA_CASES="$KBC_EXTRA_CASES mips/allmodconfig ia64/allmodconfig"
	;;
esac
exec bash "$here/conformance.sh" "$@" "$selection"
