// SPDX-License-Identifier: GPL-2.0
/*
 * The worker processes of `kbrowse survey`.  Each architecture is one
 * job: a child process sets the environment `make ARCH=DIR` gives conf,
 * parses the tree once, evaluates every defconfig of it against that
 * one tree (survey_eval.c) and sends one JSON line per record back over
 * a pipe.  At most -j children run at once, the architectures with the
 * most configurations first, so the memory in use is at most -j parsed
 * trees plus the records.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kernel_env.h"
#include "json_out.h"
#include "session.h"
#include "survey.h"
#include "survey_eval.h"
#include "util.h"

/* One running child. */
struct worker {
	pid_t pid;
	int fd;			/* read end of its pipe; -1 once at EOF */
	const struct survey_arch *arch;
	char *buf;		/* a line not yet complete */
	size_t len, cap;
	unsigned records_ok;	/* configurations it reported */
};

/* --- in the child ----------------------------------------------------------- */

/*
 * The variables the top-level Makefile derives from ARCH, forgotten so
 * that kernel_env_derive() computes them for this architecture (NM and
 * CLANG_FLAGS only when the user did not set them).
 */
static void enter_arch(const struct survey_request *rq, const char *arch)
{
	static const char *const derived[] = {
		"SRCARCH", "SUBARCH", "HEADER_ARCH", "KBUILD_DEFCONFIG",
		"KCONFIG_DEFCONFIG_LIST",
	};

	for (size_t i = 0; i < sizeof(derived) / sizeof(derived[0]); i++)
		unsetenv(derived[i]);
	if (!rq->user_nm)
		unsetenv("NM");
	if (!rq->user_clang_flags)
		unsetenv("CLANG_FLAGS");
	setenv("ARCH", arch, 1);
	kernel_env_derive(rq->tree.srctree);
}

static int child_main(const struct survey_request *rq,
		      const struct survey_arch *arch, FILE *out)
{
	struct session_options load = { .tree = rq->tree, .tree_only = true };
	struct survey_compare cmp;
	bool from_tree = rq->task == SURVEY_FROM_TREE;
	struct session *s;
	int errors;

	enter_arch(rq, arch->name);
	/* A command's notice would garble the parent's progress line. */
	load.tree.shell.notice = NULL;
	/* A rename is guessed by the help texts too. */
	load.tree.skip_help = !from_tree;
	/* Twenty-odd architectures would each write a bundle (text_bundle.h). */
	load.tree.no_text_bundle = true;
	s = session_open(&load, &errors);
	if (!s) {
		fprintf(stderr, "kbrowse: survey: ARCH=%s: %d error%s in the tree\n",
			arch->name, errors, errors == 1 ? "" : "s");
		return EXIT_INPUT;
	}
	if (from_tree && !survey_compare_open(&cmp, rq, arch->name)) {
		session_close(s);
		return EXIT_INPUT;
	}
	survey_eval_arch(rq, s->kc, arch, from_tree ? &cmp : NULL, out);
	if (from_tree)
		survey_compare_close(&cmp);
	session_close(s);
	return fflush(out) == 0 && !ferror(out) ? EXIT_OK : EXIT_INPUT;
}

/* --- in the parent ---------------------------------------------------------- */

static void add_record(struct survey_records *rec, json_t *item)
{
	if (rec->n == rec->cap) {
		rec->cap = rec->cap ? 2 * rec->cap : 256;
		rec->items = xrealloc(rec->items, rec->cap * sizeof(*rec->items));
	}
	rec->items[rec->n++] = item;
}

/* One line from a worker: a record, or a configuration done. */
static void take_line(struct worker *w, struct survey_records *rec, const char *line)
{
	json_error_t error;
	json_t *item = json_loads(line, 0, &error);

	if (!json_is_object(item)) {
		fprintf(stderr, "kbrowse: survey: ARCH=%s: a worker sent a bad line\n",
			w->arch->name);
		json_decref(item);
		return;
	}
	if (json_object_get(item, "done")) {
		rec->configs_done++;
		if (json_object_get(item, "error"))
			rec->configs_failed++;
		w->records_ok++;
	}
	add_record(rec, item);
}

/* Read what the worker has sent; false at end of file. */
static bool drain(struct worker *w, struct survey_records *rec)
{
	char chunk[65536];
	ssize_t got = read(w->fd, chunk, sizeof(chunk));
	size_t start = 0;

	if (got < 0 && errno == EINTR)
		return true;
	if (got <= 0)
		return false;
	if (w->len + (size_t)got + 1 > w->cap) {
		w->cap = 2 * (w->len + (size_t)got + 1);
		w->buf = xrealloc(w->buf, w->cap);
	}
	memcpy(w->buf + w->len, chunk, (size_t)got);
	w->len += (size_t)got;
	for (size_t i = 0; i < w->len; i++) {
		if (w->buf[i] != '\n')
			continue;
		w->buf[i] = '\0';
		take_line(w, rec, w->buf + start);
		start = i + 1;
	}
	memmove(w->buf, w->buf + start, w->len - start);
	w->len -= start;
	return true;
}

