#!/usr/bin/env bash
# conf's line-oriented modes and --syncconfig on Linux 6.12 (x86_64),
# kbrowse against the tree's own conf, each pair run side by side in the
# environment make gives conf:
#   syncconfig        on x86_64_defconfig's .config, no object tree yet:
#                     include/config/auto.conf, auto.conf.cmd,
#                     include/generated/autoconf.h and rustc_cfg, the
#                     include/config/* markers, .config, stdout, stderr
#   syncconfig-again  after .config changed (a value, a new symbol asked
#                     with no input left, and an old auto.conf naming a
#                     symbol the tree lacks): the same, and which markers
#                     were touched
#   nosilentupdate    KCONFIG_NOSILENTUPDATE on a .config that needs an
#                     update (refused, status 1), and on one that does
#                     not, with KCONFIG_AUTOCONFIG, KCONFIG_AUTOHEADER and
#                     KCONFIG_RUSTCCFG naming other files
#   oldconfig-enter   6.1's x86_64_defconfig .config (written by 6.1's
#                     conf) taken to 6.12, Enter for every question
#   oldconfig-mixed   the same with y, n, m, ?, numbers, invalid answers,
#                     then the end of the input
#   oldaskconfig-s    -s --oldaskconfig with those answers
# stdout and the files must be byte-identical, and the exit status the
# same.
#
# usage: conf_modes.sh [OPTIONS] [KBROWSE]        (default: $KBROWSE)
# Takes the arguments run.sh gives every kernel script; the options change
# nothing here.  Needs Linux 6.12, and 6.1 for the oldconfig cases (they
# are skipped without it).  Prints "ok"/"FAILED" lines and "N passed, N
# failed".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

kbrowse=$(kernel_kbrowse_arg "$0" "$@") || exit 2

work=$(mktemp -d /tmp/kbrowse-confmodes.XXXXXX) || exit 1
trap 'rm -rf "$work"' EXIT

kernel_series_files 6.12 "$work" >/dev/null 2>&1 || { echo "conf_modes.sh: no Linux 6.12 tree" >&2; exit 1; }
have_61=1
kernel_series_files 6.1 "$work" >/dev/null 2>&1 || have_61=

passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok      $1"; }
not_ok()
{
	failed=$((failed + 1))
	echo "FAILED  $1"
	[ -n "${2:-}" ] && sed 's/^/        /' "$2" | head -n 40
	return 0
}

# run_in SERIES DIR INPUT [ENV=VALUE...] -- COMMAND...: in DIR with the
# environment make gives conf, stdin from INPUT; status in DIR/rc.
run_in()
{
	local series=$1 dir=$2 input=$3
	shift 3
	local -a envargs extra=()
	mapfile -t envargs <"$work/env-$series"
	while [ "$1" != -- ]; do
		extra+=("$1")
		shift
	done
	shift
	(cd "$dir" && env -i LANG=C PATH="$PATH" HOME="${HOME:-/}" "${envargs[@]}" \
		"${extra[@]}" "$@" <"$input" >stdout 2>stderr
	echo $? >rc)
}

# pair NAME SERIES INPUT [ENV...] -- ARGS...: conf ARGS in $work/NAME.conf,
# kbrowse conf ARGS in $work/NAME.kb, both at once; each directory must
# have been prepared (a .config, an old object tree).
pair()
{
	local name=$1 series=$2 input=$3
	shift 3
	local -a envs=()
	while [ "$1" != -- ]; do
		envs+=("$1")
		shift
	done
	shift
	run_in "$series" "$work/$name.conf" "$input" "${envs[@]}" -- \
		"$(cat "$work/conf-$series")" "$@" Kconfig &
	# shellcheck disable=SC2031 # kbrowse is set once, before any subshell
	run_in "$series" "$work/$name.kb" "$input" "${envs[@]}" -- \
		"$kbrowse" conf "$@" Kconfig
	wait
}

# same NAME FILE...: the files (relative to each directory; "stdout",
# "stderr", "rc" too) and the list of files under include/ agree.
same()
{
	local name=$1 f bad=
	shift
	: >"$work/log"
	for f in "$@" rc; do
		if ! cmp -s "$work/$name.conf/$f" "$work/$name.kb/$f"; then
			bad=1
			{ echo "$f differs:"; diff "$work/$name.conf/$f" "$work/$name.kb/$f" | head -n 15; } >>"$work/log" 2>&1
		fi
	done
	for side in conf kb; do
		(cd "$work/$name.$side" && find include -print 2>/dev/null | LC_ALL=C sort) \
			>"$work/$name.$side.tree"
	done
	if ! cmp -s "$work/$name.conf.tree" "$work/$name.kb.tree"; then
		bad=1
		{ echo "files under include/ differ:"; diff "$work/$name.conf.tree" "$work/$name.kb.tree" | head -n 15; } >>"$work/log"
	fi
	if [ -z "$bad" ]; then
		ok "$name"
	else
		not_ok "$name" "$work/log"
	fi
}

