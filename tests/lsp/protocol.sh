#!/bin/sh
# `kbrowse lsp` at the protocol level on the teaching tree (TAP): what an
# editor asks, then malformed JSON, a missing or huge Content-Length,
# unknown methods and a client that vanishes (tests/lsp/protocol.py).
: "${KBROWSE:?}" "${top_srcdir:?}"
. "$top_srcdir/tests/lib/env.sh"
. "$top_srcdir/tests/lib/tap.sh"
command -v python3 >/dev/null 2>&1 || tap_skip_all "python3 is not installed"
work=$(mktemp -d /tmp/kbrowse-lsp-protocol.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
"$KBROWSE" --write-examples "$work/tree" >/dev/null || exit 99
exec python3 "$top_srcdir/tests/lsp/protocol.py" "$KBROWSE" "$work/tree"
