/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A growable byte buffer: text built piece by piece (macro expansions,
 * printed expressions, command output) is appended to one buffer instead
 * of being copied again at every step.  Zero-initialised means empty.
 */
#ifndef KBROWSE_STRBUF_H
#define KBROWSE_STRBUF_H

#include <stddef.h>
#include <string.h>

struct strbuf {
	char *data;
	size_t len;
	size_t cap;
};

/* Make room for extra more bytes and a NUL. */
void strbuf_grow(struct strbuf *buf, size_t extra);
void strbuf_release(struct strbuf *buf);
/* NUL-terminate and hand the bytes over; the buffer is empty afterwards. */
char *strbuf_take(struct strbuf *buf);
/* The text so far, NUL-terminated; still owned by the buffer. */
const char *strbuf_str(struct strbuf *buf);
void strbuf_addf(struct strbuf *buf, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Inline: the macro expander appends a byte at a time on its hot path. */
static inline void strbuf_add(struct strbuf *buf, const char *s, size_t len)
{
	if (buf->cap - buf->len <= len)
		strbuf_grow(buf, len);
	if (len)
		memcpy(buf->data + buf->len, s, len);
	buf->len += len;
}

static inline void strbuf_addc(struct strbuf *buf, char c)
{
	strbuf_add(buf, &c, 1);
}

static inline void strbuf_adds(struct strbuf *buf, const char *s)
{
	strbuf_add(buf, s, strlen(s));
}

#endif
