// SPDX-License-Identifier: GPL-2.0
/*
 * The Kconfig macro language: variables, user-defined functions and the
 * expansion of $(...) references.
 *
 * The rules follow the kernel's scripts/kconfig/preprocess.c, whose
 * results we must reproduce exactly:
 *
 *  - "$(" starts a reference that ends at the matching ")"; every "(" and
 *    ")" counts for that matching, whether part of a "$(" or not.  A "$"
 *    not followed by "(" is a plain "$".
 *  - Inside a reference, commas outside nested parentheses split the name
 *    from the arguments.  Nothing is trimmed: "$(f, a)" passes " a".
 *  - The name and then each argument are expanded before the call.
 *  - A name is looked up as a variable first, then as a built-in function,
 *    then (only without arguments) in the environment.  Anything else,
 *    e.g. an unknown function with arguments, expands to nothing.
 *  - "$(1)".."$(N)" inside a user-defined function are its arguments; the
 *    number is read like strtoul() does (so "$( 1)" and "$(+1)" are too).
 *    "$(0)" is not special.
 *  - A simply expanded variable ignores arguments; a recursively expanded
 *    one is expanded with them.
 *
 * Where the kernel exits on an error, we add a diagnostic and go on with
 * an empty expansion, so one load reports every problem.  Runaway
 * expansions (a variable referring to itself, too deep or too large
 * results) stop the expansion they happen in.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "arena.h"
#include "macro_internal.h"
#include "util.h"

/* The kernel allows a name and 15 arguments (FUNCTION_MAX_ARGS 16). */
#define MAX_PIECES		16
/* Nested expansions of one function with arguments: the kernel's limit. */
#define MAX_ACTIVE		1000
/*
 * Nesting of references of any kind.  The kernel has no such limit, but
 * it would run out of stack on absurd input; this stays far from ours.
 */
#define MAX_DEPTH		2000
/* Work and size caps, so that a doubling chain of variables cannot hang. */
#define MAX_EVALUATIONS		1000000UL
#define MAX_OUTPUT		(16UL << 20)
/*
 * All expansions of one tree together.  Linux 6.12's make well under a
 * kilobyte in all; this is the per-expansion cap four times over.
 */
#define MAX_TREE_OUTPUT		(64UL << 20)

/* ---- the variable table ------------------------------------------------- */

static struct macro_var *var_lookup(const struct macro_env *env,
				    const char *name, size_t len)
{
	unsigned long hash = hash_bytes(name, len);
	struct macro_var *var;

	for (var = env->buckets[hash & (env->nbuckets - 1)]; var;
	     var = var->next)
		if (var->hash == hash && var->name_len == len &&
		    !memcmp(var->name, name, len))
			return var;
	return NULL;
}

static void var_table_grow(struct macro_env *env)
{
	size_t nbuckets = env->nbuckets * 2;
	struct macro_var **buckets = xcalloc(nbuckets, sizeof(*buckets));
	size_t i;

	for (i = 0; i < env->nbuckets; i++) {
		struct macro_var *var = env->buckets[i], *next;

		for (; var; var = next) {
			next = var->next;
			var->next = buckets[var->hash & (nbuckets - 1)];
			buckets[var->hash & (nbuckets - 1)] = var;
		}
	}
	free(env->buckets);
	env->buckets = buckets;
	env->nbuckets = nbuckets;
}

static struct macro_var *var_insert(struct macro_env *env, const char *name,
				    size_t len, enum macro_flavor flavor)
{
	struct macro_var *var = xrealloc(NULL, sizeof(*var));
	size_t slot;

	if (env->nvars + 1 > env->nbuckets / 4 * 3)
		var_table_grow(env);
	memset(var, 0, sizeof(*var));
	var->hash = hash_bytes(name, len);
	var->name = xmemdup(name, len);
	var->name_len = len;
	var->value = xmemdup("", 0);
	var->flavor = flavor;
	slot = var->hash & (env->nbuckets - 1);
	var->next = env->buckets[slot];
	env->buckets[slot] = var;
	env->nvars++;
	return var;
}

/* ---- the environment ---------------------------------------------------- */

static ssize_t name_index(char **names, size_t count, const char *name)
{
	size_t i;

	for (i = 0; i < count; i++)
		if (!strcmp(names[i], name))
			return (ssize_t)i;
	return -1;
}

static void pair_append(char ***names, char ***values, size_t *count,
			size_t *cap, const char *name, const char *value)
{
	if (*count == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		*names = xrealloc(*names, *cap * sizeof(**names));
		*values = xrealloc(*values, *cap * sizeof(**values));
	}
	(*names)[*count] = xmemdup(name, strlen(name));
	(*values)[*count] = xmemdup(value, strlen(value));
	(*count)++;
}

