#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The browser in a real terminal (tmux), on the built-in teaching tree:
# walk, search, change values, save, resize, other locales.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

work=$TUI_TMP/work
mkdir -p "$work"

# --- no terminal -------------------------------------------------------------

"$KBROWSE" < /dev/null > "$TUI_TMP/out" 2> "$TUI_TMP/err"
tap_check "without a terminal: exit status 2" test $? -eq 2
tap_check "without a terminal: says why" grep -q "needs a terminal" "$TUI_TMP/err"

# --- walking -------------------------------------------------------------------

tui_start 80 24 "$work"
tap_check "the teaching tree starts with a page that says what it is" \
	tui_wait "built-in teaching tree, \"Toy OS\"" "Three things to try:" \
	"PAGE_SHIFT" "A select." "A choice."
tui_keys x
tap_check "first screen: the main menu of the teaching tree" \
	tui_wait "Toy OS Configuration" "Processor type and features  --->" \
	"built-in teaching tree"

tui_keys Down Enter
tap_check "Enter opens a menu" \
	tui_wait "Toy OS Configuration > Processor type and features" \
	"Processor family (Generic 64-bit processor)  --->"

tui_keys Left
tap_check "Left goes back to the main menu" \
	tui_wait_line "^Toy OS Configuration +built-in teaching tree"

# --- search and explain --------------------------------------------------------

tui_keys /
tui_type PAGE_SHIFT
tap_check "search lists PAGE_SHIFT as you type" \
	tui_wait 'Search "PAGE_SHIFT"' "arch/Kconfig:186"
tui_keys Enter
tap_check "the search jumps to PAGE_SHIFT: value 12, the deciding default line" \
	tui_wait "PAGE_SHIFT = 12" \
	"value from: default 12 if PAGE_SIZE_4KB  (arch/Kconfig:188)" \
	"if: PAGE_SIZE_4KB [=y]"

# --- changing values ---------------------------------------------------------------

tui_keys g
tui_type PAGE_SIZE_64KB
tui_keys Enter
tap_check "goto opens the page-size choice on 64KiB pages" \
	tui_wait "MMU page size" "( ) 64KiB pages" "PAGE_SIZE_64KB = n"
tui_keys Space
tap_check "Space picks 64KiB pages in the choice" \
	tui_wait "(X) 64KiB pages" "( ) 4KiB pages"

tui_keys g
tui_type PAGE_SHIFT
tui_keys Enter
tap_check "PAGE_SHIFT became 16, from the 64KiB default line" \
	tui_wait "(16) PAGE_SHIFT" "PAGE_SHIFT = 16" \
	"value from: default 16 if PAGE_SIZE_64KB  (arch/Kconfig:192)"

tui_keys '['
tap_check "history-back returns to the choice" tui_wait "(X) 64KiB pages"

tui_keys ']'
tap_check "history-fwd goes to PAGE_SHIFT again" tui_wait "(16) PAGE_SHIFT"

tui_keys Tab
tap_check "Tab focuses the explain pane" tui_wait "Up/Down: pick a symbol  Enter: follow"
tui_keys Down Down Enter
tap_check "Enter follows the symbol picked there (PAGE_SIZE_4KB)" \
	tui_wait "PAGE_SIZE_4KB = n" "picked PAGE_SIZE_64KB"
tui_keys '['
tap_check "and history-back comes back to PAGE_SHIFT" tui_wait "PAGE_SHIFT = 16"

tui_keys '?'
tap_check "? shows the keys" tui_wait "search names, prompts and help" "Help: q, Esc or ? closes it"
tui_keys q
tap_check "q closes the help" tui_wait "Tab: follow the symbols named here"

tui_keys g
tui_type SMP
tui_keys Enter
tap_check "a bool shows [*] ..." \
	tui_wait "[*] Symmetric multi-processing support" "Maximum number of CPUs"
tui_keys Space
tap_check "... and Space turns it off (NR_CPUS, which depends on it, goes)" \
	tui_wait "[ ] Symmetric multi-processing support"

tui_keys g
tui_type PHYS_OFFSET
tui_keys Enter Enter
tap_check "Enter on a hex value opens the editor" tui_wait "PHYS_OFFSET (hex)" "from 0x0 to 0xfffff000"
tui_keys C-u
tui_type 0x100000000
tui_keys Enter
tap_check "a value out of range is refused" tui_wait "is not allowed here"
tui_keys C-u
tui_type 0x1000
tui_keys Enter
tap_check "a value in range is taken" tui_wait "(0x1000) Physical address of main memory"

tui_keys g
tui_type BLK_DEV_LOOP
tui_keys Enter
tap_check "a tristate shows <M> ..." tui_wait "<M> Loopback device support"
tui_keys Space
tap_check "... Space makes it <*> ..." tui_wait "<*> Loopback device support" "BLK_DEV_LOOP = y"
tui_keys Space
tap_check "... then < > ..." tui_wait "< > Loopback device support"
tui_keys m
tap_check "... and m sets m" tui_wait "<M> Loopback device support"

tui_keys g
tui_type DEFAULT_HOSTNAME
tui_keys Enter
tap_check "a string shows its value as menuconfig does, without quotes" \
	tui_wait '(toy-box) Default hostname'
tui_keys Enter C-u
tui_type 'my "box"'
tui_keys Enter
tap_check "a string is edited with quotes and spaces" tui_wait '(my "box") Default hostname'

