#!/bin/sh
# No control character from a tree or a .config reaches the terminal raw
# (TAP): explain (text and JSON), dump and every
# diagnostic escape ESC, BEL, C1 controls and bidi overrides; $(info,...)
# goes to stderr, so explain --json stays JSON; conf modes print it on
# stdout as conf does.  What a tree's $(shell,...) writes to stderr is
# escaped too, run or replayed from the cache, in dump, explain and conf.
# Nothing is written to the source tree.
: "${KBROWSE:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"
LC_ALL=C
export LC_ALL
work=$(mktemp -d /tmp/kbrowse-golden-escapes.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
# raw FILE...: does any file hold ESC, BEL, CSI (C2 9B) or RLO (E2 80 AE)?
raw()
{
	LC_ALL=C grep -q "$(printf '\033\|\007\|\302\233\|\342\200\256')" "$@"
}

E=$(printf '\033') BEL=$(printf '\007')
C1=$(printf '\302\233') RLO=$(printf '\342\200\256')
cat > Kconfig <<EOT
mainmenu "Main ${E}]0;title$BEL"
\$(info,info ${E}[2J)
\$(warning-if,y,warning ${E}[2J)
config A
	string "prompt ${E}]0;t$BEL $RLO x"
	default "default ${E}[2J $C1"
	help
	  help ${E}[2J
EOT
printf 'CONFIG_A="user %s[2J"\n%s]0;junk\n' "$E" "$E" > .config

"$KBROWSE" explain A > out 2> err
status=$?
tap_exit "$status" 0 "explain: status 0"
if raw out err; then tap_result 1 "explain: nothing raw"; else tap_result 0 "explain: nothing raw"; fi
grep -q 'the user value "user \\x1b\[2J"' out
tap_result $? "explain: the .config string, escaped"
grep -q 'prompt "prompt \\x1b\]0;t\\x07 \\u202e x"' out
tap_result $? "explain: the prompt, escaped"
grep -q '^\.config:2:warning: unexpected data: \\x1b\]0;junk$' err
tap_result $? "explain: the .config warning, escaped"
grep -q '^info \\x1b\[2J$' err
tap_result $? "explain: \$(info,...) on stderr, escaped"
grep -q '^Kconfig:3:1: warning: warning \\x1b\[2J$' err
tap_result $? "explain: \$(warning-if,...) escaped"

# --all writes its text in pieces of its own: escaped all the same.
"$KBROWSE" explain --all > out 2> err
tap_exit $? 0 "explain --all: status 0"
if raw out; then tap_result 1 "explain --all: nothing raw"; else tap_result 0 "explain --all: nothing raw"; fi
grep -q 'prompt "prompt \\x1b\]0;t\\x07 \\u202e x"' out
tap_result $? "explain --all: the prompt, escaped"

"$KBROWSE" explain --json A > out 2> err
tap_result $? "explain --json: status 0"
if raw out err; then tap_result 1 "explain --json: nothing raw"; else tap_result 0 "explain --json: nothing raw"; fi
if command -v python3 >/dev/null 2>&1; then
	python3 -c '
import json, sys
d = json.load(open("out"))
sys.exit(0 if d["value"] == "user \x1b[2J" else 1)'
	tap_result $? "explain --json: valid JSON, the value as it is"
else
	tap_skip "explain --json: valid JSON, the value as it is" "no python3"
fi

"$KBROWSE" dump > out 2> err
tap_exit $? 1 "dump: status 1 (cannot write the tree back)"
if raw out err; then tap_result 1 "dump: nothing raw"; else tap_result 0 "dump: nothing raw"; fi
grep -q 'control characters written as' err
tap_result $? "dump: says what it did"

printf 'source "%s]0;name%s"\n' "$E" "$BEL" > Kconfig
"$KBROWSE" dump > out 2> err
if raw out err; then tap_result 1 "a file name in an error: nothing raw"; else tap_result 0 "a file name in an error: nothing raw"; fi

# conf modes: $(info,...) on stdout, as conf prints it.
printf '$(info,hello)\nconfig A\n\tbool "a"\n' > Kconfig
rm -f .config
"$KBROWSE" conf --olddefconfig > out 2> err
head -n 1 out | grep -q '^hello$'
tap_result $? "conf: \$(info,...) on stdout, as conf"
"$KBROWSE" explain --json A > out 2> err
head -c 1 out | grep -q '{'
tap_result $? "explain --json: \$(info,...) not on stdout"

# $(shell,...) writes ESC ] (a title), BEL, CSI 2J and a C1 CSI to stderr.
XDG_CACHE_HOME=$work/cache
export XDG_CACHE_HOME
cat > Kconfig <<'EOT'
X := $(shell,printf 'shell \033]0;pwned\007 \033[2J \302\233\n' >&2; echo y)
config A
	bool "a"
	default $(X)
EOT
rm -f .config
shell_escaped='^shell \\x1b\]0;pwned\\x07 \\x1b\[2J \\u009b$'
for run in "dump --no-cache" "explain --no-cache A" "conf --no-cache --olddefconfig" \
	   "dump" "dump" "explain A" "conf --olddefconfig"; do
	# The first run without --no-cache stores the result, the next replay it.
	# shellcheck disable=SC2086 # the arguments are words
	"$KBROWSE" $run > out 2> err
	if raw out err; then
		tap_result 1 "\$(shell,...) stderr, $run: nothing raw"
	else
		tap_result 0 "\$(shell,...) stderr, $run: nothing raw"
	fi
	grep -q "$shell_escaped" err
	tap_result $? "\$(shell,...) stderr, $run: escaped"
done
ls cache/kbrowse/* > /dev/null 2>&1
tap_result $? "\$(shell,...): the result was cached"
grep -q '^CONFIG_A=y$' .config
tap_result $? "\$(shell,...): its stdout is the value"
# $KBROWSE_NO_CACHE other than "" and "0" is --no-cache; "0" caches.
KBROWSE_NO_CACHE=1 XDG_CACHE_HOME=$work/cache1 "$KBROWSE" dump > out 2> err
tap_check "\$KBROWSE_NO_CACHE=1: nothing cached" test ! -e cache1
KBROWSE_NO_CACHE=0 XDG_CACHE_HOME=$work/cache0 "$KBROWSE" dump > out 2> err
ls cache0/kbrowse/* > /dev/null 2>&1
tap_result $? "\$KBROWSE_NO_CACHE=0: the result was cached"
# Bounded: 3 MB of stderr shows 1 MiB and a note.
printf 'X := $(shell,head -c 3000000 /dev/zero | tr "\\0" x >&2; echo y)\n' > Kconfig
"$KBROWSE" --no-cache dump > out 2> err
size=$(wc -c < err)
[ "$size" -gt 1048576 ] && [ "$size" -lt 1100000 ]
tap_result $? "\$(shell,...) stderr: at most 1 MiB shown ($size bytes)"
grep -q 'more bytes of standard error dropped' err
tap_result $? "\$(shell,...) stderr: the rest dropped with a note"

tap_done
