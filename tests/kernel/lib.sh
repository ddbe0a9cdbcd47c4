# shellcheck shell=bash
# Shared helpers for the kernel tests (sourced, not run):
#
#   kernel_tree          ensure the Linux tree (6.12, or $KBROWSE_KERNEL_SERIES)
#                        is extracted; print its path
#   kernel_conf          build the tree's own scripts/kconfig/conf; print its path
#   arch_variants        list every ARCH value the tree's Kconfig can be run for
#   arch_env VARIANT     print NAME=VALUE lines: the environment `make ARCH=...`
#                        hands to scripts/kconfig/conf for that variant
#   kernel_srcarch ARCH  the arch/ directory for an ARCH value
#   kernel_dialect       kbrowse's name for the series' Kconfig rules
#
# The tree comes only from Debian's linux-source-SERIES package: 6.12 by
# default, another series (6.1) when KBROWSE_KERNEL_SERIES names it before
# this file is sourced.  It is extracted once into a cache outside the repository ($KBROWSE_KERNEL_CACHE,
# default /var/cache/kbrowse) and never written to afterwards: conf is built
# out of tree (O=...) and every test runs in a directory of its own.

KERNEL_SERIES=${KBROWSE_KERNEL_SERIES:-6.12}
KERNEL_PACKAGE=linux-source-$KERNEL_SERIES
KERNEL_TARBALL=${KBROWSE_KERNEL_TARBALL:-/usr/src/$KERNEL_PACKAGE.tar.xz}
KERNEL_CACHE=${KBROWSE_KERNEL_CACHE:-/var/cache/kbrowse}
# Where conf is built: 6.12 keeps the directory it always had, other
# series get one of their own.
if [ "$KERNEL_SERIES" = 6.12 ]; then
	KERNEL_OBJ=$KERNEL_CACHE/obj-conf
else
	KERNEL_OBJ=$KERNEL_CACHE/obj-conf-$KERNEL_SERIES
fi

# The rules kbrowse detects from the tree's Makefile, for files read
# without the tree around them (a dump, the kconfig self-tests).
kernel_dialect()
{
	case $KERNEL_SERIES in
	6.1) echo linux-4.18 ;;
	*) echo linux-6.11 ;;
	esac
}

kernel_log()
{
	printf '%s\n' "kernel: $*" >&2
}

# Run a command as root: we are root on CI; elsewhere try sudo without a
# password prompt rather than hang.
kernel_as_root()
{
	if [ "$(id -u)" = 0 ]; then
		"$@"
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		sudo -n "$@"
	else
		kernel_log "need root to run: $*"
		return 1
	fi
}

# Serialise the slow one-time steps (extraction, building conf) between
# test scripts that may start at the same moment.  flock is optional.
kernel_locked()
{
	local lock=$KERNEL_CACHE/.lock
	if command -v flock >/dev/null 2>&1; then
		(
			flock 9 || exit 1
			"$@"
		) 9>"$lock"
	else
		"$@"
	fi
}

kernel_install_tarball()
{
	[ -f "$KERNEL_TARBALL" ] && return 0
	kernel_log "$KERNEL_TARBALL missing: installing $KERNEL_PACKAGE"
	export DEBIAN_FRONTEND=noninteractive
	if ! kernel_as_root apt-get install -y -q "$KERNEL_PACKAGE" >&2; then
		kernel_as_root apt-get update -q >&2 || true
		kernel_as_root apt-get install -y -q "$KERNEL_PACKAGE" >&2 || return 1
	fi
	[ -f "$KERNEL_TARBALL" ] || {
		kernel_log "$KERNEL_PACKAGE installed but $KERNEL_TARBALL is missing"
		return 1
	}
}

# What the stamp records: the tarball it came from.  A new package version
# changes size or mtime, and the tree is extracted again.
kernel_tarball_id()
{
	stat -c '%s %Y' "$KERNEL_TARBALL" 2>/dev/null | sed "s|^|$KERNEL_TARBALL |"
}

# A tree extracted before stamps existed (or by hand) is adopted if it holds
# every file of the tarball; otherwise it is extracted again.
kernel_tree_matches_tarball()
{
	local dir=$1 missing
	missing=$(tar -tJf "$KERNEL_TARBALL" | grep -v '/$' |
		(cd "$(dirname "$dir")" && while IFS= read -r f; do
			[ -e "$f" ] || [ -L "$f" ] || { echo "$f"; break; }
		done))
	[ -z "$missing" ]
}