# --- saving ---------------------------------------------------------------------

tui_keys s
tap_check "s lists what a save changes first" \
	tui_wait "Save to .config? s: save" "No .config was loaded: all " \
	"64BIT  (not in the file) -> y"
tui_keys s
tap_check "s there saves" tui_wait "configuration written to .config"
mkdir -p "$work/again"
cp "$work/.config" "$work/again/.config"
(cd "$work/again" && "$KBROWSE" conf --olddefconfig > /dev/null 2>&1)
tap_check "the file is what conf --olddefconfig writes from it" \
	cmp -s "$work/.config" "$work/again/.config"
tap_check "and holds the changes" sh -c "grep -qx 'CONFIG_PAGE_SIZE_64KB=y' '$work/.config' &&
	grep -qx 'CONFIG_PAGE_SHIFT=16' '$work/.config' &&
	grep -qx '# CONFIG_SMP is not set' '$work/.config' &&
	grep -qx 'CONFIG_BLK_DEV_LOOP=m' '$work/.config' &&
	grep -qx 'CONFIG_DEFAULT_HOSTNAME=\"my \\\\\"box\\\\\"\"' '$work/.config' &&
	grep -qx 'CONFIG_PHYS_OFFSET=0x1000' '$work/.config'"

# --- the terminal changes size ------------------------------------------------------

tui_resize 120 40
tap_check "resized to 120x40: the panes fill it" \
	tui_poll sh -c 'test "$(wc -l)" -eq 40 && true' 
tui_resize 160 40
tap_check "at 160x40 the explain pane goes beside the tree" \
	tui_wait_line "Default hostname.*Why: DEFAULT_HOSTNAME"
tui_resize 20 5
tap_check "at 20x5: terminal too small" tui_wait "terminal too small"
tui_resize 80 24
tui_keys q
tap_check "back at 80x24, q quits after saving" tui_wait "[exit 0]"

# --- another locale -------------------------------------------------------------

tui_start 80 24 "$work" LANG=C LC_ALL=C
tui_welcome
tap_check "LANG=C: the screen still draws" \
	tui_wait "Toy OS Configuration" "Processor type and features  --->"

# A tree with UTF-8 text: shown as is in UTF-8, transliterated in C.
utf=$TUI_TMP/utf8
mkdir -p "$utf"
printf '%s\n' 'mainmenu "Gr\303\266\303\237e"' 'config SIZE' \
	'	bool "Gr\303\266\303\237e \342\200\223 4 KiB \342\200\234pages\342\200\235"' \
	'	default y' > "$utf/Kconfig.in"
# shellcheck disable=SC2059 # the file holds printf escapes to expand
printf "$(cat "$utf/Kconfig.in")\n" > "$utf/Kconfig"
tui_start 80 24 "$utf"
tap_check "UTF-8 locale: UTF-8 prompts as written" \
	tui_wait "[*] Gr$(printf '\303\266\303\237')e $(printf '\342\200\223') 4 KiB"
tui_start 80 24 "$utf" LANG=C LC_ALL=C
tap_check "C locale: the same prompt in ASCII, nothing garbled" \
	tui_wait "[*] Gr?sse - 4 KiB \"pages\""

# --- README's key list is the help screen's ------------------------------------

tui_start 80 60 "$work"
tui_welcome
tui_wait "Kernel hacking  --->"
tui_keys '?'
tui_wait "quit (asks first"
tui_screen | sed -n '/^Keys$/,/^$/p' | sed '1d;$d;s/^  //' > "$TUI_TMP/keys.screen"
sed -n '/^### Keys/,/^## /p' "${top_srcdir:-$(dirname "$0")/../..}/README.md" |
	sed -n '/^```$/,/^```$/p' | sed '1d;$d' > "$TUI_TMP/keys.readme"
tap_check "README.md lists the keys as the help screen does" \
	sh -c 'test -s "$1" && cmp -s "$1" "$2"' - "$TUI_TMP/keys.screen" "$TUI_TMP/keys.readme"

# --- long string values: never cut ----------------------------------------------

long="$TUI_TMP/long"
mkdir -p "$long"
printf 'config S\n\tstring "huge"\nconfig T\n\tstring "long"\n' > "$long/Kconfig"
awk 'BEGIN {
	printf "CONFIG_S=\""; for (i = 0; i < 1000000; i++) printf "x"; printf "\"\n"
	printf "CONFIG_T=\""; for (i = 0; i < 3000; i++) printf "y"; printf " \"\n"
}' > "$long/.config"
cp "$long/.config" "$TUI_TMP/long.before"
tui_start 80 24 "$long"
tui_wait "Why: S"
tui_keys g
tui_type S
tui_keys Enter Enter
tap_check "a 1,000,000-byte string: the editor refuses it, says why" \
	tui_wait "too long to edit here"
tui_keys g
tui_type T
tui_keys Enter Enter
tui_wait "T (string)"
tui_keys Enter
tui_wait_gone "T (string)"
tui_keys s
tui_wait "s: save, q: cancel"
tui_keys s
tap_check "saved after Enter on an unedited 3,000-byte string" \
	tui_wait "configuration written to .config"
tap_check "both strings are kept byte for byte" \
	sh -c 'grep "^CONFIG_" "$1" | cmp -s - "$2"' - "$long/.config" "$TUI_TMP/long.before"

tap_done
