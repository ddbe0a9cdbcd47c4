#!/usr/bin/env bash
# kbrowse merge on Linux 6.12 x86_64, against the kernel's own
# scripts/kconfig/merge_config.sh and conf:
#
#   - x86_64_defconfig with kernel/configs/kvm_guest.config, debug.config
#     and hardening.config: `kbrowse merge` writes the .config that
#     `merge_config.sh -m` followed by conf --olddefconfig writes, byte for
#     byte, with the same redefinition messages and conf's stderr; with
#     --alldefconfig, the one conf --alldefconfig writes with the merged
#     text as KCONFIG_ALLCONFIG (merge_config.sh without -m);
#   - a fragment asking for a value whose dependency is unmet, a symbol
#     that does not exist, and a value a later fragment replaces:
#     --strict exits 1, each line is reported with its reason and
#     file:line, and the plan given for the unmet one, handed to conf,
#     makes the value survive;
#   - explain, afterwards, names the fragment line that set a value and
#     the defconfig line it replaced (the sources file beside .config);
#   - a name 6.12 lacks: the likely new name (by 6.1's prompt with
#     --from-tree, else a close name).
#
# usage: merge.sh [KBROWSE]        (default: $KBROWSE)
# Prints "ok"/"not ok" lines and "N passed, N failed".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

kernel_suite_start merge "$0" "$@"
tree=$KERNEL_TREE
mkdir -p "$work"/{conf,kbrowse,alldef,alldef-conf,strict,confirm}
passed=0 failed=0

base=$tree/arch/x86/configs/x86_64_defconfig
frags=("$tree/kernel/configs/kvm_guest.config" "$tree/kernel/configs/debug.config"
	"$tree/kernel/configs/hardening.config")

# --- the kernel's way and kbrowse's -------------------------------------------

kernel_run_in "$work/conf" x86_64 sh "$tree/scripts/kconfig/merge_config.sh" -m "$base" "${frags[@]}" \
	>"$work/conf/merge.out" 2>&1
cp "$work/conf/.config" "$work/merged.config"
kernel_run_in "$work/conf" x86_64 "$conf" --olddefconfig Kconfig >"$work/conf/out" 2>"$work/conf/err"
kernel_run_in "$work/kbrowse" x86_64 "$kbrowse" merge "$base" "${frags[@]}" \
	>"$work/kbrowse/out" 2>"$work/kbrowse/err"
check $? "kbrowse merge exits 0"
cmp -s "$work/conf/.config" "$work/kbrowse/.config"
check $? "the .config of merge_config.sh -m and olddefconfig, byte for byte"
# The messages up to the end of merging (merge_config.sh -m then says where
# it wrote, and conf says it wrote).
sed -n '/^#$/q;p' "$work/conf/merge.out" >"$work/conf/messages"
sed -n '/^#$/q;p' "$work/kbrowse/out" >"$work/kbrowse/messages"
cmp -s "$work/conf/messages" "$work/kbrowse/messages" &&
	grep -q '^Value of CONFIG_.* is redefined by fragment ' "$work/conf/messages"
check $? "the same redefinition messages as merge_config.sh"
cmp -s "$work/conf/err" "$work/kbrowse/err"
check $? "the same warnings on stderr as conf"
# merge_config.sh's own check, on the same files, lists the same symbols
# (kbrowse also lists the values of one fragment that a later one replaced).
awk '/^Value requested for / { name = $4 }
	/^Why: / && !/ sets it again$/ { print "Value requested for " name " not in final" }' \
	"$work/kbrowse/out" >"$work/kbrowse/lost"
grep -o '^CONFIG_[A-Za-z0-9_]*\|^# CONFIG_[A-Za-z0-9_]*' "$work/merged.config" |
	sed 's/^# //' | sort -u | while read -r cfg; do
		want=$(grep -w -e "$cfg" "$work/merged.config")
		got=$(grep -w -e "$cfg" "$work/conf/.config" || true)
		[ "$want" = "$got" ] || echo "Value requested for $cfg not in final"
	done | sort >"$work/conf/lost"
sort -u "$work/kbrowse/lost" | cmp -s "$work/conf/lost" - && [ -s "$work/conf/lost" ]
check $? "the values that did not survive are the ones merge_config.sh's check finds"

