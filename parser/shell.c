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
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* pipe2(), posix_spawn_file_actions_addchdir_np() */
#endif
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "kconfig.h"
#include "macro_internal.h"
#include "shell_cache.h"
#include "text_escape.h"

extern char **environ;

/*
 * posix_spawn_file_actions_addchdir_np() came with glibc 2.29 (musl has
 * it too, but says so in no macro): elsewhere fork() and exec.
 */
#if defined(__GLIBC__) && !defined(KBROWSE_FORCE_FORK) && \
	(__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 29))
#define HAVE_SPAWN_CHDIR 1
#endif

/* The kernel's buffer size; one byte of it is kept for the NUL. */
#define SHELL_READ_MAX	4096
/*
 * Standard error kept (and shown) of one command: the rest is read and
 * dropped with a note, and such a result is not cached.
 */
#define SHELL_ERR_MAX	(1 << 20)
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

static void free_environment(char **envp)
{
	size_t i;

	for (i = 0; envp && envp[i]; i++)
		free(envp[i]);
	free(envp);
}

struct command {
	const char *text;
	const char *dir;	/* NULL: the current directory */
	char **envp;		/* NULL: environ */
	char *out;		/* stdout, at most out_limit bytes of it */
	size_t out_limit;
	size_t out_len;
	struct strbuf *err;	/* stderr, at most SHELL_ERR_MAX bytes of it */
	FILE *err_echo;		/* what is kept of stderr, also written here */
	size_t err_dropped;	/* stderr bytes past SHELL_ERR_MAX, not kept */
	const struct macro_shell_options *opts;
	struct probe_progress *progress;	/* the progress line's state */
	unsigned timeout_ms;	/* 0: wait as long as it takes */
	enum command_end {
		COMMAND_EXITED,
		COMMAND_SKIPPED,	/* Ctrl-C or Esc, interactively */
		COMMAND_TIMED_OUT,
	} end;
};

#ifdef HAVE_SPAWN_CHDIR
/*
 * posix_spawn() does not copy the parent's page tables as fork() does:
 * with a big tree loaded that is 1 ms per command instead of 15.
 * glibc reports a failed chdir or exec as the return value.  The command
 * gets a process group of its own, so that a skipped or timed-out one is
 * killed with everything it started, and a Ctrl-C at the terminal reaches
 * kbrowse, which decides; its stdin is /dev/null, never the terminal.
 */
static int start_command(const struct command *cmd, int out_fd, int err_fd,
			 pid_t *pid)
{
	char sh[] = "sh", dash_c[] = "-c";
	char *argv[] = { sh, dash_c, (char *)cmd->text, NULL };
	posix_spawn_file_actions_t actions;
	posix_spawnattr_t attr;
	int err;

	err = posix_spawn_file_actions_init(&actions);
	if (err)
		return err;
	err = posix_spawnattr_init(&attr);
	if (err) {
		posix_spawn_file_actions_destroy(&actions);
		return err;
	}
	err = posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
	if (!err)
		err = posix_spawnattr_setpgroup(&attr, 0);
	if (!err)
		err = posix_spawn_file_actions_addopen(&actions, STDIN_FILENO,
						       "/dev/null", O_RDONLY, 0);
	if (!err)
		err = posix_spawn_file_actions_adddup2(&actions, out_fd,
						       STDOUT_FILENO);
	if (!err)
		err = posix_spawn_file_actions_adddup2(&actions, err_fd,
						       STDERR_FILENO);
	if (!err && cmd->dir)
		err = posix_spawn_file_actions_addchdir_np(&actions, cmd->dir);
	if (!err)
		err = posix_spawn(pid, "/bin/sh", &actions, &attr, argv,
				  cmd->envp ? cmd->envp : environ);
	posix_spawnattr_destroy(&attr);
	posix_spawn_file_actions_destroy(&actions);
	return err;
}
#else
/* In the child: report errno to the parent and give up. */
static void __attribute__((noreturn)) child_fail(int report_fd)
{
	int err = errno;
	ssize_t unused = write(report_fd, &err, sizeof(err));

	(void)unused;
	_exit(127);
}

