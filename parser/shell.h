/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a tree's $(shell,...) commands did (shell.c): which ran, with
 * their answers, and which gave "" without running to their end.
 */
#ifndef KBROWSE_SHELL_H
#define KBROWSE_SHELL_H

#include <stdbool.h>
#include <stddef.h>

#include "kconfig.h"

/*
 * The $(shell,...) commands that gave "" without running to their end
 * (--no-shell, skipped, timed out), in the order met:
 * values computed from them may differ from a real run's.
 */
const struct shell_skip *kconfig_shell_skipped(const struct kconfig *kc,
					       size_t *count);
/* How many of those gave "" because their answer was not in yet (provisional). */
size_t kconfig_shell_pending(const struct kconfig *kc);
/* The $(shell,...) commands that ran, with their answers, in the order met. */
const struct shell_run *kconfig_shell_runs(const struct kconfig *kc,
					   size_t *count);
/* A program cmd needs that is not installed (macro.h); malloc'd or NULL. */
char *kconfig_shell_missing_tool(const struct kconfig *kc, const char *cmd);
/* Was a command skipped on loc's line?  (An empty expression is "" then.) */
bool kconfig_shell_skipped_at(const struct kconfig *kc, struct location loc);
/*
 * The line that says so for sym (explain, the browser): "computed with
 * --no-shell: $(shell,...) at FILE:LINE gave nothing", naming the command
 * on a line of sym's own definition when there is one, else the first.
 * False (buf untouched) when every command ran.
 */
bool kconfig_shell_skip_note(const struct kconfig *kc, const struct symbol *sym,
			     char *buf, size_t size);

#endif
