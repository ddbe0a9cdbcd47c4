#!/usr/bin/env bash
# `kbrowse explain` on Linux 6.12 against the kernel's own conf.
# With KBROWSE_KERNEL_SERIES=6.1, the same on Linux 6.1 (its rules before
# the choice rework of 6.11): every symbol after x86_64 defconfig and
# allmodconfig (tristate choices in m mode) and after mips allmodconfig
# (options nested under a choice member), then the text of a tristate
# choice member; the checks that name 6.12's lines are left out.
#
# x86_64: the real conf writes .config with --defconfig; then one run of
# `kbrowse explain --json --all` explains every symbol in it, and for each:
#   - the explained value is the value conf wrote (for symbols conf did not
#     write: n for bool and tristate; int, hex and string are not compared);
#   - whether kbrowse says the symbol is written agrees with .config;
#   - an origin of kind default, select or imply, and each further cause
#     in origin.also, points at a line of the tree that starts with that
#     keyword (default/def_bool/def_tristate, select, imply), and a user
#     origin at the .config line that sets it;
#   - every select or imply cause names selectors that force the value.
# Then the cases the brief names: PAGE_SHIFT is 12 from arch/Kconfig:1241
# with PAGE_SIZE_4KB's value shown; on arm64 with CONFIG_ARM64_64K_PAGES=y
# it is 16 from arch/Kconfig:1245.  After allyesconfig, IRQCHIP's whole
# why-chain (--depth 1000) names the same symbols in text and in JSON.
#
# usage: explain.sh [OPTIONS] [KBROWSE]        (default: $KBROWSE)
# Takes the arguments run.sh gives every kernel script; the options
# (--quick, --full, -j N, -k REGEX, --logs DIR, --timeout SECS) change
# nothing here.  Prints "ok"/"not ok" lines and "N passed, N failed".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

kernel_suite_start explain "$0" "$@"

# --- x86_64: every symbol, after defconfig and after allmodconfig ------------------
cat >"$work/check.py" <<'EOF'
import json, sys
from dotconfig import values

objs_path, config_path, tree = sys.argv[1:4]
written = values(config_path)
with open(config_path, encoding="utf-8", errors="replace") as f:
    config_lines = [line.rstrip("\n") for line in f]

keywords = {
    "default": ("default", "def_bool", "def_tristate"),
    "select": ("select",),
    "imply": ("imply",),
}
files = {}
def source_line(loc):
    path, _, line = loc.rpartition(":")
    if path not in files:
        try:
            with open(f"{tree}/{path}", encoding="utf-8", errors="replace") as f:
                files[path] = f.read().split("\n")
        except OSError:
            files[path] = []
    lines = files[path]
    n = int(line)
    return lines[n - 1].strip() if 0 < n <= len(lines) else None

count = mismatches = bad_written = bad_causes = bad_loc = 0
kinds = {}
problems = []
for text in open(objs_path, encoding="utf-8"):
    o = json.loads(text)
    name = o["symbol"]
    count += 1
    kind = o["origin"]["kind"]
    kinds[kind] = kinds.get(kind, 0) + 1
    if name in written:
        if o["value"] != written[name]:
            mismatches += 1
            problems.append(f"value {name}: kbrowse {o['value']!r}, conf {written[name]!r}")
    elif o["type"] in ("bool", "tristate") and o["value"] != "n":
        mismatches += 1
        problems.append(f"value {name}: kbrowse {o['value']!r}, conf did not write it")
    if o.get("written") != (name in written):
        bad_written += 1
        problems.append(f"written {name}: kbrowse {o.get('written')}, conf {name in written}")
    for cause in o["origin"].get("also", []):
        k, l = cause["kind"], cause["location"]
        line = source_line(l) if l and k in keywords else None
        if k in keywords and (not line or not line.split()[0] in keywords[k]):
            bad_loc += 1
            problems.append(f"also {name}: {k} at {l}: {line!r}")
        if k in ("select", "imply") and not cause.get("by"):
            bad_causes += 1
            problems.append(f"also {name}: {k} names no symbol")
    if kind in ("select", "imply") and not o["origin"].get("by"):
        bad_causes += 1
        problems.append(f"origin {name}: {kind} names no symbol")
    loc = o["origin"]["location"]
    if kind in keywords:
        line = source_line(loc) if loc else None
        if not line or not line.split()[0] in keywords[kind]:
            bad_loc += 1
            problems.append(f"origin {name}: {kind} at {loc}: {line!r}")
    elif kind == "user":
        ok = False
        if loc and loc.startswith(".config:"):
            n = int(loc.split(":")[1])
            if 0 < n <= len(config_lines):
                l = config_lines[n - 1]
                ok = l.startswith(f"CONFIG_{name}=") or l == f"# CONFIG_{name} is not set"
        if not ok:
            bad_loc += 1
            problems.append(f"origin {name}: user at {loc}")
