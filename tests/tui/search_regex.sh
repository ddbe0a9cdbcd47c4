#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A regular expression typed on searches only the last matches when
# what was added cannot match more (plain characters, . ^ $), and the
# whole tree when it can (a quantifier, an alternative); the texts are
# filtered before regexec by what every match holds, which must not
# lose a match that only regexec's case folding finds (É for é) or one
# on a help text's later line.  TAP output.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

tree=$TUI_TMP/tree
mkdir -p "$tree"
cat > "$tree/Kconfig" <<'EOS'
mainmenu "Regular expressions"

config ABC
	bool "first"

config AXE
	bool "second"

config LATE
	bool "third"
	help
	  The first line.
	  Zanzibar starts the second line.

config ACCENT
	bool "fourth"
	help
	  Élan vital, capital and accented.
EOS

tui_start 100 30 "$tree"
tui_wait "first"
tui_keys /
tui_type '^ab'
tap_check "^ab: one match" tui_wait 'Search "^ab": 1 match'
tui_type '*'
tap_check "^ab* after ^ab: the quantifier widens it to AXE and ACCENT" \
	tui_wait 'Search "^ab*": 3 matches'
tui_keys C-u
tui_type '^ab'
tui_wait 'Search "^ab": 1 match'
tui_type '|^ax'
tap_check "^ab|^ax after ^ab: the alternative widens it" \
	tui_wait 'Search "^ab|^ax": 2 matches'
tui_keys C-u
tui_type '^zan.'
tap_check "^zan. finds a help text's second line" \
	tui_wait 'Search "^zan.": 1 match' 'LATE'
tui_keys C-u
tui_type '^élan'
tap_check "^élan finds Élan (the expression folds what the filter cannot)" \
	tui_wait 'Search "^élan": 1 match' 'ACCENT'
tap_done