static void start_worker(const struct survey_request *rq, struct worker *w,
			 const struct survey_arch *arch)
{
	int fds[2];

	if (pipe(fds) != 0) {
		perror("kbrowse: survey: pipe");
		exit(EXIT_INPUT);
	}
	fflush(stdout);
	fflush(stderr);
	memset(w, 0, sizeof(*w));
	w->arch = arch;
	w->pid = fork();
	if (w->pid < 0) {
		perror("kbrowse: survey: fork");
		exit(EXIT_INPUT);
	}
	if (w->pid == 0) {
		FILE *out;

		close(fds[0]);
		out = fdopen(fds[1], "w");
		if (!out)
			_exit(EXIT_INPUT);
		_exit(child_main(rq, arch, out));
	}
	close(fds[1]);
	w->fd = fds[0];
}

/* The worker is done: its status; a failure is said on stderr. */
static int finish_worker(struct worker *w)
{
	int status = 0;

	close(w->fd);
	while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
		;
	free(w->buf);
	if (WIFSIGNALED(status)) {
		fprintf(stderr, "kbrowse: survey: ARCH=%s: the worker died (signal %d) "
			"after %u of %u configurations\n", w->arch->name,
			WTERMSIG(status), w->records_ok, w->arch->nconfigs);
		return EXIT_INPUT;
	}
	if (WEXITSTATUS(status) != 0 || w->records_ok != w->arch->nconfigs) {
		fprintf(stderr, "kbrowse: survey: ARCH=%s: %u of %u configurations "
			"evaluated\n", w->arch->name, w->records_ok, w->arch->nconfigs);
		return EXIT_INPUT;
	}
	return EXIT_OK;
}

/*
 * The progress line, on a terminal only: written past main()'s escaping
 * stderr stream to the descriptor (its \r and clear-to-end are ours).
 */
static void show_progress(const struct survey_request *rq, const char *line)
{
	if (!rq->progress)
		return;
	fflush(stderr);
	if (write(STDERR_FILENO, line, strlen(line)) < 0)
		return;
}

static void progress_counts(const struct survey_request *rq,
			    const struct survey_records *rec, unsigned total,
			    unsigned arches_done, unsigned narches)
{
	char line[160];

	snprintf(line, sizeof(line), "\rsurvey: %u/%u configurations, "
		 "%u/%u architectures\033[K", rec->configs_done, total,
		 arches_done, narches);
	show_progress(rq, line);
}

/* Architectures by falling number of configurations: the long ones first. */
static int by_size(const void *a, const void *b)
{
	const struct survey_arch *x = *(const struct survey_arch *const *)a;
	const struct survey_arch *y = *(const struct survey_arch *const *)b;

	if (x->nconfigs != y->nconfigs)
		return x->nconfigs > y->nconfigs ? -1 : 1;
	return strcmp(x->name, y->name);
}

static const char *record_text(const json_t *item, const char *key)
{
	const char *s = json_string_value(json_object_get(item, key));

	return s ? s : "";
}

/* Records in the order of the output: arch, config, then as sent. */
static int by_target(const void *a, const void *b)
{
	const json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
	int c = strcmp(record_text(x, "arch"), record_text(y, "arch"));

	if (!c)
		c = strcmp(record_text(x, "config"), record_text(y, "config"));
	if (!c)
		c = (int)json_integer_value(json_object_get(x, "seq")) -
		    (int)json_integer_value(json_object_get(y, "seq"));
	return c;
}

int survey_run(const struct survey_request *rq, const struct survey_targets *t,
	       struct survey_records *rec)
{
	const struct survey_arch **queue = xcalloc(t->narches + 1, sizeof(*queue));
	struct worker *workers = xcalloc(rq->jobs, sizeof(*workers));
	struct pollfd *polls = xcalloc(rq->jobs, sizeof(*polls));
	unsigned next = 0, running = 0, done = 0;
	int status = EXIT_OK;

	for (unsigned i = 0; i < t->narches; i++)
		queue[i] = &t->arches[i];
	qsort(queue, t->narches, sizeof(*queue), by_size);
	for (unsigned i = 0; i < rq->jobs; i++)
		workers[i].fd = -1;
	while (done < t->narches) {
		for (unsigned i = 0; i < rq->jobs && next < t->narches; i++) {
			if (workers[i].fd >= 0)
				continue;
			if (queue[next]->nconfigs == 0) {	/* nothing to evaluate */
				next++, done++;
				continue;
			}
			start_worker(rq, &workers[i], queue[next++]);
			running++;
		}
		if (!running)
			continue;
		for (unsigned i = 0; i < rq->jobs; i++) {
			polls[i].fd = workers[i].fd;
			polls[i].events = POLLIN;
			polls[i].revents = 0;
		}
		if (poll(polls, rq->jobs, -1) < 0 && errno != EINTR) {
			perror("kbrowse: survey: poll");
			exit(EXIT_INPUT);
		}
		for (unsigned i = 0; i < rq->jobs; i++) {
			if (workers[i].fd < 0 || !polls[i].revents)
				continue;
			if (drain(&workers[i], rec))
				continue;
			if (finish_worker(&workers[i]) != EXIT_OK) {
				status = EXIT_INPUT;
				rec->arches_failed++;
			}
			workers[i].fd = -1;
			running--;
			done++;
		}
		progress_counts(rq, rec, t->nconfigs, done, t->narches);
	}
	show_progress(rq, "\r\033[K");
	if (rec->n)
		qsort(rec->items, rec->n, sizeof(*rec->items), by_target);
	free(queue);
	free(workers);
	free(polls);
	return status;
}

void survey_records_free(struct survey_records *rec)
{
	for (size_t i = 0; i < rec->n; i++)
		json_decref(rec->items[i]);
	free(rec->items);
	memset(rec, 0, sizeof(*rec));
}
