#!/bin/sh
# Inputs that must end in a clear error, quickly and in little memory,
# never in a signal or a hang (TAP):
#  - `source` of /dev/zero, /dev/urandom, a FIFO, a directory, a file
#    over the 16 MB limit;
#  - KCONFIG_CONFIG, --defconfig and KCONFIG_ALLCONFIG naming /dev/zero,
#    a FIFO, a directory, a file over the 64 MB limit;
#  - dependency chains of 100,000 links under the default 8 MB stack;
#  - int and hex chains of 40,000 links through range bounds and
#    defaults: the values the kernel's conf gives (compared with conf
#    itself when tests/kernel/lib.sh has built it);
#  - explain --to on a member of a 100,000-member choice (linear), and a
#    plan candidate the model refutes (the next is tried);
#  - dump, conf and explain on a symbol defined 20,000 times; diff of
#    200,000 unknown names and of 200,000 overrides, and its limit of
#    500,000 lines; 5,000,000 junk lines warned by conf and explain.
# Nothing is written to the source tree.
: "${KBROWSE:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"
LC_ALL=C
export LC_ALL
work=$(mktemp -d /tmp/kbrowse-golden-limits.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99

# run EXPECTED-STATUS PATTERN-IN-STDERR DESCRIPTION COMMAND...: within
# 10 s of CPU time (a loop; the wall clock allows 120 s, for a read that
# blocks: a loaded machine is not a hang), the status and the message;
# for an error, under 100 MB of peak memory (when /usr/bin/time can say).
# Under ASan the peak is its shadow and quarantine, not kbrowse's: the
# plain build's run of this script is the one that measures memory.
if kbrowse_sanitized; then
	timer=
elif /usr/bin/time -f %M true >/dev/null 2>&1; then
	timer="/usr/bin/time -o rss -f %M"
else
	timer=
fi
run()
{
	want=$1 pattern=$2 what=$3
	shift 3
	echo 0 > rss
	# shellcheck disable=SC3045,SC2086 # dash has ulimit -s, -t; $timer: words
	(ulimit -s 8192; ulimit -t 10; exec timeout 120 $timer "$@") >out 2>err </dev/null
	status=$?
	rss=$(tail -n 1 rss)
	if [ "$status" != "$want" ]; then
		echo "# status $status, wanted $want"
		tap_result 1 "$what" err
	elif [ -n "$pattern" ] && ! grep -q -- "$pattern" err; then
		echo "# wanted /$pattern/ on stderr"
		tap_result 1 "$what" err
	elif [ "$want" != 0 ] && [ "${rss:-0}" -gt 100000 ] 2>/dev/null; then
		echo "# peak memory $rss KB"
		tap_result 1 "$what" err
	else
		tap_result 0 "$what" err
	fi
}

# bounded_rss KB DESCRIPTION: the last run's peak memory under KB
# (skipped where it is not measured).
bounded_rss()
{
	if [ -z "$timer" ]; then
		tap_skip "$2" "no peak memory measured (no /usr/bin/time, or a sanitizer build)"
	elif [ "${rss:-0}" -le "$1" ] 2>/dev/null; then
		tap_result 0 "$2 (peak $rss KB)" err
	else
		echo "# peak memory $rss KB"
		tap_result 1 "$2 (peak $rss KB)" err
	fi
}

mkfifo fifo || exit 99
mkdir dir
: > empty
truncate -s 17M big-kconfig || exit 99
truncate -s 65M big-config || exit 99

for target in /dev/zero /dev/urandom fifo dir big-kconfig; do
	case $target in
	dir) why='Is a directory' ;;
	big-kconfig) why='larger than 16 MB, the limit for a Kconfig file' ;;
	*) why='not a regular file' ;;
	esac
	printf 'config A\n\tbool "a"\nsource "%s"\n' "$target" > Kconfig
	run 1 "Kconfig:3:1: error: can't open file \"$target\": $why" \
		"source \"$target\": an error at the source line" "$KBROWSE" dump
done

printf 'config A\n\tbool "a"\n\tdefault y\n' > Kconfig
for target in /dev/zero fifo dir big-config; do
	case $target in
	dir) why='Is a directory' ;;
	big-config) why='larger than 64 MB, the limit for a .config' ;;
	*) why='not a regular file' ;;
	esac
	run 1 "kbrowse: $target: $why" "KCONFIG_CONFIG=$target: explain refuses" \
		env KCONFIG_CONFIG="$target" "$KBROWSE" explain A
	run 1 "$target: $why" "KCONFIG_CONFIG=$target: conf --olddefconfig refuses" \
		env KCONFIG_CONFIG="$target" "$KBROWSE" conf --olddefconfig
	run 1 "$target: $why" "--defconfig=$target refuses" \
		env KCONFIG_CONFIG=out.config "$KBROWSE" conf --defconfig="$target"
	run 1 "$target: $why" "KCONFIG_ALLCONFIG=$target refuses" \
		env KCONFIG_CONFIG=out.config KCONFIG_ALLCONFIG="$target" \
		"$KBROWSE" conf --allnoconfig
