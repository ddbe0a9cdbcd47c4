# shellcheck shell=bash disable=SC2154 # $work: set by the caller
# Sourced by the suites that compare kbrowse with a tree's own conf
# (uboot.sh, buildroot.sh, barebox.sh, nuttx.sh, busybox.sh).  They leave
# in $work what each tool did: TOOL.rc (its exit status), TOOL.err,
# TOOL.config (the .config it wrote, empty if none), TOOL.saved (a
# savedefconfig), TOOL being conf or kbrowse.  TAP through
# tests/lib/tap.sh, sourced here.
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

# The suites whose conf their tree's Makefile builds and runs (uboot.sh,
# buildroot.sh, barebox.sh) run both tools the same way, with what they
# set first:
#   run_dir   where both run (the object directory)
#   top       the top Kconfig file, named to both
#   config    the .config both write
#   envs      the environment the Makefile gives conf (see wrap_conf)
#   start_config  a .config to start from, or empty for none

# wrap_conf CONF ENV_FILE: the tree's conf, built at CONF, moved to
# $work/conf, and a wrapper in its place that records the environment of
# the Makefile's next run of it in ENV_FILE (shell words are expanded
# when the wrapper runs: \$ARCH names a file per architecture).
wrap_conf()
{
	mv "$1" "$work/conf"
	cat >"$1" <<WRAP
#!/bin/sh
env -0 >"$2"
exec "$work/conf" "\$@"
WRAP
	chmod +x "$1"
}

# run_tool TOOL ARG...: TOOL (conf, or kbrowse conf) run with ARG... and
# the top file, its results in $work/TOOL.*
run_tool()
{
	local tool=$1 cmd=("$work/conf")
	shift
	[ "$tool" = conf ] || cmd=("$KBROWSE" conf)
	if [ -n "${start_config:-}" ]; then
		cp "$start_config" "$config"
	else
		rm -f "$config"
	fi
	(cd "$run_dir" && env -i "${envs[@]}" "${cmd[@]}" "$@" "$top") \
		>/dev/null 2>"$work/$tool.err"
	echo $? >"$work/$tool.rc"
	cp "$config" "$work/$tool.config" 2>/dev/null || : >"$work/$tool.config"
}

# compare_mode WHAT ORACLE ARG...: both tools run with ARG..., their
# .config compared
compare_mode()
{
	local what=$1 oracle=$2
	shift 2
	run_tool conf "$@"
	run_tool kbrowse "$@"
	verdict "$what" "$oracle"
}

# compare_saved WHAT [ARG...]: savedefconfig, by each tool, of the
# .config conf wrote last (both read the same one)
compare_saved()
{
	local what=$1 tool saved_start=${start_config:-}
	shift
	start_config=$work/conf.config
	for tool in conf kbrowse; do
		run_tool "$tool" "$@" --savedefconfig="$work/$tool.saved"
	done
	start_config=$saved_start
	verdict_saved "$what"
}
