// SPDX-License-Identifier: GPL-2.0
/* The allocation helpers of util.h: one message, then abort. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		out_of_memory();
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
