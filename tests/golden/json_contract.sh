#!/bin/sh
# Every member that `explain --json` and `diff --json` write is
# documented in the manual page's JSON OUTPUT section (TAP): the objects
# of every symbol of the teaching tree with --reverse, --depth and --to,
# and of a diff with --apply, walked to the last member.
: "${KBROWSE:?}" "${top_srcdir:?}"
man=$top_srcdir/man/kbrowse.1
work=$(mktemp -d /tmp/kbrowse-golden-json.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
unset KCONFIG_CONFIG KCONFIG_ALLCONFIG srctree
echo "1..2"
if ! command -v python3 > /dev/null 2>&1; then
	echo "ok 1 # SKIP no python3"
	echo "ok 2 # SKIP no python3"
	exit 0
fi
sed -n '/^\.SH JSON OUTPUT/,/^\.SH /p' "$man" > section
# User values, one of them not valid (ignored).
printf 'CONFIG_NR_CPUS=4\nCONFIG_SWAP=maybe\nCONFIG_MODULES=y\n' > .config
{
	env -i PATH="$PATH" "$KBROWSE" explain --json --all --reverse --depth 3 2>/dev/null
	env -i PATH="$PATH" "$KBROWSE" explain --json --to y --reverse NR_CPUS SWAP 2>/dev/null
	env -i PATH="$PATH" "$KBROWSE" explain --json --to visible PRINTK 2>/dev/null
} > explain.json
rm .config
printf 'CONFIG_64BIT=y\n' > old.config
printf 'CONFIG_64BIT=n\nCONFIG_NO_SUCH=y\n# CONFIG_SMP is not set\n' > frag.config
env -i PATH="$PATH" "$KBROWSE" diff --json --apply frag.config old.config > diff.json 2>/dev/null
n=0
for what in explain diff; do
	n=$((n + 1))
	missing=$(python3 - "$what.json" section <<'PY'
import json, re, sys
keys = set()
def walk(v):
    if isinstance(v, dict):
        for k, x in v.items():
            keys.add(k)
            walk(x)
    elif isinstance(v, list):
        for x in v:
            walk(x)
for line in open(sys.argv[1], encoding="utf-8"):
    walk(json.loads(line))
man = open(sys.argv[2], encoding="utf-8").read()
# A member is documented when it is set in bold in the section.
bold = set()
for line in man.splitlines():
    if line.startswith((".B ", ".BR ", ".RB ")):
        bold.update(re.findall(r"[a-z_]+", line))
print(" ".join(sorted(k for k in keys if k not in bold)))
if len(keys) < 10:
    print("(too few members read: %d)" % len(keys))
PY
)
	if [ -z "$missing" ]; then
		echo "ok $n - $what --json: every member in the manual page's JSON OUTPUT"
	else
		echo "not ok $n - $what --json: not in the manual page: $missing"
	fi
done
