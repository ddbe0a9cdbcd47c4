#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The explain pane and `kbrowse explain` agree on every fact: the pane's
# lines (tests/tui/pane_text, every folded group opened) are compared
# with `kbrowse explain --reverse SYMBOL`, line for line, for every
# symbol of the teaching tree (with and without user values), for a
# small tree where a select overrides unmet dependencies, for a .config
# merged from fragments (the fragment lines behind values), and for a
# sample of Linux 6.12 x86_64 symbols when the tree is installed
# ($KBROWSE_LINUX_SRC).  TAP output.
: "${KBROWSE:?}" "${top_srcdir:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"
pane_text=${PANE_TEXT:-$(dirname "$KBROWSE")/tests/tui/pane_text}
work=$(mktemp -d /tmp/kbrowse-pane-agrees.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

# agree NAME DIR SYMBOLS...: in DIR, with the environment as it is.
agree()
{
	label=$1 dir=$2
	shift 2
	mkdir -p "$work/$label"
	printf '%s\n' "$@" | (cd "$dir" && PANE_TEXT_DIR=$work/$label "$pane_text" 2>/dev/null)
	for sym in "$@"; do
		# The pane leaves the Kconfig rules to the header.
		(cd "$dir" && "$KBROWSE" explain --reverse "$sym" 2>/dev/null) |
			sed '1{/^Kconfig rules: /{N;d}}' >"$work/$label/$sym.cli"
		if [ ! -f "$work/$label/$sym" ]; then
			tap_skip "$label: $sym" "no entry in the tree"
		elif cmp -s "$work/$label/$sym" "$work/$label/$sym.cli"; then
			tap_ok "$label: $sym"
		else
			tap_not_ok "$label: $sym"
			diff -u "$work/$label/$sym.cli" "$work/$label/$sym" | head -20 | tap_diag
		fi
	done
}

# The teaching tree, every symbol it has, with no .config and with one.
unset srctree KCONFIG_CONFIG ARCH SRCARCH
mkdir -p "$work/teach" "$work/teach-user"
syms=$(cd "$work/teach" && "$KBROWSE" explain --json --all 2>/dev/null |
	sed -n 's/^{"symbol":"\([A-Za-z0-9_]*\)".*/\1/p')
cp "$top_srcdir/tests/golden/explain/user_values.config" "$work/teach-user/.config"

# A select that overrides dependencies: the pane warns as explain does.
mkdir -p "$work/unmet"
cat >"$work/unmet/Kconfig" <<'KCONFIG'
mainmenu "unmet"
config A
	bool "A"
	default y
	select B
config B
	bool "B"
	depends on C
config C
	bool "C"
KCONFIG

# A .config merged from fragments: the pane names the fragment lines.
mkdir -p "$work/merged"
(cd "$work/merged" && "$KBROWSE" conf --allnoconfig >/dev/null 2>&1 && mv .config base.config &&
	printf 'CONFIG_NET=y\nCONFIG_INET=y\nCONFIG_IPV6_SELFTEST=y\nCONFIG_LOG_BUF_SHIFT=20\n' >one.config &&
	printf 'CONFIG_LOG_BUF_SHIFT=18\n' >two.config &&
	"$KBROWSE" merge base.config one.config two.config >/dev/null 2>&1)

total=$(( $(echo "$syms" | wc -w) * 2 + 3 + 1 + 3 + 1))
linux=${KBROWSE_LINUX_SRC:-}
linux_syms="E1000E PAGE_SHIFT LOG_BUF_SHIFT PREEMPT PREEMPT_NONE CRYPTO CAN_UCAN NAMESPACES MODULES NET PCI EXPERT X86_64 SMP NR_CPUS CRC32 PAGE_SIZE_LESS_THAN_64KB HZ_1000 DEBUG_KERNEL LOCALVERSION"
if [ -n "$linux" ] && [ -f "$linux/Kconfig" ]; then
	total=$((total + $(echo "$linux_syms" | wc -w)))
fi
tap_plan "$total"
# shellcheck disable=SC2086 # the names are words
agree teaching "$work/teach" $syms
# shellcheck disable=SC2086
agree teaching-user "$work/teach-user" $syms
agree unmet "$work/unmet" A B C
grep -q "warning: selected up to y although its dependencies allow only n" "$work/unmet/B"
tap_result $? "unmet: the pane warns that B is selected over its dependencies"

agree merged "$work/merged" NET LOG_BUF_SHIFT IPV6_SELFTEST
grep -q "(.config:[0-9]*, set by two.config:1, over one.config:4 and base.config:[0-9]*)" \
	"$work/merged/LOG_BUF_SHIFT" 2>/dev/null &&
	grep -q "one.config:3 asked for CONFIG_IPV6_SELFTEST=y" "$work/merged/IPV6_SELFTEST"
tap_result $? "merged: the pane names the fragment lines behind a value"

if [ -n "$linux" ] && [ -f "$linux/Kconfig" ]; then
	mkdir -p "$work/linux"
	export srctree="$linux" ARCH=x86_64 KCONFIG_CONFIG="$work/linux/.config"
	(cd "$work/linux" && "$KBROWSE" conf --defconfig="$linux/arch/x86/configs/x86_64_defconfig" \
		>/dev/null 2>&1)
	# shellcheck disable=SC2086
	agree linux-x86_64 "$work/linux" $linux_syms
fi
tap_done
