/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Kconfig macro language (Documentation/kbuild/kconfig-macro-language.rst):
 * variables set with `=`, `:=` and `+=`, references $(NAME) and
 * $(NAME,arg,...), built-in functions and the environment.
 */
#ifndef KBROWSE_MACRO_H
#define KBROWSE_MACRO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "diag.h"
#include "location.h"

struct macro_env;
struct strbuf;

enum macro_flavor {
	MACRO_RECURSIVE,	/* NAME = value: expanded at each use */
	MACRO_SIMPLE,		/* NAME := value: expanded once, now */
	MACRO_APPEND,		/* NAME += value: keeps NAME's flavor */
};

struct macro_env *macro_env_new(struct diag_list *diags, const char *shell_dir,
				FILE *info_out);
void macro_env_free(struct macro_env *env);
/*
 * (added) How many answers not known yet (provisional or speculative)
 * the expansions so far were made with: a word whose expansion raised
 * it holds such an answer.
 */
size_t macro_env_guesses(const struct macro_env *env);

/*
 * (added) Take $(shell,...) results from this cache and store new ones in
 * it (see shell_cache.h).  NULL, the default: run every command.  The
 * cache is the caller's; it must outlive the expansions.
 */
struct shell_cache;
void macro_env_set_shell_cache(struct macro_env *env,
			       struct shell_cache *cache);

/* (added) How $(shell,...) commands run (parser/shell.c). */
struct macro_shell_options {
	/* --no-shell: run none; each gives "" and is listed as skipped. */
	bool no_shell;
	/*
	 * The browser's start: Ctrl-C or Esc skips a slow command (it gives
	 * "", with a warning) and no time limit applies unless
	 * KBROWSE_SHELL_TIMEOUT sets one.  Else Ctrl-C stops kbrowse, and a
	 * command still running after KBROWSE_SHELL_TIMEOUT seconds (default
	 * 60) is an error.
	 */
	bool interactive;
	/* "running: <command>" once a command takes a second; NULL: silent. */
	FILE *notice;
	/*
	 * What a command writes to stderr becomes warnings (the browser,
	 * whose screen it must not reach) instead of going to stderr; either
	 * way with control characters escaped and bounded (parser/shell.c).
	 */
	bool keep_stderr;
	/*
	 * KBROWSE_SHELL_TIMEOUT, read by the command line: with timeout_given,
	 * the seconds a command may run (0: no limit), interactive or not.
	 */
	unsigned timeout_s;
	bool timeout_given;
	/*
	 * Commands run at once (0 or 1: one after another).  More: a
	 * speculative pass over the tree starts the commands it meets
	 * (shell_pool.h) before the parse asks for their answers.
	 */
	unsigned jobs;
	/*
	 * Keys read from the terminal while a slow command ran (to see an
	 * Esc), in order, for the browser to take as typed; NULL: dropped.
	 */
	struct strbuf *typed_keys;
	/*
	 * A pool of jobs (shell_pool.h) lent by the caller, which keeps it
	 * across reads of the tree (the tree does not free it); NULL: the
	 * tree makes its own.
	 */
	struct shell_pool *pool;
	/*
	 * A provisional read (the browser's first screen): a command whose
	 * job has not answered yet gives "" at once, listed as skipped
	 * (SHELL_SKIP_PENDING), and its job runs on in the lent pool; so
	 * does a command made of such an answer, which is not started.
	 */
	bool provisional;
};
void macro_env_set_shell_options(struct macro_env *env,
				 const struct macro_shell_options *opts);
/*
 * (added) The speculative pass (shell_pool.h): speculate(ctx) is called
 * once, when the first command must run, to parse the tree with an env
 * made by macro_env_speculate_for(), whose commands start jobs in real's
 * pool and give their answer when it is known already, else "", and
 * which keeps real's progress line going while it reads the tree.
 */
void macro_env_set_speculation(struct macro_env *env,
			       void (*speculate)(void *ctx), void *ctx);
void macro_env_speculate_for(struct macro_env *spec,
			     struct macro_env *real);
/*
 * The tree is read: jobs nobody claimed are stopped, and the commands'
 * progress line (shell.c), if shown, goes.
 */
void macro_env_shell_done(struct macro_env *env);

