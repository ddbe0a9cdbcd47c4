#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The limit on .config warnings kept (the man page's LIMITS table): a
# .config with 10,050 lines that each draw a warning.  The status line
# counts them all, the warnings screen lists the first 10,000 and says
# how many more there were, and the browser answers keys at once.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

work=$TUI_TMP/work
mkdir -p "$work"
(cd "$work" && "$KBROWSE" conf --alldefconfig > /dev/null 2>&1)
first=$(($(wc -l < "$work/.config") + 1))
i=0
while [ $i -lt 10050 ]; do
	echo "junk line $i"
	i=$((i + 1))
done >> "$work/.config"

tui_start 80 24 "$work"
tui_welcome
tap_check "the status line counts every warning, kept or not" \
	tui_wait "10050 warnings reading .config (! lists them)"
tui_keys !
tap_check "! lists the warnings from the first" \
	tui_wait ".config:$first: unexpected data: junk line 0"
tui_keys End
tap_check "the list ends saying how many were not kept" \
	tui_wait "... and 50 more warnings, not kept"
tui_keys q
tap_check "q goes back to the tree" tui_wait "Kernel hacking  --->"
tui_keys q
tui_wait "Saving changes" && tui_keys n
tap_done
