#!/usr/bin/env bash
# `make check-kernel`: every kernel test on the Linux 6.12 tree, summed up.
#
# usage: run.sh [--quick|--full] [OPTIONS] KBROWSE
#
# First check_env.sh checks that the environment the tests give conf is the
# one the kernel's Makefile gives it, and that kbrowse derives the same by
# itself (x86_64 and arm64; with --full also um and i386).  Then it runs,
# in order, each of these that exists (a missing one is skipped):
#   parse.sh        kbrowse parses every architecture's Kconfig tree
#   parse.sh:6.1    the same on Linux 6.1 (KBROWSE_KERNEL_SERIES=6.1):
#                   x86_64, arm64, mips and ia64; with --full every variant
#   conformance.sh  kbrowse conf writes what the kernel's conf writes
#   conformance_61.sh  the same on Linux 6.1 (linux-source-6.1): the
#                   Kconfig rules before 6.11
#   selftests.sh    the kernel's own kconfig tests against kbrowse
#   selftests.sh:6.1  Linux 6.1's kconfig tests, by 6.1's rules
#   conf_modes.sh   --syncconfig (auto.conf, autoconf.h, markers...),
#                   --oldconfig and --oldaskconfig (6.1's defconfig taken
#                   to 6.12: the questions and answers byte for byte)
#   explain.sh      kbrowse explain against the values conf computes
#   lsp.sh          kbrowse lsp (Neovim headless) and kbrowse mcp on x86_64 defconfig
#   explain.sh:6.1  the same on Linux 6.1 (x86_64, mips; choices in m mode)
#   explain_source.sh  explain shows lines as written with their commands'
#                   answers, symbolic ranges, false terms, the user's pick
#   make_env.sh     conf --olddefconfig in a bare environment against
#                   make olddefconfig (O=, ARCH=, LLVM=, from a subdirectory)
#   diff.sh         kbrowse diff: NET=n names NET as the one root change
#   diff_from_tree.sh  kbrowse diff --from-tree from 6.1 to 6.12 on 6.1's
#                   x86_64 defconfig: exactly what 6.12's olddefconfig changes
#   survey.sh       kbrowse survey --write-configs: every .config identical
#                   to conf's for the same defconfig (x86, arm64, riscv;
#                   all 322 defconfigs with --full)
#   unmet_warnings.sh  conf's unmet-dependency warnings on stderr, byte
#                   for byte (teaching tree, powerpc iss476-smp_defconfig)
#   plans_solver.sh the solver's plans and proofs (explain --to) and conf
#                   --want, checked with conf (a handful of allyesconfig
#                   symbols; many with --full)
#   plans.sh, plans_visible.sh  (--full only) explain --to VALUE and
#                   --to visible plans, applied and checked with conf
#   lessons.sh      every fixture of `kbrowse learn` (examples/lessons/)
#                   through the kernel's conf and kbrowse conf, and each
#                   lesson's exercise checked with its fixture
#   menu_tree.sh    the browser's menu tree against the kernel's, entry by
#                   entry (x86_64; with --full every variant)
# Each closes with a line "N passed, N failed"; each one's time is printed
# as it ends and again at the close (tests/lib/stages.sh); the last line is the
# sum.  KBROWSE may also come from $KBROWSE.  conformance.sh, selftests.sh,
# explain.sh and menu_tree.sh get all the arguments (-j N, -k REGEX, ...
# included); parse.sh gets KBROWSE alone.
# Started by sh (make's $(SHELL) may be one): continue in bash.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/lib/stages.sh
. "$here/../lib/stages.sh"
passed=0 failed=0 status=0

env_variants="x86_64 arm64"
# parse.sh on 6.1: a few variants, every one with --full.
parse_61_variants="x86_64 arm64 mips ia64"
kbrowse=${KBROWSE:-}
skip=
for arg in "$@"; do
	if [ -n "$skip" ]; then skip=; continue; fi
	case $arg in
	--full) env_variants="x86_64 arm64 um i386" parse_61_variants= ;;
	-j|-k|--logs|--timeout) skip=1 ;;
	-*) ;;
	*) kbrowse=$arg ;;
	esac
done
if [ -z "$kbrowse" ]; then
	echo "usage: $0 [--quick|--full] [OPTIONS] KBROWSE (or set \$KBROWSE)" >&2
	exit 2
fi

for entry in check_env.sh parse.sh parse.sh:6.1 conformance.sh conformance_61.sh \
	selftests.sh selftests.sh:6.1 conf_modes.sh explain.sh explain.sh:6.1 explain_source.sh \
	plans.sh plans_visible.sh plans_solver.sh menu_tree.sh make_env.sh diff.sh diff_from_tree.sh \
	unmet_warnings.sh merge.sh lessons.sh lsp.sh survey.sh; do
	# SCRIPT:SERIES runs SCRIPT on that kernel series' tree.
	script=${entry%%:*}
	series=
	[ "$script" != "$entry" ] && series=${entry#*:}
	if [ ! -f "$here/$script" ]; then
		echo "== $script: not present, skipped"
		continue
	fi
	# The plans run conf once or twice per plan (~10 min): only with --full.
	if { [ "$script" = plans.sh ] || [ "$script" = plans_visible.sh ]; } &&
		[ "$env_variants" = "x86_64 arm64" ]; then
		echo "== $script: runs with --full only"
		continue
	fi
	stage "$entry"
	log=$(mktemp /tmp/kbrowse-run-kernel.XXXXXX) || exit 1
	case $script in
	check_env.sh)
		# shellcheck disable=SC2086 # a list of names
		bash "$here/$script" ${kbrowse:+-b "$kbrowse"} $env_variants 2>&1 | tee "$log" ;;
	parse.sh)
		# usage: parse.sh KBROWSE [KERNEL_TREE] [VARIANT...]
		# shellcheck disable=SC2086 # a list of names
		KBROWSE_KERNEL_SERIES=${series:-6.12} \
			bash "$here/$script" "$kbrowse" ${series:+$parse_61_variants} 2>&1 |
			tee "$log" ;;
	*)
		KBROWSE_KERNEL_SERIES=${series:-6.12} \
			bash "$here/$script" "$@" 2>&1 | tee "$log" ;;
	esac
	rc=${PIPESTATUS[0]}
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
	rm -f "$log"
	if [ -n "$line" ]; then
		p=${line%% passed*}
		f=${line#*passed, }
		f=${f%% failed*}
		passed=$((passed + p))
		failed=$((failed + f))
	fi
	if [ "$rc" != 0 ]; then
		status=1
		# A script that failed without a summary counts as one failure.
		[ -n "$line" ] || failed=$((failed + 1))
		echo "== $entry exited with status $rc"
	fi
done

stage ""
stage_report
echo "$passed passed, $failed failed"
exit $status
