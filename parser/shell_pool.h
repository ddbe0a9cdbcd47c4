/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The $(shell,...) commands of one tree, running (parser/shell_pool.c).
 *
 * Every command the tree's parse runs is a job of the tree's pool.  At
 * start-up most are probes that wait on the compiler, one after another
 * in the kernel; here a speculative pass over the tree (kconfig.c) meets
 * them first and adds each to the pool, which runs up to `jobs` at once,
 * in the order they were met.  The real parse then claims each job by
 * its key when it reaches the command, and waits for it if it still
 * runs; a command the speculation did not predict (its text depends on
 * an answer the speculation did not have) is added and claimed at once,
 * after another speculative pass when answers came since the last one.
 * A command the speculation made of a guess (an answer it did not have)
 * is added but waits: it starts when claimed or met again made of answers.
 * The parse reads answers in its own order, so the tree it builds is the
 * one a sequential run builds: only the commands' start times differ.
 *
 * A job's stdout (the kernel's first 4096 bytes) and stderr (at most
 * SHELL_POOL_ERR_MAX bytes, the rest counted) are kept; once claimed,
 * its stderr so far goes to err_echo and the rest as it arrives, so
 * that messages come in the order of a sequential run.  Jobs nobody
 * claims are killed with their process groups when the pool is freed.
 */
#ifndef KBROWSE_SHELL_POOL_H
#define KBROWSE_SHELL_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "strbuf.h"

/* The kernel's read buffer for one command's stdout. */
#define SHELL_POOL_OUT_MAX	4096
/* Stderr kept of one command; the rest is read and counted. */
#define SHELL_POOL_ERR_MAX	(1 << 20)

struct shell_job {
	struct shell_job *next;		/* in the order added */
	char *key;			/* what claims it: command and variables */
	char *text;			/* the command for /bin/sh -c */
	char *dir;			/* where it runs; NULL: here */
	char **envp;			/* its environment; NULL: environ */
	bool claimed;			/* handed to the parse */
	bool guess;			/* its text was made of a guess: not
					 * started before it is claimed */
	bool killed;			/* stopped: no answer */
	bool started;
	unsigned used_in;		/* the provisional read that used it last */
	int start_error;		/* errno when it could not start */
	pid_t pid;
	int out_fd, err_fd, exit_fd;	/* -1 when closed */
	bool exited;
	unsigned long long start_ms;	/* CLOCK_MONOTONIC */
	char out[SHELL_POOL_OUT_MAX];
	size_t out_len;
	struct strbuf err;
	size_t err_dropped;
	FILE *err_echo;			/* claimed: stderr also goes here */
};

struct shell_pool;

/* A pool that runs at most `jobs` commands at once (at least one). */
struct shell_pool *shell_pool_new(unsigned jobs);
/* Kill what still runs (each job's process group), reap, free. */
void shell_pool_free(struct shell_pool *pool);

/*
 * Add a command (envp is the pool's from now on, malloc'd strings in a
 * malloc'd array, or NULL) after the job `after` (NULL: first).  Jobs
 * start in the order of the list when a place is free: a later
 * speculative pass puts what it adds where the parse will need it.  A
 * guess waits until it is claimed or confirmed.
 */
struct shell_job *shell_pool_add(struct shell_pool *pool,
				 struct shell_job *after, const char *key,
				 const char *text, const char *dir, char **envp,
				 bool guess);
/* A later pass met the job's command made of known answers: it may start. */
void shell_pool_confirm(struct shell_pool *pool, struct shell_job *job);
/*
 * The first unclaimed job with this key, now claimed and started if it
 * was waiting (beyond the limit: the parse waits for it); NULL if none.
 */
struct shell_job *shell_pool_claim(struct shell_pool *pool, const char *key);
/*
 * The answer (stdout as read) of a command with this key that finished,
 * used by the parse already or not: for the speculative pass.
 */
bool shell_pool_known(const struct shell_pool *pool, const char *key,
		      const char **out, size_t *out_len);
/*
 * The first job with this key waiting to be claimed that comes after
 * `from` in the order (NULL: anywhere), or NULL.
 */
struct shell_job *shell_pool_waiting(struct shell_pool *pool,
				     const struct shell_job *from,
				     const char *key);
/* How many answers the parse has used (each a chance to guess better). */
size_t shell_pool_answers(const struct shell_pool *pool);
/* How many jobs were added, in all. */
size_t shell_pool_count(const struct shell_pool *pool);

/*
 * Read what the running jobs wrote, reap those that exited, start
 * waiting ones; wait at most wait_ms (0: only what is ready; negative:
 * until something happens) or until extra_fd (if >= 0) is readable,
 * which then returns true.
 */
bool shell_pool_pump(struct shell_pool *pool, int wait_ms, int extra_fd);
/* Has the job exited, with its stdout and stderr read to the end? */
bool shell_job_done(const struct shell_job *job);
/*
 * Provisional reads (a browser that draws before every answer is in):
 * each read of the tree takes the jobs of its commands in order without
 * claiming them, so that the next read finds them again.  A read starts
 * with shell_pool_next_read(); shell_pool_take() is the first job with
 * this key that this read has not taken yet (now taken), or NULL.
 */
void shell_pool_next_read(struct shell_pool *pool);
struct shell_job *shell_pool_take(struct shell_pool *pool, const char *key);
/* The last job added in the list's order, or NULL. */
struct shell_job *shell_pool_last(struct shell_pool *pool);
/* Jobs that may still answer: started and not done, or waiting to start. */
size_t shell_pool_unfinished(const struct shell_pool *pool);
/* Are the first n jobs added (in the list's order) done? */
bool shell_pool_first_done(const struct shell_pool *pool, size_t n);
/* Stop a job and everything it started; it is done afterwards. */
void shell_job_kill(struct shell_pool *pool, struct shell_job *job);
/* Stop every job (before kbrowse dies of a signal). */
void shell_pool_kill_all(struct shell_pool *pool);
/* A claimed job is used up: remove and free it. */
void shell_pool_release(struct shell_pool *pool, struct shell_job *job);

#endif