print(f"symbols {count}")
print(f"mismatches {mismatches}")
print(f"written {bad_written}")
print(f"causes {bad_causes}")
print(f"locations {bad_loc}")
print("kinds " + " ".join(f"{k}={v}" for k, v in sorted(kinds.items())))
for p in problems[:40]:
    print("# " + p)
EOF

# every_symbol NAME CONF-ARGS...: conf writes .config in $work/NAME, then
# kbrowse explains every symbol of the tree in one run.
# The variant is the part of NAME before its first "-".
every_symbol()
{
	local name=$1 dir=$work/$1 variant=${1%%-*} start end rc
	shift
	mkdir -p "$dir"
	kernel_run_in "$dir" "$variant" "$conf" -s "$@" Kconfig >"$work/$name.conf.out" 2>&1
	tap_result $? "$name: conf $*"
	start=$(date +%s%N)
	kernel_run_in "$dir" "$variant" env KBROWSE_TIMING=1 "$kbrowse" explain --json --all \
		>"$work/$name.json" 2>"$work/$name.err"
	rc=$?
	end=$(date +%s%N)
	tap_result $rc "$name: kbrowse explain --json --all (exit $rc)"
	[ $rc -eq 0 ] || sed 's/^/# /' "$work/$name.err" | head -n 20
	awk -v ns=$((end - start)) 'BEGIN { printf "# explain --json --all: %.2f s in all\n", ns / 1e9 }'
	sed -n 's/^kbrowse: explain: /# /p' "$work/$name.err"
	PYTHONPATH=$here python3 "$work/check.py" "$work/$name.json" "$dir/.config" "$KERNEL_TREE" >"$work/$name.check"
	tap_result $? "$name: the JSON parses"
	get() { sed -n "s/^$1 //p" "$work/$name.check"; }
	symbols=$(get symbols)
	echo "# $name: $symbols symbols explained; origins: $(get kinds)"
	sed -n 's/^# /# /p' "$work/$name.check"
	[ "${symbols:-0}" -gt 10000 ]
	tap_result $? "$name: every symbol explained ($symbols)"
	[ "$(get mismatches)" = 0 ]
	tap_result $? "$name: every value equals the one conf wrote ($(get mismatches) mismatches)"
	[ "$(get written)" = 0 ]
	tap_result $? "$name: written to .config exactly when conf wrote it ($(get written) differ)"
	[ "$(get causes)" = 0 ]
	tap_result $? "$name: every select/imply cause names its selectors ($(get causes) do not)"
	[ "$(get locations)" = 0 ]
	tap_result $? "$name: every origin points at a line of its kind ($(get locations) do not)"
}

every_symbol x86_64-defconfig --defconfig=arch/x86/configs/x86_64_defconfig
every_symbol x86_64-allmodconfig --allmodconfig
x86=$work/x86_64-defconfig

