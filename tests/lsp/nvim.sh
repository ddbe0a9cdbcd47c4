#!/bin/sh
# Neovim's built-in LSP client, headless, against `kbrowse lsp` on the
# teaching tree (TAP): hover on PAGE_SHIFT, definition of PAGE_SIZE_4KB
# followed to its config line, an unsaved `depends on NO_SUCH_SYMBOL`
# diagnosed at its line and column, CONFIG_SWAP in a C buffer
# (tests/lsp/test_init.lua; tests/kernel/lsp.sh does the same on Linux).
: "${KBROWSE:?}" "${top_srcdir:?}"
. "$top_srcdir/tests/lib/env.sh"
. "$top_srcdir/tests/lib/tap.sh"
command -v nvim >/dev/null 2>&1 || tap_skip_all "nvim is not installed"
work=$(mktemp -d /tmp/kbrowse-lsp-nvim.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
"$KBROWSE" --write-examples "$work/tree" >/dev/null || exit 99
cd "$work/tree" || exit 99
KB_KBROWSE=$KBROWSE KB_TREE=$work/tree KB_MODE=teaching KB_OUT=$work/nvim.tap \
	HOME=$work XDG_CONFIG_HOME=$work XDG_DATA_HOME=$work XDG_STATE_HOME=$work \
	XDG_CACHE_HOME=$work timeout 300 nvim --headless --clean \
	-u "$top_srcdir/tests/lsp/test_init.lua" >"$work/nvim.out" 2>&1
rc=$?
if [ -s "$work/nvim.tap" ]; then
	grep -v '^1\.\.' "$work/nvim.tap" | while IFS= read -r line; do
		case $line in
		"ok "*) echo "ok - ${line#ok * - }" ;;
		"not ok "*) echo "not ok - ${line#not ok * - }" ;;
		*) echo "$line" ;;
		esac
	done
fi
# The plan: the client's cases and this one.
cases=$(grep -c '^\(not \)\{0,1\}ok ' "$work/nvim.tap" 2>/dev/null)
if [ "$rc" -eq 0 ]; then
	echo "ok - nvim ran to its end"
else
	echo "not ok - nvim ran to its end (status $rc)"
	sed 's/^/# /' "$work/nvim.out" | head -20
fi
echo "1..$(( ${cases:-0} + 1 ))"
grep -q '^not ok' "$work/nvim.tap" 2>/dev/null && exit 1
exit "$rc"
