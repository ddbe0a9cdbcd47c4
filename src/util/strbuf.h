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

/* How many decimal digits n has. */
static inline size_t decimal_len(unsigned n)
{
	size_t len = 1;

	while (n >= 10000) {
		n /= 10000;
		len += 4;
	}
	return len + (n >= 10) + (n >= 100) + (n >= 1000);
}

/*
 * The decimal digits of n written at to (room for 10, no NUL), their
 * count returned: two digits a step from a table, for the line numbers
 * that explanations write by the hundred thousand.
 */
static inline size_t decimal_put(char *to, unsigned n)
{
	static const char pairs[] =
		"0001020304050607080910111213141516171819"
		"2021222324252627282930313233343536373839"
		"4041424344454647484950515253545556575859"
		"6061626364656667686970717273747576777879"
		"8081828384858687888990919293949596979899";
	size_t len = decimal_len(n);
	char *p = to + len;

	while (n >= 100) {
		unsigned q = n / 100;

		p -= 2;
		memcpy(p, pairs + 2 * (n - 100 * q), 2);
		n = q;
	}
	if (n >= 10)
		memcpy(p - 2, pairs + 2 * n, 2);
	else
		p[-1] = (char)('0' + n);
	return len;
}

#endif
