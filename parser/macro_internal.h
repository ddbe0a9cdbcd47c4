/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private parts of the macro preprocessor, shared by macro.c (variables
 * and the expansion engine), macro_functions.c (built-in functions),
 * shell.c (running $(shell,...) commands) and macro_envvars.c
 * (Kconfiglib's $VAR in strings).  Nothing outside these files should
 * include this header.
 */
#ifndef KBROWSE_MACRO_INTERNAL_H
#define KBROWSE_MACRO_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "location.h"
#include "macro.h"
#include "strbuf.h"
#include "util.h"

/* A string with its length; arguments may in theory hold NUL bytes. */
struct mstr {
	char *s;		/* NUL-terminated, heap-owned */
	size_t len;
};

/* One variable or user-defined function (they are the same thing). */
struct macro_var {
	struct macro_var *next;	/* hash chain */
	unsigned long hash;
	char *name;
	size_t name_len;
	char *value;		/* raw text (=) or expanded text (:=) */
	size_t value_len;
	enum macro_flavor flavor;	/* MACRO_RECURSIVE or MACRO_SIMPLE */
	/* How many expansions of this variable are in progress. */
	int active;
	/*
	 * Set while `NAME := value` is being expanded over an existing NAME.
	 * The kernel frees the old value before expanding the new one, so a
	 * reference to NAME there reads (with glibc) as empty; we do the same
	 * on purpose, and warn.
	 */
	bool redefining;
	/* 1 + the skipped command (shell.c) a `:=` value was made with, or 0. */
	size_t skipped_from;
	/* The commands (shell.c) a `:=` value was made with: [ran_from, ran_to). */
	size_t ran_from, ran_to;
	/* A speculative pass's `:=` value made with a guessed answer (shell.c). */
	bool guessed;
};

struct macro_env {
	struct diag_list *diags;
	char *shell_dir;		/* NULL: the current directory */
	struct shell_cache *shell_cache;	/* NULL: run every command */
	FILE *info_out;			/* NULL: $(info,...) becomes a note */
	struct macro_shell_options shell_opts;
	struct shell_skip *skipped;	/* commands that gave "" unrun */
	/* Stand-ins for unknown functions (dialect.h), or NULL. */
	const struct dialect_stand_in *unknown_functions;
	size_t nskipped, skipped_cap;
	struct shell_run *runs;		/* commands that ran, with their answers */
	size_t nruns, runs_cap;
	/*
	 * The jobs of the tree's commands (shell_pool.h), and the speculative
	 * pass that adds them: speculate(speculate_ctx), called when a
	 * command must run that no job was started for (jobs > 1), the
	 * first time and whenever the parse has used answers since the last
	 * pass (speculated_answers), which may predict more commands, up to
	 * a few passes (speculated counts them).  An
	 * env made for that pass has speculating set and shares the real
	 * env's pool and cache.
	 */
	struct shell_pool *pool;
	void (*speculate)(void *ctx);
	void *speculate_ctx;
	unsigned speculated;
	size_t speculated_answers;
	/* In a speculative pass: the job of the last command met, or NULL. */
	struct shell_job *pool_cursor;
	bool speculating;
	/*
	 * In a speculative pass, what was made of guesses (the "" given for
	 * an answer not known yet): guesses counts them and the reads of
	 * values made with one; args_guessed says whether the arguments of
	 * the function being called counted any.  A command whose text was
	 * made of a guess is not started before the parse asks for it.
	 */
	size_t guesses;
	bool args_guessed;
	/* guesses before the arguments of the function being called. */
	size_t guesses_before_args;

	struct macro_var **buckets;	/* power-of-two hash table */
	size_t nbuckets;
	size_t nvars;

	/*
	 * Environment variables read by expansions, in the order first read,
	 * with the value seen then: later reads reuse it, as the kernel does.
	 */
	char **used_names;
	char **used_values;
	size_t nused;
	size_t used_cap;

	/*
	 * Bytes made by every expansion of the tree so far: one budget for
	 * the whole tree, so that many lines each just under the limit of
	 * one expansion cannot add up to gigabytes.
	 */
	size_t output_total;
	/*
	 * A runaway expansion (too large, too many steps, over the budget)
	 * stops the tree: every later expansion yields nothing at once.
	 */
	bool stopped;
	/*
	 * The progress line of the commands run (shell.c): when the first
	 * started, how many ran, whether the line is on the terminal.
	 */
	struct probe_progress {
		unsigned long long start_ms;
		unsigned long long shown_ms;
		unsigned count;
		bool shown;
		const char *waiting_for;	/* the command the parse needs */
	} progress;
	/*
	 * A speculative pass's env: the real one, whose progress line it
	 * keeps up to date while it reads the tree (the first pass starts
	 * the jobs, which takes a while on a large tree).
	 */
	struct macro_env *real;

	/* macro_env_setenv(): values that replace the process environment. */
	char **set_names;
	char **set_values;
	size_t nset;
	size_t set_cap;
};

/* The state of one top-level expansion (one macro_expand call). */
struct expansion {
	struct macro_env *env;
	/* The text macro_expand was given, and where it starts. */
	const char *text;
	const char *text_end;
	struct location loc;
	/* Added to $(lineno): 1 for `:=` values (see macro_assign). */
	int lineno_bias;
	/* The '$' in text of the reference being evaluated at the top. */
	const char *outer_ref;
	unsigned int depth;
	unsigned long evaluations;
	/* A runaway error (recursion, size): stop expanding at once. */
	bool aborted;
};

/*
 * Where p lies: exact when p points into the top-level text, else the
 * outermost reference (text from a variable's value has no place of its
 * own; the kernel reports the current line too).
 */
struct location expansion_loc(const struct expansion *x, const char *p);
void expansion_diag(struct expansion *x, enum diag_severity severity,
		    const char *at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Built-in functions (macro_functions.c). */
struct macro_builtin {
	const char *name;
	unsigned int min_args;
	unsigned int max_args;
	/* at: the '$' of the reference, for messages and $(lineno). */
	void (*run)(struct expansion *x, const char *at, size_t argc,
		    const struct mstr *argv, struct strbuf *out);
};

const struct macro_builtin *macro_find_builtin(const char *name, size_t len);

/*
 * $(shell,cmd) (shell.c): run cmd (or take its result from the shell
 * cache), append its output the way the kernel returns it.
 */
void macro_shell_output(struct expansion *x, const char *at, const char *cmd,
			struct strbuf *out);

/*
 * A call of a function that is neither built in nor a variable, under a
 * dialect with stand-ins (macro_functions.c): the stand-in, listed.
 */
void macro_unknown_function(struct expansion *x, const char *at,
			    const char *name, struct strbuf *out);

/* List a command or function that did not give its real value (shell.c). */
void macro_note_skip(struct expansion *x, const char *at, const char *cmd,
		     enum shell_skip_reason reason, const char *value);

/*
 * A reference at `at` to a variable whose `:=` value was made without
 * skipped command number `index`: list the use too (shell.c).
 */
void macro_note_skip_use(struct expansion *x, const char *at, size_t index);

/*
 * A reference at `at` to a variable whose `:=` value was made by the
 * commands [from, to): list them at the use too (shell.c).
 */
void macro_note_run_uses(struct expansion *x, const char *at, size_t from,
			 size_t to);

/* Frees what shell.c keeps in env (macro_env_free calls it). */
void macro_env_free_shell(struct macro_env *env);

/* The environment as macro_env sees it, recording what is read. */
const char *macro_getenv(struct macro_env *env, const char *name);

#endif