# Provenance: explain reads the sources file the merge left beside .config.
kvm_line=$(grep -n '^CONFIG_KVM_GUEST=y$' "${frags[0]}" | cut -d: -f1)
wx_base=$(grep -n '^CONFIG_DEBUG_WX=y$' "$base" | cut -d: -f1)
wx_debug=$(grep -n '^# CONFIG_DEBUG_WX is not set$' "${frags[1]}" | cut -d: -f1)
kernel_run_in "$work/kbrowse" x86_64 "$kbrowse" explain KVM_GUEST DEBUG_WX >"$work/kbrowse/explain" 2>&1
grep -qx "  value from: the user value y (.config:[0-9]*, set by kernel/configs/kvm_guest.config:$kvm_line)" \
	"$work/kbrowse/explain" &&
	grep -qx "  value from: the user value n (.config:[0-9]*, set by kernel/configs/debug.config:$wx_debug, over arch/x86/configs/x86_64_defconfig:$wx_base)" \
		"$work/kbrowse/explain"
check $? "explain names the fragment line that set a value (kvm_guest.config:$kvm_line), over the defconfig's"

kernel_run_in "$work/alldef" x86_64 "$kbrowse" merge --alldefconfig "$base" "${frags[@]}" \
	>/dev/null 2>&1
kernel_run_in "$work/alldef-conf" x86_64 env KCONFIG_ALLCONFIG="$work/merged.config" "$conf" \
	--alldefconfig Kconfig >/dev/null 2>&1
cmp -s "$work/alldef-conf/.config" "$work/alldef/.config"
check $? "--alldefconfig: conf --alldefconfig with the merged text as KCONFIG_ALLCONFIG"

# --- what did not survive, and why ---------------------------------------------

printf 'CONFIG_KVM_AMD_SEV=y\nCONFIG_NO_SUCH_OPTION=y\nCONFIG_HZ_1000=y\n' \
	>"$work/want.config"
printf 'CONFIG_HZ_250=y\n# CONFIG_HZ_1000 is not set\n' >"$work/later.config"
kernel_run_in "$work/strict" x86_64 "$kbrowse" merge --strict "$base" "$work/want.config" \
	"$work/later.config" >"$work/strict/out" 2>&1
[ $? = 1 ]
check $? "--strict exits 1 when requested values did not survive"
report=$work/strict/out
grep -qxF "Requested at:     $work/want.config:1" "$report" &&
	grep -qx 'Why:              its dependencies are not met: .*KVM_AMD \[=n\].*' "$report"
check $? "the unmet dependency: its line and the terms with their values"
grep -qxF "Requested at:     $work/want.config:2" "$report" &&
	grep -qxF 'Why:              no symbol of that name in this tree' "$report"
check $? "the symbol that does not exist: its line"
grep -qxF "Requested at:     $work/want.config:3" "$report" &&
	grep -qxF "Why:              $work/later.config:2 sets it again" "$report"
check $? "the value a later fragment replaced: both lines"
plan=$(sed -n 's/^Would take with:  //p' "$report" | head -n 1)
printf '%s\n' "$plan" | tr -d ' ' | tr ',' '\n' >"$work/plan.config"
kernel_run_in "$work/confirm" x86_64 sh "$tree/scripts/kconfig/merge_config.sh" -m "$base" \
	"$work/want.config" "$work/plan.config" >/dev/null 2>&1
kernel_run_in "$work/confirm" x86_64 "$conf" --olddefconfig Kconfig >/dev/null 2>&1
[ -n "$plan" ] && grep -qx 'CONFIG_KVM_AMD_SEV=y' "$work/confirm/.config"
check $? "the plan ($plan), given to conf, makes KVM_AMD_SEV=y survive"

# A name 6.12 no longer has: the close name, and with --from-tree 6.1 the
# option with the same prompt (what diff --from-tree matches).
# shellcheck disable=SC2016 # expanded by the inner shell
old_tree=$(KBROWSE_KERNEL_SERIES=6.1 bash -c '. "$1/lib.sh" && kernel_tree' _ "$here" \
	2>/dev/null)
printf 'CONFIG_PAGE_TABLE_ISOLATION=y\nCONFIG_VIRTIO_BLKK=y\n' >"$work/old-names.config"
mkdir -p "$work/renamed"
if [ -n "$old_tree" ] && [ -f "$old_tree/Kconfig" ]; then
	kernel_run_in "$work/renamed" x86_64 "$kbrowse" merge --from-tree "$old_tree" "$base" \
		"$work/old-names.config" >"$work/renamed/out" 2>&1
	grep -qxF 'Why:              no symbol of that name in this tree; likely renamed to CONFIG_MITIGATION_PAGE_TABLE_ISOLATION (the same prompt in the old tree)' \
		"$work/renamed/out" &&
		grep -qxF 'Why:              no symbol of that name in this tree; a close name: CONFIG_VIRTIO_BLK' \
			"$work/renamed/out"
	check $? "a name 6.12 lacks: its new name from 6.1's prompt (--from-tree), a close name"
else
	echo "ok - # SKIP renamed options: no Linux 6.1 tree"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
