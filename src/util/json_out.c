// SPDX-License-Identifier: GPL-2.0
/* JSON values from bytes, and the one JSON writer (json_out.h). */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json_out.h"
#include "strbuf.h"
#include "utf8.h"
#include "util.h"

/* The length of s when it is all UTF-8 (most text is ASCII: no decoding). */
static bool all_utf8(const char *s, size_t *len)
{
	size_t i = 0;

	for (;;) {
		uint32_t cp;
		int n;

		while ((unsigned char)s[i] - 1u < 0x7fu)
			i++;
		if (!s[i])
			break;
		/* 4: the NUL ends a sequence before any byte after it is read. */
		n = utf8_decode(s + i, 4, &cp);
		if (n <= 0)
			return false;
		i += (size_t)n;
	}
	*len = i;
	return true;
}

json_t *json_text(const char *s)
{
	struct strbuf valid = { 0 };
	size_t len;
	json_t *v;

	if (!s)
		return json_null();
	/* The decoder is utf8.c's: jansson's own check is skipped, not repeated. */
	if (all_utf8(s, &len)) {
		v = json_stringn_nocheck(s, len);
	} else {
		utf8_sanitize(s, strlen(s), &valid);
		v = json_stringn_nocheck(valid.data, valid.len);
		strbuf_release(&valid);
	}
	if (!v)
		out_of_memory();
	return v;
}

json_t *json_new_object(void)
{
	json_t *o = json_object();

	if (!o)
		out_of_memory();
	return o;
}

json_t *json_new_array(void)
{
	json_t *a = json_array();

	if (!a)
		out_of_memory();
	return a;
}

void json_append(json_t *array, json_t *value)
{
	if (!value || json_array_append_new(array, value) != 0)
		out_of_memory();
}

json_t *json_array_of(const void *items, size_t n, size_t size, json_fill_fn *fill,
		      void *ctx)
{
	json_t *a = json_new_array();

	for (size_t i = 0; i < n; i++) {
		json_t *o = json_new_object();

		fill(ctx, (const char *)items + i * size, o);
		json_append(a, o);
	}
	return a;
}

void json_put(json_t *obj, const char *key, json_t *value)
{
	/* Keys are the program's own ASCII names: jansson's UTF-8 check is skipped. */
	if (!value || json_object_set_new_nocheck(obj, key, value) != 0)
		out_of_memory();
}

void json_put_text(json_t *obj, const char *key, const char *s)
{
	json_put(obj, key, json_text(s));
}

/*
 * jansson's pieces of a value, gathered in a strbuf (jansson hands over
 * a few bytes at a time, tens of millions of pieces for `explain --json
 * --all`: one fwrite() each cost more than making the text, and so did
 * a search of each piece).
 */
static int add_piece(const char *text, size_t len, void *line)
{
	strbuf_add(line, text, len);
	return 0;
}

/*
 * jansson writes DEL (0x7f) as it is; in valid JSON it can only stand
 * inside a string, where \u007f reads back as the same character.  One
 * search of the whole line, which rarely finds one.
 */
static void escape_del(struct strbuf *line)
{
	struct strbuf out = { 0 };
	const char *text = line->data, *del;
	size_t len = line->len;

	if (!memchr(text, 0x7f, len))
		return;
	while ((del = memchr(text, 0x7f, len))) {
		strbuf_add(&out, text, (size_t)(del - text));
		strbuf_adds(&out, "\\u007f");
		len -= (size_t)(del - text) + 1;
		text = del + 1;
	}
	strbuf_add(&out, text, len);
	strbuf_release(line);
	*line = out;
}

int json_write_line(json_t *v, FILE *out)
{
	struct strbuf line = { 0 };
	int failed = json_dump_callback(v, add_piece, &line,
					JSON_COMPACT | JSON_ENSURE_ASCII |
					JSON_PRESERVE_ORDER);

	json_decref(v);
	if (failed)
		out_of_memory();	/* the callback never fails */
	escape_del(&line);
	strbuf_addc(&line, '\n');
	fwrite(line.data, 1, line.len, out);
	strbuf_release(&line);
	return ferror(out) ? -1 : 0;
}
