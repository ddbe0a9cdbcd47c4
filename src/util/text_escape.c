// SPDX-License-Identifier: GPL-2.0
/* Control characters escaped on the way to a terminal (text_escape.h). */
#define _GNU_SOURCE	/* fopencookie() */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#define HAVE_AVX2_SKIP 1
#include <immintrin.h>
#endif

#include "text_escape.h"
#include "utf8.h"
#include "util.h"

bool text_escape_needed(uint32_t cp)
{
	return (cp < 0x20 && cp != '\t' && cp != '\n') ||
	       (cp >= 0x7f && cp <= 0x9f) ||
	       (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2066 && cp <= 0x2069);
}

/* Printable ASCII, tab and newline: nothing to decode, nothing to escape. */
static bool plain_ascii(unsigned char c)
{
	return (c >= 0x20 && c < 0x7f) || c == '\t' || c == '\n';
}

#define BYTES(b) (0x0101010101010101ull * (b))

/*
 * Whether one of the 8 bytes of w may be other than printable ASCII:
 * a high bit, a byte below 0x20 (its subtraction borrows) or DEL.  Tab
 * and newline answer yes too: the caller looks at each byte then.
 */
static bool word_may_need_escape(uint64_t w)
{
	uint64_t del = w ^ BYTES(0x7f);

	return ((w | (w - BYTES(0x20)) | ((del - BYTES(0x01)) & ~del)) &
		BYTES(0x80)) != 0;
}

#ifdef __SSE2__
/*
 * How many of the 16 bytes at s are plain_ascii() before the first that
 * is not (16: all are).  Signed bytes: one comparison finds the high
 * bit and the controls below 0x20 at once; tab and newline are taken
 * back out, DEL added.
 */
static __m128i not_plain16(const unsigned char *s)
{
	__m128i v = _mm_loadu_si128((const __m128i *)s);
	__m128i bad = _mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20)),
				   _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7f)));
	__m128i ok = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')),
				  _mm_cmpeq_epi8(v, _mm_set1_epi8('\t')));

	return _mm_andnot_si128(ok, bad);
}

static unsigned plain_ascii16(const unsigned char *s)
{
	unsigned mask = (unsigned)_mm_movemask_epi8(not_plain16(s));

	return mask ? (unsigned)__builtin_ctz(mask) : 16;
}

/* Whether all 64 bytes at s are plain: one test for four blocks. */
static bool plain_ascii64(const unsigned char *s)
{
	__m128i any = _mm_or_si128(_mm_or_si128(not_plain16(s), not_plain16(s + 16)),
				   _mm_or_si128(not_plain16(s + 32), not_plain16(s + 48)));

	return _mm_movemask_epi8(any) == 0;
}
#endif

#ifdef HAVE_AVX2_SKIP
/*
 * The bytes of the 32 at s that are not plain_ascii(), as in
 * not_plain16(), for the machines that have AVX2 (asked at run time:
 * the program is built for every x86-64).
 */
__attribute__((target("avx2")))
static inline __m256i not_plain32(const unsigned char *s)
{
	__m256i v = _mm256_loadu_si256((const __m256i *)s);
	__m256i bad = _mm256_or_si256(_mm256_cmpgt_epi8(_mm256_set1_epi8(0x20), v),
				      _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x7f)));
	__m256i ok = _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\n')),
				     _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\t')));

	return _mm256_andnot_si256(ok, bad);
}

/*
 * How many whole blocks of 128 bytes at the start of s are all plain:
 * half the instructions of SSE2's 64 a test, where every byte of the
 * output passes.
 */
__attribute__((target("avx2")))
static size_t plain_blocks_avx2(const unsigned char *s, size_t len)
{
	size_t i = 0;

	for (; len - i >= 128; i += 128) {
		__m256i any = _mm256_or_si256(
			_mm256_or_si256(not_plain32(s + i), not_plain32(s + i + 32)),
			_mm256_or_si256(not_plain32(s + i + 64), not_plain32(s + i + 96)));

		if (!_mm256_testz_si256(any, any))
			break;
	}
	return i;
}

