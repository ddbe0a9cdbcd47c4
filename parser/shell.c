// SPDX-License-Identifier: GPL-2.0
/*
 * $(shell,command): run a command with /bin/sh and return its output the
 * way the kernel's preprocessor does.
 *
 * The kernel reads one buffer of 4096 bytes from popen(), keeps at most
 * 4095 of them, drops trailing newlines, turns the other newlines into
 * spaces and stops at a NUL byte.  Standard error passes through, the exit
 * status is ignored.  We run the command in the directory given to
 * macro_env_new() (the kernel runs it in its object tree) with the
 * variables set by macro_env_setenv() added to its environment.
 *
 * macro_shell_output() is the single entry point.  When the caller gave a
 * shell_cache (macro_env_set_shell_cache), results come from it and go to
 * it, stderr included, so that a hit prints what the command printed.
 *
 * Unlike the kernel, the command's stderr never reaches our own file
 * descriptor 2: it is read through a pipe, at most SHELL_ERR_MAX bytes of
 * it are kept, and those go to stderr with control characters escaped
 * (text_escape.h) as they arrive -- a tree's command must not be able to
 * retitle or clear the user's terminal.  In the browser
 * (macro_shell_options.keep_stderr) they become warnings instead, which
 * the browser lists.  A replayed hit goes the same way.
 *
 * Every command runs as a job of the tree's pool (shell_pool.h): with
 * jobs > 1 a speculative pass has started most of them before the parse
 * asks, and the parse takes each answer in its own order, waiting for it
 * here, so that what it reads and prints is what a sequential run reads
 * and prints.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "macro_internal.h"
#include "shell.h"
#include "shell_cache.h"
#include "shell_pool.h"
#include "text_escape.h"

extern char **environ;

/* The kernel's buffer size; one byte of it is kept for the NUL. */
#define SHELL_READ_MAX	SHELL_POOL_OUT_MAX
/*
 * Standard error kept (and shown) of one command: the rest is read and
 * dropped with a note, and such a result is not cached.
 */
#define SHELL_ERR_MAX	SHELL_POOL_ERR_MAX
/* Lines of one command's stderr that become warnings in the browser. */
#define SHELL_ERR_WARNINGS	20
/* Seconds a command may run in batch modes (KBROWSE_SHELL_TIMEOUT). */
#define SHELL_TIMEOUT_DEFAULT	60

/*
 * The environment for the command: the process's own, with the values
 * of macro_env_setenv() replacing or added to it.  NULL: use environ.
 */
static char **command_environment(const struct macro_env *env)
{
	size_t count = 0, n = 0, i, j;
	char **envp;

	if (!env->nset)
		return NULL;
	while (environ && environ[count])
		count++;
	envp = xrealloc(NULL, (count + env->nset + 1) * sizeof(*envp));
	for (i = 0; i < count; i++) {
		bool replaced = false;

		for (j = 0; j < env->nset && !replaced; j++) {
			size_t len = strlen(env->set_names[j]);

			replaced = !strncmp(environ[i], env->set_names[j], len) &&
				   environ[i][len] == '=';
		}
		if (!replaced) {
			size_t len = strlen(environ[i]);

			envp[n] = xrealloc(NULL, len + 1);
			memcpy(envp[n++], environ[i], len + 1);
		}
	}
	for (j = 0; j < env->nset; j++) {
		size_t name_len = strlen(env->set_names[j]);
		size_t value_len = strlen(env->set_values[j]);
		char *entry = xrealloc(NULL, name_len + value_len + 2);

		memcpy(entry, env->set_names[j], name_len);
		entry[name_len] = '=';
		memcpy(entry + name_len + 1, env->set_values[j], value_len + 1);
		envp[n++] = entry;
	}
	envp[n] = NULL;
	return envp;
}

static unsigned long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000 +
	       (unsigned long long)ts.tv_nsec / 1000000;
}

/* The pool of the tree's commands: the one lent, else made when the first one runs. */
static struct shell_pool *env_pool(struct macro_env *env)
{
	if (!env->pool)
		env->pool = env->shell_opts.pool ? env->shell_opts.pool :
			    shell_pool_new(env->shell_opts.jobs);
	return env->pool;
}

/* Free the pool unless it is shared (a speculative pass's) or lent. */
static void free_own_pool(struct macro_env *env)
{
	if (!env->speculating && env->pool != env->shell_opts.pool)
		shell_pool_free(env->pool);
}

size_t macro_env_guesses(const struct macro_env *env)
{
	return env->guesses;
}

/* The signal that arrived while a command ran, or 0. */
static volatile sig_atomic_t caught_signal;

static void catch_signal(int signo)
{
	caught_signal = signo;
}

/*
 * While a command runs, Ctrl-C and the like come to kbrowse (the command
 * has a process group of its own): the waiting loop sees them and decides.
 */
