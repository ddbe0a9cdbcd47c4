#!/bin/sh
# Saving a .config cannot lose or leak a file (TAP):
#  - a symlink planted where conf put its temporary file is not followed;
#  - the file keeps its mode (0600 stays 0600);
#  - a .config.old that is a directory: saved anyway, and said;
#  - a full disk (a small tmpfs, as root), with and without
#    KCONFIG_OVERWRITECONFIG: the reason given, the old file intact;
#  - a read-only file system and a path through a file: the reason;
#  - a .config that cannot be read (as nobody): an error, not replaced;
#  - the build files (auto.conf, its .cmd, autoconf.h, rustc_cfg) and the
#    include/config markers: links planted at conf's temporary names and
#    at a marker are not followed, and no temporary file is left;
#  - a directory that cannot be written (as nobody): the reason, the old
#    .config and auto.conf.cmd intact, no temporary file.
# Nothing is written to the source tree.
: "${KBROWSE:?}"
# shellcheck source=tests/lib/tap.sh
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=tests/lib/env.sh
. "$(dirname "$0")/../lib/env.sh"
LC_ALL=C
export LC_ALL
work=$(mktemp -d /tmp/kbrowse-golden-save.XXXXXX) || exit 99
mounts=
cleanup()
{
	for m in $mounts; do umount "$m" 2>/dev/null; done
	rm -rf "$work"
}
trap cleanup EXIT
cd "$work" || exit 99
unset KCONFIG_CONFIG KCONFIG_ALLCONFIG KCONFIG_OVERWRITECONFIG srctree


cat > Kconfig <<'EOT'
config A
	bool "a"
	default y
config B
	string
	default "$(LONG)"
EOT
LONG=x
export LONG
"$KBROWSE" conf --olddefconfig >/dev/null 2>err
tap_result $? "a first .config" err
cp .config before

# conf's temporary name was <config>.<pid>.tmp: exec keeps the pid.
echo secret > target
LONG=y sh -c 'ln -s target .config.$$.tmp && exec "$KBROWSE" conf --olddefconfig' \
	>/dev/null 2>err
tap_result $? "saved with a symlink planted at .config.<pid>.tmp" err
[ "$(cat target)" = secret ]
tap_result $? "the symlink's target is untouched" err
grep -q '^CONFIG_B="y"$' .config
tap_result $? "the new .config is written" err
rm -f .config.*.tmp

chmod 600 .config
LONG=z "$KBROWSE" conf --olddefconfig >/dev/null 2>err
[ "$(stat -c %a .config)" = 600 ]
tap_result $? "mode 0600 is kept" err

rm -f .config.old && mkdir .config.old
LONG=w "$KBROWSE" conf --olddefconfig >/dev/null 2>err
status=$?
grep -q '^CONFIG_B="w"$' .config && [ $status = 0 ]
tap_result $? ".config.old a directory: saved" err
grep -q 'no backup kept: .config.old: Is a directory' err
tap_result $? ".config.old a directory: said" err

# Not a regular file: written in place, as conf does.
printf '# CONFIG_A is not set\n' >a_off.config
KCONFIG_CONFIG=a_off.config "$KBROWSE" conf --savedefconfig=/dev/stdout 2>/dev/null |
	grep -q '^# CONFIG_A is not set$'
tap_result $? "--savedefconfig=/dev/stdout: written to standard output" err

: > afile
KCONFIG_CONFIG=afile/.config "$KBROWSE" conf --olddefconfig >/dev/null 2>err
[ $? = 1 ] && grep -q 'afile/.config: .*Not a directory' err
tap_result $? "a path through a file: 'Not a directory'" err

if [ "$(id -u)" = 0 ] && mkdir full && mount -t tmpfs -o size=12k tmpfs full 2>/dev/null; then
	mounts="$PWD/full"
	KCONFIG_CONFIG=full/.config "$KBROWSE" conf --olddefconfig >/dev/null 2>err
	cp full/.config full.before
	dd if=/dev/zero of=full/fill bs=1k count=100 2>/dev/null
	long=$(awk 'BEGIN { while (n++ < 6000) printf "x" }')
	for overwrite in "" 1; do
		LONG=$long KCONFIG_OVERWRITECONFIG=$overwrite KCONFIG_CONFIG=full/.config \
			"$KBROWSE" conf --olddefconfig >/dev/null 2>err
		[ $? = 1 ] && grep -q 'No space left on device' err
		tap_result $? "full disk (KCONFIG_OVERWRITECONFIG=$overwrite): the reason" err
		cmp -s full.before full/.config && [ "$(ls full)" = fill ]
		tap_result $? "full disk (KCONFIG_OVERWRITECONFIG=$overwrite): .config intact, no temporary file" err
	done
	# --savedefconfig is replaced whole too: the old file stays.
	rm -f full/fill && printf 'CONFIG_OLD=y\n' >full/defconfig &&
		dd if=/dev/zero of=full/fill bs=1k count=100 2>/dev/null
	KCONFIG_CONFIG=a_off.config "$KBROWSE" conf --savedefconfig=full/defconfig >/dev/null 2>err
	[ $? = 1 ] && grep -q 'Error while saving defconfig to: full/defconfig' err &&
		[ "$(cat full/defconfig)" = CONFIG_OLD=y ] &&
		[ -z "$(find full -mindepth 1 ! -name fill ! -name defconfig ! -name '.*')" ]
	tap_result $? "full disk: --savedefconfig keeps the old file, no temporary file" err
	mkdir ro && mount -t tmpfs -o size=64k tmpfs ro && mounts="$mounts $PWD/ro" &&
		mount -o remount,ro ro
	KCONFIG_CONFIG=ro/.config "$KBROWSE" conf --olddefconfig >/dev/null 2>err
	[ $? = 1 ] && grep -q 'Read-only file system' err
	tap_result $? "read-only file system: the reason" err
