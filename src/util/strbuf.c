// SPDX-License-Identifier: GPL-2.0
/* The growable byte buffer of strbuf.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "strbuf.h"
#include "util.h"

void strbuf_grow(struct strbuf *buf, size_t extra)
{
	size_t need = buf->len + extra + 1;
	size_t cap = buf->cap ? buf->cap : 64;

	if (need < buf->len)
		out_of_memory();
	while (cap < need)
		cap *= 2;
	buf->data = xrealloc(buf->data, cap);
	buf->cap = cap;
}

void strbuf_release(struct strbuf *buf)
{
	free(buf->data);
	buf->data = NULL;
	buf->len = buf->cap = 0;
}

const char *strbuf_str(struct strbuf *buf)
{
	if (buf->cap - buf->len < 1 || !buf->data)
		strbuf_grow(buf, 0);
	buf->data[buf->len] = '\0';
	return buf->data;
}

char *strbuf_take(struct strbuf *buf)
{
	char *s;

	strbuf_str(buf);
	s = buf->data;
	buf->data = NULL;
	buf->len = buf->cap = 0;
	return s;
}

void strbuf_addf(struct strbuf *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf->data ? buf->data + buf->len : NULL,
		      buf->data ? buf->cap - buf->len : 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= buf->cap - buf->len || !buf->data) {
		strbuf_grow(buf, (size_t)n);
		va_start(ap, fmt);
		vsnprintf(buf->data + buf->len, buf->cap - buf->len, fmt, ap);
		va_end(ap);
	}
	buf->len += (size_t)n;
}
