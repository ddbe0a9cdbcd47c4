/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Allocation that cannot fail quietly.  A half-built tree or a half-read
 * .config is worth nothing, so running out of memory ends the program
 * with one message instead of every caller checking for NULL.
 * Knows nothing of Kconfig: every layer may use it.
 */
#ifndef KBROWSE_UTIL_H
#define KBROWSE_UTIL_H

#include <stdarg.h>
#include <stddef.h>

/* Print "kbrowse: out of memory" and abort. */
void out_of_memory(void) __attribute__((noreturn));

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
/* A NUL-terminated copy of len bytes (which may hold no NUL). */
char *xmemdup(const char *s, size_t len);
/* The printf() of fmt in a string of its own. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* Exit statuses of the command-line contract, for every front-end. */
enum {
	EXIT_OK = 0,
	EXIT_INPUT = 1,		/* errors in the input */
	EXIT_USAGE = 2,		/* errors in how kbrowse was called */
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
