#!/usr/bin/env bash
# Check lib.sh's arch_env against the kernel's own Makefile: for each
# variant, run `make O=... ARCH=VARIANT MODE` in the real tree with conf
# wrapped so it records its environment, then run conf directly with
# arch_env's environment in an empty directory, and compare
#   - the .config files, byte for byte;
#   - every variable arch_env sets with the value make exported;
#   - every variable the Kconfig files read ($(NAME) not defined in
#     Kconfig) that make exported, which arch_env must set too;
#   - with -b KBROWSE, the .config `kbrowse conf` writes when given only
#     ARCH, PATH and HOME: its own derivation (src/cli/kernel_env.c) must give
#     what make gives.
#
# usage: check_env.sh [-m MODE] [-b KBROWSE] [VARIANT...]
#        (default variants: x86_64 arm64 um i386)
# Started by sh (make's $(SHELL) may be one): continue in bash.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/kernel/lib.sh
. "$here/lib.sh"

mode=allnoconfig
kbrowse=
variants=()
while [ $# -gt 0 ]; do
	case $1 in
	-m) mode=${2:?-m needs a mode}; shift ;;
	-b) kbrowse=${2:?-b needs the kbrowse binary}; shift ;;
	-*) echo "usage: $0 [-m MODE] [-b KBROWSE] [VARIANT...]" >&2; exit 2 ;;
	*) variants+=("$1") ;;
	esac
	shift
done
[ ${#variants[@]} -gt 0 ] || variants=(x86_64 arm64 um i386)
set -- "${variants[@]}"

KERNEL_TREE=$(kernel_tree) || exit 1
conf=$(kernel_conf) || exit 1
export KERNEL_TREE

work=$(mktemp -d /tmp/kbrowse-check-env.XXXXXX) || exit 1
trap 'rm -rf "$work"' EXIT

# Names Kconfig files read from the environment: every $(NAME) that no
# Kconfig file assigns.  The kconfig self-tests are not part of the tree.
# shellcheck disable=SC2016 # a literal $(
(cd "$KERNEL_TREE" && find . -name 'Kconfig*' -type f -not -path './scripts/kconfig/tests/*' \
	-exec grep -ho '\$([A-Za-z_][A-Za-z0-9_]*' {} + | cut -c3- | sort -u) >"$work/read"
(cd "$KERNEL_TREE" && find . -name 'Kconfig*' -type f -not -path './scripts/kconfig/tests/*' \
	-exec grep -hoE '^[A-Za-z_][A-Za-z0-9_-]*[[:space:]]*(:=|\+=|=)' {} + |
	sed 's/[[:space:]:+=]*$//' | sort -u) >"$work/defined"
builtin_functions="error-if filename info lineno shell warning-if"
comm -23 "$work/read" "$work/defined" | grep -vxF -e "${builtin_functions// /$'\n'}" \
	>"$work/env-read"

# An object tree with conf built by make, then wrapped.
obj=$work/obj
mkdir -p "$obj"
if ! env -u ARCH -u CROSS_COMPILE make -s -C "$KERNEL_TREE" O="$obj" build_config \
	>"$work/build.log" 2>&1; then
	cat "$work/build.log"
	exit 1
fi
mv "$obj/scripts/kconfig/conf" "$obj/scripts/kconfig/conf.real"
cat >"$obj/scripts/kconfig/conf" <<'EOF'
#!/bin/sh
env >"$KBROWSE_ENV_DUMP"
exec "$(dirname "$0")/conf.real" "$@"
EOF
chmod +x "$obj/scripts/kconfig/conf"

status=0 passed=0 failed=0
for variant in "$@"; do
	problems=0
	rm -f "$obj/.config"
	if ! KBROWSE_ENV_DUMP=$work/make.env make -s -C "$KERNEL_TREE" O="$obj" \
		ARCH="$variant" "$mode" >"$work/make.log" 2>&1; then
		echo "$variant: make $mode failed:"
		cat "$work/make.log"
		status=1 failed=$((failed + 1))
		continue
	fi
	arch_env "$variant" >"$work/arch.env"
	mapfile -t envargs <"$work/arch.env"
	rm -rf "$work/direct" && mkdir "$work/direct"
	(cd "$work/direct" && env -i PATH="$PATH" HOME="${HOME:-/}" "${envargs[@]}" \
		"$conf" "--$mode" Kconfig >"$work/conf.log" 2>&1) || {
		echo "$variant: conf --$mode failed:"
		cat "$work/conf.log"
		status=1 failed=$((failed + 1))
		continue
	}
	if ! cmp -s "$obj/.config" "$work/direct/.config"; then
		echo "$variant: .config differs from make's:"
		diff "$obj/.config" "$work/direct/.config" | head -n 20
		problems=$((problems + 1))
	fi
	while IFS= read -r line; do
		name=${line%%=*}
		made=$(grep -m1 "^$name=" "$work/make.env") || made="(not exported)"
		if [ "$made" != "$line" ]; then
			echo "$variant: arch_env has '$line', make exported '$made'"
			problems=$((problems + 1))
		fi
	done <"$work/arch.env"
	while IFS= read -r name; do
		grep -q "^$name=" "$work/make.env" || continue
		grep -q "^$name=" "$work/arch.env" && continue
		echo "$variant: make exports $name (read by Kconfig), arch_env does not"
		problems=$((problems + 1))
	done <"$work/env-read"
	if [ -n "$kbrowse" ]; then
		rm -rf "$work/derived" && mkdir "$work/derived"
		if ! (cd "$work/derived" && env -i PATH="$PATH" HOME="${HOME:-/}" \
			ARCH="$variant" "$kbrowse" conf -C "$KERNEL_TREE" "--$mode" Kconfig \
			>"$work/kbrowse.log" 2>&1); then
			echo "$variant: kbrowse conf --$mode with a derived environment failed:"
			head -n 20 "$work/kbrowse.log"
			problems=$((problems + 1))
		elif ! cmp -s "$obj/.config" "$work/derived/.config"; then
			echo "$variant: kbrowse's derived environment gives another .config than make:"
			diff "$obj/.config" "$work/derived/.config" | head -n 20
			problems=$((problems + 1))
		fi
	fi
	if [ "$problems" = 0 ]; then
		also=
		[ -n "$kbrowse" ] && also=", and kbrowse's own"
		echo "$variant: $mode identical, environment matches make's$also"
		passed=$((passed + 1))
	else
		status=1 failed=$((failed + 1))
	fi
done
echo "$passed passed, $failed failed"
exit $status
