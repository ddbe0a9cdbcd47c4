#!/bin/sh
# Where a relative `source` name is found (TAP): in the current directory
# (the object directory) first, then under srctree, as the kernel's conf
# looks.  The loader skips the first try when a leading directory of the
# name is missing here; these cases check that it still finds what is here:
#  - a file in the object directory wins over srctree's, at any depth;
#  - a directory here without the file: srctree's file;
#  - a name whose leading component here is a file, not a directory;
#  - a file in neither place: the same error as ever.
: "${KBROWSE:?}" "${top_srcdir:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"

[ -x "$KBROWSE" ] || tap_skip_all "$KBROWSE not built"
work=$(mktemp -d /tmp/kbrowse-objdir.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
tap_plan 6

src=$work/src obj=$work/obj
mkdir -p "$src/a/b/c" "$src/d/e" "$src/f" "$src/g" "$obj"
cat >"$src/Kconfig" <<'KC'
mainmenu "objdir lookup"
source "a/b/c/Kconfig"
source "d/e/Kconfig"
source "f/Kconfig"
source "g/Kconfig"
KC
for d in a/b/c d/e f g; do
	name=$(printf '%s' "$d" | tr -d / | tr '[:lower:]' '[:upper:]')
	printf 'config SRC_%s\n\tbool "from srctree"\n' "$name" >"$src/$d/Kconfig"
done

# dump: the symbols the tree ended up with, in order.
symbols()
{
	(cd "$obj" && env -i PATH="$PATH" KBROWSE_NO_CACHE=1 srctree="$src" \
		"$KBROWSE" dump Kconfig 2>"$work/err") | sed -n 's/^config //p' | tr '\n' ' '
}

tap_same "nothing here: every file from srctree" \
	"SRC_ABC SRC_DE SRC_F SRC_G " "$(symbols)"

mkdir -p "$obj/a/b/c"
printf 'config OBJ_ABC\n\tbool "from the object directory"\n' >"$obj/a/b/c/Kconfig"
tap_same "a file three directories down in the object directory wins" \
	"OBJ_ABC SRC_DE SRC_F SRC_G " "$(symbols)"

mkdir -p "$obj/d"
tap_same "a directory here without the file: srctree's" \
	"OBJ_ABC SRC_DE SRC_F SRC_G " "$(symbols)"

printf 'config OBJ_DE\n\tbool "here"\n' >"$obj/d/Kconfig.de"
mkdir -p "$obj/d/e" && mv "$obj/d/Kconfig.de" "$obj/d/e/Kconfig"
: >"$obj/f"
printf 'config OBJ_G\n\tbool "here"\n' >"$work/g.kconfig"
mkdir -p "$obj/g"
ln -s "$work/g.kconfig" "$obj/g/Kconfig"
tap_same "a file added later, a plain file named like a directory, a link" \
	"OBJ_ABC OBJ_DE SRC_F OBJ_G " "$(symbols)"

printf 'source "h/i/Kconfig"\n' >>"$src/Kconfig"
symbols >/dev/null
grep -q 'h/i/Kconfig.*No such file or directory' "$work/err"
tap_result $? "a file in neither place: no such file" "$work/err"

# The top file itself found here first, as before.
printf 'mainmenu "here"\nconfig OBJ_TOP\n\tbool "top"\n' >"$obj/Kconfig"
tap_same "the top file here wins" "OBJ_TOP " "$(symbols)"