# setup NAME FROM: both directories of NAME start as copies of FROM.
setup()
{
	rm -rf "$work/$1.conf" "$work/$1.kb"
	cp -a "$2" "$work/$1.conf"
	cp -a "$2" "$work/$1.kb"
}

build_files="include/config/auto.conf include/config/auto.conf.cmd
	include/generated/autoconf.h include/generated/rustc_cfg"

# The .config every case starts from, written by 6.12's conf.
mkdir -p "$work/defconfig"
run_in 6.12 "$work/defconfig" /dev/null -- "$(cat "$work/conf-6.12")" -s \
	--defconfig=arch/x86/configs/x86_64_defconfig Kconfig
rm -rf "$work/defconfig/include" "$work/defconfig/stdout" "$work/defconfig/stderr" \
	"$work/defconfig/rc"

# --- syncconfig -------------------------------------------------------------------
setup syncconfig "$work/defconfig"
pair syncconfig 6.12 /dev/null -- --syncconfig
# shellcheck disable=SC2086 # a list of names
same syncconfig .config stdout stderr $build_files

setup syncconfig-again "$work/syncconfig.conf"
for side in conf kb; do
	d=$work/syncconfig-again.$side
	rm -f "$d/stdout" "$d/stderr" "$d/rc"
	sed -i -e 's/^CONFIG_MEMCG=y/# CONFIG_MEMCG is not set/' -e '/^CONFIG_NET=y/d' \
		-e 's/^CONFIG_NR_CPUS=.*/CONFIG_NR_CPUS=128/' "$d/.config"
	echo CONFIG_GONE_SYMBOL=y >>"$d/include/config/auto.conf"
	find "$d" -type f -exec touch -d '-1 hour' {} +
	touch "$d/stamp"
done
pair syncconfig-again 6.12 /dev/null -- --syncconfig
for side in conf kb; do
	(cd "$work/syncconfig-again.$side" && find include -newer stamp -print | LC_ALL=C sort) \
		>"$work/syncconfig-again.$side/touched"
done
# shellcheck disable=SC2086 # a list of names
same syncconfig-again .config .config.old stdout stderr touched $build_files

setup nosilentupdate "$work/syncconfig.conf"
for side in conf kb; do
	sed -i -e '/^CONFIG_NET=y/d' "$work/nosilentupdate.$side/.config"
	cp "$work/nosilentupdate.$side/.config" "$work/nosilentupdate.$side/given"
done
pair nosilentupdate 6.12 /dev/null KCONFIG_NOSILENTUPDATE=1 -- --syncconfig
same nosilentupdate .config stdout stderr

setup nosilentupdate-unchanged "$work/defconfig"
pair nosilentupdate-unchanged 6.12 /dev/null KCONFIG_NOSILENTUPDATE=1 \
	KCONFIG_AUTOCONFIG=build/auto.conf KCONFIG_AUTOHEADER=build/autoconf.h \
	KCONFIG_RUSTCCFG=build/rustc_cfg -- --syncconfig
same nosilentupdate-unchanged .config stdout stderr build/auto.conf \
	build/auto.conf.cmd build/autoconf.h build/rustc_cfg

# --- the questions ------------------------------------------------------------------
if [ -z "$have_61" ]; then
	echo "SKIP    oldconfig cases: no Linux 6.1 tree (linux-source-6.1)"
else
	mkdir -p "$work/old"
	run_in 6.1 "$work/old" /dev/null -- "$(cat "$work/conf-6.1")" -s \
		--defconfig=arch/x86/configs/x86_64_defconfig Kconfig
	rm -f "$work/old/stdout" "$work/old/stderr" "$work/old/rc"
	yes '' 2>/dev/null | head -n 3000 >"$work/enter"
	# Every kind of answer, some invalid for the question they meet,
	# then the end of the input.
	python3 - "$work/mixed" <<'PY'
import itertools, sys
answers = ['y', 'n', 'm', '?', '2', 'xyz', '', 'yes', 'no', '1?', '  y  ',
           '0x10', '-5', 'abc', '3', 'Y', 'M', 'N', '100']
with open(sys.argv[1], 'w') as f:
    f.write('\n'.join(a for a, _ in zip(itertools.cycle(answers), range(140))) + '\n')
PY
	setup oldconfig-enter "$work/old"
	pair oldconfig-enter 6.12 "$work/enter" -- --oldconfig
	same oldconfig-enter .config stdout stderr

	setup oldconfig-mixed "$work/old"
	pair oldconfig-mixed 6.12 "$work/mixed" -- --oldconfig
	same oldconfig-mixed .config stdout stderr

	setup oldaskconfig-s "$work/old"
	pair oldaskconfig-s 6.12 "$work/mixed" -- -s --oldaskconfig
	same oldaskconfig-s .config stdout
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
