// SPDX-License-Identifier: GPL-2.0
/*
 * Where symbols are: textDocument/definition (every `config` entry of
 * the symbol), textDocument/references (every line that reads it: the
 * explainer's reverse view, the one `explain --reverse` prints),
 * textDocument/documentSymbol (the file's menus, choices and entries)
 * and workspace/symbol (names and prompts that contain the query).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* strcasestr() */
#endif
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "json_out.h"
#include "lsp.h"
#include "util.h"

/* LSP's SymbolKind numbers. */
enum {
	SK_NAMESPACE = 3,
	SK_ENUM = 10,
	SK_VARIABLE = 13,
	SK_BOOLEAN = 17,
	SK_NUMBER = 16,
	SK_STRING = 15,
};

#define WORKSPACE_SYMBOLS_MAX	500
#define REFERENCES_WITH_COLUMNS	200

/* The symbol under the position of params, or NULL. */
static const struct symbol *symbol_at(struct lsp_server *srv, json_t *params)
{
	const char *uri;
	unsigned line, character;
	struct lsp_doc *doc;
	char word[256];
	size_t start, end;

	if (!lsp_params_position(params, &uri, &line, &character) ||
	    !(doc = lsp_doc_find(srv, uri)) ||
	    !lsp_word_at(doc, line, character, word, sizeof(word), &start, &end))
		return NULL;
	return lsp_symbol_of_word(srv, doc, word);
}

static void add_definitions(struct lsp_server *srv, const struct symbol *sym, json_t *list)
{
	for (const struct menu_node *n = sym->first_node; n; n = n->next_def)
		if (n->loc.file)
			json_array_append_new(list, lsp_location(srv, n->loc, sym->name));
}

json_t *lsp_definition(struct lsp_server *srv, json_t *params)
{
	const struct symbol *sym = symbol_at(srv, params);
	json_t *list;

	if (!sym)
		return json_null();
	list = json_array();
	add_definitions(srv, sym, list);
	return list;
}

json_t *lsp_references(struct lsp_server *srv, json_t *params)
{
	const struct symbol *sym = symbol_at(srv, params);
	json_t *context = json_object_get(params, "context"), *list;
	const struct reverse_use *uses;
	unsigned count;

	if (!sym)
		return json_null();
	list = json_array();
	if (json_is_true(json_object_get(context, "includeDeclaration")))
		add_definitions(srv, sym, list);
	uses = explain_reverse(srv->s->ex, sym, &count);
	/* The name's column needs each file's text: not for thousands of uses. */
	for (unsigned i = 0; i < count; i++)
		if (uses[i].loc.file && uses[i].loc.line > 0)
			json_array_append_new(list, lsp_location(srv, uses[i].loc,
				count <= REFERENCES_WITH_COLUMNS ? sym->name : NULL));
	return list;
}

static int symbol_kind(const struct menu_node *node)
{
	if (node->kind == MENU_MENU)
		return SK_NAMESPACE;
	if (node->kind == MENU_CHOICE)
		return SK_ENUM;
	switch (node->sym ? node->sym->type : S_UNKNOWN) {
	case S_BOOLEAN:
	case S_TRISTATE:
		return SK_BOOLEAN;
	case S_INT:
	case S_HEX:
		return SK_NUMBER;
	case S_STRING:
		return SK_STRING;
	default:
		return SK_VARIABLE;
	}
}

/* A SymbolInformation for an entry: its name (or prompt), kind, line, menu. */
static json_t *symbol_information(struct lsp_server *srv, const struct menu_node *node)
{
	json_t *info = json_object();
	const char *name = node->sym && node->sym->name ? node->sym->name
			 : node->prompt ? node->prompt->text : "choice";
	const struct menu_node *menu = node->parent;

	while (menu && menu->kind == MENU_IF)
		menu = menu->parent;
	json_object_set_new(info, "name", json_text(name));
	json_object_set_new(info, "kind", json_integer(symbol_kind(node)));
	json_object_set_new(info, "location",
			    lsp_location(srv, node->loc, node->sym ? node->sym->name : NULL));
	if (menu && menu->prompt && menu->prompt->text)
		json_object_set_new(info, "containerName", json_text(menu->prompt->text));
	if (node->sym && node->sym->name && node->prompt && node->prompt->text)
		json_object_set_new(info, "detail", json_text(node->prompt->text));
	return info;
}

static bool listed_kind(const struct menu_node *n)
{
	return n->kind == MENU_CONFIG || n->kind == MENU_MENUCONFIG ||
	       n->kind == MENU_CHOICE || n->kind == MENU_MENU;
}

json_t *lsp_document_symbols(struct lsp_server *srv, json_t *params)
{
	json_t *u = json_object_get(json_object_get(params, "textDocument"), "uri");
	struct lsp_doc *doc = json_is_string(u) ? lsp_doc_find(srv, json_string_value(u)) : NULL;
	const struct menu_node *root = &srv->s->kc->root;
	json_t *list = json_array();

	if (!doc || doc->kind != DOC_KCONFIG)
		return list;
	for (const struct menu_node *n = root->children ? root->children : NULL; n;
	     n = menu_next(root, n))
		if (listed_kind(n) && n->loc.file && strcmp(n->loc.file->name, doc->name) == 0)
			json_array_append_new(list, symbol_information(srv, n));
	return list;
}

json_t *lsp_workspace_symbols(struct lsp_server *srv, json_t *params)
{
	json_t *q = json_object_get(params, "query"), *list = json_array();
	const char *query = json_is_string(q) ? json_string_value(q) : "";
	struct kconfig *kc = srv->s->kc;
	unsigned n = 0;

	for (size_t i = 0; i < kc->nsymbols && n < WORKSPACE_SYMBOLS_MAX; i++) {
		const struct symbol *sym = kc->symbols[i];
		const struct menu_node *node = sym->first_node;

		if (!sym->name || !(sym->flags & SYMBOL_DEFINED) || !node)
			continue;
		if (*query && !strcasestr(sym->name, query) &&
		    !(node->prompt && node->prompt->text && strcasestr(node->prompt->text, query)))
			continue;
		json_array_append_new(list, symbol_information(srv, node));
		n++;
	}
	return list;
}
