#!/bin/sh
# `kbrowse diff` of two .config files whose string values hold a terminal
# title sequence (ESC ] 0 ; x BEL), a C1 control, a bidi override and
# bytes that are not UTF-8 (a surrogate, ED A0 80): nothing reaches the
# terminal raw, and `diff --json` is strict UTF-8 JSON that python3 and
# iconv accept, with the values as they are (non-UTF-8 bytes as U+FFFD).
# TAP.
: "${KBROWSE:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
LC_ALL=C
export LC_ALL
work=$(mktemp -d /tmp/kbrowse-golden-diff-escapes.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
unset KCONFIG_CONFIG KCONFIG_ALLCONFIG srctree

# raw FILE...: does any file hold ESC, BEL, CSI (C2 9B) or RLO (E2 80 AE)?
raw()
{
	LC_ALL=C grep -q "$(printf '\033\|\007\|\302\233\|\342\200\256')" "$@"
}

tap_plan 12
printf 'config S\n\tstring "s"\nconfig T\n\tstring "t"\n' > Kconfig
printf 'CONFIG_S="a"\nCONFIG_T="x"\n' > old.config
printf 'CONFIG_S="b \033]0;x\007"\nCONFIG_T="\355\240\200 \302\233 \342\200\256"\n' > new.config

"$KBROWSE" diff old.config new.config > out 2> err
tap_result $? "diff: status 0"
if raw out err; then tap_result 1 "diff: nothing raw"; else tap_result 0 "diff: nothing raw"; fi
grep -q '^S  "a" -> "b \\x1b\]0;x\\x07"' out
tap_result $? "diff: the title sequence, escaped"
grep -q '^T  "x" -> "\\xed\\xa0\\x80 \\u009b \\u202e"' out
tap_result $? "diff: the bytes that are not UTF-8, the C1 control and the override, escaped"

"$KBROWSE" diff --json old.config new.config > out 2> err
tap_result $? "diff --json: status 0"
if raw out err; then tap_result 1 "diff --json: nothing raw"; else tap_result 0 "diff --json: nothing raw"; fi
iconv -f UTF-8 -t UTF-8 out > /dev/null 2>&1
tap_result $? "diff --json: iconv reads it as UTF-8"
if command -v python3 > /dev/null 2>&1; then
	python3 -c '
import json, sys
d = json.loads(open("out", "rb").read().decode("utf-8", "strict"))
roots = {r["symbol"]: r for r in d["roots"]}
ok = (roots["S"]["new"]["value"] == "b \x1b]0;x\x07" and
      roots["T"]["new"]["value"] == "\ufffd\ufffd\ufffd \x9b \u202e" and
      roots["T"]["old"]["value"] == "x")
sys.exit(0 if ok else 1)'
	tap_result $? "diff --json: strict UTF-8 JSON, the values as they are"
else
	tap_result 0 "# SKIP no python3"
fi

# The same through --apply, where the fragment's values are listed too.
printf 'CONFIG_S="\033[2J"\nCONFIG_T="\377"\n' > frag.config
"$KBROWSE" diff --apply frag.config old.config > out 2> err
if raw out err; then tap_result 1 "diff --apply: nothing raw"; else tap_result 0 "diff --apply: nothing raw"; fi
grep -q 'T="\\xff"  changes it' out
tap_result $? "diff --apply: the fragment's byte that is not UTF-8, escaped"
"$KBROWSE" diff --json --apply frag.config old.config > out 2> err
iconv -f UTF-8 -t UTF-8 out > /dev/null 2>&1
tap_result $? "diff --json --apply: iconv reads it as UTF-8"
if command -v python3 > /dev/null 2>&1; then
	python3 -c '
import json, sys
d = json.loads(open("out", "rb").read().decode("utf-8", "strict"))
frag = {f["symbol"]: f for f in d["fragment"]}
sys.exit(0 if frag["S"]["text"] == "\"\x1b[2J\"" else 1)'
	tap_result $? "diff --json --apply: the fragment's text as it is"
else
	tap_result 0 "# SKIP no python3"
fi
