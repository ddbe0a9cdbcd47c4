// SPDX-License-Identifier: GPL-2.0
/*
 * The jobs of a tree's $(shell,...) commands, several at once (see
 * shell_pool.h for who adds and claims them).  One poll() loop reads
 * every running job's pipes and waits for their exits; nothing here
 * blocks on one job while another fills its pipe.
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
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "shell_pool.h"
#include "util.h"

extern char **environ;

/*
 * posix_spawn_file_actions_addchdir_np() came with glibc 2.29 (musl has
 * it too, but says so in no macro): elsewhere fork() and exec.
 */
#if defined(__GLIBC__) && !defined(KBROWSE_FORCE_FORK) && \
	(__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 29))
#define HAVE_SPAWN_CHDIR 1
#endif

/* The answer of a job the parse used, for later speculative passes. */
struct pool_answer {
	struct pool_answer *next;
	char *key;
	char *out;
	size_t out_len;
};

struct shell_pool {
	unsigned limit;			/* started and not done, at most */
	struct shell_job *jobs, **tail;
	size_t added;
	struct pool_answer *answers;
	size_t nanswers;
	unsigned read;			/* the provisional read going on */
};

static unsigned long long pool_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000 +
	       (unsigned long long)ts.tv_nsec / 1000000;
}

#ifdef HAVE_SPAWN_CHDIR
/*
 * posix_spawn() does not copy the parent's page tables as fork() does:
 * with a big tree loaded that is 1 ms per command instead of 15.
 * glibc reports a failed chdir or exec as the return value.  The command
 * gets a process group of its own, so that a skipped or timed-out one is
 * killed with everything it started, and a Ctrl-C at the terminal reaches
 * kbrowse, which decides; its stdin is /dev/null, never the terminal.
 */
