// SPDX-License-Identifier: GPL-2.0
/*
 * JSON-RPC framing (jsonrpc.h).  The LSP header is read a byte at a
 * time: headers are a few dozen bytes, and reading no further than the
 * blank line leaves the body in the stream for one fread().  A header
 * block without a Content-Length is answered, and the reader goes on
 * looking for the next "Content-Length:" even inside the junk that
 * follows, so one bad message does not lose the ones after it.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "jsonrpc.h"
#include "json_out.h"
#include "util.h"

/* The header line: up to JSONRPC_HEADER_MAX bytes kept, the rest read and dropped. */
static int read_header_line(FILE *in, char *line, size_t size)
{
	size_t n = 0;
	int c;

	while ((c = getc(in)) != EOF && c != '\n')
		if (n + 1 < size)
			line[n++] = (char)c;
	if (n && line[n - 1] == '\r')
		n--;
	line[n] = '\0';
	if (c == EOF && n == 0)
		return -1;
	return (int)n;
}

/*
 * The value of a Content-Length header anywhere in line (a body left
 * without its header runs into the next header line).  -1: none;
 * -2: there, but not a number.
 */
static long long content_length(const char *line)
{
	static const char name[] = "content-length:";
	const char *p;
	char *end;
	long long value;

	for (p = line; *p; p++)
		if (strncasecmp(p, name, sizeof(name) - 1) == 0)
			break;
	if (!*p)
		return -1;
	p += sizeof(name) - 1;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!isdigit((unsigned char)*p))
		return -2;
	errno = 0;
	value = strtoll(p, &end, 10);
	if (errno || *end)
		return -2;
	return value;
}

/* Drop n bytes of input (a message refused for its size). */
static bool skip_bytes(FILE *in, unsigned long long n)
{
	char buf[65536];

	while (n) {
		size_t want = n < sizeof(buf) ? (size_t)n : sizeof(buf);
		size_t got = fread(buf, 1, want, in);

		if (got == 0)
			return false;
		n -= got;
	}
	return true;
}

static enum jsonrpc_read parse_body(const char *body, size_t len, json_t **msg,
				    char *error, size_t size)
{
	json_error_t err;

	*msg = json_loadb(body, len, JSON_DECODE_ANY, &err);
	if (*msg)
		return JSONRPC_MESSAGE;
	snprintf(error, size, "malformed JSON at line %d, column %d: %s",
		 err.line, err.column, err.text);
	return JSONRPC_BAD;
}

/* Header lines up to the blank one; the body's length, or an error. */
static enum jsonrpc_read read_headers(struct jsonrpc *rpc, long long *length,
				      char *error, size_t size)
{
	char line[JSONRPC_HEADER_MAX];
	bool any = false, bad_value = false;
	int n;

	*length = -1;
	while ((n = read_header_line(rpc->in, line, sizeof(line))) != 0) {
		long long value;

		if (n < 0)
			return JSONRPC_EOF;
		any = true;
		value = content_length(line);
		if (value >= 0)
			*length = value;
		else if (value == -2)
			bad_value = true;
	}
	if (*length >= 0)
		return JSONRPC_MESSAGE;
	if (!any)	/* a blank line between messages */
		return JSONRPC_BAD;
	snprintf(error, size, bad_value ? "the Content-Length header is not a number"
		 : "a message without a Content-Length header");
	return JSONRPC_BAD;
}

static enum jsonrpc_read read_framed(struct jsonrpc *rpc, json_t **msg,
				     char *error, size_t size)
{
	long long length;
	enum jsonrpc_read got;
	char *body;

	if (rpc->skip) {
		bool whole = skip_bytes(rpc->in, rpc->skip);

		rpc->skip = 0;
		if (!whole)
			return JSONRPC_EOF;
	}
	do {
		error[0] = '\0';
		got = read_headers(rpc, &length, error, size);
	} while (got == JSONRPC_BAD && !error[0]);
	if (got != JSONRPC_MESSAGE)
		return got;
	if ((unsigned long long)length > JSONRPC_MESSAGE_MAX) {
		/* Said first, dropped on the next read: the client hears at once. */
		snprintf(error, size, "a message of %lld bytes is over the limit of %lu MiB: skipped",
			 length, JSONRPC_MESSAGE_MAX >> 20);
		rpc->skip = (unsigned long long)length;
		return JSONRPC_BAD;
	}
	body = xmalloc((size_t)length + 1);
	if (fread(body, 1, (size_t)length, rpc->in) != (size_t)length) {
		free(body);
		return JSONRPC_EOF;
	}
	got = parse_body(body, (size_t)length, msg, error, size);
	free(body);
	return got;
}

