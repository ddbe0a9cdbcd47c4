#!/usr/bin/env bash
# `kbrowse explain` shows the source as written and what decided it, on
# Linux 6.12 x86_64 defconfig (written by the kernel's own conf):
#   - CC_IS_GCC: its line as written, $(success,test "$(cc-name)" = GCC),
#     and the $(shell,...) that ran for it with its answer, y;
#   - 64BIT: its prompt's condition as written, with $(ARCH);
#   - NR_CPUS: its range as NR_CPUS_RANGE_BEGIN [=2] NR_CPUS_RANGE_END
#     [=512], the values conf gives those symbols;
#   - PREEMPT_NONE: the user's pick (PREEMPT_VOLUNTARY, .config line)
#     decided, its own n line kept, the choice's default not said to be
#     shadowed by an earlier one;
#   - DEBUG_INFO_BTF: DEBUG_INFO, BPF_SYSCALL and PAHOLE_VERSION named as
#     the false terms of its dependency, with the values conf gives them;
#   - ARCH_MMAP_RND_BITS: an int used as a condition is said to be n;
#   - KVM_AMD_SEV: its unconditional default is not "(condition n)";
#   - MODULES: named as the modules switch;
#   - the same facts in JSON (as_written, shell_runs, false_terms);
#   - a .config written for ARCH=x86_64 read with ARCH=x86: one warning.
#
# usage: explain_source.sh [OPTIONS] [KBROWSE]     (default: $KBROWSE)
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

kernel_suite_start explain-source "$0" "$@"
passed=0 failed=0

# run_in COMMAND...: in the work directory, which is HOME too (no user's
# state file or cache reaches the explanations).
run_in() { HOME=$work kernel_run_in "$work" x86_64 "$@"; }

run_in "$conf" -s --defconfig=arch/x86/configs/x86_64_defconfig Kconfig >"$work/conf.out" 2>&1
check $? "x86_64: conf --defconfig"
cfg=$work/.config
value() { sed -n "s/^CONFIG_$1=//p" "$cfg"; }

explain() { run_in "$kbrowse" explain --no-help "$@" 2>/dev/null; }

# has FILE FIXED-STRING...: every string is a line's part in FILE
has()
{
	local file=$1 s
	shift
	for s in "$@"; do
		grep -qF -- "$s" "$file" || { echo "# missing: $s"; return 1; }
	done
}

explain CC_IS_GCC >"$work/cc.txt"
cc=$(value CC_IS_GCC)
# shellcheck disable=SC2016 # $(...) is Kconfig text
has "$work/cc.txt" 'as written: def_bool $(success,test "$(cc-name)" = GCC)' \
	"CC_IS_GCC = ${cc:-n}" &&
	grep -qE '^    \$\(shell,.*test "GCC" = GCC.*\) answered "y"$' "$work/cc.txt"
check $? "CC_IS_GCC: the line as written and the command's answer (conf: ${cc:-n})"

explain 64BIT >"$work/64.txt"
# shellcheck disable=SC2016
has "$work/64.txt" 'as written: bool "64-bit kernel" if "$(ARCH)" = "x86"' \
	'if: "x86_64" = "x86"  => n'
check $? "64BIT: the prompt's condition as written, \$(ARCH), and expanded"

explain NR_CPUS >"$work/nr.txt"
begin=$(value NR_CPUS_RANGE_BEGIN) end=$(value NR_CPUS_RANGE_END)
has "$work/nr.txt" "range NR_CPUS_RANGE_BEGIN [=$begin] NR_CPUS_RANGE_END [=$end] (arch/x86/Kconfig:1035)"
check $? "NR_CPUS: range NR_CPUS_RANGE_BEGIN [=$begin] NR_CPUS_RANGE_END [=$end], conf's values"

explain PREEMPT_NONE >"$work/preempt.txt"
pick=$(grep -n '^CONFIG_PREEMPT_VOLUNTARY=y$' "$cfg" | cut -d: -f1)
own=$(grep -n '^# CONFIG_PREEMPT_NONE is not set$' "$cfg" | cut -d: -f1)
has "$work/preempt.txt" "value from: the user's pick: the choice picked PREEMPT_VOLUNTARY (set to y at .config:$pick; the choice at kernel/Kconfig.preempt:14)" \
	"user value n at .config:$own" \
	"default PREEMPT_NONE  (holds, but the user's pick, PREEMPT_VOLUNTARY, counts)" &&
	! grep -q 'an earlier one came first' "$work/preempt.txt" &&
	! grep -qx '  depends on' "$work/preempt.txt"
