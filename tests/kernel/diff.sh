#!/usr/bin/env bash
# `kbrowse diff` on Linux 6.12 (x86_64) against files written by the
# kernel's own conf:
#   OLD: conf --defconfig=arch/x86/configs/x86_64_defconfig
#   NEW: OLD with CONFIG_NET=n, then conf --olddefconfig
# Checks that `kbrowse diff --json OLD NEW` names NET as the single root
# change and lists under it exactly the symbols whose lines differ between
# the two files (a plain line-by-line comparison), each with the value of
# each file and a deciding line (file:line) on both sides; that the text
# form says the same in its summary; that `diff --apply` of a fragment
# holding "# CONFIG_NET is not set" over OLD finds the same changes; and
# the exit statuses (0 with differences or none, 1 for a missing file,
# 2 for a usage error); and that ten edits by hand (WIREGUARD=m,
# LOCALVERSION_AUTO=n, LOCALVERSION="-nc test", NR_CPUS=128, KVM=m and five
# more), then conf --olddefconfig, give exactly those ten roots.
#
# usage: diff.sh [OPTIONS] [KBROWSE]        (default: $KBROWSE)
# Takes the arguments run.sh gives every kernel script; the options change
# nothing here.  Prints "ok"/"not ok" lines and "N passed, N failed".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

kernel_suite_start diff "$0" "$@"

mkdir -p "$work/old" "$work/new"
kernel_run_in "$work/old" x86_64 "$conf" -s --defconfig=arch/x86/configs/x86_64_defconfig Kconfig \
	>"$work/conf.out" 2>&1
tap_result $? "conf --defconfig=arch/x86/configs/x86_64_defconfig"
grep -qx 'CONFIG_NET=y' "$work/old/.config"
tap_result $? "the defconfig has CONFIG_NET=y"
sed 's/^CONFIG_NET=y$/# CONFIG_NET is not set/' "$work/old/.config" >"$work/new/.config"
kernel_run_in "$work/new" x86_64 "$conf" -s --olddefconfig Kconfig >>"$work/conf.out" 2>&1
tap_result $? "CONFIG_NET=n, then conf --olddefconfig"

cat >"$work/check.py" <<'EOF'
import json, sys
from dotconfig import check_sides, diff_nodes, differing, print_problems, values

mode, json_path, old_path, new_path = sys.argv[1:5]

old, new = values(old_path), values(new_path)
differ = differing(old, new)
d = json.load(open(json_path, encoding="utf-8"))
full, refs, problems = diff_nodes(d)

print("roots " + " ".join(r["symbol"] for r in d["roots"]))
print(f"root_kind {d['roots'][0]['root'] if d['roots'] else ''}")
print(f"differ {len(differ)}")
print(f"listed {len(full)}")
print(f"followed {d['values_followed']}")
missing = sorted(differ - set(full))
extra = sorted(set(full) - differ)
print(f"missing {len(missing)}")
print(f"extra {len(extra)}")
print(f"dangling {len(refs - set(full))}")
bad_value, bad_loc = check_sides(full, old, new, problems)
print(f"bad_values {bad_value}")
print(f"bad_locations {bad_loc}")
print(f"not_compared {len(d['not_compared'])}")
if mode == "apply":
    fates = {f["symbol"]: f["fate"] for f in d["fragment"]}
    print(f"fate_NET {fates.get('NET')}")
print_problems(missing, extra, old, new, problems)
EOF

# verify NAME JSON: the checks on one JSON answer
verify()
{
	local name=$1 json=$2 mode=$3
	PYTHONPATH=$here python3 "$work/check.py" "$mode" "$json" "$work/old/.config" "$work/new/.config" \
		>"$work/$name.check"
	tap_result $? "$name: the JSON parses"
	get() { sed -n "s/^$1 //p" "$work/$name.check"; }
	sed -n 's/^# /# /p' "$work/$name.check"
	echo "# $name: $(get differ) symbols differ between the files; roots: $(get roots)"
	[ "$(get roots)" = NET ] && [ "$(get root_kind)" = user ]
	tap_result $? "$name: NET is the single root change (roots: $(get roots))"
	[ "$(get missing)" = 0 ] && [ "$(get extra)" = 0 ] && [ "$(get differ)" -gt 100 ]
	tap_result $? "$name: every differing symbol is listed, and no other ($(get missing) missing, $(get extra) extra)"
	[ "$(get followed)" = $(($(get differ) - 1)) ] && [ "$(get dangling)" = 0 ]
	tap_result $? "$name: $(get followed) values followed from NET, every reference shown in full"
	[ "$(get bad_values)" = 0 ]
	tap_result $? "$name: old and new values are the files' ($(get bad_values) differ)"
	[ "$(get bad_locations)" = 0 ]
	tap_result $? "$name: a deciding line on both sides of each ($(get bad_locations) without)"
	if [ "$mode" = apply ]; then
		[ "$(get fate_NET)" = changes ]
		tap_result $? "$name: the fragment's NET line changes the value"
	else
		[ "$(get not_compared)" = 0 ]
		tap_result $? "$name: nothing left aside ($(get not_compared))"
	fi
}

kernel_run_in "$work/new" x86_64 "$kbrowse" diff --json ../old/.config .config \
	>"$work/diff.json" 2>"$work/diff.err"
rc=$?
tap_result $rc "kbrowse diff --json OLD NEW exits 0 (exit $rc)"
sed 's/^/# /' "$work/diff.err" | head -n 10
verify diff "$work/diff.json" diff