/*
 * The first value read is remembered and returned from then on, as the
 * kernel does: the list of variables read and their values is what tells
 * whether a later run would see the same tree.
 */
const char *macro_getenv(struct macro_env *env, const char *name)
{
	ssize_t i;
	const char *value;

	if (!*name)
		return NULL;
	i = name_index(env->used_names, env->nused, name);
	if (i >= 0)
		return env->used_values[i];
	i = name_index(env->set_names, env->nset, name);
	value = i >= 0 ? env->set_values[i] : getenv(name);
	if (!value)
		return NULL;
	pair_append(&env->used_names, &env->used_values, &env->nused,
		    &env->used_cap, name, value);
	return env->used_values[env->nused - 1];
}

void macro_env_setenv(struct macro_env *env, const char *name,
		      const char *value)
{
	ssize_t i = name_index(env->set_names, env->nset, name);

	if (i >= 0) {
		free(env->set_values[i]);
		env->set_values[i] = xmemdup(value, strlen(value));
		return;
	}
	pair_append(&env->set_names, &env->set_values, &env->nset,
		    &env->set_cap, name, value);
}

size_t macro_env_vars_used(const struct macro_env *env, const char ***names)
{
	*names = (const char **)env->used_names;
	return env->nused;
}

const char *macro_env_used_value(const struct macro_env *env, size_t index)
{
	return index < env->nused ? env->used_values[index] : NULL;
}

/* ---- creating and freeing ----------------------------------------------- */

struct macro_env *macro_env_new(struct diag_list *diags, const char *shell_dir,
				FILE *info_out)
{
	struct macro_env *env = xrealloc(NULL, sizeof(*env));

	memset(env, 0, sizeof(*env));
	env->diags = diags;
	env->shell_dir = shell_dir ? xmemdup(shell_dir, strlen(shell_dir)) : NULL;
	env->info_out = info_out;
	env->nbuckets = 64;
	env->buckets = xcalloc(env->nbuckets, sizeof(*env->buckets));
	return env;
}

static void free_strings(char **strings, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++)
		free(strings[i]);
	free(strings);
}

void macro_env_free(struct macro_env *env)
{
	size_t i;

	if (!env)
		return;
	for (i = 0; i < env->nbuckets; i++) {
		struct macro_var *var = env->buckets[i], *next;

		for (; var; var = next) {
			next = var->next;
			free(var->name);
			free(var->value);
			free(var);
		}
	}
	free(env->buckets);
	free_strings(env->used_names, env->nused);
	free_strings(env->used_values, env->nused);
	free_strings(env->set_names, env->nset);
	free_strings(env->set_values, env->nset);
	free(env->shell_dir);
	macro_env_free_shell(env);
	free(env);
}

/* ---- locations and messages --------------------------------------------- */

struct location expansion_loc(const struct expansion *x, const char *p)
{
	struct location loc = x->loc;
	const char *line_start = NULL, *q;
	int newlines = 0;

	if (!p || p < x->text || p > x->text_end)
		p = x->outer_ref ? x->outer_ref : x->text;
	for (q = x->text; q < p; q++) {
		if (*q == '\n') {
			line_start = q + 1;
			newlines++;
		}
	}
	if (line_start) {
		if (loc.line)
			loc.line += newlines;
		loc.column = (int)(p - line_start) + 1;
	} else if (loc.column) {
		loc.column += (int)(p - x->text);
	}
	return loc;
}

void expansion_diag(struct expansion *x, enum diag_severity severity,
		    const char *at, const char *fmt, ...)
{
	va_list ap;

	if (!x->env->diags)
		return;
	va_start(ap, fmt);
	diag_addv(x->env->diags, severity, expansion_loc(x, at), fmt, ap);
	va_end(ap);
}

/* ---- expansion ---------------------------------------------------------- */

/* The arguments of the user-defined function being expanded. */
struct macro_args {
	size_t count;
	const struct mstr *v;
	bool guessed;		/* made with a guess (macro_env.guesses) */
};

static const struct macro_args no_args;

static void expand_span(struct expansion *x, const char *s, const char *end,
			const struct macro_args *args, struct strbuf *out);

/* The ")" matching an opened "(" whose contents start at p, or NULL. */
static const char *matching_paren(const char *p, const char *end)
{
	int nest = 0;

	for (; p < end; p++) {
		if (*p == '(')
			nest++;
		else if (*p == ')' && nest-- == 0)
			return p;
	}
	return NULL;
}

