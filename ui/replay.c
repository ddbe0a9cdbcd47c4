// SPDX-License-Identifier: GPL-2.0
/*
 * Keys from the environment instead of the terminal, for benchmarks
 * (tests/bench/bench.sh): KBROWSE_REPLAY="/page_shift\e" types those keys,
 * and when they are used up the browser leaves.  Escapes: \n Enter,
 * \t Tab, \e Esc, \u Up, \d Down, \\ a backslash.  KBROWSE_REPLAY_LOG
 * names a file that gets, for each key, the CPU time spent on it (from
 * reading it to asking for the next key: the work and the redraw), one
 * line "INDEX KEY MICROSECONDS".  Without KBROWSE_REPLAY nothing changes.
 */
#include "buildconf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "browser.h"
#include "replay.h"
#include "util.h"

struct replay {
	const char *keys;	/* what is left to type */
	FILE *log;
	unsigned index;
	int last_key;
	bool last_function;
	double started;		/* CPU seconds when the last key was read */
	bool over;
};

static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void replay_start(struct browser *br)
{
	const char *keys = getenv("KBROWSE_REPLAY");
	const char *log = getenv("KBROWSE_REPLAY_LOG");

	if (!keys)
		return;
	br->replay = xcalloc(1, sizeof(*br->replay));
	br->replay->keys = keys;
	if (log && *log)
		br->replay->log = fopen(log, "w");
}

void replay_stop(struct browser *br)
{
	if (!br->replay)
		return;
	if (br->replay->log)
		fclose(br->replay->log);
	free(br->replay);
	br->replay = NULL;
}

bool replay_over(const struct browser *br)
{
	return br->replay && br->replay->over;
}

/* The next key of the string: *function_key for Up and Down. */
static int next_key(struct replay *r, bool *function_key)
{
	int c = (unsigned char)*r->keys++;

	*function_key = false;
	if (c != '\\' || !*r->keys)
		return c;
	switch (*r->keys++) {
	case 'n': return '\n';
	case 't': return '\t';
	case 'e': return 0x1b;
	case 'u': *function_key = true; return KEY_UP;
	case 'd': *function_key = true; return KEY_DOWN;
	default: return '\\';
	}
}

int ui_get_wch(struct browser *br, wint_t *ch)
{
	struct replay *r = br->replay;
	double now;

	if (!r)
		return get_wch(ch);
	now = cpu_seconds();
	if (r->index && r->log)
		fprintf(r->log, "%u %s%d %.0f\n", r->index, r->last_function ? "F" : "",
			r->last_key, (now - r->started) * 1e6);
	if (!*r->keys) {
		r->over = true;
		errno = 0;
		return ERR;
	}
	r->last_key = next_key(r, &r->last_function);
	*ch = (wint_t)r->last_key;
	r->index++;
	r->started = cpu_seconds();
	return r->last_function ? KEY_CODE_YES : OK;
}

int ui_get_wch_queued(struct browser *br, wint_t *ch)
{
	int got;

	/* Replayed keys are measured one by one (bench.sh): none queued. */
	if (br->replay)
		return ERR;
	timeout(0);
	got = get_wch(ch);
	timeout(-1);
	return got;
}
