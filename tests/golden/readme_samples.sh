#!/bin/sh
# The sample outputs of README.md are what kbrowse prints (TAP): every
# fenced block whose first line is "$ kbrowse ..." is run, as the README
# says, in an empty directory (the built-in teaching tree); each of its
# other lines must be a line of the output, in the same order, where
# "..." stands for lines left out.
: "${KBROWSE:?}" "${top_srcdir:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"
readme=$top_srcdir/README.md
work=$(mktemp -d /tmp/kbrowse-golden-readme-samples.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT
mkdir "$work/run" "$work/bin"
ln -s "$KBROWSE" "$work/bin/kbrowse"

# Each sample into sample.N, its indentation taken off.
awk -v dir="$work" '
	/^ *```/ {
		if (inside) { inside = 0; close(file); next }
		inside = 1; first = 1; indent = match($0, /[^ ]/) - 1; next
	}
	inside {
		line = substr($0, indent + 1)
		if (first) {
			first = 0
			if (line !~ /^\$ kbrowse /) { inside = 0; next }
			n++; file = dir "/sample." n
		}
		print line > file
	}' "$readme"

for sample in "$work"/sample.*; do
	[ -f "$sample" ] || tap_skip_all "no sample output in README.md"
	cmd=$(head -n 1 "$sample" | sed 's/^\$ //')
	(cd "$work/run" && env -i PATH="$work/bin:$PATH" HOME="$work" \
		KBROWSE_NO_CACHE=1 sh -c "$cmd") </dev/null >"$work/out" 2>/dev/null
	# Every line but the command and "...", in order, among the output's.
	missing=$(tail -n +2 "$sample" | grep -vxE ' *\.\.\.' | awk '
		NR == FNR { want[++n] = $0; next }
		i < n && $0 == want[i + 1] { i++ }
		END { if (i < n) print want[i + 1] }' - "$work/out")
	if [ -z "$missing" ]; then
		tap_ok "README: $cmd"
	else
		tap_not_ok "README: $cmd: not printed (in this order): $missing"
		tap_diag <"$work/out"
	fi
done
tap_done
