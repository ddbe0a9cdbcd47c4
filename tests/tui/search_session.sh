#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Search as people search, edits the pane attributes to this session,
# and goto's completion, in the real browser (tmux): on the teaching
# tree, then on Linux 6.12 x86_64 when it is installed
# ($KBROWSE_LINUX_SRC).  TAP output.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "needs tmux"
fi
work=$TUI_TMP/work
mkdir -p "$work"
printf 'CONFIG_SMP=y\n' > "$work/.config"

tui_start 160 45 "$work"
tui_welcome
tui_wait "Kernel hacking  --->"

# A value set here says so, and what the file said.
tui_keys g
tui_type SMP
tui_keys Enter
tui_wait "SMP = y"
tui_keys n
tap_check "an edit: the pane says set in this session, was y from .config:1" \
	tui_wait "the user value n (set in this session, was y from .config:1)"

# Names with their CONFIG_ prefix; regular expressions; nothing found.
tui_keys /
tui_type CONFIG_PAGE_SHIFT
tap_check "/CONFIG_PAGE_SHIFT finds PAGE_SHIFT" tui_wait_line "^PAGE_SHIFT \[=12\] "
tui_keys C-u
tui_type '^page.*shift$'
tap_check "/^page.*shift\$ (a regular expression) finds PAGE_SHIFT" \
	tui_wait 'Search "^page.*shift$": 1 match (regular expression' "PAGE_SHIFT [=12]"
tui_keys C-u
tui_type 'zzqqxx'
tui_wait '"zzqqxx": 0 matches'
if tui_screen | grep -q "PAGE_SHIFT = "; then
	tap_not_ok "no match: the pane explains nothing"
else
	tap_ok "no match: the pane explains nothing"
fi

# After a jump the results are one key away.
tui_keys C-u
tui_type 'page size'
tui_wait "MMU page size"
tui_keys Enter
tui_wait_gone 'Search "page size"'
tui_keys r
tap_check "r: back to the results of the last search" tui_wait 'Search "page size"'
tui_keys Escape

# goto completes a name; several candidates are listed.
tui_keys g
tui_type PAGE_SH
tui_keys Tab
tap_check "goto: Tab completes PAGE_SH to PAGE_SHIFT" tui_wait "Go to symbol (Tab completes): PAGE_SHIFT"
tui_keys C-u
tui_type PAGE_SIZE_
tui_keys Tab
tap_check "goto: ambiguous names are listed" tui_wait "PAGE_SIZE_4KB [=" "PAGE_SIZE_64KB [="
tui_keys Escape

linux=${KBROWSE_LINUX_SRC:-}
if [ -n "$linux" ] && [ -f "$linux/Kconfig" ]; then
	lw=$TUI_TMP/linux
	mkdir -p "$lw"
	(cd "$lw" && srctree=$linux ARCH=x86_64 "$KBROWSE" conf \
		--defconfig="$linux/arch/x86/configs/x86_64_defconfig" >/dev/null 2>&1)
	line=$(grep -n '^CONFIG_E1000E=y' "$lw/.config" | cut -d: -f1)
	tui_start 160 45 "$lw" "srctree=$linux" ARCH=x86_64
	tui_wait "Device Drivers  --->"
	tui_keys g
	tui_type E1000E
	tui_keys Enter
	tui_wait "E1000E = y"
	tui_keys m
	tap_check "Linux x86_64: E1000E set to m says set in this session, was y from .config:$line" \
		tui_wait "E1000E = m" "(set in this session, was y from .config:$line)"
	tui_keys /
	tui_type CONFIG_E1000E
	tap_check "Linux x86_64: /CONFIG_E1000E finds E1000E" tui_wait_line "^E1000E \[=m\] "
	tui_keys C-u
	tui_type '^page.*shift$'
	tap_check "Linux x86_64: /^page.*shift\$ finds PAGE_SHIFT" \
		tui_wait 'Search "^page.*shift$": 1 match' "PAGE_SHIFT [=12]"
	tui_keys Escape
else
	for what in "E1000E set in this session" "/CONFIG_E1000E" "/^page.*shift\$"; do
		tap_skip "Linux x86_64: $what" "the tree is not installed (KBROWSE_LINUX_SRC)"
	done
fi
tap_done