done
if [ -e .config ] || [ -e out.config ]; then
	tap_result 1 "nothing written after the errors" err
else
	tap_result 0 "nothing written after the errors" err
fi

# A missing .config is no error: defaults, as conf.
run 0 '' "KCONFIG_CONFIG naming no file: defaults" \
	env KCONFIG_CONFIG=missing.config "$KBROWSE" explain A

# Chains of 100,000 links: the far end's value, no signal.
links=100000
awk -v n=$links 'BEGIN {
	for (i = 1; i <= n; i++)
		printf "config S%d\n\tbool \"s\"\n\tdefault y\n\tdepends on S%d\n", i, i + 1
	printf "config S%d\n\tbool \"s\"\n\tdefault y\n", n + 1
}' > depends.kconfig
awk -v n=$links 'BEGIN {
	printf "config S1\n\tbool\n"
	for (i = 1; i <= n; i++)
		printf "config S%d\n\tbool\n\tselect S%d\n", i + 1, i
	printf "config S%d\n\tbool \"s\"\n\tdefault y\n", n + 1
}' > select.kconfig
for shape in depends select; do
	mkdir "$shape" && mv "$shape.kconfig" "$shape/Kconfig"
	# conf writes the build files (a file per symbol) only when there is
	# no auto.conf yet: 100,000 files are not what is tested here.
	mkdir -p "$shape/include/config" && : > "$shape/include/config/auto.conf"
	run 0 '' "$links-link $shape chain: conf --olddefconfig" \
		env -C "$shape" "$KBROWSE" conf --olddefconfig
	if [ "$(grep -c '=y$' "$shape/.config")" = $((links + 1)) ]; then
		tap_result 0 "$links-link $shape chain: every link is y" err
	else
		tap_result 1 "$links-link $shape chain: every link is y" err
	fi
	run 0 '' "$links-link $shape chain: explain S1" \
		env -C "$shape" "$KBROWSE" explain S1
	if grep -q '^S1 = y' out; then
		tap_result 0 "$links-link $shape chain: S1 = y" err
	else
		tap_result 1 "$links-link $shape chain: S1 = y" err
	fi
done

# Chains through range bounds (which the loop check, as the kernel's,
# does not follow) and defaults: every link gets the root's value, as
# conf gives; the same bytes as conf's .config when conf is here (it
# copes up to about 60,000 links).
conf=${KBROWSE_KERNEL_CACHE:-/var/cache/kbrowse}/obj-conf/scripts/kconfig/conf
links=40000
for shape in range-min range-max hex range-default; do
	awk -v n=$links -v shape=$shape 'BEGIN {
		type = shape == "hex" ? "hex" : "int"
		for (i = 1; i <= n; i++) {
			printf "config S%d\n\t%s \"s\"\n", i, type
			if (shape == "range-min")
				printf "\trange 0 S%d\n\tdefault 1000000\n", i + 1
			if (shape == "range-max")
				printf "\trange S%d 1000000\n\tdefault 1\n", i + 1
			if (shape == "hex")
				printf "\trange 0x0 S%d\n\tdefault 0x100000\n", i + 1
			if (shape == "range-default")
				printf "\trange 0 S%d\n\tdefault S%d\n", i + 1, i + 1
		}
		printf "config S%d\n\t%s \"s\"\n\tdefault %s\n", n + 1, type,
			type == "hex" ? "0x2a" : "42"
	}' > chain.kconfig
	mkdir "$shape" && mv chain.kconfig "$shape/Kconfig" &&
		mkdir -p "$shape/include/config" && : > "$shape/include/config/auto.conf"
	value=42
	[ $shape = hex ] && value=0x2a
	run 0 '' "$links-link $shape chain: conf --olddefconfig" \
		env -C "$shape" "$KBROWSE" conf --olddefconfig
	if [ "$(grep -c "=$value\$" "$shape/.config")" = $((links + 1)) ]; then
		tap_result 0 "$links-link $shape chain: every link is $value" err
	else
		tap_result 1 "$links-link $shape chain: every link is $value" err
	fi
	run 0 '' "$links-link $shape chain: explain S1" \
		env -C "$shape" "$KBROWSE" explain S1
	grep -q "^S1 = $value\$" out
	tap_result $? "$links-link $shape chain: explain says S1 = $value" err
	if [ -x "$conf" ]; then
		(cd "$shape" && KCONFIG_CONFIG=conf.config "$conf" --olddefconfig Kconfig \
			>/dev/null 2>&1)
		cmp -s "$shape/conf.config" "$shape/.config"
		tap_result $? "$links-link $shape chain: the same .config as conf's" err
	elif [ -n "${KBROWSE_REQUIRE_LINUX_SRC:-}" ]; then
		# tests/run-all.sh built conf before make check: it must be there.
		tap_not_ok "$links-link $shape chain: no conf at $conf"
	else
		tap_skip "$links-link $shape chain" "no conf at $conf (tests/run-all.sh builds it)"
	fi
