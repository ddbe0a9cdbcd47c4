# shellcheck shell=sh
# SPDX-License-Identifier: GPL-2.0
# Helpers for the terminal tests: drive the real kbrowse in tmux, read
# the screen with capture-pane, and report in TAP.
#
# TAP comes from tests/lib/tap.sh (tap_check DESC COMMAND..., tap_ok,
# tap_skip, tap_done ...), the environment from tests/lib/env.sh.
#
# Nothing here sleeps for a fixed time: every wait polls the screen until
# the expected text is there, and fails after $TUI_TIMEOUT seconds.

tui_lib=$(dirname "$0")/../lib
# shellcheck source=tests/lib/tap.sh
. "$tui_lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$tui_lib/env.sh"
KBROWSE=${KBROWSE:-kbrowse}
# Only a safety net for a hung run: a wait that succeeds ends at once, so a
# long limit costs nothing, and a loaded machine (make -j, valgrind beside
# it) never turns a slow screen into a failure.
TUI_TIMEOUT=${TUI_TIMEOUT:-60}
TUI_SOCKET=kbrowse-test-$$
TUI_SESSION=
tui_sessions=0
TUI_TMP=$(mktemp -d "${TMPDIR:-/tmp}/kbrowse-tui.XXXXXX")

tm() {
	tmux -L "$TUI_SOCKET" -f /dev/null "$@"
}

tui_cleanup() {
	tm kill-server 2>/dev/null
	rm -rf "$TUI_TMP"
}
trap tui_cleanup EXIT

# tui_start COLS ROWS DIR [VAR=VALUE...] [-- ARGS...]
# Start kbrowse in a fresh tmux session; when it exits the pane shows
# "[exit STATUS]" so that tests can wait for it.
tui_start() {
	cols=$1 rows=$2 dir=$3
	shift 3
	envs=""
	while [ $# -gt 0 ] && [ "$1" != "--" ]; do
		envs="$envs '$1'"
		shift
	done
	[ "${1-}" = "--" ] && shift
	args=""
	for a in "$@"; do args="$args '$a'"; done
	# A new session before the old one goes: killing the last session
	# would stop the server while the next command starts one.
	old=$TUI_SESSION
	# The teaching tree's first page shows until the state file says it was seen.
	TUI_WELCOME_DUE=yes
	grep -qx 'welcome=seen' "$TUI_TMP/xdg/kbrowse/state" 2>/dev/null && TUI_WELCOME_DUE=no
	tui_sessions=$((tui_sessions + 1))
	TUI_SESSION=kb$tui_sessions
	tm new-session -d -s "$TUI_SESSION" -x "$cols" -y "$rows" -c "$dir" \
		"env -u srctree -u KCONFIG_CONFIG -u NO_COLOR -u VISUAL -u EDITOR XDG_CONFIG_HOME='$TUI_TMP/xdg' TERM=screen LANG=C.UTF-8 LC_ALL= $envs '$KBROWSE' $args; echo \"[exit \$?]\"; exec sleep 600"
	[ -n "$old" ] && tm kill-session -t "$old" 2>/dev/null
	# The pane keeps its size even though no client is attached.
	tm set-option -t "$TUI_SESSION" window-size manual 2>/dev/null
}

# tui_welcome: the teaching tree starts with a page saying what it is, on
# the first run with this $XDG_CONFIG_HOME; wait for it and press a key to
# go on to the tree (later runs start in the tree: nothing to do).
tui_welcome() {
	# Either way, keys go out only once the browser reads them: typed
	# before curses starts, the terminal's line editing would eat them.
	if [ "$TUI_WELCOME_DUE" != yes ]; then
		tui_wait "?:help"
		return
	fi
	tui_wait "Press any key to start." && tui_keys Space
}

tui_screen() {
	tm capture-pane -p -t "$TUI_SESSION"
}

# tui_keys KEY...: tmux key names (Enter, Down, Tab, C-u, ...) or text.
tui_keys() {
	tm send-keys -t "$TUI_SESSION" "$@"
}

# tui_type TEXT: literal text.
tui_type() {
	tm send-keys -t "$TUI_SESSION" -l "$1"
}

# Poll the screen until a command on it succeeds (or time runs out).
tui_poll() {
	deadline=$(($(date +%s) + TUI_TIMEOUT))
	while :; do
		tui_screen > "$TUI_TMP/screen"
		if "$@" < "$TUI_TMP/screen"; then
			return 0
		fi
		if [ "$(date +%s)" -ge "$deadline" ]; then
			echo "# timed out waiting for: $*" >&2
			sed 's/^/# | /' "$TUI_TMP/screen" >&2
			return 1
		fi
		sleep 0.05
	done
}

# tui_wait TEXT...: until every TEXT is on the screen.
tui_wait() {
	tui_poll has_all "$@"
}

has_all() {
	screen=$(cat)
	for want in "$@"; do
		case $screen in
		*"$want"*) ;;
		*) return 1 ;;
		esac
	done
	return 0
}

# tui_wait_gone TEXT: until TEXT is no longer on the screen.
tui_wait_gone() {
	tui_poll has_none "$1"
}

has_none() {
	! grep -qF -- "$1"
}

# tui_wait_line PATTERN: until a line matches the extended regex.
tui_wait_line() {
	tui_poll grep -qE -- "$1"
}

# tui_wait_screen FILE: until the screen is exactly FILE (a golden dump).
tui_wait_screen() {
	tui_poll cmp -s - "$1" || {
		diff -u "$1" "$TUI_TMP/screen" | sed 's/^/# /' >&2
		return 1
	}
}

# tui_resize COLS ROWS
tui_resize() {
	tm resize-window -t "$TUI_SESSION" -x "$1" -y "$2"
}

# tui_settle: print the screen once it has stopped changing (for
# writing golden files with TUI_UPDATE=yes, never for comparing).
tui_settle() {
	prev=
	deadline=$(($(date +%s) + TUI_TIMEOUT))
	while [ "$(date +%s)" -lt "$deadline" ]; do
		cur=$(tui_screen)
		[ -n "$prev" ] && [ "$cur" = "$prev" ] && break
		prev=$cur
		sleep 0.2
	done
	tui_screen
}

# tui_golden NAME DESCRIPTION TEXT: the screen must become exactly
# tests/tui/expected/NAME.txt.  TUI_UPDATE=yes rewrites the file from
# the screen once TEXT is on it, and the case fails all the same (review
# the diff, run again without it).
tui_golden() {
	file=$TUI_EXPECTED/$1.txt
	if [ "${TUI_UPDATE-}" = yes ]; then
		tui_wait "$3" && tui_settle > "$file"
		tap_not_ok "$2: rewrote $file (review the diff, run again without TUI_UPDATE)"
		return
	fi
	tap_check "$2" tui_wait_screen "$file"
}
