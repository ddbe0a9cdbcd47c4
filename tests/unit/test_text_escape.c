// SPDX-License-Identifier: GPL-2.0
/*
 * text_escape_controls() and the escaping stream: what is escaped (C0
 * but tab and newline, DEL, C1, bidi overrides, bytes that are not
 * UTF-8), what is not (any other UTF-8), in both modes, and the stream
 * given its input one byte at a time (sequences split across writes).
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape_table),
		cmocka_unit_test(test_escape_stream_bytewise),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
