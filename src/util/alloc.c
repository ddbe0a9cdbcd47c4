// SPDX-License-Identifier: GPL-2.0
/* The allocation helpers of util.h: one message, then abort. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "util.h"

void out_of_memory(void)
{
	fputs("kbrowse: out of memory\n", stderr);
	abort();
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

/*
 * From this size on calloc() maps fresh pages, which then fault one at a
 * time as they are first touched; a fault costs more than zeroing the
 * page, many times more in a virtual machine.
 */
#define POPULATE_MIN (128 * 1024)

/*
 * Put the whole pages of [p, p + len) in place in one call.  Only for
 * zeroed arrays, which their users index throughout (per-symbol tables,
 * hash tables): a buffer filled only in part would cost memory.  A
 * kernel without MADV_POPULATE_WRITE (before Linux 5.14) refuses it, and
 * the pages fault as before.
 */
static void populate(void *p, size_t len)
{
#ifdef MADV_POPULATE_WRITE
	uintptr_t page = 4096, start = ((uintptr_t)p + page - 1) & ~(page - 1);
	uintptr_t end = ((uintptr_t)p + len) & ~(page - 1);

	if (end > start)
		(void)madvise((void *)start, end - start, MADV_POPULATE_WRITE);
#else
	(void)p;
	(void)len;
#endif
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		out_of_memory();
	/* calloc() succeeded, so n * size did not overflow. */
	if (n * size >= POPULATE_MIN)
		populate(p, n * size);
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

char *xmemdup(const char *s, size_t len)
{
	char *copy = xmalloc(len + 1);

	memcpy(copy, s, len);
	copy[len] = '\0';
	return copy;
}

char *xstrdup(const char *s)
{
	return xmemdup(s, strlen(s));
}

char *xvasprintf(const char *fmt, va_list ap)
{
	va_list again;
	char *text;
	int len;

	va_copy(again, ap);
	len = vsnprintf(NULL, 0, fmt, again);
	va_end(again);
	if (len < 0)
		out_of_memory();	/* the only failure glibc reports here */
	text = xmalloc((size_t)len + 1);
	vsnprintf(text, (size_t)len + 1, fmt, ap);
	return text;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *text;

	va_start(ap, fmt);
	text = xvasprintf(fmt, ap);
	va_end(ap);
	return text;
}
