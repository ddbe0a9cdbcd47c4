// SPDX-License-Identifier: GPL-2.0
/*
 * `kbrowse lsp`: the Language Server Protocol (3.17) over stdio.  One
 * loop reads a message, answers it from the session and, when no other
 * message is waiting, analyses again what the edits changed, so a burst
 * of keystrokes costs one re-read of the tree, not one each.
 *
 * The protocol's rules kept here: nothing but `initialize` before
 * `initialize`; nothing but `exit` after `shutdown`; an unknown request
 * is answered MethodNotFound, an unknown notification is ignored; a
 * message that cannot be read is answered with an error and the loop
 * goes on; end of input ends the server (status 1 unless `shutdown`
 * came first).
 */
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "buildconf.h"
#include "file_read.h"
#include "json_out.h"
#include "lsp.h"
#include "util.h"

typedef json_t *lsp_request_fn(struct lsp_server *srv, json_t *params);

static const struct {
	const char *method;
	lsp_request_fn *answer;
} requests[] = {
	{ "textDocument/hover", lsp_hover },
	{ "textDocument/definition", lsp_definition },
	{ "textDocument/references", lsp_references },
	{ "textDocument/documentSymbol", lsp_document_symbols },
	{ "textDocument/completion", lsp_completion },
	{ "textDocument/codeAction", lsp_code_actions },
	{ "workspace/symbol", lsp_workspace_symbols },
};

static json_t *capabilities(void)
{
	json_t *caps = json_object(), *sync = json_object(), *completion = json_object();

	json_object_set_new(sync, "openClose", json_true());
	json_object_set_new(sync, "change", json_integer(1));	/* full text */
	json_object_set_new(caps, "textDocumentSync", sync);
	json_object_set_new(caps, "hoverProvider", json_true());
	json_object_set_new(caps, "definitionProvider", json_true());
	json_object_set_new(caps, "referencesProvider", json_true());
	json_object_set_new(caps, "documentSymbolProvider", json_true());
	json_object_set_new(caps, "workspaceSymbolProvider", json_true());
	json_object_set_new(caps, "codeActionProvider", json_true());
	json_object_set_new(completion, "triggerCharacters", json_pack("[s]", "_"));
	json_object_set_new(caps, "completionProvider", completion);
	return caps;
}

static json_t *initialize_result(void)
{
	json_t *result = json_object(), *info = json_object();

	json_object_set_new(info, "name", json_string("kbrowse"));
	json_object_set_new(info, "version", json_string(PACKAGE_VERSION));
	json_object_set_new(result, "capabilities", capabilities());
	json_object_set_new(result, "serverInfo", info);
	return result;
}

/* Does the document's text differ from its file (an unsaved buffer)? */
static bool differs_from_disk(const struct lsp_doc *doc)
{
	size_t len;
	int err;
	char *disk = file_read(doc->path, FILE_READ_MAX, &len, &err);
	bool differs = !disk || len != doc->len || memcmp(disk, doc->text, len) != 0;

	free(disk);
	return differs;
}

static void did_open(struct lsp_server *srv, json_t *params)
{
	json_t *td = json_object_get(params, "textDocument");
	json_t *uri = json_object_get(td, "uri"), *text = json_object_get(td, "text");
	struct lsp_doc *doc;

	if (!json_is_string(uri) || !json_is_string(text))
		return;
	doc = lsp_doc_open(srv, json_string_value(uri), json_string_value(text));
	if (doc->kind == DOC_KCONFIG && differs_from_disk(doc))
		srv->kconfig_dirty = true;
}

static void did_change(struct lsp_server *srv, json_t *params)
{
	json_t *td = json_object_get(params, "textDocument");
	json_t *uri = json_object_get(td, "uri");
	json_t *changes = json_object_get(params, "contentChanges");
	struct lsp_doc *doc;
	size_t n;

	if (!json_is_string(uri) || !json_is_array(changes) ||
	    !(doc = lsp_doc_find(srv, json_string_value(uri))))
		return;
	n = json_array_size(changes);
	/* Full sync: the last change without a range is the whole text. */
	for (size_t i = n; i-- > 0;) {
		json_t *c = json_array_get(changes, i), *text = json_object_get(c, "text");

		if (json_is_string(text) && !json_object_get(c, "range")) {
			lsp_doc_set_text(doc, json_string_value(text));
			break;
		}
	}
	if (doc->kind == DOC_KCONFIG)
		srv->kconfig_dirty = true;
}

static void did_close(struct lsp_server *srv, json_t *params)
{
	json_t *uri = json_object_get(json_object_get(params, "textDocument"), "uri");
	struct lsp_doc *doc;
	bool kconfig;

	if (!json_is_string(uri) || !(doc = lsp_doc_find(srv, json_string_value(uri))))
		return;
	kconfig = doc->kind == DOC_KCONFIG;
	/* The editor drops its text: the file on disk counts again. */
	json_t *empty = json_pack("{s:s,s:[]}", "uri", json_string_value(uri), "diagnostics");

	jsonrpc_notify(&srv->rpc, "textDocument/publishDiagnostics", empty);
	lsp_doc_close(srv, json_string_value(uri));
	if (kconfig)
		srv->kconfig_dirty = true;
}

