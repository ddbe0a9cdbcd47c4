#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Screen dumps of scripted sessions at 80x24, compared with
# tests/tui/expected/*.txt as they are (nothing normalised: the screens
# are deterministic).  TUI_UPDATE=yes rewrites the expected files.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"
TUI_EXPECTED=${top_srcdir:-$(dirname "$0")/../..}/tests/tui/expected

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

work=$TUI_TMP/work
mkdir -p "$work"

tui_start 80 24 "$work"
tui_welcome
tui_golden main "the first screen" "Kernel hacking  --->"

tui_keys /
tui_type PAGE_S
tui_golden search "searching for PAGE_S" 'Search "PAGE_S"'

tui_keys Escape g
tui_type PAGE_SHIFT
tui_keys Enter
tui_golden page_shift "PAGE_SHIFT and why it is 12" "PAGE_SHIFT = 12"

tui_keys Tab Down Down
tui_golden explain_focus "the explain pane focused, a symbol selected" \
	"Up/Down: pick a symbol"

tui_keys Escape z '?'
tui_golden help "the help screen" "go to a symbol by name"

tui_keys q Down Enter Down Down Down Down Enter Down Down Space
tui_golden choice_64k "the page-size choice set to 64KiB" "(X) 64KiB pages"

tap_done
