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
 * it; the command's stderr is then captured and replayed, so that a hit
 * prints what the command printed.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* pipe2(), posix_spawn_file_actions_addchdir_np() */
#endif
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "macro_internal.h"
#include "shell_cache.h"

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
	struct strbuf *err;	/* NULL: stderr passes through */
};

#ifdef HAVE_SPAWN_CHDIR
/*
 * posix_spawn() does not copy the parent's page tables as fork() does:
 * with a big tree loaded that is 1 ms per command instead of 15.
 * glibc reports a failed chdir or exec as the return value.
 */
static int start_command(const struct command *cmd, int out_fd, int err_fd,
			 pid_t *pid)
{
	char *argv[] = { "sh", "-c", (char *)cmd->text, NULL };
	posix_spawn_file_actions_t actions;
	int err;

	err = posix_spawn_file_actions_init(&actions);
	if (err)
		return err;
	err = posix_spawn_file_actions_adddup2(&actions, out_fd, STDOUT_FILENO);
	if (!err && err_fd >= 0)
		err = posix_spawn_file_actions_adddup2(&actions, err_fd,
						       STDERR_FILENO);
	if (!err && cmd->dir)
		err = posix_spawn_file_actions_addchdir_np(&actions, cmd->dir);
	if (!err)
		err = posix_spawn(pid, "/bin/sh", &actions, NULL, argv,
				  cmd->envp ? cmd->envp : environ);
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
	int report[2], err = 0;
	ssize_t n;

	if (pipe2(report, O_CLOEXEC) < 0)
		return errno;
	*pid = fork();
	if (*pid == 0) {
		if (dup2(out_fd, STDOUT_FILENO) < 0 ||
		    (err_fd >= 0 && dup2(err_fd, STDERR_FILENO) < 0) ||
		    (cmd->dir && chdir(cmd->dir) < 0))
			child_fail(report[1]);
		execve("/bin/sh", argv, cmd->envp ? cmd->envp : environ);
		child_fail(report[1]);
	}
	if (*pid < 0)
		err = errno;
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

/*
 * Read the child's stdout until out_limit bytes or end of file, and its
 * stderr (when captured) until end of file.  Stdout is closed as soon as
 * enough is read, as the kernel's pclose() does: a long writer then gets
 * EPIPE or SIGPIPE, just as under the kernel.
 */
static void collect_output(struct command *cmd, int out_fd, int err_fd)
{
	struct pollfd fds[2] = {
		{ .fd = out_fd, .events = POLLIN },
		{ .fd = err_fd, .events = POLLIN },
	};
	char chunk[4096];
	ssize_t n;

	while (fds[0].fd >= 0 || fds[1].fd >= 0) {
		if (poll(fds, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (fds[0].fd >= 0 && fds[0].revents) {
			n = read(fds[0].fd, cmd->out + cmd->out_len,
				 cmd->out_limit - cmd->out_len);
			if (n > 0)
				cmd->out_len += (size_t)n;
			else if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0 || cmd->out_len == cmd->out_limit) {
				close(fds[0].fd);
				fds[0].fd = -1;
			}
		}
		if (fds[1].fd >= 0 && fds[1].revents) {
			n = read(fds[1].fd, chunk, sizeof(chunk));
			if (n > 0) {
				strbuf_add(cmd->err, chunk, (size_t)n);
			} else if (n == 0 || errno != EINTR) {
				close(fds[1].fd);
				fds[1].fd = -1;
			}
		}
	}
	if (fds[0].fd >= 0)
		close(fds[0].fd);
	if (fds[1].fd >= 0)
		close(fds[1].fd);
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* Returns 0, or the errno that kept the command from starting. */
static int run_command(struct command *cmd)
{
	int out_pipe[2] = { -1, -1 }, err_pipe[2] = { -1, -1 };
	int err, status;
	pid_t pid;

	cmd->out_len = 0;
	err = make_pipe(out_pipe);
	if (!err && cmd->err)
		err = make_pipe(err_pipe);
	if (!err)
		err = start_command(cmd, out_pipe[1], err_pipe[1], &pid);
	close_fd(&out_pipe[1]);
	close_fd(&err_pipe[1]);
	if (!err) {
		collect_output(cmd, out_pipe[0], err_pipe[0]);
		out_pipe[0] = err_pipe[0] = -1;
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	}
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
		.err = env->shell_cache ? &err_text : NULL,
	};
	struct shell_result cached;
	char *key = NULL;
	int err;

	if (env->shell_cache) {
		key = cache_key_command(env, cmd);
		if (shell_cache_get(env->shell_cache, key, env->shell_dir,
				    &cached)) {
			fwrite(cached.err, 1, cached.err_len, stderr);
			add_kernel_output(out, cached.out, cached.out_len);
			free(cached.out);
			free(cached.err);
			free(key);
			return;
		}
	}

	run.envp = command_environment(env);
	err = run_command(&run);
	free_environment(run.envp);
	if (err) {
		if (env->shell_dir)
			expansion_diag(x, DIAG_ERROR, at,
				       "cannot run '%s' in '%s': %s", cmd,
				       env->shell_dir, strerror(err));
		else
			expansion_diag(x, DIAG_ERROR, at, "cannot run '%s': %s",
				       cmd, strerror(err));
	} else if (env->shell_cache) {
		struct shell_result result = {
			.out = buf, .out_len = run.out_len,
			.err = err_text.data ? err_text.data : "",
			.err_len = err_text.len,
		};

		fwrite(result.err, 1, result.err_len, stderr);
		shell_cache_put(env->shell_cache, key, env->shell_dir, &result);
	}
	if (!err)
		add_kernel_output(out, buf, run.out_len);
	strbuf_release(&err_text);
	free(key);
}

void macro_env_set_shell_cache(struct macro_env *env, struct shell_cache *cache)
{
	env->shell_cache = cache;
}
