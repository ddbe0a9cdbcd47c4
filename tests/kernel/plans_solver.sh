#!/usr/bin/env bash
# The solver under `explain --to` and `conf --want`, against the kernel's conf.
#
# On Linux 6.12 x86_64 defconfig (written by conf):
#   - the goals the solver was built for: INTEL_TDX_HOST and CONTIG_ALLOC reach y
#     (CONTIG_ALLOC through CMA), NR_CPUS reaches 4096, KVM_AMD_SEV in
#     three steps, CAN_UCAN=m without CAN=y; DEBUG_INFO_BTF impossible with
#     pahole named (when pahole is not installed), X86_32 impossible with
#     ARCH named, CRYPTO_SHA256_OCTEON with ARCH=mips;
#   - every plan is handed to conf (its steps appended to .config as user
#     values, conf --olddefconfig) and the goal must have its value; then
#     each step is left out in turn and the goal must not (no step that
#     can be dropped);
#   - symbols allyesconfig makes y that the defconfig leaves n (a handful,
#     many with --full): every plan `explain --to y --json` gives makes
#     them y under conf;
#   - conf --want with five goals writes a .config in which all five hold
#     and that conf --olddefconfig leaves as it is; two goals in conflict
#     exit non-zero and are both named.
#
# usage: plans_solver.sh [--quick|--full] [OPTIONS] [KBROWSE]
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

kernel_suite_start plans-solver "$0" "$@"
full=
for arg in "$@"; do [ "$arg" = --full ] && full=1; done
passed=0 failed=0

base=$work/base
mkdir -p "$base"
kernel_run_in "$base" x86_64 "$conf" -s --defconfig=arch/x86/configs/x86_64_defconfig Kconfig \
	>"$work/conf.out" 2>&1
check $? "x86_64: conf writes defconfig"

# goal_value DIR SYM: the value conf wrote for SYM (n when not written).
goal_value()
{
	local got
	got=$(sed -n -e "s/^CONFIG_$2=//p" -e "s/^# CONFIG_$2 is not set\$/n/p" "$1/.config")
	printf '%s\n' "${got:-n}"
}

# conf_with DIR STEPS: a copy of the defconfig with the steps (lines
# NAME=VALUE) as user values, after conf --olddefconfig.
conf_with()
{
	local dir=$1 steps=$2
	mkdir -p "$dir"
	python3 - "$base/.config" "$steps" >"$dir/.config" <<'EOF'
import sys
lines = open(sys.argv[1]).read().splitlines()
sets = dict(l.split("=", 1) for l in open(sys.argv[2]).read().split("\n") if l)
def name(l):
    if l.startswith("# CONFIG_") and l.endswith(" is not set"):
        return l[9:-11]
    if l.startswith("CONFIG_"):
        return l[7:].split("=")[0]
    return None
out = [l for l in lines if name(l) not in sets]
for k, v in sets.items():
    out.append(f"# CONFIG_{k} is not set" if v == "n" else f"CONFIG_{k}={v}")
print("\n".join(out))
EOF
	kernel_run_in "$dir" x86_64 "$conf" -s --olddefconfig Kconfig >"$dir/conf.out" 2>&1
}

# steps_of JSON: the first plan's steps, one NAME=VALUE a line.
steps_of()
{
	python3 -c '
import json, sys
o = json.loads(open(sys.argv[1]).readline())
for s in o["change"]["steps"]:
    if s["action"] in ("set", "choose"):
        print(s["symbol"] + "=" + ("y" if s["action"] == "choose" else s["value"]))
' "$1"
}

# plan_checked NAME WANT: the plan reaches WANT under conf, and leaving out
# any one step does not.
plan_checked()
{
	local sym=$1 want=$2 d=$work/p-$1 n i
	mkdir -p "$d"
	kernel_run_in "$base" x86_64 "$kbrowse" explain --json --no-help --to "$want" "$sym" \
		>"$d/plan.json" 2>/dev/null || return 1
	steps_of "$d/plan.json" >"$d/steps"
	[ -s "$d/steps" ] || return 1
	conf_with "$d/all" "$d/steps"
	[ "$(goal_value "$d/all" "$sym")" = "$want" ] || {
		echo "# $sym: conf gives $(goal_value "$d/all" "$sym") with the plan"
		return 1
	}
	n=$(wc -l <"$d/steps")
	for ((i = 1; i <= n; i++)); do
		sed "${i}d" "$d/steps" >"$d/steps-$i"
		[ -s "$d/steps-$i" ] || continue
		conf_with "$d/without-$i" "$d/steps-$i"
		if [ "$(goal_value "$d/without-$i" "$sym")" = "$want" ]; then
			echo "# $sym: step $(sed -n "${i}p" "$d/steps") can be dropped"
			return 1
		fi
	done
	echo "# $sym=$want: $(paste -sd' ' "$d/steps")"
}

for goal in INTEL_TDX_HOST:y CONTIG_ALLOC:y NR_CPUS:4096 KVM_AMD_SEV:y CAN_UCAN:m; do
	plan_checked "${goal%%:*}" "${goal#*:}"
	check $? "${goal%%:*}=${goal#*:}: the plan works under conf and no step can be dropped"
done

# json_has FILE PYTHON-EXPR: the expression holds of the object o.
json_has()
{
	python3 -c '
import json, sys
o = json.loads(open(sys.argv[1]).readline())
c = o["change"]
plans = [[(s["symbol"], s.get("value")) for s in c["steps"]]] + \
	[[(s["symbol"], s.get("value")) for s in p] for p in c["alternatives"]]
sys.exit(0 if eval(sys.argv[2]) else 1)' "$1" "$2"
}