static int start_command(const struct shell_job *job, int out_fd, int err_fd,
			 pid_t *pid)
{
	char sh[] = "sh", dash_c[] = "-c";
	char *argv[] = { sh, dash_c, job->text, NULL };
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
	if (!err && job->dir)
		err = posix_spawn_file_actions_addchdir_np(&actions, job->dir);
	if (!err)
		err = posix_spawn(pid, "/bin/sh", &actions, &attr, argv,
				  job->envp ? job->envp : environ);
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

static int start_command(const struct shell_job *job, int out_fd, int err_fd,
			 pid_t *pid)
{
	char sh[] = "sh", dash_c[] = "-c";
	char *argv[] = { sh, dash_c, job->text, NULL };
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
		    (job->dir && chdir(job->dir) < 0))
			child_fail(report[1]);
		execve("/bin/sh", argv, job->envp ? job->envp : environ);
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

static void start_job(struct shell_job *job)
{
	int out_pipe[2] = { -1, -1 }, err_pipe[2] = { -1, -1 };
	int err;

	job->started = true;
	job->start_ms = pool_now_ms();
	err = make_pipe(out_pipe);
	if (!err)
		err = make_pipe(err_pipe);
	if (!err)
		err = start_command(job, out_pipe[1], err_pipe[1], &job->pid);
	close_fd(&out_pipe[1]);
	close_fd(&err_pipe[1]);
	if (err) {
		close_fd(&out_pipe[0]);
		close_fd(&err_pipe[0]);
		job->start_error = err;
		job->exited = true;
		return;
	}
	job->out_fd = out_pipe[0];
	job->err_fd = err_pipe[0];
	job->exit_fd = exit_fd(job->pid);
}

bool shell_job_done(const struct shell_job *job)
{
	return job->started && job->exited && job->out_fd < 0 && job->err_fd < 0;
}

static bool running(const struct shell_job *job)
{
	return job->started && !shell_job_done(job);
}

/* Start waiting jobs, in order, while fewer than the limit run. */
static void start_waiting(struct shell_pool *pool)
{
	unsigned busy = 0;
	struct shell_job *job;

	for (job = pool->jobs; job; job = job->next)
		busy += running(job);
	for (job = pool->jobs; job && busy < pool->limit; job = job->next)
		if (!job->started && !job->guess) {
			start_job(job);
			busy += running(job);
		}
}

struct shell_pool *shell_pool_new(unsigned jobs)
{
	struct shell_pool *pool = xcalloc(1, sizeof(*pool));

	pool->limit = jobs ? jobs : 1;
	pool->tail = &pool->jobs;
	return pool;
}

struct shell_job *shell_pool_add(struct shell_pool *pool,
				 struct shell_job *after, const char *key,
				 const char *text, const char *dir, char **envp,
				 bool guess)
{
	struct shell_job *job = xcalloc(1, sizeof(*job));
	struct shell_job **link = after ? &after->next : &pool->jobs;

	job->key = xstrdup(key);
	job->text = xstrdup(text);
	job->dir = dir ? xstrdup(dir) : NULL;
	job->envp = envp;
	job->guess = guess;
	job->out_fd = job->err_fd = job->exit_fd = -1;
	job->next = *link;
	*link = job;
	if (pool->tail == link)
		pool->tail = &job->next;
	pool->added++;
	start_waiting(pool);
	return job;
}

void shell_pool_confirm(struct shell_pool *pool, struct shell_job *job)
{
	if (job->guess) {
		job->guess = false;
		start_waiting(pool);
	}
}

void shell_pool_next_read(struct shell_pool *pool)
{
	pool->read++;
}

struct shell_job *shell_pool_take(struct shell_pool *pool, const char *key)
{
	struct shell_job *job;

	for (job = pool->jobs; job; job = job->next)
		if (!job->claimed && job->used_in != pool->read &&
		    strcmp(job->key, key) == 0) {
			job->used_in = pool->read;
			return job;
		}
	return NULL;
}

struct shell_job *shell_pool_last(struct shell_pool *pool)
{
	struct shell_job *job = pool->jobs;

	while (job && job->next)
		job = job->next;
	return job;
}

size_t shell_pool_unfinished(const struct shell_pool *pool)
{
	const struct shell_job *job;
	size_t n = 0;

	for (job = pool->jobs; job; job = job->next)
		n += !job->killed && !shell_job_done(job) &&
		     (job->started || !job->guess);
	return n;
}

bool shell_pool_first_done(const struct shell_pool *pool, size_t n)
{
	const struct shell_job *job;

	for (job = pool->jobs; job && n; job = job->next, n--)
		if (!job->killed && !shell_job_done(job) &&
		    (job->started || !job->guess))
			return false;
	return true;
}

size_t shell_pool_count(const struct shell_pool *pool)
{
	return pool->added;
}

struct shell_job *shell_pool_claim(struct shell_pool *pool, const char *key)
{
	struct shell_job *job;

	for (job = pool->jobs; job; job = job->next)
		if (!job->claimed && strcmp(job->key, key) == 0)
			break;
	if (!job)
		return NULL;
	job->claimed = true;
	if (!job->started)
		start_job(job);
	return job;
}

bool shell_pool_known(const struct shell_pool *pool, const char *key,
		      const char **out, size_t *out_len)
{
	const struct pool_answer *answer;
	const struct shell_job *job;

	for (answer = pool->answers; answer; answer = answer->next) {
		if (strcmp(answer->key, key) == 0) {
			*out = answer->out;
			*out_len = answer->out_len;
			return true;
		}
	}
	for (job = pool->jobs; job; job = job->next) {
		if (shell_job_done(job) && !job->start_error && !job->killed &&
		    strcmp(job->key, key) == 0) {
			*out = job->out;
			*out_len = job->out_len;
			return true;
		}
	}
	return false;
}

struct shell_job *shell_pool_waiting(struct shell_pool *pool,
				     const struct shell_job *from,
				     const char *key)
{
	struct shell_job *job;

	for (job = from ? from->next : pool->jobs; job; job = job->next)
		if (!job->claimed && strcmp(job->key, key) == 0)
			return job;
	return NULL;
}

size_t shell_pool_answers(const struct shell_pool *pool)
{
	return pool->nanswers;
}

static void read_out(struct shell_job *job)
{
	ssize_t n = read(job->out_fd, job->out + job->out_len,
			 sizeof(job->out) - job->out_len);

	if (n > 0)
		job->out_len += (size_t)n;
	/*
	 * Closed as soon as the kernel's buffer is full, as its pclose()
	 * does: a long writer then gets EPIPE or SIGPIPE, as under the kernel.
	 */
	if ((n < 0 && errno != EINTR && errno != EAGAIN) || n == 0 ||
	    job->out_len == sizeof(job->out))
		close_fd(&job->out_fd);
}

static void read_err(struct shell_job *job)
{
	char chunk[4096];
	ssize_t n = read(job->err_fd, chunk, sizeof(chunk));

	if (n > 0) {
		size_t room = SHELL_POOL_ERR_MAX - job->err.len;
		size_t keep = (size_t)n < room ? (size_t)n : room;

		strbuf_add(&job->err, chunk, keep);
		if (job->err_echo && keep)
			fwrite(chunk, 1, keep, job->err_echo);
		job->err_dropped += (size_t)n - keep;
	} else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
		close_fd(&job->err_fd);
	}
}

static void reap(struct shell_job *job)
{
	int status;
	pid_t done = waitpid(job->pid, &status, WNOHANG);

	if (done == job->pid || (done < 0 && errno != EINTR)) {
		job->exited = true;
		close_fd(&job->exit_fd);
	}
}