/* A $(shell,...) that gave "" because it did not run to its end. */
enum shell_skip_reason {
	SHELL_SKIP_NO_SHELL,	/* --no-shell */
	SHELL_SKIP_KEY,		/* Ctrl-C or Esc */
	SHELL_SKIP_TIMEOUT,	/* KBROWSE_SHELL_TIMEOUT */
	/* not a command: a function the dialect stands in for (command: its name) */
	SHELL_SKIP_UNKNOWN_FUNCTION,
	/* a provisional read: its job had not answered yet */
	SHELL_SKIP_PENDING,
};
struct shell_skip {
	/* The line of the reference: its use, for a function's body. */
	struct location loc;
	/*
	 * Where the command was skipped: loc, or for the use of a `:=`
	 * variable made without it, the line of that assignment.
	 */
	struct location origin;
	const char *command;
	enum shell_skip_reason reason;
	/* What it gave instead: "" for commands, the stand-in for functions. */
	const char *value;
};
/*
 * (added) A $(shell,...) that ran (or whose result came from the cache),
 * for explanations: which command decided a line, and what it answered.
 */
struct shell_run {
	/* The line of the reference: its use, for a function's or a `:=` value's. */
	struct location loc;
	/* Where the command ran: loc, or the line of the `:=` assignment. */
	struct location origin;
	const char *command;
	const char *answer;	/* the output as the kernel returns it */
};
/* Every command run, in the order met; *count 0: none. */
const struct shell_run *macro_env_shell_runs(const struct macro_env *env,
					     size_t *count);
/*
 * A toolchain program cmd names (the first word of $(CC), $(PAHOLE) ...
 * standing as a word of cmd) that PATH does not have: why a probe said
 * only "n" or "0".  malloc'd, or NULL.  Looked up when asked, not while
 * the tree is read.
 */
char *macro_env_missing_tool(const struct macro_env *env, const char *cmd);

/* Every skipped command, in the order met; *count 0: none. */
const struct shell_skip *macro_env_shell_skipped(const struct macro_env *env,
						 size_t *count);

/*
 * (added) Unknown functions called with arguments give the stand-in of
 * this table (dialect.h), with a warning, and are listed with the skipped
 * commands.  NULL, the default: they give "" silently, as in the kernel.
 */
struct dialect_stand_in;
void macro_env_set_unknown_functions(struct macro_env *env,
				     const struct dialect_stand_in *table);

/*
 * NAME = value, NAME := value, NAME += value.  name is already expanded;
 * value is the raw text after the operator (the kernel keeps trailing
 * blanks).  loc is where value starts, for messages.  As in the kernel,
 * $(lineno) in a `:=` value gives loc.line + 1 (the kernel expands it after
 * reading the end of the line), and `+=` on an undefined name makes a
 * recursively expanded variable.
 */
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

/*
 * For the lexer (added: the kernel expands words and quoted strings
 * piecewise, and only the lexer knows where they end).
 *
 * macro_expand_reference: text[0] is '$' inside a quoted string.  Expands
 * "$(...)" up to its matching ')' (or a lone "$"), sets *consumed to the
 * bytes used.  An unterminated reference is an error; it consumes all of
 * text and is kept as it is.
 *
 * macro_expand_word: a word token containing '$' (the kernel's
 * ({n}|$)+ rule).  Expands references and copies [A-Za-z0-9_-] until
 * another character outside a reference; *consumed says how far.
 *
 * macro_reference_length: length of the reference at text[0] == '$'
 * without expanding it (1 for a lone "$"), 0 when unterminated.
 */
char *macro_expand_reference(struct macro_env *env, const char *text,
			     size_t len, struct location loc, size_t *consumed);
char *macro_expand_word(struct macro_env *env, const char *text, size_t len,
			struct location loc, size_t *consumed);
size_t macro_reference_length(const char *text, size_t len);

/*
 * (Kconfiglib) "$NAME" and "${NAME}" in text[0..len) replaced by the
 * environment's values, as Kconfiglib does inside quoted strings
 * (macro_envvars.c).  Returns a malloc'd string with its length in
 * *out_len, or NULL when text holds no '$'.
 */
char *macro_expand_env_vars(struct macro_env *env, const char *text,
			    size_t len, size_t *out_len);

/* Environment variables the expansions read, for auto.conf.cmd-like uses. */
size_t macro_env_vars_used(const struct macro_env *env, const char ***names);
/* (added) The value the index-th of them had when first read. */
const char *macro_env_used_value(const struct macro_env *env, size_t index);

/*
 * (added) Give an environment variable a value for this tree without
 * touching the process environment: references read it, and $(shell,...)
 * commands see it, as if exported by the kernel's Makefile.  For srctree,
 * CC, LD... derived the way the top-level Makefile does.
 */
void macro_env_setenv(struct macro_env *env, const char *name,
		      const char *value);

#endif
