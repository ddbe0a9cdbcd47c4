#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The changes view grouped by root cause, as `kbrowse diff` groups them:
# `kbrowse --diff OTHER` opens on the symbols that differ between OTHER
# and the configuration loaded (each root, what followed from it under
# it), Enter follows a row to its entry and explanation; the edits made
# since loading are grouped the same way (NR_CPUS under SMP once SMP is
# off); a user value written back where a prompt became visible follows
# the change that made it visible; and a missing or absent --diff file is an error.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

work=$TUI_TMP/work
mkdir -p "$work"
# The teaching tree's defaults, and the same with SMP off (NR_CPUS goes).
(cd "$work" && "$KBROWSE" conf --alldefconfig > /dev/null 2>&1)
sed 's/^CONFIG_SMP=y$/# CONFIG_SMP is not set/' "$work/.config" > "$work/other.config"
(cd "$work" && KCONFIG_CONFIG=other.config "$KBROWSE" conf --olddefconfig \
	> /dev/null 2>&1)

tui_start 100 30 "$work" -- --diff other.config
tap_check "--diff opens the changes view on OTHER against the configuration loaded" \
	tui_wait "Differs from other.config: 1 root change, 1 value followed" \
	"  SMP  n -> y   [root: its user value]"
# NR_CPUS's user value 64 is its default, written back once SMP made its
# prompt visible: it chose nothing, so it follows SMP.
tap_check "a user value that is the default follows the change that showed it" \
	tui_wait_line '^    NR_CPUS  \(not written\) -> 64 *$'
tap_check "the edits since loading: none yet" tui_wait "Since loading .config: 0" "(none)"
tap_check "the pane explains the row under the cursor" tui_wait "Why: SMP" "SMP = y"
tui_keys Enter
tap_check "Enter follows the row to its entry in the tree" \
	tui_wait_line '\[\*\] Symmetric multi-processing support'
tui_keys n
tui_wait "[ ] Symmetric multi-processing support"
tui_keys C
tap_check "C: the edits since loading, grouped: NR_CPUS follows SMP" \
	tui_wait "Since loading .config: 2" "  SMP  y -> n   [root: its user value]" \
	"    NR_CPUS  64 -> (not written)"
tap_check "... and the configuration no longer differs from other.config" \
	tui_wait "Differs from other.config: 0 root changes, 0 values followed"
tui_keys q
tui_keys q
tui_wait "Save the configuration before leaving?"
tui_keys n
tap_check "quits" tui_wait "[exit 0]"

# A string is shown quoted on both sides, the empty one too.
sed 's/^CONFIG_DEFAULT_HOSTNAME=.*/CONFIG_DEFAULT_HOSTNAME=""/' "$work/.config" \
	> "$work/empty-name.config"
tui_start 100 30 "$work" -- --diff empty-name.config
check "a string value quoted, the empty one too" \
	tui_wait 'DEFAULT_HOSTNAME  "" -> "toy-box"'

tui_start 100 30 "$work" -- --diff no-such.config
tap_check "a --diff file that is not there: exit 1, named" \
	tui_wait "kbrowse: --diff: no-such.config: No such file or directory" "[exit 1]"
tui_start 100 30 "$work" -- --diff
tap_check "--diff without a file: exit 2" \
	tui_wait "option '--diff' needs a file" "[exit 2]"
tui_start 100 30 "$work" -- --diff=/dev/null/x
tap_check "--diff= with a bad path: exit 1" tui_wait "[exit 1]"

tap_done
