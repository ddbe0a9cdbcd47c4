#!/bin/sh
# Where kbrowse's output goes through main()'s one escaping stream and
# where it does not (TAP).  Every batch command but conf writes its
# stdout escaped: learn and dump too, and a failed write is an error.
# conf's modes write stdout as the kernel's conf does, byte for byte,
# control characters raw (conf is the oracle: compared with it when its
# build is at hand), and --savedefconfig through /dev/stdout or a
# symbolic link writes through the link, never replacing it.
: "${KBROWSE:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
LC_ALL=C
export LC_ALL
work=$(mktemp -d /tmp/kbrowse-golden-streams.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
unset KCONFIG_CONFIG KCONFIG_ALLCONFIG srctree

skip()
{
	tap_skip "a case that needs it" "$1"
}
raw()
{
	LC_ALL=C grep -q "$(printf '\033\|\007')" "$@"
}
conf=${KBROWSE_KERNEL_CACHE:-/var/cache/kbrowse}/obj-conf/scripts/kconfig/conf

tap_plan 14
printf 'config S\n\tstring "s"\n\tdefault "x"\nconfig T\n\tstring "t"\n\tdefault "a\033]0;x\007"\n' > Kconfig
printf 'CONFIG_S="\033]0;y\007"\n' > .config

# conf's modes: stdout as conf writes it.  Through a pipe: were
# --savedefconfig=/dev/stdout to replace the name, a test run as root
# with stdout in a file would replace the system's /dev/stdout (the
# symbolic link case below checks that it does not).
for mode in --listnewconfig --helpnewconfig --savedefconfig=/dev/stdout; do
	"$KBROWSE" conf "$mode" Kconfig 2> kb.err | cat > kb.out
	if [ -x "$conf" ]; then
		"$conf" "$mode" Kconfig 2> conf.err | cat > conf.out
		cmp -s kb.out conf.out
		tap_result $? "conf $mode: stdout byte-identical to conf's"
	else
		raw kb.out
		tap_result $? "conf $mode: control characters raw, as conf writes them (no conf at $conf)"
	fi
done
"$KBROWSE" conf --savedefconfig=/dev/stdout Kconfig | cat > kb.out
grep -q "$(printf '^CONFIG_S="\033]0;y\007"$')" kb.out
tap_result $? "conf --savedefconfig=/dev/stdout: the value raw"
# A link to a regular file (what /dev/stdout is when stdout is a file).
ln -s target.config link.config
: > target.config
"$KBROWSE" conf --savedefconfig=link.config Kconfig > /dev/null 2>&1
[ -L link.config ] && grep -q '^CONFIG_S=' target.config
tap_result $? "conf --savedefconfig=LINK: written through the link, the link kept"
if [ -x "$conf" ]; then
	ln -s conf-target.config conf-link.config
	"$conf" --savedefconfig=conf-link.config Kconfig > /dev/null 2>&1
	cmp -s target.config conf-target.config
	tap_result $? "conf --savedefconfig=LINK: the bytes conf writes"
else
	skip "no conf at $conf"
fi
cp .config before.config
"$KBROWSE" conf --olddefconfig Kconfig > kb.out 2>&1
grep -q "$(printf '^CONFIG_T="a\033]0;x\007"$')" .config
tap_result $? "conf --olddefconfig: the .config holds the value raw (a file, not the terminal)"
cp before.config .config

# Every other command: stdout escaped.
"$KBROWSE" explain T > out 2>&1
if raw out; then tap_result 1 "explain: nothing raw"; else tap_result 0 "explain: nothing raw"; fi
"$KBROWSE" explain --json T > out 2>&1
if raw out; then tap_result 1 "explain --json: nothing raw"; else tap_result 0 "explain --json: nothing raw"; fi
if LC_ALL=C grep -q '[^ -~]' out; then
	tap_result 1 "explain --json: the line is printable ASCII"
else
	tap_result 0 "explain --json: the line is printable ASCII"
fi
"$KBROWSE" dump > out 2> err
status=$?
if raw out; then tap_result 1 "dump: nothing raw"; else tap_result 0 "dump: nothing raw"; fi
[ "$status" = 1 ] && grep -q '2 control characters written as' err
tap_result $? "dump: counts what main()'s stream escaped, exit 1"

# A write that fails is an error, not a silent truncation.
if [ -w /dev/full ]; then
	"$KBROWSE" explain T > /dev/full 2> err
	status=$?
	[ "$status" = 1 ] && grep -q 'failed' err
	tap_result $? "explain > /dev/full: exit 1, said (exit $status)"
	"$KBROWSE" diff .config before.config > /dev/full 2> err
	status=$?
	[ "$status" = 1 ]
	tap_result $? "diff > /dev/full: exit 1 (exit $status)"
else
	skip "no /dev/full"
	skip "no /dev/full"
fi