check $? "PREEMPT_NONE: the user's pick (.config:$pick) decided; its own n line (.config:$own) kept"

explain DEBUG_INFO_BTF >"$work/btf.txt"
pahole=$(value PAHOLE_VERSION)
[ -z "$(value DEBUG_INFO)" ] && [ -z "$(value BPF_SYSCALL)" ] &&
	grep -E '^    the false terms: ' "$work/btf.txt" >"$work/btf.terms" &&
	has "$work/btf.terms" 'DEBUG_INFO [=n]' 'BPF_SYSCALL [=n]' \
		"PAHOLE_VERSION [=$pahole] >= 116" &&
	! grep -qE 'DEBUG_INFO_SPLIT|COMPILE_TEST|HEXAGON' "$work/btf.terms"
check $? "DEBUG_INFO_BTF: DEBUG_INFO, BPF_SYSCALL and PAHOLE_VERSION [=$pahole] are the false terms"

# A probe that failed for want of a tool says which one to install.
if command -v pahole >/dev/null 2>&1; then
	echo "ok - PAHOLE_VERSION: pahole is installed here, no missing tool to name # SKIP"
else
	explain PAHOLE_VERSION >"$work/pahole.txt"
	# shellcheck disable=SC2016
	has "$work/pahole.txt" 'as written: default $(shell,$(srctree)/scripts/pahole-version.sh $(PAHOLE))' \
		'pahole-version.sh pahole) answered "0"' \
		'pahole is not installed (not on PATH): install pahole'
	check $? "PAHOLE_VERSION: the probe's command, its answer 0, and 'install pahole'"
fi

explain ARCH_MMAP_RND_BITS >"$work/rnd.txt"
has "$work/rnd.txt" 'if: ARCH_MMAP_RND_BITS_DEFAULT [=0]  => n (ARCH_MMAP_RND_BITS_DEFAULT is an int: as a condition it is n, whatever its value)'
check $? "ARCH_MMAP_RND_BITS: an int used as a condition is said to be n"

explain KVM_AMD_SEV >"$work/sev.txt"
has "$work/sev.txt" 'default y  (no condition of its own: the entry'"'"'s dependencies are n)' &&
	! grep -q 'default y  (condition n)' "$work/sev.txt"
check $? "KVM_AMD_SEV: an unconditional default under an unmet dependency is not '(condition n)'"

explain MODULES >"$work/modules.txt"
has "$work/modules.txt" '  the modules switch'
check $? "MODULES: named as the modules switch"

# The .config's header says Linux/x86_64: read with ARCH=x86, one warning.
run_in env ARCH=x86 "$kbrowse" explain --no-help 64BIT SMP >/dev/null 2>"$work/arch.err"
[ "$(grep -c 'written for ARCH=x86_64 (its header says Linux/x86_64), this run uses ARCH=x86' \
	"$work/arch.err")" = 1 ]
check $? "a .config written for ARCH=x86_64 read with ARCH=x86: warned once"
run_in "$kbrowse" explain --no-help 64BIT >/dev/null 2>"$work/arch-same.err"
! grep -q 'written for ARCH' "$work/arch-same.err"
check $? "read with the ARCH it was written for: no warning"

run_in "$kbrowse" explain --json CC_IS_GCC DEBUG_INFO_BTF >"$work/x.json" 2>/dev/null
python3 - "$work/x.json" "$pahole" <<'EOF'
import json, sys
objs = [json.loads(l) for l in open(sys.argv[1])]
cc, btf = objs
origin = cc["origin"]
ok = origin.get("as_written") == 'def_bool $(success,test "$(cc-name)" = GCC)'
ok = ok and any(r["answer"] == "y" and 'test "GCC" = GCC' in r["command"]
                for r in origin.get("shell_runs", []))
terms = [t["expr"] for t in btf["depends"].get("false_terms", [])]
ok = ok and {"DEBUG_INFO", "BPF_SYSCALL", "PAHOLE_VERSION >= 116"} <= set(terms)
print(f"# JSON: as_written {origin.get('as_written')!r}, false terms {terms}")
sys.exit(0 if ok else 1)
EOF
check $? "JSON: CC_IS_GCC's origin as written with its command's answer; DEBUG_INFO_BTF's false terms"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