static const int watched_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
#define NWATCHED ARRAY_SIZE(watched_signals)

static void watch_signals(struct sigaction old[NWATCHED])
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = catch_signal;
	sigemptyset(&sa.sa_mask);
	caught_signal = 0;
	/* A signal ignored (as SIGINT in a background job) stays ignored. */
	for (i = 0; i < NWATCHED; i++)
		if (sigaction(watched_signals[i], NULL, &old[i]) == 0 &&
		    old[i].sa_handler != SIG_IGN)
			sigaction(watched_signals[i], &sa, NULL);
}

static void unwatch_signals(const struct sigaction old[NWATCHED])
{
	size_t i;

	for (i = 0; i < NWATCHED; i++)
		sigaction(watched_signals[i], &old[i], NULL);
}

/* The command as shown in a notice: control characters as '?', cut short. */
static void print_command(FILE *out, const char *text)
{
	size_t i;

	for (i = 0; text[i] && i < 200; i++) {
		unsigned char c = (unsigned char)text[i];

		putc(c < 0x20 || c == 0x7f ? '?' : c, out);
	}
	if (text[i])
		fputs("...", out);
}

/*
 * Esc as a key while a command runs at the browser's start: the terminal
 * goes to non-canonical mode for the wait (only when kbrowse is in its
 * foreground), and back after.
 */
struct key_watch {
	bool on;
	struct termios saved;
};

static void key_watch_start(struct key_watch *kw)
{
	struct termios raw;

	kw->on = false;
	if (!isatty(STDIN_FILENO) || tcgetpgrp(STDIN_FILENO) != getpgrp() ||
	    tcgetattr(STDIN_FILENO, &kw->saved) < 0)
		return;
	raw = kw->saved;
	raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
	raw.c_cc[VMIN] = 0;
	raw.c_cc[VTIME] = 0;
	kw->on = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0;
}

static void key_watch_stop(struct key_watch *kw)
{
	if (kw->on)
		tcsetattr(STDIN_FILENO, TCSANOW, &kw->saved);
	kw->on = false;
}

/*
 * Was Esc typed, alone (not the start of an arrow key's sequence)?  The
 * other bytes read are kept in order for the browser (opts->typed_keys),
 * which takes them as typed once its first screen is up.
 */
static bool esc_typed(const struct macro_shell_options *opts)
{
	char keys[64];
	ssize_t n = read(STDIN_FILENO, keys, sizeof(keys));

	if (n == 1 && keys[0] == 0x1b)
		return true;
	if (n > 0 && opts->typed_keys)
		strbuf_add(opts->typed_keys, keys, (size_t)n);
	return false;
}

/* --- the progress line ------------------------------------------------------- */

/*
 * On a terminal, once the commands have taken PROGRESS_AFTER_MS since the
 * first started, one line says how many ran and which runs now, redrawn
 * in place; it goes when the tree is read (macro_env_shell_done()).
 * Elsewhere (a file, a pipe) only the slow-command notice is written.
 */
#define PROGRESS_AFTER_MS	200
#define PROGRESS_EVERY_MS	100
#define PROGRESS_COMMAND_MAX	50

/*
 * The line goes to the terminal behind the notice stream: stderr, which
 * main() wraps to escape control characters (the line's own \r and
 * clear-to-end are written past it, to the descriptor; the command's
 * are shown as '?').
 */
static int progress_fd(const struct macro_shell_options *opts)
{
	if (opts->notice != stderr || !isatty(STDERR_FILENO))
		return -1;
	return STDERR_FILENO;
}

static bool progress_on(const struct macro_shell_options *opts)
{
	return progress_fd(opts) >= 0;
}

/* "running compiler probe 23 of 107: gcc -Werror ..." */
static void progress_show(struct macro_env *env, const char *text,
			  bool new_command)
{
	const struct macro_shell_options *opts = &env->shell_opts;
	const struct probe_progress *p = &env->progress;
	unsigned long long now = now_ms();
	size_t i, len, total = env->pool ? shell_pool_count(env->pool) : 0;
	char line[256];

	if (!progress_on(opts) || now - p->start_ms < PROGRESS_AFTER_MS)
		return;
	if (!new_command && p->shown && now - p->shown_ms < PROGRESS_EVERY_MS)
		return;
	if (total > p->count)
		len = (size_t)snprintf(line, sizeof(line),
				       "\rrunning compiler probe %u of %zu: ",
				       p->count, total);
	else
		len = (size_t)snprintf(line, sizeof(line),
				       "\rrunning compiler probe %u: ", p->count);
	for (i = 0; text[i] && i < PROGRESS_COMMAND_MAX; i++) {
		unsigned char c = (unsigned char)text[i];

		line[len++] = c < 0x20 || c >= 0x7f ? '?' : (char)c;
	}
	len += (size_t)snprintf(line + len, sizeof(line) - len, "%s%s\033[K",
				text[i] ? "..." : "",
				opts->interactive ? " (Ctrl-C skips it)" : "");
	fflush(opts->notice);
	if (write(progress_fd(opts), line, len) < 0)
		return;
	env->progress.shown = true;
	env->progress.shown_ms = now;
}

