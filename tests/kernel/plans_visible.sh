#!/usr/bin/env bash
# `kbrowse explain --to visible SYM` plans against the kernel's own conf.
#
# On x86_64 defconfig (written by conf), for CAN_UCAN ("how do
# I make CAN_UCAN visible?", it depends on CAN_DEV [=n]), PRINTK (behind
# `if EXPERT`) and every k-th symbol whose prompt is hidden:
#   - kbrowse plans, tries the plan on a copy and says whether it shows
#     the prompt with a value that can be changed (not fixed by a select);
#   - every plan it calls enough is handed to conf: the plan's
#     assignments are appended to a copy of .config, conf --olddefconfig
#     runs, the goal's own line is taken out of conf's .config and
#     conf --listnewconfig must list the goal (conf lists a symbol without
#     a value only when its prompt is shown: that is the kernel's word on
#     visibility);
#   - the same listnewconfig on the untouched defconfig must not list
#     the goal (so the check can fail: the prompt was hidden before);
#   - CAN_UCAN's plan sets CAN_DEV and is enough.
# The figures (plans, enough, confirmed by conf) are printed.
#
# usage: plans_visible.sh [OPTIONS] [KBROWSE]        (default: $KBROWSE)
# Takes the arguments run.sh gives every kernel script.  Prints "ok"/"not ok"
# lines and "N passed, N failed".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

kernel_suite_start plans-visible "$0" "$@"

# How many hidden prompts to sample (each costs two runs of conf).
count=${KBROWSE_VISIBLE_PLANS:-40}

base=$work/base
mkdir -p "$base"
kernel_run_in "$base" x86_64 "$conf" -s --defconfig=arch/x86/configs/x86_64_defconfig Kconfig \
	>"$work/conf.out" 2>&1
tap_result $? "x86_64: conf writes defconfig"

# Every k-th symbol (by name) whose prompts are all hidden; choice
# members are left out (conf asks about a choice, not its members).
kernel_run_in "$base" x86_64 "$kbrowse" explain --json --all --no-help >"$work/all.json" 2>/dev/null
python3 - "$work/all.json" "$count" >"$work/sample" <<'EOF'
import json, sys
hidden = []
for raw in open(sys.argv[1]):
    o = json.loads(raw)
    prompts = o.get("prompts") or []
    if prompts and all(p.get("visible") == "n" for p in prompts) and not o.get("choice"):
        hidden.append(o["symbol"])
hidden.sort()
count = int(sys.argv[2])
step = max(1, len(hidden) // count)
print(" ".join(n for n in hidden[::step][:count] if n not in ("CAN_UCAN", "PRINTK")))
EOF

# shellcheck disable=SC2046 # a list of names
kernel_run_in "$base" x86_64 "$kbrowse" explain --json --no-help --to visible CAN_UCAN PRINTK \
	$(cat "$work/sample") >"$work/plans.json" 2>"$work/plans.err"
[ -s "$work/plans.json" ]
tap_result $? "kbrowse explain --json --to visible ran"

# One directory per plan kbrowse calls enough: .config with the plan's
# assignments (to be run through olddefconfig), and one with the goal's
# line taken out of defconfig (the control).
cat >"$work/apply.py" <<'EOF'
import json, os, sys
from dotconfig import plan_assignments, without

base, out, plans = sys.argv[1], sys.argv[2], sys.argv[3]
lines = open(os.path.join(base, ".config")).read().splitlines()

n = 0
for raw in open(plans):
    o = json.loads(raw)
    sets = plan_assignments(o["change"])
    if sets is None:
        continue
    kept = without(lines, {"CONFIG_" + k for k in sets})
    for k, v in sets.items():
        kept.append(f"# CONFIG_{k} is not set" if v == "n" else f"CONFIG_{k}={v}")
    d = os.path.join(out, f"{n:03d}")
    os.makedirs(os.path.join(d, "control"))
    open(os.path.join(d, ".config"), "w").write("\n".join(kept) + "\n")
    control = without(lines, {"CONFIG_" + o["symbol"]})
    open(os.path.join(d, "control", ".config"), "w").write("\n".join(control) + "\n")
    open(os.path.join(d, "goal"), "w").write(o["symbol"] + "\n")
    n += 1
print(n)
EOF
mkdir -p "$work/tried"
enough=$(PYTHONPATH=$here python3 "$work/apply.py" "$base" "$work/tried" "$work/plans.json")

# conf on each, two at a time: olddefconfig, the goal's line out,
# listnewconfig; and listnewconfig on the control.
arch_env x86_64 >"$work/env"
export conf work
find "$work/tried" -mindepth 1 -maxdepth 1 -type d | sort |
	xargs -P 2 -I{} bash -c '
		mapfile -t envargs <"$work/env"
		run() { env -i LANG=C PATH="$PATH" HOME=/ "${envargs[@]}" "$conf" "$@" Kconfig; }
		cd "$1" || exit 1
		read -r sym <goal
		run -s --olddefconfig >conf.out 2>&1
		sed -i -e "/^CONFIG_${sym}=/d" -e "/^# CONFIG_${sym} is not set\$/d" .config
		run --listnewconfig >new.out 2>&1
		(cd control && run --listnewconfig >new.out 2>&1)
		shown=no hidden_before=yes
		grep -q "^CONFIG_${sym}=" new.out && shown=yes
		grep -q "^CONFIG_${sym}=" control/new.out && hidden_before=no
		echo "$sym $shown $hidden_before" >result' _ {}

python3 - "$work" "$enough" <<'EOF'
import glob, json, sys
work, enough = sys.argv[1], int(sys.argv[2])
total = feasible = 0
for raw in open(f"{work}/plans.json"):
    o = json.loads(raw)
    if not o["change"]["already"]:
        total += 1
        feasible += o["change"]["feasible"]
wrong, shown_before = [], []
for path in sorted(glob.glob(f"{work}/tried/*/result")):
    sym, shown, hidden_before = open(path).read().split()
    if shown != "yes":
        wrong.append(sym)
    if hidden_before != "yes":
        shown_before.append(sym)
print(f"# {total} plans to show a hidden prompt, {feasible} without a blocked step,"
      f" {enough} enough when tried by kbrowse,"
      f" {enough - len(wrong)} shown by conf after --olddefconfig")
if wrong:
    print("# conf does not show the prompt of: " + " ".join(wrong[:20]))
if shown_before:
    print("# conf showed these before the plan: " + " ".join(shown_before[:20]))
sys.exit(0 if enough >= 10 and not wrong and not shown_before else 1)
EOF
tap_result $? "every visible-plan kbrowse calls enough shows the prompt under conf (listnewconfig)"

python3 - "$work/plans.json" <<'EOF'
import json, sys
plans = {json.loads(l)["symbol"]: json.loads(l)["change"] for l in open(sys.argv[1])}
bad = []
for sym, need in (("CAN_UCAN", "CAN_DEV"), ("PRINTK", "EXPERT")):
    p = plans[sym]
    sets = [(s["symbol"], s["value"]) for s in p["steps"] if s["action"] == "set"]
    if not (p["want"] == "visible" and p["now"] == "hidden" and p["verified"]
            and (need, "y") in sets and all(s != sym for s, _ in sets)):
        bad.append(sym)
print("# CAN_UCAN, PRINTK: " + ("CAN_DEV=y, EXPERT=y; enough" if not bad else "wrong: " + " ".join(bad)))
sys.exit(1 if bad else 0)
EOF
tap_result $? "CAN_UCAN visible: sets CAN_DEV=y; PRINTK visible: sets EXPERT=y; the goal is not set"

tap_summary