/* One line (MCP): JSONRPC_MESSAGE_MAX at most, blank lines skipped. */
static enum jsonrpc_read read_line(struct jsonrpc *rpc, json_t **msg,
				   char *error, size_t size)
{
	size_t n, cap = 4096;
	char *line = xmalloc(cap);
	bool too_long;
	int c;

	for (;;) {
		n = 0;
		too_long = false;
		while ((c = getc(rpc->in)) != EOF && c != '\n') {
			if (n + 1 >= JSONRPC_MESSAGE_MAX) {
				too_long = true;
				continue;
			}
			if (n + 1 >= cap)
				line = xrealloc(line, cap *= 2);
			line[n++] = (char)c;
		}
		while (n && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
			n--;
		if (c == EOF && n == 0) {
			free(line);
			return JSONRPC_EOF;
		}
		if (too_long) {
			free(line);
			snprintf(error, size, "a message over the limit of %lu MiB: skipped",
				 JSONRPC_MESSAGE_MAX >> 20);
			return JSONRPC_BAD;
		}
		if (n)
			break;
	}
	enum jsonrpc_read got = parse_body(line, n, msg, error, size);

	free(line);
	return got;
}

enum jsonrpc_read jsonrpc_read(struct jsonrpc *rpc, json_t **msg, char *error,
			       size_t size, bool *fatal)
{
	*msg = NULL;
	*fatal = false;
	error[0] = '\0';
	if (rpc->framing == JSONRPC_LINES)
		return read_line(rpc, msg, error, size);
	return read_framed(rpc, msg, error, size);
}

bool jsonrpc_send(struct jsonrpc *rpc, json_t *msg)
{
	char *text = json_dumps(msg, JSON_COMPACT | JSON_ENSURE_ASCII);
	bool ok;

	json_decref(msg);
	if (!text)
		out_of_memory();
	if (rpc->framing == JSONRPC_LINES)
		ok = fprintf(rpc->out, "%s\n", text) >= 0;
	else
		ok = fprintf(rpc->out, "Content-Length: %zu\r\n\r\n%s", strlen(text), text) >= 0;
	free(text);
	return fflush(rpc->out) == 0 && ok;
}

static json_t *envelope(json_t *id)
{
	json_t *m = json_object();

	json_object_set_new(m, "jsonrpc", json_string("2.0"));
	json_object_set(m, "id", id ? id : json_null());
	return m;
}

bool jsonrpc_result(struct jsonrpc *rpc, json_t *id, json_t *result)
{
	json_t *m = envelope(id);

	json_object_set_new(m, "result", result ? result : json_null());
	return jsonrpc_send(rpc, m);
}

bool jsonrpc_error(struct jsonrpc *rpc, json_t *id, int code, const char *message)
{
	json_t *m = envelope(id), *e = json_object();

	json_object_set_new(e, "code", json_integer(code));
	json_object_set_new(e, "message", json_text(message));
	json_object_set_new(m, "error", e);
	if (rpc->log)
		fprintf(rpc->log, "%s: %s\n", rpc->prog, message);
	return jsonrpc_send(rpc, m);
}

bool jsonrpc_notify(struct jsonrpc *rpc, const char *method, json_t *params)
{
	json_t *m = json_object();

	json_object_set_new(m, "jsonrpc", json_string("2.0"));
	json_object_set_new(m, "method", json_string(method));
	if (params)
		json_object_set_new(m, "params", params);
	return jsonrpc_send(rpc, m);
}
