#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A scripted session under valgrind: no memory errors, nothing leaked
# at exit: nothing is suppressed, every block kbrowse or its libraries
# allocated for it is freed.  Skipped where valgrind or tmux is missing,
# and for a sanitizer build (valgrind cannot run one).
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1 || ! command -v valgrind >/dev/null 2>&1; then
	tap_skip_all "needs tmux and valgrind"
fi

# ASan and valgrind both replace malloc and map shadow memory: valgrind
# on a sanitizer build does not work (it hangs or aborts).  Such a build
# refers to the sanitizers' runtime by name.
if grep -aqE '__(asan|tsan|msan)_init|__ubsan_handle_' "$KBROWSE"; then
	tap_skip_all "a sanitizer build (--enable-sanitizers) does not run under valgrind"
fi

# Each wait ends as soon as its text is there; the limit only stops a
# hung run, so it is generous (valgrind is slow, and a busy machine more).
TUI_TIMEOUT=${TUI_VALGRIND_TIMEOUT:-300}
work=$TUI_TMP/work
mkdir -p "$work"
log=$TUI_TMP/valgrind.log
real=$KBROWSE
KBROWSE=valgrind
tui_start 80 24 "$work" -- --leak-check=full --errors-for-leak-kinds=definite,indirect \
	--error-exitcode=9 --log-file="$log" "$real"
KBROWSE=$real

tui_welcome
tui_wait "Kernel hacking  --->"
tui_keys g
tui_type PAGE_SIZE_64KB
tui_keys Enter
tui_wait "( ) 64KiB pages"
tui_keys Space
tui_wait "(X) 64KiB pages"
tui_keys /
tui_type PAGE_SH
tui_wait 'Search "PAGE_SH"'
tui_keys Enter
tui_wait "PAGE_SHIFT = 16"
tui_keys Tab Down Enter
tui_wait_gone "Up/Down: pick a symbol"
tui_keys '['
tui_wait "(16) PAGE_SHIFT"
tui_keys g
tui_type NR_CPUS
tui_keys Enter Enter
tui_wait "NR_CPUS (int)"
tui_keys C-u
tui_type 9999
tui_keys Enter
tui_wait "is not allowed here"
tui_keys Escape
tui_wait_gone "NR_CPUS (int)"
# The outline, the source, changes and warnings views.
tui_keys o
tui_wait "[outline]"
tui_keys '*' v
tui_wait "(e: open in \$EDITOR, q: back)"
tui_keys q C
tui_wait "Changes: Enter explains"
tui_keys q '!'
tui_wait "0 warnings reading"
tui_keys q o
tui_wait_gone "[outline]"
tui_keys '?'
tui_wait "go to a symbol by name"
tui_keys q
tui_wait_gone "go to a symbol by name"
# Under valgrind a SIGWINCH may not interrupt the wait for a key, so a
# key (Ctrl-L, redraw) follows each resize; browse.sh tests resizing
# without one.
tui_resize 30 6
tui_keys C-l
tui_wait "terminal too small"
tui_resize 160 40
tui_keys C-l
tui_wait_line "Processor family .*Why: NR_CPUS"
tui_keys q
tap_check "quitting with unsaved changes asks first" tui_wait "Save the configuration before leaving?"
tui_keys n
tui_wait "[exit "
tap_check "n leaves without saving" test ! -e "$work/.config"
sed -n '/HEAP SUMMARY/,$s/^/# /p' "$log"
tap_check "valgrind: no errors, no leaks" grep -q "ERROR SUMMARY: 0 errors" "$log"

tap_done
