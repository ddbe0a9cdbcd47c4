// SPDX-License-Identifier: GPL-2.0
/*
 * The built-in functions of the Kconfig macro language, those of Linux
 * 6.12: error-if, filename, info, lineno, shell, warning-if.
 *
 * Messages carry the place of the reference; where the kernel prints
 * "file:line: text" and exits (error-if), we add a diagnostic and go on,
 * and the load fails at the end.
 */
#include <string.h>

#include "dialect.h"
#include "macro_internal.h"

static bool is_yes(const struct mstr *cond)
{
	/* Compared as a C string, as the kernel does. */
	return !strcmp(cond->s, "y");
}

/*
 * A provisional read (macro.h) and a message made of an answer not in
 * yet: said by the read that has it, not now.  The call gives "" either
 * way, so what it gives holds no such answer (provisional.h).
 */
static bool message_waits(struct expansion *x)
{
	if (!x->env->shell_opts.provisional || !x->env->args_guessed)
		return false;
	x->env->guesses = x->env->guesses_before_args;
	return true;
}

static void do_error_if(struct expansion *x, const char *at, size_t argc,
			const struct mstr *argv, struct strbuf *out)
{
	(void)argc;
	(void)out;
	if (message_waits(x))
		return;
	if (is_yes(&argv[0]))
		expansion_diag(x, DIAG_ERROR, at, "%s", argv[1].s);
}

static void do_warning_if(struct expansion *x, const char *at, size_t argc,
			  const struct mstr *argv, struct strbuf *out)
{
	(void)argc;
	(void)out;
	if (message_waits(x))
		return;
	if (is_yes(&argv[0]))
		expansion_diag(x, DIAG_WARNING, at, "%s", argv[1].s);
}

static void do_info(struct expansion *x, const char *at, size_t argc,
		    const struct mstr *argv, struct strbuf *out)
{
	(void)argc;
	(void)out;
	if (message_waits(x))
		return;
	if (x->env->info_out) {
		fprintf(x->env->info_out, "%s\n", argv[0].s);
	} else {
		expansion_diag(x, DIAG_NOTE, at, "%s", argv[0].s);
	}
}

static void do_filename(struct expansion *x, const char *at, size_t argc,
			const struct mstr *argv, struct strbuf *out)
{
	const char *name = location_file(expansion_loc(x, at));

	(void)argc;
	(void)argv;
	strbuf_add(out, name, strlen(name));
}

static void do_lineno(struct expansion *x, const char *at, size_t argc,
		      const struct mstr *argv, struct strbuf *out)
{
	char number[24];
	int len;

	(void)argc;
	(void)argv;
	len = snprintf(number, sizeof(number), "%d",
		       expansion_loc(x, at).line + x->lineno_bias);
	strbuf_add(out, number, (size_t)len);
}

static void do_shell(struct expansion *x, const char *at, size_t argc,
		     const struct mstr *argv, struct strbuf *out)
{
	(void)argc;
	macro_shell_output(x, at, argv[0].s, out);
}

/* Sorted by name, like the kernel's table; looked up by a linear scan. */
static const struct macro_builtin builtins[] = {
	{ "error-if",	2, 2, do_error_if },
	{ "filename",	0, 0, do_filename },
	{ "info",	1, 1, do_info },
	{ "lineno",	0, 0, do_lineno },
	{ "shell",	1, 1, do_shell },
	{ "warning-if",	2, 2, do_warning_if },
};

/* Has name been stood in for already (its warning given)? */
static bool stood_in_before(const struct macro_env *env, const char *name)
{
	for (size_t i = 0; i < env->nskipped; i++)
		if (env->skipped[i].reason == SHELL_SKIP_UNKNOWN_FUNCTION &&
		    !strcmp(env->skipped[i].command, name))
			return true;
	return false;
}

/*
 * Kconfiglib trees call functions their project writes in Python
 * (Zephyr's $(dt_has_compat,...)), which C cannot run: each call gives
 * the dialect's stand-in, the first use of a name says so, and every
 * call is listed, so that explain marks what was computed from it.
 */
void macro_unknown_function(struct expansion *x, const char *at,
			    const char *name, struct strbuf *out)
{
	const struct dialect_stand_in *s = x->env->unknown_functions;
	size_t len = strlen(name);

	for (;; s++) {
		size_t slen = strlen(s->suffix);

		if (slen <= len && !strcmp(name + len - slen, s->suffix))
			break;
	}
	if (!stood_in_before(x->env, name))
		expansion_diag(x, DIAG_WARNING, at,
			       "unknown function '%s' (not built in, not defined "
			       "in the tree: Kconfiglib takes it from the project's "
			       "Python code): taken as \"%s\" here and at every "
			       "later call", name, s->value);
	macro_note_skip(x, at, name, SHELL_SKIP_UNKNOWN_FUNCTION, s->value);
	strbuf_add(out, s->value, strlen(s->value));
}

const struct macro_builtin *macro_find_builtin(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(builtins); i++)
		if (strlen(builtins[i].name) == len &&
		    !memcmp(builtins[i].name, name, len))
			return &builtins[i];
	return NULL;
}