static bool is_c_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' ||
	       c == '\r';
}

/*
 * Whether the whole clause reads as a positive number the way strtoul()
 * (base 10) reads it: leading white space, a sign, digits, nothing after.
 */
static bool clause_number(const char *s, const char *end, size_t *number)
{
	bool negative = false, digits = false;
	size_t n = 0;

	while (s < end && is_c_space(*s))
		s++;
	if (s < end && (*s == '+' || *s == '-'))
		negative = *s++ == '-';
	for (; s < end && *s >= '0' && *s <= '9'; s++) {
		size_t digit = (size_t)(*s - '0');

		digits = true;
		/* strtoul saturates; a wrapped value could look like 1. */
		if (n > ((size_t)-1 - digit) / 10)
			n = (size_t)-1;
		else
			n = n * 10 + digit;
	}
	if (!digits || s != end)
		return false;
	/* strtoul negates: "-1" is ULONG_MAX, never an argument number. */
	*number = negative && n ? (size_t)-1 : n;
	return true;
}

static void call_variable(struct expansion *x, const char *at,
			  struct macro_var *var, const struct macro_args *args,
			  struct strbuf *out)
{
	if (var->redefining) {
		expansion_diag(x, DIAG_WARNING, at,
			       "'%s' refers to itself in its own ':=' assignment: it reads as empty (the kernel reads freed memory here)",
			       var->name);
		return;
	}
	if (args->count == 0 && var->active) {
		expansion_diag(x, DIAG_ERROR, at,
			       "recursive variable '%s' references itself (eventually)",
			       var->name);
		x->aborted = true;
		return;
	}
	if (var->active > MAX_ACTIVE) {
		expansion_diag(x, DIAG_ERROR, at,
			       "too deep recursive expansion of '%s'", var->name);
		x->aborted = true;
		return;
	}
	if (var->flavor == MACRO_SIMPLE) {
		strbuf_add(out, var->value, var->value_len);
		return;
	}
	var->active++;
	expand_span(x, var->value, var->value + var->value_len, args, out);
	var->active--;
}

static void call_builtin(struct expansion *x, const char *at,
			 const struct macro_builtin *fn,
			 const struct macro_args *args, struct strbuf *out)
{
	if (args->count < fn->min_args) {
		expansion_diag(x, DIAG_ERROR, at,
			       "too few function arguments passed to '%s'",
			       fn->name);
		return;
	}
	if (args->count > fn->max_args) {
		expansion_diag(x, DIAG_ERROR, at,
			       "too many function arguments passed to '%s'",
			       fn->name);
		return;
	}
	fn->run(x, at, args->count, args->v, out);
}

static void call_name(struct expansion *x, const char *at,
		      const struct mstr *name, const struct macro_args *args,
		      struct strbuf *out)
{
	const struct macro_builtin *fn;
	struct macro_var *var;
	const char *value;

	var = var_lookup(x->env, name->s, name->len);
	if (var) {
		if (var->skipped_from)
			macro_note_skip_use(x, at, var->skipped_from - 1);
		if (var->ran_to > var->ran_from)
			macro_note_run_uses(x, at, var->ran_from, var->ran_to);
		x->env->guesses += var->guessed;
		call_variable(x, at, var, args, out);
		return;
	}
	fn = macro_find_builtin(name->s, name->len);
	if (fn) {
		call_builtin(x, at, fn, args, out);
		return;
	}
	if (args->count && x->env->unknown_functions) {
		macro_unknown_function(x, at, name->s, out);
		return;
	}
	if (args->count || memchr(name->s, '\0', name->len))
		return;
	value = macro_getenv(x->env, name->s);
	if (value)
		strbuf_add(out, value, strlen(value));
}

static void expand_piece(struct expansion *x, const char *s, const char *end,
			 const struct macro_args *args, struct mstr *result)
{
	struct strbuf buf = { 0 };

	expand_span(x, s, end, args, &buf);
	result->len = buf.len;
	result->s = strbuf_take(&buf);
}

/* The first comma outside parentheses in [s, end), or end. */
static const char *next_separator(const char *s, const char *end)
{
	int nest = 0;

	for (; s < end; s++) {
		if (*s == '(')
			nest++;
		else if (*s == ')')
			nest--;
		else if (*s == ',' && nest == 0)
			return s;
	}
	return end;
}

/*
 * Evaluate the clause between "$(" (at points to its '$') and the
 * matching ")", appending the result to out.  The arguments live on the
 * heap: this function is on the recursion path, and a small frame lets
 * deep (if absurd) nesting fit any stack.
 */
