#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Saving values that conf will warn about: a select past unmet direct
# dependencies (PAGE_OWNER selects DEBUG_PAGEALLOC, which depends on
# DEBUG_KERNEL).  s and S show conf's "WARNING: unmet direct dependencies
# detected for ..." blocks before writing, in conf's words: the lines on
# screen are the lines `kbrowse conf --olddefconfig` prints for the saved
# file (tests/kernel/unmet_warnings.sh checks those against the kernel's
# conf byte for byte).
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

work=$TUI_TMP/work
mkdir -p "$work"
(cd "$work" && "$KBROWSE" conf --alldefconfig >/dev/null 2>&1)

tui_start 100 30 "$work"
tui_welcome
tui_keys g
tui_type PAGE_OWNER
tui_keys Enter
tui_wait "Why: PAGE_OWNER"
tui_keys y
tui_wait "[+] built-in teaching tree"
tui_keys s
tap_check "s: conf's warning comes first, with the change below" \
	tui_wait "Save to .config? s: save, q: cancel" \
		"1 warning, as conf gives it for these values:" \
		"WARNING: unmet direct dependencies detected for DEBUG_PAGEALLOC" \
		"  Depends on [n]: DEBUG_KERNEL [=n] && !PAGE_SIZE_256KB [=n]" \
		"  Selected by [y]:" \
		"  - PAGE_OWNER [=y]" \
		"PAGE_OWNER  n -> y"
tui_screen >"$TUI_TMP/confirm"
tui_keys s
tap_check "s writes the file" tui_wait "configuration written to .config"
(cd "$work" && "$KBROWSE" conf --olddefconfig >/dev/null 2>"$TUI_TMP/conf.err")
# conf's blocks (without the blank lines and kbrowse's own notes), each
# line once, as the screen shows them (its right padding taken off).
grep -E '^(WARNING: |  )' "$TUI_TMP/conf.err" | awk '!seen[$0]++' >"$TUI_TMP/conf.lines"
sed 's/ *$//' "$TUI_TMP/confirm" >"$TUI_TMP/screen.lines"
tap_check "the lines on screen are the lines kbrowse conf prints for the saved file" \
	sh -c "[ -s '$TUI_TMP/conf.lines' ] && while IFS= read -r l; do
		grep -qxF -- \"\$l\" '$TUI_TMP/screen.lines' || { echo \"# missing: \$l\"; exit 1; }
	done <'$TUI_TMP/conf.lines'"

tui_keys S
tui_wait "Save to file: .config"
tui_keys C-u
tui_type other.config
tui_keys Enter
tap_check "S (save as) shows the warning too, even with nothing else changed" \
	tui_wait "Save to other.config? s: save, q: cancel" \
		"WARNING: unmet direct dependencies detected for DEBUG_PAGEALLOC"
tui_keys q
tui_wait "not saved"
tui_keys s
tap_check "s with nothing changed but a warning still shows it before writing" \
	tui_wait "Save to .config? s: save, q: cancel" "Since the last save to .config: 0" \
		"WARNING: unmet direct dependencies detected for DEBUG_PAGEALLOC"
tui_keys q
tui_wait "not saved"

tui_keys g
tui_type PAGE_OWNER
tui_keys Enter n s
tap_check "no warning: the list of changes alone" \
	tui_wait "Save to .config? s: save, q: cancel" "PAGE_OWNER  y -> n"
tap_check "and no warning heading" tui_wait_gone "WARNING: unmet"
tui_keys s
tui_wait "configuration written to .config"
tui_keys q
tap_check "q leaves" tui_wait "[exit 0]"

tap_done
