#!/bin/sh
# The bash completion (completion/kbrowse.bash) called as bash calls it,
# on the built-in teaching tree and on a small tree of our own.  TAP.
: "${KBROWSE:?}" "${top_srcdir:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"
completion=$top_srcdir/completion/kbrowse.bash
command -v bash >/dev/null 2>&1 || tap_skip_all "no bash"
work=$(mktemp -d /tmp/kbrowse-golden-completion.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
LC_ALL=C
export LC_ALL

# A tree of our own, and an empty directory (the teaching tree).
mkdir -p "$work/tree" "$work/empty" "$work/files"
printf 'config FOO_ONE\n\tbool "one"\n\nconfig FOO_TWO\n\tint "two"\n\tdefault 2\n' \
	>"$work/tree/Kconfig"
printf 'config FOO_OTHER\n\tbool "other"\n' >"$work/tree/Kconfig.other"
: >"$work/files/x86_defconfig"
: >"$work/files/xtensa_defconfig"

# complete DIR WORD...: the completions, sorted, for the words given (the
# last is the one being completed), split as bash splits them.
complete_in()
{
	dir=$1
	shift
	(cd "$dir" && env -i PATH="$PATH" KBROWSE_NO_CACHE=1 bash -c '
		. "$1"
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"
		COMP_POINT=${#COMP_LINE}
		_kbrowse
		printf "%s\n" "${COMPREPLY[@]}"' sh "$completion" "$KBROWSE" "$@" |
		sed '/^$/d' | sort | tr '\n' ' ' | sed 's/ $//')
}


e=$work/empty
tap_same "subcommands" "explain" "$(complete_in "$e" ex)"
tap_same "all subcommands" "conf diff dump explain learn lsp mcp merge" "$(complete_in "$e" "")"
tap_same "options of the browser" "--version" "$(complete_in "$e" --ve)"
tap_same "after -C, directories" "empty files tree" \
	"$(complete_in "$work" -C "")"
tap_same "explain options" "--json" "$(complete_in "$e" explain --j)"
tap_same "explain --to values" "m n visible y" "$(complete_in "$e" explain --to "")"

# Symbol names: those of `kbrowse dump --symbols`.
want=$(cd "$e" && "$KBROWSE" dump --symbols 2>/dev/null | grep '^PAGE_' | sort |
	tr '\n' ' ' | sed 's/ $//')
case $want in
*PAGE_SHIFT*) ;;
*) want="(dump --symbols lists no PAGE_SHIFT: $want)" ;;
esac
tap_same "explain PAGE_<TAB>: the teaching tree's symbols" "$want" \
	"$(complete_in "$e" explain PAGE_)"
tap_same "explain CONFIG_PAGE_SH<TAB>: with the prefix" "CONFIG_PAGE_SHIFT" \
	"$(complete_in "$e" explain CONFIG_PAGE_SH)"
tap_same "explain, after other symbols and options" "PAGE_SHIFT" \
	"$(complete_in "$e" explain --depth 2 NET PAGE_SH)"
tap_same "symbols of the tree in the current directory" "FOO_ONE FOO_TWO" \
	"$(complete_in "$work/tree" explain FOO)"
tap_same "symbols of the tree named by -C" "FOO_ONE FOO_TWO" \
	"$(complete_in "$e" -C "$work/tree" explain FOO)"
tap_same "symbols of the tree named by --srctree=" "FOO_ONE FOO_TWO" \
	"$(complete_in "$e" explain --srctree "=" "$work/tree" FOO)"
tap_same "symbols of the file named by --kconfig" "FOO_OTHER" \
	"$(complete_in "$work/tree" explain --kconfig Kconfig.other FOO)"

# conf: its modes, and files after --defconfig (also after '=').
tap_same "conf --all<TAB>" "--alldefconfig --allmodconfig --allnoconfig --allyesconfig" \
	"$(complete_in "$e" conf --all)"
tap_same "conf --def<TAB>" "--defconfig=" "$(complete_in "$e" conf --def)"
tap_same "conf --defconfig <TAB>: files" "x86_defconfig xtensa_defconfig" \
	"$(complete_in "$work/files" conf --defconfig x)"
tap_same "conf --defconfig=<TAB>: files" "x86_defconfig xtensa_defconfig" \
	"$(complete_in "$work/files" conf --defconfig "=" "")"
tap_same "conf --savedefconfig=x8<TAB>" "x86_defconfig" \
	"$(complete_in "$work/files" conf --savedefconfig "=" x8)"
# Every mode in `kbrowse conf --help` is completed, and no other.
modes=$("$KBROWSE" conf --help | sed -n 's/^  \(--[a-z0-9]*=\{0,1\}\).*/\1/p' |
	sort | tr '\n' ' ' | sed 's/ $//')
got=$(complete_in "$e" conf --)
for w in -C --srctree --no-cache --no-shell --dialect --help --silent; do
	got=$(echo " $got " | sed "s/ $w / /; s/^ //; s/ \$//")
done
tap_same "conf: the modes of conf --help" "$modes" "$got"

tap_same "dump --sy<TAB>" "--symbols" "$(complete_in "$e" dump --sy)"
tap_same "dump KCONFIG: files" "Kconfig Kconfig.other" \
	"$(complete_in "$work/tree" dump K)"
tap_done