kernel_extract()
{
	local tree=$KERNEL_CACHE/$KERNEL_PACKAGE stamp=$KERNEL_CACHE/$KERNEL_PACKAGE.stamp
	local id tmp

	id=$(kernel_tarball_id)
	if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$id" ] && [ -f "$tree/Makefile" ]; then
		return 0
	fi
	if [ -d "$tree" ] && [ ! -f "$stamp" ]; then
		kernel_log "checking the existing $tree against $KERNEL_TARBALL"
		if kernel_tree_matches_tarball "$tree"; then
			printf '%s\n' "$id" >"$stamp"
			return 0
		fi
	fi
	kernel_log "extracting $KERNEL_TARBALL into $KERNEL_CACHE"
	tmp=$(mktemp -d "$KERNEL_CACHE/.extract.XXXXXX") || return 1
	if ! tar -xJf "$KERNEL_TARBALL" -C "$tmp"; then
		rm -rf "$tmp"
		return 1
	fi
	if [ ! -f "$tmp/$KERNEL_PACKAGE/Makefile" ]; then
		kernel_log "$KERNEL_TARBALL does not hold $KERNEL_PACKAGE/Makefile"
		rm -rf "$tmp"
		return 1
	fi
	rm -f "$stamp"
	rm -rf "$tree" "$KERNEL_OBJ"
	mv "$tmp/$KERNEL_PACKAGE" "$tree" && rmdir "$tmp" || return 1
	printf '%s\n' "$id" >"$stamp"
}

kernel_tree()
{
	local tree=$KERNEL_CACHE/$KERNEL_PACKAGE
	mkdir -p "$KERNEL_CACHE" || return 1
	# Extracted and stamped, and the package removed since: nothing to do.
	if [ ! -f "$KERNEL_TARBALL" ] && [ -s "$tree.stamp" ] && [ -f "$tree/Makefile" ]; then
		printf '%s\n' "$tree"
		return 0
	fi
	kernel_install_tarball || return 1
	kernel_locked kernel_extract || return 1
	printf '%s\n' "$KERNEL_CACHE/$KERNEL_PACKAGE"
}

# Build scripts/kconfig/conf with the tree's own Makefile, out of tree.
# "build_config" is the kconfig Makefile's target for building conf alone;
# it needs no configured kernel.  The environment is cleaned of anything
# that would make it a cross build: conf is a host program.
kernel_build_conf()
{
	local tree=$1 obj=$KERNEL_OBJ
	local stamp=$obj/.kbrowse-stamp id tool

	id=$(cat "$KERNEL_CACHE/$KERNEL_PACKAGE.stamp")
	if [ -x "$obj/scripts/kconfig/conf" ] && [ -f "$stamp" ] &&
		[ "$(cat "$stamp")" = "$id" ]; then
		return 0
	fi
	for tool in make gcc flex bison; do
		command -v "$tool" >/dev/null 2>&1 || {
			kernel_log "building conf needs $tool"
			return 1
		}
	done
	kernel_log "building $obj/scripts/kconfig/conf"
	rm -rf "$obj"
	mkdir -p "$obj" || return 1
	if ! env -u ARCH -u SRCARCH -u CROSS_COMPILE -u LLVM -u KBUILD_OUTPUT \
		-u CC -u HOSTCC -u O -u MAKEFLAGS \
		make -s -C "$tree" O="$obj" build_config >"$obj/build.log" 2>&1; then
		cat "$obj/build.log" >&2
		return 1
	fi
	printf '%s\n' "$id" >"$stamp"
}

kernel_conf()
{
	local tree
	tree=$(kernel_tree) || return 1
	kernel_locked kernel_build_conf "$tree" || return 1
	printf '%s\n' "$KERNEL_OBJ/scripts/kconfig/conf"
}

# The top-level Makefile's own table of ARCH aliases: lines
#   ifeq ($(ARCH),ALIAS)
#           SRCARCH := DIR
# printed as "ALIAS DIR".
kernel_arch_aliases()
{
	local tree=$1
	awk '
		/^ifeq \(\$\(ARCH\),[A-Za-z0-9_]+\)/ {
			alias = $0
			sub(/^ifeq \(\$\(ARCH\),/, "", alias)
			sub(/\).*/, "", alias)
			next
		}
		alias != "" && /^[ \t]*SRCARCH[ \t]*:=/ {
			dir = $0
			sub(/^[ \t]*SRCARCH[ \t]*:=[ \t]*/, "", dir)
			sub(/[ \t]*$/, "", dir)
			print alias, dir
		}
		{ alias = "" }
	' "$tree/Makefile"
}

