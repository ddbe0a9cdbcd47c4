#!/usr/bin/env bash
# kbrowse in a kernel tree with nothing set writes what the kernel's make
# writes, and works from any directory inside the tree.
#
# On copies of Linux 6.12 whose .config is arch/x86/configs/x86_64_defconfig,
# in a bare environment (env -i PATH HOME), each case runs
#     make VARS olddefconfig               in one copy
#     kbrowse conf --olddefconfig VARS     in another
# and compares .config, include/config/ and include/generated/ byte for byte:
#   plain                    in the source tree
#   O=DIR                    .config and include/ in DIR (a clean source tree)
#   KBUILD_OUTPUT=DIR        the same from the environment
#   ARCH=arm64               on the command line, as make users type it
#   ARCH=arm64 O=DIR         both, after the mode
#   LLVM=1, LLVM=-N, LLVM=DIR/   only if clang and ld.lld are installed
#   CROSS_COMPILE=x86_64-linux-gnu-   only if that gcc is installed
# Then, started in drivers/net: `kbrowse conf --olddefconfig` writes the
# .config at the top, and `kbrowse explain E1000E` gives the value it gives
# at the top, with no error and a line naming the tree.
#
# The copies are hard links to the cached tree (cp -al), with the
# directories written to (include/, scripts/basic/, scripts/kconfig/)
# copied for real, so the cache is never written to.
#
# usage: make_env.sh [OPTIONS] [KBROWSE]        (default: $KBROWSE)
# Takes the arguments run.sh gives every kernel script; the options change
# nothing here.  Prints "ok"/"not ok" lines and "N passed, N failed".
# Started by sh (make's $(SHELL) may be one): continue in bash.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

kbrowse=$(kernel_kbrowse_arg "$0" "$@") || exit 2
for tool in make gcc flex bison; do
	command -v "$tool" >/dev/null 2>&1 || {
		echo "make_env.sh: needs $tool to run the kernel's make"
		echo "0 passed, 1 failed"
		exit 1
	}
done

KERNEL_TREE=$(kernel_tree) || exit 1

work=$(mktemp -d /tmp/kbrowse-make-env.XXXXXX) || exit 1
trap 'rm -rf "$work"' EXIT

# copy_tree DIR: the cached tree under DIR, written-to directories real.
copy_tree()
{
	local d
	cp -al "$KERNEL_TREE" "$1" || return 1
	for d in include scripts/basic scripts/kconfig; do
		rm -rf "${1:?}/$d" && cp -a "$KERNEL_TREE/$d" "$1/$d" || return 1
	done
}

# bare CMD...: CMD with nothing in its environment but PATH and HOME.
bare()
{
	env -i PATH="$PATH" HOME="${HOME:-/}" "$@"
}

# seed DIR: the x86_64 defconfig as DIR/.config, no build files yet.
seed()
{
	mkdir -p "$1" &&
	rm -rf "$1/include/config" "$1/include/generated" "$1/.config.old" &&
	cp "$KERNEL_TREE/arch/x86/configs/x86_64_defconfig" "$1/.config"
}

# same OBJ_MAKE OBJ_KBROWSE: what the two wrote is identical (diff shown).
same()
{
	local a=$1 b=$2 d rc=0
	if ! cmp -s "$a/.config" "$b/.config"; then
		diff "$a/.config" "$b/.config" | head -n 10
		rc=1
	fi
	for d in include/config include/generated; do
		if [ ! -d "$a/$d" ] || ! diff -r "$a/$d" "$b/$d" >"$work/diff" 2>&1; then
			echo "$d differs:"
			head -n 10 "$work/diff"
			rc=1
		fi
	done
	return $rc
}

{ copy_tree "$work/make" && copy_tree "$work/kb" && copy_tree "$work/src"; } || {
	echo "make_env.sh: cannot copy $KERNEL_TREE"
	echo "0 passed, 1 failed"
	exit 1
}
touch "$work/start"

# in_tree NAME VAR=VALUE...: both in their own copy of the source tree.
in_tree()
{
	local name=$1
	shift
	seed "$work/make" && seed "$work/kb" || return 1
	if ! (cd "$work/make" && bare make -s "$@" olddefconfig) >"$work/make.log" 2>&1; then
		echo "make $* olddefconfig failed:"
		tail -n 20 "$work/make.log"
		return 1
	fi
	if ! (cd "$work/kb" && bare "$kbrowse" conf --olddefconfig "$@") >"$work/kb.log" 2>&1; then
		echo "kbrowse conf --olddefconfig $* failed:"
		tail -n 20 "$work/kb.log"
		return 1
	fi
	cp "$work/make/.config" "$work/$name.config"
	same "$work/make" "$work/kb"
}

# out_of_tree NAME KBROWSE_ENV VAR=VALUE...: make O=DIR in the clean tree
# against kbrowse with O=DIR (after the mode) or, when KBROWSE_ENV is
# "env", KBUILD_OUTPUT=DIR in its environment.
out_of_tree()
{
	local name=$1 how=$2 om=$work/out-make-$1 ok=$work/out-kb-$1
	shift 2
	seed "$om" && seed "$ok" || return 1
	if ! (cd "$work/src" && bare make -s O="$om" "$@" olddefconfig) >"$work/make.log" 2>&1; then
		echo "make O=... $* olddefconfig failed:"
		tail -n 20 "$work/make.log"
		return 1
	fi
	if [ "$how" = env ]; then
		(cd "$work/src" && bare KBUILD_OUTPUT="$ok" "$kbrowse" conf --olddefconfig "$@")
	else
		(cd "$work/src" && bare "$kbrowse" conf --olddefconfig "$@" O="$ok")
	fi >"$work/kb.log" 2>&1 || {
		echo "kbrowse conf --olddefconfig $* (O by $how) failed:"
		tail -n 20 "$work/kb.log"
		return 1
	}
	if [ -e "$work/src/.config" ] || [ -e "$work/src/include/config" ]; then
		echo "kbrowse wrote into the source tree"
		return 1
	fi
	same "$om" "$ok"
}

