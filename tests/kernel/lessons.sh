#!/usr/bin/env bash
# Every claim of `kbrowse learn` against the kernel's own conf (Linux 6.12).
#
# The lessons' fixtures are .config files in the teaching tree,
# examples/lessons/NN-LESSON[-CASE].config; a lesson that states a value
# names the fixture that shows it.  A fixture's comment lines say what
# to do and what must come out (conf ignores them):
#   # expect SYM=VALUE      conf's .config gives SYM that value (n: no
#                           line, or "# CONFIG_SYM is not set")
#   # edit FILE: OLD => NEW the fixture runs on a copy of the tree with
#                           OLD replaced by NEW in FILE
#   # mode MODE             run conf with MODE (default --olddefconfig)
#   # autoconf LINE         include/generated/autoconf.h has LINE (MODE
#                           --syncconfig: conf alone, kbrowse writes no
#                           build files; kbrowse then runs --olddefconfig)
# For each fixture, in an empty directory with the fixture as .config,
# the kernel's conf and `kbrowse conf` run the same mode on the same
# tree: they must write the same .config, print the same (listnewconfig)
# and write the same defconfig (savedefconfig); every expectation must
# hold in conf's output.  Each lesson of `kbrowse learn list` has a main
# fixture NN-NAME.config, its exercise done: `learn check` must say "Not
# yet" with an empty .config and "Done" with the fixture.  So no lesson
# depends on what an earlier one left behind.
#
# usage: lessons.sh [OPTIONS] [KBROWSE]        (default: $KBROWSE)
# Takes the arguments run.sh gives every kernel script (they change
# nothing here).  Prints "ok"/"not ok" lines and "N passed, N failed".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

kbrowse=$(kernel_kbrowse_arg "$0" "$@") || exit 2
examples=$(cd "$here/../../examples" && pwd)
conf=$(kernel_conf) || { echo "SKIP: the kernel's conf cannot be built"; echo "0 passed, 0 failed"; exit 0; }

work=$(mktemp -d /tmp/kbrowse-lessons.XXXXXX) || exit 1
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

# directive FILE WORD: the text after "# WORD " on each such line
directive()
{
	sed -n "s/^# $2 //p" "$1"
}

