#!/usr/bin/env bash
# `kbrowse survey` on Linux 6.12 against the kernel's own conf.
#
# --write-configs: one survey run writes every defconfig's .config
# (DIR/ARCH/NAME.config); each file must be byte-identical to the .config
# conf writes for `make ARCH=ARCH NAME` (conf --defconfig=arch/ARCH/configs/
# NAME with lib.sh's arch_env).  conf's results come from the conformance
# suite's cache (conformance.sh --conf-results), so conf runs once per
# defconfig ever.  Also: every defconfig file is there and no other file,
# the JSON summary, and the usage errors.
#
# usage: survey.sh [--quick|--full] [-j N] [OPTIONS] [KBROWSE]
#   --quick   x86, arm64 and riscv (7 configurations; the default)
#   --full    every architecture: all 322 defconfigs of Linux 6.12
# The other options run.sh passes (-k, --logs, --timeout) change nothing.
# Prints TAP lines and "N passed, N failed".
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

arches="x86,arm64,riscv"
jobs=$(nproc 2>/dev/null || echo 2)
args=("$@")
while [ $# -gt 0 ]; do
	case $1 in
	--full) arches= ;;
	--quick) arches="x86,arm64,riscv" ;;
	-j) jobs=${2:?}; shift ;;
	-j*) jobs=${1#-j} ;;
	-k|--logs|--timeout) shift ;;
	esac
	shift
done
kbrowse=$(kernel_kbrowse_arg "$0" "${args[@]}") || exit 2

tree=$(kernel_tree) || { tap_skip_all "no Linux tree (linux-source-6.12)"; }
kernel_conf >/dev/null || { tap_skip_all "cannot build the tree's conf"; }

work=$(mktemp -d /tmp/kbrowse-survey.XXXXXX) || exit 1
trap 'rm -rf "$work"' EXIT

# The arch directories of the selection, as a -k pattern for conformance.sh.
if [ -n "$arches" ]; then
	pattern="^(${arches//,/|})/defconfig:"
else
	pattern="^[^/]+/defconfig:"
fi

# conf's .config for every defconfig of the selection: "ARCH/NAME DIR".
# Cases of an ARCH alias (i386, sparc64 ...) are not survey's: it runs
# ARCH=<directory>, as `make ARCH=DIR NAME`.
bash "$here/conformance.sh" --conf-results --full -j "$jobs" -k "$pattern" \
	>"$work/conf.list" 2>"$work/conf.err"
while IFS=$'\t' read -r name entry; do
	dir=${name%%/*}
	[ -f "$tree/arch/$dir/Kconfig" ] || continue
	printf '%s/%s\t%s\n' "$dir" "${name#*/defconfig:}" "$entry"
done <"$work/conf.list" | LC_ALL=C sort >"$work/expected"
nexpected=$(wc -l <"$work/expected")
ndefconfigs=$(cd "$tree" && find arch -path 'arch/*/configs/*' -name '*defconfig' \
	\( -type f -o -type l \) | grep -cE "^arch/${arches:+(${arches//,/|})/}")
tap_same "conf gave a result for every defconfig of the selection" \
	"$ndefconfigs" "$nexpected" || tap_diag <"$work/conf.err"

# survey runs the tree's $(shell) probes where it is started, and keys
# its cache of their answers by that directory: a fixed one beside conf's
# results makes a second run quick.
run=$KERNEL_CACHE/survey-run
mkdir -p "$run" 2>/dev/null && [ -w "$run" ] || run=$work/run
mkdir -p "$run" "$work/out"
start=$(date +%s%N)
(cd "$run" && "$kbrowse" survey -C "$tree" -j "$jobs" --json \
	${arches:+--arches "$arches"} --write-configs "$work/out" \
	>"$work/summary.json" 2>"$work/survey.err")
rc=$?
end=$(date +%s%N)
tap_exit "$rc" 0 "survey --write-configs exits 0" || tap_diag <"$work/survey.err"
echo "# survey of $nexpected configurations: $(( (end - start) / 1000000 )) ms"

identical=0
while IFS=$'\t' read -r name entry; do
	got=$work/out/$name.config
	if cmp -s "$entry/files/.config" "$got"; then
		identical=$((identical + 1))
		tap_ok "$name: .config identical to conf's"
	else
		tap_not_ok "$name: .config identical to conf's"
		{ diff -u "$entry/files/.config" "$got" 2>&1 | head -n 20; } | tap_diag
	fi
done <"$work/expected"
echo "# $identical of $nexpected identical to conf's"

(cd "$work/out" && find . -type f -name '*.config' | sed 's|^\./||; s|\.config$||' |
	LC_ALL=C sort) >"$work/written"
cut -f1 "$work/expected" >"$work/wanted"
cmp -s "$work/wanted" "$work/written"
tap_result $? "survey wrote a file for each defconfig and no other" ||
	diff "$work/wanted" "$work/written" | head -n 10 | tap_diag

written=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["written"])' \
	<"$work/summary.json" 2>/dev/null)
tap_same "--json summary counts the files written" "$nexpected" "$written"

# SYMBOL...: every configuration's value in the JSON groups must be the
# value conf's .config gives it (n for "is not set"; a group marked not
# written: conf writes no line), each
# configuration once per symbol, and every group of a defined symbol has a
# reason; a name no tree defines is "not defined" everywhere.
symbols="MMU NET SMP MODULES 64BIT KVM NR_CPUS HZ CMDLINE PAGE_SHIFT NOSUCH_SYMBOL"
# shellcheck disable=SC2086 # a list of names
(cd "$run" && "$kbrowse" survey -C "$tree" -j "$jobs" --json \
	${arches:+--arches "$arches"} $symbols >"$work/symbols.json" 2>"$work/symbols.err")
