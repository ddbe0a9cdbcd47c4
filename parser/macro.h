/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Kconfig macro language (Documentation/kbuild/kconfig-macro-language.rst):
 * variables set with `=`, `:=` and `+=`, references $(NAME) and
 * $(NAME,arg,...), built-in functions and the environment.
 */
#ifndef KBROWSE_MACRO_H
#define KBROWSE_MACRO_H

#include <stddef.h>
#include <stdio.h>
#include "diag.h"
#include "location.h"

struct macro_env;

enum macro_flavor {
	MACRO_RECURSIVE,	/* NAME = value: expanded at each use */
	MACRO_SIMPLE,		/* NAME := value: expanded once, now */
	MACRO_APPEND,		/* NAME += value: keeps NAME's flavor */
};

struct macro_env *macro_env_new(struct diag_list *diags, const char *shell_dir,
				FILE *info_out);
void macro_env_free(struct macro_env *env);

void macro_assign(struct macro_env *env, const char *name,
		  enum macro_flavor flavor, const char *value,
		  struct location loc);

/*
 * Expand every $(...) in text[0..len).  loc is where the text starts, for
 * $(filename), $(lineno) and messages.  Returns a malloc'd string; on an
 * error a diagnostic is added and what could be expanded is returned.
 */
char *macro_expand(struct macro_env *env, const char *text, size_t len,
		   struct location loc);

/* Environment variables the expansions read, for auto.conf.cmd-like uses. */
size_t macro_env_vars_used(const struct macro_env *env, const char ***names);

#endif
