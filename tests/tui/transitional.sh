#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A renamed option (Linux 6.18's `transitional`) in the real browser
# (tmux): the old name is no option in the tree, even with hidden
# entries shown, yet goto finds it and says what it is, and the new
# option's pane names the old one and its .config line.  TAP output.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "needs tmux"
fi
work=$TUI_TMP/work
mkdir -p "$work"
cat > "$work/Kconfig" <<'KCONFIG'
config OLD_OPTION
	bool
	transitional
	help
	  The old name of NEW_OPTION.

config NEW_OPTION
	bool "New option"
	default OLD_OPTION
KCONFIG
printf 'CONFIG_OLD_OPTION=y\n' > "$work/.config"

tui_start 160 40 "$work"
tui_wait "New option"
tap_check "the tree lists the new option, set through the old name" \
	tui_wait "[*] New option"
# tree_lacks TEXT: the tree (the left half; the pane explains on the
# right, and may name it) does not show TEXT.
tree_lacks() { ! tui_screen | cut -c1-70 | grep -q "$1"; }
tap_check "the old name is not listed as an option" tree_lacks OLD_OPTION
tui_keys z
sleep 0.3
tap_check "nor with hidden entries shown" tree_lacks OLD_OPTION
tui_keys g
tui_type OLD_OPTION
tui_keys Enter
tap_check "goto finds it and says it is transitional" \
	tui_wait "OLD_OPTION is transitional: an old name read from .config, not an option"
tui_keys g
tui_type NEW_OPTION
tui_keys Enter
tap_check "the new option's pane names the old one and its .config line" \
	tui_wait "OLD_OPTION is transitional: its value y comes from .config:1"
tui_keys q

# A kernel newer than kbrowse's table: the newest rules, and the header says so.
newer=$TUI_TMP/newer
mkdir -p "$newer/scripts/kconfig"
printf 'VERSION = 7\nPATCHLEVEL = 9\nSUBLEVEL = 0\n' > "$newer/Makefile"
cp "$work/Kconfig" "$work/.config" "$newer/"
tui_start 160 40 "$newer"
tap_check "a kernel newer than the table: opened, with the newest rules named so" \
	tui_wait "New option" "linux-7.0 rules (kernel newer than kbrowse)"
tui_keys q
tap_done
