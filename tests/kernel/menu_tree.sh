#!/usr/bin/env bash
# The browser's menu tree against the kernel's finished menu tree, entry
# by entry: for every menu entry of the Linux 6.12 tree, its parent (and
# its place in depth-first order) must be the one the kernel's own
# menu_finalize() gives it.
#
#   menu_parents.c     compiled here against the extracted tree's
#                      scripts/kconfig headers and objects (every one but
#                      conf.o): conf_parse, then one line per entry of
#                      rootmenu, "FILE:LINE PARENT KIND"
#   browser_parents    built beside KBROWSE (make check builds it): the
#                      same lines from ui/tree_model.c
#
# Both run in the environment `make ARCH=VARIANT menuconfig` gives conf
# (lib.sh's arch_env); the two lists must be identical.  One line per
# variant, then "N passed, N failed".
#
# usage: menu_tree.sh [--quick|--full] [OPTIONS] KBROWSE
#        (KBROWSE may also come from $KBROWSE; --quick, the default, runs
#        x86_64; --full every architecture variant; other options of
#        run.sh are accepted and ignored.  $BROWSER_PARENTS overrides where
#        the browser's side is found.)
# Started by sh: continue in bash.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

full=
kbrowse=${KBROWSE:-}
skip=
for arg in "$@"; do
	if [ -n "$skip" ]; then skip=; continue; fi
	case $arg in
	--full) full=1 ;;
	--quick) full= ;;
	-j|-k|--logs|--timeout) skip=1 ;;
	-*) ;;
	*) kbrowse=$arg ;;
	esac
done
if [ -z "$kbrowse" ]; then
	echo "usage: $0 [--quick|--full] KBROWSE (or set \$KBROWSE)" >&2
	exit 2
fi
builddir=$(cd "$(dirname "$kbrowse")" && pwd)

KERNEL_TREE=$(kernel_tree) || exit 77
export KERNEL_TREE
conf=$(kernel_conf) || exit 77
objdir=$(dirname "$conf")

work=$(mktemp -d /tmp/kbrowse-menu-tree.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

# The kernel's side.
objects=()
for o in "$objdir"/*.o; do
	[ "$(basename "$o")" = conf.o ] || objects+=("$o")
done
file_struct=
grep -q 'struct file \*file;' "$KERNEL_TREE/scripts/kconfig/expr.h" &&
	file_struct=-DMENU_FILE_STRUCT
if ! gcc -O1 $file_struct -I"$KERNEL_TREE/scripts/kconfig" -I"$KERNEL_TREE/scripts/include" \
	-o "$work/menu_parents" "$here/menu_parents.c" "${objects[@]}" \
	>"$work/cc.log" 2>&1; then
	echo "menu_parents.c does not build against $objdir:"
	sed 's/^/    /' "$work/cc.log" | head -n 20
	echo "0 passed, 1 failed"
	exit 1
fi

# kbrowse's side: made (or brought up to date) where kbrowse was built.
browser_parents=${BROWSER_PARENTS:-$builddir/tests/kernel/browser_parents}
if [ -z "${BROWSER_PARENTS:-}" ] && [ -f "$builddir/Makefile" ]; then
	make -s -C "$builddir" tests/kernel/browser_parents >"$work/make.log" 2>&1 ||
		{ sed 's/^/    /' "$work/make.log" | tail -n 20; }
fi
if [ ! -x "$browser_parents" ]; then
	echo "$browser_parents is missing (make check builds it)"
	echo "0 passed, 1 failed"
	exit 1
fi

if [ -n "$full" ]; then
	variants=$(arch_variants) || exit 99
else
	variants=x86_64
fi

passed=0
failed=0
for variant in $variants; do
	dir=$work/$variant
	mkdir -p "$dir/kernel" "$dir/kbrowse"
	if ! arch_env "$variant" >"$dir/env" 2>"$dir/env.err"; then
		echo "$variant: FAIL (no environment: $(head -n 1 "$dir/env.err"))"
		failed=$((failed + 1))
		continue
	fi
	mapfile -t envargs <"$dir/env"
	(cd "$dir/kernel" && env -i PATH="$PATH" HOME="${HOME:-/}" "${envargs[@]}" \
		"$work/menu_parents" Kconfig >"$dir/kernel.txt" 2>"$dir/kernel.err")
	kstatus=$?
	(cd "$dir/kbrowse" && env -i PATH="$PATH" HOME="${HOME:-/}" "${envargs[@]}" \
		"$browser_parents" >"$dir/kbrowse.txt" 2>"$dir/kbrowse.err")
	bstatus=$?
	if [ "$kstatus" -ne 0 ] || [ "$bstatus" -ne 0 ]; then
		echo "$variant: FAIL (kernel side exit $kstatus, kbrowse side exit $bstatus)"
		head -n 3 "$dir/kernel.err" "$dir/kbrowse.err" | sed 's/^/    /'
		failed=$((failed + 1))
		continue
	fi
	entries=$(wc -l <"$dir/kernel.txt")
	if ! cmp -s "$dir/kernel.txt" "$dir/kbrowse.txt"; then
		# Entries whose line differs: another parent, place or kind.
		differ=$(diff "$dir/kernel.txt" "$dir/kbrowse.txt" | grep -c '^>')
		echo "$variant: FAIL ($differ of $entries entries differ; < kernel, > kbrowse)"
		diff "$dir/kernel.txt" "$dir/kbrowse.txt" | head -n 20 | sed 's/^/    /'
		failed=$((failed + 1))
		continue
	fi
	echo "$variant: ok ($entries entries, each under the kernel's parent)"
	passed=$((passed + 1))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
