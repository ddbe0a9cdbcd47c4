#!/bin/sh
# ESP-IDF's Kconfig tree: the .config kbrowse writes, byte
# for byte against Kconfiglib 14.1's (Debian's python3-kconfiglib, through
# kconfiglib_conf.py), for several targets and the all*config modes (TAP).
# make check runs it; it skips, saying so, without an ESP-IDF checkout
# (Debian's archive has none), kept outside this repository and named by
# ESP_IDF_SRC:
#
#   git clone --depth 1 https://github.com/espressif/esp-idf /tmp/esp-idf
#   ESP_IDF_SRC=/tmp/esp-idf KBROWSE=build/kbrowse top_srcdir=. \
#       sh tests/dialects/esp_idf.sh
#
# The component Kconfig files are sourced as ESP-IDF's build does it:
# through files of `source` lines named by COMPONENT_KCONFIGS_SOURCE_FILE
# and COMPONENT_KCONFIGS_PROJBUILD_SOURCE_FILE (every component here).
# kbrowse reads the tree as it is; Kconfiglib 14.1 reads a copy of its
# Kconfig files without the help texts on menus, which ESP-IDF's own
# Kconfiglib fork accepts and 14.1 fails on (they change no value).
: "${KBROWSE:?}" "${top_srcdir:?}"
# shellcheck source=tests/dialects/kconfiglib_lib.sh
. "$(dirname "$0")/kconfiglib_lib.sh"
targets=${ESP_IDF_TARGETS:-"esp32 esp32s2 esp32s3 esp32c3 esp32c6 esp32h2 esp32p4"}
modes="alldefconfig allnoconfig allyesconfig"

if [ -z "${ESP_IDF_SRC:-}" ] || [ ! -f "$ESP_IDF_SRC/Kconfig" ]; then
	tap_skip_all "ESP_IDF_SRC does not name an ESP-IDF checkout (git clone --depth 1 https://github.com/espressif/esp-idf)"
fi
src=$(cd "$ESP_IDF_SRC" && pwd)
work=$(mktemp -d /tmp/kbrowse-esp-idf.XXXXXX) || exit 99
trap 'rm -rf "$work"' EXIT

# The oracle's copy: every Kconfig file, help texts on menus left out.
(cd "$src" && find . -name .git -prune -o -type f -name 'Kconfig*' -print |
	tar -cf - -T -) | tar -xf - -C "$work" && mkdir -p "$work/oracle" &&
	(cd "$work" && find . -path ./oracle -prune -o -type f -print |
	tar -cf - -T - --remove-files) | tar -xf - -C "$work/oracle" || exit 99
"$python" - "$work/oracle" <<'PY' || exit 99
import os, re, sys
for top, dirs, files in os.walk(sys.argv[1]):
    for name in files:
        path = os.path.join(top, name)
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            lines = f.read().split("\n")
        out, i = [], 0
        while i < len(lines):
            out.append(lines[i])
            if (re.match(r'\s*menu\s', lines[i]) and i + 1 < len(lines)
                    and re.match(r'\s*help\s*$', lines[i + 1])):
                indent = len(lines[i + 1]) - len(lines[i + 1].lstrip())
                i += 2
                while i < len(lines) and (not lines[i].strip() or
                        len(lines[i]) - len(lines[i].lstrip()) > indent):
                    i += 1
                continue
            i += 1
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write("\n".join(out))
PY

# The `source` lists ESP-IDF's build writes, for every component.
(cd "$src" && for f in components/*/Kconfig; do echo "source \"$f\""; done) \
	>"$work/kconfigs.in"
(cd "$src" && for f in components/*/Kconfig.projbuild; do echo "source \"$f\""; done) \
	>"$work/kconfigs_projbuild.in"
: >"$work/empty.in"
COMPONENT_KCONFIGS_SOURCE_FILE=$work/kconfigs.in
COMPONENT_KCONFIGS_PROJBUILD_SOURCE_FILE=$work/kconfigs_projbuild.in
COMPONENT_KCONFIGS_EXCLUDED_SOURCE_FILE=$work/empty.in
COMPONENT_KCONFIGS_PROJBUILD_EXCLUDED_SOURCE_FILE=$work/empty.in
IDF_ENV_FPGA="" IDF_CI_BUILD=""
export COMPONENT_KCONFIGS_SOURCE_FILE COMPONENT_KCONFIGS_PROJBUILD_SOURCE_FILE \
	COMPONENT_KCONFIGS_EXCLUDED_SOURCE_FILE \
	COMPONENT_KCONFIGS_PROJBUILD_EXCLUDED_SOURCE_FILE IDF_ENV_FPGA IDF_CI_BUILD

for target in $targets; do
	for mode in $modes; do
		lib=$work/lib.config kb=$work/kb.config
		rm -f "$lib" "$kb"
		(cd "$work/oracle" && IDF_PATH=$work/oracle IDF_TARGET=$target \
			KCONFIG_CONFIG=$lib "$python" \
			"$top_srcdir/tests/dialects/kconfiglib_conf.py" "$mode" Kconfig) \
			>/dev/null 2>"$work/lib.err"
		(cd "$src" && IDF_PATH=$src IDF_TARGET=$target KCONFIG_CONFIG=$kb \
			"$KBROWSE" conf "--$mode" Kconfig) >/dev/null 2>"$work/kb.err"
		if [ -f "$lib" ] && cmp -s "$lib" "$kb"; then
			tap_ok "$target $mode: the same .config as Kconfiglib's"
		else
			tap_not_ok "$target $mode"
			[ -f "$lib" ] || sed 's/^/Kconfiglib: /' "$work/lib.err" | tap_diag
			grep -v warning "$work/kb.err" | sed 's/^/kbrowse: /' | tap_diag
			[ -f "$lib" ] && [ -f "$kb" ] &&
				diff "$lib" "$kb" | head -20 | tap_diag
		fi
	done
done
tap_done
