// SPDX-License-Identifier: GPL-2.0
/*
 * textDocument/completion: the tree's symbols whose name starts with
 * the word being typed, each with its type and prompt (CONFIG_FOO in a
 * .config or a source file), and in Kconfig files the language's
 * keywords.  A long list is cut and marked incomplete, so the editor
 * asks again as the word grows.
 */
#include <string.h>
#include <strings.h>

#include "json_out.h"
#include "lsp.h"
#include "strbuf.h"
#include "util.h"

#define COMPLETION_MAX	1000

/* LSP's CompletionItemKind numbers. */
enum { CK_VARIABLE = 6, CK_KEYWORD = 14 };

static const char *const keywords[] = {
	"config", "menuconfig", "choice", "endchoice", "menu", "endmenu", "if",
	"endif", "source", "rsource", "osource", "orsource", "comment", "mainmenu",
	"bool", "tristate", "int", "hex", "string", "def_bool", "def_tristate",
	"prompt", "default", "depends on", "select", "imply", "range", "help",
	"visible if", "modules", "transitional",
};

/* The part of the word before the cursor. */
static void prefix_at(struct lsp_doc *doc, unsigned lineno, unsigned character,
		      char *prefix, size_t size)
{
	size_t len, at, b;
	const char *line = lsp_doc_line(doc, lineno, &len);

	prefix[0] = '\0';
	if (!line)
		return;
	at = lsp_byte_column(line, len, character);
	b = at;
	while (b > 0 && (line[b - 1] == '_' || (line[b - 1] >= '0' && line[b - 1] <= '9') ||
			 ((line[b - 1] | 0x20) >= 'a' && (line[b - 1] | 0x20) <= 'z')))
		b--;
	if (at - b < size) {
		memcpy(prefix, line + b, at - b);
		prefix[at - b] = '\0';
	}
}

static json_t *symbol_item(struct lsp_server *srv, const struct symbol *sym, const char *label)
{
	json_t *item = json_object();
	const struct menu_node *node = sym->first_node;
	struct strbuf detail = { 0 };

	strbuf_addf(&detail, "%s = %s", symbol_type_name(sym->type),
		    config_str(srv->s->cfg, sym));
	if (node && node->prompt && node->prompt->text)
		strbuf_addf(&detail, "  \"%s\"", node->prompt->text);
	json_object_set_new(item, "label", json_text(label));
	json_object_set_new(item, "kind", json_integer(CK_VARIABLE));
	json_object_set_new(item, "detail", json_text(strbuf_str(&detail)));
	strbuf_release(&detail);
	return item;
}

json_t *lsp_completion(struct lsp_server *srv, json_t *params)
{
	const char *uri;
	unsigned lineno, character, n = 0;
	struct lsp_doc *doc;
	char prefix[256], label[512];
	const char *cfg_prefix = srv->s->io.prefix;
	size_t plen = strlen(cfg_prefix), wlen;
	struct kconfig *kc = srv->s->kc;
	json_t *result = json_object(), *items = json_array();
	bool incomplete = false, with_prefix;

	json_object_set_new(result, "items", items);
	if (!lsp_params_position(params, &uri, &lineno, &character) ||
	    !(doc = lsp_doc_find(srv, uri))) {
		json_object_set_new(result, "isIncomplete", json_false());
		return result;
	}
	prefix_at(doc, lineno, character, prefix, sizeof(prefix));
	/* Outside Kconfig files a symbol is CONFIG_FOO: match the part after it. */
	with_prefix = doc->kind != DOC_KCONFIG;
	const char *stem = prefix;

	if (with_prefix) {
		size_t common = strlen(prefix) < plen ? strlen(prefix) : plen;

		if (strncmp(prefix, cfg_prefix, common) != 0)
			stem = NULL;
		else
			stem = prefix + common;
	}
	wlen = stem ? strlen(stem) : 0;
	for (size_t i = 0; stem && i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];

		if (!sym->name || !(sym->flags & SYMBOL_DEFINED) ||
		    strncasecmp(sym->name, stem, wlen) != 0)
			continue;
		if (n++ >= COMPLETION_MAX) {
			incomplete = true;
			break;
		}
		snprintf(label, sizeof(label), "%s%s", with_prefix ? cfg_prefix : "", sym->name);
		json_array_append_new(items, symbol_item(srv, sym, label));
	}
	for (size_t i = 0; doc->kind == DOC_KCONFIG && i < ARRAY_SIZE(keywords); i++) {
		json_t *item;

		if (strncmp(keywords[i], prefix, strlen(prefix)) != 0)
			continue;
		item = json_object();
		json_object_set_new(item, "label", json_string(keywords[i]));
		json_object_set_new(item, "kind", json_integer(CK_KEYWORD));
		json_array_append_new(items, item);
	}
	json_object_set_new(result, "isIncomplete", json_boolean(incomplete));
	return result;
}
