#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A paste of 100 KB into the search field (tmux paste-buffer: the keys
# reach the browser in one burst) is one edit and one search: the
# results for the pasted text show, and the browser answers the next
# keys (it searched once per key before: about 4 minutes).  TAP output.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "needs tmux"
fi
work=$TUI_TMP/work
mkdir -p "$work"

# 20,000 copies of "page ": the field keeps its first 4,096 characters,
# and every entry holding "page" matches all of their words.
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "page " }' > "$work/paste.txt"

tui_start 120 30 "$work"
tm load-buffer -b paste "$work/paste.txt"
tui_welcome
tui_wait "Kernel hacking  --->"
tui_keys /
tui_wait 'Search "": 0 matches'
tm paste-buffer -b paste -t "$TUI_SESSION"
tap_check "a 100 KB paste: the results for the pasted words show" \
	tui_wait "PAGE_SIZE_4KB [=y]" "MMU page size"
tap_check "... the field holds the pasted text" tui_wait_line "^/.*page page page"
tui_keys C-u
tui_type PAGE_SIZE_64KB
tap_check "... then keys typed are answered: Ctrl-U, PAGE_SIZE_64KB" \
	tui_wait 'Search "PAGE_SIZE_64KB": 2 matches'
tui_keys Escape
tap_check "... and Esc leaves the search" tui_wait_gone 'Search "PAGE_SIZE_64KB"'

# A paste with Enter in it: the search is done there.
printf 'PAGE_SHIFT\r' > "$work/enter.txt"
tm load-buffer -b enter "$work/enter.txt"
tui_keys /
tui_wait 'Search "PAGE_SIZE_64KB"'
tm paste-buffer -b enter -t "$TUI_SESSION"
tap_check "a paste with Enter in it: the search jumps to PAGE_SHIFT" \
	tui_wait "PAGE_SHIFT is not visible now"
tap_done