# value_in CONFIG SYM: the value a .config gives SYM ("n" when none)
value_in()
{
	local line
	line=$(grep -E "^CONFIG_$2=" "$1" | tail -n 1)
	if [ -z "$line" ]; then
		echo n
		return
	fi
	line=${line#CONFIG_"$2"=}
	line=${line#\"}
	echo "${line%\"}"
}

# A tree for the fixture: examples/ itself, or a copy with its edits.
tree_for()
{
	local fixture=$1 dir=$2 edit file old new
	if ! grep -q '^# edit ' "$fixture"; then
		echo "$examples"
		return
	fi
	cp -r "$examples" "$dir/tree"
	while IFS= read -r edit; do
		file=${edit%%: *}
		old=${edit#*: }
		new=${old#* => }
		old=${old%% => *}
		python3 - "$dir/tree/$file" "$old" "$new" <<'EOF' || return 1
import sys
path, old, new = sys.argv[1:]
text = open(path, encoding="utf-8").read()
if old not in text:
    sys.exit(f"{path}: no '{old}' to edit")
open(path, "w", encoding="utf-8").write(text.replace(old, new, 1))
EOF
	done < <(directive "$fixture" edit)
	echo "$dir/tree"
}

run_fixture()
{
	local fixture=$1 name dir tree mode kbmode rc1 rc2 expect sym want got line
	name=$(basename "$fixture" .config)
	dir=$work/$name
	mkdir -p "$dir/conf" "$dir/kb"
	tree=$(tree_for "$fixture" "$dir") || { check 1 "$name: the tree edits apply"; return; }
	mode=$(directive "$fixture" mode)
	mode=${mode:---olddefconfig}
	kbmode=$mode
	[ "$mode" = --syncconfig ] && kbmode=--olddefconfig
	cp "$fixture" "$dir/conf/.config"
	cp "$fixture" "$dir/kb/.config"
	(cd "$dir/conf" && env -i PATH="$PATH" srctree="$tree" "$conf" "$mode" Kconfig \
		>"$dir/conf.out" 2>"$dir/conf.err")
	rc1=$?
	(cd "$dir/kb" && env -i PATH="$PATH" srctree="$tree" KBROWSE_NO_CACHE=1 \
		"$kbrowse" conf "$kbmode" Kconfig >"$dir/kb.out" 2>"$dir/kb.err")
	rc2=$?
	[ $rc1 -eq 0 ] && [ $rc2 -eq 0 ]
	check $? "$name: conf $mode and kbrowse conf $kbmode succeed (exit $rc1, $rc2)"
	[ $rc1 -eq 0 ] || sed 's/^/# conf: /' "$dir/conf.err" | head -n 5
	[ $rc2 -eq 0 ] || sed 's/^/# kbrowse: /' "$dir/kb.err" | head -n 5
	cmp -s "$dir/conf/.config" "$dir/kb/.config"
	check $? "$name: kbrowse writes the .config conf writes"
	diff "$dir/conf/.config" "$dir/kb/.config" | head -n 10 | sed 's/^/# /'
	if [ "$mode" = --listnewconfig ]; then
		cmp -s "$dir/conf.out" "$dir/kb.out"
		check $? "$name: kbrowse lists what conf lists ($(wc -l <"$dir/conf.out") lines)"
	fi
	if [ -f "$dir/conf/defconfig" ]; then
		cmp -s "$dir/conf/defconfig" "$dir/kb/defconfig"
		check $? "$name: kbrowse's defconfig is conf's: $(grep -c . "$dir/conf/defconfig") lines"
	fi
	while IFS= read -r expect; do
		sym=${expect%%=*}
		want=${expect#*=}
		got=$(value_in "$dir/conf/.config" "$sym")
		[ "$got" = "$want" ]
		check $? "$name: conf gives $sym=$want (got $got)"
	done < <(directive "$fixture" expect)
	while IFS= read -r line; do
		grep -qxF "$line" "$dir/conf/include/generated/autoconf.h" 2>/dev/null
		check $? "$name: conf's autoconf.h has '$line'"
	done < <(directive "$fixture" autoconf)
}

for fixture in "$examples"/lessons/*.config; do
	run_fixture "$fixture"
done

# Each lesson's exercise: not done from an empty .config, done with its
# main fixture, whatever the lessons before it did.
mkdir -p "$work/learn"
env -i PATH="$PATH" srctree="$examples" "$kbrowse" learn list >"$work/list" 2>"$work/list.err"
check $? "kbrowse learn list"
count=0
while read -r number name _; do
	number=${number%.}
	count=$((count + 1))
	# Its tree is the student's own and needs Linux 6.18's transitional,
	# which 6.12's conf lacks (tests/golden/learn.sh and
	# tests/dialects/mainline.sh check it).
	[ "$name" = renames ] && continue
	fixture=$(printf '%s/lessons/%02d-%s.config' "$examples" "$number" "$name")
	[ -f "$fixture" ]
	check $? "lesson $number, $name: has its fixture $(basename "$fixture")"
	[ -f "$fixture" ] || continue
	dir=$work/learn/$number
	mkdir -p "$dir"
	tree=$(tree_for "$fixture" "$dir") || continue
	: >"$dir/.config"
	(cd "$dir" && env -i PATH="$PATH" srctree="$examples" KBROWSE_NO_CACHE=1 \
		"$kbrowse" learn goto "$number" >/dev/null 2>&1 &&
		env -i PATH="$PATH" srctree="$examples" KBROWSE_NO_CACHE=1 \
			"$kbrowse" learn check >"$dir/before" 2>&1)
	[ $? -eq 1 ] && grep -q "^Not yet: lesson $number," "$dir/before"
	rc=$?
	check $rc "lesson $number, $name: not done with an empty .config and the tree as written"
	[ $rc -eq 0 ] || sed 's/^/# /' "$dir/before" | head -n 6
	cp "$fixture" "$dir/.config"
	(cd "$dir" && env -i PATH="$PATH" srctree="$tree" KBROWSE_NO_CACHE=1 \
		"$kbrowse" learn check >"$dir/after" 2>&1)
	rc=$?
	[ $rc -eq 0 ] && grep -q "^Done: lesson $number," "$dir/after"
	check $? "lesson $number, $name: done with its fixture"
	[ $rc -eq 0 ] || sed 's/^/# /' "$dir/after" | head -n 8
done < <(sed 's/^[>x ]//' "$work/list")
[ "$count" -ge 12 ]
check $? "every lesson has been run ($count)"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
