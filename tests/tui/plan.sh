#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Plans in the browser (p, explain --to): a value, and "make visible" for
# an invisible entry.  The plan is shown in the pane, applied as one
# edit, saved; then `kbrowse conf --olddefconfig` runs on the saved file
# and the prompt must still be visible (the plan set user values that
# stand, not values that only hold until the next run).
# shellcheck source=tests/lib/tmux.sh
. "$(dirname "$0")/../lib/tmux.sh"

if ! command -v tmux >/dev/null 2>&1; then
	tap_skip_all "tmux is not installed"
fi

# "visible" in `kbrowse explain --to visible SYM`'s words, in DIR.
prompt_visible() {
	(cd "$1" && "$KBROWSE" explain --no-help --to visible "$2" 2>/dev/null) |
		grep -q "^The prompt of $2 is already visible: nothing to change\.$"
}

# --- the teaching tree: PRINTK's prompt says "if EXPERT" ---------------------------

work=$TUI_TMP/teach
mkdir -p "$work"
tap_check "before: PRINTK's prompt is hidden (explain --to visible plans EXPERT=y)" \
	sh -c "cd '$work' && '$KBROWSE' explain --to visible PRINTK 2>/dev/null |
		grep -q '^  set EXPERT=y (now n, prompt visible)'"

tui_start 80 24 "$work"
tui_welcome
tui_keys g
tui_type PRINTK
tui_keys Enter
tui_wait "Why: PRINTK"
tui_keys p
tap_check "p on an invisible bool offers y, n and visible" \
	tui_wait "Make PRINTK y, n, or v: visible? (Esc: cancel)"
tui_keys v
tap_check "v: the plan to show the prompt is in the pane, and asked about" \
	tui_wait "set EXPERT=y (now n, prompt visible)" \
		"Tried on a copy of this configuration: the prompt of PRINTK is shown." \
		"Apply these 1 step? (y/n)"
tui_keys y
tap_check "y applies it: the prompt is visible" \
	tui_wait "the prompt of PRINTK is visible (PRINTK = y)" "[+] built-in teaching tree"
tui_keys p
tap_check "once visible, p offers values only" tui_wait "Make PRINTK y or n? (Esc: cancel)"
tui_keys Escape
tui_keys s
tui_wait "s: save"
tui_keys s
tap_check "s saves the plan's values" tui_wait "configuration written to .config"
tui_keys q
tui_wait "[exit 0]"
tap_check "the saved .config has EXPERT=y" grep -qx "CONFIG_EXPERT=y" "$work/.config"
(cd "$work" && "$KBROWSE" conf --olddefconfig >/dev/null 2>&1)
tap_check "after conf --olddefconfig the prompt of PRINTK is still visible" \
	prompt_visible "$work" PRINTK
tap_check "and it was not before the plan (the check can fail)" \
	sh -c "! (cd '$TUI_TMP' && mkdir -p fresh && cd fresh &&
		'$KBROWSE' explain --to visible PRINTK 2>/dev/null | grep -q 'already visible')"

# A prompt that a select would fix (conf would not ask it): the plan turns
# the select off as well.  PAGE_OWNER selects DEBUG_PAGEALLOC.
fixed=$TUI_TMP/fixed
mkdir -p "$fixed"
echo CONFIG_PAGE_OWNER=y >"$fixed/mini.config"
(cd "$fixed" && KCONFIG_ALLCONFIG=mini.config "$KBROWSE" conf --alldefconfig >/dev/null 2>&1)
(cd "$fixed" && "$KBROWSE" explain --no-help --to visible DEBUG_PAGEALLOC 2>/dev/null) \
	>"$TUI_TMP/fixed.out"
tap_check "a prompt shown only with a select fixing its value: the plan turns the select off" \
	sh -c "grep -q '^  set PAGE_OWNER=n' '$TUI_TMP/fixed.out' &&
		grep -qx 'Tried on a copy of this configuration: the prompt of DEBUG_PAGEALLOC is shown.' \
		'$TUI_TMP/fixed.out'"
echo CONFIG_DEBUG_KERNEL=y >>"$fixed/.config"
tap_check "... and once shown so, it is already visible, fixed: nothing to plan" \
	sh -c "cd '$fixed' && '$KBROWSE' explain --no-help --to visible DEBUG_PAGEALLOC 2>/dev/null |
		grep -qx 'The prompt of DEBUG_PAGEALLOC is already visible, but a select fixes its value.'"

# --- a small tree: an invisible string, and a plan that is blocked ----------------

tree=$TUI_TMP/small
mkdir -p "$tree"
cat >"$tree/Kconfig" <<'EOF'
mainmenu "Plans"

config FEATURE
	bool "A feature"

config FEATURE_NAME
	string "Name of the feature"
	depends on FEATURE
	default "thing"

config COMPUTED
	bool
	default y

config NEVER
	bool "Never shown"
	depends on COMPUTED && !COMPUTED
EOF
tui_start 80 24 "$tree"
tui_wait "A feature"
tui_keys g
tui_type FEATURE_NAME
tui_keys Enter
tui_wait "Why: FEATURE_NAME"
tui_keys p
tap_check "p on an invisible string: v to show it, e for a value" \
	tui_wait "FEATURE_NAME: v: make it visible, e: a value? (Esc: cancel)"
tui_keys v
tap_check "v: the plan sets FEATURE" \
	tui_wait "set FEATURE=y (now n, prompt visible)" "Apply these 1 step? (y/n)"
tui_keys y
tap_check "applied" tui_wait "the prompt of FEATURE_NAME is visible (FEATURE_NAME = thing)"
tui_keys g
tui_type NEVER
tui_keys Enter
tui_wait "Why: NEVER"
tui_keys p
tui_wait "Make NEVER y, n, or v: visible?"
tui_keys v
tap_check "a prompt that can never be shown: the plan says what blocks it" \
	tui_wait "the prompt of NEVER cannot be shown: the plan above says what blocks it"
tui_keys s
tui_wait "s: save"
tui_keys s
tui_wait "configuration written to .config"
tui_keys q
tui_wait "[exit 0]"
(cd "$tree" && "$KBROWSE" conf --olddefconfig >/dev/null 2>&1)
tap_check "saved, then conf --olddefconfig: FEATURE_NAME's prompt is visible" \
	prompt_visible "$tree" FEATURE_NAME
tap_check "and FEATURE_NAME is written with its default" \
	grep -qx 'CONFIG_FEATURE_NAME="thing"' "$tree/.config"

tap_done
