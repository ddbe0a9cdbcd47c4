/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The language server (`kbrowse lsp`) and the agent server (`kbrowse
 * mcp`): front-ends over the same session as the browser and the
 * command line.  Everything a server knows lives in its struct; each
 * request is answered from the session, through the explainer's own
 * renderers.
 */
#ifndef KBROWSE_LSP_H
#define KBROWSE_LSP_H

#include <stdbool.h>
#include <stdio.h>

#include "jsonrpc.h"
#include "session.h"

struct lsp_options {
	const char *prog;
	/* The tree's directory as the process sees it (absolute); files are named from here. */
	const char *root;
	/* Built-in teaching tree: its files are not on disk. */
	bool teaching_tree;
};

/* What kind of file a document is: what its words mean. */
enum doc_kind {
	DOC_KCONFIG,		/* Kconfig, Kconfig.*, Config.in */
	DOC_CONFIG,		/* .config, defconfig, *.config fragments */
	DOC_SOURCE,		/* C, assembly, Makefile, devicetree: CONFIG_FOO uses */
};

/* An open document: the editor's text, which wins over the file on disk. */
struct lsp_doc {
	char *uri;
	char *path;		/* absolute */
	char *name;		/* relative to the root when under it, else the path */
	char *text;
	size_t len;
	enum doc_kind kind;
	struct lsp_doc *next;
};

struct lsp_server {
	struct session *s;
	struct lsp_options opts;
	struct jsonrpc rpc;
	struct lsp_doc *docs;
	bool initialized;	/* `initialize` answered */
	bool shutdown;		/* `shutdown` answered: only `exit` now */
	/* A Kconfig document changed since the tree was last read. */
	bool kconfig_dirty;
	/* The last re-read failed: the session still holds the older tree. */
	bool tree_stale;
	struct diag_list tree_diags;	/* the last re-read's diagnostics */
	bool have_tree_diags;
};

/* Serve LSP on in/out until `exit` or end of input; an exit status. */
int lsp_serve(struct session *s, const struct lsp_options *opts, FILE *in, FILE *out);
/* Serve MCP (newline-delimited JSON-RPC) on in/out until end of input. */
int mcp_serve(struct session *s, const struct lsp_options *opts, FILE *in, FILE *out);

/* --- documents (lsp_docs.c) ---------------------------------------------- */

struct lsp_doc *lsp_doc_open(struct lsp_server *srv, const char *uri, const char *text);
struct lsp_doc *lsp_doc_find(struct lsp_server *srv, const char *uri);
void lsp_doc_set_text(struct lsp_doc *doc, const char *text);
void lsp_doc_close(struct lsp_server *srv, const char *uri);
void lsp_docs_free(struct lsp_server *srv);
/* "file:///a/b" -> "/a/b" (percent escapes decoded); NULL if not a file URI. */
char *lsp_uri_to_path(const char *uri);
/* "/a/b" -> "file:///a/b" (escaped). */
char *lsp_path_to_uri(const char *path);
/* The URI of a file named as the tree names it (relative to the root). */
char *lsp_name_to_uri(const struct lsp_server *srv, const char *name);
/* The open document of a file named as the tree names it, or NULL. */
struct lsp_doc *lsp_doc_by_name(struct lsp_server *srv, const char *name);
/*
 * The text of line (0-based) of doc: *len its length without the
 * newline; NULL past the end.
 */
const char *lsp_doc_line(const struct lsp_doc *doc, unsigned line, size_t *len);
/* The text of a file: the open document's, else read from disk (heap). */
char *lsp_file_text(struct lsp_server *srv, const char *name, size_t *len);
/* Byte offset in a line -> UTF-16 units (LSP's columns), and back. */
unsigned lsp_utf16_column(const char *line, size_t len, size_t byte);
size_t lsp_byte_column(const char *line, size_t len, unsigned utf16);
/*
 * kconfig_options.overlay_file: the editor's text for a file the tree
 * reads, so a re-read sees unsaved edits.
 */
const char *lsp_overlay(void *ctx, const char *name, size_t *len);

/* --- positions and words (lsp_words.c) ------------------------------------ */

/* The identifier under (line, character) of doc: [start, end) bytes of the line. */
bool lsp_word_at(const struct lsp_doc *doc, unsigned line, unsigned character,
		 char *word, size_t size, size_t *start, size_t *end);
/* The symbol a word names in doc's kind of file (CONFIG_FOO in sources). */
const struct symbol *lsp_symbol_of_word(struct lsp_server *srv, const struct lsp_doc *doc,
					const char *word);
/* {"line":L,"character":C} ranges from byte columns of a line of text. */
json_t *lsp_range(const char *line, size_t len, unsigned lineno, size_t start, size_t end);
/* A Location of a tree location (file:line), the whole line's start. */
json_t *lsp_location(struct lsp_server *srv, struct location loc, const char *word);
/* The textDocument.uri and position of params. */
bool lsp_params_position(json_t *params, const char **uri, unsigned *line,
			 unsigned *character);

/*
 * A .config line: "CONFIG_FOO=value" or "# CONFIG_FOO is not set" (word
 * is CONFIG_FOO); value gets the text after '=' ("n" for the comment).
 */
bool lsp_config_line_value(const char *line, size_t len, const char *word,
			   char *value, size_t size);
/*
 * Would the line's value (a string unquoted in place) be sym's value,
 * set as a .config line over the configuration now?  *got (heap): the
 * value it would get.
 */
bool lsp_line_takes_effect(struct lsp_server *srv, const struct symbol *sym, char *value,
			   char **got);

/* --- requests (one file each) ---------------------------------------------- */

json_t *lsp_hover(struct lsp_server *srv, json_t *params);
json_t *lsp_definition(struct lsp_server *srv, json_t *params);
json_t *lsp_references(struct lsp_server *srv, json_t *params);
json_t *lsp_document_symbols(struct lsp_server *srv, json_t *params);
json_t *lsp_workspace_symbols(struct lsp_server *srv, json_t *params);
json_t *lsp_completion(struct lsp_server *srv, json_t *params);
json_t *lsp_code_actions(struct lsp_server *srv, json_t *params);

/* Read the Kconfig files again if an open one changed; then publish diagnostics. */
void lsp_reanalyse(struct lsp_server *srv);
/* Free the diagnostics kept from the last re-read. */
void lsp_diags_release(struct lsp_server *srv);
/* publishDiagnostics for doc (from the last analysis). */
void lsp_publish_diagnostics(struct lsp_server *srv, struct lsp_doc *doc);

#endif
