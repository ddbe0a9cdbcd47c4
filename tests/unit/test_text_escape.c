// SPDX-License-Identifier: GPL-2.0
/*
 * text_escape_controls() and the escaping stream: what is escaped (C0
 * but tab and newline, DEL, C1, bidi overrides, bytes that are not
 * UTF-8), what is not (any other UTF-8), in both modes, and the stream
 * given its input one byte at a time (sequences split across writes);
 * the one UTF-8 decoder under them (utf8.h), strict at every edge.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text_escape.h"
#include "utf8.h"

struct escape_case {
	const char *in;
	const char *text;	/* TEXT_ESCAPE_TEXT */
	const char *json;	/* TEXT_ESCAPE_JSON */
	size_t count;
};

static const struct escape_case cases[] = {
	{ "plain\ttext\n", "plain\ttext\n", "plain\ttext\n", 0 },
	{ "\033]0;title\007", "\\x1b]0;title\\x07", "\\u001b]0;title\\u0007", 2 },
	{ "clear\033[2J\r", "clear\\x1b[2J\\x0d", "clear\\u001b[2J\\u000d", 2 },
	{ "del\177", "del\\x7f", "del\\u007f", 1 },
	{ "csi\302\233x", "csi\\u009bx", "csi\\u009bx", 1 },
	{ "rlo\342\200\256lri\342\201\246", "rlo\\u202elri\\u2066",
	  "rlo\\u202elri\\u2066", 2 },
	{ "caf\303\251 \342\202\254 \360\237\220\247", "caf\303\251 \342\202\254 \360\237\220\247",
	  "caf\303\251 \342\202\254 \360\237\220\247", 0 },
	{ "bad\377\300\200", "bad\\xff\\xc0\\x80", "bad\\ufffd\\ufffd\\ufffd", 3 },
	{ "cut\342\200", "cut\\xe2\\x80", "cut\\ufffd\\ufffd", 2 },
};

static void test_escape_table(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf text = { 0 }, json = { 0 };
		const char *in = cases[i].in;

		assert_int_equal(text_escape_controls(in, strlen(in), &text,
						      TEXT_ESCAPE_TEXT, false, NULL),
				 cases[i].count);
		text_escape_controls(in, strlen(in), &json, TEXT_ESCAPE_JSON,
				     false, NULL);
		assert_string_equal(strbuf_str(&text), cases[i].text);
		assert_string_equal(strbuf_str(&json), cases[i].json);
		strbuf_release(&text);
		strbuf_release(&json);
	}
}

/* Every case through the stream, one byte per write. */
static void test_escape_stream_bytewise(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *got = NULL;
		size_t len = 0;
		unsigned long count = 0;
		FILE *mem = open_memstream(&got, &len);
		FILE *f = text_escape_stream(mem, TEXT_ESCAPE_TEXT, &count);

		setvbuf(f, NULL, _IONBF, 0);
		for (const char *p = cases[i].in; *p; p++)
			fputc(*p, f);
		assert_int_equal(fclose(f), 0);
		fclose(mem);
		assert_string_equal(got, cases[i].text);
		assert_int_equal(count, cases[i].count);
		free(got);
	}
}

/*
 * Every byte value at every place of a longer printable line: the scan
 * that passes over printable ASCII a word at a time must stop at each
 * byte that is not (alone, a byte from 0x80 up is not UTF-8).
 */
static void test_escape_each_byte_in_words(void **state)
{
	(void)state;
	for (unsigned b = 1; b < 256; b++) {
		bool plain = (b >= 0x20 && b < 0x7f) || b == '\t' || b == '\n';

		/*
		 * 300: past two 128-byte blocks (AVX2), the 64-byte and
		 * 16-byte blocks and the 8-byte words.
		 */
		for (size_t at = 0; at < 300; at++) {
			char in[301], want[308];
			struct strbuf out = { 0 };

			memset(in, 'a', 300);
			in[300] = '\0';
			in[at] = (char)b;
			memcpy(want, in, at);
			if (plain)
				snprintf(want + at, sizeof(want) - at, "%c%s", b, in + at + 1);
			else
				snprintf(want + at, sizeof(want) - at, "\\x%02x%s", b, in + at + 1);
			assert_int_equal(text_escape_controls(in, 300, &out, TEXT_ESCAPE_TEXT,
							      false, NULL), plain ? 0 : 1);
			assert_string_equal(strbuf_str(&out), want);
			strbuf_release(&out);
		}
	}
}

/* Each case: bytes, and what utf8_decode() says of their first sequence. */
struct utf8_case {
	const char *in;
	size_t len;
	int result;
	uint32_t cp;
};

static const struct utf8_case utf8_cases[] = {
	{ "A", 1, 1, 0x41 },
	{ "\177", 1, 1, 0x7f },
	{ "\302\200", 2, 2, 0x80 },
	{ "\337\277", 2, 2, 0x7ff },
	{ "\340\240\200", 3, 3, 0x800 },
	{ "\355\237\277", 3, 3, 0xd7ff },
	{ "\357\277\275", 3, 3, 0xfffd },
	{ "\360\220\200\200", 4, 4, 0x10000 },
	{ "\364\217\277\277", 4, 4, 0x10ffff },
	{ "\200", 1, 0, 0 },			/* stray continuation */
	{ "\300\200", 2, 0, 0 },		/* overlong NUL */
	{ "\301\277", 2, 0, 0 },		/* overlong */
	{ "\340\237\277", 3, 0, 0 },		/* overlong */
	{ "\355\240\200", 3, 0, 0 },		/* surrogate D800 */
	{ "\355\277\277", 3, 0, 0 },		/* surrogate DFFF */
	{ "\360\217\277\277", 4, 0, 0 },	/* overlong */
	{ "\364\220\200\200", 4, 0, 0 },	/* above U+10FFFF */
	{ "\365\200\200\200", 4, 0, 0 },
	{ "\377", 1, 0, 0 },
	{ "\342\202", 2, -1, 0 },		/* incomplete */
	{ "\342\202\0", 3, 0, 0 },		/* cut by a NUL */
	{ "\342A\254", 3, 0, 0 },
};

static void test_utf8_decode(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(utf8_cases) / sizeof(utf8_cases[0]); i++) {
		uint32_t cp = 0;
		int got = utf8_decode(utf8_cases[i].in, utf8_cases[i].len, &cp);

		assert_int_equal(got, utf8_cases[i].result);
		if (got > 0)
			assert_int_equal(cp, utf8_cases[i].cp);
	}
}

static void test_utf8_sanitize(void **state)
{
	struct strbuf out = { 0 };
	const char in[] = "ok \303\251 \355\240\200 \377";

	(void)state;
	utf8_sanitize(in, sizeof(in) - 1, &out);
	assert_string_equal(strbuf_str(&out), "ok \303\251 \357\277\275\357\277\275"
			    "\357\277\275 \357\277\275");
	strbuf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape_table),
		cmocka_unit_test(test_escape_stream_bytewise),
		cmocka_unit_test(test_escape_each_byte_in_words),
		cmocka_unit_test(test_utf8_decode),
		cmocka_unit_test(test_utf8_sanitize),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
