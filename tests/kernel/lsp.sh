#!/usr/bin/env bash
# `kbrowse lsp` and `kbrowse mcp` on Linux 6.12, x86_64 defconfig (the
# .config written by the tree's own conf), through real clients:
#   - Neovim's built-in LSP client, headless (tests/lsp/test_init.lua):
#     hover on PAGE_SHIFT in arch/Kconfig shows 12 and arch/Kconfig:1241;
#     definition of PAGE_SIZE_4KB jumps to its config line; an unsaved
#     `depends on NO_SUCH_SYMBOL` gets a diagnostic at its line and
#     column; hover on CONFIG_E1000E in drivers/net/ethernet/intel/Makefile
#     shows its value;
#   - a scripted MCP client (tests/lsp/mcp_client.py): the tools listed,
#     PAGE_SHIFT explained, the same JSON as `kbrowse explain --json`.
# The whole suite is quick (one load of the tree per server).
#
# usage: lsp.sh [OPTIONS] [KBROWSE]        (default: $KBROWSE)
# Prints "ok"/"not ok" lines and "N passed, N failed".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

kernel_suite_start lsp "$0" "$@"

obj=$work/x86_64
mkdir -p "$obj"
kernel_run_in "$obj" x86_64 "$conf" -s --defconfig=arch/x86/configs/x86_64_defconfig Kconfig \
	>"$work/conf.out" 2>&1
tap_result $? "x86_64: the tree's conf writes defconfig's .config" "$work/conf.out"

if ! command -v nvim >/dev/null 2>&1; then
	tap_skip "Neovim's LSP client on 6.12" "nvim is not installed"
elif ! command -v python3 >/dev/null 2>&1; then
	tap_skip "Neovim's LSP client on 6.12" "python3 is not installed"
else
	kernel_run_in "$obj" x86_64 env KB_KBROWSE="$kbrowse" KB_TREE="$KERNEL_TREE" KB_MODE=kernel \
		KB_OUT="$work/nvim.tap" timeout 600 nvim --headless --clean \
		-u "$top/tests/lsp/test_init.lua" >"$work/nvim.out" 2>&1
	rc=$?
	if [ -s "$work/nvim.tap" ]; then
		while IFS= read -r line; do
			case $line in
			"ok "*) tap_result 0 "nvim: ${line#ok * - }" ;;
			"not ok "*) tap_result 1 "nvim: ${line#not ok * - }" ;;
			"# "*) echo "$line" ;;
			esac
		done <"$work/nvim.tap"
	fi
	tap_result "$rc" "nvim ran to its end (status $rc)" "$work/nvim.out"
fi

if ! command -v python3 >/dev/null 2>&1; then
	tap_skip "kbrowse mcp on 6.12" "python3 is not installed"
else
	kernel_run_in "$obj" x86_64 python3 "$top/tests/lsp/mcp_client.py" "$kbrowse" "$obj" \
		arch/Kconfig:1241 >"$work/mcp.tap" 2>&1
	rc=$?
	while IFS= read -r line; do
		case $line in
		"ok "*) tap_result 0 "mcp: ${line#ok * - }" ;;
		"not ok "*) tap_result 1 "mcp: ${line#not ok * - }" ;;
		"# "*) echo "$line" ;;
		esac
	done <"$work/mcp.tap"
	tap_result "$rc" "the MCP client ran to its end (status $rc)" "$work/mcp.tap"
fi

tap_summary
