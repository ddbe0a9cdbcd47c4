#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What a tree's $(shell,...) writes to stderr never reaches the terminal
# raw at the browser's start: an OSC 0 would retitle the pane,
# which tmux shows as its title.  It becomes a warning that the status
# line counts and ! lists, escaped as explain escapes it; the same when replayed from the cache.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

work=$TUI_TMP/work
mkdir -p "$work"
cat > "$work/Kconfig" <<'EOT'
X := $(shell,printf 'shell \033]0;pwned\007 \033[2J said\n' >&2; echo y)
config A
	bool "a"
	default $(X)
EOT
echo 'CONFIG_A=y' > "$work/.config"

not_pwned() {
	[ "$(tm display -p -t "$TUI_SESSION" '#{pane_title}')" != pwned ]
}

for how in --no-cache stored replayed; do
	if [ "$how" = --no-cache ]; then
		tui_start 160 24 "$work" -- --no-cache
	else
		tui_start 160 24 "$work" "XDG_CACHE_HOME=$TUI_TMP/cache"
	fi
	tap_check "$how: the status line counts the command's stderr as a warning" \
		tui_wait "1 warning in the Kconfig files (! lists them)"
	tap_check "$how: the terminal's title is not set by the tree" not_pwned
	tui_keys !
	tap_check "$how: ! lists it, its control characters shown as such" \
		tui_wait "0 warnings reading .config, 1 in the Kconfig files (q: back)" \
		"In the Kconfig files:" "Kconfig:1: \$(shell," \
		'): shell \x1b]0;pwned\x07 \x1b[2J said'
	tui_keys q
	tui_wait "[*] a"
	tui_keys q
	tui_wait "Saving changes"	# the file lacks conf's header
	tui_keys n
	tap_check "$how: quits" tui_wait "[exit 0]"
done

tap_done