else
	tap_skip "full disk" "needs root and tmpfs"
	tap_skip "full disk" "needs root and tmpfs"
	tap_skip "full disk" "needs root and tmpfs"
	tap_skip "full disk" "needs root and tmpfs"
	tap_skip "full disk" "needs root and tmpfs"
	tap_skip "read-only file system" "needs root and tmpfs"
fi

if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
	mkdir locked && cp Kconfig locked/ && printf 'CONFIG_A=n\n' > locked/.config &&
		chmod 000 locked/.config && chown -R nobody locked
	as_nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
	(cd locked && XDG_CACHE_HOME=/nonexistent $as_nobody "$KBROWSE" conf --olddefconfig) \
		>/dev/null 2>err
	[ $? = 1 ] && grep -q '\.config: Permission denied' err
	tap_result $? "unreadable .config: conf refuses, says why" err
	(cd locked && XDG_CACHE_HOME=/nonexistent $as_nobody "$KBROWSE" explain A) >/dev/null 2>err
	[ $? = 1 ] && grep -q '\.config: Permission denied' err
	tap_result $? "unreadable .config: explain refuses, says why" err
	[ "$(stat -c %s locked/.config)" = 11 ] && ! [ -e locked/.config.old ]
	tap_result $? "unreadable .config: not replaced" err
else
	tap_skip "unreadable .config" "needs root and setpriv"
	tap_skip "unreadable .config" "needs root and setpriv"
	tap_skip "unreadable .config" "needs root and setpriv"
fi

# The build files were written through NAME.tmp, as conf does.
rm -rf include .config.old
mkdir -p include/config include/generated
echo secret > victim
for f in config/auto.conf config/auto.conf.cmd generated/autoconf.h \
	 generated/rustc_cfg; do
	ln -s ../../victim "include/$f.tmp"
done
LONG=v "$KBROWSE" conf --olddefconfig >/dev/null 2>err
tap_result $? "build files: written with links planted at NAME.tmp" err
[ "$(cat victim)" = secret ]
tap_result $? "build files: the links' target is untouched" err
grep -q '^CONFIG_A=y$' include/config/auto.conf &&
	grep -q '^#define CONFIG_A 1$' include/generated/autoconf.h &&
	grep -q '^--cfg=CONFIG_A$' include/generated/rustc_cfg &&
	grep -q '^deps_config' include/config/auto.conf.cmd
tap_result $? "build files: all four written" err
[ "$(find include -name '*.tmp' ! -type l | wc -l)" = 0 ] &&
	[ "$(find include -name '*.tmp' -type l | wc -l)" = 4 ]
tap_result $? "build files: no temporary file left, the links still links" err
rm -rf include
mkdir -p include/config
ln -s ../../victim include/config/A
LONG=u "$KBROWSE" conf --olddefconfig >/dev/null 2>err
[ "$(cat victim)" = secret ] && [ -L include/config/A ] &&
	grep -q 'include/config/A: Too many levels of symbolic links' err
tap_result $? "a link planted at an include/config marker: not followed, said" err
rm -rf include

if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
	as_nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
	mkdir -p rodir/include/config && cp Kconfig rodir/ &&
		(cd rodir && "$KBROWSE" conf --olddefconfig >/dev/null 2>&1) &&
		cp rodir/.config rodir.before && rm rodir/include/config/auto.conf &&
		cp rodir/include/config/auto.conf.cmd cmd.before &&
		chmod -R a+rX rodir && chmod 555 rodir rodir/include/config
	(cd rodir && LONG=t XDG_CACHE_HOME=/nonexistent $as_nobody \
		"$KBROWSE" conf --olddefconfig) >/dev/null 2>err
	[ $? = 1 ] && grep -q '^\.config: cannot create a temporary file in its directory: Permission denied$' err
	tap_result $? "a directory that cannot be written: .config not saved, the reason" err
	cmp -s rodir.before rodir/.config && [ -z "$(find rodir -name '*.tmp')" ]
	tap_result $? "... the old .config intact, no temporary file" err
	chown nobody rodir && chmod 755 rodir	# include/config stays 0555
	(cd rodir && LONG=t XDG_CACHE_HOME=/nonexistent $as_nobody \
		"$KBROWSE" conf --olddefconfig) >/dev/null 2>err
	grep -q '^include/config/auto.conf.cmd: cannot create a temporary file in its directory: Permission denied$' err
	tap_result $? "a build directory that cannot be written: the reason" err
	cmp -s cmd.before rodir/include/config/auto.conf.cmd &&
		[ -z "$(find rodir -name '*.tmp')" ]
	tap_result $? "... the old auto.conf.cmd intact, no temporary file" err
	chmod -R u+w rodir
else
	for _ in 1 2 3 4; do
		tap_skip "a directory that cannot be written" "needs root and setpriv"
	done
fi

tap_done