/* A command is about to run: count it. */
static void progress_start(struct probe_progress *p)
{
	if (!p->start_ms)
		p->start_ms = now_ms();
	p->count++;
}

void macro_env_shell_done(struct macro_env *env)
{
	/* What the parse never asked for goes now (a lent pool's jobs run on). */
	if (!env->speculating) {
		free_own_pool(env);
		env->pool = NULL;
	}
	if (env->progress.shown && progress_on(&env->shell_opts) &&
	    write(progress_fd(&env->shell_opts), "\r\033[K", 4) < 0)
		env->progress.shown = false;
	env->progress.shown = false;
}

/*
 * The cache key's command: the command itself, plus the variables set by
 * macro_env_setenv(), which the cache cannot see in environ.
 */
static char *cache_key_command(const struct macro_env *env, const char *cmd)
{
	struct strbuf key = { 0 };
	size_t i;

	strbuf_add(&key, cmd, strlen(cmd));
	for (i = 0; i < env->nset; i++) {
		strbuf_add(&key, "\n#kbrowse-env ", 14);
		strbuf_add(&key, env->set_names[i], strlen(env->set_names[i]));
		strbuf_addc(&key, '=');
		strbuf_add(&key, env->set_values[i], strlen(env->set_values[i]));
	}
	return strbuf_take(&key);
}

/* The kernel's treatment of what it read from the command. */
static void add_kernel_output(struct strbuf *out, char *raw, size_t len)
{
	size_t i;

	if (len >= SHELL_READ_MAX)
		len = SHELL_READ_MAX - 1;
	while (len > 0 && raw[len - 1] == '\n')
		len--;
	for (i = 0; i < len; i++) {
		if (raw[i] == '\n')
			raw[i] = ' ';
		else if (raw[i] == '\0')
			break;
	}
	strbuf_add(out, raw, i);
}

/* A command that did not run, or whose run was cut short: listed. */
void macro_note_skip(struct expansion *x, const char *at, const char *cmd,
		     enum shell_skip_reason reason, const char *value)
{
	struct macro_env *env = x->env;
	struct shell_skip *skip;

	if (env->nskipped == env->skipped_cap) {
		env->skipped_cap = env->skipped_cap ? env->skipped_cap * 2 : 16;
		env->skipped = xrealloc(env->skipped,
					env->skipped_cap * sizeof(*env->skipped));
	}
	skip = &env->skipped[env->nskipped++];
	skip->loc = expansion_loc(x, at);
	skip->loc.column = 0;
	skip->origin = skip->loc;
	skip->command = xmemdup(cmd, strlen(cmd));
	skip->reason = reason;
	skip->value = value;
}

static void note_skip(struct expansion *x, const char *at, const char *cmd,
		      enum shell_skip_reason reason)
{
	macro_note_skip(x, at, cmd, reason, "");
}

/* An environment value as commands see it, without recording the read. */
static const char *tool_value(const struct macro_env *env, const char *name)
{
	for (size_t i = 0; i < env->nset; i++)
		if (strcmp(env->set_names[i], name) == 0)
			return env->set_values[i];
	return getenv(name);
}

/* Is the program name (a path, or a name looked up on PATH) there? */
static bool program_found(const char *name, size_t len)
{
	const char *path = getenv("PATH"), *dir, *end;
	char file[4096];

	if (memchr(name, '/', len)) {
		snprintf(file, sizeof(file), "%.*s", (int)len, name);
		return access(file, X_OK) == 0;
	}
	for (dir = path ? path : "/usr/bin:/bin"; *dir; dir = *end ? end + 1 : end) {
		end = dir + strcspn(dir, ":");
		snprintf(file, sizeof(file), "%.*s/%.*s", (int)(end - dir),
			 end > dir ? dir : ".", (int)len, name);
		if (access(file, X_OK) == 0)
			return true;
	}
	return false;
}

/*
 * The toolchain program a command names that is not installed: the
 * first word of $(CC), $(PAHOLE) ... when it stands as a word of cmd
 * and PATH has no such program.  A probe of a missing tool says only
 * "n" or "0"; this says why.
 */
