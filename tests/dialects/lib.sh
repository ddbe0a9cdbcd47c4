# shellcheck shell=bash disable=SC2154 # $work: set by the caller
# Sourced by the suites that compare kbrowse with a tree's own conf
# (uboot.sh, buildroot.sh, nuttx.sh).  They leave in $work what each tool
# did: TOOL.rc (its exit status), TOOL.err, TOOL.config (the .config it
# wrote, empty if none), TOOL.saved (a savedefconfig), TOOL being conf or
# kbrowse.  TAP through tests/lib/tap.sh, sourced here.
# shellcheck source=tests/lib/tap.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib/env.sh"

# verdict WHAT ORACLE: one TAP line on the .config each tool wrote (a
# SKIP where ORACLE, the tree's own conf, failed: nothing to compare).
verdict()
{
	local what=$1 oracle=$2

	if [ "$(cat "$work/conf.rc")" != 0 ]; then
		tap_skip "$what" "$oracle failed"
	elif [ "$(cat "$work/kbrowse.rc")" = 0 ] &&
	     cmp -s "$work/conf.config" "$work/kbrowse.config"; then
		tap_ok "$what"
	else
		tap_not_ok "$what (kbrowse exit $(cat "$work/kbrowse.rc"))"
		grep -m 10 error "$work/kbrowse.err" | tap_diag
		diff -u "$work/conf.config" "$work/kbrowse.config" | head -n 30 | tap_diag
	fi
}

# verdict_saved WHAT: one TAP line on the savedefconfig each tool wrote.
verdict_saved()
{
	local what=$1

	if cmp -s "$work/conf.saved" "$work/kbrowse.saved"; then
		tap_ok "$what"
	else
		tap_not_ok "$what"
		diff -u "$work/conf.saved" "$work/kbrowse.saved" 2>&1 | head -n 20 | tap_diag
	fi
}
