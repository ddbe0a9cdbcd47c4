#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The first screen before the $(shell,...) probes finish: with an empty
# cache, the browser draws the tree while its probes still run, says the
# values are provisional and how many probes run, marks each value made
# without its answer, asks before saving such values; once every probe
# has answered, the tree is read again with the answers: the real values,
# no mark, the cursor on the same symbol, the user's change kept.  A
# probe whose answer is more than a value (a `source` path) is waited
# for instead, as before.
#
# The probes wait for a file the test makes, so that "before" and
# "after" are decided by the test, not by the machine's speed.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

# --- answers as values: the provisional screen ------------------------------------
tree=$TUI_TMP/values
mkdir -p "$tree"
cat > "$tree/Kconfig" <<'EOT'
mainmenu "Gated probes"
gate = while [ ! -e $(1) ]; do sleep 0.05; done
A := $(shell,$(gate,go); echo a)
config ONE
	bool "one"
	default $(shell,$(gate,go); echo y)
config TWO
	string "two"
	default "$(A)"
config PLAIN
	bool "plain"
	default y
EOT
tui_start 100 30 "$tree" KBROWSE_NO_CACHE=1 KBROWSE_SHELL_JOBS=4 -- Kconfig
tap_check "the first screen while the probes run, marked provisional" \
	tui_wait "[provisional: 2 probes running]" "one (NEW)  [probe running]" \
	"()  two (NEW)  [probe running]"
tap_check "... a value made without a probe is not marked" \
	has_none "plain (NEW)  [probe running]" < "$TUI_TMP/screen"
tap_check "... explain says the value is for now" \
	tui_wait "computed for now, with a probe still running"
# A change made now is the user's: it survives the answers.
tui_keys Down Down Space
tap_check "a change on the provisional screen" tui_wait "[ ] plain" "[+]"
tui_keys s
tui_wait "s: save"
tui_keys s
tap_check "saving asks first, naming the provisional values" \
	tui_wait "Probes still running (2): 2 values may differ from conf's (ONE, TWO)." \
	"Save anyway? (y/n)"
tui_keys n
tap_check "n: not saved" tui_wait "not saved"
tap_check "... no .config written" test ! -e "$tree/.config"
touch "$tree/go"
tap_check "the answers in: the real values, the mark gone" \
	tui_wait "every probe answered: the values are final" "[*] one (NEW)" "(a) two (NEW)"
tap_check "... and the header says no more" has_none "provisional" < "$TUI_TMP/screen"
tap_check "... the cursor stays on its symbol, the change kept" \
	has_all "Why: PLAIN" "[ ] plain" "[+]" < "$TUI_TMP/screen"
tui_keys s
tui_wait "s: save"
tui_keys s
tap_check "saving now asks nothing" tui_wait "configuration written to .config"
tap_same "... the .config has the answers and the change" \
	"CONFIG_ONE=y CONFIG_TWO=\"a\" # CONFIG_PLAIN is not set" \
	"$(grep -E '^(CONFIG_|# CONFIG_)' "$tree/.config" | tr '\n' ' ' | sed 's/ $//')"
tui_keys q
tui_wait "[exit 0]"

# --- answers that make $(error-if,...) fire: said, the screen kept marked ----------
tree=$TUI_TMP/errors
mkdir -p "$tree"
cat > "$tree/Kconfig" <<'EOT'
mainmenu "Gated error"
gate = while [ ! -e $(1) ]; do sleep 0.05; done
answer := $(shell,$(gate,go); echo y)
$(error-if,$(answer),this compiler is not supported)
config ONE
	bool "one"
	default $(answer)
EOT
tui_start 100 30 "$tree" KBROWSE_NO_CACHE=1 KBROWSE_SHELL_JOBS=4 -- Kconfig
tap_check "\$(error-if,...) made of a probe's answer waits for it" \
	tui_wait "[provisional: 1 probe running]" "one (NEW)  [probe running]"
touch "$tree/go"
tap_check "... the answers' error is said, the values not updated" \
	tui_wait "the probes' answers give errors, values not updated: Kconfig:4:1: error: this"
tap_check "... and stay marked" tui_wait "one (NEW)  [command not run]" "[commands not run]"
tui_keys q
tui_wait "write one before leaving?"
tui_keys n
tui_wait "[exit 0]"

# --- an answer that decides a `source` path: waited for ----------------------------
tree=$TUI_TMP/source
mkdir -p "$tree/sub"
cat > "$tree/Kconfig" <<'EOT'
mainmenu "Gated source"
source "$(shell,while [ ! -e go ]; do sleep 0.05; done; echo sub)/Kconfig"
EOT
printf '%s\n' 'config FROM_SUB' '	bool "from sub"' > "$tree/sub/Kconfig"
tui_start 100 30 "$tree" KBROWSE_NO_CACHE=1 KBROWSE_SHELL_JOBS=4 -- Kconfig
tap_check "a probe that names a sourced file: the progress line, no screen" \
	tui_wait_line "running compiler probe [0-9]"
tap_check "... nothing provisional drawn" has_none "provisional" < "$TUI_TMP/screen"
touch "$tree/go"
tap_check "... the tree once it answered, final at once" tui_wait "from sub (NEW)"
tap_check "... nothing marked" has_none "probe running" < "$TUI_TMP/screen"
tui_keys q
tui_wait "write one before leaving?"
tui_keys n
tui_wait "[exit 0]"

tap_done
