#!/bin/sh
# kbrowse merge on the teaching tree (TAP): fragments merged over a base
# as scripts/kconfig/merge_config.sh merges them, the redefinitions said
# in its words, every requested value that does not survive reported with
# the fragment line and the reason (a dependency with its values, a range,
# a hidden prompt, a symbol the tree lacks, a later fragment), --strict,
# --json, --format=github and gitlab; bad input (a missing fragment, a directory, a
# line that is no config line) is an error at its line and writes nothing.
: "${KBROWSE:?}" "${top_srcdir:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
LC_ALL=C
export LC_ALL
work=$(mktemp -d /tmp/kbrowse-golden-merge.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
unset KCONFIG_CONFIG KCONFIG_ALLCONFIG CONFIG_
srctree=$top_srcdir/examples
export srctree

# check STATUS DESC: a case, with stdout and stderr as its diagnostics
check()
{
	cat out err >diag 2>/dev/null
	tap_result "$1" "$2" diag
}
has() { grep -qxF -- "$1" out; }

"$KBROWSE" conf --allnoconfig >/dev/null 2>&1 && mv .config base.config
printf 'CONFIG_NET_IPV6=y\nCONFIG_NO_SUCH=y\n# a comment\n\nCONFIG_LOG_BUF_SHIFT=40\nCONFIG_CRC32=y\n' > one.config
printf 'CONFIG_CRC32=m\n' > two.config

"$KBROWSE" merge base.config one.config two.config >out 2>err
check $? "merge exits 0 without --strict"
[ -f .config ] && ! ls .tmp.config.* >/dev/null 2>&1
check $? "... writes .config and leaves no temporary file"
has "Value of CONFIG_LOG_BUF_SHIFT is redefined by fragment one.config:" &&
	has "Previous value: CONFIG_LOG_BUF_SHIFT=17" &&
	has "New value: CONFIG_LOG_BUF_SHIFT=40"
check $? "... says what a fragment redefines, in merge_config.sh's words"
has "Value requested for CONFIG_NET_IPV6 not in final .config" &&
	has "Requested at:     one.config:1" &&
	has "Why:              its dependencies are not met: NET [=n] && INET [=n]" &&
	has "Would take with:  CONFIG_NET=y"
check $? "... an unmet dependency: the line, the terms with their values, a plan"
has "Requested at:     one.config:2" &&
	has "Why:              no symbol of that name in this tree"
check $? "... a symbol the tree lacks"
has "Actual value:     CONFIG_LOG_BUF_SHIFT=25" &&
	has "Why:              outside its range 12..25 (init/Kconfig:65): clamped to 25"
check $? "... a value outside its range"
has "Requested at:     one.config:6" && has "Why:              two.config:1 sets it again"
check $? "... a value a later fragment replaced"

# The plan is true: with its values added, olddefconfig keeps IPV6=y.
printf 'CONFIG_NET=y\nCONFIG_INET=y\n' > plan.config
"$KBROWSE" merge base.config one.config plan.config >out 2>err
! grep -q "CONFIG_NET_IPV6 not in final" out && grep -qx CONFIG_NET_IPV6=y .config
check $? "the plan makes the value survive"

"$KBROWSE" merge --strict base.config one.config two.config >out 2>err
[ $? = 1 ]
check $? "--strict: exit 1 when a value did not survive"
"$KBROWSE" merge --strict base.config plan.config >out 2>err
check $? "--strict: exit 0 when every value survived"

"$KBROWSE" merge --json base.config one.config two.config >out 2>err &&
	python3 -c 'import json,sys
d = json.load(open("out"))
lost = {(l["symbol"], l["reason"]) for l in d["not_applied"]}
want = {("CONFIG_NET_IPV6", "deps-unmet"), ("CONFIG_NO_SUCH", "undefined"),
	("CONFIG_LOG_BUF_SHIFT", "out-of-range"), ("CONFIG_CRC32", "overridden")}
sys.exit(0 if want <= lost and d["config"] == ".config" else 1)' &&
	grep -q '^Merging one.config$' err
check $? "--json: the report as JSON, the merge messages on stderr"

"$KBROWSE" merge --format=github --strict base.config one.config >out 2>err
has "::error file=one.config,line=2::CONFIG_NO_SUCH=y not applied: no symbol of that name in this tree"
check $? "--format=github: annotations at the fragment lines"

"$KBROWSE" merge --format=gitlab --strict base.config one.config >out 2>err
[ $? = 1 ] && python3 -c 'import json,sys
issues = json.load(open("out"))
at = {(i["location"]["path"], i["location"]["lines"]["begin"]): i for i in issues}
a = at[("one.config", 1)]
sys.exit(0 if a["check_name"] == "deps-unmet" and a["severity"] == "major" and
	 a["description"].startswith("CONFIG_NET_IPV6=y not applied: its dependencies") and
	 len({i["fingerprint"] for i in issues}) == len(issues) and
	 ("one.config", 2) in at else 1)' && grep -q '^Merging one.config$' err
check $? "--format=gitlab: code quality issues at the fragment lines"

# -m: the merged text, as merge_config.sh -m writes it.
rm -f .config
"$KBROWSE" merge -m base.config one.config >out 2>err &&
	{ grep -v -e '^CONFIG_LOG_BUF_SHIFT=' base.config; echo;
	  cat one.config; } | cmp -s - .config
check $? "-m writes the merged text"

# Provenance: the sources file beside .config says which input set each
# value; explain, explain --json and diff read it back.
printf 'CONFIG_NET=y\nCONFIG_INET=y\nCONFIG_LOG_BUF_SHIFT=20\nCONFIG_IPV6_SELFTEST=y\n' > p1.config
printf 'CONFIG_LOG_BUF_SHIFT=18\n' > p2.config
"$KBROWSE" merge base.config p1.config p2.config >out 2>err &&
	grep -qx 'kbrowse-sources 1' .config.sources &&
	grep -qx 'input 2 p1.config' .config.sources
check $? "merge writes .config.sources beside .config"
shift_line=$(grep -n '^CONFIG_LOG_BUF_SHIFT=' base.config | cut -d: -f1)
"$KBROWSE" explain LOG_BUF_SHIFT NET >out 2>err &&
	has "  value from: the user value 18 (.config:$shift_line, set by p2.config:1, over p1.config:3 and base.config:$shift_line)" &&
	grep -q '^  value from: the user value y (.config:[0-9]*, set by p1.config:1, over base.config:[0-9]*)$' out
check $? "explain names the fragment line that set a value, over the lines it replaced"
"$KBROWSE" explain IPV6_SELFTEST >out 2>err &&
	has "  p1.config:4 asked for CONFIG_IPV6_SELFTEST=y; the .config does not have it"
check $? "explain says which fragment line asked for a value the .config lacks"
"$KBROWSE" explain --json LOG_BUF_SHIFT >out 2>err &&
	python3 -c 'import json,sys
s = json.load(open("out"))["user"]["source"]
sys.exit(0 if s["set_by"] == "p2.config:1" and s["over"][0] == "p1.config:3" and
	 s["request"] == "CONFIG_LOG_BUF_SHIFT=18" and s["kept"] is True else 1)'
check $? "explain --json: user.source with set_by, over, request, kept"
"$KBROWSE" diff base.config .config >out 2>err &&
	grep -q '^LOG_BUF_SHIFT  17 -> 18   (.config:[0-9]* user value 18, set by p2.config:1, over p1.config:3 and base.config:[0-9]*; ' out
check $? "diff names the fragment line that set a changed value"
"$KBROWSE" diff --json base.config .config >out 2>err &&
	python3 -c 'import json,sys
d = json.load(open("out"))
o = {r["symbol"]: r for r in d["roots"]}["LOG_BUF_SHIFT"]["new"]["origin"]
sys.exit(0 if o["set_by"] == "p2.config:1" and o["location"].startswith(".config:") else 1)'
check $? "diff --json: origin.set_by names the fragment line"
cp .config.sources saved.sources
echo '# edited' >> .config
"$KBROWSE" explain LOG_BUF_SHIFT >out 2>err && ! grep -q 'set by' out
check $? "a .config changed since the merge: its sources file is ignored"
sed '$d' .config > edited && cat edited > .config
printf 'garbage\n' >> .config.sources
"$KBROWSE" explain LOG_BUF_SHIFT >out 2>err && ! grep -q 'set by' out &&
	grep -q '^.config.sources:[0-9]*: warning: not a kbrowse sources line' err
check $? "a sources file that does not parse: a warning, and it is ignored"
cp saved.sources .config.sources
"$KBROWSE" explain LOG_BUF_SHIFT >out 2>err && grep -q 'set by p2.config:1' out
check $? "... the same .config bytes again: the record counts again"
# conf rewriting a merged .config keeps the record true; KCONFIG_ALLCONFIG
# is recorded as the input of the values it sets.
"$KBROWSE" merge -m base.config p1.config p2.config >out 2>err &&
	grep -q '^set IPV6_SELFTEST kept 2:4	' .config.sources &&
	"$KBROWSE" conf --olddefconfig >out 2>err &&
	grep -q '^set IPV6_SELFTEST lost 2:4	' .config.sources &&
	"$KBROWSE" explain LOG_BUF_SHIFT IPV6_SELFTEST >out 2>err &&
	grep -q '(.config:[0-9]*, set by p2.config:1, over p1.config:3 and base.config:[0-9]*)$' out &&
	has "  p1.config:4 asked for CONFIG_IPV6_SELFTEST=y; the .config does not have it"
check $? "merge -m, then conf --olddefconfig: the record follows the rewritten .config"
printf 'CONFIG_DEBUG_KERNEL=y\n' > goal.config
"$KBROWSE" conf --want goal.config >out 2>err &&
	"$KBROWSE" explain LOG_BUF_SHIFT >out 2>err &&
	grep -q '(.config:[0-9]*, set by p2.config:1, over p1.config:3 and base.config:[0-9]*)$' out &&
	grep -q '^set DEBUG_KERNEL lost 1:[0-9]*	# CONFIG_DEBUG_KERNEL is not set$' .config.sources
check $? "a save over the merged .config (conf --want) keeps the record true"
# make FRAGMENT.config's way: the merged .config as the base of another
# merge; a value the base kept from its own inputs is traced to them.
rm -f .config .config.sources
"$KBROWSE" merge base.config p1.config >out 2>err &&
	"$KBROWSE" merge .config p2.config >out 2>err &&
	"$KBROWSE" explain NET LOG_BUF_SHIFT >out 2>err &&
	grep -q '^  value from: the user value y (.config:[0-9]*, set by p1.config:1, over base.config:[0-9]*)$' out &&
	grep -q '^  value from: the user value 18 (.config:[0-9]*, set by p2.config:1, over p1.config:3 and base.config:[0-9]*)$' out
check $? "a merged .config as the base of the next merge: values traced to its inputs"
rm -f .config .config.sources
KCONFIG_ALLCONFIG=p1.config "$KBROWSE" conf --allnoconfig >out 2>err &&
	"$KBROWSE" explain NET >out 2>err &&
	grep -q '^  value from: the user value y (.config:[0-9]*, set by p1.config:1)$' out
check $? "conf with KCONFIG_ALLCONFIG: explain names its line"
mkdir -p sub
cp p2.config sub/
KCONFIG_CONFIG=sub/.config "$KBROWSE" merge -m base.config p1.config sub/p2.config \
	>out 2>err &&
	grep -qx "input 2 $(pwd -P)/p1.config" sub/.config.sources &&
	grep -qx "input 3 p2.config" sub/.config.sources
check $? "inputs outside the tree: relative to the .config's directory inside it, else absolute"

# A name this tree lacks: its likely new name.  A close name on the
# teaching tree; a transitional symbol (Linux 6.18) and the old tree's
# prompt (--from-tree) on small trees.
printf 'CONFIG_NET_IPV7=y\nCONFIG_SHIFT_LOG_BUF=15\n' > typo.config
"$KBROWSE" merge base.config typo.config >out 2>err &&
	has "Why:              no symbol of that name in this tree; a close name: CONFIG_NET_IPV6" &&
	has "Why:              no symbol of that name in this tree; a close name: CONFIG_LOG_BUF_SHIFT"
check $? "a name the tree lacks: the close name it likely became"
mkdir -p old new
printf 'mainmenu "t"\nconfig OLD_FEATURE\n\tbool "Fancy feature"\nconfig KEEP\n\tbool "keep"\n' >old/Kconfig
printf 'mainmenu "t"\nconfig SHINY_THING\n\tbool "Fancy feature"\nconfig KEEP\n\tbool "keep"\n' >new/Kconfig
printf 'config NEW_BOOL\n\tbool "New"\n\tdefault OLD_BOOL\nconfig OLD_BOOL\n\tbool\n\ttransitional\n' >>new/Kconfig
(cd new && srctree=. "$KBROWSE" conf --allnoconfig >/dev/null 2>&1 && mv .config base.config &&
	printf 'CONFIG_OLD_FEATURE=y\nCONFIG_OLD_BOOL=y\n' >f.config &&
	srctree=. KBROWSE_DIALECT=linux-7.0 "$KBROWSE" merge --json --from-tree ../old base.config f.config) >out 2>err &&
	python3 -c 'import json,sys
lost = {l["symbol"]: l for l in json.load(open("out"))["not_applied"]}
a, b = lost["CONFIG_OLD_FEATURE"], lost["CONFIG_OLD_BOOL"]
sys.exit(0 if a["renamed_to"] == "CONFIG_SHINY_THING" and a["reason"] == "undefined" and
	 a["renamed_by"] == "the same prompt in the old tree" and
	 b["renamed_to"] == "CONFIG_NEW_BOOL" and b["reason"] == "renamed" and
	 "OLD_BOOL is transitional" in b["why"] else 1)'
check $? "--from-tree: the old prompt names the new symbol; a transitional name, its reader"

# Bad input: nothing is written.
for bad in missing dir lines; do
	rm -f .config
	case $bad in
	missing) frag=no-such.config want="merge: no-such.config: " ;;
	dir) mkdir -p adir; frag=adir want="merge: adir: " ;;
	lines) printf 'CONFIG_A=y\nNOT_A_CONFIG_LINE\n' > bad.config
		frag=bad.config want="bad.config:2:1: error: not a config line" ;;
	esac
	"$KBROWSE" merge base.config one.config "$frag" >out 2>err
	status=$?
	[ $status = 1 ] && grep -qF -- "$want" err && [ ! -e .config ]
	check $? "bad input ($bad): exit 1, the place, nothing written"
done
"$KBROWSE" merge >out 2>err
[ $? = 2 ]
check $? "no BASE: a usage error"

tap_done
