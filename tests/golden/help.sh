#!/bin/sh
# shellcheck disable=SC2086,SC2046 # lists of options, files and names, split into words
# The documentation against the code (TAP):
#  - every option the sources parse (strcmp/strncmp on an argument,
#    getopt_long tables) is in `kbrowse --help`, in the --help of the
#    command that parses it, and in the manual page;
#  - every environment variable the sources read is in the manual page,
#    and in `kbrowse --help` (but PATH, HOME and TERM);
#  - every subcommand is in both; the manual page lists the browser's
#    keys as README.md does, and the exit statuses;
#  - --help exits 0, a wrong option 2; the manual page formats without
#    warnings (when groff is installed).
# Nothing is written to the source tree.
: "${KBROWSE:?}" "${top_srcdir:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"
man=$top_srcdir/man/kbrowse.1
LC_ALL=C
export LC_ALL
work=$(mktemp -d /tmp/kbrowse-golden-help.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99


# The sources, wherever they are under src/, ui/ and parser/.
sources=$(find "$top_srcdir/src/" "$top_srcdir/ui/" "$top_srcdir/parser/" -name '*.c' | sort)
source_of()
{
	for f in $sources; do
		case $f in */"$1") echo "$f" ;; esac
	done
}

# Options parsed in FILE...: "-x" and "--word" compared with an argument
# (without a trailing '='), and getopt_long's { "word", ..._argument }.
options_in()
{
	{
		awk '{
			while (match($0, /cmp\([^,()]*, "-[-A-Za-z0-9]*=?"[,)]/)) {
				opt = substr($0, RSTART, RLENGTH)
				sub(/^[^"]*"/, "", opt)
				sub(/=?"[,)]$/, "", opt)
				print opt
				$0 = substr($0, RSTART + RLENGTH)
			}
		}' "$@"
		sed -n 's/^[[:space:]]*{ "\([a-z0-9-]*\)", [a-z]*_argument,.*/--\1/p' "$@"
	} | grep -v '^--$' | sort -u
}

# The manual page as text: escapes and font changes removed.
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\(dq/"/g' -e 's/\\&//g' \
	-e 's/\\(em/--/g' "$man" >man.txt

# has WORD FILE: WORD appears, not as a part of a longer option or name
has()
{
	grep -Eq -- "(^|[^-A-Za-z0-9_])$1([^-A-Za-z0-9_]|\$)" "$2"
}

# check_all WHAT FILE WORD...: one test, listing the missing words
check_all()
{
	what=$1 file=$2
	shift 2
	missing=
	for w in "$@"; do
		has "$w" "$file" || missing="$missing $w"
	done
	if [ -z "$missing" ]; then
		tap_ok "$what ($# checked)"
	else
		tap_not_ok "$what: missing$missing"
	fi
}

# --- --help of kbrowse and of each command ---------------------------------
# run_help NAME ARGS...: NAME.help is the output of kbrowse ARGS
run_help()
{
	name=$1
	shift
	env -i PATH="$PATH" "$KBROWSE" "$@" >"$name.help" 2>"$name.err"
	status=$?
	if [ $status -eq 0 ] && [ -s "$name.help" ] && [ ! -s "$name.err" ]; then
		tap_ok "kbrowse $* exits 0 and prints on stdout only"
	else
		tap_not_ok "kbrowse $*: exit $status"
		sed 's/^/# /' "$name.err"
	fi
}
run_help main --help
run_help main-h -h
run_help explain explain --help
run_help conf conf --help
run_help dump dump --help
run_help diff diff --help

all_options=$(options_in $sources)
set -- $all_options
if [ $# -ge 25 ]; then
	tap_ok "$# options found in the sources"
else
	tap_not_ok "only $# options found in the sources: is options_in out of date?"
fi
check_all "kbrowse --help lists every option" main.help $all_options
check_all "the manual page lists every option" man.txt $all_options
common=$(options_in $(source_of cli.c))
check_all "kbrowse explain --help: its options" explain.help \
	$common $(options_in $(source_of cmd_explain.c))
check_all "kbrowse conf --help: its options and modes" conf.help \
	$common -s $(options_in $(source_of cmd_conf.c) $(source_of conf_modes.c))
check_all "kbrowse diff --help: its options" diff.help \
	$common $(options_in $(source_of cmd_diff.c))
check_all "kbrowse dump --help: its options" dump.help \
	$common $(options_in $(source_of cmd_dump.c))
check_all "the options of the usage" main.help -C --srctree --no-cache \
	-h --help -V --version --json --depth --to --reverse --all --kconfig \
	-s --silent --symbols

# --- subcommands ----------------------------------------------------------
commands=$(sed -n 's/^[[:space:]]*{ "\([a-z]*\)", cmd_[a-z_]*[ ,].*/\1/p' $(source_of main.c))
set -- $commands
missing=
for c in "$@"; do
	grep -q "kbrowse $c" main.help || missing="$missing $c"
	grep -q "^\.SS \"kbrowse $c" "$man" || missing="$missing $c(man)"
done
if [ $# -ge 3 ] && [ -z "$missing" ]; then
	tap_ok "every subcommand ($*) in --help and in the manual page"
else
	tap_not_ok "subcommands ($*): missing$missing"
fi

# --- environment ----------------------------------------------------------
read_vars=$(sed -n -e 's/.*getenv("\([A-Za-z_0-9]*\)").*/\1/p' \
	-e 's/.*env_or("\([A-Za-z_0-9]*\)".*/\1/p' $sources | sort -u)
derived_vars=$(sed -n 's/.*set_default("\([A-Za-z_0-9]*\)".*/\1/p' $sources | sort -u)
set -- $read_vars
if [ $# -ge 20 ]; then
	tap_ok "$# environment variables read in the sources"
else
	tap_not_ok "only $# environment variables found in the sources"
fi
check_all "the manual page lists every variable read" man.txt $read_vars
check_all "the manual page lists every variable derived in a kernel tree" \
	man.txt $derived_vars
check_all "kbrowse --help lists every variable read" main.help \
	$(printf '%s\n' $read_vars | grep -vx -e PATH -e HOME -e TERM)

# --- the manual page ------------------------------------------------------
# The line-editing keys of input.c, in the manual page and the help screen.
editing_missing=
for key in Ctrl-A Ctrl-E Ctrl-D Ctrl-U Home End Delete; do
	grep -qF -- "$key" man.txt || editing_missing="$editing_missing man:$key"
	grep -qF -- "\"$key" "$(source_of view_help.c)" ||
		grep -qF -- " $key" "$(source_of view_help.c)" ||
		editing_missing="$editing_missing help:$key"
done
if [ -z "$editing_missing" ]; then
	ok "the line-editing keys, in the manual page and the help screen"
else
	not_ok "line-editing keys missing:$editing_missing"
fi
# The keys as README.md lists them ("Left, h, Backspace   leave the menu"):
# the same keys in the KEYS section (".BR Left \", \" h ..." lines), and
# each description.
sed -n '/^### Keys/,/^## /p' "$top_srcdir/README.md" |
	sed -n '/^```$/,/^```$/p' | grep -v '^```' >keys.txt
sed 's/  .*//; s/, /\n/g' keys.txt | sed '/^ *$/d' | sort -u >keys.readme
sed -n 's/^ *[^ ].*  \{2,\}\([^ ].*\)$/\1/p; s/^  *\([^ ].*\)$/\1/p' keys.txt >keys.text
sed -n '/^\.SH KEYS/,/^\.SH [^K]/p' man.txt | sed -n 's/^\.B[IR]* //p' |
	sed 's/", "/\n/g; s/"//g' | sed 's/^ *//; s/ *$//; /^$/d' | sort -u >keys.man
missing=
while IFS= read -r text; do
	grep -qF -- "$text" man.txt || missing="$missing '$text'"
done <keys.text
if [ "$(wc -l <keys.readme)" -ge 25 ] && cmp -s keys.readme keys.man && [ -z "$missing" ]; then
	tap_ok "the manual page lists the browser's keys as README.md does"
else
	tap_not_ok "the browser's keys: README.md and the manual page differ$missing"
	diff keys.readme keys.man | sed 's/^/# /'
fi
if sed -n '/^\.SH "*EXIT STATUS/,/^\.SH D/p' "$man" | grep -q '^\.B 2$' &&
	grep -q 'Exit status: 0 success, 1 errors in the input, 2 usage errors' main.help; then
	tap_ok "the exit statuses, in the manual page and in --help"
else
	tap_not_ok "the exit statuses, in the manual page and in --help"
fi
missing=
for section in NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS ENVIRONMENT FILES KEYS; do
	grep -q "^\.SH \"*$section" "$man" || missing="$missing $section"
done
if [ -z "$missing" ]; then
	tap_ok "the manual page has its sections"
else
	tap_not_ok "the manual page lacks:$missing"
fi
if command -v groff >/dev/null 2>&1; then
	LC_ALL=C groff -t -man -Tutf8 -ww -z "$man" >groff.err 2>&1
	if [ ! -s groff.err ]; then
		tap_ok "groff formats the manual page without a warning"
	else
		tap_not_ok "groff warns about the manual page"
		sed 's/^/# /' groff.err
	fi
else
	tap_ok "groff formats the manual page without a warning # SKIP no groff"
fi

# --- exit statuses of the command line ------------------------------------
for args in "--no-such-option" "explain --no-such-option PAGE_SHIFT" \
	"dump --no-such-option" "diff --no-such-option"; do
	# shellcheck disable=SC2086 # the arguments are words
	env -i PATH="$PATH" "$KBROWSE" $args >/dev/null 2>&1 </dev/null
	status=$?
	if [ $status -eq 2 ]; then
		tap_ok "kbrowse $args: exit 2"
	else
		tap_not_ok "kbrowse $args: exit $status, not 2"
	fi
done
tap_done
