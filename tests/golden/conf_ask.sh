#!/bin/sh
# conf's questions and --syncconfig on a small tree (conf_ask/tree),
# against what Linux 6.12's and 6.1's own conf printed and wrote for the
# same input (conf_ask/expected/SERIES-CASE.*, the tools' outputs, kept
# as facts so that no kernel tree is needed here).  Cases, for each
# series (6.12: --dialect linux-6.11; 6.1: linux-4.18, the choice rules
# before 6.11):
#   oldaskconfig   no .config; the answers in conf_ask/answers (y, ?, m,
#                  invalid ones, numbers, hex, a string, a choice's 2?,
#                  then 1s), then the end of the input
#   oldconfig      old.config, the same answers
#   syncconfig     old.config, no input: include/config/auto.conf and
#                  auto.conf.cmd, include/generated/autoconf.h and
#                  rustc_cfg, the markers under include/config
#   oldconfig-eof  (6.12) old.config, no input: an int without a value
#                  stops it (6.1's conf asks forever there)
# stdout, stderr, the exit status and every file written are compared
# byte for byte; on 6.1 only stdout, stderr, the status and .config:
# kbrowse writes the build files in 6.12's form and symbol order (a known
# difference).  TAP output.
#
# To write the expected files again from the kernels' conf:
#   conf_ask.sh --regenerate CONF_6_12 CONF_6_1
# (e.g. /var/cache/kbrowse/obj-conf/scripts/kconfig/conf and
# obj-conf-6.1/...; see tests/kernel/lib.sh's kernel_conf).
here=$(cd "$(dirname "$0")" && pwd)
data=$here/conf_ask
regen=
if [ "${1:-}" = --regenerate ]; then
	regen=1
	conf_612=${2:?usage: $0 --regenerate CONF_6_12 CONF_6_1}
	conf_61=${3:?usage: $0 --regenerate CONF_6_12 CONF_6_1}
else
	: "${KBROWSE:?}"
fi
work=$(mktemp -d /tmp/kbrowse-confask.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

cases="6.12:oldaskconfig 6.12:oldconfig 6.12:syncconfig 6.12:oldconfig-eof
6.1:oldaskconfig 6.1:oldconfig 6.1:syncconfig"
outputs="stdout stderr rc .config include/config/auto.conf
include/config/auto.conf.cmd include/generated/autoconf.h
include/generated/rustc_cfg markers"

# run SERIES CASE DIR: the tool (conf, or kbrowse by that series' rules)
# in DIR, as the kernel's conftest.py runs conf.
run()
{
	series=$1 case=$2 dir=$3
	mkdir -p "$dir"
	input=$data/answers
	case $case in
	oldaskconfig) ;;
	oldconfig) cp "$data/old.config" "$dir/.config" ;;
	*) cp "$data/old.config" "$dir/.config"; input=/dev/null ;;
	esac
	[ "$case" = syncconfig ] && echo CONFIG_DRV_COUNT=2 >>"$dir/.config"
	mode=--${case%-eof}
	if [ -n "$regen" ]; then
		if [ "$series" = 6.12 ]; then tool=$conf_612; else tool=$conf_61; fi
		set -- "$tool" "$mode" Kconfig
	else
		if [ "$series" = 6.12 ]; then dialect=linux-6.11; else dialect=linux-4.18; fi
		set -- "$KBROWSE" --dialect "$dialect" conf "$mode" Kconfig
	fi
	# A .config of its own for each series: the first line of the tree is
	# the same, only the rules differ.
	(cd "$dir" && env -i PATH="$PATH" LANG=C srctree="$data/tree" \
		KCONFIG_DEFCONFIG_LIST= timeout 60 "$@" <"$input" >stdout 2>stderr
	echo $? >rc)
	if [ -d "$dir/include/config" ]; then
		(cd "$dir/include/config" && find . -type f ! -name 'auto.conf*' |
			LC_ALL=C sort) >"$dir/markers"
	fi
}

if [ -n "$regen" ]; then
	mkdir -p "$data/expected"
	for c in $cases; do
		series=${c%%:*} case=${c#*:}
		run "$series" "$case" "$work/$series-$case"
		for f in $outputs; do
			name=$(echo "$f" | tr / _)
			[ -f "$work/$series-$case/$f" ] &&
				cp "$work/$series-$case/$f" "$data/expected/$series-$case.$name"
		done
	done
	exit 0
fi

total=0
for c in $cases; do total=$((total + 1)); done
echo "1..$total"
n=0
for c in $cases; do
	series=${c%%:*} case=${c#*:}
	dir=$work/$series-$case
	run "$series" "$case" "$dir"
	n=$((n + 1))
	bad=
	compared=$outputs
	[ "$series" = 6.1 ] && compared="stdout stderr rc .config"
	for f in $compared; do
		name=$(echo "$f" | tr / _)
		want=$data/expected/$series-$case.$name
		if [ -f "$want" ]; then
			cmp -s "$want" "$dir/$f" || bad="$bad $f"
		elif [ -f "$dir/$f" ]; then
			bad="$bad $f(not expected)"
		fi
	done
	if [ -z "$bad" ]; then
		echo "ok $n - $series $case"
	else
		echo "not ok $n - $series $case: differs:$bad"
		for f in $bad; do
			name=$(echo "${f%(*}" | tr / _)
			diff -u "$data/expected/$series-$case.$name" "$dir/${f%(*}" 2>&1 |
				head -n 20 | sed 's/^/# /'
		done
	fi
done