kernel_srcarch()
{
	local arch=$1 tree alias dir
	tree=${KERNEL_TREE:-$KERNEL_CACHE/$KERNEL_PACKAGE}
	while read -r alias dir; do
		if [ "$alias" = "$arch" ]; then
			printf '%s\n' "$dir"
			return 0
		fi
	done <<EOF
$(kernel_arch_aliases "$tree")
EOF
	printf '%s\n' "$arch"
}

# Every arch/*/ with a Kconfig, plus each alias of the Makefile whose
# arch Kconfig reads $(ARCH) (i386 and x86_64, sparc64, parisc64): an alias
# the Kconfig files never look at (sh64) only renames the menu title.
# um is run on an x86 host (SUBARCH=x86), as arch_env describes.
arch_variants()
{
	local tree alias dir d
	tree=${KERNEL_TREE:-$(kernel_tree)} || return 1
	{
		for d in "$tree"/arch/*/Kconfig; do
			d=${d%/Kconfig}
			printf '%s\n' "${d##*/}"
		done
		kernel_arch_aliases "$tree" | while read -r alias dir; do
			[ -f "$tree/arch/$dir/Kconfig" ] || continue
			# shellcheck disable=SC2016 # a literal $(ARCH)
			grep -rqs --include='Kconfig*' -F '$(ARCH)' "$tree/arch/$dir" ||
				continue
			printf '%s\n' "$alias"
		done
	} | LC_ALL=C sort -u
}

# "NAME = value" from the top-level Makefile, as make reads it: leading and
# trailing blanks dropped, a comment ends the value.
kernel_make_var()
{
	sed -n "s/^$2[ 	]*=[ 	]*\\([^#]*\\).*/\\1/p" "$1/Makefile" | head -n 1 |
		sed 's/[ 	]*$//'
}

# KERNELVERSION = $(VERSION)$(if $(PATCHLEVEL),.$(PATCHLEVEL)$(if
#                 $(SUBLEVEL),.$(SUBLEVEL)))$(EXTRAVERSION)
kernel_version()
{
	local tree=$1 v p s e out
	v=$(kernel_make_var "$tree" VERSION)
	p=$(kernel_make_var "$tree" PATCHLEVEL)
	s=$(kernel_make_var "$tree" SUBLEVEL)
	e=$(kernel_make_var "$tree" EXTRAVERSION)
	out=$v
	if [ -n "$p" ]; then
		out=$out.$p
		[ -n "$s" ] && out=$out.$s
	fi
	printf '%s\n' "$out$e"
}

# The host's ARCH as scripts/subarch.include derives it from uname -m.
kernel_subarch()
{
	uname -m | sed -e 's/i.86/x86/' -e 's/x86_64/x86/' \
		-e 's/sun4u/sparc64/' \
		-e '/^arm64$/!s/arm.*/arm/' -e 's/sa110/arm/' \
		-e 's/s390x/s390/' \
		-e 's/ppc.*/powerpc/' -e 's/mips.*/mips/' \
		-e 's/sh[234].*/sh/' -e 's/aarch64.*/arm64/' \
		-e 's/riscv.*/riscv/' -e 's/loongarch.*/loongarch/'
}