/*
 * Whole plain blocks skipped with AVX2 where the processor has it, else
 * none.  The answer is the compiler's runtime's, set before main()
 * (a load and a test: nothing kept here, no state for threads to share).
 */
static size_t plain_blocks(const unsigned char *s, size_t len)
{
	if (len < 128 || !__builtin_cpu_supports("avx2"))
		return 0;
	return plain_blocks_avx2(s, len);
}
#else
static size_t plain_blocks(const unsigned char *s, size_t len)
{
	(void)s;
	(void)len;
	return 0;
}
#endif

/*
 * How many bytes at the start of s are plain_ascii(): whole blocks of
 * 128 with AVX2 where the processor has it, then sixteen at a time
 * where SSE2 is (every x86-64), else eight while a word of them is
 * printable ASCII, since every byte of the output passes here.
 */
static size_t plain_ascii_prefix(const unsigned char *s, size_t len)
{
	size_t i = plain_blocks(s, len);

#ifdef __SSE2__
	while (len - i >= 64 && plain_ascii64(s + i))
		i += 64;
	for (; len - i >= 16; i += 16) {
		unsigned n = plain_ascii16(s + i);

		if (n < 16)
			return i + n;
	}
#endif
	for (; len - i >= 8; i += 8) {
		uint64_t w;

		memcpy(&w, s + i, 8);
		if (!word_may_need_escape(w))
			continue;
		for (size_t k = 0; k < 8; k++)
			if (!plain_ascii(s[i + k]))
				return i + k;
	}
	while (i < len && plain_ascii(s[i]))
		i++;
	return i;
}

/*
 * utf8_decode()'s answer for the character at s, and its escape in esc
 * ("" when it is shown as it is).
 */
static int decode_escape(const char *s, size_t len, enum text_escape_mode mode,
			 char esc[TEXT_ESCAPE_MAX])
{
	uint32_t cp;
	int n = utf8_decode(s, len, &cp);

	esc[0] = '\0';
	if (n <= 0)
		snprintf(esc, TEXT_ESCAPE_MAX, mode == TEXT_ESCAPE_JSON ?
			 "\\ufffd" : "\\x%02x", (unsigned char)s[0]);
	else if (!text_escape_needed(cp))
		;
	else if (cp < 0x80 && mode == TEXT_ESCAPE_TEXT)
		snprintf(esc, TEXT_ESCAPE_MAX, "\\x%02x", (unsigned)cp);
	else
		snprintf(esc, TEXT_ESCAPE_MAX, "\\u%04x", (unsigned)cp);
	return n;
}

size_t text_escape_char(const char *s, size_t len, enum text_escape_mode mode,
			char esc[TEXT_ESCAPE_MAX])
{
	int n = decode_escape(s, len, mode, esc);

	return n > 0 ? (size_t)n : 1;
}

size_t text_escape_controls(const char *text, size_t len, struct strbuf *out,
			    enum text_escape_mode mode, bool partial,
			    size_t *used)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0, plain = 0, escaped = 0;
	char esc[TEXT_ESCAPE_MAX];

	while (i < len) {
		int n;

		i += plain_ascii_prefix(s + i, len - i);
		if (i == len)
			break;
		n = decode_escape(text + i, len - i, mode, esc);
		if (n < 0 && partial)
			break;
		if (!esc[0]) {
			i += (size_t)n;
			continue;
		}
		strbuf_add(out, text + plain, i - plain);
		strbuf_adds(out, esc);
		escaped++;
		i += n > 0 ? (size_t)n : 1;
		plain = i;
	}
	strbuf_add(out, text + plain, i - plain);
	if (used)
		*used = i;
	return escaped;
}

