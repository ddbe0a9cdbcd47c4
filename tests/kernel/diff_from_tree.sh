#!/usr/bin/env bash
# `kbrowse diff --from-tree` from Linux 6.1 to 6.12 (x86_64), against the
# kernels' own conf:
#   OLD.config: 6.1's conf --defconfig=arch/x86/configs/x86_64_defconfig
#   the oracle: 6.12's conf --olddefconfig on a copy of OLD.config
# Checks that `kbrowse diff --json --from-tree 6.1-TREE OLD.config`, run
# in the 6.12 tree, lists exactly the symbols whose lines differ between
# OLD.config and the .config 6.12's conf writes (a plain line-by-line
# comparison), each with the value of each file, a reason on both sides
# and a deciding line (file:line) on every side that writes the symbol;
# that each root is a new, removed or changed option (no user change:
# both trees read the same file); that some removed options get a likely
# new name from the new tree; that the text form says the same in its
# summary; and the exit status for an old tree that is not there.
#
# usage: diff_from_tree.sh [OPTIONS] [KBROWSE]        (default: $KBROWSE)
# Takes the arguments run.sh gives every kernel script; the options change
# nothing here.  Needs both trees (Debian's linux-source-6.1 and 6.12).
# Prints "ok"/"not ok" lines and "N passed, N failed".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

kbrowse=$(kernel_kbrowse_arg "$0" "$@") || exit 2

work=$(mktemp -d /tmp/kbrowse-difftree.XXXXXX) || exit 1
trap 'rm -rf "$work"' EXIT

kernel_series_files 6.1 "$work" || { echo "diff_from_tree.sh: no Linux 6.1 tree" >&2; exit 1; }
kernel_series_files 6.12 "$work" || { echo "diff_from_tree.sh: no Linux 6.12 tree" >&2; exit 1; }
old_tree=$(cat "$work/tree-6.1")


# Run a command in DIR with the environment make gives conf in SERIES.
run_in()
{
	local series=$1 dir=$2
	shift 2
	local -a envargs
	mapfile -t envargs <"$work/env-$series"
	(cd "$dir" && env -i LANG=C PATH="$PATH" HOME="${HOME:-/}" "${envargs[@]}" "$@")
}

mkdir -p "$work/old" "$work/new"
run_in 6.1 "$work/old" "$(cat "$work/conf-6.1")" -s \
	--defconfig=arch/x86/configs/x86_64_defconfig Kconfig >"$work/conf.out" 2>&1
tap_result $? "6.1's conf --defconfig=arch/x86/configs/x86_64_defconfig"
cp "$work/old/.config" "$work/old.config"
cp "$work/old.config" "$work/new/.config"
run_in 6.12 "$work/new" "$(cat "$work/conf-6.12")" -s --olddefconfig Kconfig \
	>>"$work/conf.out" 2>&1
tap_result $? "6.12's conf --olddefconfig on it"

cat >"$work/check.py" <<'PY'
import json, sys
from dotconfig import check_sides, diff_nodes, differing, print_problems, values

json_path, old_path, new_path = sys.argv[1:4]

old, new = values(old_path), values(new_path)
differ = differing(old, new)
d = json.load(open(json_path, encoding="utf-8"))
full, refs, problems = diff_nodes(d)

kinds = {}
for root in d["roots"]:
    kinds[root["root"]] = kinds.get(root["root"], 0) + 1
print("kinds " + " ".join(f"{k}={v}" for k, v in sorted(kinds.items())))
print(f"user_roots {kinds.get('user', 0)}")
print(f"differ {len(differ)}")
print(f"listed {len(full)}")
print(f"roots {d['root_changes']}")
print(f"followed {d['values_followed']}")
print(f"new {d['new_options']}")
print(f"removed {d['removed']}")
print(f"renamed {d['renamed']}")
missing = sorted(differ - set(full))
extra = sorted(set(full) - differ)
print(f"missing {len(missing)}")
print(f"extra {len(extra)}")
print(f"dangling {len(refs - set(full))}")
bad_value, bad_reason = check_sides(full, old, new, problems,
                                    unwritten_need_location=False)
for name, node in full.items():
    if node["root"] == "removed" and node["new"]["written"]:
        problems.append(f"{name}: removed, yet written")
        bad_value += 1
print(f"bad_values {bad_value}")
print(f"bad_reasons {bad_reason}")
renames = [f"{r['symbol']}->{r['renamed_to']}" for r in d["roots"]
           if r.get("renamed_to")]
print("renames " + " ".join(renames[:6]))
print_problems(missing, extra, old, new, problems)
PY

run_in 6.12 "$work/new" "$kbrowse" diff --json --from-tree "$old_tree" ../old.config \
	>"$work/diff.json" 2>"$work/diff.err"
rc=$?
tap_result $rc "kbrowse diff --json --from-tree 6.1 OLD.config exits 0 (exit $rc)"
sed 's/^/# /' "$work/diff.err" | head -n 10
PYTHONPATH=$here python3 "$work/check.py" "$work/diff.json" "$work/old.config" "$work/new/.config" \
	>"$work/diff.check"
tap_result $? "the JSON parses"
get() { sed -n "s/^$1 //p" "$work/diff.check"; }
sed -n 's/^# /# /p' "$work/diff.check"
echo "# $(get differ) symbols differ between OLD.config and 6.12's olddefconfig;" \
	"roots: $(get kinds)"
[ "$(get missing)" = 0 ] && [ "$(get extra)" = 0 ] && [ "$(get differ)" -gt 100 ]
tap_result $? "every symbol conf changes is listed, and no other ($(get missing) missing, $(get extra) extra of $(get differ))"
[ "$(get listed)" = $(($(get roots) + $(get followed))) ] && [ "$(get dangling)" = 0 ]
tap_result $? "$(get roots) roots and $(get followed) values followed, every reference shown in full"
[ "$(get bad_values)" = 0 ]
tap_result $? "old and new values are the files' ($(get bad_values) differ)"
[ "$(get bad_reasons)" = 0 ]
tap_result $? "a reason on both sides of each, with its line where written ($(get bad_reasons) without)"
[ "$(get user_roots)" = 0 ] && [ "$(get new)" -gt 0 ] && [ "$(get removed)" -gt 0 ]
tap_result $? "the roots are Kconfig changes: $(get new) new, $(get removed) removed, no user change"
[ "$(get renamed)" -gt 0 ] && get renames | grep -qw 'PAGE_TABLE_ISOLATION->MITIGATION_PAGE_TABLE_ISOLATION'
tap_result $? "likely new names for removed options ($(get renamed): $(get renames))"

run_in 6.12 "$work/new" "$kbrowse" diff --from-tree "$old_tree" ../old.config \
	>"$work/diff.txt" 2>/dev/null
rc=$?
summary="$(get roots) root changes, $(get followed) values followed ($(get new) new options, $(get removed) removed, $(get renamed) likely renamed)"
[ $rc -eq 0 ] && [ "$(sed -n 2p "$work/diff.txt")" = "$summary" ] &&
	grep -q '^PAGE_TABLE_ISOLATION  y -> -   (not in the new tree; was .*)  \[removed; likely renamed to MITIGATION_PAGE_TABLE_ISOLATION: the same prompt\]$' "$work/diff.txt"
tap_result $? "text: the summary line and a renamed option ($(sed -n 2p "$work/diff.txt"))"

run_in 6.12 "$work/new" "$kbrowse" diff --from-tree "$work/no-such-tree" ../old.config \
	>/dev/null 2>&1
rc=$?
[ $rc -eq 1 ]
tap_result $? "an old tree that is not there: exit 1 (exit $rc)"

tap_summary