kernel_run_in "$work/new" x86_64 "$kbrowse" diff ../old/.config .config >"$work/diff.txt" 2>&1
rc=$?
differ=$(sed -n 's/^differ //p' "$work/diff.check")
[ $rc -eq 0 ] && [ "$(head -n 1 "$work/diff.txt")" = "1 root change, $((differ - 1)) values followed" ] &&
	grep -q '^NET  y -> n   (\.config:[0-9]* user value n; was user value y at \.\./old/\.config:[0-9]*)$' "$work/diff.txt"
tap_result $? "text: the summary line and the root's line ($(head -n 1 "$work/diff.txt"))"
grep -E '^  +NET_9P  ' "$work/diff.txt" | head -n 1 | sed 's/^/# /'

printf '# CONFIG_NET is not set\n' >"$work/no-net.config"
kernel_run_in "$work/old" x86_64 "$kbrowse" diff --json --apply ../no-net.config \
	>"$work/apply.json" 2>"$work/apply.err"
rc=$?
tap_result $rc "kbrowse diff --json --apply FRAGMENT (BASE: .config) exits 0 (exit $rc)"
verify apply "$work/apply.json" apply

kernel_run_in "$work/old" x86_64 "$kbrowse" diff .config .config >"$work/same.txt" 2>&1
rc=$?
[ $rc -eq 0 ] && [ "$(cat "$work/same.txt")" = "0 root changes, 0 values followed" ]
tap_result $? "the same file twice: no change, exit 0 (exit $rc)"
kernel_run_in "$work/old" x86_64 "$kbrowse" diff .config no-such.config >/dev/null 2>&1
rc=$?
[ $rc -eq 1 ]
tap_result $? "a missing file: exit 1 (exit $rc)"
kernel_run_in "$work/old" x86_64 "$kbrowse" diff .config >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ]
tap_result $? "one file only: exit 2 (exit $rc)"

# Ten edits a person makes by hand in the defconfig's .config, then
# conf --olddefconfig: each edit is one root, and what the edits bring
# with them (the symbols WIREGUARD selects, the prompts KVM makes visible
# and their defaults written back) follows its edit.
mkdir -p "$work/ten"
sed -e 's/^# CONFIG_WIREGUARD is not set$/CONFIG_WIREGUARD=m/' \
	-e 's/^CONFIG_LOCALVERSION_AUTO=y$/# CONFIG_LOCALVERSION_AUTO is not set/' \
	-e 's/^CONFIG_LOCALVERSION=""$/CONFIG_LOCALVERSION="-nc test"/' \
	-e 's/^CONFIG_NR_CPUS=.*/CONFIG_NR_CPUS=128/' \
	-e 's/^# CONFIG_KVM is not set$/CONFIG_KVM=m/' \
	-e 's/^CONFIG_E1000E=y$/CONFIG_E1000E=m/' \
	-e 's/^# CONFIG_BTRFS_FS is not set$/CONFIG_BTRFS_FS=m/' \
	-e 's/^# CONFIG_CAN is not set$/CONFIG_CAN=m/' \
	-e 's/^CONFIG_SOUND=y$/# CONFIG_SOUND is not set/' \
	-e 's/^# CONFIG_HZ_250 is not set$/CONFIG_HZ_250=y/' \
	-e 's/^CONFIG_HZ_1000=y$/# CONFIG_HZ_1000 is not set/' \
	"$work/old/.config" >"$work/ten/.config"
edits=$(diff "$work/old/.config" "$work/ten/.config" | grep -c '^>')
kernel_run_in "$work/ten" x86_64 "$conf" -s --olddefconfig Kconfig >>"$work/conf.out" 2>&1
tap_result $? "ten edits ($edits lines changed), then conf --olddefconfig"
kernel_run_in "$work/ten" x86_64 "$kbrowse" diff ../old/.config .config >"$work/ten.txt" 2>&1
rc=$?
roots=$(grep -E '^[A-Z0-9_]+  ' "$work/ten.txt" | cut -d' ' -f1 | tr '\n' ' ')
nroots=$(grep -cE '^[A-Z0-9_]+  ' "$work/ten.txt")
echo "# ten edits: $(head -n 1 "$work/ten.txt"): $roots"
[ $rc -eq 0 ] && [ "$edits" -eq 11 ] && [ "$nroots" -le 10 ] &&
	[ "$roots" = "LOCALVERSION LOCALVERSION_AUTO NR_CPUS HZ_250 KVM CAN WIREGUARD E1000E SOUND BTRFS_FS " ]
tap_result $? "ten edits: the ten edits are the roots, nothing else ($nroots roots)"
grep -q '^  CRYPTO_BLAKE2S_X86  n -> y   (drivers/net/Kconfig:[0-9]* selected by WIREGUARD \[=m\]' "$work/ten.txt" &&
	grep -q '^  KVM_SMM  - -> y ' "$work/ten.txt" &&
	grep -q '^  KVM_MAX_NR_VCPUS  - -> 1024 ' "$work/ten.txt"
tap_result $? "ten edits: what WIREGUARD selects and KVM's newly visible defaults follow them"
grep -q '^LOCALVERSION  "" -> "-nc test"   (\.config:[0-9]* user value "-nc test"; was user value "" at \.\./old/\.config:[0-9]*)$' "$work/ten.txt"
tap_result $? "ten edits: string user values quoted, the empty one too"

tap_summary