json_has "$work/p-CONTIG_ALLOC/plan.json" '("CMA", "y") in sum(plans, [])'
check $? "CONTIG_ALLOC=y: a plan sets CMA=y"
json_has "$work/p-KVM_AMD_SEV/plan.json" 'len(plans[0]) == 3'
check $? "KVM_AMD_SEV=y: three steps"
json_has "$work/p-CAN_UCAN/plan.json" '("CAN", "y") not in plans[0]'
check $? "CAN_UCAN=m: CAN is not set to y"

proof()
{
	kernel_run_in "$base" x86_64 "$kbrowse" explain --json --no-help --to "$2" "$1" >"$work/i-$1.json" 2>/dev/null
	json_has "$work/i-$1.json" "c[\"impossible\"] and any(\"$3\" in l for l in c[\"proof\"])"
}
if command -v pahole >/dev/null 2>&1; then
	echo "ok - # SKIP DEBUG_INFO_BTF: pahole is installed here"
else
	proof DEBUG_INFO_BTF y "pahole"
	check $? "DEBUG_INFO_BTF=y: impossible, pahole named"
fi
proof X86_32 y "ARCH="
check $? "X86_32=y: impossible, ARCH named"
proof CRYPTO_SHA256_OCTEON y "ARCH=mips"
check $? "CRYPTO_SHA256_OCTEON=y: impossible, needs ARCH=mips"

# Symbols allyesconfig makes y and the defconfig leaves n.
yes=$work/allyes
mkdir -p "$yes"
kernel_run_in "$yes" x86_64 "$conf" -s --allyesconfig Kconfig >"$yes/conf.out" 2>&1
count=6
[ -n "$full" ] && count=60
python3 - "$yes/.config" "$base/.config" "$count" >"$work/sample" <<'EOF'
import sys
def vals(p):
    d = {}
    for l in open(p):
        l = l.rstrip("\n")
        if l.startswith("CONFIG_") and "=" in l:
            k, v = l[7:].split("=", 1)
            d[k] = v
    return d
y, b = vals(sys.argv[1]), vals(sys.argv[2])
# Left out: what allyesconfig reaches only through COMPILE_TEST.
names = sorted(k for k, v in y.items() if v == "y" and b.get(k, "n") == "n")
step = max(1, len(names) // int(sys.argv[3]))
print("\n".join(names[::step][:int(sys.argv[3])]))
EOF
tried=0 good=0 bad=
while read -r sym; do
	tried=$((tried + 1))
	d=$work/y-$sym
	mkdir -p "$d"
	kernel_run_in "$base" x86_64 "$kbrowse" explain --json --no-help --to y "$sym" >"$d/plan.json" 2>/dev/null
	steps_of "$d/plan.json" >"$d/steps" 2>/dev/null
	if [ -s "$d/steps" ]; then
		conf_with "$d/conf" "$d/steps"
		if [ "$(goal_value "$d/conf" "$sym")" = y ]; then
			good=$((good + 1))
			continue
		fi
	fi
	bad="$bad $sym"
done <"$work/sample"
echo "# allyesconfig's y, defconfig's n: $good of $tried planned and made y by conf${bad:+; not:$bad}"
[ "$tried" -gt 0 ] && [ "$good" -eq "$tried" ]
check $? "explain --to y plans for allyesconfig's symbols work under conf"

# conf --want: five goals.
want=$work/want
mkdir -p "$want"
cp "$base/.config" "$want/.config"
cat >"$work/goals" <<'EOF'
# five goals
CONFIG_CONTIG_ALLOC=y
CONFIG_NR_CPUS=4096
CONFIG_KVM_AMD_SEV=y
# CONFIG_RT_MUTEXES is not set
CONFIG_CAN_UCAN=m
EOF
kernel_run_in "$want" x86_64 "$kbrowse" conf --want "$work/goals" >"$work/want.out" 2>&1
rc=$?
cp "$want/.config" "$want/kbrowse.config"
kernel_run_in "$want" x86_64 "$conf" -s --olddefconfig Kconfig >/dev/null 2>&1
[ "$rc" -eq 0 ] && cmp -s "$want/.config" "$want/kbrowse.config" &&
	[ "$(goal_value "$want" CONTIG_ALLOC)" = y ] &&
	[ "$(goal_value "$want" NR_CPUS)" = 4096 ] &&
	[ "$(goal_value "$want" KVM_AMD_SEV)" = y ] &&
	[ "$(goal_value "$want" RT_MUTEXES)" = n ] &&
	[ "$(goal_value "$want" CAN_UCAN)" = m ]
check $? "conf --want: five goals met, conf --olddefconfig agrees and changes nothing"

conflict=$work/conflict
mkdir -p "$conflict"
cp "$base/.config" "$conflict/.config"
printf 'CONFIG_MODULES=n\nCONFIG_CAN_UCAN=m\n' >"$work/conflicting"
kernel_run_in "$conflict" x86_64 "$kbrowse" conf --want "$work/conflicting" >"$work/conflict.out" 2>&1
rc=$?
[ "$rc" -ne 0 ] && grep -q "MODULES=n" "$work/conflict.out" &&
	grep -q "CAN_UCAN=m" "$work/conflict.out" && cmp -s "$conflict/.config" "$base/.config"
check $? "conf --want: two conflicting goals exit non-zero, both named, nothing written"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
