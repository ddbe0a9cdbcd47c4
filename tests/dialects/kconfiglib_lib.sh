# shellcheck shell=sh
# Sourced by the suites whose oracle is Kconfiglib 14.1 (Debian's
# python3-kconfiglib): kconfiglib.sh, kconfiglib_selftests.sh and
# esp_idf.sh.  TAP through tests/lib/tap.sh; the C locale, no bytecode
# left in the tree, none of the caller's kconfig variables; python set
# to an interpreter that imports kconfiglib, or the whole suite skipped.
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"
LC_ALL=C
PYTHONDONTWRITEBYTECODE=1
export LC_ALL PYTHONDONTWRITEBYTECODE
unset KCONFIG_CONFIG KCONFIG_ALLCONFIG KCONFIG_CONFIG_HEADER srctree KBROWSE_DIALECT

python=
for py in python3 /usr/bin/python3; do
	if "$py" -c 'import kconfiglib' 2>/dev/null; then
		python=$py
		break
	fi
done
[ -n "$python" ] ||
	tap_skip_all "python3-kconfiglib is not installed (apt-get install python3-kconfiglib): no oracle"