char *macro_env_missing_tool(const struct macro_env *env, const char *cmd)
{
	static const char *const tools[] = {
		"CC", "LD", "AR", "NM", "OBJCOPY", "HOSTCC", "HOSTCXX",
		"RUSTC", "HOSTRUSTC", "BINDGEN", "PAHOLE", "PYTHON3", "PERL",
		"LEX", "YACC", "AWK", "HOSTPKG_CONFIG",
	};

	for (size_t i = 0; i < ARRAY_SIZE(tools); i++) {
		const char *value = tool_value(env, tools[i]), *hit;
		size_t len;

		if (!value || !*value)
			continue;
		len = strcspn(value, " \t");
		for (hit = strstr(cmd, value); hit; hit = strstr(hit + 1, value)) {
			bool starts = hit == cmd || strchr(" \t'\"(", hit[-1]);
			bool ends = !hit[len] || strchr(" \t'\");", hit[len]);

			if (starts && ends)
				break;
		}
		if (hit && !program_found(value, len))
			return xmemdup(value, len);
	}
	return NULL;
}

/* A command that ran: listed with its answer, for explanations. */
static void note_run(struct expansion *x, const char *at, const char *cmd,
		     const char *answer, size_t answer_len)
{
	struct macro_env *env = x->env;
	struct shell_run *run;

	if (env->nruns == env->runs_cap) {
		env->runs_cap = env->runs_cap ? env->runs_cap * 2 : 32;
		env->runs = xrealloc(env->runs, env->runs_cap * sizeof(*env->runs));
	}
	run = &env->runs[env->nruns++];
	run->loc = expansion_loc(x, at);
	run->loc.column = 0;
	run->origin = run->loc;
	run->command = xmemdup(cmd, strlen(cmd));
	run->answer = xmemdup(answer, answer_len);
}

void macro_note_run_uses(struct expansion *x, const char *at, size_t from,
			 size_t to)
{
	struct macro_env *env = x->env;

	for (size_t i = from; i < to; i++) {
		struct shell_run from_run = env->runs[i];

		note_run(x, at, from_run.command, from_run.answer,
			 strlen(from_run.answer));
		env->runs[env->nruns - 1].origin = from_run.origin;
	}
}

void macro_note_skip_use(struct expansion *x, const char *at, size_t index)
{
	struct shell_skip from = x->env->skipped[index];

	macro_note_skip(x, at, from.command, from.reason, from.value);
	x->env->skipped[x->env->nskipped - 1].origin = from.origin;
}

/*
 * The time limit: opts->timeout_s (KBROWSE_SHELL_TIMEOUT, read by the
 * command line; 0: none) when given; else SHELL_TIMEOUT_DEFAULT seconds
 * in batch runs and none interactively, where the person at the
 * terminal skips a command instead.
 */
static unsigned timeout_ms(const struct macro_shell_options *opts)
{
	if (opts->timeout_given)
		return opts->timeout_s < 1000000 ? opts->timeout_s * 1000 : 0;
	return opts->interactive ? 0 : SHELL_TIMEOUT_DEFAULT * 1000;
}

/*
 * A command's stderr in the browser: its first lines as warnings at the
 * $(shell,...), the rest counted (they are also kept in the cache whole).
 */
static void stderr_as_warnings(struct expansion *x, const char *at,
			       const char *cmd, const char *text, size_t len)
{
	const char *end, *line, *nl;
	size_t lines = 0;

	if (!len)
		return;		/* text may be NULL */
	end = text + len;
	for (line = text; line < end; line = nl + 1) {
		nl = memchr(line, '\n', (size_t)(end - line));
		if (!nl)
			nl = end;
		if (++lines <= SHELL_ERR_WARNINGS)
			expansion_diag(x, DIAG_WARNING, at, "$(shell,%s): %.*s",
				       cmd, (int)(nl - line), line);
	}
	if (lines > SHELL_ERR_WARNINGS)
		expansion_diag(x, DIAG_NOTE, at,
			       "$(shell,%s): %zu more lines of standard error",
			       cmd, lines - SHELL_ERR_WARNINGS);
}

/* stderr with control characters escaped, for one command's output. */
static FILE *open_err_echo(const struct macro_env *env)
{
	if (env->shell_opts.keep_stderr)
		return NULL;
	return text_escape_stream(stderr, TEXT_ESCAPE_TEXT, NULL);
}

static void close_err_echo(FILE *echo)
{
	if (echo)
		fclose(echo);	/* stderr stays open */
}

/* A cache hit prints what the command printed, the same way. */
static void replay_stderr(struct expansion *x, const char *at, const char *cmd,
			  const struct shell_result *cached)
{
	FILE *echo;

	if (!cached->err_len)
		return;
	if (x->env->shell_opts.keep_stderr) {
		stderr_as_warnings(x, at, cmd, cached->err, cached->err_len);
		return;
	}
	echo = open_err_echo(x->env);
	fwrite(cached->err, 1, cached->err_len, echo);
	close_err_echo(echo);
}

/* How a command the parse waited for ended. */
enum command_end {
	COMMAND_EXITED,
	COMMAND_SKIPPED,	/* Ctrl-C or Esc, interactively */
	COMMAND_TIMED_OUT,
};

