#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Keys typed while the tree loads (its probes take seconds) are not
# echoed over the start-up lines and take effect, in the order typed,
# once the first screen is up: "/zeta" and Enter typed during the
# probes leave the browser on ZETA, with a search for "zeta" behind it.
# Some keys go out while the first probe runs (they wait in the
# terminal), some once a probe is slow (kbrowse reads them then, to see
# an Esc that would skip it).
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi
work=$TUI_TMP/work
mkdir -p "$work"
# Three probes one after another (each needs the last one's answer),
# the last one's in a prompt: more than a value, so the browser waits
# for them instead of drawing a provisional screen (early_screen.sh).
cat > "$work/Kconfig" <<'EOT'
mainmenu "Slow probes"
A := $(shell,sleep 1; echo a)
B := $(shell,sleep 1; echo $(A)b)
C := $(shell,sleep 1.5; echo $(B)c)
config ALPHA
	bool "alpha"
	default y
config BETA
	string "beta $(C)"
config ZETA
	bool "zeta, the one searched for"
EOT

tui_start 100 24 "$work" KBROWSE_NO_CACHE=1 -- Kconfig
tui_wait "running compiler probe" || true
# While the first probe runs: into the terminal's queue.
tui_type "/ze"
tui_poll grep -q "running compiler probe [23]" || true
# While a later one runs, slow: read by kbrowse as it watches for Esc.
tui_type "ta"
tui_keys Enter
tui_screen > "$TUI_TMP/loading"
tap_check "nothing typed is echoed while the tree loads" has_none "zeta" < "$TUI_TMP/loading"
tap_check "the typed search ran once the screen was up" tui_wait "Why: ZETA"
tap_check "... and the tree is the probes' (BETA's prompt from them)" tui_wait_line 'abc'

tap_done
