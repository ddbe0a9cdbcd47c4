#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The browser's title bar shows the main menu's title as .config's
# header writes it: `mainmenu "Demo $DEMO_VERSION Configuration"` in a
# tree read by the rules before 4.18 (its .kbrowse-dialect) reads
# "Demo 2.5 Configuration", not the text with $DEMO_VERSION in it.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

work=$TUI_TMP/work
cp -R "${top_srcdir:-$(dirname "$0")/../..}/tests/dialects/fixtures/forks/mainmenu-var" "$work"
(cd "$work" && env -u srctree DEMO_VERSION=2.5 "$KBROWSE" conf --alldefconfig >/dev/null 2>&1)
tap_check ".config's header has the title expanded" \
	grep -qx '# Demo 2.5 Configuration' "$work/.config"

tui_start 80 24 "$work" DEMO_VERSION=2.5
tap_check "the title bar has it expanded too" \
	tui_wait "Demo 2.5 Configuration" "[*] a"
tui_keys q
tui_wait "[exit 0]"
tap_done
