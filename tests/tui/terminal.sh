#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Terminals and small screens: TERM=dumb is refused with a reason (exit
# 2); on vt100 (no dim) invisible entries say so; at 40 columns a long
# path is cut with an ellipsis, never "<"; history-back turns [all] off
# again when the jump turned it on.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

work=$TUI_TMP/work
mkdir -p "$work"

tui_start 80 24 "$work" TERM=dumb
tap_check "TERM=dumb: refused, exit status 2" tui_wait "[exit 2]"
tap_check "... saying that a real terminal is needed" \
	tui_wait "cannot use the terminal (TERM=dumb): the browser needs a real terminal"

tui_start 80 24 "$work" TERM=vt100
tui_welcome
tui_wait "Kernel hacking  --->"
tui_keys z
tap_check "vt100 has no dim: invisible entries are marked in words" \
	tui_wait "Library routines  --->  [invisible]"
tap_check "... visible ones are not" tui_poll has_none "File systems  --->  [invisible]"
tui_keys q
tui_wait "Saving changes .config"
tui_keys n
tui_wait "[exit 0]"

tui_start 40 24 "$work"
tui_welcome
tui_keys g
tui_type CRC16
tui_keys Enter
tap_check "40 columns: the path is cut at the left with an ellipsis" \
	tui_wait_line "^…y routines \\[all\\] built-in teaching tree$"
tap_check "... never with a \"<\" that reads like a tristate box" tui_poll has_none "<"

tui_keys '['
tap_check "history-back after a jump that showed all entries: [all] is off again" \
	tui_wait_gone "[all]"
tui_keys q
tui_wait "Saving changes"
tui_keys n
tui_wait "[exit 0]"

tap_done
