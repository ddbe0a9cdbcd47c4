#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The source of an entry: v shows its Kconfig lines as written (file,
# line numbers, through its help), from the built-in teaching tree or
# from the files of a real tree; e opens $VISUAL or $EDITOR at file:line.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

work=$TUI_TMP/work
mkdir -p "$work"

tui_start 80 30 "$work"
tui_welcome
tui_keys g
tui_type PAGE_SHIFT
tui_keys Enter
tui_wait "PAGE_SHIFT = 12"
tui_keys v
tap_check "v shows the entry as written, with its file and line numbers" \
	tui_wait_line "^arch/Kconfig:186-[0-9]+ +\\(e: open in \\\$EDITOR, q: back\\)"
tap_check "... from its first line, tabs expanded, through its help" \
	tui_wait "  186  config PAGE_SHIFT" "  188          default 12 if PAGE_SIZE_4KB" \
	"          An int without a prompt, so its value always comes from a"
tap_check "... and not the next entry" tui_poll has_none "config PAGE_SIZE_LESS"
tui_keys e
tap_check "e in the built-in tree says the file is not on disk" \
	tui_wait "arch/Kconfig:186 is in the built-in teaching tree, not on disk"
tui_keys q
tap_check "q goes back to the tree" tui_wait "PAGE_SHIFT = 12"
tui_keys q n
tui_wait "[exit 0]"

# A tree on disk, and an editor that writes down how it was started.
tree=$TUI_TMP/tree
mkdir -p "$tree"
printf '%s\n' 'mainmenu "Small"' '' 'config FIRST' '	bool "First"' \
	'' 'config SECOND' '	int "Second"' '	range 1 10' '	default 3' \
	'	help' '	  The second one.' '' '	  Two paragraphs.' '' \
	'config THIRD' '	bool "Third"' \
	'	depends on SECOND > 2 && (SECOND < 5 || SECOND = 7) && !(SECOND = 4) && SECOND != 9 && (SECOND > 1 || m)' \
	> "$tree/Kconfig"
cat > "$TUI_TMP/editor" <<EOS
#!/bin/sh
echo "\$*" > "$TUI_TMP/editor.args"
EOS
chmod +x "$TUI_TMP/editor"

tui_start 80 30 "$tree" VISUAL="$TUI_TMP/editor"
tui_wait "(3) Second"
tui_keys Down v
tap_check "a real tree: the lines from its file, the help's two paragraphs" \
	tui_wait "Kconfig:6-13" "    6  config SECOND" "   11            The second one." \
	"   13            Two paragraphs."
tap_check "... and not THIRD" tui_poll has_none "config THIRD"
tui_keys e
tap_check "e starts \$VISUAL +LINE FILE and comes back" \
	tui_wait "back from $TUI_TMP/editor +6 Kconfig (unchanged)"
tap_check "the editor got +6 and the file" grep -qx "+6 Kconfig" "$TUI_TMP/editor.args"
tui_keys q
tui_wait "(3) Second"
tui_keys Down v
check "a line wider than the view goes on below it, nothing cut" \
	tui_wait "   17          depends on SECOND > 2 && (SECOND < 5 ||" \
	"    +  " "(SECOND > 1 || m)"
tui_keys q
tui_keys q n
tui_wait "[exit 0]"

tap_done
