#!/bin/sh
# `kbrowse explain` on the teaching tree (built into the binary), compared
# with the expected outputs in tests/golden/explain/.  TAP output.
#
# Each case is NAME.args (the arguments after `explain`, one line), an
# optional NAME.config (the .config in the directory it runs in) and
# NAME.out: what it prints, then any lines on stderr as "stderr: ...",
# then "exit: N" when the status is not 0.
#
# KBROWSE_GOLDEN_UPDATE=1 rewrites the .out files from what kbrowse prints
# (review the diff before committing it).
: "${KBROWSE:?}" "${top_srcdir:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"
cases=$top_srcdir/tests/golden/explain
work=$(mktemp -d /tmp/kbrowse-golden-explain.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

set -- "$cases"/*.args
total=$#
tap_plan "$total"
for args_file in "$cases"/*.args; do
	name=$(basename "$args_file" .args)
	dir=$work/$name
	mkdir -p "$dir"
	[ -f "$cases/$name.config" ] && cp "$cases/$name.config" "$dir/.config"
	args=$(cat "$args_file")
	# shellcheck disable=SC2086 # the arguments are words
	(cd "$dir" && env -i PATH="$PATH" "$KBROWSE" explain $args \
		>"$work/$name.stdout" 2>"$work/$name.stderr")
	rc=$?
	{
		cat "$work/$name.stdout"
		grep -v 'using the built-in teaching tree$' "$work/$name.stderr" |
			sed 's/^/stderr: /'
		[ "$rc" -eq 0 ] || echo "exit: $rc"
	} >"$work/$name.actual"
	tap_golden "$cases/$name.out" "$work/$name.actual" "$name: explain $args"
done