done

# Macro blow-ups: an expansion over its 16 MiB stops the tree and
# assigns nothing (a doubling += went on to 2 GB); expansions each under
# it stop at the tree's 64 MiB in all (60 copies of 16 MiB made 1 GB).
mkdir macro && cd macro || exit 99
awk 'BEGIN { print "a := x"; for (i = 0; i < 40; i++) print "a += $(a)$(a)"
	print "config A\n\tbool \"a\"" }' > Kconfig
run 1 'Kconfig:1[0-9]:1: error: macro expansion too large (over 16 MiB)' \
	"a doubling += chain: one error, bounded" "$KBROWSE" dump
awk 'BEGIN { print "a0 := xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	for (i = 1; i <= 40; i++) printf "a%d := $(a%d)$(a%d)\n", i, i - 1, i - 1
	print "config A\n\tbool \"a\"" }' > Kconfig
run 1 'Kconfig:2[01]:[0-9]*: error: macro expansion too large (over 16 MiB)' \
	"40 chained := doublings: one error, bounded" "$KBROWSE" dump
awk 'BEGIN { print "a0 := xxxxxxxxxxxxxxxx"
	for (i = 1; i <= 20; i++) printf "a%d := $(a%d)$(a%d)\n", i, i - 1, i - 1
	for (i = 0; i < 1500; i++) printf "b%d := $(a20)\n", i
	print "config A\n\tbool \"a\"" }' > Kconfig
run 1 'error: macro expansions of this tree exceed 64 MiB in all' \
	"1500 copies of a 16 MiB value: the tree's budget" "$KBROWSE" dump
cd .. || exit 99

# A .config of 1,000,000 warnings: each printed as conf prints it, but
# not all kept (a 60 MB one took 2.4 GB); under 100 MB.  Printing them
# takes a while on a loaded machine: the time is not what is tested.
printf 'config A\n\tbool "a"\n' > Kconfig
awk 'BEGIN { for (i = 0; i < 1000000; i++) print "CONFIG_A=y" }' > dup.config
echo 0 > rss
# shellcheck disable=SC2086 # $timer: words
(exec timeout 300 $timer env KCONFIG_CONFIG=dup.config "$KBROWSE" conf \
	--olddefconfig) >out 2>err </dev/null
tap_result $? "a .config assigning one symbol 1,000,000 times" err
rss=$(tail -n 1 rss)
[ "$(grep -c 'warning: override: reassigning to symbol A' err)" = 999999 ]
tap_result $? "... every override warned, as conf does" err
if [ -n "$timer" ]; then
	[ "${rss:-0}" -le 100000 ] 2>/dev/null
	tap_result $? "... in under 100 MB (peak $rss KB)" err
else
	tap_skip "... in under 100 MB" "no peak memory measured (no /usr/bin/time, or a sanitizer build)"
fi

# One symbol defined 20,000 times: each entry walks its own lines only
# (dump took 30 s).
awk 'BEGIN { for (i = 0; i < 20000; i++)
	printf "config A\n\tbool \"a %d\"\n\tdefault y if B\n", i
	print "config B\n\tbool" }' > Kconfig
run 0 '' "a symbol defined 20,000 times: dump" "$KBROWSE" dump
run 0 '' "a symbol defined 20,000 times: conf --olddefconfig" \
	env KCONFIG_CONFIG=redef.config "$KBROWSE" conf --olddefconfig

# explain on it: each cause is marked, not looked for in the list of
# the others, and each definition finds its own properties (the same
# tree took 13 s; 100,000 definitions took 170 s).
run 0 '' "a symbol defined 20,000 times: explain" "$KBROWSE" explain A
grep -q '^A = ' out
tap_result $? "... explain gives its value" err