size_t text_escape_fputs(const char *s, FILE *f)
{
	struct strbuf buf = { 0 };
	size_t escaped = text_escape_controls(s, strlen(s), &buf,
					      TEXT_ESCAPE_TEXT, false, NULL);

	if (buf.len)
		fwrite(buf.data, 1, buf.len, f);
	strbuf_release(&buf);
	return escaped;
}

struct escape_cookie {
	FILE *out;
	enum text_escape_mode mode;
	unsigned long *count;
	/* The start of a UTF-8 sequence that the next write completes. */
	char pending[4];
	size_t npending;
};

/* False once out has failed. */
static bool escape_some(struct escape_cookie *c, const char *data, size_t len,
			bool final)
{
	struct strbuf buf = { 0 };
	char *joined = NULL;
	size_t used, escaped;

	/* Most output (all of JSON's) has nothing to escape: no copy then. */
	if (!c->npending && plain_ascii_prefix((const unsigned char *)data, len) == len) {
		fwrite(data, 1, len, c->out);
		return !ferror(c->out);
	}
	if (c->npending) {
		joined = xmalloc(c->npending + len);
		memcpy(joined, c->pending, c->npending);
		memcpy(joined + c->npending, data, len);
		data = joined;
		len += c->npending;
	}
	escaped = text_escape_controls(data, len, &buf, c->mode, !final, &used);
	if (c->count)
		*c->count += escaped;
	/* An incomplete sequence is at most 3 bytes: the rest of it comes next. */
	c->npending = len - used;
	memcpy(c->pending, data + used, c->npending);
	if (buf.len)
		fwrite(buf.data, 1, buf.len, c->out);
	strbuf_release(&buf);
	free(joined);
	return !ferror(c->out);
}

static ssize_t escape_write(void *cookie, const char *data, size_t len)
{
	return escape_some(cookie, data, len, false) ? (ssize_t)len : -1;
}

static int escape_close(void *cookie)
{
	struct escape_cookie *c = cookie;
	int status;

	escape_some(c, "", 0, true);
	status = fflush(c->out) == 0 && !ferror(c->out) ? 0 : EOF;
	free(c);
	return status;
}

FILE *text_escape_stream(FILE *out, enum text_escape_mode mode,
			 unsigned long *count)
{
	struct escape_cookie *c = xcalloc(1, sizeof(*c));
	FILE *f;

	c->out = out;
	c->mode = mode;
	c->count = count;
	f = fopencookie(c, "w", (cookie_io_functions_t){
		.write = escape_write,
		.close = escape_close,
	});
	if (!f)
		out_of_memory();
	if (out == stderr)
		setvbuf(f, NULL, _IONBF, 0);
	return f;
}

/* The real streams while the escaping ones stand in for them (process-wide, as stdio is). */
static FILE *plain_stderr, *plain_stdout;

static void restore_stderr(void)
{
	FILE *escaping = stderr;

	stderr = plain_stderr;
	fclose(escaping);
}

void text_escape_stderr(void)
{
	if (plain_stderr)
		return;
	plain_stderr = stderr;
	stderr = text_escape_stream(plain_stderr, TEXT_ESCAPE_TEXT, NULL);
	atexit(restore_stderr);
}

int text_escape_stdout_end(void)
{
	FILE *escaping = stdout;
	int status;

	if (!plain_stdout)
		return 0;
	stdout = plain_stdout;
	plain_stdout = NULL;
	status = fclose(escaping);
	if (fflush(stdout) != 0 || ferror(stdout))
		status = EOF;
	return status;
}

static void restore_stdout(void)
{
	text_escape_stdout_end();
}

void text_escape_stdout(unsigned long *count)
{
	static bool registered;

	if (plain_stdout)
		return;
	plain_stdout = stdout;
	stdout = text_escape_stream(plain_stdout, TEXT_ESCAPE_TEXT, count);
	if (!registered)
		atexit(restore_stdout);
	registered = true;
}
