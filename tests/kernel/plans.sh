#!/usr/bin/env bash
# `kbrowse explain --to VALUE SYM` plans against the kernel's own conf.
#
# On x86_64 defconfig (written by conf), for symbols users ask about
# (PRINTK, FUTEX, EPOLL, ... hidden behind `if EXPERT`; SHMEM, KALLSYMS,
# MEMBARRIER held up by selects) and a sample of others (every k-th of the
# bool/tristate symbols that are y, to n, and that are n, to y):
#   - kbrowse plans, tries the plan on a copy and says whether it is enough;
#   - every plan it calls enough is handed to conf: the plan's assignments
#     are appended to a copy of .config, conf --olddefconfig runs, and the
#     goal must have the value in conf's .config;
#   - PRINTK, FUTEX and SHMEM to n are enough and set EXPERT=y first.
# The figures (plans, enough, confirmed by conf) are printed.
#
# usage: plans.sh [OPTIONS] [KBROWSE]        (default: $KBROWSE)
# Takes the arguments run.sh gives every kernel script.  Prints "ok"/"not ok"
# lines and "N passed, N failed".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

kernel_suite_start plans "$0" "$@"

base=$work/base
mkdir -p "$base"
kernel_run_in "$base" x86_64 "$conf" -s --defconfig=arch/x86/configs/x86_64_defconfig Kconfig \
	>"$work/conf.out" 2>&1
tap_result $? "x86_64: conf writes defconfig"

named="PRINTK FUTEX EPOLL SIGNALFD TIMERFD EVENTFD AIO IO_URING BUG ELF_CORE RSEQ
ADVISE_SYSCALLS SHMEM KALLSYMS MEMBARRIER MULTIUSER POSIX_TIMERS"

# Every k-th symbol by name that is y (for n) and that is n (for y).
python3 - "$base/.config" >"$work/sample" <<'EOF'
import sys
on, off = [], []
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if line.startswith("CONFIG_") and line.endswith("=y"):
        on.append(line[7:-2])
    elif line.startswith("# CONFIG_") and line.endswith(" is not set"):
        off.append(line[9:-11])
def every(names, count):
    names = sorted(names)
    step = max(1, len(names) // count)
    return " ".join(names[::step][:count])
print(every(on, 80))
print(every(off, 80))
EOF

# shellcheck disable=SC2086,SC2046 # lists of names
kernel_run_in "$base" x86_64 "$kbrowse" explain --json --to n $named $(sed -n 1p "$work/sample") \
	>"$work/to-n.json" 2>"$work/to-n.err"
# shellcheck disable=SC2046
kernel_run_in "$base" x86_64 "$kbrowse" explain --json --to y $(sed -n 2p "$work/sample") \
	>"$work/to-y.json" 2>"$work/to-y.err"
[ -s "$work/to-n.json" ] && [ -s "$work/to-y.json" ]
tap_result $? "kbrowse explain --json --to n / --to y ran"

# The assignments of every plan kbrowse calls enough, one directory each.
cat >"$work/apply.py" <<'EOF'
import json, os, sys
from dotconfig import plan_assignments, without

base, out = sys.argv[1], sys.argv[2]
lines = open(os.path.join(base, ".config")).read().splitlines()
n = 0
for path in sys.argv[3:]:
    for raw in open(path):
        o = json.loads(raw)
        sets = plan_assignments(o["change"])
        if sets is None:
            continue
        kept = without(lines, {"CONFIG_" + k for k in sets})
        for k, v in sets.items():
            if v == "n":
                kept.append(f"# CONFIG_{k} is not set")
            elif o["type"] == "string" and k == o["symbol"]:
                kept.append(f'CONFIG_{k}="{v}"')
            else:
                kept.append(f"CONFIG_{k}={v}")
        d = os.path.join(out, f"{n:03d}")
        os.makedirs(d)
        open(os.path.join(d, ".config"), "w").write("\n".join(kept) + "\n")
        open(os.path.join(d, "goal"), "w").write(f"{o['symbol']} {o['change']['want']}\n")
        n += 1
print(n)
EOF
mkdir -p "$work/tried"
enough=$(PYTHONPATH=$here python3 "$work/apply.py" "$base" "$work/tried" "$work/to-n.json" "$work/to-y.json")

# conf --olddefconfig on each, two at a time.
arch_env x86_64 >"$work/env"
export conf work
find "$work/tried" -mindepth 1 -maxdepth 1 -type d | sort |
	xargs -P 2 -I{} bash -c '
		mapfile -t envargs <"$work/env"
		cd "$1" && env -i LANG=C PATH="$PATH" HOME=/ "${envargs[@]}" \
			"$conf" -s --olddefconfig Kconfig >conf.out 2>&1
		read -r sym want <goal
		got=$(sed -n -e "s/^CONFIG_${sym}=//p" -e "s/^# CONFIG_${sym} is not set\$/n/p" .config)
		[ -n "$got" ] || got=n
		echo "$sym $want $got" >result' _ {}

python3 - "$work" "$enough" <<'EOF'
import glob, json, sys
work, enough = sys.argv[1], int(sys.argv[2])
total = 0
feasible = 0
for name in ("to-n", "to-y"):
    for raw in open(f"{work}/{name}.json"):
        o = json.loads(raw)
        if not o["change"]["already"]:
            total += 1
            feasible += o["change"]["feasible"]
wrong = []
for path in sorted(glob.glob(f"{work}/tried/*/result")):
    sym, want, got = open(path).read().split()
    if want.strip('"') != got.strip('"'):
        wrong.append(f"{sym}={want}(conf:{got})")
print(f"# {total} plans, {feasible} without a blocked step, {enough} enough when tried by kbrowse,"
      f" {enough - len(wrong)} confirmed by conf --olddefconfig")
if wrong:
    print("# conf disagrees: " + " ".join(wrong[:20]))
sys.exit(0 if enough >= 50 and not wrong else 1)
EOF
tap_result $? "every plan kbrowse calls enough reaches the value under conf --olddefconfig"

python3 - "$work/to-n.json" <<'EOF'
import json, sys
plans = {}
for raw in open(sys.argv[1]):
    o = json.loads(raw)
    plans[o["symbol"]] = o["change"]
bad = []
for sym in ("PRINTK", "FUTEX", "SHMEM"):
    p = plans[sym]
    sets = [(s["symbol"], s["value"]) for s in p["steps"] if s["action"] == "set"]
    if not (p["verified"] and ("EXPERT", "y") in sets and sets[-1] == (sym, "n")
            and sets.index(("EXPERT", "y")) < len(sets) - 1):
        bad.append(sym)
print("# PRINTK, FUTEX, SHMEM to n: " + ("EXPERT=y first, enough" if not bad else "wrong: " + " ".join(bad)))
sys.exit(1 if bad else 0)
EOF
tap_result $? "PRINTK, FUTEX and SHMEM to n: set EXPERT=y, then the symbol to n; enough"

python3 - "$work/to-n.json" <<'EOF'
import json, sys
plans = {json.loads(l)["symbol"]: json.loads(l)["change"] for l in open(sys.argv[1])}
named = "EPOLL SIGNALFD TIMERFD EVENTFD AIO IO_URING BUG ELF_CORE RSEQ ADVISE_SYSCALLS KALLSYMS MEMBARRIER".split()
short = [s for s in named if not plans[s]["verified"]]
print("# the other named symbols to n: " + ("all enough" if not short else "short: " + " ".join(short)))
sys.exit(1 if short else 0)
EOF
tap_result $? "EPOLL, SIGNALFD, ... KALLSYMS, MEMBARRIER to n: plans are enough"

tap_summary