static int start_command(const struct command *cmd, int out_fd, int err_fd,
			 pid_t *pid)
{
	char *argv[] = { "sh", "-c", (char *)cmd->text, NULL };
	int report[2], err = 0, null_fd;
	ssize_t n;

	if (pipe2(report, O_CLOEXEC) < 0)
		return errno;
	*pid = fork();
	if (*pid == 0) {
		null_fd = open("/dev/null", O_RDONLY);
		if (setpgid(0, 0) < 0 || null_fd < 0 ||
		    dup2(null_fd, STDIN_FILENO) < 0 ||
		    dup2(out_fd, STDOUT_FILENO) < 0 ||
		    dup2(err_fd, STDERR_FILENO) < 0 ||
		    (cmd->dir && chdir(cmd->dir) < 0))
			child_fail(report[1]);
		execve("/bin/sh", argv, cmd->envp ? cmd->envp : environ);
		child_fail(report[1]);
	}
	if (*pid < 0)
		err = errno;
	else
		setpgid(*pid, *pid);	/* either side may come first */
	close(report[1]);
	if (*pid > 0) {
		/* Nothing arrives if execve() succeeded (close-on-exec). */
		do {
			n = read(report[0], &err, sizeof(err));
		} while (n < 0 && errno == EINTR);
		if (n != (ssize_t)sizeof(err))
			err = 0;
		else
			while (waitpid(*pid, NULL, 0) < 0 && errno == EINTR)
				;
	}
	close(report[0]);
	return err;
}
#endif

/*
 * A pipe whose ends are not 0, 1 or 2 (when the caller runs with some of
 * those closed), so that redirecting onto them in the child is never a
 * no-op that leaves close-on-exec set.
 */
