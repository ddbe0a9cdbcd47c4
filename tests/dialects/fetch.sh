#!/bin/sh
# Get the trees the dialect suites compare kbrowse with, outside the
# repository (nothing fetched is ever committed).
#
# usage: fetch.sh [u-boot] [buildroot]      (default: both)
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
# Each tree is fetched once; remove its directory to fetch it again.
# The oracle of the fixture suite (tests/dialects/oldkconfig.sh) is a
# package: apt-get install kconfig-frontends-nox.
set -eu

cache=${KBROWSE_DIALECT_CACHE:-/var/cache/kbrowse/dialects}
suite=${KBROWSE_DEBIAN_SUITE:-$(. /etc/os-release 2>/dev/null; echo "${VERSION_CODENAME:-bookworm}")}
mirror=${KBROWSE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
buildroot_git=${KBROWSE_BUILDROOT_GIT:-https://gitlab.com/buildroot.org/buildroot.git}
mkdir -p "$cache"

fetch_uboot()
{
	[ -f "$cache/u-boot/Kconfig" ] && { echo "u-boot: $cache/u-boot"; return 0; }
	command -v dpkg-source >/dev/null 2>&1 || {
		echo "u-boot: dpkg-source missing (apt-get install dpkg-dev)" >&2
		return 1
	}
	tmp=$(mktemp -d "$cache/.u-boot.XXXXXX")
	mkdir -p "$tmp/lists/partial"
	echo "deb-src $mirror $suite main" >"$tmp/sources.list"
	# apt reads this list and keeps its indexes here, nowhere else
	set -- -o Dir::Etc::SourceList="$tmp/sources.list" \
		-o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists="$tmp/lists"
	apt-get "$@" update >"$tmp/apt.log" 2>&1 &&
	(cd "$tmp" && apt-get "$@" source u-boot >>"$tmp/apt.log" 2>&1) || {
		echo "u-boot: apt-get source failed, see $tmp/apt.log" >&2
		return 1
	}
	for dir in "$tmp"/u-boot-*/; do
		[ -f "$dir/Kconfig" ] && mv "$dir" "$cache/u-boot"
	done
	rm -rf "$tmp"
	[ -f "$cache/u-boot/Kconfig" ] || { echo "u-boot: no tree in the source package" >&2; return 1; }
	echo "u-boot: $cache/u-boot"
}

fetch_buildroot()
{
	[ -f "$cache/buildroot/Config.in" ] && { echo "buildroot: $cache/buildroot"; return 0; }
	git clone -q --depth 1 "$buildroot_git" "$cache/buildroot.tmp" 2>/dev/null || {
		rm -rf "$cache/buildroot.tmp"
		echo "buildroot: cannot clone $buildroot_git (not in Debian's archive)" >&2
		return 1
	}
	mv "$cache/buildroot.tmp" "$cache/buildroot"
	echo "buildroot: $cache/buildroot"
}

[ $# -gt 0 ] || set -- u-boot buildroot
status=0
for tree in "$@"; do
	case $tree in
	u-boot) fetch_uboot || status=1 ;;
	buildroot) fetch_buildroot || status=1 ;;
	*) echo "fetch.sh: unknown tree '$tree' (u-boot, buildroot)" >&2; exit 2 ;;
	esac
done
exit $status