/* The pollfds of the running jobs: three each, and the extra one. */
static size_t gather(struct shell_pool *pool, struct pollfd **fds,
		     size_t *cap, int extra_fd, bool *unwatched_exit)
{
	size_t n = 0;
	struct shell_job *job;

	for (job = pool->jobs; job; job = job->next) {
		if (!running(job))
			continue;
		if (n + 4 > *cap) {
			*cap = *cap * 2 + 16;
			*fds = xrealloc(*fds, *cap * sizeof(**fds));
		}
		(*fds)[n++] = (struct pollfd){ .fd = job->out_fd, .events = POLLIN };
		(*fds)[n++] = (struct pollfd){ .fd = job->err_fd, .events = POLLIN };
		(*fds)[n++] = (struct pollfd){
			.fd = job->exited ? -1 : job->exit_fd, .events = POLLIN };
		if (!job->exited && job->exit_fd < 0)
			*unwatched_exit = true;
	}
	if (n + 1 > *cap) {
		*cap = *cap * 2 + 16;
		*fds = xrealloc(*fds, *cap * sizeof(**fds));
	}
	(*fds)[n++] = (struct pollfd){ .fd = extra_fd, .events = POLLIN };
	return n;
}

bool shell_pool_pump(struct shell_pool *pool, int wait_ms, int extra_fd)
{
	struct pollfd *fds = NULL;
	size_t cap = 0, n, i = 0;
	bool unwatched_exit = false, extra = false;
	struct shell_job *job;

	start_waiting(pool);
	n = gather(pool, &fds, &cap, extra_fd, &unwatched_exit);
	/* Without pidfd_open(): look for exits every few milliseconds. */
	if (unwatched_exit && (wait_ms < 0 || wait_ms > 5))
		wait_ms = 5;
	if (poll(fds, n, wait_ms) >= 0) {
		for (job = pool->jobs; job; job = job->next) {
			if (!running(job))
				continue;
			if (job->out_fd >= 0 && fds[i].revents)
				read_out(job);
			if (job->err_fd >= 0 && fds[i + 1].revents)
				read_err(job);
			if (!job->exited && (job->exit_fd < 0 || fds[i + 2].revents))
				reap(job);
			i += 3;
		}
		extra = extra_fd >= 0 && fds[n - 1].revents;
	}
	free(fds);
	start_waiting(pool);
	return extra;
}

void shell_job_kill(struct shell_pool *pool, struct shell_job *job)
{
	int status;

	(void)pool;
	job->killed = true;
	if (job->started && !job->exited) {
		/* The whole group: what the command started goes too. */
		kill(-job->pid, SIGKILL);
		while (waitpid(job->pid, &status, 0) < 0 && errno == EINTR)
			;
		job->exited = true;
	} else if (job->started && job->pid > 0) {
		kill(-job->pid, SIGKILL);	/* what it left behind */
	}
	job->started = true;
	job->exited = true;
	close_fd(&job->out_fd);
	close_fd(&job->err_fd);
	close_fd(&job->exit_fd);
}

void shell_pool_kill_all(struct shell_pool *pool)
{
	struct shell_job *job;

	for (job = pool->jobs; job; job = job->next)
		if (running(job))
			shell_job_kill(pool, job);
}

static void free_job(struct shell_job *job)
{
	size_t i;

	for (i = 0; job->envp && job->envp[i]; i++)
		free(job->envp[i]);
	free(job->envp);
	free(job->key);
	free(job->text);
	free(job->dir);
	strbuf_release(&job->err);
	free(job);
}

void shell_pool_release(struct shell_pool *pool, struct shell_job *job)
{
	struct shell_job **link;

	for (link = &pool->jobs; *link; link = &(*link)->next) {
		if (*link == job) {
			*link = job->next;
			if (pool->tail == &job->next)
				pool->tail = link;
			break;
		}
	}
	if (running(job))
		shell_job_kill(pool, job);
	if (!job->start_error && !job->killed) {
		struct pool_answer *answer = xcalloc(1, sizeof(*answer));

		answer->key = job->key;
		job->key = NULL;
		answer->out = xmemdup(job->out, job->out_len);
		answer->out_len = job->out_len;
		answer->next = pool->answers;
		pool->answers = answer;
		pool->nanswers++;
	}
	free_job(job);
}

void shell_pool_free(struct shell_pool *pool)
{
	struct shell_job *job, *next;

	if (!pool)
		return;
	shell_pool_kill_all(pool);
	for (job = pool->jobs; job; job = next) {
		next = job->next;
		free_job(job);
	}
	while (pool->answers) {
		struct pool_answer *answer = pool->answers;

		pool->answers = answer->next;
		free(answer->key);
		free(answer->out);
		free(answer);
	}
	free(pool);
}