/* The command named once it takes a second (the progress line may do it). */
static void name_slow_command(const struct macro_env *env, const char *text,
			      unsigned limit_ms)
{
	const struct macro_shell_options *opts = &env->shell_opts;

	if (progress_on(opts) && env->progress.shown)
		return;
	fputs("running: ", opts->notice);
	print_command(opts->notice, text);
	if (opts->interactive)
		fputs(" (Ctrl-C skips it)\n", opts->notice);
	else if (limit_ms)
		fprintf(opts->notice, " (stopped after %u s)\n", limit_ms / 1000);
	else
		fputs("\n", opts->notice);
	fflush(opts->notice);
}

/*
 * Wait for the claimed job while the pool runs the others.  After a
 * second the command is named (opts->notice); then Ctrl-C or Esc skip it
 * when interactive, and the time limit (counted from its start) ends it
 * otherwise: its process group is killed.  A signal that is not a skip
 * stops every job and is passed on to kbrowse's own handling.  The
 * caller watches the signals (old: what they did before) from before
 * the job can start, so that none comes between its start and the wait.
 */
static enum command_end wait_job(struct macro_env *env, struct shell_job *job,
				 unsigned limit_ms, const struct sigaction old[NWATCHED])
{
	const struct macro_shell_options *opts = &env->shell_opts;
	unsigned long long waiting_since = now_ms();
	enum command_end end = COMMAND_EXITED;
	struct key_watch keys = { 0 };
	bool named = false;
	int pass_on = 0;

	while (!shell_job_done(job)) {
		unsigned long long now = now_ms(), ran = now - job->start_ms;
		int wait = -1;

		if (limit_ms) {
			unsigned long long left = ran >= limit_ms ? 0 : limit_ms - ran;

			wait = left > 1000 ? 1000 : (int)left;
		}
		if (opts->interactive && (wait < 0 || wait > 250))
			wait = 250;	/* a signal between checks waits no longer */
		if (progress_on(opts) && (wait < 0 || wait > PROGRESS_EVERY_MS))
			wait = PROGRESS_EVERY_MS;
		progress_show(env, job->text, false);
		if (caught_signal) {
			if (opts->interactive && caught_signal == SIGINT)
				end = COMMAND_SKIPPED;
			else
				pass_on = caught_signal;
			break;
		}
		if (limit_ms && ran >= limit_ms) {
			end = COMMAND_TIMED_OUT;
			break;
		}
		if (!named && opts->notice && now - waiting_since >= 1000) {
			named = true;
			name_slow_command(env, job->text, limit_ms);
			if (opts->interactive)
				key_watch_start(&keys);
		}
		if (shell_pool_pump(env->pool, wait, keys.on ? STDIN_FILENO : -1) &&
		    esc_typed(opts)) {
			end = COMMAND_SKIPPED;
			break;
		}
	}
	key_watch_stop(&keys);
	if (end != COMMAND_EXITED || pass_on)
		shell_job_kill(env->pool, job);
	if (pass_on) {
		shell_pool_kill_all(env->pool);
		unwatch_signals(old);
		raise(pass_on);
	}
	return end;
}

/*
 * Each speculative pass reads the whole tree again (without building
 * symbols, but it lexes and expands every line): a few passes follow
 * the short chains of real trees (Linux: the compiler's name and
 * version, then the probes that test them); a command past those
 * runs when it is reached.
 */
#define SPECULATIVE_PASSES_MAX	3


/*
 * The job of this command: the one the speculative pass started for it,
 * else (the first time a command must run) after that pass, else a
 * job of its own, started now.
 */
static struct shell_job *claim_job(struct macro_env *env, const char *key,
				   const char *cmd)
{
	struct shell_pool *pool = env_pool(env);
	struct shell_job *job = shell_pool_claim(pool, key);

	if (!job && env->speculate && env->shell_opts.jobs > 1 &&
	    env->speculated < SPECULATIVE_PASSES_MAX &&
	    (!env->speculated ||
	     shell_pool_answers(pool) > env->speculated_answers)) {
		env->speculated++;
		env->speculated_answers = shell_pool_answers(pool);
		env->speculate(env->speculate_ctx);
		job = shell_pool_claim(pool, key);
	}
	if (!job) {
		shell_pool_add(pool, NULL, key, cmd, env->shell_dir,
			       command_environment(env), false);
		job = shell_pool_claim(pool, key);
	}
	return job;
}

/*
 * The speculative pass meets a command: its answer if known already (the
 * cache, a job that finished), else "" while a job runs it.  That "" is
 * a guess, and so is whatever is made of one (macro_env.guesses): a
 * command made of a guess is most often not the one the parse will run
 * (Linux: `test "" = GCC` for the compiler's name), so its job waits
 * until the parse claims it or a later pass meets it made of answers.
 */