# has NAME VALUE CONFIG: the case did what it is about (not a no-op).
has()
{
	grep -qx "$1" "$2" || { echo "$2 has no line $1"; return 1; }
}

in_tree plain
tap_result $? "plain: make olddefconfig and kbrowse conf --olddefconfig write the same"

out_of_tree o arg
tap_result $? "O=DIR: the same .config and include/ in the output directory"

out_of_tree kbuild_output env
tap_result $? "KBUILD_OUTPUT=DIR in the environment: the same in that directory"

in_tree arm64 ARCH=arm64 && has CONFIG_ARM64=y "$work/arm64.config"
tap_result $? "ARCH=arm64 on the command line: the same, an arm64 .config"

out_of_tree arm64_o arg ARCH=arm64 && has CONFIG_ARM64=y "$work/out-make-arm64_o/.config"
tap_result $? "conf --olddefconfig ARCH=arm64 O=DIR: the same in DIR"

if command -v clang >/dev/null 2>&1 && command -v ld.lld >/dev/null 2>&1; then
	in_tree llvm LLVM=1 && has CONFIG_CC_IS_CLANG=y "$work/llvm.config"
	tap_result $? "LLVM=1: the same, built for clang"
	# The versioned names Debian installs: clang-N, ld.lld-N, /usr/lib/llvm-N/bin/.
	n=$(LC_ALL=C clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -n 1)
	if [ -n "$n" ] && command -v "clang-$n" >/dev/null 2>&1 &&
		command -v "ld.lld-$n" >/dev/null 2>&1; then
		in_tree llvm_suffix "LLVM=-$n" && has CONFIG_CC_IS_CLANG=y "$work/llvm_suffix.config"
		tap_result $? "LLVM=-$n: the same"
	else
		tap_skip "LLVM=-N" "no clang-N and ld.lld-N"
	fi
	if [ -n "$n" ] && [ -x "/usr/lib/llvm-$n/bin/clang" ]; then
		in_tree llvm_prefix "LLVM=/usr/lib/llvm-$n/bin/" &&
			has CONFIG_CC_IS_CLANG=y "$work/llvm_prefix.config"
		tap_result $? "LLVM=/usr/lib/llvm-$n/bin/: the same"
	else
		tap_skip "LLVM=DIR/" "no /usr/lib/llvm-N/bin/clang"
	fi
else
	tap_skip "LLVM=1" "clang or ld.lld not installed"
fi

if command -v x86_64-linux-gnu-gcc >/dev/null 2>&1; then
	in_tree cross CROSS_COMPILE=x86_64-linux-gnu- &&
		grep -q '^CONFIG_CC_VERSION_TEXT="x86_64-linux-gnu-gcc' "$work/cross.config"
	tap_result $? "CROSS_COMPILE=x86_64-linux-gnu-: the same, that compiler's version"
else
	tap_skip "CROSS_COMPILE=x86_64-linux-gnu-" "x86_64-linux-gnu-gcc not installed"
fi

# From a subdirectory: the tree and the .config at the top.
seed "$work/kb"
(cd "$work/kb/drivers/net" && bare "$kbrowse" conf --olddefconfig) \
	>"$work/sub.log" 2>"$work/sub.err"
rc=$?
if [ $rc = 0 ] && [ -e "$work/kb/drivers/net/.config" ]; then
	echo "wrote drivers/net/.config"
	rc=1
fi
[ $rc = 0 ] && { cmp -s "$work/plain.config" "$work/kb/.config" || {
	diff "$work/plain.config" "$work/kb/.config" | head -n 10
	rc=1
}; }
grep -q "using the tree at $work/kb " "$work/sub.err" || {
	echo "no line naming the tree:"
	cat "$work/sub.err"
	rc=1
}
tap_result $rc "in drivers/net: conf --olddefconfig writes the .config at the top, as make"

explain_value()
{
	sed -n 's/.*"value": *"\([^"]*\)".*/\1/p' "$1" | head -n 1
}
(cd "$work/kb" && bare "$kbrowse" explain --json E1000E) >"$work/top.json" 2>"$work/top.err"
rc_top=$?
(cd "$work/kb/drivers/net" && bare "$kbrowse" explain --json E1000E) \
	>"$work/sub.json" 2>"$work/sub.err"
rc=$?
top_value=$(explain_value "$work/top.json")
sub_value=$(explain_value "$work/sub.json")
if [ $rc_top != 0 ] || [ $rc != 0 ] || [ -z "$top_value" ] ||
	[ "$top_value" != "$sub_value" ] || grep -q "error" "$work/sub.err" ||
	! grep -q "using the tree at $work/kb " "$work/sub.err"; then
	echo "explain E1000E at the top (status $rc_top): '$top_value'," \
		"in drivers/net (status $rc): '$sub_value'; stderr there:"
	head -n 5 "$work/sub.err"
	rc=1
fi
tap_result $rc "in drivers/net: explain E1000E works, value $top_value as at the top"

# Nothing was written into the cached tree.
newer=$(find "$KERNEL_TREE" -newer "$work/start" -print -quit 2>/dev/null)
[ -z "$newer" ] || echo "written in the cache: $newer"
tap_result "$([ -z "$newer" ]; echo $?)" "the cached tree was not written to"

tap_summary
