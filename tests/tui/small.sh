#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The browser at 40x12, the smallest terminal it promises to work in:
# the quit question wraps and keeps all three answers in sight; the
# plan's question sits below the plan, which PgDn scrolls while the
# question waits; and / after a search starts with the old query
# selected, so that typing replaces it, while Up recalls the one before.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

work=$TUI_TMP/work
mkdir -p "$work"

# tui_start_small: the teaching tree at 40x12, past its first page.
tui_start_small() {
	tui_start 40 12 "$work"
	if [ "$TUI_WELCOME_DUE" = yes ]; then
		tui_wait "any key starts"
		tui_keys Space
	fi
	tui_wait "General setup"
}

tui_start_small
tui_keys q
tap_check "40x12: the quit question shows all its answers" \
	tui_wait "No configuration file" "(y)es (n)o" "(c)ancel"
tui_keys c
tap_check "c: back in the tree" tui_wait_gone "(c)ancel"

tui_keys g
tui_type PRINTK
tui_keys Enter
tui_wait "Why: PRINTK"
tui_keys p
tap_check "40x12: the plan's first question shows all its answers" \
	tui_wait "Make PRINTK y, n, or v: visible?" "(Esc: cancel)"
tui_keys v
tap_check "40x12: the question to apply the plan shows its answers and how to scroll" \
	tui_wait "Apply these 1 step? (y/n)" "PgUp PgDn: scroll"
tui_screen > "$TUI_TMP/before"
tui_keys NPage
tap_check "PgDn scrolls the plan while the question waits" \
	tui_poll sh -c "! cmp -s - '$TUI_TMP/before'"
tap_check "... and the question is still there" tui_wait "Apply these 1 step? (y/n)"
tui_keys NPage NPage NPage PPage
tui_keys y
tap_check "y applies the plan" tui_wait "the prompt of PRINTK is visible"

tui_keys /
tui_type printk
tui_wait "PRINTK [=y]"
tap_check "a result too wide for the screen ends in an ellipsis" \
	tui_wait_line '^PRINTK \[=y\] +Enable support …$'
tui_keys Enter
tui_wait_gone "/printk"
tui_keys /
tap_check "/ starts with the last query" tui_wait_line '^/printk *$'
tui_type smp
tap_check "typing replaces it" tui_wait_line '^/smp *$'
tap_check "... and searches the new text" tui_wait "SMP [=y]"
tui_keys Enter
tui_wait_gone "/smp"
tui_keys /
tui_wait_line '^/smp *$'
tui_keys Up
tap_check "Up recalls the query before" tui_wait_line '^/printk *$'
tui_keys Down
tap_check "Down the one after" tui_wait_line '^/smp *$'
tui_keys End
tui_type _x
tap_check "End keeps the query to edit" tui_wait_line '^/smp_x *$'
tui_keys Escape

# Show-all that a jump turns on lasts while the cursor is on that entry.
tui_keys g
tui_type PAGE_SIZE_8KB
tui_keys Enter
tap_check "a jump to an invisible entry shows all entries while on it" \
	tui_wait "8KiB pages is not visible now" "[all]"
tui_keys Up
tap_check "leaving the entry hides the invisible ones again" tui_wait_gone "[all]"
tui_keys z
tap_check "z turns show-all on for good" tui_wait "[all]"
tui_keys Down Down
tap_check "... and moving does not turn it off" tui_wait "[all]"
tui_keys z
tui_wait_gone "[all]"

# Relevance: names that start with the query, then names that hold it as
# a word, then names that merely contain it.
tui_resize 100 40
tui_keys /
tui_keys C-u
tui_type page
tui_wait 'Search "page"'
tui_screen | grep -nE '^(PAGE_SHIFT|HAVE_PAGE_SIZE_4KB|TRANSPARENT_HUGEPAGE) ' |
	cut -d: -f1 | tr '\n' ' ' > "$TUI_TMP/order"
tap_check "search results by relevance: name prefix, name word, name ($(cat "$TUI_TMP/order"))" \
	sh -c 'set -- $(cat "$1"); [ $# -eq 3 ] && [ "$1" -lt "$2" ] && [ "$2" -lt "$3" ]' - "$TUI_TMP/order"
tui_keys Escape

tui_keys q
tui_wait "Save the configuration before"
tui_keys n
tap_check "quits" tui_wait "[exit 0]"

tap_done
