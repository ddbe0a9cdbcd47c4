#!/bin/sh
# `kbrowse mcp` on the teaching tree through a scripted client (TAP): the
# tools listed, PAGE_SHIFT explained, and every tool's text the bytes the
# command line prints for the same question (tests/lsp/mcp_client.py).
: "${KBROWSE:?}" "${top_srcdir:?}"
. "$top_srcdir/tests/lib/env.sh"
. "$top_srcdir/tests/lib/tap.sh"
command -v python3 >/dev/null 2>&1 || tap_skip_all "python3 is not installed"
work=$(mktemp -d /tmp/kbrowse-mcp.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
"$KBROWSE" --write-examples "$work/tree" >/dev/null || exit 99
# A .config to explain and to merge fragments over, as `diff --apply` needs one.
printf 'CONFIG_NR_CPUS=4\n' >"$work/tree/.config"
exec python3 "$top_srcdir/tests/lsp/mcp_client.py" "$KBROWSE" "$work/tree" arch/Kconfig:188