# diff of two files of 200,000 names this tree lacks: hashed, not a
# list searched per line (40,000 took 3.5 s), each listed, in little
# memory (no copy of each location printed).
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "CONFIG_GONE_%d=y\n", i }' > old.config
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "CONFIG_GONE_%d=m\n", i }' > new.config
run 0 '' "diff of 200,000 unknown names" "$KBROWSE" diff old.config new.config
[ "$(grep -c '^  GONE_[0-9]*  (old: y at old.config:[0-9]*, not defined' out)" = 200000 ]
tap_result $? "... each of them listed" err
bounded_rss 100000 "... in under 100 MB"
# The same lines assigning one symbol: 199,999 overrides warned as they
# come, none kept.
sed 's/GONE_[0-9]*/A/' old.config > old-a.config
sed 's/GONE_[0-9]*/A/; s/=m/=n/' new.config > new-a.config
run 0 '' "diff of 200,000 assignments of one symbol" "$KBROWSE" diff old-a.config new-a.config
[ "$(grep -c 'warning: override: reassigning to symbol A' err)" = 399998 ] &&
	grep -q '^A  y -> n' out
tap_result $? "... every override warned, A y -> n" err
bounded_rss 60000 "... in under 60 MB"

# The limit of a diff: 500,000 lines of a file.
awk 'BEGIN { for (i = 0; i <= 500000; i++) printf "CONFIG_GONE_%d=y\n", i }' > huge.config
run 1 'kbrowse: diff: huge.config: more than 500000 lines, the limit for a diff' \
	"diff of a file over 500,000 lines: refused" "$KBROWSE" diff huge.config new.config
run 1 'kbrowse: diff: big-config: larger than 64 MB, the limit for a .config' \
	"diff of a file over 64 MB: refused" "$KBROWSE" diff big-config new.config

# 10 MB of lines that are no assignment: each warned as conf warns, in
# blocks (a write each took minutes for 60 MB), none of them kept.
awk 'BEGIN { for (i = 0; i < 5000000; i++) print "x" }' > junk.config
cp junk.config junk-conf.config
run 0 '' "5,000,000 lines of junk: conf --olddefconfig" \
	env KCONFIG_CONFIG=junk-conf.config "$KBROWSE" conf --olddefconfig
[ "$(grep -c '^junk-conf.config:[0-9]*:warning: unexpected data: x$' err)" = 5000000 ]
tap_result $? "... every line warned, as conf does" err
bounded_rss 100000 "... in under 100 MB"
run 0 '' "5,000,000 lines of junk: explain" \
	env KCONFIG_CONFIG=junk.config "$KBROWSE" explain A
[ "$(grep -c 'warning: unexpected data: x$' err)" = 5000000 ]
tap_result $? "... every line warned" err
bounded_rss 100000 "... in under 100 MB"

# A choice of 100,000 members: planning for one of them grows with the
# members, not their square (12,000 took 4.3 s, 100,000 did not finish);
# the plan is the one change conf would need.
mkdir choice && cd choice || exit 99
awk 'BEGIN { print "choice\n\tprompt \"c\""
	for (i = 0; i < 100000; i++) printf "config M%d\n\tbool \"m%d\"\n", i, i
	print "endchoice" }' > Kconfig
run 0 '' "a 100,000-member choice: explain --to y of its last member" \
	"$KBROWSE" explain --no-help --to y M99999
grep -q '^To make M99999 y (now n): 1 change' out &&
	grep -q '^  choose M99999 in its choice' out &&
	grep -q 'M99999 becomes y\.$' out && grep -q '^  M0  *y -> n$' out
tap_result $? "... one step: choose M99999; M0 goes from y to n" err
bounded_rss 200000 "... in under 200 MB"
cd .. || exit 99

# A candidate the model refutes (the encoding leaves out defaults past
# the 256th) is excluded and the next tried: reading the solver's answer
# while excluding it aborted in PicoSAT.
mkdir refuted && cd refuted || exit 99
awk 'BEGIN { for (i = 0; i < 257; i++) printf "config A%d\n\tbool \"a%d\"\n", i, i
	print "config G\n\tbool"
	for (i = 0; i < 257; i++) printf "\tdefault n if A%d\n", i
	print "\tdefault y" }' > Kconfig
run 0 '' "a refuted candidate: explain --to n goes on to the next" \
	"$KBROWSE" explain --no-help --to n G
grep -q '^To make G n (now y): 1 change' out && grep -q 'G becomes n\.$' out
tap_result $? "... and finds a plan of one change" err
cd .. || exit 99

tap_done
