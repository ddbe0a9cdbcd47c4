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

	if (pad && !left)
		add_padding(b, pad);
	strbuf_add(b, text, len);
	if (pad && left)
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

/*
 * One conversion, fmt just after its '%'; returns where the format goes
 * on, or NULL for one it does not do as printf does (a '0' flag, a
 * precision on other than %s, another conversion): the caller then
 * starts again with vsnprintf().
 */
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
	if (*fmt == '0')
		return NULL;
	width = read_count(&fmt, ap);
	if (width < 0) {
		left = true;
		width = -width;
	}
	if (*fmt == '.') {
		fmt++;
		precision = read_count(&fmt, ap);
	}
	if (*fmt != 's' && (precision >= 0 || (*fmt != 'c' && *fmt != 'd' && *fmt != 'u')))
		return NULL;
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

/*
 * One pass over fmt: its text copied up to each '%', each conversion
 * done by add_conversion(); at the first one it does not do, what was
 * added is taken back and vsnprintf() does the whole format.
 */
void explain_vformat(struct strbuf *b, const char *fmt, va_list ap)
{
	size_t start = b->len;
	const char *p = fmt;
	va_list args;

	va_copy(args, ap);
	for (;;) {
		const char *text = p;

		while (*p && *p != '%')
			p++;
		strbuf_add(b, text, (size_t)(p - text));
		if (!*p)
			break;
		p = add_conversion(b, p + 1, &args);
		if (!p) {
			b->len = start;
			va_end(args);
			va_copy(args, ap);
			add_vsnprintf(b, fmt, args);
			break;
		}
	}
	va_end(args);
}
