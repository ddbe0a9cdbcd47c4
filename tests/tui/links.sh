#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The explain pane's links come from the spans of the renderer's lines
# (explain.h), not from the look of the text: every symbol the
# explanation names is a link (conditions, selects, defaults, the choice,
# "used by", menu locations), and an upper-case word of a prompt, a menu
# title or a help text ("KVM" in "Support KVM guests") is not, even when
# it names a symbol.  tests/tui/pane_text prints each row with its links
# in braces; compared with tests/tui/links/NAME.out.  TAP output.
: "${KBROWSE:?}" "${top_srcdir:?}"
pane_text=${PANE_TEXT:-$(dirname "$KBROWSE")/tests/tui/pane_text}
cases=$top_srcdir/tests/tui/links
work=$(mktemp -d /tmp/kbrowse-links.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
unset KCONFIG_CONFIG srctree
cp "$cases/Kconfig" "$work/Kconfig"
mkdir -p "$work/out"
set -- VIRT KVM HELPER PICK_A
echo "1..$(($# + 2))"
n=0
printf '%s\n' "$@" |
	(cd "$work" && PANE_LINKS=1 PANE_TEXT_DIR=$work/out "$pane_text" -C . 2>/dev/null)
for sym in "$@"; do
	n=$((n + 1))
	if cmp -s "$cases/$sym.out" "$work/out/$sym"; then
		echo "ok $n - $sym: the links of its pane"
	else
		echo "not ok $n - $sym: the links of its pane"
		diff -u "$cases/$sym.out" "$work/out/$sym" 2>&1 | sed 's/^/# /' | head -20
	fi
done
n=$((n + 1))
if grep -e '^  prompt "' -e 'Say Y' -e '^    Menu about' "$work/out/VIRT" | grep -q '{'; then
	echo "not ok $n - no link in a prompt, a help text or a menu title"
else
	echo "ok $n - no link in a prompt, a help text or a menu title"
fi
n=$((n + 1))
if grep -q '^    if: {KVM} \[=y\] && !NOT_DEFINED \[=n\]  => y$' "$work/out/VIRT"; then
	echo "ok $n - a symbol of a condition is a link, an undefined one is not"
else
	echo "not ok $n - a symbol of a condition is a link, an undefined one is not"
fi
