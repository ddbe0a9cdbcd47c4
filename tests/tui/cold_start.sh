#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The browser's cold start (an empty $(shell,...) cache).
#
#  - a small tree whose probes each sleep three seconds and then leave a
#    stamp file, one of them naming a symbol (more than a value, so the
#    browser waits for it instead of drawing a provisional screen): a
#    progress line naming the probe that runs must be on the screen
#    while no probe has ended (the order of the two events is checked,
#    not a duration);
#  - Linux 6.12 (x86_64, the environment make gives conf): the first
#    screen is drawn while the probes still run, marked provisional; the
#    time it took is reported (not a test: a loaded machine is slower);
#    once every probe has answered, the .config the browser saves is
#    the one `kbrowse conf --olddefconfig` writes.  Skipped when the
#    extracted tree is not in the kernel test cache (tests/kernel/lib.sh
#    makes it: make check-kernel).  tests/tui/early_screen.sh tests the
#    provisional screen on small trees.
# tests/kernel/lib.sh is bash's.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
# shellcheck source=tests/kernel/lib.sh
. "${top_srcdir:-$(dirname "$0")/../..}/tests/kernel/lib.sh"
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

now_ms() {
	echo $(($(date +%s%N) / 1000000))
}

progress_re="running compiler probe [0-9]*\( of [0-9]*\)\{0,1\}: "

# --- a small tree with slow probes ---------------------------------------------
small=$TUI_TMP/small
mkdir -p "$small"
cat > "$small/Kconfig" <<'EOT'
mainmenu "Slow probes"
A := $(shell,sleep 3; touch a.end; echo a)
config ONE
	bool "one"
	default $(shell,sleep 3; touch one.end; echo y)
config TWO_$(A)
	string "two"
EOT
start=$(now_ms)
tui_start 100 24 "$small" KBROWSE_NO_CACHE=1 -- Kconfig
tui_poll grep -q "$progress_re"
found=$?
seen=$(($(now_ms) - start))
ended=$(ls "$small"/*.end 2>/dev/null)
echo "# small tree: the progress line after $seen ms"
tap_result "$found" "small tree: a progress line naming the probe"
tap_same "... while no probe has ended yet" "" "$ended"
tap_check "... and the tree is read once they end" tui_wait "one"

# --- Linux 6.12 ------------------------------------------------------------------
cache=${KBROWSE_KERNEL_CACHE:-/var/cache/kbrowse}
if [ ! -f "$cache/linux-source-6.12.stamp" ] || [ ! -f "$cache/linux-source-6.12/Kconfig" ]; then
	tap_skip "Linux: a progress line while the probes run" \
		"Linux 6.12 is not extracted in $cache (make check-kernel does it)"
	tap_done
	exit 0
fi
work=$TUI_TMP/work
mkdir -p "$work" "$TUI_TMP/empty-cache"
# The variables arch_env prints, one argument each (values hold spaces).
arch_env x86_64 > "$TUI_TMP/env" || exit 1
set --
while IFS= read -r line; do
	set -- "$@" "$line"
done < "$TUI_TMP/env"

start=$(now_ms)
tui_start 120 30 "$work" "XDG_CACHE_HOME=$TUI_TMP/empty-cache" "$@" -- Kconfig
tui_wait "General setup"
found=$?
seen=$(($(now_ms) - start))
echo "# Linux: the first screen after $seen ms (reported, not tested; load"
echo "# average $(cut -d' ' -f1 /proc/loadavg) now):"
head -1 "$TUI_TMP/screen" | sed 's/^/# | /'
tap_result "$found" "Linux: the first screen while the probes run"
tap_check "... marked provisional" grep -q "provisional: [0-9]* probes\{0,1\} running" "$TUI_TMP/screen"
tap_check "... the values final once every probe answered" \
	tui_wait "every probe answered"
echo "# Linux: final values after $(($(now_ms) - start)) ms"
tui_keys s
tui_wait "s: save"
tui_keys s
tap_check "... saved without a question" tui_wait "configuration written to"
(cd "$work" && env "XDG_CACHE_HOME=$TUI_TMP/empty-cache" "$@" KCONFIG_CONFIG=ref.config \
	"$KBROWSE" conf -s --olddefconfig Kconfig)
tap_check "... the .config is the one conf's olddefconfig writes" cmp "$work/.config" "$work/ref.config"

tap_done
