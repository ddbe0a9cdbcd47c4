/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where an answer not in yet may stand in a provisional read of a tree
 * (the browser's first screen while the $(shell,...) probes still run).
 *
 * The rule: only as a value.  A word or string holding such an answer
 * (a pending command's "", or anything made of one: a `:=` variable, a
 * function's result) is allowed on a line whose first word, as written,
 * is `default`, `def_bool`, `def_tristate`, `depends`, `visible` or
 * `range`, and not as that first word.  Such a line gives a property its
 * expression; the menus, the symbols and their types stay what the real
 * read makes them.  Anywhere else (a `source` path, a symbol's name, a
 * prompt, `select`, `if`, a line of its own such as $(error-if,...) or
 * $(info,...)) the answer decides more than a value: the read stops
 * there (kconfig.provisional_refused) and the caller waits for the
 * answer instead.
 */
#ifndef KBROWSE_PROVISIONAL_H
#define KBROWSE_PROVISIONAL_H

#include <stdbool.h>

#include "kconfig.h"

/*
 * The lexer expanded, at `at` on the line starting at line_start, a
 * word or string that holds an answer not in yet: refuse the read
 * unless the rule allows it.
 */
void provisional_use(struct kconfig *kc, const char *line_start,
		     const char *at, struct location loc);
/* The rule alone: may such a word stand at `at` on this line? */
bool provisional_value_place(const char *line_start, const char *at);

#endif