static void speculate_output(struct macro_env *env, const char *cmd,
			     const char *key, struct strbuf *out)
{
	bool made_of_guess = env->args_guessed;
	struct shell_result cached;
	struct shell_job *waiting;
	const char *known;
	size_t known_len;

	/* Even a known answer is a guess when the command was one. */
	env->guesses += made_of_guess;
	if (env->real && env->real->progress.waiting_for)
		progress_show(env->real, env->real->progress.waiting_for, false);
	if (env->shell_cache &&
	    shell_cache_peek(env->shell_cache, key, env->shell_dir, &cached)) {
		add_kernel_output(out, cached.out, cached.out_len);
		free(cached.out);
		free(cached.err);
		return;
	}
	if (shell_pool_known(env->pool, key, &known, &known_len)) {
		char copy[SHELL_READ_MAX];

		memcpy(copy, known, known_len);
		add_kernel_output(out, copy, known_len);
		return;
	}
	env->guesses += !made_of_guess;	/* the answer is not known */
	/* Added by an earlier pass, further on: this pass is there now. */
	waiting = shell_pool_waiting(env->pool, env->pool_cursor, key);
	if (waiting) {
		env->pool_cursor = waiting;
		if (!made_of_guess)
			shell_pool_confirm(env->pool, waiting);
		return;
	}
	/*
	 * Met before in this pass (a guess made of unknown answers is often
	 * the same text as an earlier one: "set --  && echo $1"): the cursor
	 * stays, or what comes next would go behind everything met since.
	 */
	if (env->pool_cursor && shell_pool_waiting(env->pool, NULL, key))
		return;
	/* In the parse's order: after the last job this pass met. */
	env->pool_cursor = shell_pool_add(env->pool, env->pool_cursor, key, cmd,
					  env->shell_dir,
					  command_environment(env),
					  made_of_guess);
	shell_pool_pump(env->pool, 0, -1);
}

/* A claimed job's stderr: what it wrote so far now, the rest as it comes. */
static void echo_job_stderr(struct shell_job *job, FILE *echo)
{
	job->err_echo = echo;
	if (echo && job->err.len)
		fwrite(job->err.data, 1, job->err.len, echo);
}

/* The command's answer: cached when whole, appended, listed. */
static void use_answer(struct expansion *x, const char *at, const char *cmd,
		       const char *key, struct shell_job *job,
		       struct strbuf *out)
{
	struct macro_env *env = x->env;
	size_t start = out->len;

	/*
	 * Cached only whole: not when stdout filled the kernel's buffer (the
	 * command was cut off) or stderr was cut short.
	 */
	if (env->shell_cache && !job->err_dropped &&
	    job->out_len < SHELL_READ_MAX) {
		char no_err[] = "";
		struct shell_result result = {
			.out = job->out, .out_len = job->out_len,
			.err = job->err.data ? job->err.data : no_err,
			.err_len = job->err.len,
		};

		shell_cache_put(env->shell_cache, key, env->shell_dir, &result);
	}
	add_kernel_output(out, job->out, job->out_len);
	note_run(x, at, cmd, out->data ? out->data + start : "",
		 out->len - start);
}

static void job_start_error(struct expansion *x, const char *at,
			    const char *cmd, const struct shell_job *job)
{
	const char *dir = x->env->shell_dir;

	if (dir)
		expansion_diag(x, DIAG_ERROR, at, "cannot run '%s' in '%s': %s",
			       cmd, dir, strerror(job->start_error));
	else
		expansion_diag(x, DIAG_ERROR, at, "cannot run '%s': %s", cmd,
			       strerror(job->start_error));
}

/* What a finished job wrote to stderr: warnings in the browser, and what was dropped. */
static void job_stderr_notes(struct expansion *x, const char *at,
			     const char *cmd, const struct shell_job *job)
{
	if (x->env->shell_opts.keep_stderr)
		stderr_as_warnings(x, at, cmd, job->err.data, job->err.len);
	if (job->err_dropped)
		expansion_diag(x, DIAG_NOTE, at,
			       "$(shell,%s): %zu more bytes of standard error "
			       "dropped (%d kept)", cmd, job->err_dropped,
			       SHELL_ERR_MAX);
}

/*
 * A command not answered yet in a provisional read: "" for now, listed
 * (SHELL_SKIP_PENDING), and counted as a guess, so that what is made of
 * it is known (macro_env.guesses; the lexer checks where it lands).
 */
static void note_pending(struct expansion *x, const char *at, const char *cmd)
{
	x->env->guesses++;
	note_skip(x, at, cmd, SHELL_SKIP_PENDING);
}

/*
 * A provisional read meets a command made of answers: its job's answer
 * when it finished, else "" while it runs (started now if it was not
 * there: added after the last job, in the order of the parse).  The job
 * stays in the pool for the next read.
 */
