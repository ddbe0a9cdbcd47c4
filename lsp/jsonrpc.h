/* SPDX-License-Identifier: GPL-2.0 */
/*
 * JSON-RPC 2.0 over a byte stream, the two framings kbrowse speaks:
 * LSP's (a "Content-Length: N" header, a blank line, N bytes of JSON)
 * and MCP's stdio one (one JSON text per line).  Reading never trusts
 * the peer: a missing or huge length, a header line without end or
 * JSON that does not parse is an error the server answers or reports,
 * never a crash or a wait for bytes that will not come.
 */
#ifndef KBROWSE_JSONRPC_H
#define KBROWSE_JSONRPC_H

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>

/* The largest message read; a longer one is skipped and answered with an error. */
#define JSONRPC_MESSAGE_MAX	(64UL << 20)
/* The longest header line (LSP) kept. */
#define JSONRPC_HEADER_MAX	1024

/* JSON-RPC's error codes. */
enum {
	JSONRPC_PARSE_ERROR = -32700,
	JSONRPC_INVALID_REQUEST = -32600,
	JSONRPC_METHOD_NOT_FOUND = -32601,
	JSONRPC_INVALID_PARAMS = -32602,
	JSONRPC_INTERNAL_ERROR = -32603,
	LSP_SERVER_NOT_INITIALIZED = -32002,
	LSP_REQUEST_FAILED = -32803,
};

enum jsonrpc_framing {
	JSONRPC_CONTENT_LENGTH,	/* LSP */
	JSONRPC_LINES,		/* MCP over stdio */
};

struct jsonrpc {
	FILE *in, *out;
	enum jsonrpc_framing framing;
	FILE *log;		/* where protocol errors are said (stderr) */
	const char *prog;
	/* Bytes of a refused message still to be dropped before the next one. */
	unsigned long long skip;
};

enum jsonrpc_read {
	JSONRPC_MESSAGE,	/* *msg is a parsed JSON value */
	JSONRPC_BAD,		/* unreadable message: error says why; go on */
	JSONRPC_EOF,		/* the peer closed the stream */
};

/*
 * The next message.  JSONRPC_BAD: a framing or JSON error (error gets a
 * sentence; the stream is at the next message if there can be one, and
 * *fatal is set when it cannot be: a header stream without end).
 */
enum jsonrpc_read jsonrpc_read(struct jsonrpc *rpc, json_t **msg, char *error,
			       size_t size, bool *fatal);

/* Send msg (taken) framed; false when the stream failed. */
bool jsonrpc_send(struct jsonrpc *rpc, json_t *msg);
/* A response to id (borrowed; NULL: null) with result (taken). */
bool jsonrpc_result(struct jsonrpc *rpc, json_t *id, json_t *result);
/* An error response: code, message, to id (borrowed; NULL: null). */
bool jsonrpc_error(struct jsonrpc *rpc, json_t *id, int code, const char *message);
/* A notification: method, params (taken; NULL: none). */
bool jsonrpc_notify(struct jsonrpc *rpc, const char *method, json_t *params);

#endif
