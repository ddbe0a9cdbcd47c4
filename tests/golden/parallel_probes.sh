#!/bin/sh
# $(shell,...) probes run in parallel at start-up (parser/shell_pool.c),
# and the tree read is the one a sequential run reads (TAP):
#
#  - eight probes that each sleep a second overlap: each notes, when its
#    sleep ends, how many probes have started and not ended; with four
#    jobs at once some probe sees more than itself, and none more than
#    four; with one job (KBROWSE_SHELL_JOBS=1) every probe sees only
#    itself.  Counted, not timed: a loaded machine changes no count.
#  - dump, conf --olddefconfig (stdout, stderr, .config) and explain are
#    byte for byte the same with one job and with four, on a tree whose
#    probes write to stderr, use earlier probes' answers (a `:=` value, a
#    function argument, a chain of three), repeat a command, sit in
#    sourced files and a help text, and mix with $(info,...).
: "${KBROWSE:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"
LC_ALL=C
export LC_ALL
work=$(mktemp -d /tmp/kbrowse-golden-parallel.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
KBROWSE_NO_CACHE=1
export KBROWSE_NO_CACHE

# --- overlap, counted ---------------------------------------------------------
mkdir overlap
{
	echo 'mainmenu "sleepy probes"'
	for i in 1 2 3 4 5 6 7 8; do
		cat <<EOT
config P$i
	bool "probe $i"
	default \$(shell,touch stamps/$i.start; sleep 1; s=\`ls stamps | grep -c start\`; e=\`ls stamps | grep -c end\`; expr \$s - \$e > stamps/$i.seen; touch stamps/$i.end; echo y)
EOT
	done
} > overlap/Kconfig

# overlap JOBS: run with JOBS at once; prints the counts seen, one a line.
overlap()
{
	rm -rf overlap/stamps overlap/.config && mkdir overlap/stamps
	(cd overlap && KBROWSE_SHELL_JOBS=$1 "$KBROWSE" conf -s --olddefconfig Kconfig) \
		> overlap.out 2>&1 || cat overlap.out >&2
	cat overlap/stamps/*.seen 2>/dev/null
}

seen=$(overlap 4)
all_y=$(grep -c '=y$' overlap/.config)
tap_same "four jobs: every probe ran and answered y" 8 "$all_y"
most=$(echo "$seen" | sort -n | tail -n 1)
tap_check "four jobs: probes overlap (the most running at once: $most)" test "${most:-0}" -ge 2
tap_check "four jobs: never more than four at once" test "${most:-9}" -le 4
seen=$(overlap 1)
most=$(echo "$seen" | sort -n | tail -n 1)
count=$(echo "$seen" | grep -c .)
tap_same "one job: eight probes, one at a time" "8 1" "$count $most"

# --- started in the order they are needed -------------------------------------
# Two slow answers whose guesses make the same command (the speculative
# pass gives "" for both); with both places taken, a probe met after the
# second guess must get the next free place before the probes that come
# after it in the tree: each probe notes its start in a file, which is
# read in order, not timed.
mkdir order
{
	echo 'mainmenu "probes in order"'
	echo 'X := $(shell,sleep 2; echo "GCC 1")'
	echo 'X1 := $(shell,sleep 1; set -- $(X) && echo $1)'
	echo 'Y := $(shell,echo Y >> starts; sleep 1; echo "GNU 2")'
	echo 'Y1 := $(shell,sleep 1; set -- $(Y) && echo $1)'
	for i in 1 2 3 4 5 6; do
		cat <<EOT
config W$i
	bool "later probe $i"
	default \$(shell,echo W$i >> starts; sleep 1; echo y)
EOT
	done
} > order/Kconfig
(cd order && KBROWSE_SHELL_JOBS=2 "$KBROWSE" conf -s --olddefconfig Kconfig) \
	> order.out 2>&1 || cat order.out >&2
first=$(head -n 1 order/starts 2>/dev/null)
tap_same "two jobs: the probe after a repeated guess starts before the later ones" Y "$first"

# --- a command made of a guess waits ------------------------------------------
# The speculative pass gives "" for an answer still to come; a command
# whose text holds that "" (here through a `:=` value, a function's
# argument and a plain reference) is not the parse's and must not run:
# each probe notes the text it was given in a file (in any order: they
# run at once).
mkdir guess
cat > guess/Kconfig <<'EOT'
mainmenu "guesses"
A := $(shell,sleep 1; echo real)
note = $(shell,echo "$(1)" >> made; echo y)
B := $(shell,echo "b $(A)" >> made; echo b)
config C
	bool "c"
	default $(note,c $(A))
config D
	string "d"
	default "$(shell,echo "d $(B)" >> made)"
EOT
(cd guess && KBROWSE_SHELL_JOBS=4 "$KBROWSE" conf -s --olddefconfig Kconfig) \
	> guess.out 2>&1 || cat guess.out >&2
tap_same "four jobs: no command made of a guess ran" "b real|c real|d b" \
	"$(sort guess/made | tr '\n' '|' | sed 's/|$//')"

# --- the same tree read, with and without parallelism --------------------------
mkdir exact exact/sub
cat > exact/Kconfig <<'EOT'
mainmenu "$(shell,sleep 0.3; echo exact) probes"
CC_INFO := $(shell,sleep 0.5; echo GCC 120200)
cc-name = $(shell,set -- $(CC_INFO) && echo $1)
cc-check = $(shell,sleep 0.2; test "$(cc-name)" = $(1) && echo y || echo n)
$(info,info before the probes)
config NAME
	string "compiler"
	default "$(cc-name)"
config IS_GCC
	bool "gcc"
	default $(cc-check,GCC)
config IS_CLANG
	bool "clang"
	default $(cc-check,Clang)
	help
	  Not run: $(shell,echo help text is not expanded >&2)
CHAIN1 := $(shell,sleep 0.3; echo one)
CHAIN2 := $(shell,sleep 0.1; echo $(CHAIN1)-two)
config CHAIN
	string "chain"
	default "$(shell,echo $(CHAIN2)-three)"
config NOISY
	bool "noisy"
	default $(shell,echo first to stderr >&2; sleep 0.2; echo y)
config AGAIN
	bool "again"
	default $(shell,echo first to stderr >&2; sleep 0.2; echo y)
$(info,info between)
source "sub/Kconfig"
config LAST
	int "last"
	default $(shell,echo last >&2; echo 42)
EOT
cat > exact/sub/Kconfig <<'EOT'
config SUB
	bool "in a sourced file"
	default $(shell,sleep 0.4; echo sub >&2; echo y)
if $(shell,echo SUB_IF)
endif
EOT

# run JOBS NAME COMMAND...: in exact/, output kept as NAME.out, NAME.err.
run()
{
	jobs=$1 name=$2
	shift 2
	rm -f exact/.config
	(cd exact && KBROWSE_SHELL_JOBS=$jobs "$KBROWSE" "$@") > "$name.out" 2> "$name.err"
	echo "exit $?" >> "$name.out"
	[ -f exact/.config ] && cp exact/.config "$name.config"
	return 0
}

for jobs in 1 4; do
	run "$jobs" "dump-$jobs" dump Kconfig
	run "$jobs" "conf-$jobs" conf --olddefconfig Kconfig
	run "$jobs" "explain-$jobs" explain --no-help CHAIN IS_GCC LAST
done
tap_check "the sequential run read the chain" grep -q 'default "one-two-three"' dump-1.out
tap_check "... and the compiler's name" grep -q 'CONFIG_IS_GCC=y' conf-1.config
for what in dump conf explain; do
	for part in out err; do
		tap_golden "$what-1.$part" "$what-4.$part" "$what: the same $part with four jobs as with one"
	done
done
tap_golden conf-1.config conf-4.config "conf: the same .config with four jobs as with one"

tap_done
