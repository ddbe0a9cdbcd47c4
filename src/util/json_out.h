/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one way kbrowse writes JSON: values built with jansson, strings
 * made from the bytes of the files kbrowse reads, and one writer that
 * puts a value on one line.
 *
 * The line is printable ASCII: every character beyond it, and every
 * control character (DEL too), is a \u escape inside its string.  So
 * JSON is strict UTF-8 whatever the input held, and nothing in it can
 * act on a terminal (the escaping stream in front of stdout finds
 * nothing to do).  Keys keep the order they were added in.
 */
#ifndef KBROWSE_JSON_OUT_H
#define KBROWSE_JSON_OUT_H

#include <stdio.h>

#include <jansson.h>

/* A string of s, each byte that is not UTF-8 as U+FFFD; null for NULL. */
json_t *json_text(const char *s);

/* An empty object or array (allocation failure aborts, as util.h's). */
json_t *json_new_object(void);
json_t *json_new_array(void);

/* Append value to array, taking value. */
void json_append(json_t *array, json_t *value);

/*
 * An array of objects, one for each of the n items of size bytes at
 * items, each filled in by fill(ctx, item, object).
 */
typedef void json_fill_fn(void *ctx, const void *item, json_t *object);
json_t *json_array_of(const void *items, size_t n, size_t size, json_fill_fn *fill,
		      void *ctx);
/* The same for an array whose element size its type says. */
#define JSON_ARRAY_OF(items, n, fill, ctx) \
	json_array_of((items), (n), sizeof(*(items)), (fill), (ctx))

/*
 * Set obj's key to value, taking value (jansson's _new: no reference
 * kept).  key is one of the program's own names, ASCII: not checked.
 */
void json_put(json_t *obj, const char *key, json_t *value);

/* json_put() of json_text(s). */
void json_put_text(json_t *obj, const char *key, const char *s);

/* v on one line of out, then a newline; takes v.  0, or -1 when out failed. */
int json_write_line(json_t *v, FILE *out);

#endif