/* What a notification does; false: `exit`. */
static bool notification(struct lsp_server *srv, const char *method, json_t *params,
			 bool *analyse)
{
	if (strcmp(method, "exit") == 0)
		return false;
	if (!srv->initialized || srv->shutdown)
		return true;
	if (strcmp(method, "textDocument/didOpen") == 0) {
		did_open(srv, params);
		*analyse = true;
	} else if (strcmp(method, "textDocument/didChange") == 0) {
		did_change(srv, params);
		*analyse = true;
	} else if (strcmp(method, "textDocument/didClose") == 0) {
		did_close(srv, params);
		*analyse = true;
	}
	/* initialized, didSave, $/cancelRequest, ...: nothing to do. */
	return true;
}

static void request(struct lsp_server *srv, json_t *id, const char *method, json_t *params)
{
	if (strcmp(method, "initialize") == 0) {
		srv->initialized = true;
		jsonrpc_result(&srv->rpc, id, initialize_result());
		return;
	}
	if (!srv->initialized) {
		jsonrpc_error(&srv->rpc, id, LSP_SERVER_NOT_INITIALIZED,
			      "the server is not initialized yet");
		return;
	}
	if (srv->shutdown) {
		jsonrpc_error(&srv->rpc, id, JSONRPC_INVALID_REQUEST,
			      "the server is shut down: only exit is left");
		return;
	}
	if (strcmp(method, "shutdown") == 0) {
		srv->shutdown = true;
		jsonrpc_result(&srv->rpc, id, json_null());
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(requests); i++)
		if (strcmp(method, requests[i].method) == 0) {
			/* Answers read the tree: bring it up to date with the edits first. */
			if (srv->kconfig_dirty)
				lsp_reanalyse(srv);
			jsonrpc_result(&srv->rpc, id, requests[i].answer(srv, params));
			/* Explanations are answered: their memory is reused a block at a time. */
			if (srv->s->ex->arena.total > (16u << 20))
				explainer_reset(srv->s->ex);
			return;
		}
	char msg[300];

	snprintf(msg, sizeof(msg), "unknown method '%.200s'", method);
	jsonrpc_error(&srv->rpc, id, JSONRPC_METHOD_NOT_FOUND, msg);
}

/* Handle one message; false when the server should stop (`exit`). */
static bool handle(struct lsp_server *srv, json_t *msg, bool *analyse)
{
	json_t *method = json_object_get(msg, "method"), *id = json_object_get(msg, "id");
	json_t *params = json_object_get(msg, "params");

	if (!json_is_object(msg) || (!method && !id)) {
		jsonrpc_error(&srv->rpc, NULL, JSONRPC_INVALID_REQUEST,
			      "not a JSON-RPC request: an object with a method is expected");
		return true;
	}
	if (!method)		/* a response to a request of ours: none are sent */
		return true;
	if (!json_is_string(method)) {
		jsonrpc_error(&srv->rpc, id, JSONRPC_INVALID_REQUEST, "method is not a string");
		return true;
	}
	if (!id)
		return notification(srv, json_string_value(method), params, analyse);
	request(srv, id, json_string_value(method), params);
	return true;
}

/* Is another message already waiting?  Then analysing can wait for it. */
static bool input_waiting(FILE *in)
{
	struct pollfd p = { .fd = fileno(in), .events = POLLIN };

	return poll(&p, 1, 0) > 0;
}

int lsp_serve(struct session *s, const struct lsp_options *opts, FILE *in, FILE *out)
{
	struct lsp_server srv = {
		.s = s, .opts = *opts,
		.rpc = { .in = in, .out = out, .framing = JSONRPC_CONTENT_LENGTH,
			 .log = stderr, .prog = opts->prog },
	};
	bool running = true, analyse = false, eof = false;
	char error[512];

	diag_init(&srv.tree_diags);
	/* Unbuffered: poll() then tells truly whether a message is waiting. */
	setvbuf(in, NULL, _IONBF, 0);
	s->kc->opts.overlay_file = lsp_overlay;
	s->kc->opts.overlay_ctx = &srv;
	while (running) {
		json_t *msg;
		bool fatal;
		enum jsonrpc_read got;

		if (analyse && !input_waiting(in)) {
			lsp_reanalyse(&srv);
			analyse = false;
		}
		got = jsonrpc_read(&srv.rpc, &msg, error, sizeof(error), &fatal);
		if (got == JSONRPC_EOF) {
			eof = true;
			break;
		}
		if (got == JSONRPC_BAD) {
			jsonrpc_error(&srv.rpc, NULL, JSONRPC_PARSE_ERROR, error);
			continue;
		}
		running = handle(&srv, msg, &analyse);
		json_decref(msg);
	}
	if (eof && !srv.shutdown)
		fprintf(stderr, "%s: lsp: the client closed the connection without "
			"shutdown and exit\n", opts->prog);
	s->kc->opts.overlay_file = NULL;
	lsp_diags_release(&srv);
	lsp_docs_free(&srv);
	return srv.shutdown ? EXIT_OK : EXIT_INPUT;
}
