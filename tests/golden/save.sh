#!/bin/sh
# Saving a .config cannot lose or leak a file (TAP; issue 11, item 8):
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

n=0
check()
{
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		sed 's/^/# /' err 2>/dev/null | head -n 5
	fi
}
skip()
{
	n=$((n + 1))
	echo "ok $n # SKIP $1"
}

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
check $? "a first .config"
cp .config before

# conf's temporary name was <config>.<pid>.tmp: exec keeps the pid.
echo secret > target
LONG=y sh -c 'ln -s target .config.$$.tmp && exec "$KBROWSE" conf --olddefconfig' \
	>/dev/null 2>err
check $? "saved with a symlink planted at .config.<pid>.tmp"
[ "$(cat target)" = secret ]
check $? "the symlink's target is untouched"
grep -q '^CONFIG_B="y"$' .config
check $? "the new .config is written"
rm -f .config.*.tmp

chmod 600 .config
LONG=z "$KBROWSE" conf --olddefconfig >/dev/null 2>err
[ "$(stat -c %a .config)" = 600 ]
check $? "mode 0600 is kept"

rm -f .config.old && mkdir .config.old
LONG=w "$KBROWSE" conf --olddefconfig >/dev/null 2>err
status=$?
grep -q '^CONFIG_B="w"$' .config && [ $status = 0 ]
check $? ".config.old a directory: saved"
grep -q 'no backup kept: .config.old: Is a directory' err
check $? ".config.old a directory: said"

: > afile
KCONFIG_CONFIG=afile/.config "$KBROWSE" conf --olddefconfig >/dev/null 2>err
[ $? = 1 ] && grep -q 'afile/.config: .*Not a directory' err
check $? "a path through a file: 'Not a directory'"

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
		check $? "full disk (KCONFIG_OVERWRITECONFIG=$overwrite): the reason"
		cmp -s full.before full/.config && [ -z "$(ls full | grep -v '^fill$')" ]
		check $? "full disk (KCONFIG_OVERWRITECONFIG=$overwrite): .config intact, no temporary file"
	done
	mkdir ro && mount -t tmpfs -o size=64k tmpfs ro && mounts="$mounts $PWD/ro" &&
		mount -o remount,ro ro
	KCONFIG_CONFIG=ro/.config "$KBROWSE" conf --olddefconfig >/dev/null 2>err
	[ $? = 1 ] && grep -q 'Read-only file system' err
	check $? "read-only file system: the reason"
else
	skip "full disk: needs root and tmpfs"
	skip "full disk: needs root and tmpfs"
	skip "full disk: needs root and tmpfs"
	skip "full disk: needs root and tmpfs"
	skip "read-only file system: needs root and tmpfs"
fi

if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
	mkdir locked && cp Kconfig locked/ && printf 'CONFIG_A=n\n' > locked/.config &&
		chmod 000 locked/.config && chown -R nobody locked
	as_nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
	(cd locked && XDG_CACHE_HOME=/nonexistent $as_nobody "$KBROWSE" conf --olddefconfig) \
		>/dev/null 2>err
	[ $? = 1 ] && grep -q '\.config: Permission denied' err
	check $? "unreadable .config: conf refuses, says why"
	(cd locked && XDG_CACHE_HOME=/nonexistent $as_nobody "$KBROWSE" explain A) >/dev/null 2>err
	[ $? = 1 ] && grep -q '\.config: Permission denied' err
	check $? "unreadable .config: explain refuses, says why"
	[ "$(stat -c %s locked/.config)" = 11 ] && ! [ -e locked/.config.old ]
	check $? "unreadable .config: not replaced"
else
	skip "unreadable .config: needs root and setpriv"
	skip "unreadable .config: needs root and setpriv"
	skip "unreadable .config: needs root and setpriv"
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
check $? "build files: written with links planted at NAME.tmp"
[ "$(cat victim)" = secret ]
check $? "build files: the links' target is untouched"
grep -q '^CONFIG_A=y$' include/config/auto.conf &&
	grep -q '^#define CONFIG_A 1$' include/generated/autoconf.h &&
	grep -q '^--cfg=CONFIG_A$' include/generated/rustc_cfg &&
	grep -q '^deps_config' include/config/auto.conf.cmd
check $? "build files: all four written"
[ "$(find include -name '*.tmp' ! -type l | wc -l)" = 0 ] &&
	[ "$(find include -name '*.tmp' -type l | wc -l)" = 4 ]
check $? "build files: no temporary file left, the links still links"
rm -rf include
mkdir -p include/config
ln -s ../../victim include/config/A
LONG=u "$KBROWSE" conf --olddefconfig >/dev/null 2>err
[ "$(cat victim)" = secret ] && [ -L include/config/A ] &&
	grep -q 'include/config/A: Too many levels of symbolic links' err
check $? "a link planted at an include/config marker: not followed, said"
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
	check $? "a directory that cannot be written: .config not saved, the reason"
	cmp -s rodir.before rodir/.config && [ -z "$(find rodir -name '*.tmp')" ]
	check $? "... the old .config intact, no temporary file"
	chown nobody rodir && chmod 755 rodir	# include/config stays 0555
	(cd rodir && LONG=t XDG_CACHE_HOME=/nonexistent $as_nobody \
		"$KBROWSE" conf --olddefconfig) >/dev/null 2>err
	grep -q '^include/config/auto.conf.cmd: cannot create a temporary file in its directory: Permission denied$' err
	check $? "a build directory that cannot be written: the reason"
	cmp -s cmd.before rodir/include/config/auto.conf.cmd &&
		[ -z "$(find rodir -name '*.tmp')" ]
	check $? "... the old auto.conf.cmd intact, no temporary file"
	chmod -R u+w rodir
else
	for i in 1 2 3 4; do
		skip "a directory that cannot be written: needs root and setpriv"
	done
fi

echo "1..$n"