static void eval_clause(struct expansion *x, const char *at, const char *s,
			const char *end, const struct macro_args *args,
			struct strbuf *out)
{
	struct macro_args call_args = { 0, NULL, false };
	struct mstr name, *argv = NULL;
	size_t number, i, guesses = x->env->guesses;
	const char *p;

	if (clause_number(s, end, &number) && number >= 1 &&
	    number <= args->count) {
		strbuf_add(out, args->v[number - 1].s, args->v[number - 1].len);
		x->env->guesses += args->guessed;
		return;
	}

	for (p = next_separator(s, end); p < end; p = next_separator(p + 1, end))
		call_args.count++;
	if (call_args.count >= MAX_PIECES) {
		expansion_diag(x, DIAG_ERROR, at, "too many function arguments");
		return;
	}
	if (call_args.count)
		argv = xrealloc(NULL, call_args.count * sizeof(*argv));

	p = next_separator(s, end);
	expand_piece(x, s, p, args, &name);
	for (i = 0; i < call_args.count; i++) {
		const char *start = p + 1;

		p = next_separator(start, end);
		expand_piece(x, start, p, args, &argv[i]);
	}

	call_args.v = argv;
	call_args.guessed = x->env->guesses > guesses;
	x->env->args_guessed = call_args.guessed;
	x->env->guesses_before_args = guesses;
	if (!x->aborted)
		call_name(x, at, &name, &call_args, out);

	free(name.s);
	for (i = 0; i < call_args.count; i++)
		free(argv[i].s);
	free(argv);
}

/*
 * The tree's budget: past it, this expansion stops with one error, and
 * every later one of the tree yields nothing at once (env->stopped, set
 * by the other runaway errors too).
 */
static void check_tree_budget(struct expansion *x, const char *at,
			      size_t pending)
{
	struct macro_env *env = x->env;

	if (x->aborted || env->output_total + pending <= MAX_TREE_OUTPUT)
		return;
	if (!env->stopped)
		expansion_diag(x, DIAG_ERROR, at,
			       "macro expansions of this tree exceed %lu MiB in all",
			       MAX_TREE_OUTPUT >> 20);
	env->stopped = true;
	x->aborted = true;
}

/* The end of a top-level expansion: what it made counts to the budget. */
static char *expansion_finish(struct expansion *x, struct strbuf *out)
{
	x->env->output_total += out->len;
	/* A runaway result is no value: nothing of it is kept. */
	if (x->env->stopped)
		strbuf_release(out);
	return strbuf_take(out);
}

/*
 * Expand the reference starting at the '$' at dollar; return where the
 * text after it starts.
 */
static const char *expand_dollar(struct expansion *x, const char *dollar,
				 const char *end, const struct macro_args *args,
				 struct strbuf *out)
{
	const char *open = dollar + 1, *close;

	if (open == end || *open != '(') {
		strbuf_addc(out, '$');
		return open;
	}
	close = matching_paren(open + 1, end);
	if (!close) {
		expansion_diag(x, DIAG_ERROR, dollar,
			       "unterminated reference to '%.*s': missing ')'",
			       (int)(end - open - 1), open + 1);
		strbuf_add(out, dollar, (size_t)(end - dollar));
		return end;
	}
	if (x->depth == 0)
		x->outer_ref = dollar;
	if (++x->depth > MAX_DEPTH) {
		expansion_diag(x, DIAG_ERROR, dollar,
			       "macro references nested too deeply");
		x->aborted = true;
	} else if (++x->evaluations > MAX_EVALUATIONS) {
		expansion_diag(x, DIAG_ERROR, dollar,
			       "macro expansion takes too many steps");
		x->aborted = x->env->stopped = true;
	} else {
		eval_clause(x, dollar, open + 1, close, args, out);
	}
	x->depth--;
	if (out->len > MAX_OUTPUT && !x->aborted) {
		expansion_diag(x, DIAG_ERROR, dollar,
			       "macro expansion too large (over %lu MiB)",
			       MAX_OUTPUT >> 20);
		/* Its pieces may be assigned and doubled again: stop here. */
		x->aborted = x->env->stopped = true;
	}
	check_tree_budget(x, dollar, out->len);
	return close + 1;
}

static void expand_span(struct expansion *x, const char *s, const char *end,
			const struct macro_args *args, struct strbuf *out)
{
	while (s < end && !x->aborted) {
		const char *dollar = memchr(s, '$', (size_t)(end - s));

		if (!dollar) {
			strbuf_add(out, s, (size_t)(end - s));
			return;
		}
		strbuf_add(out, s, (size_t)(dollar - s));
		s = expand_dollar(x, dollar, end, args, out);
	}
}