if [ "$KERNEL_SERIES" != 6.12 ]; then
	every_symbol mips-allmodconfig --allmodconfig
	# A member of a tristate choice in m mode is explained as such.
	am=$work/x86_64-allmodconfig
	grep -q '^CONFIG_RAPIDIO_ENUM_BASIC=m$' "$am/.config"
	tap_result $? "x86_64-allmodconfig: conf wrote CONFIG_RAPIDIO_ENUM_BASIC=m"
	kernel_run_in "$am" x86_64 "$kbrowse" explain RAPIDIO_ENUM_BASIC >"$work/rapidio.txt" 2>&1
	grep -q '^RAPIDIO_ENUM_BASIC = m' "$work/rapidio.txt" &&
		grep -qi 'tristate choice' "$work/rapidio.txt" &&
		grep -q 'm mode' "$work/rapidio.txt" &&
		grep -q 'default RAPIDIO_ENUM_BASIC  (holds, but the choice picks no member)' \
			"$work/rapidio.txt"
	tap_result $? "x86_64-allmodconfig: RAPIDIO_ENUM_BASIC = m, a member of a tristate choice in m mode, whose default picks nothing"
	sed 's/^/# /' "$work/rapidio.txt" | head -n 12
	tap_summary
	exit
fi

# --- the whole why-chain, in text and in JSON -----------------------------------
# After allyesconfig, IRQCHIP's why-chain holds over a thousand symbols in
# seven levels (1,185 on Debian 12's x86_64 host).  Text and JSON print the
# same walk: the same symbols in the same order, every one of them, and no
# limit cuts it.
ay=$work/x86_64-allyesconfig
mkdir -p "$ay"
kernel_run_in "$ay" x86_64 "$conf" -s --allyesconfig Kconfig >"$work/conf-ay.out" 2>&1
tap_result $? "x86_64-allyesconfig: conf --allyesconfig"
kernel_run_in "$ay" x86_64 "$kbrowse" explain --depth 1000 IRQCHIP >"$work/chain.txt" 2>/dev/null &&
	kernel_run_in "$ay" x86_64 "$kbrowse" explain --json --depth 1000 IRQCHIP \
		>"$work/chain.json" 2>/dev/null
tap_result $? "x86_64-allyesconfig: explain --depth 1000 IRQCHIP, text and JSON"
python3 - "$work/chain.txt" "$work/chain.json" <<'EOF'
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
# The line naming the Kconfig rules in use, and its blank line.
if lines[0].startswith("Kconfig rules: "):
    lines = lines[2:]
text = [lines[0].split(" = ")[0]]
text += [lines[i + 1].split(" = ")[0] for i, l in enumerate(lines[:-1])
         if l.startswith("[why-chain, level ")]
objs = [json.loads(l) for l in open(sys.argv[2], encoding="utf-8")]
js = [o["symbol"] for o in objs]
top = objs[0]["why_chain"]
cut = any(l.startswith("[why-chain stopped") for l in lines)
print(f"# IRQCHIP's why-chain: {len(text) - 1} symbols in text, {len(js) - 1} in JSON,"
      f" {top['levels']} levels, not followed {top['not_followed']}")
ok = (text == js and len(set(js)) == len(js) and len(js) - 1 == top["symbols"] > 256
      and top["complete"] and not cut)
sys.exit(0 if ok else 1)
EOF
tap_result $? "x86_64-allyesconfig: IRQCHIP's why-chain is whole and the same in text and JSON"

# --- PAGE_SHIFT -------------------------------------------------------------------
page_shift_check()
{
	python3 - "$1" "$2" "$3" <<'EOF'
import json, sys
o = json.loads(open(sys.argv[1]).readline())
value, location = sys.argv[2], sys.argv[3]
origin = o["origin"]
syms = {s["symbol"]: s["value"] for s in (origin.get("if") or {}).get("symbols", [])}
size = {"arch/Kconfig:1241": "PAGE_SIZE_4KB", "arch/Kconfig:1245": "PAGE_SIZE_64KB"}[location]
ok = (o["value"] == value and origin["kind"] == "default" and
      origin["location"] == location and syms.get(size) == "y")
print(f"# PAGE_SHIFT={o['value']} {origin['kind']} at {origin['location']}, {size}={syms.get(size)}")
sys.exit(0 if ok else 1)
EOF
}
kernel_run_in "$x86" x86_64 "$kbrowse" explain --json PAGE_SHIFT >"$work/ps.json" 2>/dev/null
page_shift_check "$work/ps.json" 12 arch/Kconfig:1241
tap_result $? "x86_64: PAGE_SHIFT is 12 from arch/Kconfig:1241 because PAGE_SIZE_4KB=y"
grep -q '^CONFIG_PAGE_SHIFT=12$' "$x86/.config"
tap_result $? "x86_64: conf wrote CONFIG_PAGE_SHIFT=12"

