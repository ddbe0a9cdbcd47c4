#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The browser loads the tree without its help texts and reads them once
# the first screen is drawn (parser/help_text.c).  The first screen's
# pane still shows its entry's text; a search finds a word that only a
# sourced file's help text holds; after an edit and R, the new text is
# shown, read from the new file.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

tree=$TUI_TMP/tree
mkdir -p "$tree/sub"
cat > "$tree/Kconfig" <<'EOS'
mainmenu "Help later"

config FIRST
	bool "First entry"
	help
	  Shown on the first screen.

source "sub/Kconfig"
EOS
cat > "$tree/sub/Kconfig" <<'EOS'
config SECOND
	bool "Second entry"
	help
	  The word zanzibar is only here.
	    And a line indented more.
EOS

tui_start 100 30 "$tree"
tap_check "the first screen's pane shows its entry's help text" \
	tui_wait 'Shown on the first screen.'
tui_keys /
tui_type zanzibar
tap_check "a search finds a word of a sourced file's help text" \
	tui_wait 'Search "zanzibar": 1 match'
tui_keys Enter
tap_check "... and the pane shows that text, its indentation kept" \
	tui_wait 'The word zanzibar is only here.' '  And a line indented more.'
sed -i 's/zanzibar is only here/timbuktu took its place/' "$tree/sub/Kconfig"
tui_keys R
tap_check "after R, the text read from the edited file" \
	tui_wait 'The word timbuktu took its place.'
tui_keys /
tui_type timbuktu
tap_check "... and the search finds the new word" \
	tui_wait 'Search "timbuktu": 1 match'
tap_done
