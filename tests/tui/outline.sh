#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The outline mode: the whole tree with guide lines, expand and collapse,
# the path of the cursor in the header, the parent key, goto and search
# in the outline, the mode remembered across runs (in a state file that
# is replaced whole, never written through a link planted there).  On Linux 6.12 x86_64
# too when its tree is in the cache (tests/kernel/lib.sh extracts it).
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

work=$TUI_TMP/work
mkdir -p "$work"

tui_start 100 30 "$work"
tui_welcome
tui_wait "Kernel hacking  --->"
tui_keys o
tap_check "o shows the outline: every top-level entry collapsed, with guide lines" \
	tui_wait "[outline]" "├─ + General setup" "├─ + Memory management options" \
	"└─ + Kernel hacking"
tap_check "the mode is remembered in XDG_CONFIG_HOME/kbrowse/state" \
	grep -qx "outline=yes" "$TUI_TMP/xdg/kbrowse/state"

tui_keys Down Down Right
tap_check "Right expands an entry: its entries one level deeper, guides on the left" \
	tui_wait "├─ - Memory management options" \
	"│  ├─   [*] Support for paging of anonymous memory (swap)" \
	"│  └─   (18) Number of bits to use for ASLR"
tui_keys Left
tap_check "Left collapses it again" tui_wait "├─ + Memory management options"
tui_keys '*'
tap_check "* expands everything under it, nested choice members included" \
	tui_wait "│  │     └─   (X) madvise"
tui_keys -
tap_check "- collapses" tui_wait "├─ + Memory management options"

tui_keys g
tui_type PAGE_SIZE_64KB
tui_keys Enter
tap_check "goto expands the path to the entry; the header shows that path" \
	tui_wait_line "^Toy OS Configuration > Processor type and features > MMU page size +\\[outline\\]"
tap_check "... and the entry is in its expanded choice" \
	tui_wait "│  └─ - MMU page size (4KiB pages)" "│     └─   ( ) 64KiB pages"
tui_keys Space
tap_check "Space picks it" tui_wait "│     └─   (X) 64KiB pages"
tui_keys u
tap_check "u goes to the parent: the choice (header: its own parents)" \
	tui_wait_line "^Toy OS Configuration > Processor type and features +\\[outline\\]"

tui_keys /
tui_type LOG_BUF
tui_keys Enter
tap_check "a search jumps in the outline too (nested under PRINTK)" \
	tui_wait "│  │  └─ - -*- Enable support for printk" \
	"│  │     ├─   (17) Kernel log buffer size" "LOG_BUF_SHIFT = 17"
tui_resize 160 30
tap_check "... the header shows every entry above it (at 160 columns)" \
	tui_wait_line "> General setup > Configure standard kernel features \\(expert users\\) > Enable support for printk +\\[outline\\]"
tui_resize 100 30

tui_keys q n
tui_wait "[exit 0]"

tui_start 100 30 "$work" LANG=C LC_ALL=C
tui_welcome
tap_check "the next run starts in the outline; ASCII guides without UTF-8" \
	tui_wait "[outline]" "|- + General setup" "\`- + Kernel hacking"
# A link planted at the state file is replaced, never written through.
mv "$TUI_TMP/xdg/kbrowse/state" "$TUI_TMP/victim"
ln -s "$TUI_TMP/victim" "$TUI_TMP/xdg/kbrowse/state"
tui_keys o
tap_check "o goes back to menu pages (and that is remembered)" \
	tui_wait "Processor type and features  --->"
tap_check "the state file says so" grep -qx "outline=no" "$TUI_TMP/xdg/kbrowse/state"
tap_check "... a file of its own in place of the link planted there" \
	test ! -L "$TUI_TMP/xdg/kbrowse/state"
tap_check "... the link's target untouched" grep -qx "outline=yes" "$TUI_TMP/victim"
# No .config here: a save would write one, so q asks (as nconf does).
tui_keys q
tui_wait "Saving changes .config"
tui_keys n
tui_wait "[exit 0]"

# --- Linux 6.12 x86_64 ------------------------------------------------------

linux=${KERNEL_TREE:-${KBROWSE_KERNEL_CACHE:-/var/cache/kbrowse}/linux-source-6.12}
if [ ! -f "$linux/Kconfig" ]; then
	tap_skip "Linux 6.12: Device Drivers expanded to Network device support" "no tree at $linux"
	tap_done
	exit $?
fi
printf 'outline=yes\n' > "$TUI_TMP/xdg/kbrowse/state"
tui_start 160 45 "$work" srctree="$linux" ARCH=x86_64 KCONFIG_CONFIG="$TUI_TMP/linux.config"
tap_check "Linux 6.12 x86_64 opens in the outline" \
	tui_wait "[outline]" "├─ + Device Drivers" "└─ + Kernel hacking"
tui_keys g
tui_type NETDEVICES
tui_keys Enter
tap_check "Linux: Device Drivers expanded to Network device support, with guide lines" \
	tui_wait_line "^Linux/x86_64 6.12.* Kernel Configuration > Device Drivers +\\[outline\\]"
tap_check "... the entry under Device Drivers, collapsed, its siblings around it" \
	tui_wait "├─ - Device Drivers" "│  ├─ + [*] Network device support" \
	"│  ├─ + <*> Connector - unified userspace <-> kernelspace linker"
tui_keys Right
tap_check "Linux: Right expands Network device support" \
	tui_wait "│  ├─ - [*] Network device support" \
	"│  │  ├─ - [*] Network core driver support"
tui_keys q
tui_wait "Saving changes"
tui_keys n
tui_wait "[exit 0]"

tap_done
