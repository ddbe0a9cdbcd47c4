#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Values computed without a command never reach a .config silently: with
# --no-shell (as after Ctrl-C on a probe at the start) the header says
# commands did not run, and saving first asks, naming the values whose
# own lines hold such a command; n saves nothing, y saves; the tree marks
# such a value on its row.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

tree=$TUI_TMP/tree
mkdir -p "$tree"
printf '%s\n' 'mainmenu "Probes"' '' 'config CC_HAS_THING' '	def_bool $(shell,echo y)' \
	'' 'config OTHER' '	bool "Other"' '	default y' > "$tree/Kconfig"

tui_start 100 30 "$tree" -- --no-shell
tap_check "--no-shell: the header says commands did not run" \
	tui_wait "[commands not run]" "[*] Other"
tui_keys s
tui_wait "s: save"
tui_keys s
tap_check "saving asks first, naming the value computed without its command" \
	tui_wait "Commands did not run: 1 value may differ from conf's (CC_HAS_THING)." \
	"Save anyway? (y/n)"
tui_keys n
tap_check "n: not saved" tui_wait "not saved"
tap_check "... no .config written" test ! -e "$tree/.config"
tui_start 100 30 "$tree" -- --no-shell
tui_wait "[*] Other"
tui_keys s
tui_wait "s: save"
tui_keys s
tui_wait "Save anyway? (y/n)"
tui_keys y
tap_check "y: saved" tui_wait "configuration written to .config"
tap_check "... the .config is there" test -e "$tree/.config"
tui_keys q q
tui_wait "[exit 0]"

# A value shown in the tree says so on its own row.
mkdir -p "$tree/shown"
printf '%s\n' 'mainmenu "Probes"' '' 'config PROBED' '	bool "Probed"' \
	'	default $(shell,echo y)' '' 'config PLAIN' '	bool "Plain"' > "$tree/shown/Kconfig"
tui_start 100 30 "$tree/shown" -- --no-shell
tap_check "the tree marks a value computed without its command" \
	tui_wait "Probed (NEW)  [command not run]"
tap_check "... and no other" tui_poll has_none "Plain (NEW)  [command not run]"
tui_keys q
tui_wait "write one before leaving?"
tui_keys n
tui_wait "[exit 0]"

tap_done
