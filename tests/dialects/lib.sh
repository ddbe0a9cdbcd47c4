# Sourced by the suites that compare kbrowse with a tree's own conf
# (uboot.sh, buildroot.sh, nuttx.sh).  They leave in $work what each tool
# did: TOOL.rc (its exit status), TOOL.err, TOOL.config (the .config it
# wrote, empty if none), TOOL.saved (a savedefconfig), TOOL being conf or
# kbrowse; n counts the TAP lines.

# verdict WHAT ORACLE: one TAP line on the .config each tool wrote (a
# SKIP where ORACLE, the tree's own conf, failed: nothing to compare).
verdict()
{
	local what=$1 oracle=$2

	n=$((n + 1))
	if [ "$(cat "$work/conf.rc")" != 0 ]; then
		echo "ok $n - $what # SKIP $oracle failed"
	elif [ "$(cat "$work/kbrowse.rc")" = 0 ] &&
	     cmp -s "$work/conf.config" "$work/kbrowse.config"; then
		echo "ok $n - $what"
	else
		echo "not ok $n - $what (kbrowse exit $(cat "$work/kbrowse.rc"))"
		grep -m 10 error "$work/kbrowse.err" | sed 's/^/# /'
		diff -u "$work/conf.config" "$work/kbrowse.config" | head -n 30 | sed 's/^/# /'
	fi
}

# verdict_saved WHAT: one TAP line on the savedefconfig each tool wrote.
verdict_saved()
{
	local what=$1

	n=$((n + 1))
	if cmp -s "$work/conf.saved" "$work/kbrowse.saved"; then
		echo "ok $n - $what"
	else
		echo "not ok $n - $what"
		diff -u "$work/conf.saved" "$work/kbrowse.saved" 2>&1 | head -n 20 | sed 's/^/# /'
	fi
}
