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
cases=$top_srcdir/tests/golden/explain
work=$(mktemp -d /tmp/kbrowse-golden-explain.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

total=$(ls "$cases"/*.args | wc -l)
echo "1..$total"
n=0
for args_file in "$cases"/*.args; do
	name=$(basename "$args_file" .args)
	n=$((n + 1))
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
	if [ -n "${KBROWSE_GOLDEN_UPDATE:-}" ]; then
		cp "$work/$name.actual" "$cases/$name.out"
	fi
	if cmp -s "$work/$name.actual" "$cases/$name.out"; then
		echo "ok $n - $name: explain $args"
	else
		echo "not ok $n - $name: explain $args"
		diff -u "$cases/$name.out" "$work/$name.actual" 2>&1 | head -n 30 | sed 's/^/# /'
	fi
done