static int make_pipe(int fds[2])
{
	int i;

	if (pipe2(fds, O_CLOEXEC) < 0)
		return errno;
	for (i = 0; i < 2; i++) {
		if (fds[i] <= STDERR_FILENO) {
			int moved = fcntl(fds[i], F_DUPFD_CLOEXEC, 3);
			int err = errno;

			close(fds[i]);
			fds[i] = moved;
			if (moved < 0) {
				if (i == 0)
					close(fds[1]);
				else
					close(fds[0]);
				fds[0] = fds[1] = -1;
				return err;
			}
		}
	}
	return 0;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static unsigned long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000 +
	       (unsigned long long)ts.tv_nsec / 1000000;
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

/* Was Esc typed?  Other keys are dropped. */
static bool esc_typed(void)
{
	char keys[64];
	ssize_t n = read(STDIN_FILENO, keys, sizeof(keys));

	return n > 0 && memchr(keys, 0x1b, (size_t)n) != NULL;
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

static void progress_show(const struct command *cmd, bool new_command)
{
	struct probe_progress *p = cmd->progress;
	unsigned long long now = now_ms();
	char line[256];
	size_t i, len;

	if (!p || !progress_on(cmd->opts) || now - p->start_ms < PROGRESS_AFTER_MS)
		return;
	if (!new_command && p->shown && now - p->shown_ms < PROGRESS_EVERY_MS)
		return;
	len = (size_t)snprintf(line, sizeof(line), "\rrunning compiler probe %u: ",
			       p->count);
	for (i = 0; cmd->text[i] && i < PROGRESS_COMMAND_MAX; i++) {
		unsigned char c = (unsigned char)cmd->text[i];

		line[len++] = c < 0x20 || c >= 0x7f ? '?' : (char)c;
	}
	len += (size_t)snprintf(line + len, sizeof(line) - len, "%s%s\033[K",
				cmd->text[i] ? "..." : "",
				cmd->opts->interactive ? " (Ctrl-C skips it)" : "");
	fflush(cmd->opts->notice);
	if (write(progress_fd(cmd->opts), line, len) < 0)
		return;
	p->shown = true;
	p->shown_ms = now;
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
	if (env->progress.shown && progress_on(&env->shell_opts) &&
	    write(progress_fd(&env->shell_opts), "\r\033[K", 4) < 0)
		env->progress.shown = false;
	env->progress.shown = false;
}

/* The pid's exit as a file descriptor that poll() can wait for, or -1. */
static int exit_fd(pid_t pid)
{
#ifdef SYS_pidfd_open
	return (int)syscall(SYS_pidfd_open, pid, 0);
#else
	(void)pid;
	return -1;
#endif
}

enum { WATCH_OUT, WATCH_ERR, WATCH_EXIT, WATCH_KEY, NWATCH };

/*
 * Read the child's stdout until out_limit bytes or end of file, and its
 * stderr until end of file, keeping (and echoing) SHELL_ERR_MAX bytes of
 * it; wait for the child.  Stdout is closed as soon as enough is read,
 * as the kernel's pclose() does: a long writer then gets EPIPE or
 * SIGPIPE, just as under the kernel.
 *
 * After a second the command is named (opts->notice); then Ctrl-C or Esc
 * skip it when interactive, and the time limit ends it otherwise: its
 * process group is killed.  A signal that is not a skip is passed on to
 * kbrowse's own handling once the group is gone.
 */
static void wait_command(struct command *cmd, pid_t pid, int out_fd, int err_fd,
			 const struct sigaction old[NWATCHED])
{
	struct pollfd fds[NWATCH] = {
		[WATCH_OUT] = { .fd = out_fd, .events = POLLIN },
		[WATCH_ERR] = { .fd = err_fd, .events = POLLIN },
		[WATCH_EXIT] = { .fd = exit_fd(pid), .events = POLLIN },
		[WATCH_KEY] = { .fd = -1, .events = POLLIN },
	};
	const struct macro_shell_options *opts = cmd->opts;
	unsigned long long start = now_ms();
	struct key_watch keys = { 0 };
	bool exited = false, named = false;
	unsigned backoff = 1;
	int pass_on = 0, status;
	char chunk[4096];
	ssize_t n;

	cmd->end = COMMAND_EXITED;
	while (!exited || fds[WATCH_OUT].fd >= 0 || fds[WATCH_ERR].fd >= 0) {
		unsigned long long elapsed = now_ms() - start;
		int wait = -1;

		if (!exited && fds[WATCH_EXIT].fd < 0)
			wait = (int)(backoff < 100 ? backoff *= 2 : 100);
		if (!named && opts->notice)
			wait = wait < 0 || wait > 1000 ? 1000 : wait;
		if (cmd->timeout_ms) {
			unsigned long long left = elapsed >= cmd->timeout_ms ? 0 :
				cmd->timeout_ms - elapsed;

			if (wait < 0 || left < (unsigned long long)wait)
				wait = (int)left;
		}
		if (opts->interactive && (wait < 0 || wait > 250))
			wait = 250;	/* a signal between checks waits no longer */
		if (cmd->progress && progress_on(opts) && (wait < 0 || wait > PROGRESS_EVERY_MS))
			wait = PROGRESS_EVERY_MS;
		progress_show(cmd, false);
		if (caught_signal) {
			if (opts->interactive && caught_signal == SIGINT)
				cmd->end = COMMAND_SKIPPED;
			else
				pass_on = caught_signal;
			break;
		}
		if (cmd->timeout_ms && elapsed >= cmd->timeout_ms) {
			cmd->end = COMMAND_TIMED_OUT;
			break;
		}
		if (!named && opts->notice && elapsed >= 1000 && progress_on(opts) &&
		    cmd->progress && cmd->progress->shown) {
			/* The progress line names it already: only listen for Esc. */
			named = true;
			if (opts->interactive) {
				key_watch_start(&keys);
				if (keys.on)
					fds[WATCH_KEY].fd = STDIN_FILENO;
			}
		}
		if (!named && opts->notice && elapsed >= 1000) {
			named = true;
			fputs("running: ", opts->notice);
			print_command(opts->notice, cmd->text);
			if (opts->interactive)
				fputs(" (Ctrl-C skips it)\n", opts->notice);
			else if (cmd->timeout_ms)
				fprintf(opts->notice, " (stopped after %u s)\n",
					cmd->timeout_ms / 1000);
			else
				fputs("\n", opts->notice);
			fflush(opts->notice);
			if (opts->interactive) {
				key_watch_start(&keys);
				if (keys.on)
					fds[WATCH_KEY].fd = STDIN_FILENO;
			}
		}
		if (poll(fds, NWATCH, wait) < 0 && errno != EINTR)
			break;
		if (fds[WATCH_KEY].fd >= 0 && fds[WATCH_KEY].revents && esc_typed()) {
			cmd->end = COMMAND_SKIPPED;
			break;
		}
		if (fds[WATCH_OUT].fd >= 0 && fds[WATCH_OUT].revents) {
			n = read(fds[WATCH_OUT].fd, cmd->out + cmd->out_len,
				 cmd->out_limit - cmd->out_len);
			if (n > 0)
				cmd->out_len += (size_t)n;
			if ((n < 0 && errno != EINTR && errno != EAGAIN) || n == 0 ||
			    cmd->out_len == cmd->out_limit)
				close_fd(&fds[WATCH_OUT].fd);
		}
		if (fds[WATCH_ERR].fd >= 0 && fds[WATCH_ERR].revents) {
			n = read(fds[WATCH_ERR].fd, chunk, sizeof(chunk));
			if (n > 0) {
				size_t room = SHELL_ERR_MAX - cmd->err->len;
				size_t keep = (size_t)n < room ? (size_t)n : room;

				strbuf_add(cmd->err, chunk, keep);
				if (cmd->err_echo && keep)
					fwrite(chunk, 1, keep, cmd->err_echo);
				cmd->err_dropped += (size_t)n - keep;
			} else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
				close_fd(&fds[WATCH_ERR].fd);
			}
		}
		if (!exited && (fds[WATCH_EXIT].fd < 0 || fds[WATCH_EXIT].revents)) {
			pid_t done = waitpid(pid, &status, WNOHANG);

			exited = done == pid || (done < 0 && errno != EINTR);
			if (exited)
				close_fd(&fds[WATCH_EXIT].fd);
		}
	}
	key_watch_stop(&keys);
	close_fd(&fds[WATCH_OUT].fd);
	close_fd(&fds[WATCH_ERR].fd);
	close_fd(&fds[WATCH_EXIT].fd);
	if (cmd->end != COMMAND_EXITED || pass_on) {
		/* The whole group: what the command started goes too. */
		kill(-pid, SIGKILL);
		if (!exited)
			while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
				;
	}
	if (pass_on) {
		unwatch_signals(old);
		raise(pass_on);
	}
}

/* Returns 0, or the errno that kept the command from starting. */
static int run_command(struct command *cmd)
{
	int out_pipe[2] = { -1, -1 }, err_pipe[2] = { -1, -1 };
	struct sigaction old[NWATCHED];
	int err;
	pid_t pid;

	cmd->out_len = 0;
	/* Before the start: a Ctrl-C the moment it runs counts too. */
	watch_signals(old);
	err = make_pipe(out_pipe);
	if (!err)
		err = make_pipe(err_pipe);
	if (!err)
		err = start_command(cmd, out_pipe[1], err_pipe[1], &pid);
	close_fd(&out_pipe[1]);
	close_fd(&err_pipe[1]);
	if (!err) {
		wait_command(cmd, pid, out_pipe[0], err_pipe[0], old);
		out_pipe[0] = err_pipe[0] = -1;
	}
	unwatch_signals(old);
	close_fd(&out_pipe[0]);
	close_fd(&err_pipe[0]);
	return err;
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
 * The time limit: KBROWSE_SHELL_TIMEOUT seconds (0: none); by default
 * SHELL_TIMEOUT_DEFAULT in batch runs and none interactively, where the
 * person at the terminal skips a command instead.
 */
static unsigned timeout_ms(const struct macro_shell_options *opts)
{
	const char *text = getenv("KBROWSE_SHELL_TIMEOUT");
	char *end;
	unsigned long seconds;

	if (text && *text) {
		seconds = strtoul(text, &end, 10);
		if (!*end && seconds < 1000000)
			return (unsigned)seconds * 1000;
	}
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

void macro_shell_output(struct expansion *x, const char *at, const char *cmd,
			struct strbuf *out)
{
	struct macro_env *env = x->env;
	char buf[SHELL_READ_MAX];
	struct strbuf err_text = { 0 };
	struct command run = {
		.text = cmd,
		.dir = env->shell_dir,
		.out = buf,
		.out_limit = sizeof(buf),
		.err = &err_text,
		.opts = &env->shell_opts,
		.timeout_ms = timeout_ms(&env->shell_opts),
	};
	struct shell_result cached;
	char *key = NULL;
	int err;

	if (env->shell_opts.no_shell) {
		if (!env->nskipped)
			expansion_diag(x, DIAG_NOTE, at,
				       "--no-shell: $(shell,%s) not run; it and "
				       "every later command give nothing", cmd);
		note_skip(x, at, cmd, SHELL_SKIP_NO_SHELL);
		return;
	}
	if (env->shell_cache) {
		key = cache_key_command(env, cmd);
		if (shell_cache_get(env->shell_cache, key, env->shell_dir,
				    &cached)) {
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
	}

	run.envp = command_environment(env);
	run.err_echo = open_err_echo(env);
	run.progress = &env->progress;
	progress_start(&env->progress);
	progress_show(&run, true);
	err = run_command(&run);
	close_err_echo(run.err_echo);
	free_environment(run.envp);
	if (err) {
		if (env->shell_dir)
			expansion_diag(x, DIAG_ERROR, at,
				       "cannot run '%s' in '%s': %s", cmd,
				       env->shell_dir, strerror(err));
		else
			expansion_diag(x, DIAG_ERROR, at, "cannot run '%s': %s",
				       cmd, strerror(err));
		goto out;
	}
	if (env->shell_opts.keep_stderr)
		stderr_as_warnings(x, at, cmd, err_text.data, err_text.len);
	if (run.err_dropped)
		expansion_diag(x, DIAG_NOTE, at,
			       "$(shell,%s): %zu more bytes of standard error "
			       "dropped (%d kept)", cmd, run.err_dropped,
			       SHELL_ERR_MAX);
	if (run.end == COMMAND_SKIPPED) {
		expansion_diag(x, DIAG_WARNING, at,
			       "$(shell,%s) skipped at your request: its result "
			       "is empty", cmd);
		note_skip(x, at, cmd, SHELL_SKIP_KEY);
		goto out;
	}
	if (run.end == COMMAND_TIMED_OUT) {
		expansion_diag(x, DIAG_ERROR, at,
			       "$(shell,%s) still running after %u s: stopped "
			       "(KBROWSE_SHELL_TIMEOUT=SECONDS sets the limit, "
			       "0 none)", cmd, run.timeout_ms / 1000);
		note_skip(x, at, cmd, SHELL_SKIP_TIMEOUT);
		goto out;
	}
	/*
	 * Cached only whole: not when stdout filled the kernel's buffer (the
	 * command was cut off) or stderr was cut short.
	 */
	if (env->shell_cache && !run.err_dropped && run.out_len < run.out_limit) {
		char no_err[] = "";
		struct shell_result result = {
			.out = buf, .out_len = run.out_len,
			.err = err_text.data ? err_text.data : no_err,
			.err_len = err_text.len,
		};

		shell_cache_put(env->shell_cache, key, env->shell_dir, &result);
	}
	{
		size_t start = out->len;

		add_kernel_output(out, buf, run.out_len);
		note_run(x, at, cmd, out->data ? out->data + start : "",
			 out->len - start);
	}
out:
	strbuf_release(&err_text);
	free(key);
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
