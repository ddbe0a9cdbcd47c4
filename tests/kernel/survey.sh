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
# --from-tree: x86's configurations compared with a neutral refactoring
# (every .config the same, "no configuration changes"), with one default
# changed (each changed value listed), and 6.1 to 6.12 on x86_64_defconfig
# (the values listed are those 6.1's and 6.12's conf write differently).
#
# usage: survey.sh [--quick|--full|--arches LIST] [-j N] [OPTIONS] [KBROWSE]
#   --quick   x86, arm64 and riscv (7 configurations; the default)
#   --full    every architecture: all 322 defconfigs of Linux 6.12
#   --arches LIST  these architectures (comma-separated arch/ names)
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
	--arches) arches=${2:?}; shift ;;
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
	if [ "$(cat "$entry/rc")" != 0 ]; then
		tap_skip "$name: .config identical to conf's" \
			"conf itself failed (exit $(cat "$entry/rc"), 124: timeout)"
	elif cmp -s "$entry/files/.config" "$got"; then
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
	-k "^(${stale_arches//,/|})/savedefconfig\\(defconfig:" >"$work/saved.list" 2>"$work/saved.err"
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

# --from-tree: each configuration evaluated in an old tree and in this one.
# The trees compared with 6.12 are overlays of it (overlay_tree): symbolic
# links to its files but for the Kconfig files a case rewrites.  Quick:
# x86's two configurations.
#
# overlay_tree SRC DST FILE...: DST mirrors SRC by symbolic links, but
# each FILE (a path under SRC) is a copy of its own, in real directories.
link_entries()
{
	local e
	for e in "$1"/* "$1"/.[!.]*; do
		[ -e "$e" ] || [ -L "$e" ] || continue
		ln -s "$e" "$2/${e##*/}"
	done
}
overlay_tree()
{
	local src=$1 dst=$2 f dir rest
	shift 2
	mkdir -p "$dst" && link_entries "$src" "$dst"
	for f in "$@"; do
		dir='' rest=$f
		while [[ $rest == */* ]]; do
			dir=${dir:+$dir/}${rest%%/*}
			rest=${rest#*/}
			if [ -L "$dst/$dir" ]; then
				rm "$dst/$dir" && mkdir "$dst/$dir" &&
					link_entries "$src/$dir" "$dst/$dir"
			fi
		done
		rm -f "$dst/$f" && cp "$src/$f" "$dst/$f"
	done
}

# 6.12's own .config files of x86, as the proof above checks them.
if [ ! -d "$work/out/x86" ]; then
	(cd "$run" && "$kbrowse" survey -C "$tree" -j "$jobs" --arches x86 \
		--write-configs "$work/out" >/dev/null 2>&1)
fi

# (a) A neutral refactoring: every `depends on A && B` of arch/x86/Kconfig
# as `depends on B && A`.  Its .config files are 6.12's, byte for byte,
# and survey --from-tree says no configuration changes.
overlay_tree "$tree" "$work/neutral" arch/x86/Kconfig
sed -E 's/^(\tdepends on )([A-Z0-9_]+) && ([A-Z0-9_]+)$/\1\3 \&\& \2/' \
	"$tree/arch/x86/Kconfig" >"$work/neutral/arch/x86/Kconfig"
swapped=$(diff "$tree/arch/x86/Kconfig" "$work/neutral/arch/x86/Kconfig" | grep -c '^>')
[ "$swapped" -gt 20 ]
tap_result $? "the neutral tree rewrites $swapped dependencies of arch/x86/Kconfig"
(cd "$run" && "$kbrowse" survey -C "$work/neutral" --arches x86 -j "$jobs" \
	--write-configs "$work/neutral-out" >/dev/null 2>"$work/neutral-w.err")
same=0
for f in "$work/out/x86/"*.config; do
	cmp -s "$f" "$work/neutral-out/x86/${f##*/}" && same=$((same + 1))
done
tap_same "... and writes x86's .config files byte for byte as 6.12 does" \
	"$(find "$work/out/x86" -name '*.config' | wc -l)" "$same"
(cd "$run" && "$kbrowse" survey -C "$work/neutral" --from-tree "$tree" --arches x86 \
	-j "$jobs" >"$work/neutral.txt" 2>"$work/neutral.err")
tap_exit $? 0 "survey --from-tree on a neutral refactoring exits 0" ||
	tap_diag <"$work/neutral.err"
tap_same "... and says no configuration changes" \
	"no configuration changes: 2 configurations of 1 architecture compared" \
	"$(cat "$work/neutral.txt")"

# (b) One default changed: X86_MCE's `default y` becomes `default n`.  It
# is listed, with both configurations and what follows from it; each
# configuration's changed values (its .config against 6.12's, line by
# line) are the groups listing it and what follows from them.
overlay_tree "$tree" "$work/nomce" arch/x86/Kconfig
awk '/^config X86_MCE$/ { mce = 1 } mce && /^\tdefault y$/ { print "\tdefault n"; mce = 0; next }
	/^$/ { mce = 0 } { print }' "$tree/arch/x86/Kconfig" >"$work/nomce/arch/x86/Kconfig"
(cd "$run" && "$kbrowse" survey -C "$work/nomce" --from-tree "$tree" --arches x86 \
	-j "$jobs" >"$work/nomce.txt" 2>"$work/nomce.err")
tap_exit $? 1 "survey --from-tree with one default changed exits 1" ||
	tap_diag <"$work/nomce.err"
grep -q '^X86_MCE  y -> n  \[its definition changed\]  in 2 configurations$' "$work/nomce.txt"
tap_result $? "... and lists X86_MCE y -> n in 2 configurations" ||
	head -n 20 "$work/nomce.txt" | tap_diag
(cd "$run" && "$kbrowse" survey -C "$work/nomce" --from-tree "$tree" --arches x86 \
	-j "$jobs" --json >"$work/nomce.json" 2>>"$work/nomce.err")
(cd "$run" && "$kbrowse" survey -C "$work/nomce" --arches x86 -j "$jobs" \
	--write-configs "$work/nomce-out" >/dev/null 2>>"$work/nomce.err")
PYTHONPATH=$here python3 - "$work/nomce.json" "$work/out/x86" "$work/nomce-out/x86" \
	>"$work/nomce.check" 2>&1 <<'PY'
import json, os, sys
from dotconfig import differing, values
report, old_dir, new_dir = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]

