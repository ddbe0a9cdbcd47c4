#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Files and not losing work: the .config warnings on a screen of their
# own, q and Ctrl-C asking when a save would write something else than
# the file loaded (changes made here, or values loading changed), the
# list of changes before a save, Save-as, Load, and the exact reasons a
# file cannot be written or read.
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

work=$TUI_TMP/work
mkdir -p "$work"
# A .config with a warning (PAGE_SHIFT twice) and a value out of range
# (NR_CPUS, which reading clamps without a word, as conf does).
(cd "$work" && "$KBROWSE" conf --alldefconfig > /dev/null 2>&1)
sed 's/^CONFIG_NR_CPUS=.*/CONFIG_NR_CPUS=99999/' "$work/.config" > "$work/loaded"
echo 'CONFIG_PAGE_SHIFT=99' >> "$work/loaded"
cp "$work/loaded" "$work/.config"
last=$(wc -l < "$work/.config")	# the PAGE_SHIFT line, last

tui_start 80 24 "$work"
tui_welcome
tap_check "the status line counts the warnings and names the key that lists them" \
	tui_wait "1 warning reading .config (! lists them)"
tui_keys !
tap_check "! lists the warnings, at their lines" \
	tui_wait "1 warning reading .config" ".config:$last: override: reassigning to symbol PAGE_SHIFT"
tui_keys q
tui_wait "Kernel hacking  --->"

tui_keys q
tap_check "q without a change here, but loading changed a value: asks" \
	tui_wait "Saving changes .config"
tui_keys c
tui_keys C
tap_check "C lists what differs from the file loaded: the clamped NR_CPUS" \
	tui_wait "Since loading .config: 2" "NR_CPUS  99999 -> 512" "PAGE_SHIFT  99 -> 12"
tui_keys q

tui_keys g
tui_type SMP
tui_keys Enter n
tui_wait "[ ] Symmetric multi-processing support"
tui_keys C-c
tap_check "Ctrl-C with unsaved changes asks instead of leaving" \
	tui_wait "Save the configuration before leaving? (y)es (n)o (c)ancel"
tui_keys c
tap_check "c: still running, still [+]" tui_wait "[+] built-in teaching tree"

# --- Save-as ------------------------------------------------------------------

tui_keys S
tap_check "S asks for a file name" tui_wait "Save to file: .config"
tui_keys C-u
tui_type other.config
tui_keys Enter
tap_check "then lists what the save changes" \
	tui_wait "Save to other.config? s: save, q: cancel" "SMP  y -> n"
tui_keys s
tap_check "s writes the file" tui_wait "configuration written to other.config"
tap_check "other.config holds the change; .config is untouched" sh -c "
	grep -qx '# CONFIG_SMP is not set' '$work/other.config' &&
	cmp -s '$work/.config' '$work/loaded'"

mkdir -p "$work/adir"
tui_keys S C-u
tui_type adir
tui_keys Enter s
tap_check "saving onto a directory: the exact reason" \
	tui_wait "could not write adir: adir: Is a directory"

if [ "$(id -u)" -ne 0 ]; then
	mkdir -p "$work/ro"
	chmod 555 "$work/ro"
	tui_keys S C-u
	tui_type ro/x.config
	tui_keys Enter s
	tap_check "saving into a read-only directory: Permission denied" \
		tui_wait "could not write ro/x.config: ro/x.config: Permission denied"
else
	tap_skip "saving into a read-only directory: Permission denied" "root ignores permissions"
fi

# --- Load ---------------------------------------------------------------------

tui_keys g
tui_type SMP
tui_keys Enter y
tui_wait "[*] Symmetric multi-processing support"
tui_keys L
tap_check "L with unsaved changes asks first (never a silent discard)" \
	tui_wait "Save the configuration before loading?"
tui_keys n
tap_check "then asks for the file" tui_wait "Load .config: other.config"
tui_keys C-u
tui_type missing.config
tui_keys Enter
tap_check "a file that is not there: the exact reason" \
	tui_wait "could not read missing.config: No such file or directory"
tui_keys L
tap_check "the changes are still there: L asks again" \
	tui_wait "Save the configuration before loading?"
tui_keys n
tui_wait "Load .config: "
tui_keys C-u
tui_type other.config
tui_keys Enter
tap_check "loading other.config: its values, no [+]" \
	tui_wait "loaded other.config" "[ ] Symmetric multi-processing support"
tui_keys q
tap_check "q leaves at once: nothing would change" tui_wait "[exit 0]"

# --- Ctrl-C and y, n ---------------------------------------------------------------

tui_start 80 24 "$work"
tui_welcome
tui_keys g
tui_type SMP
tui_keys Enter n C-c
tui_wait "Save the configuration before leaving?"
tui_keys n
tap_check "Ctrl-C, n: leaves without saving, status 0" tui_wait "[exit 0]"
tap_check "... and the file is as it was" cmp -s "$work/.config" "$work/loaded"

tui_start 80 24 "$work"
tui_welcome
tui_keys g
tui_type SMP
tui_keys Enter n C-c
tui_wait "Save the configuration before leaving?"
tui_keys y
tap_check "Ctrl-C, y: saves and leaves" tui_wait "[exit 0]"
tap_check "... with the change in .config" grep -qx '# CONFIG_SMP is not set' "$work/.config"

# --- no space left ------------------------------------------------------------------

if [ -c /dev/full ]; then
	tui_start 80 24 "$work" KCONFIG_OVERWRITECONFIG=1
	tui_welcome
	tui_keys S C-u
	tui_type /dev/full
	tui_keys Enter s
	tap_check "saving onto a full device: No space left on device" \
		tui_wait "No space left on device"
	tui_keys q
	tui_wait "[exit 0]"
else
	tap_skip "saving onto a full device" "no /dev/full"
fi

tap_done
