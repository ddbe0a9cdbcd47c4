// SPDX-License-Identifier: GPL-2.0
/*
 * The browser's first screen before the $(shell,...) probes finish
 * (session_probes.h).  The probes run in one pool that outlives each read of
 * the tree: a provisional read takes the answers that are in, starts
 * the commands it meets that no job runs yet, and gives "" for the rest
 * (parser/shell.c); the next read, once all of those answered, may meet
 * commands made of the new answers, and so on until a read has every
 * answer: that tree is the one a read that waits builds.
 */
#include <string.h>
#include <time.h>

#include "session_probes.h"
#include "shell.h"
#include "shell_pool.h"

/*
 * Before the first screen, a read that met an answer out of place
 * (parser/provisional.h) waits this long for the jobs started so far,
 * and tries again, at most this many times; then it reads as it would
 * without a provisional screen (which waits, and lets Ctrl-C skip).
 */
#define FIRST_READ_WAIT_MS	1000
#define FIRST_READ_TRIES	8

static unsigned long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000 +
	       (unsigned long long)ts.tv_nsec / 1000000;
}

/* Wait (at most limit_ms) until the first n jobs of the pool are done. */
static bool wait_first_done(struct shell_pool *pool, size_t n, unsigned limit_ms)
{
	unsigned long long until = now_ms() + limit_ms;

	while (!shell_pool_first_done(pool, n)) {
		unsigned long long now = now_ms();

		if (now >= until)
			return false;
		shell_pool_pump(pool, (int)(until - now), -1);
	}
	return true;
}

/* A tree read with every answer: later reads (R) are ordinary ones. */
static void mark_final(struct kconfig *kc)
{
	kc->opts.shell.provisional = false;
	kc->opts.shell.pool = NULL;
}

/* One provisional read, with its own pass over the pool's jobs. */
static struct kconfig *read_provisional(const struct kconfig_options *opts,
					struct shell_pool *pool)
{
	shell_pool_next_read(pool);
	return kconfig_load(opts);
}

struct kconfig *session_load_provisional(const struct kconfig_options *opts,
					 struct shell_pool **probes)
{
	struct kconfig_options tree = *opts, waiting = *opts;
	struct shell_pool *pool;
	struct kconfig *kc;

	*probes = NULL;
	waiting.shell.provisional = false;
	if (opts->shell.no_shell || opts->shell.jobs <= 1 || opts->builtin_file)
		return kconfig_load(&waiting);
	pool = shell_pool_new(opts->shell.jobs);
	tree.shell.pool = pool;
	/* A read that is thrown away must not have printed. */
	tree.diag_echo = NULL;
	tree.info_out = NULL;
	for (int tries = 0; tries < FIRST_READ_TRIES; tries++) {
		size_t started;

		kc = read_provisional(&tree, pool);
		if (!kc->provisional_refused && !kc->diags.errors) {
			/* Every answer in already (a warm cache): final at once. */
			if (!kconfig_shell_pending(kc)) {
				mark_final(kc);
				shell_pool_free(pool);
				return kc;
			}
			*probes = pool;
			return kc;
		}
		/* What the read met so far: wait for those answers, then again. */
		started = shell_pool_count(pool);
		kconfig_free(kc);
		if (!wait_first_done(pool, started, FIRST_READ_WAIT_MS))
			break;
	}
	/* As without a provisional screen, taking over the jobs started. */
	waiting.shell.pool = pool;
	kc = kconfig_load(&waiting);
	mark_final(kc);
	shell_pool_free(pool);
	return kc;
}

size_t session_probes_running(const struct session *s)
{
	return s->probes ? shell_pool_unfinished(s->probes) : 0;
}

bool session_probes_poll(struct session *s, int wait_ms, struct session_reload *r)
{
	struct kconfig_options waiting;
	struct kconfig *kc;

	if (!s->probes)
		return false;
	shell_pool_pump(s->probes, wait_ms, -1);
	if (shell_pool_unfinished(s->probes))
		return false;
	kc = read_provisional(&s->kc->opts, s->probes);
	if (kc->provisional_refused || kc->diags.errors) {
		/*
		 * The answers led to a command whose answer is more than a
		 * value: this once, read as a read that waits does.
		 */
		kconfig_free(kc);
		waiting = s->kc->opts;
		waiting.shell.provisional = false;
		/* The screen is the browser's: nothing printed, nothing asked. */
		waiting.shell.interactive = false;
		waiting.shell.notice = NULL;
		waiting.shell.typed_keys = NULL;
		kc = kconfig_load(&waiting);
	}
	memset(r, 0, sizeof(*r));
	if (kc->diags.errors) {
		/*
		 * The answers give errors ($(error-if,...)): the tree shown
		 * stays, its values marked as not from every command, and
		 * r->error says the first error.
		 */
		session_tree_error(kc, r->error, sizeof(r->error));
		kconfig_free(kc);
		shell_pool_free(s->probes);
		s->probes = NULL;
		return true;
	}
	session_probes_settle(s, kc);
	session_adopt_tree(s, kc, r);
	return true;
}

void session_probes_settle(struct session *s, struct kconfig *kc)
{
	if (!s->probes || kconfig_shell_pending(kc))
		return;
	mark_final(kc);
	shell_pool_free(s->probes);
	s->probes = NULL;
}