# KBUILD_DEFCONFIG as arch/$SRCARCH/Makefile sets it ("defconfig" unless
# the arch names another); `make ARCH=... defconfig` reads that file.
kernel_kbuild_defconfig()
{
	local tree=$1 arch=$2 srcarch=$3 subarch=$4 mk line
	mk=$tree/arch/$srcarch/Makefile
	case $srcarch in
	x86)
		if [ "$arch" = x86 ]; then
			case $(uname -m | sed -e 's/i.86/i386/') in
			i386) echo i386_defconfig ;;
			*) echo x86_64_defconfig ;;
			esac
		else
			echo "${arch}_defconfig"
		fi
		return ;;
	um)
		if [ "$subarch" = x86 ]; then
			case $(uname -m) in
			x86_64) echo x86_64_defconfig ;;
			*) echo i386_defconfig ;;
			esac
		else
			echo "${subarch}_defconfig"
		fi
		return ;;
	sparc)
		[ "$arch" = sparc64 ] && echo sparc64_defconfig || echo sparc32_defconfig
		return ;;
	parisc)
		[ "$arch" = parisc64 ] && echo generic-64bit_defconfig ||
			echo generic-32bit_defconfig
		return ;;
	powerpc)
		# $(if $(filter ppc%,$(uname)),$(uname),ppc64le)_defconfig
		# (ppc64 before Linux 6.5)
		case $(uname -m) in
		ppc*) echo "$(uname -m)_defconfig" ;;
		*)
			line=$(sed -n 's/^KBUILD_DEFCONFIG.*,\([a-z0-9]*\))_defconfig.*/\1/p' "$mk" |
				head -n 1)
			echo "${line:-ppc64le}_defconfig" ;;
		esac
		return ;;
	esac
	line=$(sed -n 's/^KBUILD_DEFCONFIG[ 	]*:*=[ 	]*\([^ 	#]*\).*/\1/p' "$mk" 2>/dev/null |
		head -n 1)
	printf '%s\n' "${line:-defconfig}"
}

# $(subst $(pound),,$(shell LC_ALL=C $(CC) --version 2>/dev/null | head -n 1))
kernel_cc_version_text()
{
	# shellcheck disable=SC2086 # CC may carry flags, as in make
	LC_ALL=C $1 --version 2>/dev/null | head -n 1 | tr -d '#'
}

# $(subst $(pound),,$(shell $(RUSTC) --version 2>/dev/null)): make's
# $(shell) turns newlines into spaces and drops the last one.
kernel_rustc_version_text()
{
	local out
	# shellcheck disable=SC2086
	out=$($1 --version 2>/dev/null | tr -d '#')
	printf '%s\n' "$out" | tr '\n' ' ' | sed 's/ $//'
}

# scripts/Makefile.clang: the --target for each arch directory.
kernel_clang_target()
{
	case $1 in
	arm) echo arm-linux-gnueabi ;;
	arm64) echo aarch64-linux-gnu ;;
	hexagon) echo hexagon-linux-musl ;;
	loongarch) echo loongarch64-linux-gnusf ;;
	m68k) echo m68k-linux-gnu ;;
	mips) echo mipsel-linux-gnu ;;
	powerpc) echo powerpc64le-linux-gnu ;;
	riscv) echo riscv64-linux-gnu ;;
	s390) echo s390x-linux-gnu ;;
	x86) echo x86_64-linux-gnu ;;
	esac
}

# CLANG_FLAGS, which the top-level Makefile exports after including
# scripts/Makefile.clang when CC_VERSION_TEXT names clang.
kernel_clang_flags()
{
	local srcarch=$1 subarch=$2 cross=$3 target elfedit dir
	[ "$srcarch" = um ] && srcarch=$subarch
	target=$(kernel_clang_target "$srcarch")
	[ -n "$target" ] || return 0
	printf -- '--target=%s ' "$target"
	if [ "${LLVM_IAS:-}" = 0 ]; then
		elfedit=$(command -v "${cross}elfedit" 2>/dev/null)
		dir=
		[ -n "$elfedit" ] && dir=${elfedit%/*}/
		printf -- '-fno-integrated-as --prefix=%s%s ' "$dir" "${cross##*/}"
	else
		printf -- '-fintegrated-as '
	fi
	printf -- '-Werror=unknown-warning-option -Werror=ignored-optimization-argument'
	printf -- ' -Werror=option-ignored -Werror=unused-command-line-argument\n'
}