# --- plans (--to) on a sample of x86_64 defconfig's symbols ----------------------
# 150 bool/tristate symbols that are n (to y) and 150 that are y (to n),
# every k-th by name.  A plan the planner finds feasible must give the
# value when tried on a copy of the configuration; the planner is a
# heuristic (it follows conditions one symbol at a time), so a few are
# allowed to fall short, and the figures are printed.
python3 - "$work/x86_64-defconfig.json" >"$work/sample" <<'EOF'
import json, sys
objs = [json.loads(l) for l in open(sys.argv[1])]
def pick(value):
    names = sorted(o["symbol"] for o in objs if o["type"] in ("bool", "tristate")
                   and o["value"] == value and o.get("defined") and "choice" not in o)
    step = max(1, len(names) // 150)
    return " ".join(names[::step][:150])
print(pick("n"))
print(pick("y"))
EOF
plans_check()
{
	python3 - "$1" "$2" <<'EOF'
import json, sys
objs = [json.loads(l) for l in open(sys.argv[1])]
plans = [o["change"] for o in objs]
feasible = sum(p["feasible"] for p in plans)
verified = sum(p["verified"] for p in plans)
short = [o["symbol"] for o in objs if o["change"]["feasible"] and not o["change"]["verified"]]
print(f"# --to {sys.argv[2]}: {len(plans)} plans, {feasible} feasible, {verified} verified"
      f" when tried, {len(short)} feasible but short: {' '.join(short[:10])}")
sys.exit(0 if len(plans) >= 100 and len(short) * 20 <= max(feasible, 1) else 1)
EOF
}
# shellcheck disable=SC2046 # the names are words
kernel_run_in "$x86" x86_64 "$kbrowse" explain --json --to y $(sed -n 1p "$work/sample") \
	>"$work/plans-y.json" 2>/dev/null
plans_check "$work/plans-y.json" y
tap_result $? "x86_64: plans to turn symbols on work when tried (at most 5% fall short)"
# shellcheck disable=SC2046
kernel_run_in "$x86" x86_64 "$kbrowse" explain --json --to n $(sed -n 2p "$work/sample") \
	>"$work/plans-n.json" 2>/dev/null
plans_check "$work/plans-n.json" n
tap_result $? "x86_64: plans to turn symbols off work when tried (at most 5% fall short)"

# --- arm64 with 64K pages ---------------------------------------------------------
arm=$work/arm64
mkdir -p "$arm"
kernel_run_in "$arm" arm64 "$conf" -s --defconfig=arch/arm64/configs/defconfig Kconfig \
	>"$work/conf-arm.out" 2>&1 &&
	echo CONFIG_ARM64_64K_PAGES=y >>"$arm/.config" &&
	kernel_run_in "$arm" arm64 "$conf" -s --olddefconfig Kconfig >>"$work/conf-arm.out" 2>&1
tap_result $? "arm64: defconfig, then CONFIG_ARM64_64K_PAGES=y and --olddefconfig"
grep -q '^CONFIG_PAGE_SHIFT=16$' "$arm/.config"
tap_result $? "arm64: conf wrote CONFIG_PAGE_SHIFT=16"
kernel_run_in "$arm" arm64 "$kbrowse" explain --json PAGE_SHIFT >"$work/ps-arm.json" 2>/dev/null
page_shift_check "$work/ps-arm.json" 16 arch/Kconfig:1245
tap_result $? "arm64: PAGE_SHIFT is 16 from arch/Kconfig:1245 because PAGE_SIZE_64KB=y"

tap_summary