problems = []
groups = report["groups"]
mce = [g for g in groups if g["symbol"] == "X86_MCE"]
if len(mce) != 1 or mce[0]["count"] != 2 or "X86_MCE_INTEL" not in mce[0]["follows"]:
    problems.append("no X86_MCE group of 2 configurations with X86_MCE_INTEL following")
for name in sorted(os.listdir(old_dir)):
    config = "x86/" + name[:-len(".config")]
    old, new = values(os.path.join(old_dir, name)), values(os.path.join(new_dir, name))
    changed = differing(old, new)
    listed = [g for g in groups if config in g["configs"]]
    roots = {g["symbol"] for g in listed}
    covered = roots.union(*(g["follows"] for g in listed)) if listed else set()
    if not roots <= changed:
        problems.append(f"{config}: roots that conf does not change: {sorted(roots - changed)}")
    if not changed <= covered:
        problems.append(f"{config}: changed but not listed: {sorted(changed - covered)[:10]}")
    print(f"{config}: {len(changed)} values changed, {len(roots)} root(s)")
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
tap_result $? "... each changed value of each .config is a root or follows from one" ||
	tap_diag <"$work/nomce.check"

# (c) Linux 6.1 to 6.12 on x86_64_defconfig: what 6.1's conf and 6.12's
# conf write for that file (conf --defconfig in each tree) differs in
# exactly the symbols survey lists as roots and as following from them;
# and PAGE_TABLE_ISOLATION's rename is guessed.
old61=$(KBROWSE_KERNEL_SERIES=6.1 bash -c '. "$1/lib.sh" && kernel_tree' _ "$here" 2>/dev/null)
conf61=$(KBROWSE_KERNEL_SERIES=6.1 bash -c '. "$1/lib.sh" && kernel_conf' _ "$here" 2>/dev/null)
if [ -z "$old61" ] || [ -z "$conf61" ]; then
	tap_skip "survey --from-tree 6.1: the changes are conf's" "no Linux 6.1 tree or conf"
else
	mapfile -t env61 < <(KBROWSE_KERNEL_SERIES=6.1 KERNEL_TREE=$old61 \
		bash -c '. "$1/lib.sh" && arch_env x86_64' _ "$here")
	mkdir -p "$work/conf61"
	(cd "$work/conf61" && env -i LANG=C PATH="$PATH" HOME="${HOME:-/}" "${env61[@]}" \
		"$conf61" -s --defconfig="$tree/arch/x86/configs/x86_64_defconfig" Kconfig \
		>"$work/conf61.out" 2>&1)
	tap_result $? "6.1's conf --defconfig on 6.12's x86_64_defconfig" ||
		tap_diag <"$work/conf61.out"
	(cd "$run" && "$kbrowse" survey -C "$tree" --from-tree "$old61" --arches x86 \
		--configs x86_64_defconfig -j 1 --json >"$work/61.json" 2>"$work/61.err")
	tap_exit $? 1 "survey --from-tree 6.1 on x86_64_defconfig exits 1" ||
		tap_diag <"$work/61.err"
	PYTHONPATH=$here python3 - "$work/61.json" "$work/conf61/.config" "$work/out/x86/x86_64_defconfig.config" \
		>"$work/61.check" 2>&1 <<'PY'
import json, sys
from dotconfig import differing, values
report = json.load(open(sys.argv[1]))
old, new = values(sys.argv[2]), values(sys.argv[3])
changed = differing(old, new)
roots = {g["symbol"] for g in report["groups"]}
listed = roots.union(*(g["follows"] for g in report["groups"]))
problems = []
if listed != changed:
    problems.append(f"listed, conf keeps: {sorted(listed - changed)[:10]}")
    problems.append(f"conf changes, not listed: {sorted(changed - listed)[:10]}")
pti = [g for g in report["groups"] if g["symbol"] == "PAGE_TABLE_ISOLATION"]
if not pti or pti[0]["renamed_to"] != "MITIGATION_PAGE_TABLE_ISOLATION":
    problems.append("PAGE_TABLE_ISOLATION: no rename to MITIGATION_PAGE_TABLE_ISOLATION")
print(f"{len(changed)} values differ between 6.1's and 6.12's conf, {len(roots)} roots")
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
	tap_result $? "survey --from-tree 6.1: the values listed are those conf changes" ||
		tap_diag <"$work/61.check"
	head -n 1 "$work/61.check" | tap_diag
fi

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
"$kbrowse" survey -C "$tree" --from-tree "$work/notkernel" >/dev/null 2>&1
tap_exit $? 2 "--from-tree naming a tree that is not a kernel's is a usage error"

tap_summary