tap_exit $? 0 "survey SYMBOL... --json exits 0" || tap_diag <"$work/symbols.err"
python3 - "$work/symbols.json" "$work/expected" >"$work/symbols.check" 2>&1 <<'PY'
import json, re, sys
report = json.load(open(sys.argv[1]))
expected = dict(line.rstrip("\n").split("\t") for line in open(sys.argv[2]))
problems = []
for entry in report["symbols"]:
    sym = entry["symbol"]
    seen = {}
    for group in entry["groups"]:
        if group["value"] is not None and not group.get("reason"):
            problems.append(f"{sym}: a group without a reason")
        for name in group["configs"]:
            seen[name] = seen.get(name, 0) + 1
            text = open(expected[name] + "/files/.config").read()
            m = re.search(rf"^CONFIG_{sym}=(.*)$", text, re.M)
            want = m.group(1) if m else "n"
            if want.startswith('"'):
                want = json.loads(want)
            got = group["value"]
            if got is None:
                if m:
                    problems.append(f"{name}: {sym} not defined, conf writes {want}")
            elif not group["written"]:
                if m:
                    problems.append(f"{name}: {sym} not written, conf writes {want}")
            elif got != want:
                problems.append(f"{name}: {sym}={got}, conf: {want}")
    for name in expected:
        if seen.get(name) != 1:
            problems.append(f"{name}: {sym} reported {seen.get(name, 0)} times")
print("\n".join(problems[:20]))
sys.exit(1 if problems else 0)
PY
tap_result $? "survey SYMBOL...: every value is the one conf writes" ||
	tap_diag <"$work/symbols.check"
grep -q '"symbol":"NOSUCH_SYMBOL","groups":\[{"value":null' "$work/symbols.json"
tap_result $? "a symbol no tree defines: not defined everywhere"

# --stale on x86, arm64 and riscv (with --full too): a configuration is
# listed as due for a refresh exactly when conf --savedefconfig on conf's
# .config does not give the file back, and the lines it says are gone and
# new are those of conf's output.
stale_arches="x86,arm64,riscv"
extra=$(grep -E "^(${stale_arches//,/|})/" "$work/expected" | cut -f1 |
	sed 's|^\([^/]*\)/\(.*\)$|\1/savedefconfig(defconfig:\2)|')
KBC_EXTRA_CASES=$extra bash "$here/conformance.sh" --conf-results --full -j "$jobs" \
	-k 'savedefconfig\(defconfig:' >"$work/saved.list" 2>"$work/saved.err"
(cd "$run" && "$kbrowse" survey -C "$tree" -j "$jobs" --json --arches "$stale_arches" \
	--stale >"$work/stale.json" 2>"$work/stale.err")
tap_exit $? 0 "survey --stale --json exits 0" || tap_diag <"$work/stale.err"
python3 - "$work/stale.json" "$work/saved.list" "$tree" >"$work/stale.check" 2>&1 <<'PY'
import json, re, sys
report = json.load(open(sys.argv[1]))
listed = {f'{s["arch"]}/{s["config"]}': s for s in report["stale"]}
problems, checked, due = [], 0, 0
for line in open(sys.argv[2]):
    case, entry = line.rstrip("\n").split("\t")
    arch, name = re.match(r"([^/]+)/savedefconfig\(defconfig:(.*)\)$", case).groups()
    text = open(f"{sys.argv[3]}/arch/{arch}/configs/{name}").read()
    saved = open(entry + "/files/defconfig").read()
    s = listed.get(f"{arch}/{name}")
    refresh = bool(s and s["refresh"])
    checked += 1
    due += saved != text
    if refresh != (saved != text):
        problems.append(f"{arch}/{name}: survey says refresh={refresh}, conf's savedefconfig "
                        + ("differs" if saved != text else "gives the file back"))
    elif refresh:
        tl, sl = text.splitlines(), saved.splitlines()
        if s["removed"] != [l for l in tl if l and l not in sl]:
            problems.append(f"{arch}/{name}: lines gone differ from conf's")
        if s["added"] != [l for l in sl if l and l not in tl]:
            problems.append(f"{arch}/{name}: new lines differ from conf's")
print(f"{checked} checked with conf, {due} due for a refresh")
print("\n".join(problems[:20]))
sys.exit(1 if problems or not checked else 0)
PY
tap_result $? "survey --stale: refresh due exactly where conf's savedefconfig differs" ||
	tap_diag <"$work/stale.check"
head -n 1 "$work/stale.check" | tap_diag

# Usage errors: 2, and no crash.
"$kbrowse" survey -C "$tree" >/dev/null 2>&1
tap_exit $? 2 "survey with no question is a usage error"
"$kbrowse" survey -C "$tree" --arches nosuch --write-configs "$work/x" >/dev/null 2>"$work/err"
tap_exit $? 2 "--arches naming no architecture is a usage error"
grep -q 'nosuch' "$work/err"
tap_result $? "... and the message names it"
"$kbrowse" survey -C "$tree" -j 0 --write-configs "$work/x" >/dev/null 2>&1
tap_exit $? 2 "-j 0 is a usage error"
mkdir -p "$work/notkernel" && echo 'config A' >"$work/notkernel/Kconfig"
"$kbrowse" survey -C "$work/notkernel" --write-configs "$work/x" >/dev/null 2>&1
tap_exit $? 2 "a tree that is not a kernel's is a usage error"

tap_summary
