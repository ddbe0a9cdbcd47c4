// SPDX-License-Identifier: GPL-2.0
/*
 * printf-style text appended to a strbuf for the explain renderer
 * (explain.h): the text renderer formats a few hundred thousand pieces
 * for `explain --all`, nearly all of them strings and small numbers, and
 * vsnprintf()'s set-up for each cost more than the text.  Formats with
 * only %s, %c, %d, %u and %% (a '-' flag, a width and a precision, each
 * may be '*') are done here; any other goes to vsnprintf().
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "explain.h"
#include "util.h"

/* Past the digits of a width or a precision, or its '*'. */
static const char *skip_count(const char *p)
{
	if (*p == '*')
		return p + 1;
	while (*p >= '0' && *p <= '9')
		p++;
	return p;
}

/*
 * Whether every conversion of fmt is one add_conversion() does as printf
 * does: %s (a '-', a width, a precision), %c, %d and %u (a '-' and a
 * width: no zero padding, no precision), %%.
 */
static bool simple_format(const char *fmt)
{
	for (const char *p = strchr(fmt, '%'); p; p = strchr(p, '%')) {
		bool precision = false;

		p++;
		if (*p == '%') {
			p++;
			continue;
		}
		if (*p == '-')
			p++;
		if (*p == '0')
			return false;
		p = skip_count(p);
		if (*p == '.') {
			precision = true;
			p = skip_count(p + 1);
		}
		if (*p != 's' && (precision || (*p != 'c' && *p != 'd' && *p != 'u')))
			return false;
		p++;
	}
	return true;
}

static void add_padding(struct strbuf *b, size_t n)
{
	if (b->cap - b->len <= n)
		strbuf_grow(b, n);
	memset(b->data + b->len, ' ', n);
	b->len += n;
}

/* text, padded to width (on the right when left is set). */
static void add_field(struct strbuf *b, const char *text, size_t len,
		      int width, bool left)
{
	size_t pad = width > 0 && (size_t)width > len ? (size_t)width - len : 0;

	if (!left)
		add_padding(b, pad);
	strbuf_add(b, text, len);
	if (left)
		add_padding(b, pad);
}

/* The digits of value, with a '-' when negative, into the end of buf. */
static size_t format_number(char *buf, size_t size, unsigned long long value,
			    bool negative)
{
	size_t at = size;

	do {
		buf[--at] = (char)('0' + value % 10);
		value /= 10;
	} while (value);
	if (negative)
		buf[--at] = '-';
	return at;
}

/* A number read from fmt (a width or a precision), or from the arguments for '*'. */
static int read_count(const char **fmt, va_list *ap)
{
	int n = 0;

	if (**fmt == '*') {
		(*fmt)++;
		return va_arg(*ap, int);
	}
	while (**fmt >= '0' && **fmt <= '9')
		n = n * 10 + (*(*fmt)++ - '0');
	return n;
}

/* One conversion, fmt just after its '%'; returns where the format goes on. */
static const char *add_conversion(struct strbuf *b, const char *fmt, va_list *ap)
{
	bool left = false;
	int width, precision = -1;
	char digits[24];
	const char *s;
	size_t at, len;

	if (*fmt == '%') {
		strbuf_addc(b, '%');
		return fmt + 1;
	}
	if (*fmt == '-') {
		left = true;
		fmt++;
	}
	width = read_count(&fmt, ap);
	if (width < 0) {
		left = true;
		width = -width;
	}
	if (*fmt == '.') {
		fmt++;
		precision = read_count(&fmt, ap);
	}
	switch (*fmt) {
	case 's':
		s = va_arg(*ap, const char *);
		if (!s)
			s = "(null)";
		len = precision >= 0 ? strnlen(s, (size_t)precision) : strlen(s);
		add_field(b, s, len, width, left);
		break;
	case 'c':
		digits[0] = (char)va_arg(*ap, int);
		add_field(b, digits, 1, width, left);
		break;
	case 'd': {
		int v = va_arg(*ap, int);
		unsigned long long mag = v < 0 ? 0ull - (unsigned long long)v
					       : (unsigned long long)v;

		at = format_number(digits, sizeof(digits), mag, v < 0);
		add_field(b, digits + at, sizeof(digits) - at, width, left);
		break;
	}
	default:	/* 'u' */
		at = format_number(digits, sizeof(digits), va_arg(*ap, unsigned), false);
		add_field(b, digits + at, sizeof(digits) - at, width, left);
		break;
	}
	return fmt + 1;
}

/* Any other format: vsnprintf() into the buffer's free room, grown when short. */
static void add_vsnprintf(struct strbuf *b, const char *fmt, va_list ap)
{
	va_list again;
	int n;

	va_copy(again, ap);
	if (b->cap - b->len <= 64)
		strbuf_grow(b, 64);
	n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
	if (n >= 0 && (size_t)n >= b->cap - b->len) {
		strbuf_grow(b, (size_t)n);
		vsnprintf(b->data + b->len, b->cap - b->len, fmt, again);
	}
	va_end(again);
	if (n > 0)
		b->len += (size_t)n;
}

void explain_vformat(struct strbuf *b, const char *fmt, va_list ap)
{
	va_list args;
	const char *pct;

	va_copy(args, ap);
	if (!simple_format(fmt)) {
		add_vsnprintf(b, fmt, args);
		va_end(args);
		return;
	}
	while ((pct = strchr(fmt, '%'))) {
		strbuf_add(b, fmt, (size_t)(pct - fmt));
		fmt = add_conversion(b, pct + 1, &args);
	}
	strbuf_adds(b, fmt);
	va_end(args);
}
