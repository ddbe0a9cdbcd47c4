#!/bin/sh
# Every command of examples/README.md, run as a reader would run it (TAP).
#
# The commands are the README's indented lines, taken in order (all but
# the section "Trying it with the kernel's tools", which needs a Linux
# tree: tests/golden/examples/README records that run).  They run one
# after the other in one empty directory, with `kbrowse` on PATH, as the
# README's tour goes on from one step to the next.  The table below
# holds, for each command in the same order, what the README says it
# prints (extended regular expressions, stdout and stderr together): each
# command must exit 0 and print every line of its table entry.  A command
# added to or taken from the README without the table fails the first case.
#
# usage: readme.sh            (KBROWSE and top_srcdir set, as by make check)
: "${KBROWSE:?}" "${top_srcdir:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"
readme=$top_srcdir/examples/README.md

[ -x "$KBROWSE" ] || tap_skip_all "$KBROWSE not built"
work=$(mktemp -d /tmp/kbrowse-golden-readme.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin" "$work/run"
ln -s "$(cd "$(dirname "$KBROWSE")" && pwd)/$(basename "$KBROWSE")" "$work/bin/kbrowse"

# One entry per command: "cmd COMMAND", then "want REGEX" lines.
cat >"$work/table" <<'EOF'
cmd kbrowse --write-examples toy
want wrote the teaching tree to toy
cmd kbrowse explain PAGE_SHIFT
want ^PAGE_SHIFT = 12$
want value from: default 12 if PAGE_SIZE_4KB  \(arch/Kconfig:188\)
want if: PAGE_SIZE_4KB \[=y\]
want arch/Kconfig:193  default 18 if PAGE_SIZE_256KB  \(condition n\)
cmd kbrowse explain PAGE_SIZE_4KB HAVE_PAGE_SIZE_4KB CPU_GENERIC64
want the first visible entry is taken
want ^HAVE_PAGE_SIZE_4KB = y$
want selected by CPU_GENERIC64 \[=y\]
want ^CPU_GENERIC64 = y$
want the choice's default names it
cmd cat -A toy/arch/Kconfig
want default\^I12 if PAGE_SIZE_4KB
cmd kbrowse explain --to 16 PAGE_SHIFT
want choose PAGE_SIZE_64KB in its choice
want PAGE_SHIFT becomes 16\.
cmd echo CONFIG_PAGE_SIZE_64KB=y > mini.config
cmd KCONFIG_ALLCONFIG=mini.config kbrowse conf --alldefconfig
cmd kbrowse explain PAGE_SHIFT PAGE_SIZE_LESS_THAN_64KB
want ^PAGE_SHIFT = 16$
want value from: default 16 if PAGE_SIZE_64KB
want ^PAGE_SIZE_LESS_THAN_64KB = n$
want no prompt, not written to \.config
cmd printf 'CONFIG_CPU_SERVER64=y\nCONFIG_PAGE_SIZE_256KB=y\n' > mini.config
cmd KCONFIG_ALLCONFIG=mini.config kbrowse conf --alldefconfig
cmd kbrowse explain PAGE_SHIFT TRANSPARENT_HUGEPAGE
want ^PAGE_SHIFT = 18$
want ^TRANSPARENT_HUGEPAGE = n$
want PAGE_SHIFT \[=18\] <= 16
cmd echo '# CONFIG_INET is not set' > mini.config
cmd KCONFIG_ALLCONFIG=mini.config kbrowse conf --alldefconfig
cmd kbrowse explain NET_IPV6
want ^NET_IPV6 = n$
want net/Kconfig:[0-9]+ \(entry\): INET \[=n\]
want net/Kconfig:[0-9]+ \(if\): NET \[=y\]
cmd kbrowse explain --to n CRC32
want set EXT4_FS=n
want CRC32 becomes n\.
cmd kbrowse explain --to n CRC16
want set EXPERT=y
want set CRC16=n
want CRC16 becomes n\.
cmd echo CONFIG_PAGE_OWNER=y > mini.config
cmd KCONFIG_ALLCONFIG=mini.config kbrowse conf --alldefconfig
want WARNING: unmet direct dependencies detected for DEBUG_PAGEALLOC
cmd kbrowse explain DEBUG_PAGEALLOC
want ^DEBUG_PAGEALLOC = y$
want DEBUG_KERNEL \[=n\]
want warning: selected up to y although its dependencies allow only n
cmd printf 'CONFIG_PAGE_SIZE_64KB=y\nCONFIG_CPU_TINY32=y\n' > .config
cmd kbrowse explain PAGE_SHIFT
want ^PAGE_SHIFT = 12$
cmd echo CONFIG_CPU_GENERIC64=y >> .config
cmd kbrowse explain PAGE_SHIFT
want ^PAGE_SHIFT = 16$
cmd rm .config
cmd kbrowse conf --olddefconfig
cmd grep -e SMP -e PAGE_SHIFT .config
want ^CONFIG_SMP=y$
want ^CONFIG_PAGE_SHIFT=12$
cmd sed -i 's/^CONFIG_PAGE_SHIFT=12$/CONFIG_PAGE_SHIFT=14/' .config
cmd kbrowse explain PAGE_SHIFT
want ^PAGE_SHIFT = 12$
want user value 14 at \.config:[0-9]+ was not used: the symbol has no prompt
cmd kbrowse dump
want default "toy-box"
want def_bool y
cmd kbrowse learn
want ^Lesson 1 of 13:
EOF

# The README's commands: indented lines, up to the kernel-tools section.
sed -n '/^## Trying it with the kernel/q; s/^    \(.*[^ ]\)$/\1/p' "$readme" >"$work/commands"
sed -n 's/^cmd //p' "$work/table" >"$work/table-commands"
total=$(wc -l <"$work/commands")
tap_plan $((total + 1))
if cmp -s "$work/commands" "$work/table-commands"; then
	tap_ok "the table covers the README's $total commands, in order"
else
	tap_not_ok "the README's commands differ from the table"
	diff -u "$work/table-commands" "$work/commands" | tap_diag
fi

# Run the command in $cmd; every line of $work/wants must be in its output.
run_command()
{
	(cd "$work/run" && env -i PATH="$work/bin:$PATH" HOME="$work" \
		KBROWSE_NO_CACHE=1 sh -c "$cmd") </dev/null >"$work/out" 2>&1
	status=$?
	missing=
	while IFS= read -r want; do
		grep -Eq -- "$want" "$work/out" || missing="$missing [$want]"
	done <"$work/wants"
	if [ $status -eq 0 ] && [ -z "$missing" ]; then
		tap_ok "$cmd"
	else
		tap_not_ok "$cmd (exit $status; missing:$missing)"
		head -n 15 "$work/out" | tap_diag
	fi
}

cmd=
while IFS= read -r line; do
	case $line in
	cmd\ *)
		[ -n "$cmd" ] && run_command
		cmd=${line#cmd }
		: >"$work/wants"
		;;
	want\ *)
		printf '%s\n' "${line#want }" >>"$work/wants"
		;;
	esac
done <"$work/table"
run_command