static void expansion_init(struct expansion *x, struct macro_env *env,
			   const char *text, size_t len, struct location loc)
{
	memset(x, 0, sizeof(*x));
	x->env = env;
	x->text = text;
	x->text_end = text + len;
	x->loc = loc;
	x->aborted = env->stopped;
}

char *macro_expand(struct macro_env *env, const char *text, size_t len,
		   struct location loc)
{
	struct expansion x;
	struct strbuf out = { 0 };

	expansion_init(&x, env, text, len, loc);
	expand_span(&x, text, text + len, &no_args, &out);
	return expansion_finish(&x, &out);
}

char *macro_expand_reference(struct macro_env *env, const char *text,
			     size_t len, struct location loc, size_t *consumed)
{
	struct expansion x;
	struct strbuf out = { 0 };
	const char *next = text;

	expansion_init(&x, env, text, len, loc);
	if (len && *text == '$')
		next = expand_dollar(&x, text, text + len, &no_args, &out);
	*consumed = (size_t)(next - text);
	return expansion_finish(&x, &out);
}

static bool is_word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '-';
}

char *macro_expand_word(struct macro_env *env, const char *text, size_t len,
			struct location loc, size_t *consumed)
{
	struct expansion x;
	struct strbuf out = { 0 };
	const char *p = text, *end = text + len;

	expansion_init(&x, env, text, len, loc);
	while (p < end && !x.aborted) {
		if (*p == '$') {
			p = expand_dollar(&x, p, end, &no_args, &out);
		} else if (is_word_char(*p)) {
			strbuf_addc(&out, *p++);
		} else {
			break;
		}
	}
	*consumed = (size_t)(p - text);
	return expansion_finish(&x, &out);
}

size_t macro_reference_length(const char *text, size_t len)
{
	const char *close;

	if (len < 2 || text[0] != '$' || text[1] != '(')
		return len && text[0] == '$' ? 1 : 0;
	close = matching_paren(text + 2, text + len);
	return close ? (size_t)(close - text) + 1 : 0;
}

void macro_env_set_unknown_functions(struct macro_env *env,
				     const struct dialect_stand_in *table)
{
	env->unknown_functions = table;
}

/* ---- assignments -------------------------------------------------------- */

void macro_assign(struct macro_env *env, const char *name,
		  enum macro_flavor flavor, const char *value,
		  struct location loc)
{
	size_t name_len = strlen(name), value_len = strlen(value);
	struct macro_var *var = var_lookup(env, name, name_len);
	bool append = false;
	char *new_value;
	size_t new_len;

	if (!var) {
		/* `+=` on an undefined variable makes a recursive one. */
		if (flavor == MACRO_APPEND)
			flavor = MACRO_RECURSIVE;
		var = var_insert(env, name, name_len, flavor);
	} else if (flavor == MACRO_APPEND) {
		flavor = var->flavor;
		append = true;
	}

	if (flavor == MACRO_SIMPLE) {
		struct expansion x;
		struct strbuf out = { 0 };

		/*
		 * The kernel expands the value once it has read the end of the
		 * line, so $(lineno) there is one more than the line.
		 */
		size_t skipped = env->nskipped, ran = env->nruns;
		size_t guesses = env->guesses;

		expansion_init(&x, env, value, value_len, loc);
		x.lineno_bias = 1;
		var->redefining = !append;
		expand_span(&x, value, value + value_len, &no_args, &out);
		var->redefining = false;
		/* Made without a command that did not run: its uses are listed. */
		if (env->nskipped > skipped)
			var->skipped_from = skipped + 1;
		else if (!append)
			var->skipped_from = 0;
		var->guessed = env->guesses > guesses || (append && var->guessed);
		if (env->stopped) {
			/* A runaway expansion assigns nothing (nor appends). */
			strbuf_release(&out);
			return;
		}
		if (env->nruns > ran || !append) {
			var->ran_from = ran;
			var->ran_to = env->nruns;
		}
		new_value = expansion_finish(&x, &out);
		new_len = strlen(new_value);
	} else {
		new_len = value_len;
		new_value = xmemdup(value, value_len);
		var->guessed = false;	/* guesses count where it is used */
	}
	var->flavor = flavor;

	if (append) {
		var->value = xrealloc(var->value,
					    var->value_len + 1 + new_len + 1);
		var->value[var->value_len] = ' ';
		memcpy(var->value + var->value_len + 1, new_value, new_len + 1);
		var->value_len += 1 + new_len;
		free(new_value);
	} else {
		free(var->value);
		var->value = new_value;
		var->value_len = new_len;
	}
}