static void provisional_output(struct expansion *x, const char *at,
			       const char *cmd, const char *key,
			       struct strbuf *out)
{
	struct macro_env *env = x->env;
	struct shell_pool *pool = env_pool(env);
	struct shell_job *job;

	shell_pool_pump(pool, 0, -1);
	job = shell_pool_take(pool, key);
	if (!job) {
		shell_pool_add(pool, shell_pool_last(pool), key, cmd,
			       env->shell_dir, command_environment(env), false);
		job = shell_pool_take(pool, key);
	}
	if (!job || !shell_job_done(job) || job->killed) {
		note_pending(x, at, cmd);
		return;
	}
	if (job->start_error) {
		job_start_error(x, at, cmd, job);
		return;
	}
	job_stderr_notes(x, at, cmd, job);
	use_answer(x, at, cmd, key, job, out);
}

void macro_shell_output(struct expansion *x, const char *at, const char *cmd,
			struct strbuf *out)
{
	struct macro_env *env = x->env;
	unsigned limit_ms = timeout_ms(&env->shell_opts);
	struct shell_result cached;
	struct sigaction old[NWATCHED];
	struct shell_job *job;
	enum command_end end;
	char *key;

	if (env->shell_opts.no_shell) {
		if (!env->nskipped)
			expansion_diag(x, DIAG_NOTE, at,
				       "--no-shell: $(shell,%s) not run; it and "
				       "every later command give nothing", cmd);
		note_skip(x, at, cmd, SHELL_SKIP_NO_SHELL);
		return;
	}
	key = cache_key_command(env, cmd);
	if (env->speculating) {
		speculate_output(env, cmd, key, out);
		free(key);
		return;
	}
	/* Made of an answer not in yet: not the command a real read runs. */
	if (env->shell_opts.provisional && env->args_guessed) {
		note_pending(x, at, cmd);
		free(key);
		return;
	}
	if (env->shell_cache &&
	    shell_cache_get(env->shell_cache, key, env->shell_dir, &cached)) {
		size_t start = out->len;

		replay_stderr(x, at, cmd, &cached);
		add_kernel_output(out, cached.out, cached.out_len);
		note_run(x, at, cmd, out->data ? out->data + start : "",
			 out->len - start);
		free(cached.out);
		free(cached.err);
		free(key);
		return;
	}

	if (env->shell_opts.provisional) {
		provisional_output(x, at, cmd, key, out);
		free(key);
		return;
	}
	/* Counted from here: the first claim may read the tree ahead. */
	progress_start(&env->progress);
	env->progress.waiting_for = cmd;
	watch_signals(old);
	job = claim_job(env, key, cmd);
	echo_job_stderr(job, open_err_echo(env));
	progress_show(env, cmd, true);
	end = wait_job(env, job, limit_ms, old);
	unwatch_signals(old);
	close_err_echo(job->err_echo);
	job->err_echo = NULL;
	if (job->start_error) {
		job_start_error(x, at, cmd, job);
		goto out;
	}
	job_stderr_notes(x, at, cmd, job);
	if (end == COMMAND_SKIPPED) {
		expansion_diag(x, DIAG_WARNING, at,
			       "$(shell,%s) skipped at your request: its result "
			       "is empty", cmd);
		note_skip(x, at, cmd, SHELL_SKIP_KEY);
		goto out;
	}
	if (end == COMMAND_TIMED_OUT) {
		expansion_diag(x, DIAG_ERROR, at,
			       "$(shell,%s) still running after %u s: stopped "
			       "(KBROWSE_SHELL_TIMEOUT=SECONDS sets the limit, "
			       "0 none)", cmd, limit_ms / 1000);
		note_skip(x, at, cmd, SHELL_SKIP_TIMEOUT);
		goto out;
	}
	use_answer(x, at, cmd, key, job, out);
out:
	env->progress.waiting_for = NULL;
	shell_pool_release(env->pool, job);
	free(key);
}

void macro_env_speculate_for(struct macro_env *spec,
			     struct macro_env *real)
{
	spec->speculating = true;
	spec->real = real;
	spec->pool = real->pool;
	spec->shell_cache = real->shell_cache;
}

void macro_env_set_speculation(struct macro_env *env,
			       void (*speculate)(void *ctx), void *ctx)
{
	env->speculate = speculate;
	env->speculate_ctx = ctx;
}

void macro_env_set_shell_cache(struct macro_env *env, struct shell_cache *cache)
{
	env->shell_cache = cache;
}

void macro_env_set_shell_options(struct macro_env *env,
				 const struct macro_shell_options *opts)
{
	env->shell_opts = *opts;
}

const struct shell_skip *macro_env_shell_skipped(const struct macro_env *env,
						 size_t *count)
{
	*count = env->nskipped;
	return env->skipped;
}