# The environment the top-level Makefile exports to scripts/kconfig/conf for
# `make O=... ARCH=VARIANT *config`, as NAME=VALUE lines (values may hold
# blanks, never newlines).  Only what Kconfig files and the scripts they run
# can read matters; the rest of make's exports are left out.  CROSS_COMPILE
# and LLVM are taken from the environment as make does; the cross prefixes
# some arch Makefiles look for in $PATH (cc-cross-prefix) are not searched.
arch_env()
{
	local variant=$1 tree srcarch subarch cross llvm pre suf cc_text
	local cc ld ar nm objcopy hostcc hostcxx
	tree=${KERNEL_TREE:-$(kernel_tree)} || return 1
	srcarch=$(kernel_srcarch "$variant")
	[ -f "$tree/arch/$srcarch/Kconfig" ] || {
		kernel_log "unknown architecture variant: $variant"
		return 1
	}
	subarch=$(kernel_subarch)
	cross=${CROSS_COMPILE:-}
	llvm=${LLVM:-}
	if [ -n "$llvm" ]; then
		case $llvm in
		*/) pre=$llvm suf='' ;;
		-*) pre='' suf=$llvm ;;
		*) pre='' suf='' ;;
		esac
		cc=${pre}clang$suf ld=${pre}ld.lld$suf ar=${pre}llvm-ar$suf
		nm=${pre}llvm-nm$suf objcopy=${pre}llvm-objcopy$suf
		hostcc=${pre}clang$suf hostcxx=${pre}clang++$suf
	else
		cc=${cross}gcc ld=${cross}ld ar=${cross}ar nm=${cross}nm
		objcopy=${cross}objcopy hostcc=gcc hostcxx=g++
	fi
	case $srcarch in
	alpha) nm="$nm -B" ;;		# arch/alpha/Makefile: NM := $(NM) -B
	ia64) nm="${cross}nm -B" ;;	# NM := $(CROSS_COMPILE)nm -B (until 6.7)
	powerpc) nm="$nm --synthetic" ;;
	esac
	cc_text=$(kernel_cc_version_text "$cc")

	echo "srctree=$tree"
	echo "ARCH=$variant"
	echo "SRCARCH=$srcarch"
	if [ "$srcarch" = um ]; then
		# arch/um/Makefile exports the host arch the UML kernel runs on.
		echo "SUBARCH=$subarch"
		case $subarch in
		x86|x86_64|i386) echo "HEADER_ARCH=x86" ;;
		*) echo "HEADER_ARCH=$subarch" ;;
		esac
	fi
	echo "KERNELVERSION=$(kernel_version "$tree")"
	echo "VERSION=$(kernel_make_var "$tree" VERSION)"
	echo "PATCHLEVEL=$(kernel_make_var "$tree" PATCHLEVEL)"
	echo "SUBLEVEL=$(kernel_make_var "$tree" SUBLEVEL)"
	echo "KERNELRELEASE="
	echo "CROSS_COMPILE=$cross"
	[ -n "$llvm" ] && echo "LLVM=$llvm"
	echo "CC=$cc"
	echo "LD=$ld"
	echo "AR=$ar"
	echo "NM=$nm"
	echo "OBJCOPY=$objcopy"
	echo "HOSTCC=$hostcc"
	echo "HOSTCXX=$hostcxx"
	echo "HOSTRUSTC=rustc"
	echo "HOSTPKG_CONFIG=pkg-config"
	echo "RUSTC=rustc"
	echo "RUSTDOC=rustdoc"
	echo "RUSTFMT=rustfmt"
	echo "BINDGEN=bindgen"
	echo "RUSTC_BOOTSTRAP=1"
	echo "PAHOLE=pahole"
	echo "PYTHON3=python3"
	echo "PERL=perl"
	echo "LEX=flex"
	echo "YACC=bison"
	echo "AWK=awk"
	echo "CONFIG_SHELL=sh"
	echo "CC_VERSION_TEXT=$cc_text"
	case $cc_text in
	*clang*) echo "CLANG_FLAGS=$(kernel_clang_flags "$srcarch" "$subarch" "$cross")" ;;
	esac
	# Exported since Linux 6.12.
	grep -q '^export.*RUSTC_VERSION_TEXT' "$tree/Makefile" &&
		echo "RUSTC_VERSION_TEXT=$(kernel_rustc_version_text rustc)"
	echo "KBUILD_DEFCONFIG=$(kernel_kbuild_defconfig "$tree" "$variant" "$srcarch" "$subarch")"
	echo "KBUILD_KCONFIG="
	echo "KCONFIG_CONFIG=.config"
	# scripts/kconfig/Makefile; conf reads it only when .config is missing.
	echo "KCONFIG_DEFCONFIG_LIST=/lib/modules/$(uname -r)/.config /etc/kernel-config /boot/config-$(uname -r) arch/$srcarch/configs/$(kernel_kbuild_defconfig "$tree" "$variant" "$srcarch" "$subarch")"
	echo "LC_COLLATE=C"
	echo "LC_NUMERIC=C"
}

