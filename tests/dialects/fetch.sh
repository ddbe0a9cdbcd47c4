#!/bin/sh
# Get the trees the dialect suites compare kbrowse with, outside the
# repository (nothing fetched is ever committed).
#
# usage: fetch.sh [u-boot] [buildroot] [nuttx] [busybox] [barebox]
#                                                    (default: all)
#
# Into $KBROWSE_DIALECT_CACHE (default /var/cache/kbrowse/dialects):
#   u-boot/      U-Boot from Debian's source package (apt-get source
#                u-boot), through a temporary deb-src list made here, so
#                the system's apt configuration is left alone; needs
#                dpkg-dev (dpkg-source) and network access to Debian's
#                archive, as CI has.
#   buildroot/   Buildroot, which Debian does not package: a shallow git
#                clone of its upstream repository ($KBROWSE_BUILDROOT_GIT),
#                when the network allows; CI reaches only Debian's
#                archive, so there the Buildroot suite skips.
#   nuttx/       NuttX (kconfig-frontends' rules), not packaged by Debian
#                either: a shallow clone of $KBROWSE_NUTTX_GIT.
#   busybox/     BusyBox from Debian's source package (apt-get source
#                busybox), as U-Boot.
#   barebox/     barebox, which Debian does not package: a shallow clone
#                of $KBROWSE_BAREBOX_GIT; CI cannot clone, so there the
#                barebox suite skips.
# Each tree is fetched once; remove its directory to fetch it again.
# The oracle of the fixture suite (tests/dialects/oldkconfig.sh) is a
# package: apt-get install kconfig-frontends-nox.
set -eu

cache=${KBROWSE_DIALECT_CACHE:-/var/cache/kbrowse/dialects}
suite=${KBROWSE_DEBIAN_SUITE:-$(. /etc/os-release 2>/dev/null; echo "${VERSION_CODENAME:-bookworm}")}
mirror=${KBROWSE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
buildroot_git=${KBROWSE_BUILDROOT_GIT:-https://gitlab.com/buildroot.org/buildroot.git}
nuttx_git=${KBROWSE_NUTTX_GIT:-https://github.com/apache/nuttx.git}
barebox_git=${KBROWSE_BAREBOX_GIT:-https://git.pengutronix.de/git/barebox}
mkdir -p "$cache"

# from_debian NAME PACKAGE TOP-FILE: Debian's source package into
# $cache/NAME, through a temporary deb-src list made here, so the
# system's apt configuration is left alone
from_debian()
{
	name=$1 package=$2 top=$3
	[ -f "$cache/$name/$top" ] && { echo "$name: $cache/$name"; return 0; }
	command -v dpkg-source >/dev/null 2>&1 || {
		echo "$name: dpkg-source missing (apt-get install dpkg-dev)" >&2
		return 1
	}
	tmp=$(mktemp -d "$cache/.$name.XXXXXX")
	mkdir -p "$tmp/lists/partial"
	echo "deb-src $mirror $suite main" >"$tmp/sources.list"
	# apt reads this list and keeps its indexes here, nowhere else
	set -- -o Dir::Etc::SourceList="$tmp/sources.list" \
		-o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists="$tmp/lists"
	{ apt-get "$@" update >"$tmp/apt.log" 2>&1 &&
	  (cd "$tmp" && apt-get "$@" source "$package" >>"$tmp/apt.log" 2>&1); } || {
		echo "$name: apt-get source failed, see $tmp/apt.log" >&2
		return 1
	}
	for dir in "$tmp/$package"-*/; do
		[ -f "$dir/$top" ] && mv "$dir" "$cache/$name"
	done
	rm -rf "$tmp"
	[ -f "$cache/$name/$top" ] || { echo "$name: no tree in the source package" >&2; return 1; }
	echo "$name: $cache/$name"
}

# clone NAME URL TOP-FILE: a shallow clone into $cache/NAME
clone()
{
	[ -f "$cache/$1/$3" ] && { echo "$1: $cache/$1"; return 0; }
	git clone -q --depth 1 "$2" "$cache/$1.tmp" 2>/dev/null || {
		rm -rf "$cache/$1.tmp"
		echo "$1: cannot clone $2 (not in Debian's archive)" >&2
		return 1
	}
	mv "$cache/$1.tmp" "$cache/$1"
	echo "$1: $cache/$1"
}

[ $# -gt 0 ] || set -- u-boot buildroot nuttx busybox barebox
status=0
for tree in "$@"; do
	case $tree in
	u-boot) from_debian u-boot u-boot Kconfig || status=1 ;;
	busybox) from_debian busybox busybox Config.in || status=1 ;;
	barebox) clone barebox "$barebox_git" Kconfig || status=1 ;;
	buildroot) clone buildroot "$buildroot_git" Config.in || status=1 ;;
	nuttx) clone nuttx "$nuttx_git" Kconfig || status=1 ;;
	*) echo "fetch.sh: unknown tree '$tree' (u-boot, buildroot, nuttx, busybox, barebox)" >&2; exit 2 ;;
	esac
done
exit $status
