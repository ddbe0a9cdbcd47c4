# SPDX-License-Identifier: GPL-2.0
# Bash completion for kbrowse: subcommands, options, conf modes, and the
# names of the symbols of the tree (from `kbrowse dump --symbols`, run
# with the -C/--srctree, --no-cache and --kconfig already typed).  Needs nothing from
# the bash-completion package; installed where it looks for completions.

# _kbrowse_words: COMP_WORDS with "--opt" "=" "value" joined again into
# "--opt=value" (bash splits words at '=' when COMP_WORDBREAKS has it).
# Sets _kbrowse_w (the words up to the cursor) and _kbrowse_cur.
_kbrowse_words()
{
	local i w n
	_kbrowse_w=()
	for ((i = 0; i <= COMP_CWORD && i < ${#COMP_WORDS[@]}; i++)); do
		w=${COMP_WORDS[i]}
		n=${#_kbrowse_w[@]}
		if ((n > 1)) && [[ $w == = && ${_kbrowse_w[n-1]} == --* &&
			${_kbrowse_w[n-1]} != *=* ]]; then
			_kbrowse_w[n-1]+='='
		elif ((n > 1)) && [[ ${COMP_WORDS[i-1]} == = &&
			${_kbrowse_w[n-1]} == --*= ]]; then
			_kbrowse_w[n-1]+=$w
		else
			_kbrowse_w+=("$w")
		fi
	done
	_kbrowse_cur=${_kbrowse_w[${#_kbrowse_w[@]}-1]}
}

# _kbrowse_value PREFIX COMPGEN-ARGS...: COMPREPLY for a current word
# "PREFIXvalue" ("--opt=", "CONFIG_" or nothing) from compgen on the value.
_kbrowse_value()
{
	local prefix=$1 value=${_kbrowse_cur#"$1"}
	shift
	[[ $1 == -[fd] ]] && compopt -o filenames 2>/dev/null
	# One name a line (file names may hold blanks; -W lists may not).
	mapfile -t COMPREPLY < <(compgen "$@" -- "$value")
	# When '=' breaks words, bash replaces only what follows it.
	if [[ -n $prefix && ($prefix != *= || $COMP_WORDBREAKS != *=*) ]]; then
		COMPREPLY=("${COMPREPLY[@]/#/$prefix}")
	fi
}

_kbrowse()
{
	local _kbrowse_w _kbrowse_cur
	_kbrowse_words
	local cur=$_kbrowse_cur nwords=${#_kbrowse_w[@]}
	local prev=
	((nwords > 1)) && prev=${_kbrowse_w[nwords-2]}
	local cmd=${_kbrowse_w[0]} sub='' i w
	local -a tree=()	# -C DIR, --no-cache as typed
	local kconfig=		# explain's --kconfig FILE

	# shellcheck disable=SC2088 # a literal ~/ as typed
	[[ $cmd == '~/'* ]] && cmd=$HOME/${cmd#'~/'}
	for ((i = 1; i < nwords - 1; i++)); do
		w=${_kbrowse_w[i]}
		case $w in
		-C | --srctree | --dialect)
			((i + 1 < nwords - 1)) && tree+=("$w" "${_kbrowse_w[i+1]}")
			((i++))
			;;
		-C?* | --srctree=* | --dialect=* | --no-cache | --no-shell)
			tree+=("$w")
			;;
		--kconfig)
			((i + 1 < nwords - 1)) && kconfig=${_kbrowse_w[i+1]}
			((i++))
			;;
		--kconfig=*)
			kconfig=${w#--kconfig=}
			;;
		--defconfig | --savedefconfig | --depth | --to | --apply | --from-tree | --diff)
			((i++))
			;;
		-*) ;;
		*)
			[[ -z $sub ]] && sub=$w
			;;
		esac
	done

	COMPREPLY=()
	case $prev in
	-C | --srctree | --write-examples | --from-tree)
		_kbrowse_value "" -d
		return
		;;
	--kconfig | --defconfig | --savedefconfig | --apply | --diff)
		_kbrowse_value "" -f
		return
		;;
	--to)
		_kbrowse_value "" -W "y m n visible"
		return
		;;
	--dialect)
		_kbrowse_value "" -W "linux-7.0 linux-6.18 linux-6.11 linux-6.2 linux-5.x linux-4.18 linux-4.17 linux-2.6 kconfig-frontends u-boot buildroot busybox kconfiglib"
		return
		;;
	--depth)
		_kbrowse_value "" -W "1 2 3 4 5"
		return
		;;
	esac
	case $cur in
	--srctree=* | --from-tree=*)
		_kbrowse_value "${cur%%=*}=" -d
		return
		;;
	--kconfig=* | --defconfig=* | --savedefconfig=* | --apply=* | --diff=*)
		_kbrowse_value "${cur%%=*}=" -f
		return
		;;
	--to=*)
		_kbrowse_value --to= -W "y m n visible"
		return
		;;
	--depth=*)
		_kbrowse_value --depth= -W "1 2 3 4 5"
		return
		;;
	esac

	local common="-C --srctree --no-cache --no-shell --dialect -h --help"
	case $sub in
	explain)
		if [[ $cur == -* ]]; then
			_kbrowse_value "" -W "$common --kconfig --json --depth --to
				--reverse --no-help --all --"
		else
			local names prefix=
			# Symbols may be written with CONFIG_ too.
			[[ $cur == CONFIG_* ]] && prefix=CONFIG_
			names=$("$cmd" "${tree[@]}" dump --symbols \
				${kconfig:+"$kconfig"} 2>/dev/null)
			_kbrowse_value "$prefix" -W "$names"
		fi
		;;
	conf)
		if [[ $cur == -* ]]; then
			_kbrowse_value "" -W "$common -s --silent
				--olddefconfig --alldefconfig --allnoconfig
				--allyesconfig --allmodconfig --randconfig
				--defconfig= --savedefconfig= --listnewconfig
				--helpnewconfig --yes2modconfig --mod2yesconfig
				--mod2noconfig --oldconfig --oldaskconfig --syncconfig
				--want"
		else
			_kbrowse_value "" -f
		fi
		;;
	diff)
		if [[ $cur == -* ]]; then
			_kbrowse_value "" -W "$common --kconfig --json --apply --from-tree"
		else
			_kbrowse_value "" -f
		fi
		;;
	merge)
		if [[ $cur == -* ]]; then
			_kbrowse_value "" -W "$common -m -n -y -r -s -Q -O --alldefconfig
				--strict --json --format=github"
		else
			_kbrowse_value "" -f
		fi
		;;
	dump)
		if [[ $cur == -* ]]; then
			_kbrowse_value "" -W "$common --symbols"
		else
			_kbrowse_value "" -f
		fi
		;;
	learn)
		if [[ $cur == -* ]]; then
			_kbrowse_value "" -W "$common"
		else
			_kbrowse_value "" -W "show check hint list goto reset glossary"
		fi
		;;
	*)
		if [[ $cur == -* ]]; then
			_kbrowse_value "" -W "$common -V --version --write-examples --diff"
		elif [[ -n $sub ]]; then
			_kbrowse_value "" -f	# the browser's KCONFIG was given
		else
			_kbrowse_value "" -W "explain diff conf merge dump learn lsp mcp"
			local -a files
			mapfile -t files < <(compgen -f -- "$cur")
			((${#files[@]})) && compopt -o filenames 2>/dev/null
			COMPREPLY+=("${files[@]}")
		fi
		;;
	esac
	# "--defconfig=" is finished by the file name, not by a space.
	if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]]; then
		compopt -o nospace 2>/dev/null
	fi
	return 0
}

complete -F _kbrowse kbrowse