# kernel_kbrowse_arg SCRIPT ARGS...: the kbrowse binary a kernel script was
# given (the last non-option argument, else $KBROWSE), as an absolute
# path; the options run.sh passes every script (-j N, -k REGEX, --logs
# DIR, --timeout SECS, --quick, --full, and survey.sh's --arches LIST) are
# skipped.  Usage error: status 2.
kernel_kbrowse_arg()
{
	local script=$1 kbrowse=${KBROWSE:-}

	shift
	while [ $# -gt 0 ]; do
		case $1 in
		-j|-k|--logs|--timeout|--arches) shift ;;
		-*) ;;
		*) kbrowse=$1 ;;
		esac
		shift
	done
	if [ -z "$kbrowse" ] || [ ! -x "$kbrowse" ]; then
		echo "usage: $script [OPTIONS] KBROWSE (or set \$KBROWSE)" >&2
		return 2
	fi
	printf '%s\n' "$(cd "$(dirname "$kbrowse")" && pwd)/$(basename "$kbrowse")"
}

# kernel_suite_start TAG SCRIPT ARGS...: the opening every conformance
# suite shares.  Sets kbrowse (the binary under test, from the arguments),
# KERNEL_TREE (exported) and conf (the kernel's own, built if need be),
# and work: a temporary directory named after TAG, removed at exit unless
# KEEP is set (to look at what a failing case left).  Exits when the tree
# or conf cannot be had.
kernel_suite_start()
{
	local tag=$1

	shift
	kbrowse=$(kernel_kbrowse_arg "$@") || exit 2
	KERNEL_TREE=$(kernel_tree) || exit 1
	# shellcheck disable=SC2034 # the suite's
	conf=$(kernel_conf) || exit 1
	export KERNEL_TREE
	work=$(mktemp -d "/tmp/kbrowse-$tag.XXXXXX") || exit 1
	trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
}

# kernel_series_files SERIES DIR: for SERIES (6.1, 6.12) the tree, its
# conf and the environment make gives conf on x86_64, in the files
# DIR/tree-SERIES, DIR/conf-SERIES and DIR/env-SERIES, for suites that
# compare two series (lib.sh is read again for SERIES, in a subshell).
# Fails when the tree or conf cannot be had.
kernel_series_files()
{
	local series=$1 dir=$2 lib=${BASH_SOURCE[0]} series_tree series_conf
	(
		# shellcheck disable=SC2034 # read by lib.sh
		KBROWSE_KERNEL_SERIES=$series
		# Read again for this series (followed once already).
		# shellcheck source=/dev/null
		. "$lib"
		series_tree=$(kernel_tree) || exit 1
		series_conf=$(kernel_conf) || exit 1
		printf '%s\n' "$series_tree" >"$dir/tree-$series"
		printf '%s\n' "$series_conf" >"$dir/conf-$series"
		KERNEL_TREE=$series_tree arch_env x86_64 >"$dir/env-$series" || exit 1
	)
}

# kernel_run_in DIR VARIANT COMMAND...: COMMAND run in DIR with only the
# environment make gives conf for VARIANT (arch_env), as `make` runs it
# (and the caller's XDG_CACHE_HOME, where kbrowse keeps its shell cache).
kernel_run_in()
{
	local dir=$1 variant=$2
	shift 2
	local -a envargs
	# arch_env asks the compiler: once a suite and variant is enough.
	local saved=${work:+$work/.arch-env-$variant}
	if [ -n "$saved" ] && [ -s "$saved" ]; then
		mapfile -t envargs <"$saved"
	else
		mapfile -t envargs < <(arch_env "$variant")
		[ -z "$saved" ] || printf '%s\n' "${envargs[@]}" >"$saved"
	fi
	(cd "$dir" && env -i LANG=C PATH="$PATH" HOME="${HOME:-/}" \
		${XDG_CACHE_HOME:+XDG_CACHE_HOME="$XDG_CACHE_HOME"} \
		"${envargs[@]}" "$@")
}

# TAP lines and the "N passed, N failed" summary (tap_result, tap_summary).
# shellcheck source=tests/lib/tap.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib/tap.sh"

# check STATUS DESC: one case of a suite that keeps its own passed and
# failed counts for its closing "N passed, N failed" line (tap_result,
# counted).
check()
{
	if tap_result "$1" "$2"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
}
