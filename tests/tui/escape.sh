#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A tree's text reaches the terminal escaped as `explain` escapes it: a
# prompt, a help text, a string default and the main menu's title that
# hold U+202E (RIGHT-TO-LEFT OVERRIDE), an OSC title sequence (ESC ] 0;
# ... BEL) and BEL are drawn as \u202e, \x1b and \x07 in the tree's rows,
# the header, the explain pane, the search results, the source view, the
# value editor and the plan prompt; typed into the search, U+202E is
# left out.  Every byte sent to the terminal is recorded (tmux
# pipe-pane) and searched for the raw characters.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

rlo=$(printf '\342\200\256')
esc=$(printf '\033')
bel=$(printf '\007')
tree=$TUI_TMP/tree
mkdir -p "$tree"
{
	echo "mainmenu \"Menu ${rlo}title\""
	echo
	echo 'config EVIL'
	echo "	bool \"Evil ${rlo}gnp.exe ${esc}]0;owned-prompt${bel} prompt\""
	echo '	help'
	echo "	  Help with ${rlo}reversed and ${esc}]0;owned-help${bel} inside."
	echo
	echo 'config EVILSTR'
	echo "	string \"Text ${rlo}here\""
	echo "	default \"val${rlo}${esc}]0;owned-value${bel}end\""
} > "$tree/Kconfig"

log=$TUI_TMP/terminal.log
tui_start 100 30 "$tree"
# Every byte the browser sends to the terminal from here on, appended.
tm pipe-pane -t "$TUI_SESSION" -o "cat >> '$log'"
tap_check "the header shows the main menu's title with the override escaped" \
	tui_wait 'Menu \u202etitle'
tap_check "a prompt's override, ESC and BEL are drawn as escapes" \
	tui_wait 'Evil \u202egnp.exe \x1b]0;owned-prompt\x07 prompt'
tap_check "... and the string's value in its row" \
	tui_wait '(val\u202e\x1b]0;owned-value\x07end) Text \u202ehere'
# The pane explains the entry under the cursor.
tap_check "the explain pane shows the help text escaped" \
	tui_wait 'Help with \u202ereversed and \x1b]0;owned-help\x07 inside.'
tui_keys Down
tap_check "... and the string's default as explain writes it" \
	tui_wait 'default "val\u202e\x1b]0;owned-value\x07end"'

tui_keys /
# Pasted with the query, the override is left out of the field.
tui_type "EVIL${rlo}"
tap_check "search results show the prompts escaped" \
	tui_wait 'Search "EVIL": 2 matches' \
	'EVIL [=n]               Evil \u202egnp.exe \x1b]0;owned-prompt\x07 prompt' \
	'Text \u202ehere'
tui_keys Escape
tui_wait_gone '/EVIL'

tui_keys g
tui_type EVIL
tui_keys Enter v
tap_check "the source view shows the file's lines escaped" \
	tui_wait '  bool "Evil \u202egnp.exe \x1b]0;owned-prompt\x07 prompt"' \
	'Help with \u202ereversed and \x1b]0;owned-help\x07 inside.'
tui_keys q

tui_keys g
tui_type EVILSTR
tui_keys Enter Enter
tap_check "the value editor shows the string escaped" \
	tui_wait 'EVILSTR (string)' 'val\u202e\x1b]0;owned-value\x07end'
tui_keys Escape
tui_wait_gone 'EVILSTR (string)'
tui_keys p
tap_check "the plan's question shows it escaped too" \
	tui_wait 'Make EVILSTR: val\u202e\x1b]0;owned-value\x07end'
tui_keys Escape
tui_wait_gone 'Make EVILSTR:'

tui_keys q
tui_wait 'write one before leaving?'
tui_keys n
tui_wait '[exit 0]'
tm pipe-pane -t "$TUI_SESSION"

# The raw bytes as " e2 80 ae ...": a pattern with a space on each side
# matches whole bytes only, wherever the writes were split.
hex=" $(od -An -v -tx1 "$log" | tr '\n' ' ' | tr -s ' ') "
has_bytes() {
	case $hex in
	*" $1 "*) return 0 ;;
	esac
	return 1
}
tap_check "the terminal got the screens" test "${#hex}" -gt 3000
tap_check "... with the escapes drawn (\\u202e as 5c 75 32 30 32 65)" \
	has_bytes "5c 75 32 30 32 65"
tap_check "no raw U+202E (e2 80 ae) reached the terminal" \
	eval '! has_bytes "e2 80 ae"'
# The browser's own escape sequences start with ESC, but none is ESC ] 0;
# (set the window title): only the tree's text had that.
tap_check "no raw ESC ] 0; from the tree reached the terminal" \
	eval '! has_bytes "1b 5d 30 3b"'
tap_check "no raw BEL reached the terminal" \
	eval '! has_bytes 07'

tap_done
