#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The browser's cold start on Linux 6.12 (x86_64, the environment make
# gives conf) with an empty $(shell,...) cache: a progress line naming the
# probe that runs shows before the tree is read.
# Skipped when the extracted tree is not in the kernel test cache
# (tests/kernel/lib.sh makes it: make check-kernel).
# tests/kernel/lib.sh is bash's.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
# shellcheck source=tests/kernel/lib.sh
. "${top_srcdir:-$(dirname "$0")/../..}/tests/kernel/lib.sh"
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi
cache=${KBROWSE_KERNEL_CACHE:-/var/cache/kbrowse}
if [ ! -f "$cache/linux-source-6.12.stamp" ] || [ ! -f "$cache/linux-source-6.12/Kconfig" ]; then
	tap_skip_all "Linux 6.12 is not extracted in $cache (make check-kernel does it)"
fi
work=$TUI_TMP/work
mkdir -p "$work" "$TUI_TMP/empty-cache"
# The variables arch_env prints, one argument each (values hold spaces).
arch_env x86_64 > "$TUI_TMP/env" || exit 1
set --
while IFS= read -r line; do
	set -- "$@" "$line"
done < "$TUI_TMP/env"

now_ms() {
	echo $(($(date +%s%N) / 1000000))
}

start=$(now_ms)
tui_start 120 30 "$work" "XDG_CACHE_HOME=$TUI_TMP/empty-cache" "$@" -- Kconfig
tui_poll grep -q "running compiler probe [0-9]*\( of [0-9]*\)\{0,1\}: "
found=$?
seen=$(($(now_ms) - start))
echo "# the progress line after $seen ms (the time is reported, not tested:"
echo "# a loaded machine is slow; it shows after 200 ms of probes):"
tui_screen | grep "running compiler probe" | sed 's/^/# | /'
tap_result "$found" "cold start: a progress line naming the probe while the probes run"
tap_check "... before the tree is read" has_none "General setup" < "$TUI_TMP/screen"

tap_done
