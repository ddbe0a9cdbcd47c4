#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The teaching tree's first page: on the first run only (the state file
# $XDG_CONFIG_HOME/kbrowse/state remembers "welcome=seen" beside the
# outline mode), back with I, from the tree and from the help screen.
# The state file is read tolerantly: damaged or unknown lines are
# ignored, and kept when the file is written again.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

work=$TUI_TMP/work
mkdir -p "$work"
state=$TUI_TMP/xdg/kbrowse/state

tui_start 80 24 "$work"
tap_check "the first run shows the welcome page" \
	tui_wait "Welcome: the teaching tree" "Press any key to start." \
		"This page shows on the first run only: I brings it back."
tap_check "and remembers it in the state file" grep -qx "welcome=seen" "$state"
tui_keys Space
tui_wait "Kernel hacking  --->"
tui_keys I
tap_check "I shows it again" tui_wait "Press any key to start."
tui_keys Space
tui_wait "Kernel hacking  --->"
tui_keys '?'
tap_check "the help screen says how to get it back first" \
	tui_wait "The built-in teaching tree: I shows its first page again."
# The keys end a page above the end (the line-editing keys and the
# values come after them).
tui_keys End
tui_wait "Values"
tui_keys PPage
tap_check "... and lists I with the keys" \
	tui_wait "  I                    the teaching tree's first page again: what to try"
tui_keys I
tap_check "I from the help screen shows it" tui_wait "Press any key to start."
tui_keys Space
tui_wait "Kernel hacking  --->"
tui_keys q
check "q with nothing changed and no .config: says there is none yet" \
	tui_wait "No configuration file" "There is no .config yet: write one before"
tui_keys n
tui_wait "[exit 0]"

tui_start 80 24 "$work"
tap_check "the second run starts in the tree" tui_wait "Kernel hacking  --->"
tap_check "... without the welcome page" tui_wait_gone "Press any key to start."
tui_keys o
tui_wait "[outline]"
tap_check "the outline mode is written beside it, welcome=seen kept" \
	sh -c "grep -qx 'welcome=seen' '$state' && grep -qx 'outline=yes' '$state'"
tui_keys q n
tui_wait "[exit 0]"

# --- a damaged state file -----------------------------------------------------------

# Unknown names, lines without '=', an empty name, a CR line end, a NUL,
# a line too long for a fixed buffer ending in "outline=yes" (must not
# count), "welcome=seenX" (not "seen"), and a later value overriding an
# earlier one.
long=$(printf '%0300d' 0)
printf 'future=42\ngarbage line\n=seen\nwelcome\noutline=yes\r\nx\000y=1\n%soutline=yes\nwelcome=seenX\noutline=no\n' \
	"$long" >"$state"
grep -av '^welcome=seenX$' "$state" >"$TUI_TMP/kept"
tui_start 80 24 "$work"
tap_check "damaged state: still runs, no welcome=seen line: the welcome page shows" \
	tui_wait "Press any key to start."
tui_keys Space
tap_check "the last outline= line counts (no): menu pages" \
	tui_wait "Kernel hacking  --->"
tap_check "... not the outline" tui_wait_gone "[outline]"
tap_check "the file now ends in welcome=seen (for welcome=seenX), every other line kept" \
	sh -c "grep -av '^welcome=seen\$' '$state' |
		cmp -s - '$TUI_TMP/kept' &&
		[ \"\$(tail -n 1 '$state')\" = welcome=seen ]"
tui_keys q n
tui_wait "[exit 0]"

printf 'welcome=seen\r\noutline=yes\r\n' >"$state"
tui_start 80 24 "$work"
tap_check "CRLF lines are read (welcome seen, outline on)" tui_wait "[outline]"
tui_keys q n
tui_wait "[exit 0]"

# A directory where the file should be: nothing can be remembered.
rm -f "$state"
mkdir -p "$state"
tui_start 80 24 "$work"
tap_check "state path is a directory: the welcome page shows, the run goes on" \
	tui_wait "Press any key to start." "not remembered:"
tui_keys Space
tap_check "and the tree works" tui_wait "Kernel hacking  --->"
tui_keys q n
tap_check "q leaves" tui_wait "[exit 0]"
rmdir "$state"

tap_done
