#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Reading the Kconfig files again.  `e` runs $EDITOR on the entry's file
# (here a script that changes SMP's prompt and renames EXPERT); back in
# the browser the tree is read again by itself: the new prompt shows, the
# change made here to SMP is kept, and the one to EXPERT, whose symbol is
# gone, is named.  R reads the files again on request; files with an
# error leave the tree as it was, with the error said.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

work=$TUI_TMP/work
mkdir -p "$work"
"$KBROWSE" --write-examples "$work/toy" > /dev/null 2>&1
cat > "$TUI_TMP/editor" <<'EOS'
#!/bin/sh
# $1 is +LINE, $2 the file: arch/Kconfig, where SMP is.
sed -i 's/"Symmetric multi-processing support"/"Many processors"/' "$2"
sed -i 's/^config EXPERT$/config EXPERT_MODE/' "$(dirname "$2")/../init/Kconfig"
EOS
chmod +x "$TUI_TMP/editor"

tui_start 100 30 "$work/toy" "EDITOR=$TUI_TMP/editor"
tui_wait "General setup  --->"
tui_keys g
tui_type EXPERT
tui_keys Enter
tui_wait "Why: EXPERT"
tui_keys y
tui_keys g
tui_type SMP
tui_keys Enter
tui_wait "[*] Symmetric multi-processing support"
tui_keys n
tui_wait "[ ] Symmetric multi-processing support"
tui_keys e
tap_check "back from the editor: the tree read again, the new prompt shown" \
	tui_wait "[ ] Many processors"
tap_check "... the change to SMP kept, the one to EXPERT named as gone" \
	tui_wait "Kconfig read again: 1 change kept; 1 gone with their symbol: EXPERT"
tap_check "the explain pane explains the new tree" tui_wait 'prompt "Many processors"'

printf 'config\n' >> "$work/toy/arch/Kconfig"
tui_keys R
tap_check "R with an error in the files: the error said, the tree kept" \
	tui_wait "not read again: arch/Kconfig:" "error:" "[ ] Many processors"
sed -i '$d' "$work/toy/arch/Kconfig"
sed -i 's/"Many processors"/"More processors"/' "$work/toy/arch/Kconfig"
tui_keys R
tap_check "R reads the files again" \
	tui_wait "[ ] More processors" "Kconfig read again: 1 change made here kept"
tui_keys q
tui_wait "Save the configuration before leaving?"
tui_keys y
tap_check "saves and quits" tui_wait "[exit 0]"
tap_check "the saved file has SMP off" grep -qx "# CONFIG_SMP is not set" "$work/toy/.config"

tap_done