const struct shell_run *macro_env_shell_runs(const struct macro_env *env,
					     size_t *count)
{
	*count = env->nruns;
	return env->runs;
}

void macro_env_free_shell(struct macro_env *env)
{
	size_t i;

	free_own_pool(env);

	for (i = 0; i < env->nruns; i++) {
		free((char *)env->runs[i].command);
		free((char *)env->runs[i].answer);
	}
	free(env->runs);

	for (i = 0; i < env->nskipped; i++)
		free((char *)env->skipped[i].command);
	free(env->skipped);
}

/* --- what the tree says about commands that did not run -------------- */

const struct shell_run *kconfig_shell_runs(const struct kconfig *kc,
					   size_t *count)
{
	*count = 0;
	return kc->macros ? macro_env_shell_runs(kc->macros, count) : NULL;
}

char *kconfig_shell_missing_tool(const struct kconfig *kc, const char *cmd)
{
	return kc->macros ? macro_env_missing_tool(kc->macros, cmd) : NULL;
}

const struct shell_skip *kconfig_shell_skipped(const struct kconfig *kc,
					       size_t *count)
{
	*count = 0;
	return kc->macros ? macro_env_shell_skipped(kc->macros, count) : NULL;
}

size_t kconfig_shell_pending(const struct kconfig *kc)
{
	const struct shell_skip *skips;
	size_t count, n = 0;

	skips = kconfig_shell_skipped(kc, &count);
	for (size_t i = 0; i < count; i++)
		n += skips[i].reason == SHELL_SKIP_PENDING;
	return n;
}

/* Does skip lie within one of sym's definitions (from `config` to help)? */
static bool skip_in_definition(const struct shell_skip *skip,
			       const struct symbol *sym)
{
	const struct menu_node *node;
	const struct property *prop;

	for (node = sym->first_node; node; node = node->next_def) {
		int last = node->help_loc.file ? node->help_loc.line : node->loc.line;

		for (prop = sym->props; prop; prop = prop->next)
			if (prop->node == node && prop->loc.line > last)
				last = prop->loc.line;
		/* `depends on` lines are no property: up to the next entry */
		if (node->next && node->next->loc.file == node->loc.file &&
		    node->next->loc.line > last)
			last = node->next->loc.line - 1;
		if (node->loc.file == skip->loc.file &&
		    skip->loc.line >= node->loc.line && skip->loc.line <= last)
			return true;
	}
	return false;
}

bool kconfig_shell_skip_note(const struct kconfig *kc, const struct symbol *sym,
			     char *buf, size_t size)
{
	static const char *const why[] = {
		[SHELL_SKIP_NO_SHELL] = "with --no-shell",
		[SHELL_SKIP_KEY] = "with a command skipped",
		[SHELL_SKIP_TIMEOUT] = "with a command timed out",
		[SHELL_SKIP_UNKNOWN_FUNCTION] = "without the tree's own functions",
		[SHELL_SKIP_PENDING] = "for now, with a probe still running",
	};
	char call[160];
	const struct shell_skip *skips, *skip;
	size_t count, i;

	skips = kconfig_shell_skipped(kc, &count);
	if (!count)
		return false;
	skip = &skips[0];
	for (i = 0; sym && i < count; i++) {
		if (skip_in_definition(&skips[i], sym)) {
			skip = &skips[i];
			break;
		}
	}
	if (skip->reason == SHELL_SKIP_UNKNOWN_FUNCTION)
		snprintf(call, sizeof(call), "$(%.100s,...) (unknown function)",
			 skip->command);
	else
		snprintf(call, sizeof(call), "$(shell,...)");
	if (skip == &skips[0] && !(sym && skip_in_definition(skip, sym)) &&
	    count > 1)
		snprintf(buf, size, "computed %s: %s at %s:%d and %zu "
			 "more gave %s%s%s", why[skip->reason], call,
			 location_file(skip->origin), skip->origin.line, count - 1,
			 *skip->value ? "stand-ins like \"" : "nothing",
			 skip->value, *skip->value ? "\"" : "");
	else
		snprintf(buf, size, "computed %s: %s at %s:%d gave %s%s%s",
			 why[skip->reason], call, location_file(skip->origin),
			 skip->origin.line,
			 *skip->value ? "the stand-in \"" : "nothing",
			 skip->value, *skip->value ? "\"" : "");
	return true;
}

bool kconfig_shell_skipped_at(const struct kconfig *kc, struct location loc)
{
	const struct shell_skip *skips = NULL;
	size_t count, i;

	if (kc->macros)
		skips = macro_env_shell_skipped(kc->macros, &count);
	/* The latest first: the parser asks about the line it is on. */
	for (i = skips ? count : 0; i-- > 0;)
		if (skips[i].loc.file == loc.file && skips[i].loc.line == loc.line)
			return true;
	return false;
}
